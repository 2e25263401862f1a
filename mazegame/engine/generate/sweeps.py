"""The classic catalogue's fixed-order generators: Eller, binary tree and sidewinder sweep
the grid row by row (holding at most one row's state), and recursive division splits the open
room chamber by chamber. None grows from a random cell (those are in `classic`).

Every kernel: `(walls, wrap_x, wrap_y, seed, record, buf, *extras) -> events`. All make
perfect mazes; recursive division adds walls to an open room instead of carving.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.generate.common import (
    CLASSIC,
    NOTE_CHAMBER,
    below,
    close,
    coin,
    find,
    join,
)
from mazegame.engine.generate.registry import GeneratorSpec, Option, register
from mazegame.engine.jit import kernel
from mazegame.engine.trace import (
    AT,
    CARVE,
    FOCUS,
    LABEL,
    MARK,
    NOTE,
    VISITED,
    WALL,
    emit,
    focus_arg,
)


# -- Eller -------------------------------------------------------------------------------
@kernel
def eller(walls, wrap_x, wrap_y, seed, record, buf):
    """Eller: one row at a time, holding only that row's sets. Join neighbours of different
    sets at random (all of them on the last row), then carve down at least once per set."""
    np.random.seed(seed)
    h, w = walls.shape
    flat = walls.reshape(h * w)
    parent = np.arange(h * w, dtype=np.int64)  # union-find over set ids (ids are cells)
    row = np.empty(w, dtype=np.int64)  # set id of each cell in the current row
    down = np.zeros(w, dtype=np.bool_)
    seen = np.zeros(h * w, dtype=np.int64)  # per set: cells met so far in this row
    pick = np.zeros(h * w, dtype=np.int64)  # per set: a random one of them (reservoir)
    has_down = np.zeros(h * w, dtype=np.bool_)
    k = 0
    for c in range(w):
        row[c] = c
    for r in range(h):
        base = r * w
        for c in range(w - 1):
            a, b = find(parent, row[c]), find(parent, row[c + 1])
            if a != b and (r == h - 1 or coin()):
                parent[b] = a
                join(flat, base + c, 1, base + c + 1)
                if record:
                    k = emit(buf, k, CARVE, base + c, 1)
        if record:  # the row's sets (id + 1); the row above is done, and forgotten
            for c in range(w):
                k = emit(buf, k, LABEL, base + c, find(parent, row[c]) + 1)
            for c in range(w if r > 0 else 0):
                k = emit(buf, k, LABEL, base - w + c, 0)
                k = emit(buf, k, MARK, base - w + c, VISITED)
        if r == h - 1:
            break
        for c in range(w):
            s = find(parent, row[c])
            row[c] = s
            seen[s] = 0
            has_down[s] = False
        for c in range(w):
            s = row[c]
            seen[s] += 1
            if below(seen[s]) == 0:
                pick[s] = c
            down[c] = coin()
            if down[c]:
                has_down[s] = True
        for c in range(w):
            s = row[c]
            if not has_down[s] and pick[s] == c:
                down[c] = True
        if record:  # before `row` changes below (a loop of its own keeps the next one lean)
            for c in range(w):
                if down[c]:
                    k = emit(buf, k, CARVE, base + c, 2)
                    k = emit(buf, k, LABEL, base + c + w, row[c] + 1)  # the set carries down
        for c in range(w):
            if down[c]:
                join(flat, base + c, 2, base + c + w)
            else:
                row[c] = base + w + c  # a fresh set: the id of the cell below
    return buf[:k]


# -- binary tree and sidewinder ------------------------------------------------------------
BIASES = ("ne", "nw", "se", "sw")


@kernel
def binary_tree(walls, wrap_x, wrap_y, seed, record, buf, bias):
    """Binary tree: every cell opens one of two fixed sides (the bias), at random where both
    exist. Two borders become straight corridors and every path drifts toward one corner."""
    np.random.seed(seed)
    h, w = walls.shape
    vertical = 0 if bias < 2 else 2  # n* -> north, s* -> south
    horizontal = 1 if bias % 2 == 0 else 3  # *e -> east, *w -> west
    flat = walls.reshape(h * w)
    step = (-w if vertical == 0 else w, 1 if horizontal == 1 else -1)  # cell offsets
    k = 0
    for r in range(h):
        can_v = r > 0 if vertical == 0 else r < h - 1
        for c in range(w):
            cell = r * w + c
            can_h = c < w - 1 if horizontal == 1 else c > 0
            if not (can_v or can_h):
                continue
            pick_v = can_v and (not can_h or coin())
            d = vertical if pick_v else horizontal
            join(flat, cell, d, cell + (step[0] if pick_v else step[1]))
            if record:
                k = emit(buf, k, CARVE, cell, d)
    return buf[:k]


@kernel
def sidewinder(walls, wrap_x, wrap_y, seed, record, buf):
    """Sidewinder: each row is cut into runs carved east; every run opens north from one
    random cell (the top row is one long run)."""
    np.random.seed(seed)
    h, w = walls.shape
    flat = walls.reshape(h * w)
    k = 0
    for r in range(h):
        start = 0
        for c in range(w):
            cell = r * w + c
            if record:
                k = emit(buf, k, AT, cell, 0)
                k = emit(buf, k, FOCUS, r * w + start, focus_arg(1, c + 1 - start))  # the run
            close = c == w - 1 or (r > 0 and coin())
            if not close:
                join(flat, cell, 1, cell + 1)
                if record:
                    k = emit(buf, k, CARVE, cell, 1)
                continue
            if r > 0:
                up = r * w + start + below(c + 1 - start)
                join(flat, up, 0, up - w)
                if record:
                    k = emit(buf, k, CARVE, up, 0)
            start = c + 1
    if record:
        k = emit(buf, k, FOCUS, 0, 0)
    return buf[:k]


# -- recursive division ------------------------------------------------------------------
@kernel
def recursive_division(walls, wrap_x, wrap_y, seed, record, buf):
    """Recursive division: split the open room by a wall with one gap, then each half, until
    the chambers are one cell thin. Adds walls; chambers wait on an explicit stack."""
    np.random.seed(seed)
    h, w = walls.shape
    flat = walls.reshape(h * w)
    stack = np.empty((2 * h * w + 4, 4), dtype=np.int64)  # chambers (r0, c0, height, width)
    stack[0, 0], stack[0, 1], stack[0, 2], stack[0, 3] = 0, 0, h, w
    top = 1
    k = 0
    while top > 0:
        top -= 1
        r0, c0, ch, cw = stack[top, 0], stack[top, 1], stack[top, 2], stack[top, 3]
        if ch < 2 or cw < 2:
            continue
        if record:
            k = emit(buf, k, FOCUS, r0 * w + c0, focus_arg(ch, cw))
            k = emit(buf, k, NOTE, r0 * w + c0, NOTE_CHAMBER)
        across = ch > cw or (ch == cw and coin())  # a wall across the rows
        if across:
            cut = below(ch - 1)  # wall below chamber row `cut`
            gap = below(cw)
            for c in range(cw):
                if c != gap:
                    cell = (r0 + cut) * w + c0 + c
                    close(flat, cell, 2, cell + w)
                    if record:
                        k = emit(buf, k, WALL, cell, 2)
            stack[top, 0], stack[top, 1], stack[top, 2], stack[top, 3] = r0, c0, cut + 1, cw
            stack[top + 1, 0], stack[top + 1, 1] = r0 + cut + 1, c0
            stack[top + 1, 2], stack[top + 1, 3] = ch - cut - 1, cw
        else:
            cut = below(cw - 1)  # wall east of chamber column `cut`
            gap = below(ch)
            for r in range(ch):
                if r != gap:
                    cell = (r0 + r) * w + c0 + cut
                    close(flat, cell, 1, cell + 1)
                    if record:
                        k = emit(buf, k, WALL, cell, 1)
            stack[top, 0], stack[top, 1], stack[top, 2], stack[top, 3] = r0, c0, ch, cut + 1
            stack[top + 1, 0], stack[top + 1, 1] = r0, c0 + cut + 1
            stack[top + 1, 2], stack[top + 1, 3] = ch, cw - cut - 1
        top += 2
    if record:
        k = emit(buf, k, FOCUS, 0, 0)
    return buf[:k]


def _bias_code(h: int, w: int, options) -> tuple:
    return (BIASES.index(options["bias"]),)


register(GeneratorSpec(
    "eller", "Eller (row by row)", eller,
    "One row at a time with sets of connected cells: memory for a single row suffices, so "
    "the maze could be endless.", f"{CLASSIC}; Eller (1982)",
    wraps=False, labels="sets", events_per_cell=6,
))
register(GeneratorSpec(
    "binary-tree", "Binary tree", binary_tree,
    "Each cell opens toward one of two sides (--bias ne|nw|se|sw): the simplest maze, with "
    "two straight borders and a diagonal grain.", CLASSIC,
    wraps=False,
    options=(Option("bias", "ne", BIASES, "the two sides every cell chooses between"),),
    prepare=_bias_code,
))
register(GeneratorSpec(
    "sidewinder", "Sidewinder", sidewinder,
    "Runs along each row, each run opened north once: a straight top corridor and a "
    "northward grain.", CLASSIC,
    wraps=False,
))
register(GeneratorSpec(
    "recursive-division", "Recursive division", recursive_division,
    "Split the open room with a wall that has one gap, then split each half, down to "
    "corridors one cell wide: long straight walls, boxy rooms.", CLASSIC,
    wraps=False, carves=False,
))
