"""Heuristic searches for one sequence that solves every feasible n x m maze: the paper's
RS, SO, IAS and greedy lookahead, and this project's root and restarts; each result is
minimised (every move that is not needed dropped) and checked.

Every method is one `extend` rule: append moves until every class in a pool is solved.
The loop around it is shared: extend, minimise against the pool, check against all mazes
(explicitly up to 36 cells, else by the search for an unsolved maze); counterexamples
join the pool and the loop goes on. Up to 16 cells the pool is every class, so the first
check passes. Beyond 25 cells minimising against a pool never quite converges (there is
always a maze outside it that needed a dropped move), so the loop turns to appending only,
until the sequence is verified: at once from 26 to 36 cells, where every class is listed
(`listed`) and one check names all the unsolved ones, so appending for them all needs no
further check, and fresh runs use the time left; beyond, after half of the time, and
what is left shrinks the sequence (`_shrink`).
The registry, `methods.METHODS`, names each method's rule and the sizes it is the default
for (`AUTO`: a search with no method named runs that one); the command line and the tests
enumerate it (it loads without numba, so building the parser stays light).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from mazegame.engine.allmazes.anneal import shorten
from mazegame.engine.allmazes.budget import NEVER, OutOfTime, expired
from mazegame.engine.allmazes.check import UnsolvedSearch, solve_times
from mazegame.engine.allmazes.family import family, neighbour_table
from mazegame.engine.allmazes.kernels import greedy_extend, minimise_moves, order_extend
from mazegame.engine.allmazes.listed import (
    MAX_LISTED_CELLS,
    MIN_LISTED_CELLS,
    late_classes,
    listed_classes,
    unsolved_classes,
)
from mazegame.engine.allmazes.methods import AUTO, METHODS, Method, default_method
from mazegame.engine.allmazes.pool import Pool, advance, completions, full_pool, sample_pool
from mazegame.engine.allmazes.tails import shorten_tails

Progress = Callable[[str], None]
MAX_MOVES = 200_000  #: no sequence grows past this


def _random_extend(pool: Pool, seq: np.ndarray, rng: np.random.Generator,
                   deadline: float = NEVER, progress: Progress | None = None) -> np.ndarray:
    """RS: random moves (down and right a little likelier) until the pool is solved."""
    out = []
    while pool.unsolved().size and 64 * len(out) < MAX_MOVES and not expired(deadline):
        chunk = rng.choice(4, size=64, p=[0.2, 0.3, 0.2, 0.3]).astype(np.int8)
        advance(pool.steps, pool.pos, chunk, pool.goal)
        out.append(chunk)
    return np.concatenate(out) if out else np.empty(0, dtype=np.int8)


def _order_extend(pool: Pool, seq: np.ndarray, rng: np.random.Generator,
                  deadline: float = NEVER, progress: Progress | None = None) -> np.ndarray:
    """SO: the unsolved classes in a random order, each led home from where it stands."""
    order = rng.permutation(pool.unsolved())
    return order_extend(pool.steps, pool.dist, pool.pos, pool.goal, order, deadline, progress)


def _first_extend(pool: Pool, seq: np.ndarray, rng: np.random.Generator,
                  deadline: float = NEVER, progress: Progress | None = None) -> np.ndarray:
    """IAS: the unsolved classes in the order the checker found them, each led home."""
    return order_extend(pool.steps, pool.dist, pool.pos, pool.goal, pool.unsolved(),
                        deadline, progress)


def _greedy(depth: int, power: float) -> Callable:
    """A lookahead extension of `depth` moves minimising the sum of distance^power."""
    def extend(pool: Pool, seq: np.ndarray, rng: np.random.Generator,
               deadline: float = NEVER, progress: Progress | None = None) -> np.ndarray:
        return greedy_extend(pool.steps, pool.dist, pool.pos, pool.goal, depth, float(power),
                             MAX_MOVES, int(rng.integers(1 << 30)), deadline, progress)
    return extend


#: The extension rules the registry (methods.METHODS) names: each appends moves until
#: the pool is solved (`pos` moved along), or stops at the deadline with it not solved.
EXTENSIONS: dict[str, Callable] = {
    "random": _random_extend,
    "order": _order_extend,
    "first": _first_extend,
    "greedy-3-squared": _greedy(3, 2),
    "greedy-4-cubed": _greedy(4, 3),
    "greedy-4-root": _greedy(4, 0.5),
}


@dataclass(frozen=True)
class Result:
    """A search's outcome: the sequence (move numbers), whether the checker accepted it,
    and how long it took."""

    n: int
    m: int
    moves: np.ndarray
    method: str
    seed: int
    verified: bool
    seconds: float


FULL_POOL_CELLS = 16  #: up to here a search works on every class at once
ADD_PER_ROUND = 256  #: unsolved classes joining the pool per round (explicit sizes)
ADD_SAMPLED = 8192  #: beyond, unsolved classes drawn from the search per round
REPAIR_AT = 0.5  #: beyond, the share of the time limit before the repair starts
MEND_BELOW = 4096  #: shrinking repairs a minimised sequence that leaves this few unsolved
SAMPLE = 40_000  #: random classes a pool starts from beyond 16 cells
LISTED_SAMPLE = 200_000  #: classes drawn from all of them to start a pool, 26 to 36 cells
LISTED_ADD = 262_144  #: at most this many unsolved classes join such a pool per round
ANNEAL_SHARE = 0.5  #: restarts that anneal (`Method.anneal`) leave this much time to it
POLISH_CLASSES = 1_000_000  #: at most this many take part in polishing (see `_polish`)


def _listed(n: int, m: int) -> bool:
    """Whether every class of the size is listed (`listed`): 26 to 36 cells."""
    return MIN_LISTED_CELLS <= n * m <= MAX_LISTED_CELLS


def _pool(n: int, m: int, method: Method, seed: int, progress: Progress,
          deadline: float = NEVER) -> Pool:
    """Every class when there are few enough, else a sample (or nothing, for IAS): drawn
    from all classes where they are listed, else from random mazes. OutOfTime when the
    deadline passes first."""
    if n * m <= FULL_POOL_CELLS:
        return full_pool(n, m)
    if not _listed(n, m):
        return sample_pool(n, m, SAMPLE if method.sample else 0, seed, deadline)
    progress(f"a pool drawn from every class of the {n}x{m} mazes (listed once)")
    masks = listed_classes(n, m, deadline, progress)
    rng = np.random.default_rng(seed)
    count = min(LISTED_SAMPLE, len(masks)) if method.sample else 0
    return Pool(n, m, masks[rng.choice(len(masks), count, replace=False)])


def _counterexamples(n: int, m: int, seq: np.ndarray, seed: int, deadline: float = NEVER,
                     progress: Progress | None = None) -> tuple[np.ndarray, bool]:
    """Classes (masks) the sequence leaves unsolved: up to 25 cells ADD_PER_ROUND of them,
    the furthest from the goal first; up to 36 all of them (or LISTED_ADD drawn from
    them); beyond, up to ADD_SAMPLED drawn from all the partial mazes the search for an
    unsolved maze ends in (the first ones it finds are near copies of each other; at the
    deadline, from those it met so far). Also whether they are all there are. Empty: it
    solves every maze. OutOfTime when the deadline passes before any is known."""
    if n * m <= 25:
        fam = family(n, m, deadline)
        unsolved = np.flatnonzero(solve_times(fam.steps, seq, fam.goal, deadline) < 0)
        found = unsolved[np.argsort(-fam.dist[unsolved, 0])[:ADD_PER_ROUND]]
        return fam.masks[found], found.size == unsolved.size
    if _listed(n, m):
        found = unsolved_classes(n, m, neighbour_table(n, m), seq, deadline, progress)
        if len(found) <= LISTED_ADD:
            return found, True
        return np.random.default_rng(seed).choice(found, LISTED_ADD, replace=False), False
    nbr = neighbour_table(n, m)
    search = UnsolvedSearch(nbr, seq, n * m, ADD_SAMPLED, seed, 1 << 40)
    if not search.run(deadline, progress) and search.status < 0:
        raise OutOfTime(f"no unsolved maze found in {search.nodes:,} partial mazes yet")
    return completions(nbr, n * m, search.frees, search.blocks, seed), False


def minimise(pool: Pool, moves: np.ndarray, passes: int = 3, deadline: float = NEVER,
             progress: Progress | None = None) -> np.ndarray:
    """Drop every move the pool's classes do not need (those found by the deadline)."""
    return minimise_moves(pool.steps, np.asarray(moves, dtype=np.int8), pool.goal, passes,
                          np.zeros(len(pool.masks), dtype=np.int8), deadline, progress)


