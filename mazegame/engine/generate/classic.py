"""The classic catalogue's tree growers (Daedalus, mazelib, Jamis Buck's demos) beyond DFS,
Kruskal and Wilson: Aldous-Broder, Prim, hunt-and-kill and the growing tree.

Every kernel: `(walls, wrap_x, wrap_y, seed, record, buf, *extras) -> events`. All grow one
perfect maze from a random cell; the fixed-order ones (Eller, binary tree, sidewinder,
recursive division) are in `sweeps`.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.bits import lowest_bit
from mazegame.engine.generate.common import (
    CLASSIC,
    FRAME,
    NOTE_HUNT,
    NOTE_KILL,
    SEEN,
    UNSEEN,
    around,
    around_by,
    below,
    coin,
    framed,
    framed_grid,
    framed_step,
    join,
    row_magic,
    shuffle_fast,
    through_frame,
    unframed,
)
from mazegame.engine.generate.registry import GeneratorSpec, Option, register
from mazegame.engine.generate.trees import join_in_order, wall_ids
from mazegame.engine.grid import neighbor
from mazegame.engine.jit import kernel
from mazegame.engine.rng import XS_MASK, xs_below, xs_next, xs_seed
from mazegame.engine.trace import (
    ACTIVE,
    AT,
    CARVE,
    FOCUS,
    FRONTIER,
    MARK,
    NOTE,
    VISITED,
    emit,
    focus_arg,
)


@kernel
def _random_side(h, w, wrap_x, wrap_y, cell, visited, want, sides, nbs):
    """A random side of `cell` whose neighbour's visited flag equals `want`, or -1.

    Leaves the four neighbours in `nbs` for the caller.
    """
    ns = 0
    around(h, w, wrap_x, wrap_y, cell, nbs)
    for d in range(4):
        nb = nbs[d]
        if nb >= 0 and visited[nb] == want:
            sides[ns] = d
            ns += 1
    return -1 if ns == 0 else sides[below(ns)]


@kernel
def _show(buf, k, cell, mark):
    """Trace the walker arriving on `cell` and the cell's new mark."""
    k = emit(buf, k, AT, cell, 0)
    return emit(buf, k, MARK, cell, mark)


@kernel
def aldous_broder(walls, wrap_x, wrap_y, seed, record, buf):
    """Aldous-Broder: a random walk that carves whenever it enters a cell for the first time.

    Uniform over spanning trees, like Wilson, but slow to cover the last cells: the walk
    takes about n log^2 n steps (45 a cell at 200x200), so a step is kept to a few
    instructions: its own xorshift stream, sixteen 2-bit directions a draw, and a walk on
    a framed grid (`common.framed_grid`) by fixed offsets; the frame wraps or stops the step.
    """
    h, w = walls.shape
    n = h * w
    flat = walls.reshape(n)
    wide = w + 2
    grid = framed_grid(h, w)
    x = xs_next(xs_seed(seed))
    start = xs_below(x, n)
    at = framed(start, w)
    k = 0
    grid[at] = SEEN
    if record:
        k = _show(buf, k, start, VISITED)
    remaining = n - 1
    bits, left = 0, 0
    while remaining > 0:
        if left == 0:  # sixteen 2-bit sides a draw (`rng`)
            x = xs_next(x)
            bits, left = x, 16
        d = bits & 3
        bits >>= 2
        left -= 1
        nb = framed_step(at, d, wide)
        state = grid[nb]
        if state == FRAME:  # off the grid: round the maze, or stay
            nb = through_frame(nb, h, w, wrap_x, wrap_y)
            if nb < 0:
                continue
            state = grid[nb]
        if state == UNSEEN:
            cell = unframed(at, w)
            join(flat, cell, d, unframed(nb, w))
            if record:
                k = emit(buf, k, CARVE, cell, d)
            remaining -= 1
            grid[nb] = SEEN
            if record:
                k = _show(buf, k, unframed(nb, w), VISITED)
        elif record:
            k = emit(buf, k, AT, unframed(nb, w), 0)
        at = nb
    return buf[:k]


# -- Prim with random edge weights -----------------------------------------------------
#: A heap entry packs (weight << 32 | cell * 4 + side) into one int64, so comparing entries
#: compares weights and sifting moves one word instead of a key and an item.
_WEIGHT_SHIFT = 32
_EDGE_MASK = (1 << 32) - 1


@kernel
def _heap_push(heap, size, entry):
    """Add an entry to the 4-ary min-heap heap[:size]; returns the new size (four children a
    node, 4i+1..4i+4, one 32-byte run: half the levels of a binary heap)."""
    i = size
    while i > 0:
        parent = (i - 1) >> 2
        if heap[parent] <= entry:
            break
        heap[i] = heap[parent]
        i = parent
    heap[i] = entry
    return size + 1


