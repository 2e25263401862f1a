"""The C allocator and big arrays: keep the blocks a call frees for the next call.

glibc hands a freed block bigger than its mmap threshold (128 KiB at first, growing with
use up to 32 MiB) back to the system, and trims the heap's free top past twice that. The
next call's arrays are then fresh pages, each faulted in on its first touch: about 2 us a
page on this project's 2-core virtual machine, 2 ns a cell for each array of 4 bytes a cell
(a bidirectional BFS at 1000x1000, with seven arrays, read 20 ns a cell, about 11 of them
page faults). `keep_freed_blocks` fixes both limits, as the command line does
when it starts: blocks up to 32 MiB come from the heap and stay there for reuse; bigger
ones are still mapped, and unmapped when freed.
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
