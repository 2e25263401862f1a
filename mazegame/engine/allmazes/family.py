"""Every feasible n x m maze, explicitly, for sizes of up to 25 cells, folded into classes
that no move sequence can tell apart.

A walker from the upper-left corner only ever meets the cells of the start's component
and the blocked cells around it: a free cell next to the component would be in it. So two
mazes with the same start component behave the same under every sequence, and a feasible
maze is, for sequences, just a connected set of cells holding both corners (a "class").
The class stands for 2^k mazes, k being the cells neither in it nor next to it (those are
free or blocked at will). 5x5's 1225194 feasible mazes fold into 482443 classes (4x4's
3828 into 2423), so every explicit search (check, greedy, solve in order, exact) works on
the classes, and counts mazes by the weights.

Moves are numbered 0..3 for u, d, l, r (`MOVES`); cells are r*m + c; a class is the bitmask
of its cells.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mazegame.engine.allmazes.brute import MAX_CELLS
from mazegame.engine.allmazes.budget import NEVER, OutOfTime, in_blocks
from mazegame.engine.jit import kernel

MOVES = "udlr"  #: the move letters, in the order of their numbers
DR = np.array([-1, 1, 0, 0], dtype=np.int64)  #: row change of each move
DC = np.array([0, 0, -1, 1], dtype=np.int64)  #: column change of each move


def parse_sequence(text: str) -> np.ndarray:
    """Moves as numbers from letters udlr (case and white space ignored); ValueError names
    the first other character."""
    letters = "".join(text.split()).lower()
    for i, ch in enumerate(letters):
        if ch not in MOVES:
            raise ValueError(f"a sequence is made of the letters u, d, l, r; found {ch!r} "
                             f"at position {i + 1}")
    return np.array([MOVES.index(ch) for ch in letters], dtype=np.int8)


def sequence_text(moves) -> str:
    """The letters of a sequence of move numbers."""
    return "".join(MOVES[int(d)] for d in moves)


@kernel
def neighbour_table(n, m):
    """int64[n*m, 4]: the cell each move leads to from each cell, or -1 off the grid."""
    table = np.full((n * m, 4), -1, dtype=np.int64)
    for r in range(n):
        for c in range(m):
            for d in range(4):
                rr, cc = r + DR[d], c + DC[d]
                if 0 <= rr < n and 0 <= cc < m:
                    table[r * m + c, d] = rr * m + cc
    return table


@kernel
def reach(nbr, free, stack):
    """The free cells joined to the start (bitmasks; 0 if the start is blocked), by a flood
    fill that uses `stack` (at least one slot per cell) as its scratch."""
    if not free & 1:
        return np.int64(0)
    seen = np.int64(1)
    stack[0] = 0
    top = 1
    while top > 0:
        top -= 1
        cell = stack[top]
        for d in range(4):
            nb = nbr[cell, d]
            if nb >= 0 and (free >> nb) & 1 and not (seen >> nb) & 1:
                seen |= np.int64(1) << nb
                stack[top] = nb
                top += 1
    return seen


@kernel
def _classes_between(n, m, nbr, lo, hi):
    """The classes (connected cell sets holding both corners) and their maze counts, of
    the grids lo..hi-1 (the bits of the cells between the corners)."""
    cells = n * m
    goal = cells - 1
    masks = np.empty(1 << 10, dtype=np.int64)
    weights = np.empty(1 << 10, dtype=np.int64)
    count = 0
    stack = np.empty(cells, dtype=np.int64)
    for bits in range(lo, hi):
        free = np.int64(1) | (np.int64(bits) << 1) | (np.int64(1) << goal)
        # the class is kept only when the start's component is all of `free`
        if reach(nbr, free, stack) != free:
            continue
        fixed = free  # the class and the blocked cells around it
        for cell in range(cells):
            if (free >> cell) & 1:
                for d in range(4):
                    nb = nbr[cell, d]
                    if nb >= 0:
                        fixed |= np.int64(1) << nb
        loose = 0
        for cell in range(cells):
            if not (fixed >> cell) & 1:
                loose += 1
        if count == masks.shape[0]:
            masks = np.concatenate((masks, np.empty_like(masks)))
            weights = np.concatenate((weights, np.empty_like(weights)))
        masks[count] = free
        weights[count] = np.int64(1) << loose
        count += 1
    return masks[:count].copy(), weights[:count].copy()


def _classes(n: int, m: int, nbr: np.ndarray,
             deadline: float = NEVER) -> tuple[np.ndarray, np.ndarray]:
    """The classes and their maze counts, in ascending order of their bits: every grid
    tried, in blocks (see `budget`). OutOfTime when the deadline passes first."""
    parts = []
    if not in_blocks(lambda lo, hi: parts.append(_classes_between(n, m, nbr, lo, hi)),
                     1 << (n * m - 2), deadline, budget=1 << 14):
        raise OutOfTime(f"listing the {n}x{m} mazes ran out of time")
    return (np.concatenate([p[0] for p in parts]).astype(np.int64),
            np.concatenate([p[1] for p in parts]).astype(np.int64))


@kernel
def goal_distances(nbr, free, cells, dist, queue):
    """Fill `dist` with steps to the goal (the last cell) through the cells whose bit is
    set in `free` (-1: cut off); `queue` is scratch of `cells` entries. The one BFS of the
    explicit sets and the search (which passes ~blocked: unknown cells count as free)."""
    for c in range(cells):
        dist[c] = -1
    goal = cells - 1
    dist[goal] = 0
    queue[0] = goal
    head, tail = 0, 1
    while head < tail:
        cell = queue[head]
        head += 1
        for d in range(4):
            nb = nbr[cell, d]
            if nb >= 0 and (free >> nb) & 1 and dist[nb] < 0:
                dist[nb] = dist[cell] + 1
                queue[tail] = nb
                tail += 1


@kernel
def distances(n, m, nbr, masks):
    """int16[k, n*m]: each class's steps from each of its cells to the goal (-1 outside)."""
    cells = n * m
    out = np.empty((masks.shape[0], cells), dtype=np.int16)
    queue = np.empty(cells, dtype=np.int64)
    for k in range(masks.shape[0]):
        goal_distances(nbr, masks[k], cells, out[k], queue)
    return out


