"""The real program in a pseudo-terminal, its output read by a terminal emulator (pyte).

A `Launch` starts `python -m mazegame ...` on the slave side of a new pty of a given size
(TIOCSWINSZ, TERM=xterm-256color), in its own session so that its whole process group can be
killed; it reads the master side with select() and feeds the bytes to a `pyte.Screen`.

Frames: Textual asks the terminal whether it supports synchronized output (DEC mode 2026)
and, told yes as modern terminals do, wraps each frame in begin/end marks. The launch answers
yes, so a screen is only judged between frames, never half drawn. A program that never marks
its frames is judged whenever its output pauses.

Keys: `send` types into the program's terminal and `wait_until` waits for the first frame
after that moment that shows the answer, so one launch can time a series of key presses.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import mazegame
from mazegame.bench.screens import tail_text

#: Where the package running this harness lives: the child runs the same code.
PACKAGE_ROOT = str(Path(mazegame.__file__).resolve().parent.parent)
SYNC_QUERY = b"\x1b[?2026$p"  #: "do you support synchronized output?"
SYNC_REPLY = b"\x1b[?2026;2$y"  #: "yes (currently off)"
SYNC_END = b"\x1b[?2026l"  #: the end of a frame
SYNC_BEGIN = b"\x1b[?2026h"
POLL = 0.05  #: seconds one select() waits: the harness sleeps, it never spins
PROGRAM = (sys.executable, "-m", "mazegame")  #: what a launch runs, before its arguments
TERMINAL = (120, 40)  #: columns, rows of the launches (the issue measured in tmux 120x40)
#: What a terminal sends for the arrow keys (the cursor keys' normal mode).
ARROWS = {"up": b"\x1b[A", "down": b"\x1b[B", "right": b"\x1b[C", "left": b"\x1b[D"}


class Exited(Exception):
    """The program ended before the screen awaited: its status and what it left on screen."""


def pty_problem() -> str | None:
    """Why this platform cannot run the program in a pseudo-terminal (None: it can)."""
    if sys.platform == "win32" or not hasattr(os, "openpty"):
        return "needs a pseudo-terminal (Linux or macOS); this platform has none"
    try:
        import fcntl  # noqa: F401
        import termios  # noqa: F401
    except ImportError:
        return "needs termios and fcntl (Linux or macOS)"
    return None


def child_env(numba_cache: str, data_dir: str, extra: dict[str, str] | None = None) -> dict:
    """The environment of a launched program: this package's code first on the path, the
    given numba cache and saved-results folders, an xterm, and no size from the environment
    (the pty's size is the one that counts)."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    path = env.get("PYTHONPATH")
    env.update({
        "PYTHONPATH": PACKAGE_ROOT + (os.pathsep + path if path else ""),
        "NUMBA_CACHE_DIR": numba_cache,
        "MAZEGAME_DATA_DIR": data_dir,
        "TERM": "xterm-256color",
        **(extra or {}),
    })
    return env


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system, every thread) of a session: the process `pid` that leads it,
    the children it has waited for, and the members still alive. None where unknown."""
    proc = Path("/proc")
    if not proc.is_dir():
        return _ps_cpu_seconds(pid)
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        # after the name: state(0) ppid(1) pgrp(2) session(3) ... utime(11) stime(12)
        # cutime(13) cstime(14)
        if int(fields[3]) != pid:
            continue
        total += int(fields[11]) + int(fields[12])
        if int(entry.name) == pid:
            total += int(fields[13]) + int(fields[14])
    return total / tick if total or _alive(pid) else None


def _alive(pid: int) -> bool:
    """Whether a process exists."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _ps_cpu_seconds(pid: int) -> float | None:
    """CPU time of a process group from `ps` (macOS: no /proc); None if ps cannot tell."""
    try:
        out = subprocess.run(["ps", "-A", "-o", "pgid=,time="], capture_output=True,
                             text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    total, seen = 0.0, False
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == str(pid):
            total += _clock_seconds(parts[1])
            seen = True
    return total if seen else None


def _clock_seconds(text: str) -> float:
    """`ps`'s "[dd-][hh:]mm:ss[.ss]" as seconds."""
    days, _, clock = text.rpartition("-")
    seconds = 0.0
    for part in clock.split(":"):
        seconds = seconds * 60 + float(part)
    return seconds + (int(days) * 86400 if days else 0)


def kill_group(proc: subprocess.Popen) -> None:
    """Kill a process started in its own session, and everything it started; reap it."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=10)


class Launch:
    """`program` (mazegame) with `args`, in a pty of `cols` x `rows`, read through a
    terminal emulator.

    Use it as a context manager: leaving it, by any path, kills the program's process group.
    """

    def __init__(self, args: Sequence[str], env: dict, cols: int, rows: int,
                 program: Sequence[str] = PROGRAM) -> None:
        import fcntl
        import struct
        import termios

        import pyte

        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.master, slave = os.openpty()
        self.proc: subprocess.Popen | None = None
        try:
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            self.start = time.monotonic()
            self.proc = subprocess.Popen(
                [*program, *args], stdin=slave, stdout=slave,
                stderr=slave, env=env, start_new_session=True, close_fds=True)
        except BaseException:
            os.close(self.master)
            raise
        finally:
            os.close(slave)
        self.bytes_read = 0
        self.frames = 0  #: frames ended so far (synchronized output only)
        self.synced = False  #: the program marks its frames
        self.in_frame = False  #: between a frame's begin and end marks
        self._tail = b""  # the end of the last read, for a query split between two reads
        self._held = b""  # the start of a frame mark whose end is still to come
        #: output read but not fed to the emulator yet (what followed the frame a wait
        #: stopped at), each piece with the time it was read
        self._unjudged: list[tuple[bytes, float]] = []

    def __enter__(self) -> Launch:
        """The launch itself."""
        return self

    def __exit__(self, *exc) -> None:
        """Whatever ended the block (an error, Ctrl-C), kill the program."""
        self.close()

    def close(self) -> None:
        """Kill the program and everything it started; close the terminal."""
        if self.proc is not None:
            kill_group(self.proc)
            self.proc = None
        if self.master >= 0:
            os.close(self.master)
            self.master = -1

    @property
    def lines(self) -> list[str]:
        """The emulated screen's rows of text."""
        return self.screen.display

    def _read(self, timeout: float) -> bytes | None:
        """The bytes the program wrote within `timeout` seconds (b"" if none); None once the
        terminal is closed (the program ended)."""
        ready, _, _ = select.select([self.master], [], [], max(timeout, 0))
        if not ready:
            return b""
        try:
            data = os.read(self.master, 1 << 16)
        except OSError:  # EIO: every holder of the slave side has gone
            return None
        if not data:
            return None
        self.bytes_read += len(data)
        seen = self._tail + data
        for _ in range(seen.count(SYNC_QUERY)):
            os.write(self.master, SYNC_REPLY)
        self._tail = seen[1 - len(SYNC_QUERY):]  # too short to hold a query answered already
        data, self._held = _hold_mark_start(self._held + data)
        return data

    def _exited(self) -> Exited:
        """The error saying the program ended, with its status and its last words on screen."""
        status = self.proc.wait(timeout=10) if self.proc else None
        return Exited(f"the program ended (status {status}) before the screen awaited: "
                      f"{tail_text(self.lines) or 'nothing on screen'}")

    def _feed(self, data: bytes) -> bool:
        """Feed output to the emulator; whether a frame ended in it (or may have: output of
        a program that does not mark frames)."""
        ended = data.count(SYNC_END)
        if ended:
            self.synced = True
            self.frames += ended
        self.stream.feed(data)
        last_begin, last_end = data.rfind(SYNC_BEGIN), data.rfind(SYNC_END)
        if last_begin > last_end:
            self.in_frame = True
        elif last_end >= 0:
            self.in_frame = False
        return bool(ended) or not self.synced

    def wait_for(self, ready: Callable[[list[str]], bool], timeout: float) -> float | None:
        """Seconds from the launch until a finished frame satisfies `ready` (None: not
        within `timeout` seconds of the launch). Raises Exited if the program ends first."""
        at = self.wait_until(ready, self.start + timeout)
        return None if at is None else at - self.start

    def wait_until(self, ready: Callable[[list[str]], bool], deadline: float) -> float | None:
        """The time (time.monotonic()) at which the first frame satisfying `ready` was read,
        finished; None if none came before `deadline`. What followed that frame in the same
        read waits for the next call. Raises Exited if the program ends first."""
        while True:
            while self._unjudged:  # judge the screen at the end of every frame
                piece, at = self._unjudged.pop(0)
                ended = self._feed(piece)
                if (ended and not self.in_frame
                        and (self.synced or not (self._unjudged or self._read_more_now()))
                        and ready(self.lines)):
                    return at
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            data = self._read(min(remaining, POLL))
            if data is None:
                raise self._exited()
            now = time.monotonic()
            self._unjudged = [(piece, now) for piece in _frames(data)]

    def send(self, keys: bytes) -> float:
        """Type `keys` (b"n", ARROWS["up"]) into the program's terminal; the time they went."""
        os.write(self.master, keys)
        return time.monotonic()

    def _read_more_now(self) -> bool:
        """Whether more output is waiting right now (for programs that do not mark frames)."""
        ready, _, _ = select.select([self.master], [], [], 0)
        return bool(ready)

    def drain(self, seconds: float, feed: bool = False) -> int:
        """Read (and drop, unless `feed`) the output for `seconds`; the bytes read. Raises
        Exited if the program ends."""
        end = time.monotonic() + seconds
        count = 0
        for piece, _ in self._unjudged:  # read before, not yet fed: taken first
            if feed:
                self._feed(piece)
            else:
                self._count(piece)
        self._unjudged = []
        while (left := end - time.monotonic()) > 0:
            data = self._read(min(left, POLL))
            if data is None:
                raise self._exited()
            count += len(data)
            if feed and data:
                self._feed(data)
            elif data:
                self._count(data)
        return count

    def _count(self, data: bytes) -> None:
        """Count the frames ended in output that is dropped, not fed to the emulator."""
        self.frames += data.count(SYNC_END)

    def idle(self, seconds: float) -> dict:
        """Watch the program for `seconds`: bytes it wrote to the terminal per second, frames
        per second, and the CPU its session used in % of one core."""
        frames0 = self.frames
        cpu0, t0 = cpu_seconds(self.proc.pid), time.monotonic()
        written = self.drain(seconds)
        cpu1, t1 = cpu_seconds(self.proc.pid), time.monotonic()
        wall = t1 - t0
        cpu = None if cpu0 is None or cpu1 is None else 100 * (cpu1 - cpu0) / wall
        return {"bytes_per_second": written / wall, "cpu_percent": cpu,
                "frames_per_second": (self.frames - frames0) / wall}


def _hold_mark_start(data: bytes) -> tuple[bytes, bytes]:
    """(output to use now, the start of a frame mark it ends with, kept for the next read):
    a mark cut in two by a read is counted once whole."""
    start = data.rfind(b"\x1b", -len(SYNC_END) + 1)
    if start >= 0 and (SYNC_END.startswith(data[start:]) or SYNC_BEGIN.startswith(data[start:])):
        return data[:start], data[start:]
    return data, b""


def _frames(data: bytes) -> list[bytes]:
    """Output cut just after each frame's end mark, so each frame is judged whole."""
    pieces = data.split(SYNC_END)
    out = [piece + SYNC_END for piece in pieces[:-1]]
    return out + [pieces[-1]] if pieces[-1] else out
