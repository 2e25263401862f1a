"""Replays: a finished game kept as its seed, settings and events, and rebuilt from them.

A `Recording` holds what a game was built from (the `GameSetup`, with the seed and the maze's
size made concrete) and the maze itself, kept whole: a level's in the setup, a generated one
as a maze document, so a generator changed later (faster kernels change mazes) cannot take a
replay away; recordings made before mazes were kept rebuild theirs from the setup. And the
game's `events` (`WalkGame.events`: moves, turns, the real-time clock's ticks and
waits, in the order they happened). `build_game` is the one place a walking game is built
from a setup, for the screens and for replays alike, so a replay starts from the very game
that was played; feeding it the events then redoes every step, the demon's included (its
RNG is seeded by the setup's seed, and real-time ticks are events, not wall-clock times).

The replay's clock is virtual (`replay_base.VirtualClock`). Every mode that saves a result
names its replay `Kind` in its spec (`ModeSpec.replay`): the walking games' is `WALK`
here, the interpreted mazes', the jumping maze's and the blindfold puzzle's are in
`games.replay_kinds`. A walking mode's spec names how its maze and game are built from a
setup (`ModeSpec.maze`, `ModeSpec.game`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from mazegame.engine.grid import Maze
from mazegame.games.modes import MODES, load
from mazegame.games.replay_base import (
    Captured,
    Kind,
    ReplayError,
    VirtualClock,
    kept_maze,
    played_maze,
    shape_of,
    walls_check,
)
from mazegame.games.setup import GameSetup
from mazegame.games.walk import WalkGame

FORMAT = 1  #: the recording's own version, inside its JSON (a "subject" came later: optional)
__all__ = ["WALK", "Recording", "ReplayError", "apply", "build_game", "build_maze",
           "kind_of", "replayable", "view_of"]


def view_of(setup: GameSetup) -> str:
    """How a setup's game is seen: "birds-eye", "blind" or "eye" (its mode's, or the one
    the player picked: its settings' `seen_in`)."""
    spec = MODES.get(setup.mode)
    if spec is None:
        return "birds-eye"
    return spec.view or setup.settings.seen_in


def build_maze(setup: GameSetup, fit: tuple[int, int] = (20, 10)) -> Maze:
    """The maze a setup plays: its level, the mode's own (a chase's, for its difficulty), or
    the generated one (`fit` is the size when none was chosen)."""
    if setup.level is not None:
        return setup.level
    spec = MODES.get(setup.mode)
    if spec is not None and spec.maze is not None:
        return load(spec.maze)(setup, fit)
    return setup.build(fit).maze


def build_game(setup: GameSetup, maze: Maze, clock: Callable[[], float],
               starts: tuple[int, int] | None = None) -> WalkGame:
    """The game a setup plays on `maze`, as its mode's spec builds it (a plain walk for a
    mode that names no builder: a level played from the editor). `starts` pins where the
    player and the demon start (a replay: a chase played again on its own maze may have
    been placed otherwise)."""
    if starts is not None and starts[0] != maze.start:
        maze = maze.copy(start=starts[0])
    spec = MODES.get(setup.mode)
    if spec is None or spec.game is None:
        return WalkGame(maze, clock)
    return load(spec.game)(setup, maze, clock, starts)


def _plain(value: object) -> object:
    """A setting as JSON holds it (a demon's speed is a Fraction: "3/4")."""
    return str(value) if isinstance(value, Fraction) else value