def _append(pool: Pool, seq: np.ndarray, extend: Callable, rng: np.random.Generator,
            passes: int, deadline: float = NEVER,
            progress: Progress | None = None) -> np.ndarray:
    """`seq` and the moves `extend` appends for the unsolved classes, less every appended
    move they do not need from where `seq` left them (the walkers end where it ends).
    At the deadline, the moves appended so far (some classes still unsolved)."""
    alive = pool.unsolved()
    start = pool.pos[alive].copy()
    more = extend(pool, seq, rng, deadline, progress)
    if passes and more.size and alive.size and not pool.unsolved().size:
        more = minimise_moves(pool.steps[alive], more, pool.goal, passes, start, deadline,
                              progress)
        pool.pos[alive] = start
        advance(pool.steps, pool.pos, more, pool.goal)
    return np.concatenate((seq, more))


def _learn(pool: Pool, found: np.ndarray, seq: np.ndarray, complete: bool) -> None:
    """Add the classes `found` to the pool, every walker where `seq` leaves it; `complete`:
    they are all the classes `seq` leaves unsolved, so moves that solve the pool from
    here solve every maze."""
    pool.pos[:] = 0
    advance(pool.steps, pool.pos, seq, pool.goal)
    pool.add(found, seq)
    pool.complete = complete


