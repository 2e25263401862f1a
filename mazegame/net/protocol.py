"""The messages between a game host and its players, version 1: typed, capped, checked.

Every message is one JSON object whose field `t` names its kind (a msgspec tagged union).
A player sends intents (`Key`: "I pressed north"), never positions: the host applies the
one step rule and sends everyone the state. `decode_client` is the host's only reader of a
player's bytes: anything that is not exactly one of CLIENT_MESSAGES, within its limits
(lengths, ranges, patterns, MAX_CLIENT_BYTES), raises `BadMessage` and the host drops that
connection. `decode_server` is a player's reader of the host's bytes, held to the same care
(a hostile host must not crash a player either).

Ground floor: imports only msgspec, so a player's process needs no numpy and no numba.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct

DEFAULT_PORT = 7777  #: the game port `mazegame host` listens on and `mazegame join` dials
DEFAULT_SSH_PORT = 2222  #: the SSH door `mazegame host` opens beside it (`ssh -p 2222 NAME@HOST`)
VERSION = 1  #: bumped when a message changes meaning; Hello carries it, Welcome answers it
MAX_CLIENT_BYTES = 1024  #: the largest message a player may send (a Key is ~40 bytes)
MAX_SERVER_BYTES = 256 * 1024  #: the largest a host sends (a start of a 80x50 maze: ~12 KB)

#: Room codes: 6 of these 31 characters (no 0/O, 1/I/L): 31**6, about 9 * 10**8 codes, so a
#: code is hard to guess at the rate a connection may try them.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_NAME = 16  #: characters of a player's name, after `names.clean`
MIN_SIDE, MAX_WIDTH, MAX_HEIGHT = 2, 80, 50  #: a room's maze, in cells
MIN_PLAYERS, MAX_PLAYERS = 2, 8

RoomMode = Literal["race", "chase", "blind-race"]
View = Literal["birds-eye", "blind", "eye"]
#: Each room mode and view in words, beside the Literals that name them (a client reads
#: them here: it may not import the game's registry, which loads the engine)
ROOM_MODE_WORDS = {"race": "race: first to the goal wins",
                   "chase": "chase: a demon hunts the runners",
                   "blind-race": "blind race: each sees only the walls they bumped"}
VIEW_WORDS = {"birds-eye": "bird's-eye (the whole maze)",
              "blind": "blind (only the walls you bump)",
              "eye": "player's eye (the corridor ahead)"}
Role = Literal["runner", "demon", "watcher"]
Phase = Literal["waiting", "playing", "over"]
#: Who the demon is in a chase: the computer (Suits' solution matrices), or a player.
DemonBy = Literal["computer", "player"]

Code = Annotated[str, Meta(pattern=f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")]
Name = Annotated[str, Meta(min_length=1, max_length=64)]  #: raw; the host cleans it
Word = Annotated[str, Meta(min_length=1, max_length=32, pattern=r"^[a-z0-9][a-z0-9-]*$")]
Token = Annotated[str, Meta(max_length=64, pattern=r"^[A-Za-z0-9_-]*$")]
Direction = Annotated[int, Meta(ge=0, le=3)]  #: 0..3 = N, E, S, W (engine.grid's order)
Seq = Annotated[int, Meta(ge=0, le=2**31 - 1)]
Width = Annotated[int, Meta(ge=MIN_SIDE, le=MAX_WIDTH)]
Height = Annotated[int, Meta(ge=MIN_SIDE, le=MAX_HEIGHT)]
Seats = Annotated[int, Meta(ge=MIN_PLAYERS, le=MAX_PLAYERS)]


class RoomSettings(Struct, frozen=True, forbid_unknown_fields=True):
    """What the room's creator picks. The host checks `generator` and `difficulty` against
    its registries (the protocol only bounds their shape)."""

    mode: RoomMode = "race"
    generator: Word = "backtracker"
    #: the default fits a whole maze on an 80x24 terminal (4 columns and 2 rows a cell,
    #: with the status, roster and footer lines): most SSH players never resize
    width: Width = 19
    height: Height = 10
    difficulty: Word = "normal"
    demon: DemonBy = "computer"
    seats: Seats = 4  #: players the room takes (watchers are not counted)
    seed: Annotated[int, Meta(ge=0, le=2**31 - 1)] | None = None  #: None: the host draws one
    daily: bool = False  #: the maze of the day (the seed comes from the UTC date)


# -- player -> host ----------------------------------------------------------------------
class _ToHost(Struct, tag_field="t", forbid_unknown_fields=True):
    """A message a player sends: its kind in field `t`; a field it does not have is an error."""


class Hello(_ToHost, tag="hello"):
    """The first message: who I am; `token` (from an earlier Welcome) takes my seat back
    after a dropped connection."""

    v: int
    name: Name
    token: Token = ""
    door: Literal["join", "ssh", "web", "bot"] = "join"


class ListRooms(_ToHost, tag="list"):
    """Ask for the open rooms (answered by RoomList)."""


class Create(_ToHost, tag="create"):
    """Open a room (with this code if it is free, else a fresh one) and sit in it."""

    settings: RoomSettings = RoomSettings()
    code: Code | None = None


class Join(_ToHost, tag="join"):
    """Sit in a room, or watch it."""

    code: Code
    watch: bool = False


class Leave(_ToHost, tag="leave"):
    """Back to the lobby."""


class Configure(_ToHost, tag="configure"):
    """The creator changes the room's settings (while it waits)."""

    settings: RoomSettings


class Start(_ToHost, tag="start"):
    """The creator starts a game (needs MIN_PLAYERS seated, or one and the computer)."""


class Key(_ToHost, tag="key"):
    """An intent: move one cell. `seq` comes back in State.seq once applied (latency)."""

    dir: Direction
    seq: Seq = 0


