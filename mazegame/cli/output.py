"""Standard output for every `mazegame` command: one path, the same rules for all.

Commands write through `common.write_output`, and main() runs each one inside `guarded()`,
which puts a `GuardedStream` in front of sys.stdout, so a stray print() (or argparse's
--help) follows the same rules:

- Standard output closed (fd 1 not open, so Python set sys.stdout to None) or failing (a
  full disk, /dev/full, an I/O error): an OutputError, which main() reports in one line,
  "cannot write standard output: no space left on device" or "standard output is
  closed", with exit status 1: the command was right, the place its answer went could not
  take it (as `config` exits 1 when the settings cannot be saved; 2 stays for bad input).
- A closed pipe (`mazegame generate | head`) passes as BrokenPipeError: a quiet exit.
- main() calls `flush()` before it reports success, since a buffered write to a full disk
  fails only when flushed; after a failure `silence()` points fd 1 at /dev/null, so the
  interpreter's own flush at exit has nothing left to complain about.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable, Iterator
from typing import TextIO

STDOUT = "standard output"


class OutputError(Exception):
    """Output that could not be written (exit status 1); the message says what and why."""


def failure(name: str, err: OSError) -> OutputError:
    """'cannot write NAME: no space left on device' for an OSError writing NAME."""
    return OutputError(f"cannot write {name}: {(err.strerror or str(err)).lower()}")


def write_pieces(stream: TextIO | None, pieces: Iterable[str], name: str = STDOUT) -> None:
    """Write the pieces in turn (never joined: a huge text is not copied) and end with a
    newline; OutputError when the stream is closed or a write fails, BrokenPipeError as is."""
    if stream is None:
        raise OutputError(f"{name} is closed")
    last = ""
    try:
        for piece in pieces:
            stream.write(piece)
            last = piece or last
        if not last.endswith("\n"):
            stream.write("\n")
    except BrokenPipeError:
        raise
    except OSError as err:
        raise failure(name, err) from None


class GuardedStream:
    """sys.stdout while a command runs: the real stream (None when closed), its failures
    raised as OutputError and a closed pipe as BrokenPipeError."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        """Write as the real stream does."""
        if self.stream is None:
            raise OutputError(f"{STDOUT} is closed")
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as err:
            raise failure(STDOUT, err) from None

    def flush(self) -> None:
        """Flush the real stream (nothing to do when it is closed: nothing was written)."""
        if self.stream is None:
            return
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as err:
            raise failure(STDOUT, err) from None

    def isatty(self) -> bool:
        """Whether the real stream is a terminal."""
        return self.stream is not None and self.stream.isatty()

    def __getattr__(self, name: str):
        """Everything else (encoding, fileno, buffer) from the real stream."""
        return getattr(self.stream, name)


@contextlib.contextmanager
def guarded() -> Iterator[None]:
    """Run a command with sys.stdout guarded; the real stream is back afterwards."""
    real = sys.stdout
    sys.stdout = GuardedStream(real)
    try:
        yield
    finally:
        sys.stdout = real


def flush() -> None:
    """Flush standard output, so a failing write is known before success is reported."""
    if sys.stdout is not None:
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            raise
        except OSError as err:
            raise failure(STDOUT, err) from None


def silence() -> None:
    """Point fd 1 at /dev/null after a failed write: the interpreter flushes what is left
    in sys.stdout's buffer at exit, and a failure there would print "Exception ignored"."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # no real fd (tests)
        fd = sys.stdout.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
