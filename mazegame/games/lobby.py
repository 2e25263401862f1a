"""A host's lobby: the players, their tokens, the rooms by code, and the host's caps.

A plain state machine with an injected clock (no sockets, no asyncio): the game port hands
it each player's message and sends what it answers, an Outbox of (player id, message).

- A player arrives with Hello: their name is cleaned and made unique (`net.names`) and they
  get a Welcome with a token (`secrets.token_urlsafe`). A dropped player's place (in the
  lobby, in a room, in a game) is kept, marked not connected, for REJOIN_SECONDS; a Hello
  with their token within that time gives it back (the game's Begin and State come again);
  after it they leave.
- Rooms by code: Create takes the asked code if it is free (else a fresh one from
  `net.names.new_code`), and the creator sits in it; Join sits or watches; Leave goes back
  to the lobby. An empty room closes.
- Caps (`Limits`): rooms, players in the lobby, watchers a room (players a room are the
  room's settings.seats, 2..8). A full host gives a dropped player's kept place (one in no
  room first, one in a room others still play in last) to a new arrival, and a room nobody
  is connected to to a new room: a stranger who says Hello (and Create) and hangs up in a
  loop then only takes back their own places.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from mazegame.games import daily
from mazegame.games.rooms import DIFFICULTIES, GENERATORS, Outbox, Room, check_settings, error
from mazegame.net import names
from mazegame.net.protocol import (
    VERSION,
    Configure,
    Create,
    Hello,
    Join,
    Key,
    Leave,
    ListRooms,
    Ping,
    Pong,
    RoomList,
    SetView,
    Start,
    Welcome,
)

REJOIN_SECONDS = 60.0  #: a dropped player's place is kept this long


@dataclass(frozen=True)
class Limits:
    """The host's caps (the game port adds its own on connections)."""

    rooms: int = 200
    players: int = 500  #: in the lobby, rooms included
    watchers: int = 16  #: a room
    countdown: float = 3.0  #: seconds between a game's Begin and its first key


@dataclass
class Player:
    """Someone in the lobby."""

    id: int
    name: str
    token: str
    door: str
    connected: bool = True
    dropped_at: float = 0.0
    room: str | None = None  #: the code of the room they are in


