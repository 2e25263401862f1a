"""A host's messages made safe to draw: a hostile (or broken) host must not reach the player's
terminal with escape codes, nor crash the client with a maze that does not add up.

`protocol.decode_server` already holds every message to its schema; what it cannot hold is
the text inside (names, reasons, the share line: any string) and the sizes a Begin claims.
`tidy` cleans every string a screen shows (names as `net.names.clean` cleans them, other
text down to printable characters, capped), and `begin_problem` says what is wrong with a
Begin whose walls, start or goals do not fit its size.
"""

from __future__ import annotations

from msgspec.structs import replace

from mazegame.net.names import clean
from mazegame.net.protocol import (
    MAX_HEIGHT,
    MAX_WIDTH,
    Begin,
    Bye,
    Error,
    Over,
    Room,
    RoomList,
    Welcome,
)

MAX_TEXT = 200  #: characters of a host's free text shown (an error, a reason, a share line)


def printable(text: str, limit: int = MAX_TEXT) -> str:
    """Only printable characters (no escape codes, no control characters), capped."""
    return "".join(ch for ch in text if ch.isprintable())[:limit]


def tidy(message):
    """The message with every string a screen shows made safe."""
    if isinstance(message, Welcome):
        return replace(message, name=clean(message.name))
    if isinstance(message, RoomList):
        return replace(message, rooms=[replace(r, code=printable(r.code, 12),
                                               creator=clean(r.creator))
                                       for r in message.rooms])
    if isinstance(message, Room):
        return replace(message, code=printable(message.code, 12),
                       seats=[replace(s, name=clean(s.name)) for s in message.seats])
    if isinstance(message, Over):
        return replace(message, winner=message.winner and clean(message.winner),
                       share=printable(message.share),
                       results=[replace(r, name=clean(r.name)) for r in message.results])
    if isinstance(message, Error):
        return replace(message, text=printable(message.text))
    if isinstance(message, Bye):
        return replace(message, reason=printable(message.reason))
    return message


def begin_problem(begin: Begin) -> str | None:
    """Why a Begin cannot be drawn (None: it can)."""
    cells = begin.width * begin.height
    if not (1 <= begin.width <= MAX_WIDTH and 1 <= begin.height <= MAX_HEIGHT):
        return f"a maze of {begin.width}x{begin.height} cells"
    if len(begin.walls) != cells:
        return f"{len(begin.walls)} walls for {cells} cells"
    if not all(0 <= c < cells for c in (begin.start, *begin.goals)):
        return "a start or goal outside the maze"
    return None