@kernel
def _heap_pop(heap, size):
    """Remove the smallest entry; returns (entry, new size)."""
    top = heap[0]
    size -= 1
    entry = heap[size]
    i = 0
    while True:
        first = 4 * i + 1
        if first >= size:
            break
        child = first
        last = min(first + 4, size)
        for c in range(first + 1, last):
            if heap[c] < heap[child]:
                child = c
        if heap[child] >= entry:
            break
        heap[i] = heap[child]
        i = child
    heap[i] = entry
    return top, size


@kernel
def _push_edges(h, w, wrap_x, wrap_y, cell, visited, heap, size, nbs, rank):
    """Push every wall from `cell` to an unvisited cell, weighted by its rank."""
    around(h, w, wrap_x, wrap_y, cell, nbs)
    for d in range(4):
        nb = nbs[d]
        if nb >= 0 and not visited[nb]:
            # the wall's id as `wall_ids` numbers it: an east or south side of one cell
            wall = 2 * cell + (d == 2) if d == 1 or d == 2 else 2 * nb + (d == 0)
            size = _heap_push(heap, size, (rank[wall] << _WEIGHT_SHIFT) | (cell * 4 + d))
    return size


@kernel
def _show_frontier(h, w, wrap_x, wrap_y, cell, visited, buf, k):
    """Trace the unvisited neighbours of `cell` as frontier."""
    for d in range(4):
        nb = neighbor(h, w, wrap_x, wrap_y, cell, d)
        if nb >= 0 and not visited[nb]:
            k = emit(buf, k, MARK, nb, FRONTIER)
    return k


@kernel
def _random_walls(h, w, wrap_x, wrap_y):
    """Prim's weights: every inner wall, in one random order. (Its own kernel: compiled
    inside `prim`, called with the trace's int32 buffer, the same steps took 230 ns a cell
    at 4096x4096 against 173; the compiler's code differs, we did not find where.)"""
    edges, m = wall_ids(h, w, wrap_x, wrap_y)
    shuffle_fast(edges, m)
    return edges, m


@kernel
def prim(walls, wrap_x, wrap_y, seed, record, buf):
    """True Prim: every wall weighs its place in one random order of the walls, and the
    tree grows from a random cell by the lightest wall leaving it.

    The weights are distinct, so the minimum spanning tree is unique: without a trace the
    same maze is built by Kruskal's loop over the walls in that order (`join_in_order`, a
    few times faster than the heap). The lab's trace grows it as Prim does (a 4-ary heap).
    """
    np.random.seed(seed)
    h, w = walls.shape
    n = h * w
    flat = walls.reshape(n)
    edges, m = _random_walls(h, w, wrap_x, wrap_y)
    if not record:
        join_in_order(flat, h, w, edges, m)
        return buf[:0]
    rank = np.zeros(2 * n, dtype=np.int64)
    for i in range(m):
        rank[edges[i]] = i
    visited = np.zeros(n, dtype=np.bool_)
    nbs = np.empty(4, dtype=np.int64)
    heap = np.empty(2 * n + 4, dtype=np.int64)
    cell = np.random.randint(0, n)
    k = 0
    visited[cell] = True
    k = _show(buf, k, cell, VISITED)
    size = _push_edges(h, w, wrap_x, wrap_y, cell, visited, heap, 0, nbs, rank)
    k = _show_frontier(h, w, wrap_x, wrap_y, cell, visited, buf, k)
    while size > 0:
        entry, size = _heap_pop(heap, size)
        edge = entry & _EDGE_MASK
        cell, d = edge // 4, edge % 4
        nb = neighbor(h, w, wrap_x, wrap_y, cell, d)
        if visited[nb]:
            continue
        join(flat, cell, d, nb)
        k = emit(buf, k, CARVE, cell, d)
        visited[nb] = True
        k = _show(buf, k, nb, VISITED)
        size = _push_edges(h, w, wrap_x, wrap_y, nb, visited, heap, size, nbs, rank)
        k = _show_frontier(h, w, wrap_x, wrap_y, nb, visited, buf, k)
    return buf[:k]


# -- hunt-and-kill -----------------------------------------------------------------------
@kernel
def _retire(walk, walked, buf, k):
    """Trace the cells of a finished walk turning from ACTIVE to VISITED."""
    for i in range(walked):
        k = emit(buf, k, MARK, walk[i], VISITED)
    return k


