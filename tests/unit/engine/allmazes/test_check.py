"""The sequence checker against an independent brute force: every 3x3 and 4x4 maze walked in
plain Python; the search for an unsolved maze against the explicit check; counterexamples
really unsolved and feasible."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import solved_every_maze

from mazegame.engine.allmazes.brute import reaches
from mazegame.engine.allmazes.check import check, find_unsolved, sample_unsolved
from mazegame.engine.allmazes.family import family, neighbour_table, parse_sequence
from mazegame.engine.allmazes.pool import completions


def walks_home(free: int, n: int, m: int, moves) -> bool:
    """Plain Python: whether the walker from the upper-left visits the lower-right."""
    r = c = 0
    for d in moves:
        if (r, c) == (n - 1, m - 1):
            return True
        rr, cc = r + (-1, 1, 0, 0)[d], c + (0, 0, -1, 1)[d]
        if 0 <= rr < n and 0 <= cc < m and (free >> (rr * m + cc)) & 1:
            r, c = rr, cc
    return (r, c) == (n - 1, m - 1)


def brute_solved(n: int, m: int, moves) -> tuple[int, int]:
    """(feasible mazes, how many of them the moves solve), trying all 2^(n*m) mazes."""
    moves = [int(d) for d in moves]
    feasible = solved = 0
    for free in range(1 << (n * m)):
        if reaches(free, n, m):
            feasible += 1
            solved += walks_home(free, n, m, moves)
    return feasible, solved


def as_int(free: np.ndarray) -> int:
    """A bool[n, m] maze as the bitmask of its free cells."""
    return sum(1 << i for i, x in enumerate(free.reshape(-1)) if x)


@pytest.fixture(scope="module")
def solving_4x4():
    """A sequence that solves every 4x4 maze (RS, minimised: under a second)."""
    result = solved_every_maze(4, 4, "rs", seed=1, time_limit=5)
    assert result.verified
    return result.moves


def test_the_classes_stand_for_every_feasible_maze():
    fam = family(3, 3)
    assert fam.total == 51 and len(fam.masks) == 45


@pytest.mark.parametrize("n, m", [(3, 3), (4, 4)])
def test_checker_counts_agree_with_brute_force(n, m, solving_4x4):
    rng = np.random.default_rng(n * m)
    sequences = [rng.integers(0, 4, 25), parse_sequence("drddruurrdd"), solving_4x4,
                 solving_4x4[:-1], solving_4x4[::2]]
    for moves in sequences:
        verdict = check(n, m, moves)
        assert (verdict.total, verdict.solved) == brute_solved(n, m, moves)
        assert verdict.ok == (verdict.solved == verdict.total)


@pytest.mark.parametrize("n, m", [(3, 3), (4, 4), (5, 6)])
def test_a_move_less_is_rejected_with_a_real_counterexample(n, m, solving_4x4):
    moves = parse_sequence("drddruurrdd") if n == 3 else solving_4x4
    if n == 3:
        assert check(n, m, moves).ok
    for drop in (0, len(moves) // 2, len(moves) - 1):
        shorter = np.delete(moves, drop)
        verdict = check(n, m, shorter)
        assert not verdict.ok
        free = as_int(verdict.free)
        assert reaches(free, n, m), "the counterexample is feasible"
        assert not walks_home(free, n, m, shorter), "and really unsolved"


def test_the_search_for_an_unsolved_maze_agrees_with_the_explicit_check(solving_4x4):
    nbr = neighbour_table(4, 4)
    rng = np.random.default_rng(3)
    cases = [solving_4x4, *(np.delete(solving_4x4, i) for i in range(0, 29, 4)),
             *(rng.integers(0, 4, 40).astype(np.int8) for _ in range(5))]
    for moves in cases:
        moves = np.asarray(moves, dtype=np.int8)
        status, blocks, _ = find_unsolved(nbr, moves, 16, 1 << 40, 3)
        assert status == (0 if check(4, 4, moves).ok else 1)
        for block in blocks:
            free = ~int(block) & 0xFFFF
            assert reaches(free, 4, 4) and not walks_home(free, 4, 4, moves)


def test_a_sample_of_the_unsolved_partial_mazes_completes_to_unsolved_mazes(solving_4x4):
    nbr = neighbour_table(4, 4)
    moves = np.delete(np.asarray(solving_4x4, dtype=np.int8), [3, 11, 20])
    _, every, _ = find_unsolved(nbr, moves, 16, 1 << 40, 1 << 20)
    status, blocks, frees, leaves, _ = sample_unsolved(nbr, moves, 16, 1 << 40, 1 << 20, 0)
    assert status == 1 and leaves == len(every) > 5 and sorted(blocks) == sorted(every)
    status, blocks, frees, leaves, _ = sample_unsolved(nbr, moves, 16, 1 << 40, 5, 5)
    assert leaves == len(every) and len(blocks) == 5 and set(blocks) <= set(every)
    classes = completions(nbr, 16, frees, blocks, 7)
    for free, block, cls in zip(frees, blocks, classes, strict=True):
        cls = int(cls)
        assert int(free) & ~cls == 0 and int(block) & cls == 0  # agrees with what is known
        assert reaches(cls, 4, 4) and not walks_home(cls, 4, 4, moves)
    status, blocks, *_ = sample_unsolved(nbr, np.asarray(solving_4x4, dtype=np.int8), 16,
                                         1 << 40, 5, 5)
    assert status == 0 and len(blocks) == 0


def test_the_search_gives_up_at_its_node_limit():
    moves = np.array([1, 3] * 30, dtype=np.int8)
    status, _, nodes = find_unsolved(neighbour_table(6, 6), moves, 36, 3)
    assert status == -1 and nodes == 4
