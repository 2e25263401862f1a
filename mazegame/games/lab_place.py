"""Where the lab's solvers start and look for the goal: the player's placement and presets.

A generator puts start and goal on the outer wall, where a hand on the wall always gets
there. Suits' point is the other case: a goal whose walls do not hang on the outer wall
(an island of a maze with loops) is one a wall follower circles for ever. `middle_goal`
finds such a goal as near the middle as the maze has one; `place` checks a placement.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mazegame.engine.graph import maze_graph
from mazegame.engine.grid import Maze
from mazegame.engine.solve.graph_search import bfs_from
from mazegame.engine.solve.walkers import LEFT, RIGHT, hand_reach

MIDDLE = "middle"  #: the preset rule: the goal nearest the middle a hand cannot find


@dataclass(frozen=True)
class MiddleGoal:
    """The preset's goal and whether a wall follower from the start can never reach it."""

    cell: int
    beats_hands: bool


def centre(maze: Maze) -> int:
    """The cell nearest the middle of the maze (the upper left of a tie)."""
    return int(_by_distance_to_centre(maze)[0])


def reachable(maze: Maze) -> np.ndarray:
    """bool[n]: the cells the start can reach (what a search can find)."""
    dist, _, _ = bfs_from(maze_graph(maze), np.array([maze.start]))
    return dist >= 0


def _by_distance_to_centre(maze: Maze) -> np.ndarray:
    rows, cols = np.divmod(np.arange(maze.size), maze.width)
    d2 = (rows - (maze.height - 1) / 2) ** 2 + (cols - (maze.width - 1) / 2) ** 2
    return np.argsort(d2, kind="stable")


def middle_goal(maze: Maze) -> MiddleGoal:
    """The goal of the "goal in the middle" preset: of the cells the start can reach, the
    one nearest the middle that neither hand's wall follower sets foot in; when there is
    none (a perfect maze: every wall hangs on the outer wall), the middle itself."""
    hands = hand_reach(maze, LEFT) | hand_reach(maze, RIGHT)
    island = reachable(maze) & ~hands
    island[maze.start] = False
    if maze.solid is not None:
        island &= ~maze.solid.ravel()
    order = _by_distance_to_centre(maze)
    hits = order[island[order]]
    if len(hits):
        return MiddleGoal(int(hits[0]), True)
    open_cells = order if maze.solid is None else order[~maze.solid.ravel()[order]]
    cell = next(int(c) for c in open_cells if c != maze.start)
    return MiddleGoal(cell, False)


def place(maze: Maze, start: int, goal: int) -> Maze:
    """The maze with this start and this one goal; ValueError says why not (the same cell,
    rock, or off the maze)."""
    for name, cell in (("start", start), ("goal", goal)):
        if not 0 <= cell < maze.size:
            raise ValueError(f"the {name} is off the maze")
        if maze.solid is not None and maze.solid.flat[cell]:
            raise ValueError(f"the {name} cannot be rock")
    if start == goal:
        raise ValueError("the start and the goal must be different cells")
    return maze.copy(walls=maze.walls, start=int(start), goals=(int(goal),))


def middle_note(maze: Maze, goal: MiddleGoal) -> str:
    """What the preset did, in a sentence for the player."""
    r, c = maze.rc(goal.cell)
    if goal.beats_hands:
        return (f"Goal in the middle, at row {r}, column {c}: none of its walls hangs on the "
                "outer wall, so a hand on the wall goes round and round (race a wall "
                "follower, r).")
    return (f"Goal in the middle, at row {r}, column {c}. This maze has no loops, so every "
            "wall hangs on the outer wall and a hand on the wall still gets there: pick "
            "some loops on the left and build (g) to see it fail.")
