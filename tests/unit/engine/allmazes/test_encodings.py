"""Both SAT encodings of "some sequence of exactly L moves solves every feasible maze" (the
primary, `sat.sat_length` with python-sat's CaDiCaL, and the second, `second.second_answer`
with CryptoMiniSat) read against the brute-force oracle (`oracle.py`, the paper's
definition in plain Python) on every size up to 3x4 both ways: "none" exactly when the
oracle finds no sequence that short, and every sequence returned solves every feasible
maze by the oracle's own walk. The oracle is first held to what is published."""

from __future__ import annotations

from functools import cache

import pytest

from tests.unit.engine.allmazes import oracle

#: n x m with n*m >= 4, n <= 3, m <= 4, and each turned
SIZES = [(1, 4), (4, 1), (2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (3, 4), (4, 3)]
PUBLISHED = {(2, 2): 3, (2, 3): 5, (3, 3): 11, (3, 4): 17}  #: README's table (the paper's)


@cache
def optimum(n: int, m: int) -> int:
    """The oracle's shortest length: the first bound at which it finds a sequence."""
    length = n + m - 2
    while oracle.shortest_sequence(n, m, length) is None:
        length += 1
    return length


@cache
def mazes(n: int, m: int) -> list:
    return oracle.feasible_mazes(n, m)


def primary(n: int, m: int, length: int) -> tuple[str, str | None]:
    pytest.importorskip("pysat", reason="the sat extra (python-sat) is not installed")
    from mazegame.engine.allmazes.sat import sat_length

    result = sat_length(n, m, length, time_limit=120)
    return result.status, result.sequence


def second(n: int, m: int, length: int) -> tuple[str, str | None]:
    pytest.importorskip("pycryptosat", reason="the sat extra (pycryptosat) is not installed")
    from mazegame.engine.allmazes.budget import deadline_in
    from mazegame.engine.allmazes.second import second_answer

    answer = second_answer(n, m, length, deadline=deadline_in(120))
    return answer.status, answer.sequence


ENCODINGS = {"primary": primary, "second": second}


def agrees_with_the_oracle(n: int, m: int, length: int, status: str,
                           sequence: str | None) -> None:
    """AssertionError unless the answer is the oracle's: "none" below the optimum, else a
    sequence of `length` moves that solves every feasible maze."""
    if length < optimum(n, m):
        assert (status, sequence) == ("none", None), f"{n}x{m}@{length}: {sequence}"
        return
    assert status == "found" and sequence is not None, f"{n}x{m}@{length}: {status}"
    assert len(sequence) == length and set(sequence) <= set("udlr")
    unsolved = [maze for maze in mazes(n, m) if not oracle.solves(maze, sequence)]
    assert not unsolved, f"{n}x{m}: {sequence} leaves {unsolved[0]} unsolved"


@pytest.mark.parametrize(("n", "m", "best"), [
    pytest.param(n, m, best, marks=[pytest.mark.slow] if n * m == 12 else [])
    for (n, m), best in PUBLISHED.items()])
def test_the_oracle_finds_the_published_optima(n, m, best):
    found = oracle.shortest_sequence(n, m, best)
    assert found is not None and len(found) == best
    assert all(oracle.solves(maze, found) for maze in mazes(n, m))
    assert oracle.shortest_sequence(n, m, best - 1) is None


@pytest.mark.parametrize(("n", "m"), SIZES)
def test_the_oracle_counts_the_feasible_mazes_as_allmazes_count_does(n, m):
    from mazegame.engine.allmazes.count import count_feasible

    assert len(mazes(n, m)) == count_feasible(n, m)


@pytest.mark.parametrize(("n", "m"), [*SIZES, (4, 4), (3, 5)])
def test_the_second_encodings_mazes_stand_for_every_feasible_maze(n, m):
    """Each start component stands for 2^(cells neither in it nor next to it) mazes."""
    from mazegame.engine.allmazes.count import count_feasible
    from mazegame.engine.allmazes.second import components, grid_neighbours

    grid = grid_neighbours(n, m)
    total = 0
    for cells in components(n, m):
        near = cells
        for c in range(n * m):
            if cells >> c & 1:
                near |= sum(1 << j for j in grid[c] if j is not None)
        total += 1 << (n * m - bin(near).count("1"))
    assert total == count_feasible(n, m)


@pytest.mark.parametrize("encoding", list(ENCODINGS))
@pytest.mark.parametrize(("n", "m"), [pytest.param(n, m, marks=pytest.mark.slow)
                                      if n * m == 12 else (n, m) for n, m in SIZES])
def test_each_encoding_answers_as_the_oracle_around_the_optimum(encoding, n, m):
    best = optimum(n, m)
    for length in range(max(best - 2, 0), best + 2):
        agrees_with_the_oracle(n, m, length, *ENCODINGS[encoding](n, m, length))


@pytest.mark.parametrize(("answer", "length"), [
    (("found", "rrdrdrr"), 6),  # a sequence where the oracle says there is none
    (("none", None), 7),  # "none" where there is one
    (("found", "rrdrdrl"), 7),  # a sequence that misses a maze
    (("found", "rrdrdrrd"), 7),  # the wrong length
    (("unknown", None), 7),
])
def test_an_answer_the_oracle_disagrees_with_is_caught(answer, length):
    with pytest.raises(AssertionError):
        agrees_with_the_oracle(2, 4, length, *answer)
