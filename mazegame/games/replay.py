"""Replays: a finished game kept as its seed, settings and events, and rebuilt from them.

A `Recording` holds what a game was built from (the `GameSetup`, with the seed and the maze's
size made concrete; a maze from a file or a level is kept whole, since the file may change)
and the game's `events` (`WalkGame.events`: moves, turns, the real-time clock's ticks and
waits, in the order they happened). `build_game` is the one place a walking game is built
from a setup, for the screens and for replays alike, so a replay starts from the very game
that was played; feeding it the events then redoes every step, the demon's included (its
RNG is seeded by the setup's seed, and real-time ticks are events, not wall-clock times).

The replay's clock is virtual: every reading is a long beat after the last, so a move never
comes "too early" (the moves recorded are the ones the real clock let through).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from mazegame.engine.grid import Maze
from mazegame.games.modes import CHASE_MODES, DEFAULT_DIFFICULTY
from mazegame.games.setup import GameSetup
from mazegame.games.walk import WalkGame

FORMAT = 1  #: the recording's own version, inside its JSON
#: The modes a recording can rebuild (the walking games; campaign levels play as these).
REPLAYABLE = ("classic", "blind", "eye", *CHASE_MODES)


class ReplayError(ValueError):
    """A recording that cannot be read or played back (said in words)."""


def chase_view(setup: GameSetup) -> str:
    """The view a chase is played in (two humans always play from above)."""
    return "birds-eye" if setup.option("two_player") else setup.option("view", "birds-eye")


def view_of(setup: GameSetup) -> str:
    """How a setup's game is seen: "birds-eye", "blind" or "eye"."""
    if setup.mode in CHASE_MODES:
        return chase_view(setup)
    return {"blind": "blind", "eye": "eye"}.get(setup.mode, "birds-eye")


def build_maze(setup: GameSetup, fit: tuple[int, int] = (20, 10)) -> Maze:
    """The maze a setup plays: its level, a chase's maze for its difficulty, or the generated
    one (`fit` is the size when none was chosen)."""
    if setup.level is not None:
        return setup.level
    if setup.mode in CHASE_MODES:
        from mazegame.games.chase import chase_maze

        size, _ = setup.maze_size(fit)
        return setup.add_one_way(chase_maze(setup.option("difficulty", DEFAULT_DIFFICULTY),
                                            size, setup.seed, setup.algorithm,
                                            setup.wrap_x, setup.wrap_y))
    return setup.build(fit).maze


def build_game(setup: GameSetup, maze: Maze, clock: Callable[[], float],
               starts: tuple[int, int] | None = None) -> WalkGame:
    """The game a setup plays on `maze`: walk, blind (with its budget), eye, or a chase in
    its view with its difficulty and demon (seeded by the setup's seed). `starts` pins where
    the player and the demon start (a replay: a chase played again on its own maze may have
    been placed otherwise)."""
    if starts is not None and starts[0] != maze.start:
        maze = maze.copy(start=starts[0])
    if setup.mode in CHASE_MODES:
        from mazegame.games.chase import new_chase, setup_overrides

        pins = setup_overrides(setup)
        if starts is not None:
            pins.update(player=starts[0], demon=starts[1])
        return new_chase(
            maze, mode=setup.mode, view=chase_view(setup), seed=setup.seed, clock=clock,
            difficulty=setup.option("difficulty", DEFAULT_DIFFICULTY),
            personality=setup.option("demon") or None,
            turn_based=bool(setup.option("turn_based", False)),
            two_player=bool(setup.option("two_player", False)), **pins)
    if setup.mode == "blind":
        from mazegame.games.blind import BlindGame, setup_budget

        game = BlindGame(maze, clock)
        game.budget = setup_budget(setup, game.shortest)
        return game
    if setup.mode == "eye":
        from mazegame.games.eye import EyeGame

        return EyeGame(maze, clock, depth=int(setup.option("depth", 8)))
    return WalkGame(maze, clock)


def walls_check(maze: Maze) -> str:
    """A short checksum of a maze's walls and size: a replay knows it rebuilt the same maze
    (the start is left out: a chase places its players on the maze it is given)."""
    return f"{maze.width}x{maze.height}:{zlib.crc32(maze.walls.tobytes()):08x}"


def _plain(value: object) -> object:
    """A setting as JSON holds it (a demon's speed is a Fraction: "3/4")."""
    return str(value) if isinstance(value, Fraction) else value


