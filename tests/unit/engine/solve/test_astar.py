"""A* with its bucket queue: shortest paths against networkx on braided, wrapped and one-way
mazes with several goals; each cell expanded at most once; no cell expanded beyond the
goal's f (what makes it A* and not a breadth-first search)."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.oneway import add_one_way_doors
from mazegame.engine.solve import solve
from mazegame.engine.trace import Op
from tests.helpers import digraph

pytestmark = pytest.mark.usefixtures("strategy_kernels")  # before any draw

WRAPPING = sorted(name for name, spec in GENERATORS.items() if spec.perfect and spec.wraps)


@st.composite
def search_mazes(draw):
    """Braided mazes, wrapped or not, some with one-way doors, a random start, 1-3 goals."""
    w, h = draw(st.integers(3, 14)), draw(st.integers(3, 14))
    wrap = draw(st.booleans())
    maze = generate(draw(st.sampled_from(WRAPPING)), w, h, draw(st.integers(0, 2**31 - 1)),
                    wrap_x=wrap, wrap_y=wrap, braid=draw(st.sampled_from([0.0, 0.5, 1.0]))).maze
    if draw(st.booleans()):
        maze = add_one_way_doors(maze, draw(st.sampled_from([0.1, 0.4])), draw(st.integers(0, 99)))
    cells = st.integers(0, maze.size - 1)
    return maze.copy(start=draw(cells), goals=tuple(draw(st.sets(cells, min_size=1, max_size=3))))


@settings(deadline=None, max_examples=150)
@given(maze=search_mazes())
def test_astar_finds_a_shortest_path_expanding_each_cell_once(maze):
    lengths = nx.single_source_shortest_path_length(digraph(maze), maze.start)
    reachable = [lengths[g] for g in maze.goals if g in lengths]
    result = solve("astar", maze, record=True)
    if not reachable:
        assert not result.found
        return
    assert result.found and result.length == min(reachable)
    assert result.path[0] == maze.start and result.path[-1] in maze.goals
    expanded = [int(cell) for op, cell, _ in result.trace.events if op == Op.AT]
    assert len(expanded) == len(set(expanded))
    distances = result.extra["distances"]
    assert np.all(distances[expanded] >= 0)
    assert all(distances[v] + guess(maze, v) <= result.length for v in expanded)


def guess(maze, cell: int) -> int:
    """Grid moves to the nearest goal, ignoring walls (shorter across a wrapped edge)."""
    r, c = divmod(cell, maze.width)
    best = maze.width + maze.height
    for goal in maze.goals:
        dr, dc = abs(goal // maze.width - r), abs(goal % maze.width - c)
        if maze.wrap_y:
            dr = min(dr, maze.height - dr)
        if maze.wrap_x:
            dc = min(dc, maze.width - dc)
        best = min(best, dr + dc)
    return best
