"""The feasible-maze count: OEIS A069343 for squares, brute force for every shape of up
to 25 cells, and the command that prints it."""

from __future__ import annotations

import json

import pytest

from mazegame.cli import main
from mazegame.engine.allmazes.brute import MAX_CELLS, count_brute
from mazegame.engine.allmazes.count import MAX_SIDE, count_feasible

OEIS_A069343 = [1, 3, 51, 3828, 1225194, 1636193228, 9009490924794]


def test_squares_match_oeis():
    assert [count_feasible(n, n) for n in range(1, 8)] == OEIS_A069343


@pytest.mark.parametrize("n", range(1, 6))
def test_every_shape_up_to_25_cells_matches_brute_force(n):
    for m in range(n, MAX_CELLS // n + 1):
        assert count_feasible(n, m) == count_feasible(m, n) == count_brute(n, m), (n, m)


def test_brute_force_tells_a_blocked_corner_from_a_path():
    from mazegame.engine.allmazes.brute import reaches

    assert reaches(0b1111, 2, 2) and reaches(0b1011, 2, 2)  # free: start, right, goal
    assert not reaches(0b1001, 2, 2)  # the two corners alone touch diagonally only
    assert not reaches(0b0111, 2, 2)  # the goal is blocked


@pytest.mark.parametrize("n, m", [(0, 3), (MAX_SIDE + 1, MAX_SIDE + 1), (2, 1001)])
def test_sizes_out_of_range_are_refused(n, m):
    with pytest.raises(ValueError):
        count_feasible(n, m)


def test_the_command_prints_the_count(capsys):
    assert main(["allmazes", "count", "4x4"]) == 0
    assert capsys.readouterr().out.strip() == "3828"
    assert main(["allmazes", "count", "6x6", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["n"] == doc["m"] == 6 and doc["count"] == 1636193228 and doc["seconds"] >= 0


@pytest.mark.parametrize("size", ["0x3", "13x13", "3", "axb", "2x1001"])
def test_bad_sizes_exit_2(size, capsys):
    assert main(["allmazes", "count", size]) == 2
    assert "error" in capsys.readouterr().err
