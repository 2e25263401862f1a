"""Every maze class of up to 36 cells, listed, and a move sequence walked through all of
them at once: beyond the explicit family's 25 cells, a search then knows exactly which
mazes a sequence leaves unsolved (6x6's 1636193228 feasible mazes fold into 360923899
classes: 2.9 GB of bitmasks, listed in about 6 s on two cores).

`family` finds classes by trying every subset of cells, which stops being possible past
25 cells. Here a branching search grows the start's component instead: it decides the
cells next to it one at a time (in it, or out of it for good), so every connected cell set
holding the start is met exactly once, at the leaf where nothing next to it is undecided.
A branch ends early when its excluded cells cut the goal off. Cells are bits of one
machine word, so growing and flood-filling are a few shifts.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait

import numpy as np

from mazegame.engine.allmazes.budget import (
    CHUNK_SECONDS,
    NEVER,
    OutOfTime,
    Progress,
    Ticker,
    expired,
)
from mazegame.engine.jit import kernel
from mazegame.engine.memory import available_memory as _available_memory

MIN_LISTED_CELLS = 26  #: below, `family` lists the classes (with their maze counts)
MAX_LISTED_CELLS = 36  #: above, there are too many classes to hold (6x6: 361 million)
SUBTREES = 4096  #: the search splits into about this many parts (6x6: each under 0.02 s)
BLOCK = 1 << 18  #: at most this many classes a part when walking a sequence through them
BYTES_PER_CLASS = 15  #: a search's peak memory per listed class (6x6: 5.1 GB, measured)


@kernel(inline="always")
def _spread(bits, m, full, left_ok, right_ok):
    """The cells next to the cells `bits` (a grid of width m; `full` every cell;
    `left_ok`/`right_ok` the cells a step left/right may land on)."""
    return ((bits << m) & full) | (bits >> m) | ((bits << 1) & right_ok) | \
        ((bits >> 1) & left_ok)


@kernel
def _edges(n, m):
    """(full, left_ok, right_ok): every cell, and the cells a step left or right can reach
    (not the last column, not the first)."""
    full = (np.int64(1) << (n * m)) - 1
    left_ok = np.int64(0)
    right_ok = np.int64(0)
    for r in range(n):
        for c in range(m):
            bit = np.int64(1) << (r * m + c)
            if c != m - 1:
                left_ok |= bit
            if c != 0:
                right_ok |= bit
    return full, left_ok, right_ok


@kernel
def _goal_reachable(inside, excluded, m, full, left_ok, right_ok):
    """Whether the goal (the last of the cells `full`) can still join the cells `inside`
    through cells not `excluded`."""
    allowed = full & ~excluded
    goal = (full >> 1) + 1
    seen = inside
    while True:
        grown = (seen | _spread(seen, m, full, left_ok, right_ok)) & allowed
        if grown & goal:
            return True
        if grown == seen:
            return False
        seen = grown


@kernel(inline="always")
def _branch(rows, at, inside, open_, out, m, full, left_ok, right_ok):
    """Write the branches on the lowest undecided cell into rows[at], rows[at + 1]: it stays
    out (unless that cuts the goal off), or it joins and its neighbours become undecided.
    Returns the next free row."""
    cell = open_ & -open_
    if _goal_reachable(inside, out | cell, m, full, left_ok, right_ok):
        rows[at, 0], rows[at, 1], rows[at, 2] = inside, open_ & ~cell, out | cell
        at += 1
    grown = inside | cell
    rows[at, 0] = grown
    rows[at, 1] = (open_ & ~cell) | (_spread(cell, m, full, left_ok, right_ok) & ~grown & ~out)
    rows[at, 2] = out
    return at + 1


@kernel
def _start(n, m):
    """The search's first branch: the start inside, its neighbours undecided."""
    full, left_ok, right_ok = _edges(n, m)
    return np.array([1, _spread(np.int64(1), m, full, left_ok, right_ok), 0], dtype=np.int64)