@dataclass(frozen=True)
class Recording:
    """One game to watch again: its setup (seed and size concrete), the maze's checksum and
    the events, in order."""

    setup: GameSetup
    check: str
    events: tuple[str, ...]
    starts: tuple[int, int] | None = None  #: where the player and the demon (-1: none) began

    @classmethod
    def of(cls, setup: GameSetup, game: WalkGame) -> Recording:
        """The recording of `game`, played from `setup` (its seed set)."""
        maze = game.maze
        setup = replace(setup.with_seed(), size=(maze.width, maze.height))
        starts = (game.trail[0], getattr(game, "demon_start", -1))
        return cls(setup, walls_check(maze), tuple(game.events), starts)

    @property
    def mode(self) -> str:
        """The mode played."""
        return self.setup.mode

    def to_json(self) -> str:
        """The recording as one compact line of JSON (what the results file keeps)."""
        from mazegame.engine.mazefile import to_document

        s = self.setup
        doc = {"format": FORMAT, "mode": s.mode, "algorithm": s.algorithm,
               "size": list(s.size), "seed": s.seed, "wrap": [s.wrap_x, s.wrap_y],
               "one_way": s.one_way, "options": [[k, _plain(v)] for k, v in s.options],
               "level_id": s.level_id, "check": self.check, "events": " ".join(self.events),
               "starts": None if self.starts is None else list(self.starts)}
        if s.level is not None:
            doc["level"] = to_document(s.level)
        return json.dumps(doc, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Recording:
        """Read a recording; ReplayError says what is wrong with it."""
        from mazegame.engine.mazefile import from_document

        try:
            doc = json.loads(text)
            if doc.get("format") != FORMAT:
                raise ReplayError(f"a replay of format {doc.get('format')!r}, not {FORMAT}")
            if doc["mode"] not in REPLAYABLE:
                raise ReplayError(f"the mode {doc['mode']!r} cannot be replayed")
            level = from_document(doc["level"]) if "level" in doc else None
            setup = GameSetup(
                mode=doc["mode"], algorithm=doc["algorithm"], size=tuple(doc["size"]),
                seed=int(doc["seed"]), wrap_x=bool(doc["wrap"][0]), wrap_y=bool(doc["wrap"][1]),
                options=tuple((k, v) for k, v in doc["options"]), level=level,
                one_way=float(doc["one_way"]), level_id=doc["level_id"])
            events = tuple(doc["events"].split())
            starts = doc.get("starts")
            starts = None if starts is None else (int(starts[0]), int(starts[1]))
            return cls(setup, str(doc["check"]), events, starts)
        except ReplayError:
            raise
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as err:
            raise ReplayError(f"the replay cannot be read ({err})") from None

    def start(self) -> WalkGame:
        """The game as it stood before the first event (ReplayError if the maze built now
        is not the one played)."""
        maze = build_maze(self.setup, self.setup.size)
        if walls_check(maze) != self.check:
            raise ReplayError("the maze of this replay could not be rebuilt (it was made by "
                              "another version of its generator)")
        if self.starts is not None and not all(-1 <= cell < maze.size for cell in self.starts):
            raise ReplayError(f"the replay's start cells {self.starts} are not in the maze")
        return build_game(self.setup, maze, VirtualClock(), self.starts)

    def play(self, upto: int | None = None) -> WalkGame:
        """The game after its first `upto` events (all by default)."""
        game = self.start()
        for event in self.events[:upto]:
            apply(game, event)
        return game


class VirtualClock:
    """A replay's clock: each reading a long beat (BEAT s) after the last."""

    BEAT = 1000.0

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.BEAT
        return self.now


def apply(game: WalkGame, event: str) -> None:
    """Do one recorded event to a game (ReplayError for one it cannot do)."""
    kind, arg = event[:1], event[1:]
    try:
        if kind == "m":
            game.move(int(arg))
        elif kind == "f":
            game.forward()
        elif kind == "r":
            game._turn(int(arg))  # face d, count the turn, look
        elif kind == "k":
            game.tick()
        elif kind == "w":
            game.wait()
        elif kind == "d":
            game.move_demon(int(arg))
        else:
            raise ReplayError(f"an unknown event {event!r}")
    except (AttributeError, ValueError) as err:
        raise ReplayError(f"the event {event!r} does not fit this game ({err})") from None