class SetView(_ToHost, tag="view"):
    """How I see the maze (a blind view is sent only the walls I bumped)."""

    view: View


class Ping(_ToHost, tag="ping"):
    """Keep-alive (answered by Pong)."""

    n: Seq = 0


ClientMessage = Hello | ListRooms | Create | Join | Leave | Configure | Start | Key | SetView | Ping
CLIENT_MESSAGES = (Hello, ListRooms, Create, Join, Leave, Configure, Start, Key, SetView, Ping)


# -- host -> player ----------------------------------------------------------------------
class _ToPlayer(Struct, tag_field="t"):
    """A message the host sends: its kind in field `t` (fields a newer host adds are
    ignored, so version 1 players keep reading)."""


class Welcome(_ToPlayer, tag="welcome"):
    """You are in the lobby as `name` (cleaned, made unique); keep `token` to rejoin."""

    v: int
    id: int
    name: str
    token: str
    #: The names a room's settings may take on this host (its registries), for a client's
    #: form to offer; empty: the client lets the player type one (the host checks it).
    generators: list[str] = []
    difficulties: list[str] = []


class RoomInfo(Struct):
    """One line of the room list."""

    code: str
    mode: RoomMode
    creator: str
    players: int
    seats: int
    phase: Phase
    watchers: int = 0


class RoomList(_ToPlayer, tag="rooms"):
    """The open rooms."""

    rooms: list[RoomInfo]


class Seat(Struct):
    """A player in a room."""

    id: int
    name: str
    role: Role
    view: View = "birds-eye"
    connected: bool = True
    colour: int = 0  #: 0..7, the same for this player on every screen


class Room(_ToPlayer, tag="room"):
    """The room you are in, whenever it changes: settings, who is in it, its phase."""

    code: str
    settings: RoomSettings
    creator: int
    seats: list[Seat]
    watchers: int
    phase: Phase
    you: int
    role: Role


class Begin(_ToPlayer, tag="begin"):
    """A game starts: the maze as you may see it. `walls` has a byte a cell, row-major
    (N=1, E=2, S=4, W=8, as engine.grid), all zeros but the outer walls for a blind view,
    which learns walls from State.learned."""

    game: int
    seed: int
    width: int
    height: int
    walls: list[int]
    start: int
    goals: list[int]
    par: int  #: moves on a shortest route from the start
    wrap_x: bool = False
    wrap_y: bool = False
    demon: int = -1  #: the demon's cell, -1 without one
    countdown: float = 3.0  #: seconds before keys count


class Position(Struct):
    """Where a player is."""

    id: int
    cell: int
    moves: int
    done: bool = False  #: reached the goal (or caught)
    place: int = 0  #: 1 for the winner once known


class State(_ToPlayer, tag="state"):
    """The game now: everyone's position, the demon, and what you learned since the last
    State (cell, wall bits) when your view is blind."""

    game: int
    tick: int
    elapsed: float
    players: list[Position]
    demon: int = -1
    seq: int = 0  #: the last of your Keys applied
    learned: list[tuple[int, int]] = []


class Result(Struct):
    """One player's line of the end panel."""

    id: int
    name: str
    moves: int
    seconds: float
    place: int  #: 0: did not finish
    won: bool = False


class Over(_ToPlayer, tag="over"):
    """A game ended."""

    game: int
    seed: int
    winner: str  #: a player's name, "the demon", or "" (nobody)
    results: list[Result]
    par: int = 0
    share: str = ""  #: the daily maze's line to share, "" for other games
    #: your game as a recording to keep with your result (`games.replay`'s JSON: your moves
    #: on the room's maze, which it keeps whole); "" for a watcher and a player's demon
    replay: str = ""


class Error(_ToPlayer, tag="error"):
    """What you asked for cannot be done (the connection stays open unless `fatal`)."""

    code: str  #: a stable word: "full", "no-room", "not-creator", "bad-settings", ...
    text: str  #: one line for a person
    fatal: bool = False


class Bye(_ToPlayer, tag="bye"):
    """The host closes this connection (shutting down, idle, dropped for bad messages)."""

    reason: str


class Pong(_ToPlayer, tag="pong"):
    """Answers Ping."""

    n: int = 0


ServerMessage = Welcome | RoomList | Room | Begin | State | Over | Error | Bye | Pong
SERVER_MESSAGES = (Welcome, RoomList, Room, Begin, State, Over, Error, Bye, Pong)


class BadMessage(ValueError):
    """Bytes that are not a valid message: too long, not JSON, or not of the schema."""


_client_decoder = msgspec.json.Decoder(ClientMessage)
_server_decoder = msgspec.json.Decoder(ServerMessage)
_encoder = msgspec.json.Encoder()


def encode(message: Struct) -> bytes:
    """A message as the bytes sent (JSON)."""
    return _encoder.encode(message)


def decode_client(data: bytes | str) -> ClientMessage:
    """A player's message, checked: raises BadMessage naming what is wrong."""
    return _decode(_client_decoder, data, MAX_CLIENT_BYTES)


def decode_server(data: bytes | str) -> ServerMessage:
    """A host's message, checked the same way (within MAX_SERVER_BYTES)."""
    return _decode(_server_decoder, data, MAX_SERVER_BYTES)


def _decode(decoder: msgspec.json.Decoder, data: bytes | str, limit: int):
    """Decode within a size limit; every failure is a BadMessage of one line."""
    if len(data) > limit:
        raise BadMessage(f"message of {len(data)} bytes: the limit is {limit}")
    try:
        return decoder.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError) as err:
        raise BadMessage(str(err).splitlines()[0][:200]) from None