@kernel
def _roots(n, m, wanted):
    """The search's first branchings, breadth first, until about `wanted` parts: int64[k, 3]
    rows of (inside, undecided, excluded) cells, each the root of a part of the search."""
    full, left_ok, right_ok = _edges(n, m)
    rows = np.empty((2 * wanted + 2, 3), dtype=np.int64)
    leaves = np.empty((wanted + 1, 3), dtype=np.int64)  # parts that are one class already
    rows[0] = _start(n, m)
    head, tail, done = 0, 1, 0
    while head < tail and tail - head + done < wanted:
        if tail + 2 > rows.shape[0]:  # move the open rows to the front
            rows[:tail - head] = rows[head:tail].copy()
            head, tail = 0, tail - head
        head += 1
        if rows[head - 1, 1] == 0:
            leaves[done] = rows[head - 1]
            done += 1
        else:
            tail = _branch(rows, tail, rows[head - 1, 0], rows[head - 1, 1], rows[head - 1, 2],
                           m, full, left_ok, right_ok)
    return np.concatenate((rows[head:tail], leaves[:done]))


@kernel
def _grow(n, m, root, out, offset):
    """Every class below one open branch `root` (inside, undecided, excluded): how many,
    written from `offset` on unless `out` is too short (then only counted)."""
    full, left_ok, right_ok = _edges(n, m)
    goal = np.int64(1) << (n * m - 1)
    stack = np.empty((n * m + 2, 3), dtype=np.int64)  # a branch decides a cell for good
    stack[0] = root
    top = 1
    count = 0
    write = out.shape[0] > 0
    while top > 0:
        top -= 1
        inside, open_, excluded = stack[top, 0], stack[top, 1], stack[top, 2]
        if open_ != 0:
            top = _branch(stack, top, inside, open_, excluded, m, full, left_ok, right_ok)
        elif inside & goal:  # nothing next to it undecided: a component, with the goal
            if write:
                out[offset + count] = inside
            count += 1
    return count


def _on_cores(work, count: int, deadline: float = NEVER,
              tick: Callable[[int], None] | None = None) -> list:
    """`work(i)` for i in 0..count-1, on a thread per core (the kernels release the GIL),
    each a fraction of a second; their results in order. At the deadline (OutOfTime) or
    on Ctrl-C the parts not begun are dropped, so neither waits for the rest; `tick(done)`
    runs as they finish."""
    pool = ThreadPoolExecutor(min(os.cpu_count() or 1, 8))
    try:
        futures = [pool.submit(work, i) for i in range(count)]
        pending = set(futures)
        while pending:
            _, pending = wait(pending, timeout=CHUNK_SECONDS, return_when=FIRST_EXCEPTION)
            if tick is not None:
                tick(count - len(pending))
            if pending and expired(deadline):
                raise OutOfTime(f"{count - len(pending)} of {count} parts done")
        return [future.result() for future in futures]
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


_LISTED: dict[tuple[int, int], np.ndarray] = {}  #: the last size's classes


def forget_listed() -> None:
    """Drop the classes `listed_classes` keeps (6x6's are 2.9 GB)."""
    _LISTED.clear()


def listed_classes(n: int, m: int, deadline: float = NEVER,
                   progress: Progress | None = None) -> np.ndarray:
    """int64 bitmasks of every class of n x m mazes (up to 36 cells; searches list them
    from 26 on): each connected cell set holding both corners, once, in no particular
    order. Kept for the next call (one size at a time: 6x6's take 2.9 GB); OutOfTime
    when the deadline passes first."""
    if not 2 <= n * m <= MAX_LISTED_CELLS or min(n, m) < 1:
        raise ValueError(f"classes are listed for 2 to {MAX_LISTED_CELLS} cells, not {n}x{m}")
    if (n, m) in _LISTED:
        return _LISTED[(n, m)]
    roots = _roots(n, m, SUBTREES)
    nothing = np.empty(0, dtype=np.int64)
    ticker = Ticker(progress)

    def tick(what: str):
        return lambda done: ticker(lambda: f"listing every class of the {n}x{m} mazes "
                                           f"({what}): {done} of {len(roots)} parts")

    counts = _on_cores(lambda i: _grow(n, m, roots[i], nothing, 0), len(roots), deadline,
                       tick("counting"))
    starts = np.concatenate(([0], np.cumsum(counts)))
    forget_listed()  # the last size's classes make room for these
    _make_room(n, m, int(starts[-1]))
    out = np.empty(int(starts[-1]), dtype=np.int64)
    _on_cores(lambda i: _grow(n, m, roots[i], out, int(starts[i])), len(roots), deadline,
              tick("writing"))
    _LISTED[(n, m)] = out
    return out


