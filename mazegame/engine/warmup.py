"""Compile (or load from numba's cache) every kernel a game needs, on tiny inputs.

The app runs this in a thread worker at launch so the first maze appears at once.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator


def warm_up_tasks() -> Iterator[tuple[str, Callable[[], object]]]:
    """(label, call) pairs; each call compiles one kernel family. What the first game off
    the menu needs (the default generator and BFS) comes first, the demon next."""
    from mazegame.engine.generate import GENERATORS, generate
    from mazegame.engine.solve import SOLVERS, solve

    yield "the first maze", _warm_first_maze
    yield "the demon", _warm_demon
    for name in GENERATORS:
        yield f"generator {name}", lambda name=name: generate(name, 5, 5, 1, record=True)
    yield "jumping mazes", _warm_jump
    for name in SOLVERS:
        yield f"solver {name}", lambda name=name: solve(
            name, generate("backtracker", 4, 4, 1).maze, record=True
        )


def warm_up(progress: Callable[[int, int, str], None] | None = None) -> None:
    """Run every warm-up task, reporting (done, total, label) after each."""
    tasks = list(warm_up_tasks())
    for done, (label, call) in enumerate(tasks, 1):
        with contextlib.suppress(ValueError):  # a kernel refusing a 4x4 maze still compiled
            call()
        if progress:
            progress(done, len(tasks), label)


def _warm_jump() -> None:
    from mazegame.engine.jump.design import design
    from mazegame.engine.jump.file import from_text
    from mazegame.engine.jump.model import solve

    solve(from_text("1 1\n1 G\n"))
    design(4, "rook", 0)


def _warm_first_maze() -> None:
    from mazegame.engine.generate import generate
    from mazegame.engine.graph import bfs, maze_graph

    maze = generate("backtracker", 5, 5, 1, braid=0.5).maze
    bfs(maze_graph(maze), maze.start)


def _warm_demon() -> None:
    from mazegame.engine.demon import DemonBrain
    from mazegame.engine.generate import generate
    from mazegame.engine.personalities import PERSONALITIES, make_demon

    maze = generate("backtracker", 6, 6, 1).maze
    for strategy in ("on-demand", "all-pairs"):
        brain = DemonBrain(maze, strategy)
        for name in PERSONALITIES:
            make_demon(name, maze, brain).step(maze.size - 1, 0)
