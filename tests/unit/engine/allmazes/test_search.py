"""Searches: every registered method finds a sequence the checker accepts; minimisation
leaves no move that can go; the exact search proves 3x3 = 11."""

from __future__ import annotations

import numpy as np
import pytest

from mazegame.engine.allmazes.check import check
from mazegame.engine.allmazes.exact import ess, shortest_at
from mazegame.engine.allmazes.family import family, parse_sequence
from mazegame.engine.allmazes.pool import full_pool
from mazegame.engine.allmazes.search import METHODS, minimise, solve


@pytest.mark.parametrize("method", list(METHODS))
def test_every_method_solves_every_3x3_maze(method):
    lines = []
    result = solve(3, 3, method, seed=2, time_limit=0.3, progress=lines.append)
    assert result.verified and check(3, 3, result.moves).ok
    assert 11 <= len(result.moves) <= 30 and lines


def test_same_seed_same_sequence():
    a, b = (solve(4, 4, "so", seed=5).moves for _ in range(2))
    assert np.array_equal(a, b)


def test_a_lazy_pool_converges_beyond_16_cells():
    result = solve(3, 6, "greedy", seed=1)  # a sampled pool and counterexamples
    assert result.verified and check(3, 6, result.moves).ok


def test_beyond_25_cells_the_search_for_unsolved_mazes_repairs_the_sequence():
    result = solve(2, 13, "ias", seed=1)  # 26 cells: no explicit check
    assert result.verified and check(2, 13, result.moves).ok


@pytest.mark.parametrize("mend", [True, False])
def test_shrinking_a_verified_sequence_keeps_it_verified_and_shorter(mend, monkeypatch):
    from mazegame.engine.allmazes import search
    from mazegame.engine.allmazes.pool import sample_pool

    if not mend:
        monkeypatch.setattr(search, "MEND_BELOW", -1)
    found = solve(2, 13, "ias", seed=1).moves  # 26 cells: checked by the search
    padded = np.concatenate((np.random.default_rng(0).integers(0, 4, 60), found)).astype(np.int8)
    lines = []
    short = search._shrink(sample_pool(2, 13, 100, 0), padded,
                           search.EXTENSIONS["greedy-3-squared"], np.random.default_rng(1),
                           float("inf"), lines.append, 3)
    assert check(2, 13, short).ok and len(short) < len(padded)
    assert any(line.endswith("moves verified") for line in lines) == mend
    if not mend:  # then what is left is a part of it, in order
        it = iter(padded.tolist())
        assert all(d in it for d in short.tolist())


def _minimised_by_hand(steps, goal, seq, passes):
    """Plain Python: drop moves from the last to the first while every class still gets
    home, walking every class from the start each time."""
    def all_home(moves):
        for c in range(steps.shape[0]):
            p = 0
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
