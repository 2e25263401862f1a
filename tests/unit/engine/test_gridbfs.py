"""The maze's own BFS (`gridbfs`): the walk that never turns back is exact where it says
so, and says when it is not (a maze with loops, sources given twice, two sources in one
tree); the searches built on it give exactly the move graph's BFS, forwards, backwards and
from both ends at once (the same distances, parents and meeting cell) on every kind of maze
(wrap, one-way doors, rock, loops), and networkx's distances."""

import dataclasses

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.engine.generate import generate
from mazegame.engine.graph import bfs, maze_graph, maze_graph_reversed
from mazegame.engine.gridbfs import (
    bfs_maze,
    bfs_maze_reversed,
    maze_sides,
    sides_graph,
    tree_bfs,
    tree_bidirectional,
)
from mazegame.engine.oneway import add_one_way_doors
from mazegame.engine.solve.graph_search import bidirectional, bidirectional_maze
from tests.helpers import braided_one_way_mazes, digraph, one_way_mazes, perfect_mazes


def _sources(*cells):
    return np.array(cells, dtype=np.int64)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(algo=st.sampled_from(["backtracker", "kruskal", "prim", "cavern"]),
       w=st.integers(1, 9), h=st.integers(1, 9), seed=st.integers(0, 10**6),
       wrap_x=st.booleans(), wrap_y=st.booleans(), braid=st.sampled_from([0.0, 0.5]),
       one_way=st.sampled_from([0.0, 0.4]), where=st.floats(0, 1))
def test_the_grid_bfs_is_the_graph_bfs(algo, w, h, seed, wrap_x, wrap_y, braid, one_way,
                                       where):
    wrap_x, wrap_y = wrap_x and w >= 3, wrap_y and h >= 3
    try:
        maze = generate(algo, w, h, seed, braid=braid, wrap_x=wrap_x, wrap_y=wrap_y).maze
    except ValueError:  # a size this generator cannot build
        return
    if one_way:
        maze = add_one_way_doors(maze, one_way, seed, traps=True)
    source = min(int(where * maze.size), maze.size - 1)
    dist, parent, _ = bfs(maze_graph(maze), source)
    grid_dist, grid_parent = bfs_maze(maze, source)
    assert np.array_equal(dist, grid_dist) and np.array_equal(parent, grid_parent)
    dist, parent, _ = bfs(maze_graph_reversed(maze), source)  # towards the source
    grid_dist, grid_parent = bfs_maze_reversed(maze, source)
    assert np.array_equal(dist, grid_dist) and np.array_equal(parent, grid_parent)
    goals = np.array(sorted({maze.size - 1 - source, source // 2}), dtype=np.int64)
    graph, rev = maze_graph(maze), maze_graph_reversed(maze)
    *csr, _ = bidirectional(graph.indptr, graph.indices, rev.indptr, rev.indices,
                            maze.start, goals, False, np.empty((0, 3), dtype=np.int32))
    *grid, _ = bidirectional_maze(maze, maze.start, goals)
    assert csr[0] == grid[0]
    assert all(np.array_equal(a, b) for a, b in zip(csr[1:], grid[1:], strict=True))


@pytest.mark.parametrize("sources", [[0], [0, 11], [5, 17, 23]])
def test_several_sources_at_once(sources):
    maze = generate("wilson", 6, 4, 3, braid=0.3).maze
    dist, parent, _ = bfs(maze_graph(maze), np.array(sources))
    grid_dist, grid_parent = bfs_maze(maze, sources)
    assert np.array_equal(dist, grid_dist) and np.array_equal(parent, grid_parent)


def test_the_fallback_graph_of_the_sides_is_the_move_graph():
    """A maze with loops is searched over the move graph of its sides' bytes."""
    for maze in (generate("kruskal", 7, 5, 2, braid=0.4, wrap_x=True).maze,
                 add_one_way_doors(generate("kruskal", 6, 6, 5, braid=0.5, wrap_y=True).maze,
                                   0.4, 5)):
        want = maze_graph(maze)
        for got in (sides_graph(maze_sides(maze), maze.width),
                    sides_graph.py_func(maze_sides(maze), maze.width)):
            assert np.array_equal(got[0], want.indptr) and np.array_equal(got[1], want.indices)


@pytest.mark.parametrize("wrap", [False, True])
def test_one_way_doors_are_told_from_two_way_ones(wrap):
    from mazegame.engine.gridbfs import two_way

    maze = generate("kruskal", 8, 6, 4, braid=0.5, wrap_x=wrap, wrap_y=wrap).maze
    assert two_way(maze.walls, maze.wrap_x, maze.wrap_y)
    doors = add_one_way_doors(maze, 0.4, 4)
    assert not np.array_equal(doors.walls, maze.walls)
    assert not two_way(doors.walls, doors.wrap_x, doors.wrap_y)


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


any_maze = st.one_of(perfect_mazes(), perfect_mazes(["kruskal", "backtracker"], wrap=True),
                     one_way_mazes(), braided_one_way_mazes())


@pytest.mark.usefixtures("strategy_kernels")
@settings(deadline=None, max_examples=30)
@given(maze=any_maze, data=st.data())
def test_the_searches_give_networkx_distances(maze, data):
    """The oracle for the searches the solvers run without a trace (the walk, or the move
    graph where it stops), on mazes with loops, wrap-around and one-way doors."""
    source = data.draw(st.integers(0, maze.size - 1))
    moves = digraph(maze)
    want = nx.single_source_shortest_path_length(moves, source)
    dist, _ = bfs_maze(maze, source)
    assert dist.tolist() == [want.get(v, -1) for v in range(maze.size)]
    back = nx.single_source_shortest_path_length(moves.reverse(), source)
    dist, _ = bfs_maze_reversed(maze, source)
    assert dist.tolist() == [back.get(v, -1) for v in range(maze.size)]
    meet, df, _, db, _, _ = bidirectional_maze(maze, maze.start, [source])
    shortest = back.get(maze.start)  # fewest moves from the start to the source
    assert (meet >= 0) == (shortest is not None)
    if meet >= 0:
        assert df[meet] + db[meet] == shortest
