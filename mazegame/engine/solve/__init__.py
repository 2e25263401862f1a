"""Maze solvers: one module per family, all in one registry, run through `solve`."""

from __future__ import annotations

from mazegame.engine.grid import Maze
from mazegame.engine.solve import (  # noqa: F401  (each registers its solvers)
    aroma,
    graph_search,
    tremaux,
    walkers,
)
from mazegame.engine.solve.registry import SOLVERS, Solution, SolveOptions, SolverSpec, register

__all__ = ["SOLVERS", "Solution", "SolveOptions", "SolverSpec", "register", "solve"]

#: Menu order: Suits' methods in the order of his text, then the later ones.
ORDER = (
    "random-walk", "left-hand", "right-hand", "hand-switch", "lru-doors", "bfs",
    "bfs-from-goal", "tremaux", "cheese", "pledge", "dead-end-fill", "astar",
    "bidirectional-bfs",
)
_rank = {name: i for i, name in enumerate(ORDER)}
for _spec in sorted(SOLVERS.values(), key=lambda s: _rank.get(s.name, len(ORDER))):
    SOLVERS[_spec.name] = SOLVERS.pop(_spec.name)


def solve(
    name: str,
    maze: Maze,
    *,
    record: bool = False,
    seed: int = 0,
    budget: int | None = None,
    facing: int | None = None,
) -> Solution:
    """Run the named solver on a maze (see `SolveOptions` for seed, budget and facing)."""
    spec = SOLVERS.get(name)
    if spec is None:
        raise ValueError(f"unknown solver {name!r}; known: {', '.join(SOLVERS)}")
    if not spec.directed and (maze.wrap_x or maze.wrap_y or maze.is_one_way):
        raise ValueError(
            f"solver {name!r} needs a bounded maze with two-way doors "
            "(no wrap-around, no one-way doors)"
        )
    if budget is not None and budget < 0:
        raise ValueError("the step budget cannot be negative")
    return spec.run(maze, record, SolveOptions(seed, budget, facing))
