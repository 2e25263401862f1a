"""The one reader of the player's files: regular files only, each kind of document capped.

Every file the game reads (levels, maze documents and pictures, jump packs, rat models,
interpreted content, standard input for '-') comes through `read_bytes` or `read_text`, so a
device, a named pipe (FIFO), a socket or a folder is refused by its `os.stat` before it is
opened (a FIFO would block, /dev/zero never ends), and a file larger than its kind can hold
is refused before it is read. The file is opened non-blocking and checked again on the open
descriptor, so swapping it for a FIFO in between cannot hang us. Every refusal is a
`ReadError` whose text is one line: "cannot read NAME: why".
"""

from __future__ import annotations

import os
import stat
import sys
from dataclasses import dataclass

MiB = 1 << 20


@dataclass(frozen=True)
class Kind:
    """A kind of document and the most bytes one may hold."""

    name: str  #: in messages: "a level file holds at most 1 MB"
    cap: int  #: bytes


#: A level (TOML): a 100x100 picture is about 240 kB of UTF-8, hints and keys besides.
LEVEL = Kind("level file", 1 * MiB)
#: Shipped interpreted-maze content and word lists (TOML or text).
CONTENT = Kind("content file", 4 * MiB)
#: A maze document or picture: a 4096x4096 box-drawn picture is about 300 MB of UTF-8; a
#: JSON document of that size about 40 MB (more with spaces between the numbers).
MAZE = Kind("maze file", 512 * MiB)
#: A jumping-maze pack (JSON lines): a 32x32 puzzle is under 4 kB, so about 16,000 of them.
JUMP_PACK = Kind("puzzle file", 64 * MiB)
#: A list of moves for `allmazes` (the longest known sequences are thousands of moves).
MOVES = Kind("move list", 16 * MiB)
#: A rat model (.npz): 1024 decision nodes at most, about 0.6 MB of float64 weights.
RAT_MODEL = Kind("rat model", 4 * MiB)

STDIN = "-"  #: the name that reads standard input
_NAME_SHOWN = 240  #: characters of a file name a message shows (the rest elided)


class ReadError(ValueError):
    """A file that cannot be read as asked; str(err) is "cannot read NAME: why"."""

    def __init__(self, path, why: str) -> None:
        self.name, self.why = shown_name(path), why
        super().__init__(f"cannot read {self.name}: {why}")


def shown_name(path) -> str:
    """A file name as messages show it: "standard input" for '-', control characters escaped,
    a very long name cut short (a 5,000-character name makes no useful message)."""
    text = os.fsdecode(path) if not isinstance(path, str) else path
    if text == STDIN:
        return "standard input"
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                       for ch in text)
    if len(text) > _NAME_SHOWN:
        half = _NAME_SHOWN // 2
        text = f"{text[:half]}...{text[-half:]}"
    return text


def _mb(n: int) -> str:
    return f"{n / MiB:g} MB" if n >= MiB else f"{n // 1024} kB"


_NOT_A_FILE = {
    stat.S_IFDIR: "it is a folder, not a file",
    stat.S_IFCHR: "it is a device, not a file",
    stat.S_IFBLK: "it is a device, not a file",
    stat.S_IFIFO: "it is a named pipe (FIFO), not a file",
    stat.S_IFSOCK: "it is a socket, not a file",
}


def _why_not(mode: int, size: int, kind: Kind) -> str | None:
    """Why a file of this mode and size cannot be read as `kind` (None: it can)."""
    if not stat.S_ISREG(mode):
        return _NOT_A_FILE.get(stat.S_IFMT(mode), "it is not a regular file")
    if size > kind.cap:
        return f"it is {size:,} bytes; a {kind.name} holds at most {_mb(kind.cap)}"
    return None


def _os_why(err: OSError) -> str:
    """An OSError's reason as the system words it (the name is said once, by ReadError)."""
    return err.strerror or str(err)


def check_file(path, kind: Kind) -> int:
    """The size of `path` if it is a regular file (symlinks followed) that `kind` can hold;
    else ReadError. Nothing is opened."""
    try:
        info = os.stat(path)
    except (OSError, ValueError) as err:  # ValueError: a NUL in the name
        raise ReadError(path, _os_why(err) if isinstance(err, OSError)
                        else "the name holds a NUL character") from None
    why = _why_not(info.st_mode, info.st_size, kind)
    if why:
        raise ReadError(path, why)
    return info.st_size


def read_bytes(path, kind: Kind) -> bytes:
    """The bytes of a regular file, or of standard input for '-', at most `kind.cap`."""
    if path == STDIN:
        return _read_stdin(kind)
    check_file(path, kind)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
                     | getattr(os, "O_NOCTTY", 0))
    except OSError as err:
        raise ReadError(path, _os_why(err)) from None
    with os.fdopen(fd, "rb", buffering=0) as file:
        try:
            info = os.fstat(fd)  # the file opened: it may have been swapped since the stat
            why = _why_not(info.st_mode, info.st_size, kind)
            if why:
                raise ReadError(path, why)
            return _read_capped(file, info.st_size, kind, path)
        except OSError as err:
            raise ReadError(path, _os_why(err)) from None


def _read_capped(file, size: int, kind: Kind, path) -> bytes:
    """Read to the end, refusing more than kind.cap bytes (a file may grow as it is read)."""
    pieces = []
    total = 0
    want = min(size, kind.cap) + 1  # one read holds the whole file, as stat sized it
    while True:
        piece = file.read(want)
        if not piece:
            break
        pieces.append(piece)
        total += len(piece)
        if total > kind.cap:
            raise ReadError(path, f"a {kind.name} holds at most {_mb(kind.cap)}")
        want = min(kind.cap + 1 - total, MiB)
    return b"".join(pieces)  # one piece: that piece itself, not a copy


def _read_stdin(kind: Kind) -> bytes:
    """Standard input, at most kind.cap bytes."""
    stream = sys.stdin
    if stream is None:  # started with standard input closed
        raise ReadError(STDIN, "it is closed")
    binary = getattr(stream, "buffer", None)
    try:
        if binary is None:  # a text stream without bytes (tests): read it as text
            data = stream.read(kind.cap + 1).encode("utf-8")
        else:
            data = _read_capped(binary, kind.cap, kind, STDIN)
    except ReadError:
        raise
    except OSError as err:
        raise ReadError(STDIN, _os_why(err)) from None
    except ValueError:  # a closed stream
        raise ReadError(STDIN, "it is closed") from None
    if len(data) > kind.cap:
        raise ReadError(STDIN, f"a {kind.name} holds at most {_mb(kind.cap)}")
    return data


def read_text(path, kind: Kind) -> str:
    """The text of a UTF-8 file (or of standard input for '-'), a byte order mark dropped."""
    data = read_bytes(path, kind)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise ReadError(path, f"not UTF-8 text (byte {err.start + 1})") from None


def is_folder(path) -> bool:
    """Whether `path` is a folder (symlinks followed); False for a name that cannot be
    looked up at all (too long, a NUL in it), which the reader then names."""
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def exists(path) -> bool:
    """Whether anything is at `path` (a broken symlink too); ReadError for a name that cannot
    be looked up at all (too long, a NUL in it, a loop of links)."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as err:
        raise ReadError(path, _os_why(err)) from None
    except ValueError:
        raise ReadError(path, "the name holds a NUL character") from None
    return True
