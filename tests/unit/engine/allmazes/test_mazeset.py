"""MazeSet against an independent plain-Python enumeration and stepper."""

from itertools import product

import pytest

from mazegame.engine.allmazes.mazeset import MazeSet, feasible_masks, solves_all
from mazegame.games.blindfold import known_sequence

STEP = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}


def reachable(grid, n, m):
    """Plain flood fill: whether the lower-right corner is reachable from the upper-left."""
    if not (grid[0][0] and grid[n - 1][m - 1]):
        return False
    seen, todo = {(0, 0)}, [(0, 0)]
    while todo:
        r, c = todo.pop()
        for dr, dc in STEP.values():
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < m and grid[rr][cc] and (rr, cc) not in seen:
                seen.add((rr, cc))
                todo.append((rr, cc))
    return (n - 1, m - 1) in seen


def plain_mazes(n, m):
    """Every feasible maze as rows of booleans (True: free), in free-mask order."""
    found = []
    for bits in product((False, True), repeat=n * m):
        grid = [list(bits[::-1][r * m:(r + 1) * m]) for r in range(n)]  # bit 0 = cell 0
        if reachable(grid, n, m):
            found.append(grid)
    return found


def plain_walk(grid, n, m, sequence):
    """The paper's semantics step by step: (final cell, solved)."""
    r = c = 0
    solved = n * m == 1
    for move in sequence:
        dr, dc = STEP[move]
        if 0 <= r + dr < n and 0 <= c + dc < m and grid[r + dr][c + dc]:
            r, c = r + dr, c + dc
        solved = solved or (r, c) == (n - 1, m - 1)
    return r * m + c, solved


@pytest.mark.parametrize(("n", "m", "count"), [(1, 1, 1), (2, 2, 3), (3, 3, 51), (4, 4, 3828),
                                                (3, 5, 1632), (4, 5, 46557)])
def test_counts_are_oeis_a069343(n, m, count):
    assert len(feasible_masks(n, m)) == count


def test_every_3x3_maze_is_the_plain_enumeration():
    mazes = MazeSet(3, 3)
    plain = plain_mazes(3, 3)
    assert len(plain) == len(mazes) == 51
    plain.sort(key=lambda g: sum(1 << i for i, f in enumerate(sum(g, [])) if f))
    for k, grid in enumerate(plain):
        assert mazes.free[k].tolist() == grid


@pytest.mark.parametrize("sequence", ["", "r", "rrdd", "drddruurrdd", "ddrrul", "lurdlurd" * 3,
                                      "rdrdrdr", "dddrrruuu"])
def test_lockstep_equals_the_plain_stepper_in_every_3x3_maze(sequence):
    mazes = MazeSet(3, 3)
    mazes.play(sequence)
    plain = sorted(plain_mazes(3, 3),
                   key=lambda g: sum(1 << i for i, f in enumerate(sum(g, [])) if f))
    for k, grid in enumerate(plain):
        cell, solved = plain_walk(grid, 3, 3, sequence)
        assert (int(mazes.positions[k]), bool(mazes.solved[k])) == (cell, solved), k


def test_step_back_restores_every_position():
    mazes = MazeSet(3, 4)
    mazes.play("rrdd")
    before = (mazes.positions.copy(), mazes.solved.copy())
    mazes.step("r")
    assert mazes.back()
    assert (mazes.positions == before[0]).all() and (mazes.solved == before[1]).all()
    assert mazes.moves == list("rrdd")
    mazes.reset()
    assert not mazes.back()


def test_worst_is_an_unsolved_maze_farthest_from_its_goal():
    mazes = MazeSet(3, 3)
    mazes.play("rr")
    k = mazes.worst()
    assert not mazes.solved[k]
    far = mazes.dist[range(len(mazes)), mazes.positions]
    assert far[k] == far[~mazes.solved].max()
    mazes.play(known_sequence(3, 3))
    assert mazes.worst() is None


@pytest.mark.parametrize(("n", "m", "length"), [(3, 3, 11), (3, 4, 17)])
def test_shipped_optima_solve_all_and_one_move_less_does_not(n, m, length):
    sequence = known_sequence(n, m)
    assert len(sequence) == length
    assert solves_all(n, m, sequence)
    for i in range(length):  # the optimum: no move can be dropped
        assert not solves_all(n, m, sequence[:i] + sequence[i + 1:])


def test_no_3x3_sequence_of_ten_moves_solves_all():
    """11 is optimal: a breadth-first search over the sets of maze states finds nothing
    shorter (a few thousand states a level)."""
    import numpy as np

    mazes = MazeSet(3, 3)
    rows = np.arange(len(mazes))
    front = np.zeros((1, len(mazes)), dtype=np.int64)
    for _ in range(10):
        nxt = np.concatenate([mazes.trans[rows, front, j] for j in range(4)]).astype(np.int64)
        nxt[np.tile(front, (4, 1)) == mazes.goal] = mazes.goal  # solved stays solved
        assert not (nxt == mazes.goal).all(axis=1).any()
        front = np.unique(nxt, axis=0)


def test_sizes_beyond_20_cells_are_refused():
    with pytest.raises(ValueError):
        feasible_masks(4, 6)


def test_every_3x5_maze_is_the_plain_enumeration_and_walks_the_shipped_sequence_alike():
    """1632 mazes (OEIS A069343); the plain stepper in each agrees with the lockstep set,
    with the shipped 29 moves and without the last."""
    sequence = known_sequence(3, 5)
    plain = plain_mazes(3, 5)
    mazes = MazeSet(3, 5)
    assert len(plain) == len(mazes) == 1632
    assert all(plain_walk(grid, 3, 5, sequence)[1] for grid in plain)
    mazes.play(sequence[:-1])
    unsolved = sum(not plain_walk(grid, 3, 5, sequence[:-1])[1] for grid in plain)
    assert unsolved == mazes.unsolved() > 0


def test_a_set_of_given_mazes_steps_as_the_same_mazes_do_among_all():
    every = MazeSet(4, 5)
    picked = [0, 17, 4000, len(every) - 1]
    some = MazeSet(4, 5, every.masks[picked])
    sequence = known_sequence(4, 5)[:30]
    every.play(sequence)
    some.play(sequence)
    assert (some.positions == every.positions[picked]).all()
    assert (some.solved == every.solved[picked]).all()


def test_every_4x4_maze_by_the_plain_stepper_agrees_on_the_shipped_sequence():
    """The shipped 4x4 sequence, walked by the plain stepper in each of the 3828 mazes of
    the plain enumeration: all solved; without its last move, the unsolved ones are the
    lockstep set's."""
    sequence = known_sequence(4, 4)
    plain = plain_mazes(4, 4)
    assert len(plain) == 3828
    assert all(plain_walk(grid, 4, 4, sequence)[1] for grid in plain)
    mazes = MazeSet(4, 4)
    mazes.play(sequence[:-1])
    unsolved = sum(not plain_walk(grid, 4, 4, sequence[:-1])[1] for grid in plain)
    assert unsolved == mazes.unsolved() > 0
