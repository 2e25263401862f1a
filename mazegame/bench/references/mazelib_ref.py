"""mazelib (optional: `pip install mazegame[bench]`), the library users compare against.

Each of our generators and solvers with a mazelib counterpart gets a reference call; without
mazelib installed there are none. mazelib's grids are (2h+1, 2w+1) arrays, 1 = wall, rooms at
odd coordinates: `to_bitmap` already draws a maze that way.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from mazegame.engine.grid import Maze, to_bitmap

#: Our generator -> mazelib's class (module mazelib.generate.<class>) doing the same thing.
GENERATORS = {
    "backtracker": "BacktrackingGenerator", "kruskal": "Kruskal", "wilson": "Wilsons",
    "aldous-broder": "AldousBroder", "prim": "Prims", "hunt-and-kill": "HuntAndKill",
    "growing-tree": "GrowingTree", "eller": "Ellers", "binary-tree": "BinaryTree",
    "sidewinder": "Sidewinder", "recursive-division": "Division",
}

#: The size mazelib's solvers are timed at: several of its algorithms grow quadratically
#: (its Kruskal takes minutes at 200x200), so they run at a modest size.
SIZE = (50, 50)
#: Its generators also at 200x200, the size users compare at; the slow ones stop at the
#: reference cap, and their row gives the ratio as a lower bound ("> N x").
GENERATOR_SIZES = (SIZE, (200, 200))

#: Our solver -> (mazelib package, class, size): its searches, and the dead-end filler (a
#: "transmuter" in mazelib) for our dead-end-fill. That one fills a single dead end per pass
#: (mazelib 0.9.16), so it gets a pass per cell, and a smaller maze: it is quadratic.
#: RandomMouse is left out: a random walk's time is its luck, and ours stops at a step
#: budget where mazelib's never does.
SOLVERS = {
    "bfs": ("solve", "ShortestPath", SIZE),
    "tremaux": ("solve", "Tremaux", SIZE),
    "dead-end-fill": ("transmute", "DeadEndFiller", (25, 25)),
}


def _mazelib_class(package: str, name: str):
    """mazelib's class `name` from mazelib.<package>, or None when mazelib is missing."""
    try:
        return getattr(import_module(f"mazelib.{package}.{name}"), name)
    except ImportError:
        return None


def generator(name: str, width: int, height: int) -> Callable[[], object] | None:
    """A call building a maze with mazelib's counterpart of generator `name`, or None."""
    cls = _mazelib_class("generate", GENERATORS[name]) if name in GENERATORS else None
    if cls is None:
        return None
    from mazelib import Maze as MazelibMaze

    def run():
        maze = MazelibMaze(1)  # seeds Python's and numpy's random, as mazelib does
        maze.generator = cls(height, width)  # every mazelib generator takes (h, w) first
        maze.generate()
        return maze.grid

    return run


def _room(maze: Maze, cell: int) -> tuple[int, int]:
    """A cell's room in mazelib's grid."""
    r, c = maze.rc(cell)
    return 2 * r + 1, 2 * c + 1


def solver(name: str, maze: Maze) -> Callable[[], object] | None:
    """A call running mazelib's counterpart of solver `name` on `maze`, or None."""
    if name not in SOLVERS:
        return None
    package, class_name, _ = SOLVERS[name]
    cls = _mazelib_class(package, class_name)
    if cls is None:
        return None
    import numpy as np

    grid = to_bitmap(maze).astype(np.int8)
    start, end = _room(maze, maze.start), _room(maze, maze.goals[0])
    if package == "transmute":
        return lambda: cls(maze.size).transmute(grid.copy(), start, end)
    return lambda: cls().solve(grid, start, end)
