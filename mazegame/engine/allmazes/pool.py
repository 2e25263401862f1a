"""A pool of maze classes a search works on: all of them up to 25 cells (`family`), beyond
a random sample that grows with the counterexamples the checker finds.

A pool holds, for each class, its mask, where each move leads from each cell (`steps`) and
the steps to the goal (`dist`); `walk_to` moves every class's walker along some moves.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.allmazes.budget import NEVER, OutOfTime, in_blocks
from mazegame.engine.allmazes.family import (
    distances,
    family,
    neighbour_table,
    reach,
    step_table,
)
from mazegame.engine.allmazes.kernels import reseed
from mazegame.engine.jit import kernel

#: how likely a cell is blocked in the random mazes a sample draws, one density each
DENSITIES = np.array([0.2, 0.3, 0.4, 0.45])


@kernel
def component(nbr, free, cells):
    """The cells joined to the start through the free cells (bitmasks)."""
    return reach(nbr, free, np.empty(cells, dtype=np.int64))


@kernel
def _random_classes(nbr, cells, count, blocked):
    """`count` classes of random feasible mazes (each cell blocked with probability
    `blocked`), drawn with numba's generator from where it stands."""
    out = np.empty(count, dtype=np.int64)
    goal = cells - 1
    got = 0
    while got < count:
        free = np.int64(1) | (np.int64(1) << goal)
        for c in range(1, goal):
            if np.random.random() >= blocked:
                free |= np.int64(1) << c
        comp = component(nbr, free, cells)
        if (comp >> goal) & 1:
            out[got] = comp
            got += 1
    return out


def random_classes(nbr: np.ndarray, cells: int, count: int, blocked: float, seed: int,
                   deadline: float = NEVER) -> np.ndarray:
    """`count` classes of random feasible mazes (each cell blocked with probability
    `blocked`), drawn with numba's generator seeded with `seed`, in chunks (see `budget`).
    OutOfTime when the deadline passes first."""
    reseed(seed)
    parts: list[np.ndarray] = []
    if not in_blocks(lambda lo, hi: parts.append(_random_classes(nbr, cells, hi - lo,
                                                                 blocked)),
                     count, deadline, budget=256):
        raise OutOfTime("drawing random mazes ran out of time")
    return np.concatenate(parts) if parts else np.empty(0, dtype=np.int64)


@kernel
def completions(nbr, cells, free, block, seed):
    """A class for each partial maze (cells known `free`, known `block`ed, the rest
    unknown): the unknown cells drawn free or blocked (at one of the sample's densities)
    until the goal is joined to the start, else all free (feasible whenever any is)."""
    np.random.seed(seed)
    goal = cells - 1
    out = np.empty(free.shape[0], dtype=np.int64)
    for j in range(free.shape[0]):
        blocked = DENSITIES[np.random.randint(DENSITIES.size)]
        unknown = [c for c in range(cells) if not ((free[j] | block[j]) >> c) & 1]
        comp = np.int64(0)
        for _ in range(8):
            drawn = free[j]
            for c in unknown:
                if np.random.random() >= blocked:
                    drawn |= np.int64(1) << c
            comp = component(nbr, drawn, cells)
            if (comp >> goal) & 1:
                break
        if not (comp >> goal) & 1:
            drawn = free[j]
            for c in unknown:
                drawn |= np.int64(1) << c
            comp = component(nbr, drawn, cells)
        out[j] = comp
    return out


@kernel
def _advance_block(steps, pos, seq, goal, lo, hi):
    """`advance` for classes lo..hi-1."""
    for c in range(lo, hi):
        p = pos[c]
        for i in range(seq.shape[0]):
            if p == goal:
                break
            p = steps[c, p, seq[i]]
        pos[c] = p


def advance(steps: np.ndarray, pos: np.ndarray, seq: np.ndarray, goal: int) -> None:
    """Move every class's walker (in place) along `seq`; solved walkers stay at the goal.
    In blocks of classes (see `budget`): Ctrl-C stops it."""
    seq = np.asarray(seq, dtype=np.int8)
    in_blocks(lambda lo, hi: _advance_block(steps, pos, seq, goal, lo, hi), len(pos),
              budget=4096)


class Pool:
    """Maze classes with their move and distance tables, and each one's walker position."""

    complete = False  #: whether every class the moves so far leave unsolved is here

    def __init__(self, n: int, m: int, masks: np.ndarray):
        """A pool of the classes `masks` (int64 bitmasks), every walker at the start."""
        self.n, self.m = n, m
        self.nbr = neighbour_table(n, m)
        self.masks = np.unique(np.asarray(masks, dtype=np.int64))
        self.steps = step_table(n, m, self.nbr, self.masks)
        self.dist = distances(n, m, self.nbr, self.masks)
        self.pos = np.zeros(len(self.masks), dtype=np.int8)

    @property
    def goal(self) -> int:
        """The lower-right cell."""
        return self.n * self.m - 1

    def add(self, masks: np.ndarray, seq: np.ndarray) -> None:
        """Add classes, their walkers moved along `seq` (the moves made so far)."""
        masks = np.setdiff1d(np.asarray(masks, dtype=np.int64), self.masks)
        if masks.size == 0:
            return
        steps = step_table(self.n, self.m, self.nbr, masks)
        pos = np.zeros(len(masks), dtype=np.int8)
        advance(steps, pos, np.asarray(seq, dtype=np.int8), self.goal)
        self.masks = np.concatenate((self.masks, masks))
        self.steps = np.concatenate((self.steps, steps))
        self.dist = np.concatenate((self.dist, distances(self.n, self.m, self.nbr, masks)))
        self.pos = np.concatenate((self.pos, pos))

    def unsolved(self) -> np.ndarray:
        """Indices of the classes whose walker is not at the goal."""
        return np.flatnonzero(self.pos != self.goal)

    @property
    def explicit(self) -> bool:
        """Whether the pool is every class there is (so solving it is solving all)."""
        return getattr(self, "_explicit", False)


def full_pool(n: int, m: int) -> Pool:
    """Every class of the n x m mazes (n*m <= 25)."""
    fam = family(n, m)
    pool = Pool.__new__(Pool)
    pool.n, pool.m, pool.nbr = n, m, neighbour_table(n, m)
    pool.masks, pool.steps, pool.dist = fam.masks, fam.steps, fam.dist
    pool.pos = np.zeros(len(fam.masks), dtype=np.int8)
    pool._explicit = True
    return pool


def sample_pool(n: int, m: int, count: int, seed: int, deadline: float = NEVER) -> Pool:
    """A pool of random classes, drawn at a few wall densities (OutOfTime when the
    deadline passes first)."""
    nbr = neighbour_table(n, m)
    if count == 0:
        return Pool(n, m, np.empty(0, dtype=np.int64))
    parts = [random_classes(nbr, n * m, count // 4 + 1, blocked, seed + i, deadline)
             for i, blocked in enumerate(DENSITIES)]
    return Pool(n, m, np.concatenate(parts))