@kernel
def step_table(n, m, nbr, masks):
    """int8[k, n*m, 4]: where each move leads in each class (blocked or off-grid: stay)."""
    cells = n * m
    out = np.empty((masks.shape[0], cells, 4), dtype=np.int8)
    for k in range(masks.shape[0]):
        for cell in range(cells):
            for d in range(4):
                nb = nbr[cell, d]
                out[k, cell, d] = nb if nb >= 0 and (masks[k] >> nb) & 1 else cell
    return out


@dataclass(frozen=True)
class Family:
    """The classes of feasible n x m mazes: masks (int64 bitmasks of their cells), weights
    (how many mazes each stands for), steps (int8[k, cells, 4]) and dist (int16[k, cells],
    steps to the goal)."""

    n: int
    m: int
    masks: np.ndarray
    weights: np.ndarray
    steps: np.ndarray
    dist: np.ndarray

    @property
    def total(self) -> int:
        """How many feasible mazes the classes stand for."""
        return int(self.weights.sum())

    @property
    def goal(self) -> int:
        """The lower-right cell."""
        return self.n * self.m - 1


_FAMILIES: dict[tuple[int, int], Family] = {}  #: the last few sizes' classes
KEEP_FAMILIES = 8  #: how many sizes `_FAMILIES` keeps


def family(n: int, m: int, deadline: float = NEVER) -> Family:
    """The classes of all feasible n x m mazes (n*m <= 25; 5x5 takes about a second).
    Kept for the next call; OutOfTime when the deadline passes first."""
    if min(n, m) < 1 or n * m > MAX_CELLS:
        raise ValueError(f"explicit maze sets go up to {MAX_CELLS} cells, not {n}x{m}")
    if (n, m) in _FAMILIES:
        return _FAMILIES[(n, m)]
    nbr = neighbour_table(n, m)
    if n * m == 1:
        masks, weights = np.array([1], dtype=np.int64), np.array([1], dtype=np.int64)
    else:
        masks, weights = _classes(n, m, nbr, deadline)
    fam = Family(n, m, masks, weights, step_table(n, m, nbr, masks),
                 distances(n, m, nbr, masks))
    if len(_FAMILIES) >= KEEP_FAMILIES:
        del _FAMILIES[next(iter(_FAMILIES))]
    _FAMILIES[(n, m)] = fam
    return fam
