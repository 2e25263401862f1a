"""Generators on any board (`engine.tilings`): the graph kernels behind `generate_board`.

Every kernel: `(links, opposite, doors, seed, record, buf) -> events`. `links[i, d]` is the
cell beyond side d of cell i (-1: none), `opposite[d]` the side facing back; `doors` (one
bit a side, set = open) is edited in place, starting from the doors a board opens before
any generator (all shut, but for weave's crossings). The trace speaks the square's
language with sides for directions: CARVE (cell, side), MARK, AT, STEP.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.board_maze import open_side
from mazegame.engine.jit import kernel
from mazegame.engine.rng import xs_below, xs_next, xs_seed
from mazegame.engine.trace import ACTIVE, AT, CARVE, MARK, STEP, VISITED, emit


@kernel
def board_backtracker(links, opposite, doors, seed, record, buf):
    """Depth-first search: carve to a random neighbour not yet in the maze, back up at dead
    ends (the square backtracker's steps, on any board)."""
    n, sides = links.shape
    seen = np.zeros(n, dtype=np.bool_)
    stack = np.empty(n, dtype=np.int32)
    free = np.empty(sides, dtype=np.int64)
    x = xs_next(xs_seed(seed))
    cell = xs_below(x, n)
    seen[cell] = True
    top = 0
    k = 0
    if record:
        k = emit(buf, k, STEP, -1, 1)
        k = emit(buf, k, AT, cell, 0)
        k = emit(buf, k, MARK, cell, ACTIVE)
    while True:
        if record:
            k = emit(buf, k, STEP, -1, 2)
        m = 0
        for d in range(sides):
            nxt = links[cell, d]
            if nxt >= 0 and not seen[nxt]:
                free[m] = d
                m += 1
        if m > 0:
            x = xs_next(x)
            d = free[xs_below(x, m)]
            nxt = links[cell, d]
            open_side(links, opposite, doors, cell, d)
            seen[nxt] = True
            stack[top] = cell
            top += 1
            if record:
                k = emit(buf, k, STEP, -1, 3)
                k = emit(buf, k, CARVE, cell, d)
                k = emit(buf, k, AT, nxt, 0)
                k = emit(buf, k, MARK, nxt, ACTIVE)
            cell = nxt
            continue
        if record:
            k = emit(buf, k, STEP, -1, 4)
            k = emit(buf, k, MARK, cell, VISITED)
        if top == 0:
            break
        top -= 1
        cell = stack[top]
        if record:
            k = emit(buf, k, AT, cell, 0)
    return buf[:k]
