"""Shorten a verified sequence by annealing its tails: this project's way from 5x5's 246
moves to under 200.

A round picks a cut T, late enough that few classes are not home after the first T moves,
and takes those (up to 25 cells every class is known; from 26 to 36 cells they are found
among the listed ones). Those classes, from where the walkers stand at T, are
a small problem of their own: the tail seq[T:] less one move is annealed (`anneal`, its
length kept) until it brings them all home again. The classes home by T do not care, so
the sequence stays verified. Then the whole is minimised again (beyond 25 cells: from the
first move after which few classes are out, against all of those): the annealed tail
solves the late classes in new ways, which often lets many earlier moves go.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from mazegame.engine.allmazes.anneal import anneal
from mazegame.engine.allmazes.budget import NEVER, OutOfTime, expired
from mazegame.engine.allmazes.check import solve_times
from mazegame.engine.allmazes.family import family, neighbour_table, step_table
from mazegame.engine.allmazes.kernels import minimise_moves
from mazegame.engine.allmazes.listed import listed_classes, mask_solve_times
from mazegame.engine.allmazes.pool import advance
from mazegame.engine.jit import kernel

Progress = Callable[[str], None]
ANNEAL_CLASSES = 30_000  #: a cut leaves at most this many classes out
MINIMISE_CLASSES = 500_000  #: beyond 25 cells, minimising takes at most this many
ITERATIONS = 100_000  #: annealing steps a round tries before it gives up
FIRST_CUT = 0.2  #: no cut before this share of the sequence; cuts fall in the first half
#: of what follows the earliest allowed


@dataclass
class Classes:
    """Every class of one size, and how many moves of the current sequence bring each
    home (-1 never): explicit (`family`) up to 25 cells, else the listed bitmasks."""

    n: int
    m: int
    masks: np.ndarray
    times: np.ndarray
    steps: np.ndarray | None = None  #: every class's move table, up to 25 cells

    @property
    def goal(self) -> int:
        """The lower-right cell."""
        return self.n * self.m - 1

    def walk(self, seq: np.ndarray, deadline: float = NEVER,
             progress: Progress | None = None) -> None:
        """Each class's time under `seq`. OutOfTime at the deadline."""
        if self.steps is not None:
            self.times = solve_times(self.steps, seq, self.goal, deadline)
        else:
            self.times = mask_solve_times(self.masks, neighbour_table(self.n, self.m), seq,
                                          deadline, progress)

    def late(self, seq: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(indices, move tables, walker cells after seq[:k]) of the classes not home
        after k moves (`seq` must agree with the walked sequence that far)."""
        late = np.flatnonzero((self.times > k) | (self.times < 0))
        if self.steps is not None:
            steps = self.steps[late]
        else:
            steps = step_table(self.n, self.m, neighbour_table(self.n, self.m),
                               self.masks[late])
        pos = np.zeros(len(late), dtype=np.int8)
        advance(steps, pos, seq[:k], self.goal)
        return late, steps, pos

    def first_cut(self, most: int) -> int:
        """The fewest moves after which at most `most` classes are not home."""
        home = np.bincount(self.times[self.times >= 0])
        out = len(self.times) - np.cumsum(home)  # not home after k moves, for each k
        few = np.flatnonzero(out <= most)
        return int(few[0]) if few.size else len(home)


def all_classes(n: int, m: int, deadline: float = NEVER,
                progress: Progress | None = None) -> Classes:
    """Every class of the n x m mazes (up to 36 cells), not yet walked."""
    if n * m <= 25:
        fam = family(n, m, deadline)
        return Classes(n, m, fam.masks, np.empty(0, np.int32), fam.steps)
    return Classes(n, m, listed_classes(n, m, deadline, progress), np.empty(0, np.int32))


@kernel
def _times_from(steps, start, seq, goal, out):
    """How many moves of `seq` bring each class home from its cell in `start` (-1
    never; 0 for one there already)."""
    for c in range(steps.shape[0]):
        p = start[c]
        out[c] = 0 if p == goal else -1
        for i in range(seq.shape[0]):
            if p == goal:
                break
            p = steps[c, p, seq[i]]
            if p == goal:
                out[c] = i + 1


def anneal_tail(classes: Classes, seq: np.ndarray, cut: int, rng: np.random.Generator,
                deadline: float = NEVER, iterations: int = ITERATIONS,
                temp: float = 2.0) -> np.ndarray | None:
    """`seq` with one move of its tail (after `cut`) dropped and the tail annealed until
    the classes out after `cut` are all home again: the new sequence (one move shorter,
    solving every class `seq` solved), or None when the annealing gives up first."""
    _, steps, pos = classes.late(seq, cut)
    tail = seq[cut:]
    drop = int(rng.integers(len(tail)))
    tail = np.concatenate((tail[:drop], tail[drop + 1:]))
    if len(tail) == 0:  # the late classes needed that one move
        return None
    found, cost = anneal(steps, tail, classes.goal, iterations, temp,
                         int(rng.integers(1 << 30)), deadline, start=pos)
    return np.concatenate((seq[:cut], found)) if cost == 0 else None


def minimise_late(classes: Classes, seq: np.ndarray, cut: int,
                  deadline: float = NEVER) -> np.ndarray:
    """`seq` less the moves no class needs: all of them up to 25 cells; beyond, those
    after the first move that leaves at most MINIMISE_CLASSES out (those, exactly), and
    the classes' times updated to the result. `seq` must agree with the sequence
    `classes` walked up to `cut`, so only the classes out then are walked again."""
    k = 0 if classes.steps is not None else min(cut, classes.first_cut(MINIMISE_CLASSES))
    late, steps, pos = classes.late(seq, k)
    rest = minimise_moves(steps, seq[k:].copy(), classes.goal, 3, pos, deadline)
    times = np.empty(len(late), dtype=np.int32)
    _times_from(steps, pos, rest, classes.goal, times)
    classes.times[late] = np.where(times < 0, -1, times + k)
    return np.concatenate((seq[:k], rest))


def shorten_tails(n: int, m: int, moves: np.ndarray, deadline: float, seed: int,
                  progress: Progress | None = None,
                  found: Callable[[np.ndarray], None] | None = None) -> np.ndarray:
    """Anneal tails of `moves` (which must solve every n x m maze, up to 36 cells) one
    move shorter, and minimise, until the deadline: the shortest verified sequence seen.
    `found` hears each shorter one (every class's time under it known: all solved)."""
    say = progress or (lambda text: None)
    rng = np.random.default_rng(seed)
    best = np.asarray(moves, dtype=np.int8)
    try:
        classes = all_classes(n, m, deadline, progress)
        classes.walk(best, deadline, progress)
    except OutOfTime:
        return best
    if (classes.times < 0).any():
        raise ValueError(f"the {len(best)} moves to shorten leave some {n}x{m} mazes unsolved")
    rounds = 0
    while not expired(deadline) and len(best) > 1:
        rounds += 1
        low = min(max(classes.first_cut(ANNEAL_CLASSES), int(FIRST_CUT * len(best))),
                  len(best) - 1)
        cut = int(rng.integers(low, low + 1 + (len(best) - low) // 2))
        try:
            trial = anneal_tail(classes, best, cut, rng, deadline)
            if trial is None:
                say(f"tails: {len(best)} moves; the tail after move {cut} gave up (round "
                    f"{rounds})")
                continue
            trial = minimise_late(classes, trial, cut, deadline)
        except OutOfTime:
            break
        if (classes.times < 0).any():  # cannot happen: every step keeps them all solved
            raise AssertionError("a shortened tail left a maze unsolved")
        best = trial
        say(f"tails: {len(best)} moves solve every maze (the tail after move {cut} "
            f"annealed, round {rounds})")
        if found is not None:
            found(best)
    return best
