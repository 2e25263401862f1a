"""Maze solvers: one module per family, all in one registry, run through `solve`."""

from __future__ import annotations

from mazegame.engine.grid import Maze
from mazegame.engine.solve import graph_search  # noqa: F401  (registers its solvers)
from mazegame.engine.solve.registry import SOLVERS, Solution, SolverSpec, register

__all__ = ["SOLVERS", "Solution", "SolverSpec", "register", "solve"]


def solve(name: str, maze: Maze, *, record: bool = False) -> Solution:
    """Run the named solver on a maze."""
    spec = SOLVERS.get(name)
    if spec is None:
        raise ValueError(f"unknown solver {name!r}; known: {', '.join(SOLVERS)}")
    if not spec.directed and (maze.wrap_x or maze.wrap_y or maze.is_one_way):
        raise ValueError(f"solver {name!r} needs a bounded maze with two-way doors")
    return spec.run(maze, record)
