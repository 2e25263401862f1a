"""scipy.sparse.csgraph as a second oracle beside networkx: BFS distances and parents, the
all-pairs table M^d, and the count of connected components, on mazes with loops, one-way
doors, wrap-around and rock. The move graph scipy reads is built from `Maze.step`, not the
CSR kernel, so a wrong edge in either shows up."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.sparse import csgraph, csr_matrix

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.graph import bfs, maze_graph, path_to
from mazegame.engine.grid import Maze
from mazegame.engine.matrices import distance_matrix
from mazegame.engine.solve.graph_search import bfs_from
from mazegame.engine.stats import components
from tests.helpers import PERFECT, braided_one_way_mazes, one_way_mazes, perfect_mazes

pytestmark = pytest.mark.usefixtures("strategy_kernels")  # before any draw

WRAPPING = [name for name in PERFECT if GENERATORS[name].wraps]


@st.composite
def caverns(draw):
    """A cavern: rock cells that no move enters."""
    side = draw(st.sampled_from([5, 7, 9]))
    return generate("cavern", side, side, draw(st.integers(0, 2**31 - 1))).maze


any_maze = st.one_of(perfect_mazes(), perfect_mazes(WRAPPING, wrap=True), one_way_mazes(),
                     braided_one_way_mazes(), caverns())


def step_matrix(maze: Maze) -> csr_matrix:
    """The moves `Maze.step` allows, as a sparse 0/1 matrix (row: from, column: to)."""
    rows, cols = zip(*{(c, maze.step(c, d)) for c in range(maze.size) for d in range(4)
                       if maze.step(c, d) != c} or {(0, 0)}, strict=True)
    data = np.array([0 if r == c else 1 for r, c in zip(rows, cols, strict=True)], np.int8)
    return csr_matrix((data, (rows, cols)), shape=(maze.size, maze.size))


def scipy_distances(matrix: csr_matrix, sources) -> np.ndarray:
    """Fewest moves from the nearest source, -1 where none reaches."""
    table = csgraph.shortest_path(matrix, unweighted=True, indices=list(sources))
    near = np.atleast_2d(table).min(axis=0)
    return np.where(np.isinf(near), -1, near).astype(np.int64)


@settings(deadline=None, max_examples=30)
@given(maze=any_maze, data=st.data())
def test_bfs_distances_and_parents_agree_with_scipy(maze, data):
    source = data.draw(st.integers(0, maze.size - 1))
    dist, parent, _ = bfs(maze_graph(maze), source)
    assert dist.tolist() == scipy_distances(step_matrix(maze), [source]).tolist()
    for cell in np.flatnonzero(dist > 0):  # each parent is one move back, one label less
        assert dist[parent[cell]] == dist[cell] - 1
        assert any(maze.step(int(parent[cell]), d) == cell for d in range(4))
        assert len(path_to(dist, parent, int(cell))) == dist[cell] + 1


@settings(deadline=None, max_examples=20)
@given(maze=any_maze, data=st.data())
def test_bfs_from_several_sources_is_the_nearest_sources_distance(maze, data):
    sources = data.draw(st.lists(st.integers(0, maze.size - 1), min_size=1, max_size=4))
    dist, parent, _ = bfs_from(maze_graph(maze), sources)
    assert dist.tolist() == scipy_distances(step_matrix(maze), sorted(set(sources))).tolist()
    assert all(parent[s] == -1 for s in sources)


@settings(deadline=None, max_examples=15)
@given(maze=any_maze)
def test_all_pairs_table_is_scipys_shortest_path(maze):
    table = csgraph.shortest_path(step_matrix(maze), unweighted=True)
    expected = np.where(np.isinf(table), -1, table).astype(np.int32)
    assert np.array_equal(distance_matrix(maze), expected)


@settings(deadline=None, max_examples=20)
@given(maze=any_maze)
def test_component_count_is_scipys(maze):
    alive = np.ones(maze.size, dtype=np.bool_) if maze.solid is None else ~maze.solid.ravel()
    matrix = step_matrix(maze)
    _, labels = csgraph.connected_components(matrix, directed=True, connection="weak")
    assert components(maze_graph(maze), alive) == len(set(labels[alive].tolist()))