def _verified_else_learn(pool: Pool, seq: np.ndarray, rng: np.random.Generator,
                         progress: Progress, deadline: float = NEVER) -> bool:
    """Whether `seq` solves every maze; if not, what it leaves unsolved joins the pool.
    OutOfTime when the deadline passes before either is known."""
    found, complete = _counterexamples(pool.n, pool.m, seq, int(rng.integers(1 << 30)),
                                       deadline, progress)
    if found.size == 0:
        return True
    _learn(pool, found, seq, complete)
    progress(f"{len(seq)} moves; {found.size} unsolved join the pool ({len(pool.masks)})")
    return False


def _one_run(n: int, m: int, method: Method, seed: int, deadline: float,
             progress: Progress, minimise_passes: int,
             repair_at: float = float("inf")) -> tuple[np.ndarray, bool]:
    """One extend-minimise-check loop: the sequence and whether the checker accepted it.
    From `repair_at` on, it only appends (`_repair`: minimising may drop moves mazes
    outside the pool need), and the time left after it is verified goes to `_shrink`.
    At the deadline, wherever it is, the sequence so far, not verified."""
    rng = np.random.default_rng(seed)
    seq = np.empty(0, dtype=np.int8)
    try:
        pool = _pool(n, m, method, seed, progress, deadline)
    except OutOfTime:
        return seq, False
    extend = EXTENSIONS[method.extend]
    try:
        while True:
            seq = np.concatenate((seq, extend(pool, seq, rng, deadline, progress)))
            if pool.unsolved().size:  # the deadline (or MAX_MOVES) came first
                return seq, False
            if minimise_passes:
                seq = minimise(pool, seq, minimise_passes, deadline, progress)
            if pool.explicit or _verified_else_learn(pool, seq, rng, progress, deadline):
                return seq, True
            if expired(deadline):
                return seq, False
            if time.monotonic() > repair_at:
                break
    except OutOfTime:
        return seq, False
    seq, verified = _repair(pool, seq, extend, rng, deadline, progress, minimise_passes)
    if not verified or not minimise_passes or _listed(n, m):
        return seq, verified  # listed: a fresh run does better than shrinking this one
    return _shrink(pool, seq, extend, rng, deadline, progress, minimise_passes), True


