"""Helpers shared across test modules: mazes for hypothesis, Suits' figures, a fake clock."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import strategies as st

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.grid import EAST, SOUTH, Maze, set_door

PERFECT = sorted(name for name, spec in GENERATORS.items() if spec.perfect)


def slow_among(values, *slow) -> list:
    """`values` to parametrize a test with, those in `slow` marked slow (over 10 s each:
    `-m "not slow"` skips them)."""
    return [pytest.param(v, marks=pytest.mark.slow) if v in slow else v for v in values]


def warm_strategy_kernels() -> None:
    """Compile (or load from numba's cache) every kernel the strategies call while they
    draw: each generator, braiding, wrapping, one-way doors, the grid's step, neighbour and
    set_door. A compile inside a draw takes seconds, which Hypothesis takes for a strategy
    too slow to use (`tests/conftest.py`'s `strategy_kernels` runs this once a session)."""
    from mazegame.engine.oneway import add_one_way_doors
    from mazegame.engine.warmup import run_task, warm_up

    warm_up(only=["maze"])
    for name in GENERATORS:
        run_task(lambda name=name: generate(name, 5, 5, 1))
    maze = generate("backtracker", 5, 5, 1, wrap_x=True, wrap_y=True, braid=0.5).maze

    def like_a_draw() -> None:
        for traps in (False, True):
            add_one_way_doors(maze, 0.5, 1, traps=traps)
        maze.neighbor(0, 0)
        maze.step(0, 0)
        set_door(maze.walls.copy(), True, True, 0, 0, False)

    run_task(like_a_draw)


class FakeClock:
    """A clock the test sets by hand (`clock.now = ...`)."""

    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def digraph(maze: Maze) -> nx.DiGraph:
    """The maze's moves as networkx sees them, built from `Maze.step` (independent of CSR)."""
    g = nx.DiGraph()
    g.add_nodes_from(range(maze.size))
    g.add_edges_from(
        (cell, maze.step(cell, d)) for cell in range(maze.size) for d in range(4)
        if maze.step(cell, d) != cell
    )
    return g


@st.composite
def perfect_mazes(draw, generators=PERFECT, wrap=False):
    """A perfect maze up to 15x15 with a random start and goal."""
    name = draw(st.sampled_from(generators))
    w, h = draw(st.integers(3 if wrap else 1, 15)), draw(st.integers(3 if wrap else 1, 15))
    maze = generate(name, w, h, draw(st.integers(0, 2**31 - 1)), wrap_x=wrap, wrap_y=wrap).maze
    cells = st.integers(0, maze.size - 1)
    return maze.copy(start=draw(cells), goals=(draw(cells),))


@st.composite
def one_way_mazes(draw):
    """A perfect maze with extra doors that open one way only (still strongly connected)."""
    maze = draw(perfect_mazes())
    walls = maze.walls.copy()
    for _ in range(draw(st.integers(1, 8))):
        cell = draw(st.integers(0, maze.size - 1))
        d = draw(st.integers(0, 3))
        if maze.neighbor(cell, d) >= 0:
            walls.flat[cell] &= ~np.uint8(1 << d)
    return maze.copy(walls=walls)


def suits_maze(doors, width=3, height=3, start=1, goal=None) -> Maze:
    """A closed maze from Suits-style door pairs (cells numbered from 1, row by row)."""
    maze = Maze.closed(width, height)
    for a, b in doors:
        a, b = a - 1, b - 1
        d = EAST if b == a + 1 else SOUTH
        set_door(maze.walls, False, False, a, d, True)
    return maze.copy(start=start - 1, goals=((goal or width * height) - 1,))


#: Suits fig. 15 (= fig. 20a): the loop 1-2-3-6-5-4, with 7, 8 below 4 and 9 below 6.
FIG15 = suits_maze([(1, 2), (2, 3), (1, 4), (3, 6), (4, 5), (5, 6), (4, 7), (7, 8), (6, 9)],
                   start=5, goal=9)


@st.composite
def braided_one_way_mazes(draw, traps=False):
    """A small braided maze (maybe wrapped, maybe with several goals) whose doors were made
    one-way by `engine.oneway.add_one_way_doors`: no trap cells unless `traps`."""
    from mazegame.engine.oneway import add_one_way_doors

    name = draw(st.sampled_from(sorted(n for n, s in GENERATORS.items() if s.wraps)))
    wrap_x, wrap_y = draw(st.booleans()), draw(st.booleans())
    w, h = draw(st.integers(3, 9)), draw(st.integers(3, 9))
    maze = generate(name, w, h, draw(st.integers(0, 2**31 - 1)), wrap_x=wrap_x, wrap_y=wrap_y,
                    braid=draw(st.sampled_from([0.0, 0.3, 1.0]))).maze
    cells = st.integers(0, maze.size - 1)
    maze = maze.copy(start=draw(cells), goals=tuple(draw(st.sets(cells, min_size=1, max_size=3))))
    return add_one_way_doors(maze, draw(st.sampled_from([0.1, 0.25, 0.5, 1.0])),
                             draw(st.integers(0, 2**31 - 1)), traps=traps)


def solved_every_maze(n: int, m: int, method: str, seed: int, time_limit: float,
                      progress=None):
    """`allmazes.search.solve` until its sequence is verified: first with `time_limit`, then
    with ten and a hundred times it. A search stops at its limit, verified or not, so one
    limit would make a test's verdict depend on the machine's speed (a busy machine gets
    less done in 3 s); this way only its duration does."""
    from mazegame.engine.allmazes.search import solve

    for limit in (time_limit, 10 * time_limit, 100 * time_limit):
        result = solve(n, m, method, seed=seed, time_limit=limit, progress=progress)
        if result.verified:
            break
    return result
