"""Hunt-and-kill (the classic catalogue's): walk at random until stuck, then hunt row by row
for an unvisited cell beside the maze. Registered with its family in `classic`."""

from __future__ import annotations

import numpy as np

from mazegame.engine.bits import lowest_bit
from mazegame.engine.generate.common import (
    NOTE_HUNT,
    NOTE_KILL,
    join,
    row_magic,
    show_arrival,
    sides_where,
)
from mazegame.engine.jit import kernel
from mazegame.engine.rng import XS_MASK, xs_below, xs_next, xs_seed
from mazegame.engine.trace import (
    ACTIVE,
    CARVE,
    FOCUS,
    MARK,
    NOTE,
    STEP,
    VISITED,
    emit,
    focus_arg,
)


@kernel
def _retire(walk, walked, buf, k):
    """Trace the cells of a finished walk turning from ACTIVE to VISITED."""
    for i in range(walked):
        k = emit(buf, k, MARK, walk[i], VISITED)
    return k


@kernel
def hunt_and_kill(walls, wrap_x, wrap_y, seed, record, buf):
    """Walk to random unvisited neighbours; when stuck, hunt row by row for an unvisited cell
    beside the tree, join it to a random visited neighbour and walk on from there.

    A hunt reads the unvisited cells as bits, 32 a word, so it skips the visited rows a
    word at a time (hunts scan about 30 cells for each cell of the maze); draws come from
    the kernel's own stream.
    """
    h, w = walls.shape
    n = h * w
    flat = walls.reshape(n)
    magic = row_magic(w)
    visited = np.zeros(n, dtype=np.bool_)
    unvisited = np.full((n + 31) >> 5, XS_MASK, dtype=np.int64)  # a bit a cell
    if n & 31:
        unvisited[-1] = (1 << (n & 31)) - 1
    sides = np.empty(4, dtype=np.int64)
    nbs = np.empty(4, dtype=np.int64)
    x = xs_next(xs_seed(seed))
    # Start in the top row: hunts scan from the top, and an unvisited region above the
    # walk would make every hunt wade through it (quadratic time on unlucky seeds).
    cell = xs_below(x, w)
    k = 0
    visited[cell] = True
    unvisited[cell >> 5] ^= 1 << (cell & 31)
    # Recording: the cells of the walk now under way (ACTIVE), retired to VISITED when it
    # gets stuck; and whether a hunt's scan row is in focus.
    walk = np.empty(n if record else 1, dtype=np.int32)
    walked = 0
    hunted = False
    walking = False  # recording: step 2, the walk, is in force
    if record:
        k = emit(buf, k, STEP, -1, 1)
        k = show_arrival(buf, k, cell, ACTIVE)
        walk[0] = cell
        walked = 1
    remaining = n - 1
    scan = 0  # every word before `scan` is all visited, so hunts never rescan them
    while remaining > 0:
        count = sides_where(h, w, magic, wrap_x, wrap_y, cell, visited, False, sides, nbs)
        if count == 0:  # stuck: hunt for an unvisited cell beside the maze
            while unvisited[scan] == 0:
                scan += 1
            found = -1
            word = scan
            while found < 0:
                bits = unvisited[word]
                while bits:
                    c = (word << 5) + lowest_bit(bits)
                    bits &= bits - 1
                    count = sides_where(h, w, magic, wrap_x, wrap_y, c, visited, True, sides,
                                         nbs)
                    if count:
                        found = c
                        break
                word += 1
            if record:  # the rows the hunt scanned, one after another, then the kill
                k = emit(buf, k, STEP, -1, 3)
                k = _retire(walk, walked, buf, k)
                walked = 0
                k = emit(buf, k, NOTE, found, NOTE_HUNT)
                first = (scan << 5) + lowest_bit(unvisited[scan])  # the first unvisited
                for r in range(first // w, found // w + 1):
                    k = emit(buf, k, FOCUS, r * w, focus_arg(1, w))
                k = emit(buf, k, STEP, -1, 4)
                k = emit(buf, k, NOTE, found, NOTE_KILL)
                hunted = True
                walking = False
            cell = found
        elif record:
            if not walking:  # a walk's moves are one step 2, repeated
                k = emit(buf, k, STEP, -1, 2)
                walking = True
            if hunted:  # the hunt's row is done with
                k = emit(buf, k, FOCUS, 0, 0)
                hunted = False
        x = xs_next(x)
        d = sides[xs_below(x, count)]
        nb = nbs[d]
        join(flat, cell, d, nb)
        if record:
            k = emit(buf, k, CARVE, cell, d)
        if visited[cell]:  # a kill: walk on into nb
            cell = nb
        visited[cell] = True
        unvisited[cell >> 5] ^= 1 << (cell & 31)
        if record:
            k = show_arrival(buf, k, cell, ACTIVE)
            walk[walked] = cell
            walked += 1
        remaining -= 1
    if record:  # stuck, and the hunt would find no cell left: the end
        k = emit(buf, k, STEP, -1, 3)
        k = _retire(walk, walked, buf, k)
        if hunted:
            k = emit(buf, k, FOCUS, 0, 0)
    return buf[:k]