def _repair(pool: Pool, seq: np.ndarray, extend: Callable, rng: np.random.Generator,
            deadline: float, progress: Progress, passes: int) -> tuple[np.ndarray, bool]:
    """Append moves (the walkers stand where `seq` leaves them) until no maze is left
    unsolved: the sequence, and whether it got there before the deadline."""
    while True:
        seq = _append(pool, seq, extend, rng, passes, deadline, progress)
        if pool.unsolved().size:  # the deadline came first
            return seq, False
        if pool.complete:  # no need to check again
            progress(f"{len(seq)} moves, verified: they solve every maze the check named")
            return seq, True
        try:
            if _verified_else_learn(pool, seq, rng, progress, deadline):
                return seq, True
        except OutOfTime:
            return seq, False
        if expired(deadline):
            return seq, False


def _shrink(pool: Pool, verified: np.ndarray, extend: Callable, rng: np.random.Generator,
            deadline: float, progress: Progress, passes: int) -> np.ndarray:
    """A shorter verified sequence, or `verified` when time runs out first.

    Each round minimises `verified` against the pool and adds what the result leaves
    unsolved, so the result is a part of `verified` that grows back until it solves every
    maze. That wavers for a long time beyond 36 cells; so whenever few mazes are left
    unsolved (all of them joined the pool), the result is also repaired by appending, and
    a repaired one shorter than `verified` takes its place. (Runs of 26 to 36 cells do
    not shrink: a fresh run does better there.)"""
    while not expired(deadline):
        seq = minimise(pool, verified, passes, deadline, progress)
        try:
            found, complete = _counterexamples(pool.n, pool.m, seq,
                                               int(rng.integers(1 << 30)), deadline, progress)
        except OutOfTime:
            break
        if found.size == 0:
            return seq
        _learn(pool, found, seq, complete)
        progress(f"shrinking {len(verified)} moves: {len(seq)} leave some unsolved; "
                 f"{found.size} join the pool ({len(pool.masks)})")
        if found.size <= MEND_BELOW and time.monotonic() < deadline:
            mended, ok = _repair(pool, seq, extend, rng, deadline, progress, passes)
            if ok and len(mended) < len(verified):
                verified = mended
                progress(f"shrinking: {len(verified)} moves verified")
    return verified


def _polish(n: int, m: int, seq: np.ndarray, progress: Progress,
            deadline: float = NEVER) -> np.ndarray:
    """A verified sequence of 26 to 36 cells less the moves no maze needs, found exactly:
    after the first k moves (k the earliest after which at most POLISH_CLASSES classes are
    unsolved) the rest is minimised against all the classes still out then, from where
    they stand; the others are home by then, whatever follows. (Minimising against the
    pools kept moves the sample needed that the appended moves now do as well.) At the
    deadline, what was dropped by then; OutOfTime before the late classes are known."""
    k, out = late_classes(n, m, neighbour_table(n, m), seq, POLISH_CLASSES, deadline,
                          progress)
    late = Pool(n, m, out)
    advance(late.steps, late.pos, seq[:k], late.goal)
    rest = minimise_moves(late.steps, seq[k:].copy(), late.goal, 3, late.pos.copy(),
                          deadline, progress)
    progress(f"polished: {len(seq)} moves -> {k + len(rest)} (the last {len(seq) - k} "
             f"against all {len(late.masks)} classes out after move {k})")
    return np.concatenate((seq[:k], rest))