@kernel
def _sides_where(h, w, magic, wrap_x, wrap_y, cell, visited, want, sides, nbs):
    """Into sides[:count] the sides of `cell` whose neighbour's visited flag is `want`
    (counted without branching: the flags are a random mix); returns count and leaves the
    four neighbours in `nbs`."""
    around_by(h, w, magic, wrap_x, wrap_y, cell, nbs)
    count = 0
    for d in range(4):
        nb = nbs[d]
        sides[count] = d
        count += (nb >= 0) and visited[nb] == want
    return count


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
    if record:
        k = _show(buf, k, cell, ACTIVE)
        walk[0] = cell
        walked = 1
    remaining = n - 1
    scan = 0  # every word before `scan` is all visited, so hunts never rescan them
    while remaining > 0:
        count = _sides_where(h, w, magic, wrap_x, wrap_y, cell, visited, False, sides, nbs)
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
                    count = _sides_where(h, w, magic, wrap_x, wrap_y, c, visited, True, sides,
                                         nbs)
                    if count:
                        found = c
                        break
                word += 1
            if record:  # the rows the hunt scanned, one after another, then the kill
                k = _retire(walk, walked, buf, k)
                walked = 0
                k = emit(buf, k, NOTE, found, NOTE_HUNT)
                first = (scan << 5) + lowest_bit(unvisited[scan])  # the first unvisited
                for r in range(first // w, found // w + 1):
                    k = emit(buf, k, FOCUS, r * w, focus_arg(1, w))
                k = emit(buf, k, NOTE, found, NOTE_KILL)
                hunted = True
            cell = found
        elif record and hunted:  # the hunt's row is done with
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
            k = _show(buf, k, cell, ACTIVE)
            walk[walked] = cell
            walked += 1
        remaining -= 1
    if record:
        k = _retire(walk, walked, buf, k)
        if hunted:
            k = emit(buf, k, FOCUS, 0, 0)
    return buf[:k]


# -- growing tree ------------------------------------------------------------------------
GROWING_MODES = ("newest", "random", "oldest", "mix")


@kernel
def growing_tree(walls, wrap_x, wrap_y, seed, record, buf, mode):
    """Growing tree: pick an active cell (newest, random, oldest, or half newest half random),
    carve to an unvisited neighbour or retire it. Newest is the backtracker, random is close
    to Prim."""
    np.random.seed(seed)
    h, w = walls.shape
    n = h * w
    visited = np.zeros(n, dtype=np.bool_)
    active = np.empty(n, dtype=np.int64)  # live entries are active[lo:hi], oldest first
    flat = walls.reshape(n)
    sides = np.empty(4, dtype=np.int64)
    nbs = np.empty(4, dtype=np.int64)
    lo, hi = 0, 1
    active[0] = np.random.randint(0, n)
    k = 0
    visited[active[0]] = True
    if record:
        k = _show(buf, k, active[0], ACTIVE)
    while hi > lo:
        pick = mode
        if mode == 3:
            pick = 0 if coin() else 1
        if pick == 0:
            i = hi - 1
        elif pick == 2:
            i = lo
        else:
            i = lo + below(hi - lo)
        cell = active[i]
        d = _random_side(h, w, wrap_x, wrap_y, cell, visited, False, sides, nbs)
        if d >= 0:
            nb = nbs[d]
            join(flat, cell, d, nb)
            if record:
                k = emit(buf, k, CARVE, cell, d)
            visited[nb] = True
            if record:
                k = _show(buf, k, nb, ACTIVE)
            active[hi] = nb
            hi += 1
            continue
        # Retire active[i]; fill its slot from the old end so the newest stays last.
        if i == hi - 1:
            hi -= 1
        else:
            active[i] = active[lo]
            lo += 1
        if record:
            k = emit(buf, k, MARK, cell, VISITED)
    return buf[:k]


def _mode_code(h: int, w: int, options) -> tuple:
    return (GROWING_MODES.index(options["mode"]),)


register(GeneratorSpec(
    "aldous-broder", "Aldous-Broder (uniform)", aldous_broder,
    "A random walk that carves into every cell it enters for the first time: uniform, but "
    "the last cells take long to reach.", f"{CLASSIC}; Aldous (1990), Broder (1989)",
    edition=2,  # its own stream, two bits a step (other mazes)
))
register(GeneratorSpec(
    "prim", "Prim (random weights)", prim,
    "True Prim: every wall gets a random weight and the tree grows by the lightest edge "
    "leaving it (its minimum spanning tree: the same kind of maze as Kruskal's). Many "
    "short dead ends.", f"{CLASSIC}; Prim's minimum spanning tree",
    edition=2,  # the weights became one random order of the walls (faster, other mazes)
))
register(GeneratorSpec(
    "hunt-and-kill", "Hunt-and-kill", hunt_and_kill,
    "Random walk until stuck, then scan for an unvisited cell next to the maze and carry on "
    "from there: long corridors like the backtracker, without a stack.", CLASSIC,
    events_per_cell=6,
    edition=2,  # draws from its own stream (other mazes)
))
register(GeneratorSpec(
    "growing-tree", "Growing tree", growing_tree,
    "Keep a list of active cells; grow from the newest, a random, the oldest, or a 50/50 mix "
    "of newest and random (--mode).", CLASSIC,
    options=(Option("mode", "mix", GROWING_MODES, "which active cell grows next"),),
    prepare=_mode_code,
))
