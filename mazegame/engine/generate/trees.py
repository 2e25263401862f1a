"""Perfect-maze generators that grow a spanning tree by carving doors: DFS, Kruskal, Wilson.

Every kernel: `(walls, wrap_x, wrap_y, seed, record, buf) -> events`, walls all up on entry.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.generate.board_kernels import board_backtracker
from mazegame.engine.generate.board_random import board_kruskal, board_wilson
from mazegame.engine.generate.common import (
    FRAME,
    ROW_SHIFT,
    SEEN,
    UNSEEN,
    framed,
    framed_grid,
    framed_step,
    join,
    join_in_order,
    row_magic,
    shuffle,
    through_frame,
    unframed,
)
from mazegame.engine.generate.registry import GeneratorSpec, register
from mazegame.engine.generate.structures import merge_sets, unite
from mazegame.engine.grid import set_door
from mazegame.engine.jit import kernel
from mazegame.engine.rng import xs_below, xs_next, xs_seed
from mazegame.engine.trace import ACTIVE, AT, CARVE, LABEL, MARK, NONE, STEP, VISITED, emit

#: `_PICK[mask * 4 + i]`: the i-th set bit of a 4-bit mask of sides (a choice among them)
_PICK = np.zeros(64, dtype=np.int64)
for _mask in range(16):
    for _i, _d in enumerate(d for d in range(4) if _mask >> d & 1):
        _PICK[_mask * 4 + _i] = _d


@kernel
def backtracker(walls, wrap_x, wrap_y, seed, record, buf):
    """Depth-first search: carve to a random unvisited neighbour, back up at dead ends.

    On a framed grid (`common.framed_grid`) whose bytes hold each cell's state and the
    doors carved from it (above the state's two bits), so a neighbour is an offset and the
    walls are written in one pass at the end. The open sides are counted without
    branching, and one draw of its own stream picks among them (the i-th of the mask's
    bits, from a table). The stack holds the walk's cells behind the one in hand; without a
    trace it skips a cell that had no other way on (nothing would be drawn there on the
    way back, so the maze is the same).
    """
    h, w = walls.shape
    wide = w + 2
    grid = framed_grid(h, w)
    stack = np.empty(h * w, dtype=np.int32)
    offset = np.empty(64, dtype=np.int64)  # `_PICK`'s sides as steps on the framed grid
    for i in range(64):
        offset[i] = framed_step(0, int(_PICK[i]), wide)
    wrapping = wrap_x or wrap_y
    x = xs_next(xs_seed(seed))
    p = framed(xs_below(x, h * w), w)
    grid[p] = SEEN
    top = -1
    k = 0
    if record:
        k = emit(buf, k, STEP, -1, 1)
        k = emit(buf, k, AT, unframed(p, w), 0)
        k = emit(buf, k, MARK, unframed(p, w), ACTIVE)
    while True:
        if record:
            k = emit(buf, k, STEP, -1, 2)
        n0, n1, n2, n3 = grid[p - wide], grid[p + 1], grid[p + wide], grid[p - 1]
        mask = (n0 == UNSEEN) | (n1 == UNSEEN) << 1 | (n2 == UNSEEN) << 2 | (n3 == UNSEEN) << 3
        count = np.int64(n0 == UNSEEN) + (n1 == UNSEEN) + (n2 == UNSEEN) + (n3 == UNSEEN)
        if wrapping and (n0 | n1 | n2 | n3) & FRAME:  # round the maze where it wraps
            for d in range(4):
                q = framed_step(p, d, wide)
                if grid[q] == FRAME:
                    q = through_frame(q, h, w, wrap_x, wrap_y)
                    if q >= 0 and grid[q] == UNSEEN:
                        mask |= 1 << d
                        count += 1
        if mask == 0:  # a dead end: back up
            if record:
                k = emit(buf, k, STEP, -1, 4)
                k = emit(buf, k, MARK, unframed(p, w), VISITED)
            if top < 0:
                break
            p = stack[top]
            top -= 1
            if record:
                k = emit(buf, k, AT, unframed(p, w), 0)
            continue
        x = xs_next(x)
        i = mask * 4 + xs_below(x, count)
        d = _PICK[i]
        nb = p + offset[i]
        if wrapping and grid[nb] == FRAME:
            nb = through_frame(nb, h, w, wrap_x, wrap_y)
        grid[p] |= np.uint8(4 << d)
        grid[nb] = np.uint8(SEEN | 4 << (d ^ 2))
        stack[top + 1] = p
        top += record or count > 1  # branchless: half the cells keep a way on, at random
        if record:
            k = emit(buf, k, STEP, -1, 3)
            k = emit(buf, k, CARVE, unframed(p, w), d)
            k = emit(buf, k, AT, unframed(nb, w), 0)
            k = emit(buf, k, MARK, unframed(nb, w), ACTIVE)
        p = nb
    for r in range(h):
        row = (r + 1) * wide + 1
        for c in range(w):
            walls[r, c] &= ~(grid[row + c] >> 2)
    return buf[:k]


@kernel
def wall_ids(h, w, wrap_x, wrap_y):
    """Every inner wall once, as an int32 id (cell * 2, +1 for its south side; east first):
    (ids, how many)."""
    n = h * w
    edges = np.empty(2 * n, dtype=np.int32)
    m = 0
    for r in range(h):  # row by row: no division a cell
        south = wrap_y or r < h - 1
        for c in range(w):
            cell = r * w + c
            edges[m] = 2 * cell
            m += wrap_x or c < w - 1
            edges[m] = 2 * cell + 1
            m += south
    return edges, m


@kernel
def _across(h, w, magic, wall):
    """The cell a wall id's wall looks into from its cell, and the side: (nb, d); `magic`
    is `row_magic(w)` (the column without a division)."""
    n = h * w
    cell = np.int64(wall >> 1)
    if wall & 1:
        return (cell + w if cell < n - w else cell + w - n), 2
    last = cell - ((cell * magic) >> ROW_SHIFT) * w == w - 1
    return (cell + 1 - w if last else cell + 1), 1


@kernel
def kruskal(walls, wrap_x, wrap_y, seed, record, buf):
    """Randomized Kruskal: walls in random order, each removed if it separates two trees.

    The walls are listed once as int32 ids (`wall_ids`) and shuffled once. Without a
    trace, `common.join_in_order` runs the loop; with one, union by size (`unite`), whose
    smaller set is relabelled in the trace.
    """
    np.random.seed(seed)
    h, w = walls.shape
    n = h * w
    flat = walls.reshape(n)
    edges, m = wall_ids(h, w, wrap_x, wrap_y)
    shuffle(edges, m)
    if not record:
        join_in_order(flat, h, w, edges, m)
        return buf[:0]
    magic = row_magic(w)
    parent = np.arange(n, dtype=np.int32)
    size = np.ones(n, dtype=np.int32)
    # Each set's cells are chained (head, nxt) so a union can relabel the smaller set: its
    # cells' LABEL becomes the kept root + 1.
    head = np.arange(n, dtype=np.int32)
    nxt = np.full(n, -1, dtype=np.int32)
    k = emit(buf, 0, STEP, -1, 1)
    k = emit(buf, k, STEP, -1, 2)
    joined = 0
    for i in range(m):
        cell = edges[i] >> 1
        nb, d = _across(h, w, magic, edges[i])
        a, b = unite(parent, size, cell, nb)
        if a < 0:  # one set already: the wall stays (still step 2, no event)
            continue
        join(flat, cell, d, nb)
        # the set labels show which trees the door joined (no marks needed)
        k = emit(buf, k, STEP, -1, 3)
        k = emit(buf, k, CARVE, cell, d)
        k = merge_sets(head, nxt, a, b, size[a] == 2, buf, k)
        joined += 1
        if joined == n - 1:
            break
        k = emit(buf, k, STEP, -1, 2)
    return buf[:k]


FREE, IN_TREE = -1, -2  #: Wilson's marks for a cell on no walk and a cell in the tree


@kernel
def _wilson_by_exits(walls, wrap_x, wrap_y, seed):
    """Wilson without a trace: the same draws and the same maze as the traced walk, in a
    third of the work.

    A walk only notes, in each cell it leaves, the side it left by (overwriting the last).
    The loop-erased walk is then the chain of last exits from its start: the path the
    explicit erasure keeps, for the same walk. All state is one byte a cell of a framed
    grid (`common.framed_grid`: the state in the low bits, the last exit above them), so a
    step is a draw, a load and a store.
    """
    h, w = walls.shape
    flat = walls.reshape(h * w)
    wide = w + 2
    grid = framed_grid(h, w)
    x = xs_next(xs_seed(seed))
    grid[framed(xs_below(x, h * w), w)] = SEEN  # the tree's root
    bits, left = 0, 0
    for r in range(h):
        for c in range(w):
            start = (r + 1) * wide + c + 1
            at = start
            while grid[at] & 3 != SEEN:
                if left == 0:  # sixteen 2-bit sides a draw (`rng`)
                    x = xs_next(x)
                    bits, left = x, 16
                d = bits & 3
                bits >>= 2
                left -= 1
                nb = framed_step(at, d, wide)
                if grid[nb] == FRAME:  # off the grid: round the maze, or stay
                    nb = through_frame(nb, h, w, wrap_x, wrap_y)
                    if nb < 0:
                        continue
                grid[at] = d << 2  # UNSEEN, left by side d
                at = nb
            at, cell = start, r * w + c
            while grid[at] & 3 != SEEN:  # the loop-erased walk joins the tree
                d = int(grid[at]) >> 2
                grid[at] = SEEN
                nb = framed_step(at, d, wide)
                beyond = cell + (d == 1) - (d == 3) + w * ((d == 2) - (d == 0))
                if grid[nb] == FRAME:
                    nb = through_frame(nb, h, w, wrap_x, wrap_y)
                    beyond = unframed(nb, w)
                join(flat, cell, d, beyond)
                at, cell = nb, beyond


@kernel
def wilson(walls, wrap_x, wrap_y, seed, record, buf):
    """Wilson: loop-erased random walks from each cell outside the tree until they hit it.

    Yields a uniformly random spanning tree, whatever order the walks start in (Wilson
    1996): they start in row order, so each walk starts beside the last one's tree (a
    random order misses the cache at every start of a big maze). Its own stream: sixteen
    sides a draw. The walk is kept explicitly as a stack, so a loop is erased the moment
    the walk crosses itself (the trace shows the erasure); without a trace
    `_wilson_by_exits` builds the same maze.
    """
    if not record:
        _wilson_by_exits(walls, wrap_x, wrap_y, seed)
        return buf[:0]
    h, w = walls.shape
    n = h * w
    # One array says it all (one cache miss a step, not two): the cell's index in the walk,
    # FREE, or IN_TREE.
    on_walk = np.full(n, FREE, dtype=np.int32)
    walk = np.empty(n, dtype=np.int32)
    dirs = np.empty(n, dtype=np.int8)  # direction taken out of walk[i]
    x = xs_next(xs_seed(seed))
    root = xs_below(x, n)
    bits, left = 0, 0
    k = emit(buf, 0, STEP, -1, 1)
    on_walk[root] = IN_TREE
    k = emit(buf, k, MARK, root, VISITED)
    for start in range(n):
        if on_walk[start] == IN_TREE:
            continue
        k = emit(buf, k, STEP, -1, 2)
        length = 1
        walk[0] = start
        on_walk[start] = 0
        k = emit(buf, k, AT, start, 0)
        k = emit(buf, k, MARK, start, ACTIVE)
        cell = start
        r = start // w  # the walk's row and column, kept as it moves: no division a step
        c = start - r * w
        while True:
            if left == 0:  # sixteen 2-bit sides a draw (`rng`)
                x = xs_next(x)
                bits, left = x, 16
            d = bits & 3
            bits >>= 2
            left -= 1
            nr = r + (d == 2) - (d == 0)
            nc = c + (d == 1) - (d == 3)
            if nr < 0 or nr >= h:
                if not wrap_y:
                    continue
                nr = h - 1 if nr < 0 else 0
            if nc < 0 or nc >= w:
                if not wrap_x:
                    continue
                nc = w - 1 if nc < 0 else 0
            nb = nr * w + nc
            dirs[length - 1] = d
            at = on_walk[nb]
            k = emit(buf, k, STEP, -1, 3)  # a side off the maze is drawn again: no step
            if at == IN_TREE:
                k = emit(buf, k, LABEL, cell, d + 1)  # the arrow out of the walk's head
                break
            if at >= 0:  # erase the loop back to nb
                k = emit(buf, k, STEP, -1, 4)
                keep = at + 1
                for i in range(keep, length):
                    on_walk[walk[i]] = FREE
                    k = emit(buf, k, MARK, walk[i], NONE)
                    k = emit(buf, k, LABEL, walk[i], 0)
                length = keep
                k = emit(buf, k, LABEL, nb, 0)  # nb is the walk's head again
            else:
                walk[length] = nb
                on_walk[nb] = length
                length += 1
                k = emit(buf, k, LABEL, cell, d + 1)
                k = emit(buf, k, MARK, nb, ACTIVE)
            cell = nb
            r, c = nr, nc
            k = emit(buf, k, AT, cell, 0)
        k = emit(buf, k, STEP, -1, 5)
        for i in range(length):
            c = walk[i]
            on_walk[c] = IN_TREE
            set_door(walls, wrap_x, wrap_y, c, dirs[i], True)
            k = emit(buf, k, CARVE, c, dirs[i])
            k = emit(buf, k, LABEL, c, 0)  # the arrow became a door
            k = emit(buf, k, MARK, c, VISITED)
    k = emit(buf, k, STEP, -1, 2)  # no cell is left outside the tree: stop
    return buf[:k]


register(GeneratorSpec(
    "backtracker", "Recursive backtracker", backtracker,
    "Depth-first search with a stack: long winding corridors, few junctions.",
    "classic (depth-first search)",
    edition=2,  # a framed grid and its own stream (other mazes)
    board_kernel=board_backtracker,
    events_per_cell=10,  # a carve and a retreat a cell, each with its STEP
    steps=(
        "Pick a cell at random: it is the current cell, the first in the maze.",
        "Look at the current cell's neighbours not yet in the maze. If there are none, "
        "go to step 4.",
        "Pick one of them at random, carve through the wall between, put the current cell "
        "on the stack and make the neighbour the current cell. Go to step 2.",
        "The current cell is finished. If the stack is empty, stop: every cell is in the "
        "maze. Otherwise take the top cell off the stack as the current cell and go to "
        "step 2.",
    ),
))
register(GeneratorSpec(
    "kruskal", "Randomized Kruskal", kruskal,
    "Knock down walls in random order whenever they separate two different trees "
    "(union-find).", "classic (Kruskal's minimum spanning tree)", labels="sets",
    board_kernel=board_kruskal,
    events_per_cell=8,  # the relabelling (n log n / 2 LABELs at most), two STEPs a door
    steps=(
        "Make each cell a set of its own, and list every inner wall once, in random order.",
        "Take the next wall from the list. If the cells on its two sides are in one set "
        "already, leave it standing and take the next.",
        "Open the wall: its two sets become one (the cells of the smaller set take the "
        "larger's label). If one set holds every cell, stop; otherwise go to step 2.",
    ),
))
register(GeneratorSpec(
    "wilson", "Wilson (uniform)", wilson,
    "Loop-erased random walks until each hits the tree: every spanning tree is equally "
    "likely.", "Wilson (1996), uniform spanning trees", labels="direction",
    board_kernel=board_wilson,
    events_per_cell=32,  # the walks wander: about 30 a cell at 30x30, a STEP a move
    edition=2,  # walks start in row order and draw from their own stream (other mazes)
    steps=(
        "Put one cell, chosen at random, in the tree.",
        "Take the next cell, in row order, that is not in the tree, and start a walk "
        "there: it is the walk's head. If every cell is in the tree, stop.",
        "Choose a neighbour of the walk's head at random. If it is in the tree, point the "
        "head's arrow at it and go to step 5. If it is on the walk, go to step 4. "
        "Otherwise point the head's arrow at it, make it the head, and do step 3 again.",
        "The walk has crossed itself: erase the loop back to that neighbour, arrows and "
        "all, and make it the head again. Go to step 3.",
        "Carve the walk into the tree along its arrows, from its first cell to the tree. "
        "Go to step 2.",
    ),
))
