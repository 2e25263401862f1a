"""The maze's own BFS (moves by offset) gives exactly the move graph's BFS, forwards and
backwards and from both ends at once: the same distances, parents and meeting cell, on every
kind of maze (wrap, one-way doors, rock, loops)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.engine.generate import generate
from mazegame.engine.graph import bfs, maze_graph, maze_graph_reversed
from mazegame.engine.gridbfs import (
    bfs_maze,
    bfs_maze_reversed,
    bidirectional_maze,
)
from mazegame.engine.oneway import add_one_way_doors
from mazegame.engine.solve.graph_search import bidirectional


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
    grid = bidirectional_maze(maze, maze.start, goals)
    assert csr[0] == grid[0]
    assert all(np.array_equal(a, b) for a, b in zip(csr[1:], grid[1:], strict=True))


@pytest.mark.parametrize("sources", [[0], [0, 11], [5, 17, 23]])
def test_several_sources_at_once(sources):
    maze = generate("wilson", 6, 4, 3, braid=0.3).maze
    dist, parent, _ = bfs(maze_graph(maze), np.array(sources))
    grid_dist, grid_parent = bfs_maze(maze, sources)
    assert np.array_equal(dist, grid_dist) and np.array_equal(parent, grid_parent)


@pytest.mark.slow
def test_its_python_twin_gives_the_same_search():
    """A game that cannot wait for the compiler runs the kernels' Python source."""
    from mazegame.engine.gridbfs import (
        bfs_sides,
        bfs_sides_reversed,
        bfs_sides_two_way,
        move_sides,
    )

    maze = generate("kruskal", 7, 5, 2, braid=0.4, wrap_x=True).maze
    sides = move_sides.py_func(maze.walls, maze.wrap_x, maze.wrap_y, maze.rock)
    for python, compiled in ((bfs_sides, bfs_maze), (bfs_sides_reversed, bfs_maze_reversed),
                             (bfs_sides_two_way, bfs_maze_reversed)):
        dist, parent = python.py_func(sides, maze.width, np.array([3]))
        grid_dist, grid_parent = compiled(maze, 3)
        assert np.array_equal(dist, grid_dist) and np.array_equal(parent, grid_parent)


@pytest.mark.parametrize("wrap", [False, True])
def test_one_way_doors_are_told_from_two_way_ones(wrap):
    from mazegame.engine.gridbfs import two_way

    maze = generate("kruskal", 8, 6, 4, braid=0.5, wrap_x=wrap, wrap_y=wrap).maze
    assert two_way(maze.walls, maze.wrap_x, maze.wrap_y)
    doors = add_one_way_doors(maze, 0.4, 4)
    assert not np.array_equal(doors.walls, maze.walls)
    assert not two_way(doors.walls, doors.wrap_x, doors.wrap_y)
