"""The classic catalogue (Daedalus, mazelib, Jamis Buck's demos) beyond DFS, Kruskal, Wilson.

Every kernel: `(walls, wrap_x, wrap_y, seed, record, buf, *extras) -> events`. All make
perfect mazes; recursive division adds walls to an open room instead of carving.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.generate.common import CLASSIC, around, below, close, coin, find, join
from mazegame.engine.generate.registry import GeneratorSpec, Option, register
from mazegame.engine.grid import neighbor
from mazegame.engine.jit import kernel
from mazegame.engine.trace import ACTIVE, AT, CARVE, FRONTIER, LABEL, MARK, VISITED, WALL, emit


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

    Uniform over spanning trees, like Wilson, but slow to cover the last cells.
    """
    np.random.seed(seed)
    h, w = walls.shape
    n = h * w
    flat = walls.reshape(n)
    visited = np.zeros(n, dtype=np.bool_)
    cell = np.random.randint(0, n)
    k = 0
    visited[cell] = True
    if record:
        k = _show(buf, k, cell, VISITED)
    remaining = n - 1
    while remaining > 0:
        d = np.random.randint(0, 4)
        nb = neighbor(h, w, wrap_x, wrap_y, cell, d)
        if nb < 0:
            continue
        if not visited[nb]:
            join(flat, cell, d, nb)
            if record:
                k = emit(buf, k, CARVE, cell, d)
            remaining -= 1
            visited[nb] = True
            if record:
                k = _show(buf, k, nb, VISITED)
        elif record:
            k = emit(buf, k, AT, nb, 0)
        cell = nb
    return buf[:k]


# -- Prim with random edge weights -----------------------------------------------------
#: A heap entry packs (random weight << 32 | cell * 4 + side) into one int64, so comparing
#: entries compares weights (ties, rare, go to the smaller edge id) and sifting moves one
#: word instead of a key and an item.
_WEIGHT_SHIFT = 32
_EDGE_MASK = (1 << 32) - 1


@kernel
def _heap_push(heap, size, entry):
    i = size
    while i > 0:
        parent = (i - 1) // 2
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
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and heap[child + 1] < heap[child]:
            child += 1
        if heap[child] >= entry:
            break
        heap[i] = heap[child]
        i = child
    heap[i] = entry
    return top, size


@kernel
def _push_edges(h, w, wrap_x, wrap_y, cell, visited, heap, size, nbs):
    """Push every edge from `cell` to an unvisited cell with a fresh random weight.

    Each edge is pushed once (by the endpoint that joins first), so drawing its weight
    now is the same as weighting the whole grid up front: this is Prim on random weights.
    """
    around(h, w, wrap_x, wrap_y, cell, nbs)
    for d in range(4):
        nb = nbs[d]
        if nb >= 0 and not visited[nb]:
            weight = np.int64(np.random.randint(0, 1 << 31))
            size = _heap_push(heap, size, (weight << _WEIGHT_SHIFT) | (cell * 4 + d))
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
def prim(walls, wrap_x, wrap_y, seed, record, buf):
    """True Prim: grow the tree by the lightest edge leaving it, edges weighted at random."""
    np.random.seed(seed)
    h, w = walls.shape
    n = h * w
    visited = np.zeros(n, dtype=np.bool_)
    flat = walls.reshape(n)
    nbs = np.empty(4, dtype=np.int64)
    heap = np.empty(2 * n + 4, dtype=np.int64)
    cell = np.random.randint(0, n)
    k = 0
    visited[cell] = True
    if record:
        k = _show(buf, k, cell, VISITED)
    size = _push_edges(h, w, wrap_x, wrap_y, cell, visited, heap, 0, nbs)
    if record:
        k = _show_frontier(h, w, wrap_x, wrap_y, cell, visited, buf, k)
    while size > 0:
        entry, size = _heap_pop(heap, size)
        edge = entry & _EDGE_MASK
        cell, d = edge // 4, edge % 4
        nb = neighbor(h, w, wrap_x, wrap_y, cell, d)
        if visited[nb]:
            continue
        join(flat, cell, d, nb)
        if record:
            k = emit(buf, k, CARVE, cell, d)
        visited[nb] = True
        if record:
            k = _show(buf, k, nb, VISITED)
        size = _push_edges(h, w, wrap_x, wrap_y, nb, visited, heap, size, nbs)
        if record:
            k = _show_frontier(h, w, wrap_x, wrap_y, nb, visited, buf, k)
    return buf[:k]


