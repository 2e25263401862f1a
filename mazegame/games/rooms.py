"""A host's room: who sits in it, its settings, and the games it plays, as a state machine.

No sockets and no asyncio: the lobby (`games.lobby`) hands a room what players asked for,
and the room answers with the messages to send, as (player id, message) pairs (an Outbox).
One message object sent to several players is the same object, so the host encodes it once.

What a room sends, and when:
- `Room` to everyone in it whenever it changes: someone sat, watched, left, dropped or came
  back, the settings, a view, the phase.
- `Begin` to everyone as a game starts (a blind runner's has only the outer walls), and to
  whoever comes in (a watcher, a player back on their token) while it runs.
- `State` after whatever changed the game (keys, the demon, the clock's end), to everyone:
  a runner's carries their last key (`seq`) and, when blind, the walls they bumped since.
- `Over` to everyone as a game ends (`share`: your own line of a daily game), then `Room`
  (phase "over": the creator may start again).
- `Error` to one player whose request cannot be done: "not-creator", "bad-settings",
  "full", "playing", "not-enough".
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

import msgspec

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.grid import Maze
from mazegame.games import daily
from mazegame.games.modes import DIFFICULTIES
from mazegame.games.replay import Recording
from mazegame.games.room_game import RoomGame
from mazegame.games.setup import SEED_LIMIT, GameSetup
from mazegame.games.walk import WalkGame
from mazegame.net.protocol import (
    MIN_PLAYERS,
    Error,
    Over,
    RoomInfo,
    RoomSettings,
    Seat,
)
from mazegame.net.protocol import Room as RoomMessage

Outbox = list[tuple[int, msgspec.Struct]]  #: (player id, message) to send, in order


def error(code: str, text: str, fatal: bool = False) -> Error:
    """An Error message (one line for a person)."""
    return Error(code=code, text=text, fatal=fatal)


def check_settings(settings: RoomSettings, seated: int = 0) -> Error | None:
    """Settings the host can play, or an Error "bad-settings" naming what is wrong (the
    protocol bounds their shape; the registries say what exists)."""
    if settings.generator not in GENERATORS:
        return error("bad-settings", f"unknown generator {settings.generator!r}; known: "
                     f"{', '.join(GENERATORS)}")
    if settings.difficulty not in DIFFICULTIES:
        return error("bad-settings", f"unknown difficulty {settings.difficulty!r}; known: "
                     f"{', '.join(DIFFICULTIES)}")
    if settings.seats < seated:
        return error("bad-settings", f"{seated} players sit in the room: seats cannot be "
                     f"{settings.seats}")
    return None


def build_maze(settings: RoomSettings, seed: int) -> Maze:
    """The room's maze: the engine's generator, size and seed (ValueError if it refuses)."""
    return generate(settings.generator, settings.width, settings.height, seed).maze


@dataclass
class Member:
    """Someone in the room: seated (a player) or watching."""

    id: int
    name: str
    watching: bool = False
    view: str = "birds-eye"
    connected: bool = True
    colour: int = 0


class Room:
    """One room (see the module's docstring for what it sends when)."""

    def __init__(self, code: str, settings: RoomSettings, clock: Callable[[], float], *,
                 countdown: float = 3.0, today: Callable = daily.today,
                 on_daily: Callable[[str, str, int, float], None] | None = None) -> None:
        self.code, self.settings, self.clock = code, settings, clock
        self.countdown, self.today, self.on_daily = countdown, today, on_daily
        self.seated: dict[int, Member] = {}  #: players, in the order they sat
        self.watchers: dict[int, Member] = {}
        self.creator = 0
        self.game: RoomGame | None = None
        self.games = 0
        self.dirty = False  #: the game changed since the last State

    # -- who is in -----------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """"waiting" (no game yet), "playing", or "over" (the last game ended)."""
        if self.game is None:
            return "waiting"
        return "over" if self.game.over else "playing"

    @property
    def empty(self) -> bool:
        """No player sits in the room (it closes)."""
        return not self.seated

    def members(self) -> list[Member]:
        """Everyone in the room, players first."""
        return [*self.seated.values(), *self.watchers.values()]

    def info(self) -> RoomInfo:
        """The room's line in the room list."""
        creator = self.seated.get(self.creator)
        return RoomInfo(code=self.code, mode=self.settings.mode,
                        creator=creator.name if creator else "", players=len(self.seated),
                        seats=self.settings.seats, phase=self.phase,
                        watchers=len(self.watchers))

    def sit(self, pid: int, name: str) -> Error | None:
        """A player takes a seat (not while a game runs, not beyond the seats)."""
        if self.phase == "playing":
            return error("playing", f"room {self.code} is playing: watch it, or wait")
        if len(self.seated) >= self.settings.seats:
            return error("full", f"room {self.code} is full ({self.settings.seats} seats)")
        used = {m.colour for m in self.seated.values()}
        colour = next(c for c in range(8) if c not in used)
        self.seated[pid] = Member(pid, name, colour=colour)
        if not self.creator:
            self.creator = pid
        return None

    def watch(self, pid: int, name: str, most: int) -> Error | None:
        """Someone watches (at most `most` watchers)."""
        if len(self.watchers) >= most:
            return error("full", f"room {self.code} has {most} watchers already")
        self.watchers[pid] = Member(pid, name, watching=True)
        return None

    def remove(self, pid: int) -> Outbox:
        """Someone left for good; the next player becomes creator if it was the creator."""
        self.watchers.pop(pid, None)
        if self.seated.pop(pid, None) is None:
            return self.announce()
        if self.creator == pid:
            self.creator = next(iter(self.seated), 0)
        out: Outbox = []
        if self.game is not None and not self.game.over:
            self.game.leave(pid)
            out += self._after_change()
        return out + self.announce()

    def set_connected(self, pid: int, connected: bool) -> Outbox:
        """A member's connection dropped (their place is kept) or came back (caught up)."""
        member = self.seated.get(pid) or self.watchers.get(pid)
        if member is None:
            return []
        member.connected = connected
        return self.announce() + (self.catch_up(pid) if connected else [])

    # -- what the creator and the players ask -----------------------------------------------
    def configure(self, pid: int, settings: RoomSettings) -> Outbox:
        """The creator changes the settings (not while a game runs)."""
        if pid != self.creator:
            return [(pid, error("not-creator", "only the room's creator changes its settings"))]
        if self.phase == "playing":
            return [(pid, error("playing", "the settings change between games"))]
        bad = check_settings(settings, len(self.seated))
        if bad is not None:
            return [(pid, bad)]
        self.settings = settings
        return self.announce()

    def start(self, pid: int) -> Outbox:
        """The creator starts a game: the maze is built, everyone gets Begin."""
        if pid != self.creator:
            return [(pid, error("not-creator", "only the room's creator starts a game"))]
        if self.phase == "playing":
            return [(pid, error("playing", "a game is running"))]
        runners, demon = self._roles()
        alone_ok = self.settings.daily or (self.settings.mode == "chase" and demon is None)
        if not runners or (len(self.seated) < MIN_PLAYERS and not alone_ok):
            return [(pid, error("not-enough", f"a {self.settings.mode} needs {MIN_PLAYERS} "
                                "players: wait for another"))]
        seed = self._seed()
        try:
            maze = build_maze(self.settings, seed)
        except ValueError as err:
            return [(pid, error("bad-settings", str(err).splitlines()[0]))]
        self.games += 1
        blind = frozenset(m.id for m in self.seated.values() if m.view == "blind")
        self.game = RoomGame(self.games, self.settings, maze, seed,
                             {m.id: m.name for m in runners}, self.clock, self.countdown,
                             demon_player=(demon.id, demon.name) if demon else None,
                             blind=blind)
        out = self.announce()
        for member in self.members():
            if member.connected:
                out.append((member.id, self._begin_for(member)))
        return out

    def key(self, pid: int, direction: int, seq: int) -> Outbox:
        """A key from a player in the game."""
        if self.game is None or pid not in self.seated:
            return []
        if self.game.key(pid, direction, seq):
            return self._after_change()
        return []

    def set_view(self, pid: int, view: str) -> Outbox:
        """A member picks how they see; a runner mid-game gets a new Begin for it."""
        member = self.seated.get(pid) or self.watchers.get(pid)
        if member is None or member.view == view:
            return []
        member.view = view
        out = self.announce()
        if self.game is not None and not self.game.over and \
                self.game.set_blind(pid, view == "blind"):
            out.append((pid, self.game.begin(pid)))
        return out

    def tick(self) -> Outbox:
        """The host's clock: the game's waiting keys, demon and time cap."""
        if self.game is None or self.game.over:
            return []
        return self._after_change() if self.game.tick() else []

    def flush(self) -> Outbox:
        """The State everyone is owed if the game changed since the last one."""
        if not self.dirty or self.game is None:
            return []
        self.dirty = False
        return self._states()

    # -- messages -----------------------------------------------------------------------
    def room_for(self, pid: int) -> RoomMessage:
        """The Room message as `pid` sees it (`you`, `role`)."""
        demon = self._demon_id()
        seats = [Seat(id=m.id, name=m.name, role=self._role(m, demon), view=m.view,
                      connected=m.connected, colour=m.colour) for m in self.seated.values()]
        me = self.seated.get(pid) or self.watchers.get(pid)
        return RoomMessage(code=self.code, settings=self.settings, creator=self.creator,
                           seats=seats, watchers=len(self.watchers), phase=self.phase,
                           you=pid, role=self._role(me, demon) if me else "watcher")

    def announce(self) -> Outbox:
        """Room to everyone connected."""
        return [(m.id, self.room_for(m.id)) for m in self.members() if m.connected]

    def catch_up(self, pid: int) -> Outbox:
        """What someone coming in mid-game needs: the Begin and the State now."""
        member = self.seated.get(pid) or self.watchers.get(pid)
        if member is None or self.game is None or self.game.over:
            return []
        positions = self.game.positions()
        seen = None if member.watching else pid
        return [(pid, self._begin_for(member)), (pid, self.game.state(seen, positions))]

    def _begin_for(self, member: Member):
        """The Begin a member is sent (a watcher sees the whole maze)."""
        return self.game.begin(None if member.watching else member.id)

    def _after_change(self) -> Outbox:
        """The game changed: mark a State owed; the end's messages if it just ended."""
        self.dirty = True
        if self.game.over:
            out = self.flush()
            return out + self._over() + self.announce()
        return []

    def _states(self) -> Outbox:
        """A State for everyone connected (watchers share one object)."""
        positions = self.game.positions()
        shared = self.game.state(None, positions)
        return [(m.id, shared if m.watching else self.game.state(m.id, positions))
                for m in self.members() if m.connected]

    def _over(self) -> Outbox:
        """Over for everyone; each runner gets the recording of their game, and each
        finisher of a daily game their line to share."""
        game = self.game
        results = game.results()
        day = self.today()
        shares: dict[int, str] = {}
        if self.settings.daily:
            for r in results:
                runner = game.runners.get(r.id)
                if runner is not None and runner.walker.won:
                    shares[r.id] = daily.share_line(day, self.settings.mode, r.moves,
                                                    game.par, r.seconds)
                    if self.on_daily is not None:
                        self.on_daily(r.name, self.settings.mode, r.moves, r.seconds)
        plain = Over(game=game.number, seed=game.seed, winner=game.winner, results=results,
                     par=game.par)
        out: Outbox = []
        for m in self.members():
            runner = game.runners.get(m.id)
            if m.connected and (runner is not None or m.id in shares):
                out.append((m.id, msgspec.structs.replace(
                    plain, share=shares.get(m.id, ""),
                    replay="" if runner is None else self._recording(runner.walker))))
            elif m.connected:
                out.append((m.id, plain))
        return out

    def _recording(self, walker: WalkGame) -> str:
        """A runner's game as a classic walk's recording: their moves on the room's maze,
        kept whole (`games.replay`), so `mazegame replay` and the records play it back."""
        s = self.settings
        setup = GameSetup("classic", s.generator, (s.width, s.height), self.game.seed,
                          daily=self.today().isoformat() if s.daily else None)
        return Recording.of(setup, walker).to_json()

    def _roles(self) -> tuple[list[Member], Member | None]:
        """(runners, the player demon or None): in a chase with a player's demon, the
        second seat hunts."""
        players = list(self.seated.values())
        if self.settings.mode == "chase" and self.settings.demon == "player" and \
                len(players) >= MIN_PLAYERS:
            return [players[0], *players[2:]], players[1]
        return players, None

    def _demon_id(self) -> int:
        """The player demon's id (the game's while one runs), 0 for none."""
        if self.game is not None and not self.game.over:
            return self.game.demon_player[0] if self.game.demon_player else 0
        _, demon = self._roles()
        return demon.id if demon is not None else 0

    def _role(self, member: Member, demon: int) -> str:
        """A member's role word."""
        if member.watching:
            return "watcher"
        return "demon" if member.id == demon else "runner"

    def _seed(self) -> int:
        """The game's seed: the day's for a daily room, the creator's, or a fresh one."""
        if self.settings.daily:
            return daily.daily_seed(self.today(), self.settings.mode)
        if self.settings.seed is not None:
            return self.settings.seed
        return secrets.randbelow(SEED_LIMIT)
