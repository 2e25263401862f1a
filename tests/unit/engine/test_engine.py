"""The Maze model, the step rule, traces and BFS: the foundation every mode stands on."""

import networkx as nx
import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.graph import bfs, maze_graph, path_to
from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST, Maze, from_bitmap, to_bitmap
from mazegame.engine.trace import Replay

PERFECT = [name for name, spec in GENERATORS.items() if spec.perfect]
WRAPPING = [name for name in PERFECT if GENERATORS[name].wraps]


def connected(maze: Maze) -> bool:
    dist, _, _ = bfs(maze_graph(maze), 0)
    rock = 0 if maze.solid is None else int(maze.solid.sum())
    return int(np.count_nonzero(dist >= 0)) == maze.size - rock


def oracle(maze: Maze) -> nx.DiGraph:
    """The move graph built independently of the engine's CSR, from the wall bits."""
    g = nx.DiGraph()
    h, w = maze.height, maze.width
    g.add_nodes_from(range(maze.size))
    for r in range(h):
        for c in range(w):
            for d, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
                rr, cc = r + dr, c + dc
                if maze.wrap_y:
                    rr %= h
                if maze.wrap_x:
                    cc %= w
                inside = 0 <= rr < h and 0 <= cc < w and (rr, cc) != (r, c)
                if inside and not maze.walls[r, c] & (1 << d):
                    g.add_edge(r * w + c, rr * w + cc)
    return g


sizes = st.tuples(st.integers(1, 14), st.integers(1, 14))


def generate_or_refused(name, width, height, seed, **options):
    """Generate, or skip the example when the generator refuses the size with a reason."""
    try:
        return generate(name, width, height, seed, **options)
    except ValueError as err:
        assert str(err), "a refusal must say why"
        assume(False)
seeds = st.integers(0, 2**31 - 1)


# -- step -----------------------------------------------------------------------
def test_step_bounded_stops_at_walls_and_edges():
    maze = Maze.open(3, 2)
    assert maze.step(0, NORTH) == 0  # the border
    assert maze.step(0, WEST) == 0
    assert maze.step(0, EAST) == 1
    assert maze.step(0, SOUTH) == 3
    assert maze.step(5, EAST) == 5
    maze.walls[0, 0] |= 2
    assert maze.step(0, EAST) == 0


def test_step_wraps_across_edges():
    maze = Maze.open(4, 3, wrap_x=True, wrap_y=True)
    assert maze.step(0, WEST) == 3
    assert maze.step(3, EAST) == 0
    assert maze.step(0, NORTH) == 8
    assert maze.step(9, SOUTH) == 1
    cylinder = Maze.open(4, 3, wrap_x=True)
    assert cylinder.step(0, WEST) == 3
    assert cylinder.step(0, NORTH) == 0


def test_step_one_way_door_passes_one_way_only():
    maze = Maze.closed(2, 1)
    maze.walls[0, 0] &= np.uint8(~2 & 0xFF)  # open east from cell 0; cell 1 stays walled west
    assert maze.step(0, EAST) == 1
    assert maze.step(1, WEST) == 1
    assert maze.is_one_way


def test_step_never_enters_rock():
    maze = Maze.open(3, 1)
    maze.solid = np.array([[False, True, False]])
    assert maze.step(0, EAST) == 0


# -- generators (every registered perfect one) -------------------------------------
@pytest.mark.parametrize("name", PERFECT)
@given(size=sizes, seed=seeds)
def test_perfect_generators_make_spanning_trees(name, size, seed):
    maze = generate_or_refused(name, *size, seed).maze
    open_cells = maze.size - (0 if maze.solid is None else int(maze.solid.sum()))
    assert not maze.is_one_way  # doors come in consistent pairs
    assert maze.door_count() == open_cells - 1
    assert connected(maze)


@pytest.mark.parametrize("name", WRAPPING)
@given(size=st.tuples(st.integers(3, 10), st.integers(3, 10)), seed=seeds)
def test_wrapped_generators_make_torus_spanning_trees(name, size, seed):
    maze = generate_or_refused(name, *size, seed, wrap_x=True, wrap_y=True).maze
    assert not maze.is_one_way
    assert maze.door_count() == maze.size - 1
    assert connected(maze)


