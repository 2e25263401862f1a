"""Maze solvers: one module per family, all in one registry, run through `solve`."""

from __future__ import annotations

import numpy as np

from mazegame.engine.grid import Maze
from mazegame.engine.solve import (  # noqa: F401  (each registers its solvers)
    aroma,
    astar,
    graph_search,
    pledge,
    tremaux,
    walkers,
)
from mazegame.engine.solve.registry import (
    BUDGET,
    NOTE_TEXT,
    SOLVERS,
    STEP_CAP,
    STOP_CODES,
    Solution,
    SolveOptions,
    SolverSpec,
    cancel,
    new_control,
    no_turns_message,
    register,
    square_only_message,
)
from mazegame.engine.trace import NOTE

__all__ = [
    "SOLVERS", "Solution", "SolveOptions", "SolverSpec", "cancel", "new_control", "register",
    "solve",
]

#: Menu order: Suits' methods in the order of his text, then the later ones.
ORDER = (
    "random-walk", "left-hand", "right-hand", "hand-switch", "lru-doors", "bfs",
    "bfs-from-goal", "tremaux", "cheese", "pledge", "dead-end-fill", "astar",
    "bidirectional-bfs",
)
_rank = {name: i for i, name in enumerate(ORDER)}
for _spec in sorted(SOLVERS.values(), key=lambda s: _rank.get(s.name, len(ORDER))):
    SOLVERS[_spec.name] = SOLVERS.pop(_spec.name)


def handles(name: str, maze: Maze) -> bool:
    """Whether the named solver takes this maze: wall followers and their kin need a bounded
    maze with two-way doors (no wrap-around, no one-way doors); a maze on a board
    (`engine.board_maze.BoardMaze`) needs a solver with `boards`."""
    spec = SOLVERS[name]
    if not isinstance(maze, Maze):
        turns = not spec.turns or maze.board.spec.clockwise is not None
        return spec.boards and turns and (spec.directed or not maze.is_one_way)
    return spec.directed or not (maze.wrap_x or maze.wrap_y or maze.is_one_way)


def solve(
    name: str,
    maze: Maze,
    *,
    record: bool = False,
    seed: int = 0,
    budget: int | None = None,
    facing: int | None = None,
    control: np.ndarray | None = None,
) -> Solution:
    """Run the named solver on a maze (see `SolveOptions` for seed, budget, facing and
    control: the cancel flag and progress of `new_control`).

    Without a budget a walker gets `default_budget` steps, and running out of them is
    reported as the step cap ("step-cap") rather than the caller's budget ("budget").
    """
    spec = SOLVERS.get(name)
    if spec is None:
        raise ValueError(f"unknown solver {name!r}; known: {', '.join(SOLVERS)}")
    if not isinstance(maze, Maze) and not spec.boards:
        raise ValueError(square_only_message(name, maze))
    if not isinstance(maze, Maze) and spec.turns and maze.board.spec.clockwise is None:
        raise ValueError(no_turns_message(name, maze))
    if not handles(name, maze):
        raise ValueError(
            f"solver {name!r} needs a bounded maze with two-way doors "
            "(no wrap-around, no one-way doors)"
        )
    spec.check_budget(budget, maze.size)
    result = spec.run(maze, record, SolveOptions(seed, budget, facing, control))
    if budget is None and result.extra.get("status") == BUDGET:
        _as_step_cap(result)
    return result


def _as_step_cap(result: Solution) -> None:
    """Report a default budget that ran out as the step cap (in the trace's notes too)."""
    result.extra["status"] = STEP_CAP
    result.stop = STOP_CODES[STEP_CAP]
    result.reason = NOTE_TEXT[STEP_CAP]
    if result.trace is not None:
        ev = result.trace.events
        ev[(ev[:, 0] == NOTE) & (ev[:, 2] == BUDGET), 2] = STEP_CAP
