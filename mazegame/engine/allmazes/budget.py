"""Time limits for the all-mazes searches, and kernels run in short chunks.

A numba kernel looks at neither the clock nor signals: one that runs for a minute holds
Ctrl-C up for a minute and runs past any deadline. So every kernel here that can run long
does a bounded amount of work per call (a budget, in its own units of work) and keeps its
state in arrays between calls, and `in_chunks` calls it again and again, sizing the budget
so that a call takes about CHUNK_SECONDS, until the work is done or the deadline passes.
Between calls Python runs, so a pending Ctrl-C raises KeyboardInterrupt there.

Chunks never change a result: a chunked kernel ends where the whole run would have been
at that point, and one drawing random numbers seeds numba's generator once
(`kernels.reseed`) and goes on drawing from it, so the answer does not depend on how fast
the machine is. (No numba here: `count`, which the command line's parser imports, uses
it.)
"""

from __future__ import annotations

import time
from collections.abc import Callable

NEVER = float("inf")  #: a deadline that never comes
CHUNK_SECONDS = 0.1  #: about how long one call of a chunked kernel runs
PROGRESS_SECONDS = 2.0  #: at most this often a long piece of work says how it goes
MAX_BUDGET = 1 << 40  #: the largest budget a chunk gets

Progress = Callable[[str], None]


class OutOfTime(Exception):
    """The time limit was reached before the work was done."""


def expired(deadline: float) -> bool:
    """Whether the deadline (time.monotonic() seconds) has passed."""
    return time.monotonic() > deadline


def deadline_in(seconds: float) -> float:
    """The deadline `seconds` from now."""
    return time.monotonic() + seconds


class Ticker:
    """Says how a long piece of work goes, at most every PROGRESS_SECONDS and never in
    its first ones (quick work says nothing)."""

    def __init__(self, progress: Progress | None, every: float = PROGRESS_SECONDS) -> None:
        """A ticker printing with `progress` (None: silent)."""
        self.progress, self.every = progress, every
        self.due = time.monotonic() + every

    def __call__(self, text: str | Callable[[], str]) -> None:
        """Say `text` (or `text()`: only made when it is said) when it is time to."""
        if self.progress is not None and time.monotonic() >= self.due:
            self.progress(text if isinstance(text, str) else text())
            self.due = time.monotonic() + self.every


def in_chunks(step: Callable[[int], bool], deadline: float = NEVER, budget: int = 1 << 12,
              tick: Callable[[], None] | None = None) -> bool:
    """Call `step(budget)` until it returns True (the work is done): True; or until the
    deadline passes first: False. The budget grows or shrinks so that a call takes about
    CHUNK_SECONDS (a first call that compiles the kernel just shrinks it for a while);
    `tick` runs after each call (a `Ticker`'s report)."""
    while True:
        began = time.perf_counter()
        if step(budget):
            return True
        took = time.perf_counter() - began
        if tick is not None:
            tick()
        if expired(deadline):
            return False
        scale = min(max(CHUNK_SECONDS / max(took, 1e-6), 0.25), 4.0)
        budget = int(min(max(budget * scale, 1), MAX_BUDGET))


def in_blocks(run: Callable[[int, int], object], total: int, deadline: float = NEVER,
              budget: int = 1 << 10, tick: Callable[[], None] | None = None) -> bool:
    """`run(lo, hi)` over 0..total in blocks of independent items (a block about
    CHUNK_SECONDS of work): whether it got through them all before the deadline."""
    done = 0

    def step(size: int) -> bool:
        nonlocal done
        hi = min(total, done + size)
        run(done, hi)
        done = hi
        return done >= total

    return total <= 0 or in_chunks(step, deadline, budget, tick)
