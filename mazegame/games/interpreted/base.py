"""What every interpreted maze shares: scenes, options, and the registry of kinds.

A Scene is one cell as the player meets it: a line of text and one Option for each of the
four sides, open or closed, in the order shown. An open option leads through its door to a
neighbouring cell; a closed one leads nowhere (the kind says how it refuses). Everything is
a pure function of (maze, seed, cell): the same seed gives the same game, word for word.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from mazegame.engine.grid import Maze

DOOR_LETTERS = "NESW"  #: side d (0..3, engine.grid's N, E, S, W) as the export names it


@dataclass(frozen=True)
class Option:
    """One choice in a scene: the side of the cell it stands for and what the player sees."""

    door: int  #: 0..3 = N, E, S, W
    open: bool
    text: str
    to: int | None = None  #: the cell it leads to (None: a closed door)
    value: float | None = None  #: trading: what the item offered is worth
    difficulty: int | None = None  #: instructional: how hard the problem is
    extra: dict = field(default_factory=dict, compare=False)  #: a kind's own data (a problem)


@dataclass(frozen=True)
class Scene:
    """One cell as the player meets it: its text and its four options, in display order."""

    cell: int
    text: str
    options: tuple[Option, ...]


class Interpretation(Protocol):
    """A kind of interpreted maze: builds the scene of any cell, deterministically."""

    kind: str

    def scene(self, cell: int) -> Scene:
        """The scene of a cell (the same every time it is asked)."""
        ...


def goal_distances(maze: Maze):
    """Moves from each cell to the nearest goal (-1: none), over the directed door graph."""
    from mazegame.engine.oneway import goal_distances as distances

    return distances(maze)