class Lobby:
    """Players and rooms (see the module's docstring)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, limits: Limits = Limits(),
                 *, today: Callable = daily.today,
                 on_daily: Callable[[str, str, int, float], None] | None = None) -> None:
        self.clock, self.limits, self.today, self.on_daily = clock, limits, today, on_daily
        self.players: dict[int, Player] = {}
        self.tokens: dict[str, int] = {}
        self.rooms: dict[str, Room] = {}
        self._next_id = 1

    @property
    def playing(self) -> bool:
        """A game runs somewhere (its clock needs the host's ticks)."""
        return any(r.phase == "playing" for r in self.rooms.values())

    @property
    def busy(self) -> bool:
        """A clock is needed: a game runs, or a dropped player's place is kept."""
        return self.playing or any(not p.connected for p in self.players.values())

    # -- arrivals and departures ----------------------------------------------------------
    def hello(self, hello: Hello) -> tuple[int, Outbox]:
        """A new connection's Hello: (the player's id, or 0 if refused; what to send)."""
        if hello.v != VERSION:
            return 0, [(0, error("version", f"this host speaks version {VERSION}, not "
                                 f"{hello.v}: update mazegame", fatal=True))]
        pid = self.tokens.get(hello.token, 0) if hello.token else 0
        if pid:
            player = self.players[pid]
            player.connected = True
            out: Outbox = [(pid, self._welcome(player))]
            room = self.rooms.get(player.room or "")
            if room is not None:
                out += room.set_connected(pid, True)
            return pid, out
        freed: Outbox = []
        if len(self.players) >= self.limits.players:
            dropped = [p for p in self.players.values() if not p.connected]
            if not dropped:
                return 0, [(0, error("full", "the host is full: try again later", fatal=True))]
            freed = self.forget(min(dropped, key=self._worth_keeping).id)
        pid, self._next_id = self._next_id, self._next_id + 1
        taken = {p.name for p in self.players.values()}
        player = Player(pid, names.unique(names.clean(hello.name), taken),
                        secrets.token_urlsafe(24), hello.door)
        self.players[pid] = player
        self.tokens[player.token] = pid
        return pid, [*freed, (pid, self._welcome(player))]

    def _worth_keeping(self, player: Player) -> tuple[int, float]:
        """How much a dropped player's place is worth keeping (the least goes first when the
        host is full): one in no room, then one whose room nobody is connected to, then one
        whose game others still play; the oldest first."""
        room = self.rooms.get(player.room or "")
        if room is None:
            return 0, player.dropped_at
        return (2 if any(m.connected for m in room.seated.values()) else 1), player.dropped_at

    def _abandoned_room(self) -> Room | None:
        """The room whose players all dropped longest ago (None if every room has someone
        connected): a full host gives its place to a new room."""
        gone = [r for r in self.rooms.values() if not any(m.connected for m in r.seated.values())]
        return min(gone, key=lambda r: max(self.players[i].dropped_at for i in r.seated),
                   default=None)

    def drop(self, pid: int) -> Outbox:
        """A player's connection ended: their place is kept for REJOIN_SECONDS."""
        player = self.players.get(pid)
        if player is None or not player.connected:
            return []
        player.connected, player.dropped_at = False, self.clock()
        room = self.rooms.get(player.room or "")
        return room.set_connected(pid, False) if room is not None else []

    def forget(self, pid: int) -> Outbox:
        """A player is gone for good (their place is not kept)."""
        out = self._leave_room(pid)
        player = self.players.pop(pid, None)
        if player is not None:
            self.tokens.pop(player.token, None)
        return out

    # -- the clock ------------------------------------------------------------------------
    def tick(self) -> Outbox:
        """Places kept too long are given up; the rooms' games move on."""
        now = self.clock()
        out: Outbox = []
        for pid in [p.id for p in self.players.values()
                    if not p.connected and now - p.dropped_at >= REJOIN_SECONDS]:
            out += self.forget(pid)
        for room in list(self.rooms.values()):
            out += room.tick()
        return out

    def flush(self) -> Outbox:
        """The States owed by rooms whose games changed."""
        out: Outbox = []
        for room in self.rooms.values():
            out += room.flush()
        return out

    # -- what players ask -----------------------------------------------------------------
    def handle(self, pid: int, message) -> Outbox:
        """A player's message (after Hello)."""
        player = self.players.get(pid)
        if player is None:
            return []
        room = self.rooms.get(player.room or "")
        match message:
            case Ping(n=n):
                return [(pid, Pong(n=n))]
            case ListRooms():
                return [(pid, RoomList(rooms=[r.info() for r in self.rooms.values()]))]
            case Create():
                return self._create(player, message)
            case Join(code=code, watch=watch):
                return self._join(player, code, watch)
            case Leave():
                return self._leave_room(pid)
            case Hello():
                return [(pid, error("hello", "you said hello already"))]
        if room is None:
            return [(pid, error("no-room", "you are not in a room"))]
        match message:
            case Key(dir=direction, seq=seq):
                return room.key(pid, direction, seq)
            case SetView(view=view):
                return room.set_view(pid, view)
            case Configure(settings=settings):
                return room.configure(pid, settings)
            case Start():
                return room.start(pid)
        return []

    def _welcome(self, player: Player) -> Welcome:
        """The Welcome for a player."""
        return Welcome(v=VERSION, id=player.id, name=player.name, token=player.token,
                       generators=list(GENERATORS), difficulties=list(DIFFICULTIES))

    def _create(self, player: Player, create: Create) -> Outbox:
        """Open a room with the asked code if free (else a fresh one) and sit in it."""
        out: Outbox = []
        abandoned = self._abandoned_room() if len(self.rooms) >= self.limits.rooms else None
        for pid in list(abandoned.seated) if abandoned is not None else []:
            out += self.forget(pid)
        if len(self.rooms) >= self.limits.rooms:
            return [(player.id, error("full", "the host has as many rooms as it takes"))]
        bad = check_settings(create.settings)
        if bad is not None:
            return out + [(player.id, bad)]
        out += self._leave_room(player.id)
        code = create.code if create.code and create.code not in self.rooms \
            else names.new_code(set(self.rooms))
        room = Room(code, create.settings, self.clock, countdown=self.limits.countdown,
                    today=self.today, on_daily=self.on_daily)
        self.rooms[code] = room
        room.sit(player.id, player.name)
        player.room = code
        return out + room.announce()

    def _join(self, player: Player, code: str, watch: bool) -> Outbox:
        """Sit in a room, or watch it."""
        room = self.rooms.get(code)
        if room is None:
            return [(player.id, error("no-room", f"no room {code}"))]
        if player.room == code:
            return [(player.id, room.room_for(player.id))]
        if watch:
            refused = room.watch(player.id, player.name, self.limits.watchers)
        else:
            refused = room.sit(player.id, player.name)
        if refused is not None:
            return [(player.id, refused)]
        out = self._leave_room(player.id)
        player.room = code
        return out + room.announce() + room.catch_up(player.id)

    def _leave_room(self, pid: int) -> Outbox:
        """Out of the room they are in (it closes when no player is left: its watchers are
        told and go back to the lobby)."""
        player = self.players.get(pid)
        room = self.rooms.get(player.room or "") if player is not None else None
        if room is None:
            return []
        player.room = None
        out = room.remove(pid)
        if room.empty:
            del self.rooms[room.code]
            for watcher in list(room.watchers.values()):
                self.players[watcher.id].room = None
                out.append((watcher.id, error("no-room", f"room {room.code} closed: "
                                              "its players left")))
        return out
