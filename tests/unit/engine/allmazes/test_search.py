"""Searches: every registered method finds a sequence the checker accepts; minimisation
leaves no move that can go; the exact search proves 3x3 = 11."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import solved_every_maze

from mazegame.engine.allmazes.check import check
from mazegame.engine.allmazes.exact import ess, shortest_at
from mazegame.engine.allmazes.family import family, parse_sequence
from mazegame.engine.allmazes.pool import full_pool
from mazegame.engine.allmazes.search import METHODS, minimise, solve


@pytest.fixture(scope="module")
def compiled():
    """Every method run once on 3x3: the kernels compiled (or loaded from numba's cache),
    which counts against a search's time limit like any other part of it."""
    for method in METHODS:
        solve(3, 3, method, seed=2, time_limit=1)


@pytest.mark.parametrize("method", list(METHODS))
def test_every_method_solves_every_3x3_maze(method, compiled):
    lines = []
    result = solved_every_maze(3, 3, method, seed=2, time_limit=1, progress=lines.append)
    assert result.verified and check(3, 3, result.moves).ok
    assert 11 <= len(result.moves) <= 30 and lines


def test_same_seed_same_sequence():
    a, b = (solve(4, 4, "so", seed=5).moves for _ in range(2))
    assert np.array_equal(a, b)


def test_a_lazy_pool_converges_beyond_16_cells():
    result = solve(3, 6, "greedy", seed=1)  # a sampled pool and counterexamples
    assert result.verified and check(3, 6, result.moves).ok


def test_beyond_36_cells_the_search_for_unsolved_mazes_repairs_the_sequence():
    result = solve(2, 19, "ias", seed=1)  # 38 cells: the classes are not listed
    assert result.verified and check(2, 19, result.moves).ok


def _solved_2x13(method: str, progress=None):
    """A 2x13 search of a few seconds (once compiled: a first call, on a fresh machine,
    compiles the kernels, which may take longer than its time)."""
    solve(2, 13, method, seed=1, time_limit=0.5)
    return solved_every_maze(2, 13, method, seed=1, time_limit=3, progress=progress)


@pytest.mark.parametrize("method", ["ias", pytest.param("root", marks=pytest.mark.slow)])
def test_from_26_to_36_cells_one_exact_check_and_appending_verify_it(method):
    lines = []
    result = _solved_2x13(method, lines.append)
    assert result.verified and check(2, 13, result.moves).ok  # the paper's search agrees
    assert any("every class of the 2x13 mazes" in line for line in lines)


@pytest.mark.parametrize("limit", [10, pytest.param(10**6, marks=pytest.mark.slow)])
def test_polishing_drops_moves_and_keeps_every_maze_solved(limit, monkeypatch):
    from mazegame.engine.allmazes import search

    monkeypatch.setattr(search, "POLISH_CLASSES", limit)  # 10: only a late part is polished
    found = _solved_2x13("ias").moves
    padded = np.concatenate((np.random.default_rng(0).integers(0, 4, 40), found,
                             np.random.default_rng(1).integers(0, 4, 40))).astype(np.int8)
    lines = []
    short = search._polish(2, 13, padded, lines.append)
    polished = [line for line in lines if line.startswith("polished")]  # progress lines
    assert check(2, 13, short).ok and len(short) < len(padded) and polished  # come by time
    if limit == 10:  # the moves before the polished part stay as they were
        k = int(polished[0].split("after move ")[1].rstrip(")"))
        assert k > 0 and np.array_equal(short[:k], padded[:k])


@pytest.mark.parametrize("mend", [True, False])
def test_shrinking_a_verified_sequence_keeps_it_verified_and_shorter(mend, monkeypatch):
    from mazegame.engine.allmazes import search
    from mazegame.engine.allmazes.pool import sample_pool

    if not mend:
        monkeypatch.setattr(search, "MEND_BELOW", -1)
    found = solve(2, 19, "ias", seed=1).moves  # 38 cells: checked by the search
    padded = np.concatenate((np.random.default_rng(0).integers(0, 4, 60), found)).astype(np.int8)
    lines = []
    short = search._shrink(sample_pool(2, 19, 100, 0), padded,
                           search.EXTENSIONS["greedy-3-squared"], np.random.default_rng(1),
                           float("inf"), lines.append, 3)
    assert check(2, 19, short).ok and len(short) < len(padded)
    assert any(line.endswith("moves verified") for line in lines) == mend
    if not mend:  # then what is left is a part of it, in order
        it = iter(padded.tolist())
        assert all(d in it for d in short.tolist())


def _minimised_by_hand(steps, goal, seq, passes, start=None):
    """Plain Python: drop moves from the last to the first while every class still gets
    home, walking every class from its start each time."""
    def all_home(moves):
        for c in range(steps.shape[0]):
            p = 0 if start is None else start[c]
            for d in moves:
                if p == goal:
                    break
                p = steps[c, p, d]
            if p != goal:
                return False
        return True

    seq = list(seq)
    for _ in range(passes):
        before = len(seq)
        for i in range(len(seq) - 1, -1, -1):
            if all_home(seq[:i] + seq[i + 1:]):
                del seq[i]
        if len(seq) == before:
            break
    return seq


@pytest.mark.parametrize("seed", range(6))
def test_minimising_drops_the_moves_a_plain_walk_of_every_class_drops(seed):
    fam = family(3, 3)
    rng = np.random.default_rng(seed)
    seq = rng.integers(0, 4, int(rng.integers(30, 160))).astype(np.int8)
    seq = np.concatenate((seq, parse_sequence("drddruurrdd")))  # so that it solves them all
    for passes in (1, 3):
        fast = minimise(full_pool(3, 3), seq, passes)
        assert fast.tolist() == _minimised_by_hand(fam.steps, fam.goal, seq.tolist(), passes)


@pytest.mark.parametrize("seed", range(4))
def test_minimising_from_where_the_walkers_stand_drops_what_a_plain_walk_drops(seed):
    from mazegame.engine.allmazes.kernels import minimise_moves, order_extend
    from mazegame.engine.allmazes.pool import advance

    fam = family(3, 4)
    rng = np.random.default_rng(seed)
    start = np.array([rng.choice(np.flatnonzero(row > 0)) for row in fam.dist], np.int8)
    seq = rng.integers(0, 4, 80).astype(np.int8)
    pos = start.copy()
    advance(fam.steps, pos, seq, fam.goal)  # then each unsolved one led home in turn
    seq = np.concatenate((seq, order_extend(fam.steps, fam.dist, pos, fam.goal,
                                            rng.permutation(len(pos)))))
    steps = fam.steps
    fast = minimise_moves(steps, seq, fam.goal, 3, start)
    assert len(fast) < len(seq)
    assert fast.tolist() == _minimised_by_hand(steps, fam.goal, seq.tolist(), 3, start)


def test_appending_for_the_unsolved_classes_solves_each_from_where_it_stood():
    from mazegame.engine.allmazes import search
    from mazegame.engine.allmazes.pool import Pool, advance

    fam = family(4, 5)
    rng = np.random.default_rng(3)
    pool = Pool(4, 5, fam.masks[rng.choice(len(fam.masks), 2000, replace=False)])
    head = rng.integers(0, 4, 40).astype(np.int8)
    advance(pool.steps, pool.pos, head, pool.goal)
    assert pool.unsolved().size
    seq = search._append(pool, head, search.EXTENSIONS["greedy-4-root"], rng, 3)
    assert np.array_equal(seq[:40], head) and pool.unsolved().size == 0
    pool.pos[:] = 0
    advance(pool.steps, pool.pos, seq, pool.goal)  # walked afresh: every one gets home
    assert pool.unsolved().size == 0


def test_minimised_sequences_have_no_spare_move():
    long = parse_sequence("lulu" + "drddruurrdd" + "rrdd" * 3)  # the corner: lulu does nothing
    assert check(3, 3, long).ok
    short = minimise(full_pool(3, 3), long)
    assert len(short) < len(long) and check(3, 3, short).ok
    for i in range(len(short)):
        assert not check(3, 3, np.delete(short, i)).ok


def test_3x3_needs_11_moves():
    fam = family(3, 3)
    assert shortest_at(fam.steps, fam.dist, fam.goal, 10) is None  # no 10-move sequence
    bound = ess(3, 3)
    assert bound.optimal and bound.lower == 11 and len(bound.moves) == 11
    assert check(3, 3, bound.moves).ok


def test_ess_reports_a_bound_when_time_runs_out():
    bound = ess(4, 4, time_limit=0.0)
    assert not bound.optimal and 6 <= bound.lower <= 28


def test_every_method_names_an_extension_rule():
    from mazegame.engine.allmazes.search import EXTENSIONS

    assert {spec.extend for spec in METHODS.values()} <= set(EXTENSIONS)


def test_one_cell_needs_no_move():
    # the hostile fuzz found `allmazes bound 1x1`: an AttributeError (no candidate to rank)
    bound = ess(1, 1, time_limit=5)
    assert (bound.lower, bound.optimal, len(bound.moves)) == (0, True, 0)


def test_every_size_has_a_registered_default_method():
    from mazegame.engine.allmazes.methods import default_method

    sizes = [(n, m) for n in range(2, 9) for m in range(n, 33) if n * m <= 64]
    assert all(default_method(n, m) in METHODS for n, m in sizes)
    assert default_method(4, 4) == default_method(4, 4)  # the same size, the same choice


def test_a_method_made_for_one_size_takes_it_over_by_its_own_entry(monkeypatch):
    from mazegame.engine.allmazes import methods

    before = methods.default_method(5, 5)
    entry = methods.Method("for 5x5 only", "random", default_cells=(25, 25))
    monkeypatch.setitem(methods.METHODS, "five", entry)
    assert methods.default_method(5, 5) == "five"
    assert methods.default_method(4, 6) == methods.default_method(4, 5) != "five"
    monkeypatch.delitem(methods.METHODS, "five")
    assert methods.default_method(5, 5) == before


def test_no_method_named_runs_the_registered_default_and_says_which(compiled):
    from mazegame.engine.allmazes.methods import AUTO, default_method

    lines = []
    result = solve(3, 3, AUTO, seed=1, time_limit=30, progress=lines.append, enough=11)
    assert result.method == f"{AUTO}: {default_method(3, 3)}"
    assert result.verified and len(result.moves) == 11 and check(3, 3, result.moves).ok
    assert any(line.startswith(result.method) for line in lines)


def test_annealing_stops_at_a_proved_lower_bound_and_says_each_length(compiled):
    import time

    from mazegame.engine.allmazes.anneal import shorten

    fam = family(3, 3)
    long = parse_sequence("lulu" + "drddruurrdd" + "rrdd")
    lines = []
    short = shorten(fam.steps, fam.goal, long, time.monotonic() + 60, 3, lines.append,
                    enough=11)
    assert len(short) == 11 and check(3, 3, short).ok
    assert lines[0] == "annealing: 19 moves verified, trying 18"
    assert "annealing: 11 moves verified (from 19), trying 10" in lines
    assert not any("unsolved at best" in line for line in lines)  # it stopped at 11


def test_the_help_names_each_size_s_default_once(monkeypatch):
    from mazegame.engine.allmazes import methods

    monkeypatch.setitem(methods.METHODS, "five", methods.Method("5x5", "random",
                                                                default_cells=(25, 25)))
    text = methods.defaults_text()
    assert "five for 25 cells" in text and "-25 cells" not in text
    for part in text.split(", "):  # every run of sizes: its method is the default there
        name, cells = part.removesuffix(" cells").split(" for ")
        lo, _, hi = cells.partition("-")
        assert {methods.default_method(1, c) for c in range(int(lo), int(hi or lo) + 1)} \
            == {name}


def test_restarts_that_anneal_restart_first_then_anneal_the_best(compiled):
    lines = []
    result = solve(3, 4, "greedy-anneal", seed=0, time_limit=3, progress=lines.append)
    assert result.verified and check(3, 4, result.moves).ok
    runs = [i for i, line in enumerate(lines) if line.startswith("greedy-anneal ")]
    annealed = [i for i, line in enumerate(lines) if line.startswith("annealing: ")]
    assert len(runs) >= 2 and annealed and max(runs) < min(annealed)
    best = lines[max(runs)].split("(best ")[1].split()[0]  # the shortest run's
    assert lines[annealed[0]].startswith(f"annealing: {best} moves verified, trying")
