"""Dead-end filling: the cells it fills against a networkx peel (remove any cell with at
most one neighbour left, not an end, until none is), on braided mazes, rock, several goals,
walled-in cells and pairs; its trace marks each filled cell once."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.engine.generate import generate
from mazegame.engine.grid import Maze
from mazegame.engine.solve import solve
from mazegame.engine.trace import Op
from tests.helpers import PERFECT, digraph

pytestmark = pytest.mark.usefixtures("strategy_kernels")  # before any draw


def peeled(maze: Maze) -> set[int]:
    """networkx: the cells a peel removes (rock is never removed, and has no moves in)."""
    g = digraph(maze).to_undirected()
    rock = set(np.flatnonzero(maze.rock)) if maze.rock.size else set()
    g.remove_nodes_from(rock)
    ends = {maze.start, *maze.goals}
    gone: set[int] = set()
    while True:
        loose = [v for v in g if g.degree(v) <= 1 and v not in ends]
        if not loose:
            return gone
        gone.update(loose)
        g.remove_nodes_from(loose)


@st.composite
def fill_mazes(draw):
    """Braided mazes of any perfect generator, or caverns (rock), with a random start and
    one to three goals; sometimes a few more walls, for pockets and loose pairs of cells."""
    w, h = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    seed = draw(st.integers(0, 2**31 - 1))
    if draw(st.booleans()) and w >= 3 and h >= 3:
        maze = generate("cavern", w | 1, h | 1, seed).maze
    else:
        braid = draw(st.sampled_from([0.0, 0.3, 1.0]))
        maze = generate(draw(st.sampled_from(PERFECT)), w, h, seed, braid=braid).maze
    walls = maze.walls.copy()
    for _ in range(draw(st.integers(0, 4))):  # a wall from both sides: doors stay two-way
        cell, d = draw(st.integers(0, maze.size - 1)), draw(st.integers(0, 3))
        nb = maze.neighbor(cell, d)
        if nb >= 0:
            walls.flat[cell] |= np.uint8(1 << d)
            walls.flat[nb] |= np.uint8(1 << (d ^ 2))
    cells = st.integers(0, maze.size - 1)
    goals = tuple(draw(st.sets(cells, min_size=1, max_size=3)))
    return maze.copy(walls=walls, start=draw(cells), goals=goals)


@settings(deadline=None, max_examples=120)
@given(maze=fill_mazes())
def test_fills_what_a_peel_removes(maze):
    result = solve("dead-end-fill", maze)
    filled = set(np.flatnonzero(result.extra["filled"]))
    assert filled == peeled(maze)
    traced = solve("dead-end-fill", maze, record=True)
    marked = [int(cell) for op, cell, _ in traced.trace.events if op == Op.MARK]
    assert sorted(marked) == sorted(filled)  # each filled cell marked once, in some order
    assert traced.path == result.path


def test_a_pair_of_cells_walled_off_is_filled_once():
    """Two cells joined only to each other: both are dead ends; the walk from the first
    fills the second too, and the scan must not start again from it."""
    maze = Maze.closed(4, 1).copy(start=0, goals=(1,))
    maze.walls[0, 2] &= ~np.uint8(2)  # 2 <-> 3 only
    maze.walls[0, 3] &= ~np.uint8(8)
    maze.walls[0, 0] &= ~np.uint8(2)  # 0 <-> 1: start and goal
    maze.walls[0, 1] &= ~np.uint8(8)
    result = solve("dead-end-fill", maze)
    assert set(np.flatnonzero(result.extra["filled"])) == {2, 3}
    assert result.path == [0, 1]
