"""The classic catalogue's fixed-order generators: Eller, binary tree and sidewinder sweep
the grid row by row (holding at most one row's state), and recursive division splits the open
room chamber by chamber. None grows from a random cell (those are in `classic`).

Every kernel: `(walls, wrap_x, wrap_y, seed, record, buf, *extras) -> events`. All make
perfect mazes; recursive division adds walls to an open room instead of carving.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.bits import lowest_bit
from mazegame.engine.generate.common import (
    CLASSIC,
    NOTE_CHAMBER,
    below,
    coin,
    find,
    join,
)
from mazegame.engine.generate.registry import GeneratorSpec, Option, register
from mazegame.engine.jit import kernel
from mazegame.engine.rng import mix32, xs_below, xs_next, xs_seed
from mazegame.engine.trace import (
    AT,
    CARVE,
    FOCUS,
    LABEL,
    MARK,
    NOTE,
    STEP,
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
    if record:
        k = emit(buf, k, STEP, -1, 1)
    for r in range(h):
        base = r * w
        if record:
            k = emit(buf, k, STEP, -1, 2)
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
            k = emit(buf, k, STEP, -1, 3)
            for c in range(w):
                if down[c]:
                    k = emit(buf, k, CARVE, base + c, 2)
                    k = emit(buf, k, LABEL, base + c + w, row[c] + 1)  # the set carries down
            k = emit(buf, k, STEP, -1, 4)  # the fresh sets are labelled by the next step 2
        for c in range(w):
            if down[c]:
                join(flat, base + c, 2, base + c + w)
            else:
                row[c] = base + w + c  # a fresh set: the id of the cell below
    return buf[:k]


# -- binary tree and sidewinder ------------------------------------------------------------
BIASES = ("ne", "nw", "se", "sw")
NO_SIDE = 4  #: binary tree: a cell that opens no side (1 << NO_SIDE clears no wall)


@kernel
def _binary_tree_sides(h, w, seed, vertical, horizontal):
    """The side each cell opens, on a framed grid ((h + 2) x (w + 2), row-major; NO_SIDE on
    the frame and in the corner that has neither side): `vertical` where there is no
    horizontal side, `horizontal` where there is no vertical one, else a coin. The coins
    are the bits of the kernel's own stream, 32 a draw."""
    wide = w + 2
    sides = np.full((h + 2) * wide, NO_SIDE, dtype=np.uint8)
    edge = w - 1 if horizontal == 1 else 0  # the column with no horizontal side
    x = xs_seed(seed)
    for r in range(h):
        can_v = r > 0 if vertical == 0 else r < h - 1
        at = (r + 1) * wide + 1
        for c in range(w):
            if c & 31 == 0:
                x = xs_next(x)
            coin = (x >> (c & 31)) & 1
            side = vertical if can_v and (c == edge or coin) else horizontal
            sides[at + c] = NO_SIDE if not can_v and c == edge else side
    return sides


@kernel
def binary_tree(walls, wrap_x, wrap_y, seed, record, buf, bias):
    """Binary tree: every cell opens one of two fixed sides (the bias), at random where both
    exist. Two borders become straight corridors and every path drifts toward one corner.

    Each cell's walls follow from its own side and its two neighbours' that may open toward
    it (`_binary_tree_sides`), so a cell is written once, with no random call of its own.
    """
    h, w = walls.shape
    vertical = 0 if bias < 2 else 2  # n* -> north, s* -> south
    horizontal = 1 if bias % 2 == 0 else 3  # *e -> east, *w -> west
    flat = walls.reshape(h * w)
    wide = w + 2
    sides = _binary_tree_sides(h, w, seed, vertical, horizontal)
    k = 0
    if record:  # door by door, in row order
        step = (-w if vertical == 0 else w, 1 if horizontal == 1 else -1)  # cell offsets
        k = emit(buf, k, STEP, -1, 1)
        for r in range(h):
            for c in range(w):
                k = emit(buf, k, STEP, -1, 2)  # its side (drawn with the others, above)
                d = sides[(r + 1) * wide + c + 1]
                k = emit(buf, k, STEP, -1, 3)
                if d != NO_SIDE:
                    cell = r * w + c
                    join(flat, cell, d, cell + (step[0] if d == vertical else step[1]))
                    k = emit(buf, k, CARVE, cell, d)
        return buf[:k]
    # the neighbours that may open toward a cell: beyond its far sides
    toward_v = wide if vertical == 0 else -wide  # below a cell that opens north, ...
    toward_h = -1 if horizontal == 1 else 1  # west of a cell that opens east, ...
    facing_v, facing_h = 1 << (vertical ^ 2), 1 << (horizontal ^ 2)
    for r in range(h):
        at = (r + 1) * wide + 1
        row = r * w
        for c in range(w):
            p = at + c
            byte = 15 & ~(1 << sides[p])
            byte &= ~(facing_v * (sides[p + toward_v] == vertical))
            byte &= ~(facing_h * (sides[p + toward_h] == horizontal))
            flat[row + c] = byte
    return buf[:k]