@pytest.mark.parametrize("name", list(GENERATORS))
@given(size=sizes, seed=seeds)
def test_same_seed_same_maze_and_trace_replays_to_it(name, size, seed):
    fast = generate_or_refused(name, *size, seed).maze
    traced = generate(name, *size, seed, record=True)
    assert np.array_equal(fast.walls, traced.maze.walls)
    replay = Replay(traced.trace)
    replay.seek(len(traced.trace))
    assert np.array_equal(replay.walls, fast.walls)


def test_replay_runs_backward_to_every_earlier_state():
    traced = generate("wilson", 9, 7, 5, record=True)
    replay = Replay(traced.trace)
    snapshots = []
    for _ in range(len(traced.trace) + 1):
        snapshots.append((replay.walls.copy(), replay.marks.copy(), replay.agents.copy()))
        replay.step()
    for i in range(len(traced.trace), -1, -7):
        replay.seek(i)
        walls, marks, agents = snapshots[i]
        assert np.array_equal(replay.walls, walls)
        assert np.array_equal(replay.marks, marks)
        assert np.array_equal(replay.agents, agents)
    replay.seek(0)
    assert np.array_equal(replay.walls, traced.trace.initial.walls)


def test_generate_refuses_bad_requests_clearly():
    with pytest.raises(ValueError, match="unknown generator"):
        generate("nope", 5, 5)
    with pytest.raises(ValueError, match="out of range"):
        generate("kruskal", 0, 5)
    with pytest.raises(ValueError, match="wrapped axis needs at least 3"):
        generate("kruskal", 2, 5, wrap_x=True)


# -- BFS ---------------------------------------------------------------------------
@given(size=sizes, seed=seeds, braid=st.booleans(), wrap=st.booleans())
def test_bfs_lengths_equal_networkx(size, seed, braid, wrap):
    width, height = size
    if wrap:
        width, height = max(width, 3), max(height, 3)
    maze = generate("kruskal", width, height, seed, wrap_x=wrap, wrap_y=wrap).maze
    if braid:  # knock out random walls, one-way ones included
        rng = np.random.default_rng(seed)
        maze.walls &= rng.integers(0, 16, maze.walls.shape).astype(np.uint8) | 0xF0
    dist, parent, _ = bfs(maze_graph(maze), maze.start)
    expected = nx.single_source_shortest_path_length(oracle(maze), maze.start)
    for cell in range(maze.size):
        assert dist[cell] == expected.get(cell, -1)
        path = path_to(dist, parent, cell)
        assert len(path) == (expected[cell] + 1 if cell in expected else 0)
        for a, b in zip(path, path[1:], strict=False):
            assert any(maze.step(a, d) == b for d in range(4))


# -- bitmap ---------------------------------------------------------------------------
@given(size=sizes, seed=seeds)
def test_bitmap_round_trip(size, seed):
    maze = generate("wilson", *size, seed).maze
    bmp = to_bitmap(maze)
    assert bmp.shape == (2 * maze.height + 1, 2 * maze.width + 1)
    assert not bmp[1::2, 1::2].any()  # rooms are passage
    assert np.array_equal(from_bitmap(bmp).walls, maze.walls)


def test_a_trace_that_overflows_its_buffer_is_recorded_again_in_full():
    from mazegame.engine.generate.trees import wilson
    from mazegame.engine.trace import recorded

    blank = Maze.closed(9, 7)
    runs = []

    def build(buf):
        runs.append(len(buf))
        walls = blank.walls.copy()
        return walls, wilson(walls, False, False, 3, True, buf)

    walls, events = recorded(build, True, 16, lambda result: result[1])
    assert len(runs) > 1 and runs[-1] > len(events)  # it grew, and the last run fitted
    full = generate("wilson", 9, 7, 3, record=True)
    assert np.array_equal(events, full.trace.events)
    assert np.array_equal(walls, full.maze.walls)
