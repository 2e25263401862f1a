"""How far a race's solvers have got: which one is running, its steps, and where they end.

The walking kernels write their steps to the control array as they go (`registry.new_control`);
the searches run in linear time and write nothing. A walker's end is unknown, but its
budget is not; the cheese's is about `cheese_estimate` ticks, which the bar fills towards.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mazegame.engine.graph import maze_graph
from mazegame.engine.grid import Maze
from mazegame.engine.solve import SOLVERS
from mazegame.engine.solve.graph_search import bfs_from


@dataclass(frozen=True)
class Leg:
    """One solver of a race, as the progress line tells it."""

    title: str
    index: int  #: 1-based place in the race
    count: int  #: solvers in the race
    unit: str  #: "ticks" (cheese), "steps" (walkers), "" (searches: no count while running)
    about: int | None = None  #: the steps it will probably take (the cheese), else None
    at_most: int | None = None  #: its budget (walkers), else None

    def fraction(self, steps: int) -> float | None:
        """How far along the bar is (None: no bar): the estimate, else the budget; never
        full before the solver has finished."""
        end = self.about or self.at_most
        return None if not end or not self.unit else min(0.99, steps / end)


def cheese_estimate(maze: Maze) -> int:
    """About how many ticks the cheese takes: the aroma needs d ticks to reach a rat d
    moves from the goal and the rat d more to walk there; past d of a thousand or so the
    aroma is too faint for a float64 for longer, and the wait grows as d^2 / 2000 (see
    `aroma.cheese_ticks`). How close it comes: docs/kernel-notes.md, Solvers."""
    dist, _, _ = bfs_from(maze_graph(maze).reversed(), np.array(maze.goals))
    d = int(dist[maze.start])  # -1: the aroma never gets there (0 returned: no estimate)
    return 0 if d < 0 else max(1, 2 * d, d + d * d // 2000)


def legs(maze: Maze, names: list[str], budget: int) -> dict[str, Leg]:
    """Each raced solver's leg, by title (what `race` announces)."""
    out = {}
    for i, name in enumerate(names, 1):
        spec = SOLVERS[name]
        if name == "cheese":
            out[spec.title] = Leg(spec.title, i, len(names), "ticks",
                                  about=cheese_estimate(maze) or None, at_most=budget)
        elif spec.walker:
            out[spec.title] = Leg(spec.title, i, len(names), "steps", at_most=budget)
        else:
            out[spec.title] = Leg(spec.title, i, len(names), "")
    return out
