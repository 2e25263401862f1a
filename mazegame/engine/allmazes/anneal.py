"""This project's own search: simulated annealing at a fixed length, then one move shorter.

Starting from a solving sequence (RS, minimised), it drops a move and anneals the sequence,
keeping its length, until it solves every class again: a step rewrites one move, or takes
a move out and puts one in elsewhere; the cost is the number of classes left unsolved. Each
class's walker position before every move is kept (`trail`), so a change at move i
re-walks only the classes not yet solved before i, from where they stood. When the cost
reaches 0 the sequence is one move shorter and the next round begins.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from mazegame.engine.allmazes.budget import NEVER, Ticker, in_chunks
from mazegame.engine.allmazes.kernels import reseed
from mazegame.engine.jit import kernel


@kernel
def _rewalk(steps, seq, goal, trail, times, c, start):
    """Walk class `c` from move `start` on, refreshing its trail and time; whether it is
    solved."""
    p = trail[c, start]
    for i in range(start, seq.shape[0]):
        if p == goal:
            times[c] = i
            return True
        p = steps[c, p, seq[i]]
        trail[c, i + 1] = p
    times[c] = seq.shape[0] if p == goal else seq.shape[0] + 1
    return p == goal


@kernel
def _cost_after(steps, seq, goal, trail, times, start, limit):
    """How many classes are unsolved by `seq` given it agrees with the trails before move
    `start` (stops counting past `limit`); trails and times are not changed."""
    bad = 0
    length = seq.shape[0]
    for c in range(steps.shape[0]):
        if times[c] <= start:
            continue
        p = trail[c, start]
        i = start
        while p != goal and i < length:
            p = steps[c, p, seq[i]]
            i += 1
        if p != goal:
            bad += 1
            if bad > limit:
                return bad
    return bad


@kernel
def _anneal_start(steps, seq, goal, trail, times):
    """Walk every class along `seq` (trails and times): how many it leaves unsolved."""
    cost = 0
    for c in range(steps.shape[0]):
        if not _rewalk(steps, seq, goal, trail, times, c, 0):
            cost += 1
    return cost


@kernel
def _anneal_some(steps, seq, goal, trail, times, best, trial, state, iters, temp, budget):
    """Go on annealing `seq` (its length kept) for `budget` iterations, of `iters` in all
    (the temperature falls over them); `state` holds [iterations done, classes `seq`
    leaves unsolved, the fewest so far (those of `best`)]. Whether it is over: every
    iteration done, or every class solved."""
    length = seq.shape[0]
    k = steps.shape[0]
    it, cost, best_cost = state[0], state[1], state[2]
    stop = min(iters, it + budget)
    while it < stop and cost > 0:
        t = temp * (1.0 - it / iters) + 1e-3
        it += 1
        trial[:] = seq
        kind = np.random.randint(3)
        i = np.random.randint(length)
        if kind == 0:  # rewrite one move
            trial[i] = (seq[i] + 1 + np.random.randint(3)) % 4
            start = i
        else:  # take move i out, put a move in at j
            j = np.random.randint(length)
            new = np.random.randint(4) if kind == 1 else seq[i]
            if i < j:
                trial[i:j] = seq[i + 1:j + 1]
                trial[j] = new
            else:
                trial[j + 1:i + 1] = seq[j:i]
                trial[j] = new
            start = min(i, j)
        # the most unsolved classes a trial may leave and still be taken
        limit = cost + int(-t * np.log(np.random.random() + 1e-12))
        now = _cost_after(steps, trial, goal, trail, times, start, limit)
        if now <= limit:
            seq[:] = trial
            for c in range(k):
                if times[c] > start:
                    _rewalk(steps, seq, goal, trail, times, c, start)
            cost = now
            if cost < best_cost:
                best_cost = cost
                best[:] = seq
    state[0], state[1], state[2] = it, cost, best_cost
    return it >= iters or cost == 0


def anneal(steps: np.ndarray, seq: np.ndarray, goal: int, iters: int, temp: float, seed: int,
           deadline: float = NEVER,
           start: np.ndarray | None = None) -> tuple[np.ndarray, int]:
    """Anneal `seq` (its length kept) towards solving every class for `iters` iterations
    (in chunks, to the deadline: see `budget`): the best sequence seen and how many
    classes it leaves unsolved. The walkers start in their cells in `start` (default:
    the start cell)."""
    reseed(seed)
    k, length = steps.shape[0], len(seq)
    seq = np.array(seq, dtype=np.int8)
    trail = np.zeros((k, length + 1), dtype=np.int8)
    if start is not None:
        trail[:, 0] = start
    times = np.zeros(k, dtype=np.int64)
    cost = _anneal_start(steps, seq, goal, trail, times)
    best, trial = seq.copy(), seq.copy()
    state = np.array([0, cost, cost], dtype=np.int64)
    in_chunks(lambda budget: _anneal_some(steps, seq, goal, trail, times, best, trial, state,
                                          iters, temp, budget), deadline, budget=256)
    return best, int(state[2])


def shorten(steps: np.ndarray, goal: int, moves: np.ndarray, deadline: float, seed: int,
            progress: Callable[[str], None], iters: int = 200_000, temp: float = 2.0,
            enough: int = 0) -> np.ndarray:
    """Anneal one move off at a time until the deadline, or until `enough` moves (a proved
    lower bound) are reached: the shortest solving sequence. Each shorter one is said as
    it is found, and how the next length goes every few seconds."""
    best = np.asarray(moves, dtype=np.int8)
    began = len(best)
    rng = np.random.default_rng(seed)
    tick = Ticker(progress)
    per_iter = None  # seconds an iteration takes, measured on a short first round
    tries, fewest = 0, 0  # rounds at this length, and the fewest unsolved they left
    progress(f"annealing: {began} moves verified, trying {began - 1}")
    while time.monotonic() < deadline and len(best) > max(1, enough):
        i = int(rng.integers(len(best)))
        trial = np.concatenate((best[:i], best[i + 1:]))
        left = deadline - time.monotonic()
        # a round never runs far past the deadline: fewer iterations when time is short
        rounds = (min(iters, 2000) if per_iter is None
                  else int(min(iters, max(100, left / max(per_iter, 1e-9)))))
        started = time.monotonic()
        found, cost = anneal(steps, trial, goal, rounds, temp, int(rng.integers(1 << 30)),
                             deadline)
        per_iter = (time.monotonic() - started) / rounds
        if cost == 0:
            best, tries = found, 0
            progress(f"annealing: {len(best)} moves verified (from {began}), trying "
                     f"{len(best) - 1}")
        else:
            tries, fewest = tries + 1, cost if tries == 0 else min(fewest, cost)
            tick(f"annealing: {len(best)} moves verified (from {began}); {len(best) - 1} "
                 f"leave {fewest} unsolved at best ({tries} rounds)")
    return best
