"""Solvers that need no geometry: they run on the maze's CSR move graph."""

from __future__ import annotations

import numpy as np

from mazegame.engine.graph import bfs, maze_graph, path_to
from mazegame.engine.grid import Maze
from mazegame.engine.solve.registry import Solution, SolverSpec, register
from mazegame.engine.trace import Trace


def solve_bfs(maze: Maze, record: bool = False) -> Solution:
    """Suits' breadth-first labelling from the start; the path runs back down the labels."""
    dist, parent, events = bfs(maze_graph(maze), maze.start, record)
    reached = [g for g in maze.goals if dist[g] >= 0]
    goal = min(reached, key=lambda g: dist[g]) if reached else None
    path = path_to(dist, parent, goal) if goal is not None else []
    return Solution(
        "bfs",
        found=goal is not None,
        path=path,
        visited=int(np.count_nonzero(dist >= 0)),
        trace=Trace(events, maze) if record else None,
        reason="" if reached else "no goal can be reached from the start",
        extra={"distances": dist},
    )


register(SolverSpec(
    "bfs", "Breadth-first labelling", solve_bfs,
    "Label the start 0, its neighbours 1, theirs 2 ... until the goal gets a label; then walk "
    "back down the labels. Always finds a shortest path.",
    "Suits, Playing With Mazes (1994), section 3.4",
    shortest=True,
))
