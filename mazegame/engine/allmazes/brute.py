"""Brute force over every n x m maze, for sizes of up to 25 cells: the independent check
of `count` (and, later, of sequence checkers).

A maze is a bitmask of its free cells (bit r*m + c); whether the corners are joined is a
bit-parallel flood fill: the reached set grows by its four shifts, masked by the free
cells and by the row edges, until it stops growing.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.jit import kernel

MAX_CELLS = 25  #: 2^25 mazes: about a second


@kernel
def reaches(free, n, m):
    """Whether the free cells `free` (a bitmask) join the upper-left to the lower-right."""
    start, goal = np.int64(1), np.int64(1) << (n * m - 1)
    if (free & start) == 0 or (free & goal) == 0:
        return False
    not_first = np.int64(0)  # cells not in the first column: a left neighbour exists
    not_last = np.int64(0)  # cells not in the last column
    for r in range(n):
        for c in range(m):
            bit = np.int64(1) << (r * m + c)
            if c > 0:
                not_first |= bit
            if c < m - 1:
                not_last |= bit
    reached = start
    while True:
        grown = (reached | ((reached << 1) & not_first) | ((reached >> 1) & not_last)
                 | (reached << m) | (reached >> m)) & free
        if grown == reached:
            return (reached & goal) != 0
        reached = grown


@kernel
def count_brute_kernel(n, m):
    """How many of the 2^(n*m) mazes are feasible, trying each."""
    total = np.int64(0)
    for free in range(np.int64(1) << (n * m)):
        if reaches(np.int64(free), n, m):
            total += 1
    return total


def count_brute(n: int, m: int) -> int:
    """The number of feasible n x m mazes, by trying all 2^(n*m) of them (n*m <= 25)."""
    if min(n, m) < 1 or n * m > MAX_CELLS:
        raise ValueError(f"brute force takes up to {MAX_CELLS} cells, not {n}x{m}")
    return int(count_brute_kernel(n, m))