def _make_room(n: int, m: int, count: int) -> None:
    """MemoryError, naming what is needed, when a search over `count` classes would not
    fit in the memory left (better than being killed by the system half way)."""
    free = _available_memory()
    need = count * BYTES_PER_CLASS
    if free is not None and need > free:
        raise MemoryError(f"a search over all {count} classes of the {n}x{m} mazes needs "
                          f"about {need / 2**30:.1f} GB of memory; {free / 2**30:.1f} GB "
                          f"is free")


@kernel
def _times_block(masks, seq, nbr, goal, out, first, last):
    """Solve times (see `mask_solve_times`) of classes first..last-1 into `out`."""
    for k in range(first, last):
        free = masks[k]
        p = 0
        out[k] = -1
        for i in range(seq.shape[0]):
            q = nbr[p, seq[i]]
            if q >= 0 and (free >> q) & 1:
                p = q
                if p == goal:
                    out[k] = i + 1
                    break


def mask_solve_times(masks: np.ndarray, nbr: np.ndarray, seq: np.ndarray,
                     deadline: float = NEVER, progress: Progress | None = None) -> np.ndarray:
    """int32 per class (bitmask): how many moves of `seq` bring it to the goal (-1 never);
    the classes shared among the cores, in blocks of BLOCK classes at most. OutOfTime when
    the deadline passes first."""
    out = np.empty(len(masks), dtype=np.int32)
    goal = nbr.shape[0] - 1
    seq = np.asarray(seq, dtype=np.int8)
    parts = max(8 * (os.cpu_count() or 1), -(-len(masks) // BLOCK))
    blocks = np.linspace(0, len(masks), parts + 1).astype(np.int64)
    ticker = Ticker(progress)
    _on_cores(lambda i: _times_block(masks, seq, nbr, goal, out, blocks[i], blocks[i + 1]),
              len(blocks) - 1, deadline,
              lambda done: ticker(lambda: f"walking {len(seq)} moves through all "
                                          f"{len(masks):,} classes: {done} of "
                                          f"{len(blocks) - 1} parts"))
    return out


@kernel
def _out_after(times, length):
    """int64[length + 1]: how many classes are not home after k moves, for each k
    (times as `mask_solve_times` gives them; -1 never home)."""
    home = np.zeros(length + 1, dtype=np.int64)
    for t in times:
        if t >= 0:
            home[t] += 1
    out = np.empty(length + 1, dtype=np.int64)
    total = times.shape[0]
    for k in range(length + 1):
        total -= home[k]
        out[k] = total
    return out


def late_classes(n: int, m: int, nbr: np.ndarray, seq: np.ndarray, most: int,
                 deadline: float = NEVER,
                 progress: Progress | None = None) -> tuple[int, np.ndarray]:
    """(k, classes): the fewest moves k of `seq` after which at most `most` classes are
    not home (len(seq) if none), and those classes (bitmasks)."""
    masks = listed_classes(n, m, deadline, progress)
    times = mask_solve_times(masks, nbr, seq, deadline, progress)
    few = _out_after(times, len(seq)) <= most
    k = int(np.argmax(few)) if few.any() else len(seq)
    return k, masks[(times > k) | (times < 0)]


def unsolved_classes(n: int, m: int, nbr: np.ndarray, seq: np.ndarray,
                     deadline: float = NEVER, progress: Progress | None = None) -> np.ndarray:
    """The classes (bitmasks) of n x m mazes `seq` leaves unsolved, all of them."""
    masks = listed_classes(n, m, deadline, progress)
    return masks[mask_solve_times(masks, nbr, seq, deadline, progress) < 0]