def _repair_at(n: int, m: int, began: float, time_limit: float) -> float:
    """When a run stops minimising against its pool and only appends: never up to 25
    cells (the checks are exact and cheap); at once where the classes are listed (one
    exact check names every maze left, so appending for them all is verified); else
    after REPAIR_AT of the time (minimising against a sample never converges there)."""
    if n * m <= 25:
        return float("inf")
    return began if _listed(n, m) else began + REPAIR_AT * time_limit


def solve(n: int, m: int, method: str = AUTO, seed: int = 0, time_limit: float = 600,
          progress: Progress | None = None, minimise_passes: int = 3,
          enough: int = 0, start: np.ndarray | None = None) -> Result:
    """Search for a sequence solving every feasible n x m maze (n*m <= 64), until it is
    verified (and for some methods and sizes, until the time limit, shortening it, or
    until it is down to `enough` moves, a proved lower bound). `AUTO`: the registry's
    default method for the size (`Result.method` says which, 'auto: anneal'). `start`: a
    sequence solving every maze, for the methods that shorten a given one (`tails`;
    ValueError if it does not solve them all). At the time limit every part of the search
    stops: the result is then the best sequence verified, or one that is not (`verified`
    False; perhaps empty)."""
    if min(n, m) < 2 or n * m > 64:
        raise ValueError(f"searches take 2x2 up to 64 cells, not {n}x{m}")
    say = progress or (lambda text: None)
    ran = method
    if method == AUTO:
        method = default_method(n, m)
        ran = f"{AUTO}: {method}"
        say(f"{ran} (the default for {n}x{m}, {n * m} cells)")
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; known: {', '.join(METHODS)}")
    spec = METHODS[method]
    began = time.monotonic()
    deadline = began + time_limit
    if spec.given and start is not None:
        best, ok = _given(start, say), True
        run_more = False
    else:
        repair_at = _repair_at(n, m, began, time_limit)
        best, ok = _one_run(n, m, spec, seed, deadline, say, minimise_passes, repair_at)
        say(f"{method} seed {seed}: {len(best)} moves" + (" verified" if ok else ""))
        run_more = spec.restarts or (_listed(n, m) and not spec.tails)
    # restarts that shorten begin no run after ANNEAL_SHARE of the time: the rest shortens
    shortens = spec.anneal or spec.tails
    restart_until = began + (1 - ANNEAL_SHARE) * time_limit if shortens else deadline
    run, took = 1, time.monotonic() - began
    while run_more and not expired(restart_until):
        if ok and len(best) <= enough:
            break  # down to the lower bound: no run can do better
        if _listed(n, m) and time.monotonic() + 2 * took > deadline:
            break  # a run there takes minutes: one more and the polish would not fit
        started = time.monotonic()
        moves, good = _one_run(n, m, spec, seed + run, deadline, say, minimise_passes,
                               repair_at)
        took = time.monotonic() - started
        if good and (len(moves) < len(best) or not ok):
            best, ok = moves, good
        say(f"{method} restart {run}: {len(moves)} moves (best {len(best)}"
            + (" verified)" if ok else ")"))
        run += 1
    if spec.anneal and ok and n * m <= 25:
        fam = family(n, m)
        best = shorten(fam.steps, fam.goal, best, deadline, seed, say, enough=enough)
    if spec.tails and ok and n * m <= MAX_LISTED_CELLS:
        best = shorten_tails(n, m, best, deadline, seed, say)
    elif ok and _listed(n, m) and minimise_passes:
        with contextlib.suppress(OutOfTime):
            best = _polish(n, m, best, say, deadline)
    return Result(n, m, best, ran, seed, ok, time.monotonic() - began)


def _given(start: np.ndarray, say: Progress) -> np.ndarray:
    """A given sequence to shorten (`shorten_tails` refuses one that leaves a maze
    unsolved: ValueError)."""
    say(f"shortening the {len(start)} moves given")
    return np.asarray(start, dtype=np.int8)