@kernel
def _sidewinder_runs(h, w, seed):
    """Sidewinder's runs: (shut, north), a byte a cell each: shut[cell] = 1 where a run ends
    (no door east), north[cell] = 1 at the one cell of each run below the top row that opens
    north (north has a row of zeros past the last).

    The run ends are the bits of the kernel's own stream, 32 a draw, and the runs are
    walked by their ends' bit positions, not cell by cell: a run ending is a coin flip, a
    branch no processor predicts. Each run's door is drawn by hashing its last cell with the
    row's draw (`rng.mix32`), so no draw waits on the one before.
    """
    n = h * w
    shut = np.zeros(n, dtype=np.uint8)
    north = np.zeros(n + w, dtype=np.uint8)
    last = (w - 1) & 31  # the last cell's bit in the row's last draw
    shut[w - 1] = 1  # the top row is one long run
    x = xs_seed(seed)
    for r in range(1, h):
        x = xs_next(x)
        key = x
        row = r * w
        start = 0
        for j in range((w + 31) >> 5):
            x = xs_next(x)
            ends = x
            if (j + 1) << 5 >= w:  # the row's last cell ends a run; nothing beyond it
                ends = (ends | (1 << last)) & ((2 << last) - 1)
            while ends:
                end = (j << 5) + lowest_bit(ends)
                ends &= ends - 1
                north[row + start + ((mix32(key ^ end) * (end + 1 - start)) >> 32)] = 1
                shut[row + end] = 1
                start = end + 1
    return shut, north


@kernel
def sidewinder(walls, wrap_x, wrap_y, seed, record, buf):
    """Sidewinder: each row is cut into runs carved east; every run opens north from one
    random cell (the top row is one long run).

    The runs are drawn first (`_sidewinder_runs`); then each cell's walls follow from them
    in one pass over the rows, or, with a trace, door by door as the runs are walked.
    """
    h, w = walls.shape
    flat = walls.reshape(h * w)
    shut, north = _sidewinder_runs(h, w, seed)
    k = 0
    if not record:
        for r in range(h):
            row = r * w
            for c in range(w):  # byte logic only: the compiler vectorises it
                cell = row + c
                byte = 15 & ~(north[cell] | ((shut[cell] ^ 1) << 1) | (north[cell + w] << 2))
                if c > 0:
                    byte &= ~((shut[cell - 1] ^ 1) << 3)
                flat[cell] = byte
        return buf[:k]
    k = emit(buf, k, STEP, -1, 1)
    for r in range(h):
        start = 0
        for c in range(w):
            cell = r * w + c
            if c == start:  # a run begins: its cells are one step 2, repeated
                k = emit(buf, k, STEP, -1, 2)
            k = emit(buf, k, AT, cell, 0)
            k = emit(buf, k, FOCUS, r * w + start, focus_arg(1, c + 1 - start))  # the run
            if not shut[cell]:
                join(flat, cell, 1, cell + 1)
                k = emit(buf, k, CARVE, cell, 1)
                continue
            k = emit(buf, k, STEP, -1, 3)
            for up in range(r * w + start, cell + 1 if r > 0 else 0):
                if north[up]:
                    join(flat, up, 0, up - w)
                    k = emit(buf, k, CARVE, up, 0)
            start = c + 1
    k = emit(buf, k, FOCUS, 0, 0)
    return buf[:k]


