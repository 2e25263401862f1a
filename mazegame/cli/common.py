"""Command-line input and output: reading files or standard input as text, writing text in
pieces, and the one-line error every bad input becomes (exit status 2)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path


class UsageError(Exception):
    """A problem with the user's input: printed as one line, exit status 2."""


def one_line(message: str) -> str:
    """The message with line breaks and other unprintable characters escaped (users' file
    names and arguments are echoed in messages)."""
    if message.isprintable():
        return message
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in message)


MAX_INPUT_BYTES = 1 << 30  # far above the largest maze picture (4096x4096: about 250 MB)


def read_input(path: str) -> str:
    """Text of a UTF-8 file, or of standard input for '-' (a byte order mark is dropped)."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            if sys.stdin is None:  # started with standard input closed
                raise UsageError("cannot read standard input: it is closed")
            stream = getattr(sys.stdin, "buffer", None)
            data = sys.stdin.read() if stream is None else stream.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as file:
                data = file.read(MAX_INPUT_BYTES + 1)
    except OSError as err:
        raise UsageError(f"cannot read {name}: {err.strerror}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise UsageError(f"cannot read {name}: larger than {MAX_INPUT_BYTES >> 20} MB")
    if isinstance(data, str):
        return data.lstrip("\ufeff")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UsageError(f"cannot read {name}: not UTF-8 text") from None


def write_output(path: str | None, text: str | Iterable[str]) -> None:
    """Write a text, or its pieces in turn, to a file or to standard output (None or '-');
    it ends with a newline."""
    pieces = [text] if isinstance(text, str) else text
    try:
        file = sys.stdout if path in (None, "-") else open(path, "w", encoding="utf-8")  # noqa: SIM115
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror}") from None
    try:
        last = ""
        for piece in pieces:  # written apart: never a copy of a huge text
            file.write(piece)
            last = piece or last
        if not last.endswith("\n"):
            file.write("\n")
    except OSError as err:
        if isinstance(err, BrokenPipeError):
            raise
        raise UsageError(f"cannot write {path}: {err.strerror}") from None
    finally:
        if file is not sys.stdout:
            file.close()


def check_output(path: str | None) -> None:
    """Refuse an output file that cannot be written before the work that fills it starts."""
    if path in (None, "-"):
        return
    target = Path(path)
    parent = target.parent
    problem = (
        "it is a directory" if path == "" or target.is_dir()
        else "no such directory" if not parent.is_dir()
        else "permission denied" if not os.access(target if target.exists() else parent, os.W_OK)
        else None
    )
    if problem:
        raise UsageError(f"cannot write {path!r}: {problem}")
