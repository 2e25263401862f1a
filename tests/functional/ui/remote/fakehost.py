"""A scripted game host for the thin client's tests: a real WebSocket on 127.0.0.1 (port 0)
speaking mazegame.net.protocol, with answers the test gives, so the screens are driven by
Pilot without the real host. It welcomes every Hello, keeps what the client sent
(`received`), answers ListRooms with `rooms`, and lets the test push any message or close
the socket (`drop`). Below it, the helpers the tests drive and read the client with."""

from __future__ import annotations

import asyncio
import contextlib

from textual.widgets import DataTable, Static
from websockets.asyncio.server import serve

from mazegame.net import protocol as p
from mazegame.ui.remote.app import RemoteApp
from mazegame.ui.remote.board import Board
from mazegame.ui.remote.game import GameScreen
from mazegame.ui.remote.lobby import LobbyScreen

#: A 3x2 maze: the outer walls, a wall between cells 0 and 1, one between 1 and 4.
#:   cell 0: N W and E      -> 1 + 8 + 2 = 11 ; cell 1: N, W, S -> 1 + 8 + 4 = 13
#:   cell 2: N E            -> 3              ; cell 3: S W      -> 12
#:   cell 4: N S            -> 5              ; cell 5: E S      -> 6
WALLS = [11, 13, 3, 12, 5, 6]


def room(code="K7PQ2M", *, you=1, creator=1, phase="waiting", role="runner", view="birds-eye",
         others=(("bob", 2),), **settings) -> p.Room:
    """A room with us (ann) and others, as the host would describe it."""
    seats = [p.Seat(id=you, name="ann", role=role, view=view, colour=0)]
    seats += [p.Seat(id=i, name=name, role="runner", colour=n + 1)
              for n, (name, i) in enumerate(others)]
    return p.Room(code=code, settings=p.RoomSettings(**settings), creator=creator, seats=seats,
                  watchers=0, phase=phase, you=you, role=role)


def begin(walls=WALLS, *, width=3, height=2, game=1) -> p.Begin:
    """A game of the little maze: start top left, goal bottom right, no countdown."""
    return p.Begin(game=game, seed=42, width=width, height=height, walls=list(walls), start=0,
                   goals=[width * height - 1], par=5, countdown=0.0)


class FakeHost:
    """The host: `async with FakeHost() as host:` then `host.address`."""

    def __init__(self, rooms=(), welcome_id: int = 1) -> None:
        self.rooms = list(rooms)
        self.welcome_id = welcome_id
        self.token = "tok"  #: the rejoin token every Welcome gives (a new host: another)
        self.received: list = []  #: every message the client sent after its Hello
        self.hellos: list[p.Hello] = []
        self.socket = None  #: the client's socket now
        self.connected = asyncio.Event()
        self.accepting = True  #: False: a Hello is answered by closing (the host "is gone")

    async def __aenter__(self) -> FakeHost:
        self._server = await serve(self._serve, "127.0.0.1", 0).__aenter__()
        self.address = ("127.0.0.1", self._server.sockets[0].getsockname()[1])
        return self

    async def __aexit__(self, *exc) -> None:
        await self._server.__aexit__(*exc)

    async def _serve(self, ws) -> None:
        hello = p.decode_client(await ws.recv())
        if not self.accepting:
            await ws.close()
            return
        self.hellos.append(hello)
        await ws.send(p.encode(p.Welcome(v=p.VERSION, id=self.welcome_id, name=hello.name,
                                         token=self.token, generators=["backtracker", "prim"],
                                         difficulties=["easy", "normal"])))
        self.socket = ws
        self.connected.set()
        with contextlib.suppress(Exception):
            async for data in ws:
                message = p.decode_client(data)
                self.received.append(message)
                if isinstance(message, p.ListRooms):
                    await ws.send(p.encode(p.RoomList(rooms=self.rooms)))

    async def push(self, *messages) -> None:
        """Send the client these messages."""
        for message in messages:
            await self.socket.send(p.encode(message))

    async def drop(self) -> None:
        """Close the client's socket (as a host that went away)."""
        self.connected.clear()
        await self.socket.close()

    def sent(self, kind) -> list:
        """What the client sent of this kind."""
        return [m for m in self.received if isinstance(m, kind)]


# -- driving and reading the client --------------------------------------------------
SIZE = (100, 32)


async def until(pilot, check, what: str, limit: float = 30.0) -> None:
    """Let the app run until `check()` holds (fails naming `what` after `limit` seconds: a
    guard against a hang, not a timing)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not check():
        assert loop.time() < end, f"never happened: {what}"
        await pilot.pause(0.02)


def text_of(app, selector: str) -> str:
    """The plain text a Static of the screen in front shows ("" if it has none)."""
    found = app.screen.query(selector)
    return str(found.first(Static).render()) if found else ""


def board_lines(app) -> list[str]:
    """The board's rows as text, trailing blanks trimmed."""
    board = app.screen.query_one(Board)
    return [board.render_line(y).text.rstrip() for y in range(board.size.height)]


async def in_game(pilot) -> None:
    """Wait until the game's screen is in front with all its widgets, and its maze drawn
    (a test reading the board at once saw it blank, once under load)."""
    await until(pilot, lambda: isinstance(pilot.app.screen, GameScreen)
                and pilot.app.screen.ready.is_set()
                and maze_drawn(pilot.app), "the game")


def maze_drawn(app) -> bool:
    """The board shows the maze (or is not shown: the player's eye draws no board)."""
    boards = app.screen.query(Board)
    return not boards or not boards.first().display or any(
        line.strip() for line in board_lines(app))


def client(host: FakeHost, **kwargs) -> RemoteApp:
    """A client of the fake host, as "ann"."""
    return RemoteApp(host.address, "ann", rejoin_seconds=kwargs.pop("rejoin_seconds", 60),
                     **kwargs)


async def in_lobby(pilot) -> None:
    """Wait until the lobby is in front, its list focused (its letter keys live)."""
    await until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen)
                and isinstance(pilot.app.focused, DataTable), "the lobby")