@dataclass(frozen=True)
class Recording:
    """One game to watch again: its setup (seed and size concrete), the check that the game
    rebuilt is the one played, the events in order, and what its kind keeps besides."""

    setup: GameSetup
    check: str
    events: tuple[str, ...]
    starts: tuple[int, int] | None = None  #: where the player and the demon (-1: none) began
    #: what was played, kept whole: a jump puzzle, or a generated maze (a maze document)
    subject: str | None = None

    @classmethod
    def of(cls, setup: GameSetup, game) -> Recording:
        """The recording of `game`, played from `setup` (ReplayError: a mode without
        replays)."""
        setup, check, starts, subject = kind_of(setup.mode).capture(setup, game)
        return cls(setup, check, tuple(game.events), starts, subject)

    @property
    def mode(self) -> str:
        """The mode played."""
        return self.setup.mode

    @property
    def kind(self) -> Kind:
        """How this mode's games replay."""
        return kind_of(self.mode)

    def to_json(self) -> str:
        """The recording as one compact line of JSON (what the results file keeps)."""
        from mazegame.engine.mazefile import write_document

        s = self.setup
        doc = {"format": FORMAT, "mode": s.mode, "algorithm": s.algorithm,
               "size": None if s.size is None else list(s.size), "seed": s.seed,
               "wrap": [s.wrap_x, s.wrap_y], "one_way": s.one_way,
               "options": [[k, _plain(v)] for k, v in s.options],
               "level_id": s.level_id, "check": self.check, "events": " ".join(self.events),
               "starts": None if self.starts is None else list(self.starts)}
        if s.tiling != "square":  # only then, so recordings of squares read as before
            doc["tiling"] = s.tiling
            doc["floors"] = s.floors
        if s.level is not None:
            doc["level"] = write_document(s.level)  # a board's too (a file played)
        if self.subject is not None:
            doc["subject"] = self.subject
        return json.dumps(doc, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Recording:
        """Read a recording; ReplayError says what is wrong with it."""
        from mazegame.engine.mazefile import parse_json, read_document

        try:
            doc = parse_json(text, ReplayError)
            if doc.get("format") != FORMAT:
                raise ReplayError(f"a replay of format {doc.get('format')!r}, not {FORMAT}")
            if not replayable(doc["mode"]):
                raise ReplayError(f"the mode {doc['mode']!r} cannot be replayed")
            level = read_document(doc["level"], None) if "level" in doc else None
            size = None if doc["size"] is None else tuple(int(n) for n in doc["size"])
            setup = GameSetup(
                mode=doc["mode"], algorithm=doc["algorithm"], size=size,
                seed=int(doc["seed"]), wrap_x=bool(doc["wrap"][0]), wrap_y=bool(doc["wrap"][1]),
                options=tuple((k, v) for k, v in doc["options"]), level=level,
                one_way=float(doc["one_way"]), level_id=doc["level_id"],
                tiling=str(doc.get("tiling", "square")), floors=int(doc.get("floors", 3)))
            setup.check_settings()  # a bad setting is a bad recording, told now
            events = tuple(doc["events"].split())
            starts = doc.get("starts")
            starts = None if starts is None else (int(starts[0]), int(starts[1]))
            subject = doc.get("subject")
            return cls(setup, str(doc["check"]), events, starts,
                       None if subject is None else str(subject))
        except ReplayError:
            raise
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as err:
            raise ReplayError(f"the replay cannot be read ({err})") from None

    def start(self):
        """The game as it stood before the first event (ReplayError if the game built now
        is not the one played)."""
        return self.kind.start(self.setup, self.check, self.starts, self.subject)

    def play(self, upto: int | None = None):
        """The game after its first `upto` events (all by default)."""
        game = self.start()
        for event in self.events[:upto]:
            apply(game, event, self.kind)
        return game


def apply(game, event: str, kind: Kind | None = None) -> None:
    """Do one recorded event to a game of `kind` (by default a walking game's; ReplayError
    for one it cannot do)."""
    (kind or WALK).apply(game, event)


def start_walk(setup: GameSetup, check: str, starts, subject) -> WalkGame:
    """A walking game as it began: its maze (checked) and the players where they stood."""
    maze = played_maze(subject, check, lambda: build_maze(setup, setup.size))
    if starts is not None and not all(-1 <= cell < maze.size for cell in starts):
        raise ReplayError(f"the replay's start cells {starts} are not in the maze")
    return build_game(setup, maze, VirtualClock(), starts)


def capture_walk(setup: GameSetup, game: WalkGame) -> Captured:
    """A walking game's setup (seed and size concrete), maze checksum, start cells and the
    maze."""
    maze = game.maze
    setup = replace(setup.with_seed(), size=shape_of(maze))
    return (setup, walls_check(maze), (game.trail[0], getattr(game, "demon_start", -1)),
            kept_maze(setup, maze))


def apply_walk(game: WalkGame, event: str) -> None:
    """Do one recorded event to a walking game (ReplayError for one it cannot do)."""
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


#: The walking modes' replays (a campaign level plays as a walking mode).
WALK = Kind("walk", "mazegame.ui.widgets.replay_stages:WalkStage", capture_walk, start_walk,
            apply_walk)


def replayable(mode: str) -> bool:
    """Whether a mode's games can be replayed (its spec names a replay kind)."""
    spec = MODES.get(mode)
    return spec is not None and spec.replay is not None


def kind_of(mode: str) -> Kind:
    """The replay kind of a mode (ReplayError: a mode without replays)."""
    if not replayable(mode):
        raise ReplayError(f"the mode {mode!r} cannot be replayed")
    return load(MODES[mode].replay)