# -- hunt-and-kill -----------------------------------------------------------------------
@kernel
def hunt_and_kill(walls, wrap_x, wrap_y, seed, record, buf):
    """Walk to random unvisited neighbours; when stuck, hunt row by row for an unvisited cell
    beside the tree, join it to a random visited neighbour and walk on from there."""
    np.random.seed(seed)
    h, w = walls.shape
    n = h * w
    flat = walls.reshape(n)
    visited = np.zeros(n, dtype=np.bool_)
    sides = np.empty(4, dtype=np.int64)
    nbs = np.empty(4, dtype=np.int64)
    # Start in the top row: hunts scan from the top, and an unvisited region above the
    # walk would make every hunt wade through it (quadratic time on unlucky seeds).
    cell = np.random.randint(0, w)
    k = 0
    visited[cell] = True
    if record:
        k = _show(buf, k, cell, ACTIVE)
    remaining = n - 1
    scan = 0  # every cell before `scan` is visited, so hunts never rescan them
    while remaining > 0:
        d = _random_side(h, w, wrap_x, wrap_y, cell, visited, False, sides, nbs)
        if d >= 0:  # kill: walk on
            nb = nbs[d]
            join(flat, cell, d, nb)
            if record:
                k = emit(buf, k, CARVE, cell, d)
            visited[nb] = True
            if record:
                k = _show(buf, k, nb, ACTIVE)
            cell = nb
            remaining -= 1
            continue
        while visited[scan]:
            scan += 1
        for c in range(scan, n):  # hunt
            if visited[c]:
                continue
            d = _random_side(h, w, wrap_x, wrap_y, c, visited, True, sides, nbs)
            if d >= 0:
                join(flat, c, d, nbs[d])
                if record:
                    k = emit(buf, k, CARVE, c, d)
                visited[c] = True
                if record:
                    k = _show(buf, k, c, ACTIVE)
                cell = c
                remaining -= 1
                break
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
        if record:
            for c in range(w):
                k = emit(buf, k, LABEL, base + c, find(parent, row[c]))
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
        for c in range(w):
            if down[c]:
                join(flat, base + c, 2, base + c + w)
                if record:
                    k = emit(buf, k, CARVE, base + c, 2)
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
    return buf[:k]


def _mode_code(h: int, w: int, options) -> tuple:
    return (GROWING_MODES.index(options["mode"]),)


def _bias_code(h: int, w: int, options) -> tuple:
    return (BIASES.index(options["bias"]),)


register(GeneratorSpec(
    "aldous-broder", "Aldous-Broder (uniform)", aldous_broder,
    "A random walk that carves into every cell it enters for the first time: uniform, but "
    "the last cells take long to reach.", f"{CLASSIC}; Aldous (1990), Broder (1989)",
))
register(GeneratorSpec(
    "prim", "Prim (random weights)", prim,
    "True Prim: every wall gets a random weight and the tree grows by the lightest edge "
    "leaving it. Many short dead ends.", f"{CLASSIC}; Prim's minimum spanning tree",
))
register(GeneratorSpec(
    "hunt-and-kill", "Hunt-and-kill", hunt_and_kill,
    "Random walk until stuck, then scan for an unvisited cell next to the maze and carry on "
    "from there: long corridors like the backtracker, without a stack.", CLASSIC,
))
register(GeneratorSpec(
    "growing-tree", "Growing tree", growing_tree,
    "Keep a list of active cells; grow from the newest, a random, the oldest, or a 50/50 mix "
    "of newest and random (--mode).", CLASSIC,
    options=(Option("mode", "mix", GROWING_MODES, "which active cell grows next"),),
    prepare=_mode_code,
))
register(GeneratorSpec(
    "eller", "Eller (row by row)", eller,
    "One row at a time with sets of connected cells: memory for a single row suffices, so "
    "the maze could be endless.", f"{CLASSIC}; Eller (1982)",
    wraps=False,
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
