"""The generator catalogue (issue 3): every registered generator, braiding, stats, the CLI.

Properties run over hypothesis sizes and seeds; numba compiles on the first call, hence
`deadline=None`. Every test enumerates the registry, so a new generator is covered at once.
"""

from __future__ import annotations

import itertools
import json
from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.cli import main
from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.generate.hamiltonian import refusal
from mazegame.engine.generate.suits import connection_matrix
from mazegame.engine.graph import bfs, maze_graph
from mazegame.engine.grid import E, Maze, N, S, W
from mazegame.engine.stats import maze_stats
from mazegame.engine.trace import Replay

ISSUE_ORDER = [
    "spanning-tree", "anderson", "connection-matrix", "unicursal", "cavern", "backtracker",
    "kruskal", "wilson", "aldous-broder", "prim", "hunt-and-kill", "growing-tree", "eller",
    "binary-tree", "sidewinder", "recursive-division",
]
NAMES = list(GENERATORS)
PERFECT = [name for name, spec in GENERATORS.items() if spec.perfect]
WRAPPING = [name for name, spec in GENERATORS.items() if spec.wraps]
BRAIDABLE = [name for name, spec in GENERATORS.items() if not spec.rock]

few = settings(deadline=None, max_examples=15)
sides = st.integers(2, 12)
seeds = st.integers(0, 2**31 - 1)


def fitting(name: str, w: int, h: int) -> tuple[int, int]:
    """A size near (w, h) that the generator accepts (caverns need 3+ and an odd side)."""
    if GENERATORS[name].rock:
        w, h = max(w, 3), max(h, 3)
        if w % 2 == 0 and h % 2 == 0:
            w += 1
    return w, h


def reached(maze: Maze, source: int | None = None) -> np.ndarray:
    dist, _, _ = bfs(maze_graph(maze), maze.start if source is None else source)
    return dist >= 0


def open_cells(maze: Maze) -> np.ndarray:
    return np.ones(maze.size, bool) if maze.solid is None else ~maze.solid.ravel()


def exits(maze: Maze) -> np.ndarray:
    return np.diff(maze_graph(maze).indptr)


def assert_spanning_tree(maze: Maze) -> None:
    assert maze.door_count() == maze.size - 1
    assert reached(maze).all()


# -- the registry ------------------------------------------------------------------------
def test_registry_holds_the_issue_catalogue_in_order():
    assert NAMES == ISSUE_ORDER


def test_list_prints_exactly_the_registry(capsys):
    assert main(["generate", "--list"]) == 0
    assert [line.split(" ")[0] for line in capsys.readouterr().out.splitlines()] == NAMES


def test_registry_flags_match_behaviour():
    adds_walls = {name for name, spec in GENERATORS.items() if not spec.carves}
    assert adds_walls == {"anderson", "recursive-division"}
    assert not {"connection-matrix", "cavern"} & set(PERFECT)
    assert GENERATORS["cavern"].rock


# -- structure ---------------------------------------------------------------------------
@few
@given(name=st.sampled_from(PERFECT), w=sides, h=sides, seed=seeds)
def test_perfect_generators_make_spanning_trees(name, w, h, seed):
    assert_spanning_tree(generate(name, w, h, seed).maze)


@few
@given(name=st.sampled_from(NAMES), w=sides, h=sides, seed=seeds)
def test_every_generator_connects_every_open_cell(name, w, h, seed):
    w, h = fitting(name, w, h)
    maze = generate(name, w, h, seed).maze
    assert (reached(maze) == open_cells(maze)).all()


@few
@given(name=st.sampled_from(WRAPPING), w=st.integers(3, 10), h=st.integers(3, 10),
       wrap=st.sampled_from([(True, False), (False, True), (True, True)]), seed=seeds)
def test_wrapping_generators_make_spanning_trees_of_the_torus(name, w, h, wrap, seed):
    maze = generate(name, w, h, seed, wrap_x=wrap[0], wrap_y=wrap[1]).maze
    assert (maze.wrap_x, maze.wrap_y) == wrap
    if GENERATORS[name].perfect:
        assert_spanning_tree(maze)
    else:
        assert reached(maze).all()
    assert not maze.is_one_way  # doors across the seams are open from both sides


@pytest.mark.parametrize("name", [n for n in NAMES if not GENERATORS[n].wraps])
def test_generators_that_cannot_wrap_refuse_clearly(name):
    with pytest.raises(ValueError, match="cannot build wrap-around"):
        generate(name, 9, 7, 1, wrap_x=True)


@few
@given(name=st.sampled_from(BRAIDABLE), w=st.integers(3, 12), h=st.integers(3, 12),
       braid=st.floats(0.25, 1.0), seed=seeds)
