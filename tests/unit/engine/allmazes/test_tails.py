"""`tails`: shortening a verified sequence by annealing its tails never leaves a maze
unsolved (brute force over every maze says so), reaches 3x3's optimum of 11, and shortens
4x4 and 2x13 sequences (the listed classes' path) that the checker still accepts."""

from __future__ import annotations

import time

import numpy as np
import pytest
from helpers import solved_every_maze
from test_check import brute_solved

from mazegame.engine.allmazes.anneal import anneal
from mazegame.engine.allmazes.check import check
from mazegame.engine.allmazes.family import family, parse_sequence
from mazegame.engine.allmazes.search import solve
from mazegame.engine.allmazes.tails import (
    all_classes,
    anneal_tail,
    minimise_late,
    shorten_tails,
)

#: 3x3 solved in 64 moves: RS's random moves (seed 2), not minimised
LONG_3X3 = parse_sequence("ddrulruudlludldlrldudlrrdrdluudrlrldllrdrlrdldlduurdrrdrlrduuulu")


def _solves_all(n: int, m: int, moves) -> bool:
    feasible, solved = brute_solved(n, m, moves)
    return feasible == solved


def test_the_long_3x3_start_solves_every_maze():
    assert _solves_all(3, 3, LONG_3X3) and len(LONG_3X3) == 64


def test_tails_shortens_3x3_to_its_optimum_of_11():
    for limit in (2, 20, 200):  # a busy machine gets less done in 2 s
        result = solve(3, 3, "tails", seed=1, time_limit=limit, start=LONG_3X3)
        if len(result.moves) == 11:
            break
    assert result.verified and len(result.moves) == 11 and _solves_all(3, 3, result.moves)


@pytest.mark.parametrize("seed", range(6))
def test_an_annealed_tail_and_the_minimising_never_break_a_sequence(seed):
    start = solve(3, 4, "rs", seed=seed).moves  # verified, minimised
    classes = all_classes(3, 4)
    classes.walk(start)
    rng = np.random.default_rng(seed)
    got = 0
    for _ in range(8):
        cut = int(rng.integers(len(start)))
        trial = anneal_tail(classes, start, cut, rng, iterations=20_000)
        if trial is None:
            continue
        got += 1
        assert len(trial) == len(start) - 1 and np.array_equal(trial[:cut], start[:cut])
        assert _solves_all(3, 4, trial)
        classes.walk(trial)
        shorter = minimise_late(classes, trial, cut)
        assert len(shorter) <= len(trial) and _solves_all(3, 4, shorter)
        classes.walk(start)
    assert got  # some tail could go one move shorter


def test_annealing_from_given_cells_counts_those_walkers():
    fam = family(3, 3)
    at_goal = np.full(len(fam.masks), fam.goal, dtype=np.int8)
    _, cost = anneal(fam.steps, parse_sequence("u"), fam.goal, 10, 1.0, 0, start=at_goal)
    assert cost == 0  # every walker starts home: one useless move solves them all
    _, cost = anneal(fam.steps, parse_sequence("u"), fam.goal, 10, 1.0, 0)
    assert cost > 0


def test_tails_shortens_a_4x4_sequence_and_every_maze_stays_solved():
    start = solved_every_maze(4, 4, "rs", seed=1, time_limit=5).moves
    heard = []
    for seconds in (3, 30):
        best = shorten_tails(4, 4, start, time.monotonic() + seconds, 0, found=heard.append)
        if len(best) < len(start):
            break
    assert len(best) < len(start) and heard and len(heard[-1]) == len(best)
    assert _solves_all(4, 4, best)


def test_tails_refuses_a_start_that_leaves_a_maze_unsolved():
    with pytest.raises(ValueError, match="leave some 3x3 mazes unsolved"):
        shorten_tails(3, 3, parse_sequence("drddruurrd"), time.monotonic() + 5, 0)


@pytest.mark.slow  # lists the 2x13 classes, and the checker searches them all
def test_tails_over_the_listed_classes_shortens_2x13_and_the_checker_agrees():
    # a found sequence and four moves no maze needs after it (the goal keeps a walker), so
    # the start is never already as short as tails gets, however fast the machine is
    found = solved_every_maze(2, 13, "ias", seed=1, time_limit=3).moves
    start = np.concatenate((found, np.array([0, 2, 0, 2], dtype=np.int8)))
    for seconds in (3, 30, 300):
        best = shorten_tails(2, 13, start, time.monotonic() + seconds, 0)
        if len(best) < len(start):
            break
    assert len(best) < len(start) and check(2, 13, best).ok
