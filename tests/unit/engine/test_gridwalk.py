"""The walk that never turns back (`gridwalk`) is exact where it says so, and says when it
is not: a maze with loops, sources given twice, two sources in one tree. Where it is exact,
its labels, parents and meeting are the move graph's BFS (the oracle)."""

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.engine.generate import generate
from mazegame.engine.graph import bfs, maze_graph
from mazegame.engine.gridbfs import maze_sides
from mazegame.engine.gridwalk import tree_bfs, tree_bidirectional
from mazegame.engine.solve.graph_search import bidirectional


def _sources(*cells):
    return np.array(cells, dtype=np.int64)


@settings(max_examples=40, deadline=None)
@given(w=st.integers(1, 12), h=st.integers(1, 12), seed=st.integers(0, 10**6),
       wrap_x=st.booleans(), wrap_y=st.booleans(), where=st.floats(0, 1))
def test_a_perfect_maze_is_walked_exactly(w, h, seed, wrap_x, wrap_y, where):
    wrap_x, wrap_y = wrap_x and w >= 3, wrap_y and h >= 3
    maze = generate("kruskal", w, h, seed, wrap_x=wrap_x, wrap_y=wrap_y).maze
    source = min(int(where * maze.size), maze.size - 1)
    dist, parent, exact = tree_bfs(maze_sides(maze), w, _sources(source))
    assert exact
    want_dist, want_parent, _ = bfs(maze_graph(maze), source)
    assert np.array_equal(dist, want_dist) and np.array_equal(parent, want_parent)


def test_a_loop_stops_the_walk():
    maze = generate("kruskal", 9, 7, 3, braid=1.0).maze
    sides = maze_sides(maze)
    assert not tree_bfs(sides, 9, _sources(0))[2]
    assert not tree_bidirectional(sides, 9, 0, _sources(62))[5]


@pytest.mark.parametrize("sources", [(4, 4), (0, 62)])
def test_a_cell_reached_two_ways_stops_the_walk(sources):
    """A source given twice, or two sources of one tree (each walk reaches the other)."""
    maze = generate("kruskal", 9, 7, 3).maze
    assert not tree_bfs(maze_sides(maze), 9, _sources(*sources))[2]


def test_cells_it_never_reaches_have_no_label_and_no_parent():
    maze = generate("kruskal", 6, 5, 1).maze
    solid = np.zeros((5, 6), dtype=np.bool_)
    solid[:, 3] = True  # a wall of rock: the right half is out of reach from cell 0
    rocky = dataclasses.replace(maze, solid=solid)
    dist, parent, exact = tree_bfs(maze_sides(rocky), 6, _sources(0))
    want_dist, want_parent, _ = bfs(maze_graph(rocky), 0)
    assert exact and np.array_equal(dist, want_dist) and np.array_equal(parent, want_parent)
    assert (dist[3::6] == -1).all() and (parent[3::6] == -1).all()


@pytest.mark.parametrize("seed", range(6))
def test_the_two_walks_meet_where_the_bidirectional_search_meets(seed):
    maze = generate("wilson", 23, 17, seed).maze
    goals = _sources(maze.size - 1)
    graph = maze_graph(maze)
    rev = graph.reversed()
    *want, _ = bidirectional(graph.indptr, graph.indices, rev.indptr, rev.indices, 0, goals,
                             False, np.empty((0, 3), dtype=np.int32))
    *got, exact = tree_bidirectional(maze_sides(maze), 23, 0, goals)
    assert exact and got[0] == want[0] >= 0
    assert all(np.array_equal(a, b) for a, b in zip(got[1:], want[1:], strict=True))


def test_its_python_twin_walks_the_same():
    """A game that cannot wait for the compiler runs the kernels' Python source."""
    maze = generate("kruskal", 7, 5, 2, wrap_x=True).maze
    sides = maze_sides(maze)
    for compiled, python in zip(tree_bfs(sides, 7, _sources(3)),
                                tree_bfs.py_func(sides, 7, _sources(3)), strict=True):
        assert np.array_equal(compiled, python)