def test_braiding_keeps_the_maze_connected_and_adds_loops(name, w, h, braid, seed):
    before = generate(name, w, h, seed).maze
    after = generate(name, w, h, seed, braid=braid).maze
    assert reached(after).all()
    dead_before = int((exits(before) == 1).sum())
    dead_after = int((exits(after) == 1).sum())
    assert dead_after <= dead_before - round(braid * dead_before)
    if GENERATORS[name].perfect and dead_before:
        assert after.door_count() > after.size - 1  # a loop
    # Braiding only opens walls: every door of the original maze is still there.
    assert not (after.walls & ~before.walls).any()


def test_braid_one_removes_every_dead_end():
    maze = generate("backtracker", 12, 9, 4, braid=1.0).maze
    assert maze_stats(maze).dead_ends == 0


# -- unicursal -------------------------------------------------------------------------------
def assert_hamiltonian_path(maze: Maze, start: int) -> None:
    assert_spanning_tree(maze)
    degree = exits(maze)
    assert maze.start == start
    if maze.size > 1:
        assert sorted(np.flatnonzero(degree == 1)) == sorted({start, maze.goals[0]})
    assert (degree <= 2).all()  # no junction


@few
@given(w=st.integers(1, 10), h=st.integers(1, 10), seed=seeds)
def test_unicursal_is_a_hamiltonian_path_from_the_top_left(w, h, seed):
    assert_hamiltonian_path(generate("unicursal", w, h, seed).maze, 0)


@few
@given(w=st.integers(2, 9), h=st.integers(2, 9), seed=seeds, data=st.data())
def test_unicursal_reaches_a_chosen_start_and_end(w, h, seed, data):
    cells = [(r, c) for r in range(h) for c in range(w)]
    pairs = [(s, t) for s, t in itertools.product(cells, cells) if refusal(h, w, s, t) is None]
    start, end = data.draw(st.sampled_from(pairs))
    maze = generate("unicursal", w, h, seed, options={"start": start, "end": end}).maze
    assert_hamiltonian_path(maze, start[0] * w + start[1])
    assert maze.goals == (end[0] * w + end[1],)


def hamiltonian_ends(h: int, w: int) -> set[tuple[int, int]]:
    """Oracle: every (start, end) joined by a Hamiltonian path, by exhaustive search."""
    n = h * w
    found = set()

    def walk(v: int, seen: list[bool], count: int, s: int) -> None:
        if count == n:
            found.add((s, v))
            return
        r, c = divmod(v, w)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            u = rr * w + cc
            if 0 <= rr < h and 0 <= cc < w and not seen[u]:
                seen[u] = True
                walk(u, seen, count + 1, s)
                seen[u] = False

    for s in range(n):
        seen = [False] * n
        seen[s] = True
        walk(s, seen, 1, s)
    return found


@pytest.mark.parametrize("h,w", [(1, 1), (1, 4), (2, 2), (2, 5), (3, 3), (3, 4), (4, 3),
                                 (3, 6), (4, 4), (5, 4), (5, 5)])
def test_unicursal_endpoint_rules_match_exhaustive_search(h, w):
    feasible = hamiltonian_ends(h, w)
    for s, t in itertools.product(range(h * w), repeat=2):
        why = refusal(h, w, divmod(s, w), divmod(t, w))
        assert (why is None) == ((s, t) in feasible), (divmod(s, w), divmod(t, w), why)


def test_unicursal_refuses_a_parity_violation_with_the_reason():
    with pytest.raises(ValueError, match="parity"):
        generate("unicursal", 4, 4, 1, options={"end": (0, 2)})
    with pytest.raises(ValueError, match="outside"):
        generate("unicursal", 4, 4, 1, options={"end": (9, 9)})


# -- cavern ----------------------------------------------------------------------------------
def assert_cavern(maze: Maze) -> None:
    """No 2x2 block all rock, all passage or checkerboard; the passages form one tree."""
    h, w = maze.height, maze.width
    rock = maze.solid
    assert rock is not None
    for r, c in itertools.product(range(h - 1), range(w - 1)):
        block = rock[r:r + 2, c:c + 2]
        assert 0 < block.sum() < 4, (r, c, "all rock or all passage")
        assert not (block[0, 0] == block[1, 1] and block[0, 1] == block[1, 0]
                    and block[0, 0] != block[0, 1]), (r, c, "checkerboard")
    passages = int((~rock).sum())
    assert maze.door_count() == passages - 1
    assert (reached(maze) == ~rock.ravel()).all()
    assert not rock.flat[maze.start] and not rock.flat[maze.goals[0]]
    for r, c in itertools.product(range(h), range(w)):  # neighbouring passages are joined
        if c + 1 < w and not rock[r, c] and not rock[r, c + 1]:
            assert maze.is_open(r * w + c, 1)
        if r + 1 < h and not rock[r, c] and not rock[r + 1, c]:
            assert maze.is_open(r * w + c, 2)


