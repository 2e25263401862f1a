"""Connection, distance and solution matrices: Suits' matrix method and the BFS method agree,
M^d is all-pairs BFS (networkx), M^s follows Suits' rule, and the CLI prints them."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.cli import main
from mazegame.engine import matrices as mx
from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.grid import Maze
from mazegame.engine.mazefile import to_text
from tests.helpers import FIG15, digraph, one_way_mazes

pytestmark = pytest.mark.usefixtures("strategy_kernels")  # before any draw

ALL = sorted(GENERATORS)  # perfect or not: the matrices do not care
WRAPPING = sorted(name for name, spec in GENERATORS.items() if spec.wraps)


@st.composite
def small_mazes(draw):
    """Up to 10x10 (the matrix method's territory), any generator, maybe wrapped."""
    name = draw(st.sampled_from(ALL))
    wrap = name in WRAPPING and draw(st.booleans())
    w, h = draw(st.integers(3 if wrap else 1, 10)), draw(st.integers(3 if wrap else 1, 10))
    w, h = GENERATORS[name].fit_size(w, h)  # caverns refuse some sizes
    return generate(name, w, h, draw(st.integers(0, 2**31 - 1)), wrap_x=wrap, wrap_y=wrap).maze


def networkx_distances(maze: Maze) -> np.ndarray:
    n = maze.size
    md = np.full((n, n), -1, dtype=np.int64)
    for source, lengths in nx.all_pairs_shortest_path_length(digraph(maze)):
        for target, d in lengths.items():
            md[source, target] = d
    return md


@settings(deadline=None, max_examples=10)
@given(maze=st.one_of(small_mazes(), one_way_mazes()))
def test_distance_matrix_both_methods_equal_networkx(maze):
    if maze.size > mx.MATRIX_METHOD_MAX_CELLS:
        maze = generate("kruskal", 8, 8, 1).maze
    expected = networkx_distances(maze)
    by_bfs = mx.distance_matrix(maze)
    by_powers = mx.distance_matrix_by_powers(mx.connection_matrix(maze))
    assert np.array_equal(by_bfs, expected)
    assert np.array_equal(by_powers, expected)


@settings(deadline=None, max_examples=10)
@given(maze=small_mazes())
def test_powers_count_walks_and_complete_connection(maze):
    m1 = mx.connection_matrix(maze)
    assert np.array_equal(np.diag(m1), np.ones(maze.size))  # staying put is a move
    md = mx.distance_matrix(maze)
    for i, mi in enumerate(mx.powers(m1, upto=4), start=1):
        # nonzero exactly within i moves; counts match the i-th power computed directly
        assert np.array_equal(mi != 0, (md >= 0) & (md <= i))
        assert np.array_equal(mi, np.linalg.matrix_power(m1, i))
    complete = mx.complete_connection(m1)
    if np.all(md >= 0):
        c, mc = complete
        assert c == max(1, md.max()) and np.all(mc != 0)
    else:
        assert complete is None


@settings(deadline=None, max_examples=10)
@given(maze=st.one_of(small_mazes(), one_way_mazes()), data=st.data())
def test_solution_matrix_follows_suits_rule(maze, data):
    goal = data.draw(st.integers(0, maze.size - 1))
    md = mx.distance_matrix(maze)
    ms = mx.solution_matrix(md, goal)
    g = digraph(maze)
    for i in range(maze.size):
        for k in range(maze.size):
            steps_closer = (
                i != goal and g.has_edge(i, k) and md[k, goal] >= 0
                and md[k, goal] < md[i, goal]
            )
            want = md[i, goal] if steps_closer else (0 if i == k == goal else -1)
            assert ms[i, k] == want, (i, k)
        # a cell that can reach the goal always has somewhere closer to go
        if i != goal and md[i, goal] > 0:
            assert np.any(ms[i] == md[i, goal])
    moves, to_goal = mx.solution_moves(maze, goal)
    assert np.array_equal(to_goal, md[:, goal])
    for cell in range(maze.size):
        bits = {d for d in range(4) if moves.flat[cell] >> d & 1}
        assert {maze.step(cell, d) for d in bits} == {k for k in range(maze.size)
                                                      if k != cell and ms[cell, k] >= 0}


@settings(deadline=None, max_examples=10)
@given(maze=small_mazes())
def test_connection_powers_run_up_to_the_complete_matrix(maze):
    m1 = mx.connection_matrix(maze)
    mats, c = mx.connection_powers(m1)
    complete = mx.complete_connection(m1)
    n_powers = max(1, maze.size - 1) if complete is None else complete[0]
    assert len(mats) == n_powers and c == (None if complete is None else complete[0])
    for i, mi in enumerate(mats, start=1):  # counts past 2**53 are float: rounding differs
        direct = np.linalg.matrix_power(m1, i)
        assert np.array_equal(mi != 0, direct != 0) and np.allclose(mi, direct, rtol=1e-9)
    if complete is not None:
        assert np.array_equal(mats[-1], complete[1])


@settings(deadline=None, max_examples=10)
@given(maze=st.one_of(small_mazes(), one_way_mazes()), data=st.data())
def test_solution_descent_walks_a_shortest_way_by_the_first_marked_entry(maze, data):
    goal = data.draw(st.integers(0, maze.size - 1))
    md = mx.distance_matrix(maze)
    ms = mx.solution_matrix(md, goal)
    g = digraph(maze)
    for cell in range(maze.size):
        path = mx.solution_descent(ms, cell, goal)
        if md[cell, goal] < 0:  # cannot get there: the row marks nothing, no step is taken
            assert path == []
            continue
        assert len(path) == md[cell, goal] and (not path or path[-1] == goal)
        for here, there in zip([cell, *path], path, strict=False):
            assert g.has_edge(here, there) and md[there, goal] == md[here, goal] - 1
            # the lowest-numbered cell one step closer
            assert there == min(k for k in g.successors(here)
                                if k != here and 0 <= md[k, goal] < md[here, goal])


def test_suits_figure_20():
    """Fig. 20 repeats fig. 15; its M^d as printed (the paper's entry 8->3 reads 4, a slip:
    the matrix is symmetric and 3->8 reads 5), and M^s for goal 1 as in section 4.2."""
    md = mx.distance_matrix_by_powers(mx.connection_matrix(FIG15))
    paper = np.array([
        [0, 1, 2, 1, 2, 3, 2, 3, 4],
        [1, 0, 1, 2, 3, 2, 3, 4, 3],
        [2, 1, 0, 3, 2, 1, 4, 5, 2],
        [1, 2, 3, 0, 1, 2, 1, 2, 3],
        [2, 3, 2, 1, 0, 1, 2, 3, 2],
        [3, 2, 1, 2, 1, 0, 3, 4, 1],
        [2, 3, 4, 1, 2, 3, 0, 1, 4],
        [3, 4, 5, 2, 3, 4, 1, 0, 5],
        [4, 3, 2, 3, 2, 1, 4, 5, 0],
    ])
    assert np.array_equal(md, paper)
    ms = mx.solution_matrix(md, 0)
    # "Suppose we are in cell 5 ... we get closer to cell 1 from cell 5 by moving to cell 4."
    assert ms[4].tolist() == [-1, -1, -1, 2, -1, -1, -1, -1, -1]
    assert mx.complete_connection(mx.connection_matrix(FIG15))[0] == 5


def test_unconnected_maze_has_no_complete_matrix():
    """Suits fig. 14: cut a maze in two and no power up to M^(n-1) is complete."""
    maze = Maze.open(3, 3)
    maze.walls[:, 0] |= 2  # a wall down the whole east side of the first column ...
    maze.walls[:, 1] |= 8  # ... seen from both sides
    m1 = mx.connection_matrix(maze)
    assert mx.complete_connection(m1) is None
    md = mx.distance_matrix_by_powers(m1)
    assert md[0, 1] == -1 and md[0, 3] == 1
    assert np.array_equal(md, mx.distance_matrix(maze))


def test_big_mazes_are_refused_by_the_matrix_method():
    big = Maze.open(20, 20)
    with pytest.raises(ValueError, match="at most 256 cells"):
        mx.connection_matrix(big)
    assert mx.distance_matrix(big).shape == (400, 400)


# -- the CLI ------------------------------------------------------------------------------
def test_cli_prints_the_distance_matrix(tmp_path, capsys):
    path = tmp_path / "fig15.txt"
    path.write_text(to_text(FIG15), encoding="utf-8")
    assert main(["matrices", str(path), "--kind", "d"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("M^d")
    assert lines[2].split() == ["1", "0", "1", "2", "1", "2", "3", "2", "3", "4"]
    assert main(["matrices", str(path), "--kind", "s", "--goal", "0,0", "--method", "bfs"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[6].split() == ["5", "-1", "-1", "-1", "2", "-1", "-1", "-1", "-1", "-1"]
    assert main(["matrices", str(path), "--kind", "c"]) == 0
    assert "M^c = M^5" in capsys.readouterr().out


def test_cli_refuses_big_mazes_and_bad_goals(tmp_path, capsys):
    path = tmp_path / "big.txt"
    path.write_text(to_text(generate("kruskal", 20, 20, 1).maze), encoding="utf-8")
    assert main(["matrices", str(path), "--kind", "d"]) == 2
    err = capsys.readouterr().err
    assert "at most 256 cells" in err and "--method bfs" in err
    assert main(["matrices", str(path), "--kind", "s", "--goal", "40,1", "--method", "bfs"]) == 2
    assert "outside" in capsys.readouterr().err


@settings(deadline=None, max_examples=10)
@given(maze=st.one_of(small_mazes(), one_way_mazes()), data=st.data())
def test_power_table_gives_every_power_in_any_order(maze, data):
    """PowerTable keeps one power in eight, yet gives each M^i, asked for in any order, as
    numpy's matrix_power does; it stops at M^c (or at M^(n-1) when not connected)."""
    m1 = mx.connection_matrix(maze)
    seen = []
    table = mx.PowerTable(m1, progress=lambda i, limit: seen.append(i))
    md = networkx_distances(maze)
    complete = None if np.any(md < 0) else max(1, int(md.max()))
    assert table.complete == complete
    assert len(table) == (complete or max(1, maze.size - 1))
    assert seen == list(range(2, len(table) + 1))
    order = data.draw(st.permutations(range(1, len(table) + 1)))
    for i in order[:30]:
        direct = np.linalg.matrix_power(m1, i)
        mi = table.power(i)
        assert np.array_equal(mi != 0, direct != 0) and np.allclose(mi, direct, rtol=1e-9)
    with pytest.raises(IndexError):
        table.power(len(table) + 1)


def test_power_table_stops_when_asked():
    m1 = mx.connection_matrix(generate("backtracker", 8, 8, 1).maze)
    table = mx.PowerTable(m1, stop=lambda: True)
    assert table.cancelled and len(table) == 1