# -- recursive division ------------------------------------------------------------------
@kernel
def recursive_division(walls, wrap_x, wrap_y, seed, record, buf):
    """Recursive division: split the open room by a wall with one gap, then each half, until
    the chambers are one cell thin. Adds walls; chambers wait on an explicit stack.

    Most chambers are small, so a split is kept to a few instructions and one branch that
    no processor predicts (where the wall ends): one draw of its own stream gives the
    orientation, the cut and the gap; either orientation is the same loop with other
    strides; a wall goes up whole and then opens at its gap; a half too thin to split is
    never pushed.
    """
    h, w = walls.shape
    flat = walls.reshape(h * w)
    # chambers (r0, c0, height, width): each split pushes at most two and pops one, and
    # the path of splits is at most h + w long, so the stack never holds more than h + w + 2
    stack = np.empty((h + w + 4, 4), dtype=np.int64)
    stack[0, 0], stack[0, 1], stack[0, 2], stack[0, 3] = 0, 0, h, w
    top = int(h >= 2 and w >= 2)
    k = 0
    if record:
        k = emit(buf, k, STEP, -1, 1)
    x = xs_seed(seed)
    while top > 0:
        top -= 1
        r0, c0, ch, cw = stack[top, 0], stack[top, 1], stack[top, 2], stack[top, 3]
        if record:
            k = emit(buf, k, STEP, -1, 2)
            k = emit(buf, k, FOCUS, r0 * w + c0, focus_arg(ch, cw))
            k = emit(buf, k, NOTE, r0 * w + c0, NOTE_CHAMBER)
        x = xs_next(x)
        across = ch > cw or (ch == cw and x & 1)  # a wall across the rows, below row `cut`
        span, length = (ch, cw) if across else (cw, ch)  # cut across `span`, wall `length`
        along, beyond = (1, w) if across else (w, 1)  # steps along the wall, and across it
        near, far = (4, 1) if across else (2, 8)  # the wall's bit on each side (S|N, E|W)
        cut = xs_below(x, span - 1)
        gap = xs_below(xs_next(x), length)
        first = r0 * w + c0 + cut * beyond
        for i in range(length):
            cell = first + i * along
            flat[cell] |= near
            flat[cell + beyond] |= far
        flat[first + gap * along] &= 15 ^ near
        flat[first + gap * along + beyond] &= 15 ^ far
        if record:
            k = emit(buf, k, STEP, -1, 3)
            for i in range(length):
                if i != gap:
                    k = emit(buf, k, WALL, first + i * along, 1 if along == w else 2)
        # the two halves: the second is split first (it is on top)
        rest = span - cut - 1
        stack[top, 0], stack[top, 1] = r0, c0
        stack[top, 2], stack[top, 3] = (cut + 1, cw) if across else (ch, cut + 1)
        top += cut >= 1 and length >= 2
        stack[top, 0], stack[top, 1] = (r0 + cut + 1, c0) if across else (r0, c0 + cut + 1)
        stack[top, 2], stack[top, 3] = (rest, cw) if across else (ch, rest)
        top += rest >= 2 and length >= 2
    if record:  # no chamber left: step 2 stops
        k = emit(buf, k, STEP, -1, 2)
        k = emit(buf, k, FOCUS, 0, 0)
    return buf[:k]


def _bias_code(h: int, w: int, options) -> tuple:
    return (BIASES.index(options["bias"]),)


register(GeneratorSpec(
    "eller", "Eller (row by row)", eller,
    "One row at a time with sets of connected cells: memory for a single row suffices, so "
    "the maze could be endless.", f"{CLASSIC}; Eller (1982)",
    wraps=False, labels="sets", events_per_cell=6,
    steps=(
        "Start with the top row: put each of its cells in a set of its own.",
        "Join neighbours of the row that lie in different sets, at random (on the last "
        "row, all of them): carve through the wall between and merge their sets. If this "
        "is the last row, stop.",
        "Carve down from every set at least once, from cells picked at random: the cell "
        "below joins the set.",
        "Move down a row: put each of its cells not carved into from above in a set of its "
        "own. Go to step 2.",
    ),
))
register(GeneratorSpec(
    "binary-tree", "Binary tree", binary_tree,
    "Each cell opens toward one of two sides (--bias ne|nw|se|sw): the simplest maze, with "
    "two straight borders and a diagonal grain.", CLASSIC,
    wraps=False,
    options=(Option("bias", "ne", BIASES, "the two sides every cell chooses between"),),
    prepare=_bias_code,
    edition=2,  # its coins are bits of its own stream (other mazes)
    steps=(
        "Start at the first cell of the top row.",
        "Pick one of the bias's two sides of the cell (north or east for ne) at random; "
        "where one of them is the outer wall, pick the other; the one corner where both "
        "are picks none.",
        "Carve through the wall on the picked side. Stop after the last cell; otherwise "
        "move to the next cell, along the row and then down to the next row, and go to "
        "step 2.",
    ),
))
register(GeneratorSpec(
    "sidewinder", "Sidewinder", sidewinder,
    "Runs along each row, each run opened north once: a straight top corridor and a "
    "northward grain.", CLASSIC,
    wraps=False,
    edition=2,  # runs and doors drawn from its own stream (other mazes)
    events_per_cell=5,  # an arrival, a focus, a door and a STEP or so a cell
    steps=(
        "Begin a run at the first cell of the top row.",
        "Add the current cell to the run. Unless the run ends here (at random, and always "
        "at the row's end; the top row is one run), carve east, make the next cell the "
        "current cell and repeat this step.",
        "Close the run: below the top row, carve north from one of its cells picked at "
        "random. Stop after the last row; otherwise begin a new run at the next cell (the "
        "first of the next row after a row's end) and go to step 2.",
    ),
))
register(GeneratorSpec(
    "recursive-division", "Recursive division", recursive_division,
    "Split the open room with a wall that has one gap, then split each half, down to "
    "corridors one cell wide: long straight walls, boxy rooms.", CLASSIC,
    wraps=False, carves=False,
    edition=2,  # splits drawn from its own stream (other mazes)
    steps=(
        "Start with the whole maze as one open room, no walls inside: put it on a stack "
        "of chambers if it is at least two cells each way.",
        "If the stack is empty, stop. Otherwise take the chamber on top of it.",
        "Cut the chamber's longer side in two (a square's either, at random) with a wall "
        "at a random place, leaving one gap in it at random. Put each half that is at "
        "least two cells each way on the stack. Go to step 2.",
    ),
))