@few
@given(w=st.integers(3, 13), h=st.integers(3, 13), seed=seeds)
def test_cavern_has_no_forbidden_block_and_its_passages_form_one_tree(w, h, seed):
    w, h = fitting("cavern", w, h)
    assert_cavern(generate("cavern", w, h, seed).maze)


@pytest.mark.parametrize("w,h", [(61, 4), (4, 39), (3, 25), (45, 3), (41, 30)])
def test_thin_and_larger_caverns_hold_the_same_rules(w, h):
    for seed in range(3):
        assert_cavern(generate("cavern", w, h, seed).maze)


def test_cavern_refuses_two_even_sides_and_suggests_a_size():
    with pytest.raises(ValueError, match="e.g. 21x10"):
        generate("cavern", 20, 10, 1)


# -- determinism, traces, tiny sizes ---------------------------------------------------------
@few
@given(name=st.sampled_from(NAMES), w=sides, h=sides, seed=seeds)
def test_same_seed_same_maze(name, w, h, seed):
    w, h = fitting(name, w, h)
    a, b = generate(name, w, h, seed).maze, generate(name, w, h, seed).maze
    assert (a.walls == b.walls).all()
    assert (a.start, a.goals) == (b.start, b.goals)


@few
@given(name=st.sampled_from(NAMES), w=sides, h=sides, seed=seeds, braid=st.sampled_from([0, 0.5]))
def test_trace_replay_equals_the_fast_path(name, w, h, seed, braid):
    w, h = fitting(name, w, h)
    braid = braid if not GENERATORS[name].rock else 0
    fast = generate(name, w, h, seed, braid=braid).maze
    traced = generate(name, w, h, seed, braid=braid, record=True)
    replay = Replay(traced.trace)
    replay.seek(len(traced.trace))
    assert (replay.walls == fast.walls).all()
    assert (traced.maze.walls == fast.walls).all()
    replay.seek(0)  # and backward to the blank it started from
    assert (replay.walls == traced.trace.initial.walls).all()


@pytest.mark.parametrize("name", WRAPPING)
@pytest.mark.parametrize("wrap", [(True, False), (False, True), (True, True)])
def test_a_wrapped_trace_builds_the_fast_path_maze(name, wrap):
    """Round the maze, too, the traced kernel and the fast one (Wilson's last exits, the
    walks over a framed grid) build the same maze."""
    w, h = fitting(name, 7, 5)
    fast = generate(name, w, h, 11, wrap_x=wrap[0], wrap_y=wrap[1]).maze
    traced = generate(name, w, h, 11, wrap_x=wrap[0], wrap_y=wrap[1], record=True)
    replay = Replay(traced.trace)
    replay.seek(len(traced.trace))
    assert (replay.walls == fast.walls).all() and (traced.maze.walls == fast.walls).all()


@pytest.mark.parametrize("name", ["sidewinder", "binary-tree", "hunt-and-kill"])
@pytest.mark.parametrize("w", [31, 32, 33, 64, 65])
def test_row_words_of_bits_join_up(name, w):
    """Sidewinder and binary tree draw 32 cells' coins at a time, hunt-and-kill reads 32
    cells' visited bits at a time: widths on both sides of a word, traced and not."""
    fast = generate(name, w, 5, 3).maze
    traced = generate(name, w, 5, 3, record=True)
    replay = Replay(traced.trace)
    replay.seek(len(traced.trace))
    assert (replay.walls == fast.walls).all() and (traced.maze.walls == fast.walls).all()
    assert_spanning_tree(fast)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("w,h", [(1, 1), (1, 7), (7, 1), (2, 2)])
def test_tiny_sizes_work_or_are_refused_clearly(name, w, h):
    try:
        maze = generate(name, w, h, 5).maze
    except ValueError as err:
        assert GENERATORS[name].rock, f"{name} refused {w}x{h}: {err}"
        assert f"{w}x{h}" in str(err)
        return
    assert (reached(maze) == open_cells(maze)).all()
    if GENERATORS[name].perfect:
        assert_spanning_tree(maze)


def test_wrap_needs_three_cells_on_the_wrapped_axis():
    with pytest.raises(ValueError, match="at least 3"):
        generate("backtracker", 2, 5, 1, wrap_x=True)


def test_unknown_option_is_refused():
    with pytest.raises(ValueError, match="no option 'mode'"):
        generate("kruskal", 5, 5, 1, options={"mode": "newest"})


