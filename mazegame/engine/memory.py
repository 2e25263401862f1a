"""The C allocator and big arrays: keep the blocks a call frees for the next call.

glibc gives a freed block above its mmap threshold back to the system and trims the heap's
free top, so the next call's arrays are fresh pages, each faulted in on first touch.
`keep_freed_blocks` (the command line calls it at start) keeps blocks up to 32 MiB in the
heap for reuse. Kept for the rows `bfs` and `solve bfs` at 1000x1000: repeated searches ran
1.5-2x faster with it (docs/kernel-notes.md, issue 38).
"""

from __future__ import annotations

import ctypes
import os

_M_TRIM_THRESHOLD = -1  #: glibc's mallopt parameters (malloc.h)
_M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 32 << 20  #: glibc's largest: bigger blocks are mapped
TRIM_THRESHOLD = 256 << 20  #: free heap kept at its top before it goes back


def keep_freed_blocks() -> bool:
    """Set glibc's mmap and trim thresholds (process-wide); False where the C library has
    no mallopt (macOS, musl) or refused them."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)
                and mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD))


def available_memory() -> int | None:
    """Bytes of memory available for new processes (Linux's MemAvailable, else the free
    physical pages), or None when this system does not say."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None
