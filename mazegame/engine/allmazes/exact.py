"""Exact search: the shortest sequence solving a set of maze classes, and ESS (the paper's
exact solving sequence) built on it, which proves optimality for small sizes and gives
lower bounds for larger ones.

`shortest` is a breadth-first search over sets of walker positions (one cell per class;
a walker that reached the goal stays there), layer by layer, bounded by a target length L:
a state after t moves is dropped when some walker is further from the goal than L - t moves
(the paper's A* heuristic, the longest of the shortest paths, used as a bound), and when
it was met before. Trying L = lower bound, lower bound + 1, ... finds the optimum; a failed
L proves that no sequence of length L solves the set.

ESS grows a set of classes: solve it optimally; the optimum is a lower bound for all mazes
(they include the set); if the sequence leaves a maze unsolved, add it and repeat; when it
solves every maze, the bound is the optimum.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from mazegame.engine.allmazes.budget import OutOfTime
from mazegame.engine.allmazes.check import solve_times
from mazegame.engine.allmazes.family import family
from mazegame.engine.jit import kernel

Progress = Callable[[str], None]


def _absorbing(steps: np.ndarray, goal: int) -> np.ndarray:
    """The move table with the goal a trap: a solved walker stays solved."""
    out = steps.copy()
    out[:, goal, :] = goal
    return out


@kernel
def pair_tables(trap, first, second, cells, goal):
    """int16[p, cells * cells]: for each pair of classes, the fewest moves that bring both
    walkers home from each pair of cells (a lower bound the lone distances miss: the two
    walkers may need different moves)."""
    big = 30000
    out = np.full((first.shape[0], cells * cells), big, dtype=np.int16)
    for p in range(first.shape[0]):
        a, b = first[p], second[p]
        table = out[p]
        table[goal * cells + goal] = 0
        changed = True
        while changed:  # Bellman-Ford on the pairs of cells: moves cost 1
            changed = False
            for x in range(cells):
                for y in range(cells):
                    here = x * cells + y
                    for d in range(4):
                        there = trap[a, x, d] * cells + trap[b, y, d]
                        if there != here and table[there] + 1 < table[here]:
                            table[here] = table[there] + 1
                            changed = True
    return out


@kernel
def _pair_keep(grown, first, second, tables, cells, room):
    """Which states every pair bound lets through (a pair needing more than `room` moves
    rules a state out)."""
    keep = np.ones(grown.shape[0], dtype=np.bool_)
    for s in range(grown.shape[0]):
        for p in range(first.shape[0]):
            if tables[p, grown[s, first[p]] * cells + grown[s, second[p]]] > room:
                keep[s] = False
                break
    return keep


def _pairs(trap: np.ndarray, dist: np.ndarray, goal: int, limit: int = 400):
    """The pairs of classes worth a table (those needing the most moves from the start
    together), and their tables."""
    k, cells = trap.shape[0], trap.shape[1]
    if k < 2:
        return np.empty(0, np.int64), np.empty(0, np.int64), np.empty((0, 1), np.int16)
    a, b = np.triu_indices(k, 1)
    tables = pair_tables(trap, a, b, cells, goal)
    gain = tables[:, 0] - np.maximum(dist[a, 0], dist[b, 0])  # what the pair adds
    best = np.argsort(-gain, kind="stable")[:limit]
    best = best[gain[best] > 0]
    return a[best], b[best], np.ascontiguousarray(tables[best])


def shortest_at(steps: np.ndarray, dist: np.ndarray, goal: int, length: int,
                deadline: float = float("inf"), max_states: int = 20_000_000, many: int = 1):
    """A sequence of at most `length` moves that brings every class's walker to the goal
    (a list of up to `many` of the shortest, when many > 1), or None when there is none
    (proved). Raises OutOfTime at the deadline."""
    k = steps.shape[0]
    trap = _absorbing(steps, goal)
    rows = np.arange(k)[None, :]
    layer = np.zeros((1, k), dtype=np.int8)
    if (layer == goal).all():
        return np.empty(0, dtype=np.int8)
    row_type = np.dtype((np.void, k))
    recent = [layer]  # the last layers: a state met there again is dropped
    parents: list[tuple[np.ndarray, np.ndarray]] = []
    pair_a, pair_b, tables = _pairs(trap, dist, goal)
    cells = steps.shape[1]
    states = 1
    for t in range(1, length + 1):
        grown = np.concatenate([trap[rows, layer, d] for d in range(4)])
        moves = np.repeat(np.arange(4, dtype=np.int8), len(layer))
        parent = np.tile(np.arange(len(layer)), 4)
        h = dist[rows, grown].max(axis=1)
        keep = h <= length - t
        grown, moves, parent = grown[keep], moves[keep], parent[keep]
        if pair_a.size:
            keep = _pair_keep(grown, pair_a, pair_b, tables, cells, length - t)
            grown, moves, parent = grown[keep], moves[keep], parent[keep]
        # one copy of each state, and none met in the two layers before (exact rows)
        old = np.concatenate(recent)
        both = np.ascontiguousarray(np.concatenate((old, grown))).view(row_type).ravel()
        _, first = np.unique(both, return_index=True)
        fresh = np.sort(first[first >= len(old)]) - len(old)
        grown, moves, parent = grown[fresh], moves[fresh], parent[fresh]
        recent = [recent[-1], grown]
        parents.append((parent, moves))
        done = np.flatnonzero((grown == goal).all(axis=1))
        if done.size:
            found = [_trace_back(parents, int(i)) for i in done[:many]]
            return found if many > 1 else found[0]
        if len(grown) == 0:
            return None
        states += len(grown)
        if time.monotonic() > deadline or states > max_states:
            raise OutOfTime(f"{states} states at length {t} of {length}")
        layer = grown
    return None


def _trace_back(parents: list[tuple[np.ndarray, np.ndarray]], index: int) -> np.ndarray:
    """The moves leading to state `index` of the last layer."""
    out = []
    for parent, moves in reversed(parents):
        out.append(moves[index])
        index = parent[index]
    return np.array(out[::-1], dtype=np.int8)


def shortest(steps: np.ndarray, dist: np.ndarray, goal: int, start: int = 0,
             deadline: float = float("inf"), progress: Progress | None = None,
             many: int = 1):
    """The shortest sequences solving the classes (up to `many`, as for `shortest_at`), and
    the bound the search began at (trying lengths from `start` or the longest path up)."""
    length = max(start, int(dist[:, 0].max()))
    while True:
        found = shortest_at(steps, dist, goal, length, deadline, many=many)
        if found is not None:
            return found, length
        if progress:
            progress(f"no sequence of {length} moves solves these {len(steps)} classes")
        length += 1


@dataclass
class Bound:
    """ESS's state: the proved lower bound, the last optimal sequence for the set, how many
    classes the set holds, and whether the bound is the optimum (it solves everything)."""

    n: int
    m: int
    lower: int
    moves: np.ndarray
    classes: int
    optimal: bool
    seconds: float


def ess(n: int, m: int, time_limit: float = 600, progress: Progress | None = None,
        add: int = 1) -> Bound:
    """The paper's ESS on all n x m classes (n*m <= 25), adding `add` unsolved classes per
    round; stops at the optimum or the time limit, returning the best bound proved."""
    say = progress or (lambda text: None)
    began = time.monotonic()
    deadline = began + time_limit
    if n * m == 1:  # the start is the goal: no move, and nothing for the search to ask
        return Bound(n, m, 0, np.empty(0, dtype=np.int8), 1, True, time.monotonic() - began)
    try:
        fam = family(n, m, deadline)
    except OutOfTime:  # the bound every maze size has: the path along two sides
        return Bound(n, m, n + m - 2, np.empty(0, dtype=np.int8), 0, False,
                     time.monotonic() - began)
    goal = fam.goal
    chosen = [int(np.argmax(fam.dist[:, 0]))]  # the maze with the longest path first
    lower = int(fam.dist[:, 0].max())
    moves = np.empty(0, dtype=np.int8)
    while True:
        sub = np.array(chosen)
        try:
            found = shortest_at(fam.steps[sub], fam.dist[sub], goal, lower, deadline,
                                many=64)
        except OutOfTime:
            return Bound(n, m, lower, moves, len(chosen), False, time.monotonic() - began)
        if found is None:  # proved: the set (so every maze) needs more than `lower` moves
            say(f"no sequence of {lower} moves solves these {len(chosen)} classes")
            lower += 1
            continue
        # of the optimal sequences for the set, the one leaving the fewest classes unsolved
        unsolved = None
        try:
            for candidate in found:
                left = np.flatnonzero(solve_times(fam.steps, candidate, goal, deadline) < 0)
                if unsolved is None or left.size < unsolved.size:
                    moves, unsolved = candidate, left
        except OutOfTime:
            return Bound(n, m, lower, moves, len(chosen), False, time.monotonic() - began)
        say(f"{len(chosen)} classes need {lower} moves; {unsolved.size} classes left unsolved")
        if unsolved.size == 0:
            return Bound(n, m, lower, moves, len(chosen), True, time.monotonic() - began)
        # the unsolved classes with the longest paths first: they constrain the most
        hardest = unsolved[np.argsort(-fam.dist[unsolved, 0], kind="stable")]
        chosen.extend(int(c) for c in hardest[:add])