@pytest.mark.parametrize("mode", ["newest", "random", "oldest", "mix"])
def test_growing_tree_modes_differ_and_stay_perfect(mode):
    maze = generate("growing-tree", 10, 8, 3, options={"mode": mode}).maze
    assert_spanning_tree(maze)
    other = "random" if mode != "random" else "newest"
    different = generate("growing-tree", 10, 8, 3, options={"mode": other}).maze
    assert (maze.walls != different.walls).any()


@pytest.mark.parametrize("bias", ["ne", "nw", "se", "sw"])
def test_binary_tree_bias_makes_two_straight_border_corridors(bias):
    maze = generate("binary-tree", 9, 7, 2, options={"bias": bias}).maze
    assert_spanning_tree(maze)
    row, vertical = (0, N) if bias[0] == "n" else (-1, S)
    col, horizontal = (-1, E) if bias[1] == "e" else (0, W)
    along_row = np.delete(maze.walls[row, :], col)  # every cell but the corner opens sideways
    along_col = np.delete(maze.walls[:, col], row)
    assert not (along_row & horizontal).any()
    assert not (along_col & vertical).any()


@given(w=st.integers(1, 8), h=st.integers(1, 8), seed=seeds,
       wrap=st.sampled_from([(False, False), (True, True)]))
@few
def test_connection_matrix_powers_and_union_find_agree(w, h, seed, wrap):
    if (wrap[0] and w < 3) or (wrap[1] and h < 3):
        return
    results = []
    for matrix_cells in (0, 10**9):
        walls = Maze.closed(w, h, wrap_x=wrap[0], wrap_y=wrap[1]).walls
        stub = np.empty((1, 3), np.int32)  # not recording: the event buffer is never written
        connection_matrix(walls, wrap[0], wrap[1], seed, False, stub, matrix_cells)
        results.append(walls)
    assert (results[0] == results[1]).all()


# -- statistics ------------------------------------------------------------------------------
def oracle_distances(maze: Maze, source: int) -> list[int]:
    dist = [-1] * maze.size
    dist[source] = 0
    queue = deque([source])
    while queue:
        v = queue.popleft()
        for d in range(4):
            u = maze.step(v, d)
            if u != v and dist[u] < 0:
                dist[u] = dist[v] + 1
                queue.append(u)
    return dist


@few
@given(name=st.sampled_from(BRAIDABLE), w=st.integers(2, 9), h=st.integers(2, 9),
       braid=st.sampled_from([0, 0.6]), seed=seeds)
def test_stats_agree_with_an_independent_oracle(name, w, h, braid, seed):
    maze = generate(name, w, h, seed, braid=braid).maze
    stats = maze_stats(maze)
    degree = [sum(maze.step(v, d) != v for d in range(4)) for v in range(maze.size)]
    assert stats.dead_ends == degree.count(1)
    assert stats.junctions == sum(x >= 3 for x in degree)
    assert stats.corridors == degree.count(2)
    assert stats.solution_length == oracle_distances(maze, maze.start)[maze.goals[0]]
    assert stats.diameter == max(max(oracle_distances(maze, s)) for s in range(maze.size))
    assert stats.diameter_exact
    assert stats.loops == maze.door_count() - maze.size + 1


def test_stats_of_a_unicursal_maze():
    stats = maze_stats(generate("unicursal", 6, 5, 9).maze)
    assert (stats.dead_ends, stats.junctions, stats.loops) == (2, 0, 0)
    assert stats.solution_length == stats.diameter == 29


# -- the command line ------------------------------------------------------------------------
def test_cli_json_carries_stats(capsys):
    assert main(["generate", "--algo", "prim", "--size", "8x6", "--seed", "3", "--braid", "0.5",
                 "--stats", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["algorithm"] == "prim"
    assert doc["stats"]["loops"] > 0 and doc["stats"]["diameter"] > 0


def test_cli_text_prints_a_stats_table(capsys):
    assert main(["generate", "--algo", "unicursal", "--size", "5x5", "--seed", "1",
                 "--end", "4,4", "--stats"]) == 0
    out = capsys.readouterr().out
    assert "dead ends        2" in out and "solution length  24" in out


@pytest.mark.parametrize("argv,message", [
    (["--algo", "eller", "--wrap", "xy"], "cannot build wrap-around"),
    (["--algo", "growing-tree", "--mode", "sideways"], "mode must be one of"),
    (["--algo", "kruskal", "--bias", "ne"], "no option 'bias'"),
    (["--algo", "unicursal", "--size", "4x4", "--end", "1,1"], "parity"),
    (["--algo", "cavern", "--size", "20x10"], "impossible"),
    (["--braid", "2"], "a fraction is a number from 0 to 1"),
])
def test_cli_bad_input_exits_2_with_one_line(capsys, argv, message):
    assert main(["generate", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
