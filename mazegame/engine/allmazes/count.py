"""How many n x m mazes are feasible: a transfer-matrix (frontier connectivity) count.

A maze here is the paper's: an n x m binary matrix, 0 free and 1 blocked; it is feasible
when a 4-connected path of free cells joins the upper-left corner to the lower-right one.
The paper enumerates right-hand paths (224 minutes for 7x8); this count sweeps the cells in
row-major order and keeps, for every way the last `m` cells (the frontier) can look, how
many partial mazes look that way:

- a frontier is a tuple of m labels: 0 for a blocked cell, else its component among the
  cells swept so far, as far as the rest of the maze can still tell (only connections
  matter, not which cells); labels are renumbered in order of first appearance, with the
  start's component always 1;
- a new cell is blocked (label 0) or free (joining the components above and to its left,
  or starting a new one);
- a frontier whose start component has gone (no frontier cell still in it) can never
  reach the goal, which is the last cell: it is dropped at once.

At the end the mazes whose last cell is in the start's component are counted. The
numbers of frontiers stay small (thousands at width 7), so Python integers (exact at any
size) and a dictionary do: 6x6 in well under a second, 7x7 in seconds
(`mazegame allmazes count`). Counts are OEIS A069343: 1, 3, 51, 3828, 1225194,
1636193228, 9009490924794 for n = 1..7.
"""

from __future__ import annotations

import time
from collections import defaultdict

from mazegame.engine.allmazes.budget import NEVER, OutOfTime, Progress, Ticker

MAX_SIDE = 12  #: the largest narrow side (the frontiers grow about 4x per extra column)
MAX_LENGTH = 1000  #: the largest long side (the work grows linearly with it)


def _normalised(labels: list[int]) -> tuple[int, ...] | None:
    """The frontier renumbered (start's component 1, the others 2, 3, ... in order of first
    appearance), or None when the start's component is no longer on it."""
    if 1 not in labels:
        return None
    names = {0: 0, 1: 1}
    out = []
    for label in labels:
        if label not in names:
            names[label] = len(names)
        out.append(names[label])
    return tuple(out)


CHECK_EVERY = 4096  #: frontiers between two looks at the clock


def count_feasible(n: int, m: int, deadline: float = NEVER,
                   progress: Progress | None = None) -> int:
    """The number of feasible n x m mazes (rows x columns; the count is symmetric).
    OutOfTime, saying how far it got, when the deadline passes first (12x12 takes
    minutes, 12x1000 hours)."""
    if min(n, m) < 1 or min(n, m) > MAX_SIDE or max(n, m) > MAX_LENGTH:
        raise ValueError(f"the narrow side must be 1..{MAX_SIDE} and the long one at most "
                         f"{MAX_LENGTH}, not {n}x{m}")
    if m > n:
        n, m = m, n  # the narrower side is the frontier: far fewer states
    # The start cell is free and is component 1; the rest of the first row follows.
    states: dict[tuple[int, ...], int] = {(1,) + (0,) * (m - 1): 1}
    tick = Ticker(progress)
    for cell in range(1, n * m):
        j = cell % m
        fresh = m + 2  # a label no frontier uses (at most m components)
        following: dict[tuple[int, ...], int] = defaultdict(int)
        for k, (frontier, ways) in enumerate(states.items()):
            if k % CHECK_EVERY == 0:
                if time.monotonic() > deadline:
                    raise OutOfTime(f"counted {cell - 1} of the {n * m} cells "
                                    f"({len(states):,} frontiers)")
                tick(f"counting: cell {cell + 1} of {n * m}, {len(states):,} frontiers")
            up = frontier[j] if cell >= m else 0
            left = frontier[j - 1] if j > 0 else 0
            # blocked
            labels = list(frontier)
            labels[j] = 0
            key = _normalised(labels)
            if key is not None:
                following[key] += ways
            # free: joins the cell above and the one to the left
            labels = list(frontier)
            if up and left and up != left:
                keep, gone = min(up, left), max(up, left)
                labels = [keep if x == gone else x for x in labels]
                labels[j] = keep
            else:
                labels[j] = up or left or fresh
            key = _normalised(labels)
            if key is not None:
                following[key] += ways
        states = following
    return sum(ways for frontier, ways in states.items() if frontier[m - 1] == 1)
