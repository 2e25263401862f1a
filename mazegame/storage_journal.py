"""Finished games not yet in the results file, kept in an append-only journal beside it.

While the results file cannot take a result (another program holds it, it is read-only or
from a newer mazegame, the disk failed), the result goes here: one JSON line per result,
appended with one write and fsync'd, so a crash mid-append loses at most that line (a torn
line is skipped when read, and the next append starts on a new line) and never an earlier
one. `storage.Store` writes the lines into the results file at its next save or launch and
removes them only once that transaction has committed; the rows go in "unless the same
result is there already", so a crash between the commit and the removal saves nothing twice.
Appending and taking hold an advisory lock (flock, where the platform has it) on the
journal, so two games at once never lose each other's lines.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; one game at a time is the usual case
    fcntl = None

VERSION = 1  #: the "v" of the lines this code writes and reads
#: A line's fields; "daily" (the day of a maze of the day's game) came later: a line
#: without it is no daily's, and a reader that knows no "daily" takes the rest of the line.
FIELDS = ("mode", "maze", "won", "moves", "optimum", "seconds", "played_at", "replay",
          "daily")
SUFFIX = ".unsaved.jsonl"  #: the journal of mazegame.sqlite3 is mazegame.sqlite3.unsaved.jsonl


def journal_path(results: Path) -> Path:
    """Where the journal of a results file lives: beside it."""
    return results.with_name(results.name + SUFFIX)


def encode(row: tuple) -> bytes:
    """One result (storage's row tuple) as a journal line."""
    won = row[2]
    doc = {"v": VERSION, **dict(zip(FIELDS, row, strict=True)), "won": bool(won)}
    return json.dumps(doc, ensure_ascii=True, allow_nan=False).encode("ascii") + b"\n"


def decode(line: bytes) -> tuple | None:
    """The row a journal line holds; None for a line that is torn, damaged or not ours."""
    try:
        doc = json.loads(line)
    except ValueError:
        return None
    if not isinstance(doc, dict) or doc.get("v") != VERSION:
        return None
    mode, maze, won, moves, optimum, seconds, played_at, replay, daily = (
        doc.get(f) for f in FIELDS)
    whole = (moves, optimum)
    real = (seconds, played_at)
    if not (isinstance(mode, str) and isinstance(maze, str) and isinstance(won, bool)
            and all(isinstance(n, int) and not isinstance(n, bool) for n in whole)
            and all(isinstance(x, int | float) and not isinstance(x, bool)
                    and math.isfinite(x) for x in real)
            and all(text is None or isinstance(text, str) for text in (replay, daily))):
        return None
    return (mode, maze, int(won), moves, optimum, float(seconds), float(played_at), replay,
            daily)


def foreign(line: bytes) -> bool:
    """A whole line written by another version of mazegame (kept, never taken)."""
    try:
        doc = json.loads(line)
    except ValueError:
        return False
    return isinstance(doc, dict) and doc.get("v") != VERSION


class Journal:
    """The append-only journal of one results file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def exists(self) -> bool:
        """Whether there is a journal (possibly holding results)."""
        return self.path.exists()

    def append(self, rows: list[tuple]) -> None:
        """Add results at the end, durably (fsync); OSError if they could not be kept."""
        if not rows:
            return
        data = b"".join(encode(row) for row in rows)
        with self._locked(create=True) as fd:
            size = os.fstat(fd).st_size
            if size:
                os.lseek(fd, size - 1, os.SEEK_SET)  # (writes still go to the end: O_APPEND)
                if os.read(fd, 1) != b"\n":
                    data = b"\n" + data  # after a torn line: start a line of our own
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)

    def read(self) -> list[tuple]:
        """The results in the journal, oldest first (torn or damaged lines skipped); [] if
        there is none or it cannot be read."""
        try:
            data = self.path.read_bytes()
        except OSError:
            return []
        return [row for row in map(decode, data.splitlines()) if row is not None]

    @contextlib.contextmanager
    def taking(self) -> Iterator[list[tuple]]:
        """The results in the journal, held against other games' appends; when the block
        ends without an exception (their rows are committed), they are removed. OSError if
        the journal exists and cannot be read."""
        if not self.exists():
            yield []
            return
        with self._locked(create=False) as fd:
            if fd < 0:  # gone meanwhile: another game took it
                yield []
                return
            data = b""
            while chunk := os.read(fd, 1 << 20):
                data += chunk
            lines = data.splitlines()
            yield [row for row in map(decode, lines) if row is not None]
            kept = [line + b"\n" for line in lines if foreign(line)]
            self._replace(kept)

    def _replace(self, lines: list[bytes]) -> None:
        """Remove the journal, or replace it by the lines of other versions (a new file:
        an appender holding the old one notices and opens the new)."""
        if not lines:
            self.path.unlink(missing_ok=True)
            return
        spare = self.path.with_name(self.path.name + ".new")
        with open(spare, "wb") as file:
            file.write(b"".join(lines))
            file.flush()
            os.fsync(file.fileno())
        os.replace(spare, self.path)

    @contextlib.contextmanager
    def _locked(self, *, create: bool) -> Iterator[int]:
        """The journal open (for appending when `create`) and locked; -1 if it is gone and
        not `create`. A file removed or replaced while we waited for the lock is let go and
        the current one opened instead."""
        flags = os.O_RDWR | os.O_APPEND | (os.O_CREAT if create else 0)
        while True:
            try:
                fd = os.open(self.path, flags, 0o644)
            except FileNotFoundError:
                if create:
                    raise
                yield -1
                return
            try:
                if fcntl is not None:
                    fcntl.flock(fd, fcntl.LOCK_EX)
                if _same_file(fd, self.path):
                    if create:
                        _sync_folder(self.path.parent)  # the file's name survives a crash
                    yield fd
                    return
            finally:
                os.close(fd)  # closing lets the lock go


def _same_file(fd: int, path: Path) -> bool:
    """Whether `fd` is still the file at `path` (not removed or replaced meanwhile)."""
    try:
        here, there = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def _sync_folder(folder: Path) -> None:
    """fsync a folder, so a file just made in it is there after a crash (where possible)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
