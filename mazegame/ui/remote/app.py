"""The thin client's app: one connection to a game host, and the screens drawn from its messages.

The app owns the connection (`mazegame.net.connection`): one worker reads the host's messages
and hands each to the screen it concerns (the lobby's room list, the room, the game), one
sends what the screens queue (`send`), in order. When the host goes away it says so on every
screen and reconnects with the seat's token, backing off, for up to REJOIN_SECONDS (the host
keeps a seat that long); then it goes back to the connect screen (connect again / quit).

Light by design: Textual, net and the light ui modules only, never numpy, numba, the engine
or games (a test holds it): a player's process, one per SSH player, stays small.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import time

from textual import work
from textual.binding import Binding
from textual.screen import Screen

from mazegame.net.protocol import (
    Begin,
    Bye,
    Error,
    Join,
    Over,
    Pong,
    Room,
    RoomList,
    State,
    Welcome,
)
from mazegame.ui.host import GameHost
from mazegame.ui.remote.base import ClientScreen, ConnectScreen, HelpScreen
from mazegame.ui.remote.game import GameScreen
from mazegame.ui.remote.lobby import LobbyScreen
from mazegame.ui.remote.room import RoomScreen
from mazegame.ui.remote.tidy import begin_problem, printable, tidy
from mazegame.ui.too_small import cover_while_small

INTERRUPTED = 130  #: ctrl+c's status, as every command's
REJOIN_SECONDS = 60.0  #: how long the host keeps a dropped player's seat
MIN_SIZE = (60, 18)  #: the smallest terminal the screens fit in


class RemoteApp(GameHost):
    """A player on a game host: connect, the lobby, a room, its games."""

    CSS_PATH = "remote.tcss"
    TITLE = "mazegame"
    BINDINGS = [
        Binding("question_mark", "help", "Help", id="help", tooltip="Show the keys of this screen"),
        Binding("ctrl+c", "interrupt", "Quit", show=False, id="app-interrupt",
                tooltip="Quit mazegame"),
    ]

    def __init__(self, address: tuple[str, int], name: str, *, door: str = "join",
                 room: str | None = None, watch: bool = False,
                 rejoin_seconds: float = REJOIN_SECONDS) -> None:
        super().__init__()
        self.address, self.player_name, self.door = address, name, door
        self.first_room, self.first_watch = room, watch  #: --room, --watch: go straight there
        self.rejoin_seconds = rejoin_seconds
        self.conn = None  #: the open Connection (None: not connected)
        self.welcome: Welcome | None = None
        self.room: Room | None = None  #: the room we are in (None: the lobby)
        self.lost: str | None = None  #: why the connection dropped, while reconnecting
        self._outbox: asyncio.Queue = asyncio.Queue()

    @property
    def where(self) -> str:
        """HOST:PORT as a person writes it."""
        host, port = self.address
        return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"

    async def on_mount(self) -> None:
        """The player's look, the connect screen, then the connection."""
        self.use_look()
        connect = ConnectScreen()
        await self.push_screen(connect)
        await connect.shown()
        self.start_connection()
        self._send_loop()

    # -- the look -----------------------------------------------------------------------
    def use_look(self) -> None:
        """The game's themes; from a local install, the player's theme and glyph set from
        their settings (the SSH and web doors run on the host's machine: its defaults). A
        theme changed later (the command palette) recolours the maze too."""
        from mazegame.settings import SettingsFile
        from mazegame.ui.themes import GAME_THEMES

        for theme in GAME_THEMES.values():
            self.register_theme(theme)
        stored = SettingsFile().read() if self.door == "join" else {}
        self.glyphs = stored.get("glyphs") if stored.get("glyphs") in ("box", "ascii") \
            else "box"
        self.theme_changed_signal.subscribe(self, lambda theme: self._repaint())
        if stored.get("theme") in self.available_themes and stored["theme"] != self.theme:
            self.theme = stored["theme"]
        self._repaint()

    def _repaint(self) -> None:
        """The palette of the theme and glyphs in force; everything redrawn."""
        from mazegame.ui.themes import palette_for

        self.palette = palette_for(self.current_theme, self.glyphs)
        self.refresh(layout=True)

    # -- the connection -----------------------------------------------------------------
    def start_connection(self) -> None:
        """(Re)connect from the start: a fresh Hello (after a new name, or a failure)."""
        self.back_to(ConnectScreen)
        self.find(ConnectScreen).show_connecting(self.where, self.player_name)
        self._run_connection()

    @work(exclusive=True, group="connection")
    async def _run_connection(self) -> None:
        """Connect, show the lobby, then read the host's messages until the end."""
        from mazegame.net.connection import ConnectError, connect

        if self.conn is not None:
            old, self.conn = self.conn, None
            await old.close()
        try:
            self.conn = await connect(self.address, self.player_name, door=self.door)
        except ConnectError as err:
            self.find(ConnectScreen).show_failure(str(err))
            return
        self.welcome = tidy(self.conn.welcome)
        self.player_name = self.welcome.name
        lobby = LobbyScreen()
        await self.push_screen(lobby)
        await lobby.shown()
        if self.first_room:
            self.send(Join(code=self.first_room, watch=self.first_watch))
            self.first_room = None
        await self._read()

    async def _read(self) -> None:
        """Hand each message to its screen; on a lost connection, rejoin or give up."""
        from mazegame.net.connection import ConnectionLost

        while self.conn is not None:
            try:
                message = await self.conn.receive()
            except ConnectionLost as lost:
                if not await self._rejoin(printable(lost.reason)):
                    return
                continue
            if isinstance(message, Bye):
                await self._give_up(f"the host closed the connection: {printable(message.reason)}")
                return
            await self.dispatch(message)

    async def _rejoin(self, reason: str) -> bool:
        """Reconnect with our token, backing off, for up to rejoin_seconds; True if back."""
        from mazegame.net.connection import ConnectError

        self.lost = reason
        self.tell_all(f"connection lost ({reason}): reconnecting…", lost=True)
        deadline, delay = time.monotonic() + self.rejoin_seconds, 0.25
        while time.monotonic() < deadline:
            try:
                await self.conn.reconnect()
            except ConnectError:
                await asyncio.sleep(min(delay, max(0.0, deadline - time.monotonic())))
                delay = min(delay * 2, 5.0)
                continue
            old, new = self.welcome, tidy(self.conn.welcome)  # the same token: the seat kept
            seat_kept = old is None or (new.token, new.id) == (old.token, old.id)
            self.welcome, self.lost = new, None
            self.player_name = new.name
            lobby = self.find(LobbyScreen)
            if lobby is not None:
                lobby.show_title()
            self.tell_all("connected again", lost=False)
            if not seat_kept and self.room is not None:  # a host restarted: rooms are gone
                self.room = None
                self.back_to(LobbyScreen)
                self.tell("connected again, but the host no longer knows your room")
            return True
        await self._give_up(f"connection lost ({reason}); the host did not come back within "
                            f"{self.rejoin_seconds:g} s")
        return False

    async def _give_up(self, why: str) -> None:
        """Back to the connect screen, saying why."""
        conn, self.conn = self.conn, None
        self.room = None
        if conn is not None:
            await conn.close()
        self.back_to(ConnectScreen)
        self.find(ConnectScreen).show_failure(why)

    def send(self, message) -> None:
        """Queue a message for the host (sent in order; dropped while not connected)."""
        if self.conn is not None and self.lost is None:
            self._outbox.put_nowait(message)

    @work(group="sender")
    async def _send_loop(self) -> None:
        """Send what the screens queue, one at a time, in order."""
        from mazegame.net.connection import ConnectionLost

        while True:
            message = await self._outbox.get()
            if self.conn is None:
                continue
            with contextlib.suppress(ConnectionLost):  # the reader notices, reconnects
                await self.conn.send(message)

    def rename(self, name: str) -> None:
        """Come in again under another name (a fresh Hello: the host cleans the name)."""
        self.player_name = name
        self.start_connection()

    # -- messages to screens ------------------------------------------------------------
    async def dispatch(self, message) -> None:
        """Hand a host's message to the screens it concerns (its text made safe first)."""
        message = tidy(message)
        if isinstance(message, Begin) and (problem := begin_problem(message)):
            self.tell(f"the host sent a maze that does not add up ({problem})")
            return
        if isinstance(message, RoomList):
            lobby = self.find(LobbyScreen)
            if lobby is not None:
                lobby.show_rooms(message.rooms)
        elif isinstance(message, Room):
            await self.enter_room(message)
        elif isinstance(message, Begin):
            game = self.find(GameScreen)
            if game is None:
                game = GameScreen()
                await self.push_screen(game)
                await game.shown()
            elif self.screen is not game:
                self.back_to(GameScreen)
            game.begin(message)
        elif isinstance(message, State | Over):
            game = self.find(GameScreen)
            if game is not None:
                game.update(message)
        elif isinstance(message, Error):
            self.tell(message.text)
            if message.fatal:
                self.run_worker(self._give_up(message.text), group="connection")
        elif isinstance(message, Welcome | Pong):
            pass

    async def enter_room(self, room: Room) -> None:
        """The room changed (or we came in): show it, over the lobby."""
        self.room = room
        screen = self.find(RoomScreen)
        if screen is None:
            self.back_to(LobbyScreen)
            screen = RoomScreen()
            await self.push_screen(screen)
        await screen.shown()  # (one found may be pushed, its widgets not mounted yet)
        screen.show_room(room)
        game = self.find(GameScreen)
        if game is not None:
            game.show_room(room)

    def leave_room(self) -> None:
        """Back to the lobby (the host frees our seat)."""
        from mazegame.net.protocol import Leave

        self.send(Leave())
        self.room = None
        self.back_to(LobbyScreen)

    # -- results -----------------------------------------------------------------------
    def save_result(self, over: Over, begin: Begin | None) -> None:
        """Keep a finished game in the player's own records (one row, mode "net-race"...),
        as a local game is kept; only from a local install (the SSH and web doors run on
        the host's machine, whose records are not the player's), never a watcher's."""
        mine = next((r for r in over.results if self.welcome and r.id == self.welcome.id), None)
        if self.door != "join" or mine is None or self.room is None or begin is None:
            return
        if self.store is None:
            from mazegame.storage import Store

            self.store = Store(on_notice=lambda text: self.notify(text, markup=False))
        s = self.room.settings
        wrap = ("x" if begin.wrap_x else "") + ("y" if begin.wrap_y else "")
        maze = f"{s.generator}:{begin.width}x{begin.height}:{over.seed}:{wrap}"
        day = dt.datetime.now(dt.UTC).date().isoformat() if s.daily else None
        self.store.record(f"net-{s.mode}", maze, won=mine.won, moves=mine.moves,
                          optimum=over.par or begin.par, seconds=mine.seconds,
                          replay=over.replay or None, daily=day)

    async def on_unmount(self) -> None:
        """Leave the room (the host frees the seat now rather than keeping it for a rejoin),
        close the connection and the results file."""
        from mazegame.net.protocol import Leave

        conn, self.conn = self.conn, None
        if conn is not None:
            with contextlib.suppress(Exception):  # (closing: nothing left to tell)
                async with asyncio.timeout(1.0):
                    if self.room is not None:
                        await conn.send(Leave())
                    await conn.close()
        if self.store is not None:
            self.store.close()

    # -- screens ------------------------------------------------------------------------
    def find(self, kind: type[Screen]):
        """The screen of this kind on the stack (None: none)."""
        return next((s for s in reversed(self.screen_stack) if isinstance(s, kind)), None)

    def back_to(self, kind: type[Screen]) -> None:
        """Pop screens until one of `kind` is on top (modals go too)."""
        if self.find(kind) is None:
            return
        while not isinstance(self.screen, kind):
            self.pop_screen()

    def tell(self, text: str) -> None:
        """An error from the host, shown on the screen in front (not a traceback)."""
        screen = self.find(ClientScreen)
        if screen is not None:
            screen.show_problem(text)
        self.notify(text, severity="error", markup=False)

    def tell_all(self, text: str, *, lost: bool) -> None:
        """The connection's state on every screen (a banner while it is lost)."""
        for screen in self.screen_stack:
            if isinstance(screen, ClientScreen):
                screen.show_banner(text if lost else "")
        if not lost:
            self.notify(text, markup=False)

    def action_help(self) -> None:
        """The keys of the screen in front, generated from its bindings."""
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def action_interrupt(self) -> None:
        """ctrl+c: leave with the status of an interrupted command."""
        self.exit(return_code=INTERRUPTED)

    def on_resize(self, event) -> None:
        """Check the new terminal size against the minimum."""
        self.check_size(event.size)

    def check_size(self, size=None) -> None:
        """Cover everything with a notice while the terminal is below MIN_SIZE."""
        cover_while_small(self, size or self.size, MIN_SIZE)
