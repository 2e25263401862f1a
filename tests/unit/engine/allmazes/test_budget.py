"""Kernels in chunks (`budget`): a search cut into the smallest chunks gives the same answer
as one run in one piece, a passed deadline stops every part of a search, and a Ctrl-C that
numba reports as a SystemError is a KeyboardInterrupt again."""

from __future__ import annotations

import time

import numpy as np
import pytest

from mazegame.engine.allmazes import budget
from mazegame.engine.allmazes.anneal import anneal
from mazegame.engine.allmazes.budget import NEVER, OutOfTime, Ticker, in_blocks, in_chunks
from mazegame.engine.allmazes.check import UnsolvedSearch, check, find_unsolved
from mazegame.engine.allmazes.count import count_feasible
from mazegame.engine.allmazes.family import _classes, family, neighbour_table, parse_sequence
from mazegame.engine.allmazes.kernels import greedy_extend, minimise_moves, order_extend
from mazegame.engine.allmazes.pool import random_classes, sample_pool
from mazegame.engine.allmazes.search import solve


def in_pieces(monkeypatch, run):
    """`run()` twice: with chunks of the least work (each call of a kernel does one unit,
    or one item) and in one piece; both results."""
    monkeypatch.setattr(budget, "CHUNK_SECONDS", 0.0)  # every budget shrinks to 1
    small = run()
    monkeypatch.setattr(budget, "CHUNK_SECONDS", 1e9)  # and here grows past the work
    return small, run()


def test_chunks_shrink_to_one_unit_and_grow_back(monkeypatch):
    sizes = []
    in_chunks(lambda size: sizes.append(size) or len(sizes) == 6, budget=64)
    assert sizes[0] == 64 and len(sizes) == 6
    monkeypatch.setattr(budget, "CHUNK_SECONDS", 0.0)
    sizes.clear()
    in_chunks(lambda size: sizes.append(size) or len(sizes) == 6, budget=64)
    assert sizes == [64, 16, 4, 1, 1, 1]
    spans = []
    assert in_blocks(lambda lo, hi: spans.append((lo, hi)), 10, budget=4)
    assert spans[0] == (0, 4) and spans[-1][1] == 10
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:], strict=False))


def test_a_passed_deadline_stops_after_one_chunk():
    calls = []
    assert not in_chunks(lambda size: calls.append(size) and False, deadline=0.0)
    assert len(calls) == 1


def test_greedy_lookahead_in_pieces_is_the_same(monkeypatch):
    pool = sample_pool(4, 6, 300, 1)

    def run():
        pos = pool.pos.copy()
        moves = greedy_extend(pool.steps, pool.dist, pos, pool.goal, 3, 2.0, 10_000, 7)
        return moves.tolist(), pos.tolist()

    small, whole = in_pieces(monkeypatch, run)
    assert small == whole and len(small[0]) > 0


def test_leading_home_in_order_in_pieces_is_the_same(monkeypatch):
    pool = sample_pool(4, 6, 300, 2)
    order = np.random.default_rng(0).permutation(len(pool.masks))

    def run():
        pos = pool.pos.copy()
        return order_extend(pool.steps, pool.dist, pos, pool.goal, order).tolist()

    small, whole = in_pieces(monkeypatch, run)
    assert small == whole


def test_minimising_in_pieces_is_the_same(monkeypatch):
    fam = family(3, 4)
    seq = np.concatenate((np.random.default_rng(3).integers(0, 4, 120),
                          parse_sequence("drdrrdlddrrr" * 3))).astype(np.int8)
    start = np.zeros(len(fam.masks), dtype=np.int8)
    small, whole = in_pieces(monkeypatch, lambda: minimise_moves(
        fam.steps, seq, fam.goal, 3, start).tolist())
    assert small == whole and len(small) < len(seq)


def test_the_search_for_unsolved_mazes_in_pieces_is_the_same(monkeypatch):
    nbr = neighbour_table(5, 6)
    seq = np.random.default_rng(4).integers(0, 4, 60).astype(np.int8)

    def run():
        search = UnsolvedSearch(nbr, seq, 30, 50, seed=5)
        assert search.run()
        return search.blocks.tolist(), search.frees.tolist(), search.leaves, search.nodes

    small, whole = in_pieces(monkeypatch, run)
    assert small == whole and small[2] > 50


def test_annealing_and_random_mazes_in_pieces_are_the_same(monkeypatch):
    fam = family(3, 3)
    seq = np.random.default_rng(6).integers(0, 4, 14).astype(np.int8)
    nbr = neighbour_table(5, 5)

    def run():
        best, cost = anneal(fam.steps, seq, fam.goal, 3000, 2.0, 9)
        return best.tolist(), cost, random_classes(nbr, 25, 40, 0.3, 8).tolist()

    small, whole = in_pieces(monkeypatch, run)
    assert small == whole


def test_the_classes_in_pieces_are_the_same(monkeypatch):
    nbr = neighbour_table(3, 4)
    small, whole = in_pieces(monkeypatch, lambda: [a.tolist() for a in _classes(3, 4, nbr)])
    assert small == whole and len(small[0]) == len(family(3, 4).masks)


def test_a_passed_deadline_stops_each_search_with_no_answer():
    moves = np.random.default_rng(0).integers(0, 4, 20_000).astype(np.int8)
    status, _, _ = find_unsolved(neighbour_table(8, 8), moves, 64, 1 << 40, deadline=0.0)
    assert status == -1  # gave up: none found, none proved
    with pytest.raises(OutOfTime):  # while counting the mazes, or searching
        check(8, 8, moves, deadline=0.0)
    with pytest.raises(OutOfTime, match="cells"):
        count_feasible(12, 1000, deadline=0.0)
    result = solve(8, 8, "greedy", time_limit=0.0)
    assert not result.verified


def test_every_search_method_ends_at_a_short_time_limit_on_8x8():
    for method in ("rs", "so", "ias", "root", "restarts"):
        assert not solve(8, 8, method, time_limit=0.2).verified


def test_a_ticker_says_nothing_at_first_then_at_most_every_so_often():
    lines = []
    tick = Ticker(lines.append, every=3600)
    tick("quick")
    assert lines == []
    tick.due = time.monotonic() - 1
    tick(lambda: "slow")
    tick("again")
    assert lines == ["slow"]
    Ticker(None)("nobody listens")


def test_an_interrupt_numba_reports_as_a_system_error_is_an_interrupt():
    from mazegame.engine.jit import _raise_interrupt_within

    try:  # selfplay's: a kernel's call, inside it another, inside that numba's unpickling
        try:
            try:
                raise KeyboardInterrupt
            except KeyboardInterrupt as cause:
                raise SystemError("_numba_unpickle returned a result with an error set") \
                    from cause
        except SystemError as cause:
            raise SystemError("Kernel returned a result with an exception set") from cause
    except SystemError as err:
        with pytest.raises(KeyboardInterrupt):
            _raise_interrupt_within(err)
    _raise_interrupt_within(SystemError("another"))  # not an interrupt: left to the caller
    assert NEVER > 1e300
