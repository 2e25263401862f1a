"""What every kind of replay shares: its error, its clock, and the `Kind` a family of modes
registers (how its games are captured, rebuilt and stepped through their events)."""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mazegame.engine.grid import Maze
from mazegame.games.setup import GameSetup


class ReplayError(ValueError):
    """A recording that cannot be read or played back (said in words)."""


class VirtualClock:
    """A replay's clock: each reading a long beat (BEAT s) after the last, so a move never
    comes "too early" (the moves recorded are the ones the real clock let through)."""

    BEAT = 1000.0

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.BEAT
        return self.now


def shape_of(maze) -> tuple[int, int]:
    """(width, height) a maze was asked for: a square maze's, or a board maze's rows (kept
    in its `meta` by `GameSetup.build`)."""
    if hasattr(maze, "board"):
        return tuple(maze.meta.get("size", (maze.size, 1)))
    return maze.width, maze.height


def walls_check(maze: Maze) -> str:
    """A short checksum of a maze's walls (a board maze's doors) and size: a replay knows it
    rebuilt the same maze (the start is left out: a chase places its players on the maze it
    is given)."""
    width, height = shape_of(maze)
    cells = maze.doors if hasattr(maze, "board") else maze.walls
    return f"{width}x{height}:{zlib.crc32(cells.tobytes()):08x}"


def kept_maze(setup: GameSetup, maze: Maze) -> str | None:
    """The maze a recording keeps (a maze document), so that a generator made faster or
    fairer later cannot take a player's replay away; None when its level is kept already."""
    from mazegame.engine.mazefile import to_document

    if setup.level is not None or hasattr(maze, "board"):  # (a board: rebuilt from its seed)
        return None
    return json.dumps(to_document(maze),
                                                            separators=(",", ":"))


def played_maze(kept: str | None, check: str, rebuild: Callable[[], Maze]) -> Maze:
    """The maze a recording was played on: the one it kept, else (recordings made before
    mazes were kept) the one its setup builds now; ReplayError if it is not the one played."""
    from mazegame.engine.mazefile import from_document, parse_json

    if kept is None:
        maze = rebuild()
    else:
        try:
            maze = from_document(parse_json(kept))
        except ValueError as err:  # MazeFormatError and JSON errors alike
            raise ReplayError(f"the replay's maze cannot be read ({err})") from None
    if walls_check(maze) != check:
        raise ReplayError("the maze of this replay could not be rebuilt (it was made by "
                          "another version of its generator)")
    return maze


#: What a recording keeps besides the events: the setup (seed and size concrete), a check
#: that the rebuilt game is the one played, where the players began (a chase's; else None),
#: and the thing played when no setup rebuilds it (a jumping puzzle's JSON; else None).
Captured = tuple[GameSetup, str, "tuple[int, int] | None", "str | None"]


@dataclass(frozen=True)
class Kind:
    """A family of modes whose games replay alike (a mode's spec names its kind:
    `ModeSpec.replay`)."""

    name: str  #: "walk", "interpreted", "jump", "blindfold"
    #: "module:attr" of the replay screen's stage, `(view name) -> widget` (in mazegame.ui)
    stage: str
    #: (setup, the finished game) -> what the recording keeps (`Captured`).
    capture: Callable[[GameSetup, Any], Captured]
    #: (setup, check, starts, subject) -> the game before its first event (ReplayError if
    #: it cannot be rebuilt as it was).
    start: Callable[[GameSetup, str, Any, Any], Any]
    #: (game, event) -> None: do one recorded event (ReplayError for one that does not fit).
    apply: Callable[[Any, str], None]
