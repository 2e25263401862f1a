"""The generators of Suits' section 2: spanning tree (2.1), Anderson (2.2), connection matrix (2.3).

Every kernel: `(walls, wrap_x, wrap_y, seed, record, buf, *extras) -> events`.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.generate.board_kernels import board_spanning_tree
from mazegame.engine.generate.common import (
    NOTE_JOIN,
    ROW_SHIFT,
    SUITS,
    around,
    around_by,
    below,
    close,
    coin,
    join,
    join_walls,
    row_magic,
    shuffle,
)
from mazegame.engine.generate.registry import GeneratorSpec, register
from mazegame.engine.grid import neighbor
from mazegame.engine.jit import kernel
from mazegame.engine.rng import xs_below, xs_next, xs_seed
from mazegame.engine.trace import AT, CARVE, FRONTIER, LABEL, MARK, NOTE, STEP, VISITED, WALL, emit

#: Above this many cells connection-matrix finds regions with union-find instead of M^c.
MATRIX_CELLS = 64


@kernel
def spanning_tree(walls, wrap_x, wrap_y, seed, record, buf):
    """Suits 2.1: a random frontier cell joins a random visited neighbour, until none is left.
    Every step draws, so it draws from its own cheap stream (`rng.xs_next`): two draws a
    cell, always, so the next draw never waits for this cell's neighbours to be read (a
    skipped draw puts those loads on the stream's path)."""
    x = xs_seed(seed)
    h, w = walls.shape
    n = h * w
    flat = walls.reshape(n)
    nbs = np.empty(4, dtype=np.int64)
    magic = row_magic(w)
    state = np.zeros(n, dtype=np.uint8)  # 0 unvisited, 1 frontier, 2 visited
    frontier = np.empty(n, dtype=np.int32)
    nf = 0
    k = 0
    x = xs_next(x)
    present = xs_below(x, n)
    choices = np.empty(4, dtype=np.int32)
    around_by(h, w, magic, wrap_x, wrap_y, present, nbs)
    if record:  # Suits' steps: 1 all walls up, 2 a random cell is the present cell
        k = emit(buf, k, STEP, -1, 1)
        k = emit(buf, k, STEP, -1, 2)
        k = emit(buf, k, AT, present, 0)
    while True:  # nbs: present's neighbours (found when it was picked)
        state[present] = 2
        if record:  # marked visited (step 2, then step 5), then step 3: the new frontier
            k = emit(buf, k, MARK, present, VISITED)
            k = emit(buf, k, STEP, -1, 3)
        for d in range(4):  # without branching: which neighbours are new is a coin toss
            nb = nbs[d]
            fresh = (nb >= 0) & (state[nb] == 0)  # (nb = -1 reads and ORs 0 into the last)
            state[nb] |= fresh
            frontier[nf] = nb
            nf += fresh
            if record and fresh:
                k = emit(buf, k, MARK, nb, FRONTIER)
        if nf == 0:
            break
        x = xs_next(x)
        j = xs_below(x, nf)
        present = frontier[j]
        nf -= 1
        frontier[j] = frontier[nf]
        nc = 0
        around_by(h, w, magic, wrap_x, wrap_y, present, nbs)
        for d in range(4):
            nb = nbs[d]
            choices[nc] = d
            nc += (nb >= 0) & (state[nb] == 2)
        x = xs_next(x)  # a draw even for one choice: the stream never waits on the maze
        d = choices[xs_below(x, nc)]
        join(flat, present, d, nbs[d])
        if record:
            k = emit(buf, k, STEP, -1, 4)
            k = emit(buf, k, AT, present, 0)
            k = emit(buf, k, CARVE, present, d)
            k = emit(buf, k, STEP, -1, 5)
    if record:  # step 4 found no frontier cell: step 6, connected
        k = emit(buf, k, STEP, -1, 4)
        k = emit(buf, k, STEP, -1, 6)
    return buf[:k]


# -- Anderson: grow walls from the border ---------------------------------------------
@kernel
def _segment(w, i, j, d):
    """The cell side that is the wall segment from corner (i, j) toward direction d.

    Corner (i, j) is the top-left corner of cell (i, j); returns cell * 4 + side.
    """
    if d == 0:  # up: the west side of the cell above-right of the segment
        return ((i - 1) * w + j) * 4 + 3
    if d == 2:
        return (i * w + j) * 4 + 3
    if d == 1:  # right: the north side of the cell below the segment
        return (i * w + j) * 4 + 0
    return (i * w + j - 1) * 4 + 0


@kernel
def anderson(walls, wrap_x, wrap_y, seed, record, buf):
    """Suits 2.2 (Anderson): from an open room, attach wall segments to the existing walls.

    Corners form an (h+1) x (w+1) grid; border corners start attached. A random unattached
    corner next to an attached one gets a segment to a random attached neighbour, which is
    Suits' "pick any free corner; build if possible" with the fruitless picks skipped. The
    walls then form a tree hanging off the border, so the doors form a spanning tree.
    """
    np.random.seed(seed)
    h, w = walls.shape
    ch, cw = h + 1, w + 1
    state = np.zeros(ch * cw, dtype=np.uint8)  # 0 free, 1 candidate, 2 attached
    for i in range(ch):
        for j in range(cw):
            if i == 0 or j == 0 or i == h or j == w:
                state[i * cw + j] = 2
    cand = np.empty(ch * cw, dtype=np.int64)
    nc = 0
    for q in range(ch * cw):
        if state[q] == 0:
            for d in range(4):
                if state[neighbor(ch, cw, False, False, q, d)] == 2:
                    state[q] = 1
                    cand[nc] = q
                    nc += 1
                    break
    flat = walls.reshape(h * w)
    dirs = np.empty(4, dtype=np.int64)
    corners = np.empty(4, dtype=np.int64)
    k = 0
    if record:
        k = emit(buf, k, STEP, -1, 1)
    while nc > 0:
        j = below(nc)
        q = cand[j]
        nc -= 1
        cand[j] = cand[nc]
        nd = 0
        around(ch, cw, False, False, q, corners)  # a free corner is inner: all four exist
        for d in range(4):
            if state[corners[d]] == 2:
                dirs[nd] = d
                nd += 1
        side = _segment(w, q // cw, q % cw, dirs[below(nd)])
        cell, d = side // 4, side % 4  # d is N or W, so the cell across is above or left
        close(flat, cell, d, cell - (w if d == 0 else 1))
        if record:  # step 2 picked corner q, the top-left one of cell (q // cw, q % cw)
            k = emit(buf, k, STEP, -1, 2)
            k = emit(buf, k, AT, q // cw * w + q % cw, 0)
            k = emit(buf, k, STEP, -1, 3)
            k = emit(buf, k, WALL, cell, d)
        state[q] = 2
        for d in range(4):
            p = corners[d]
            if state[p] == 0:
                state[p] = 1
                cand[nc] = p
                nc += 1
    if record:  # no free corner is left: stop
        k = emit(buf, k, STEP, -1, 2)
    return buf[:k]


# -- connection matrix: random doors, then join the regions ------------------------------
@kernel
def _reach_matrix(walls, wrap_x, wrap_y):
    """M^c: M^1 (doors plus the diagonal) multiplied by itself until no entry changes.

    Entry [a, b] is nonzero iff b can be reached from a (Suits 2.3). Boolean products keep
    the numbers small; squaring reaches M^(n-1) in log2(n) products.
    """
    h, w = walls.shape
    n = h * w
    m = np.zeros((n, n), dtype=np.bool_)
    for a in range(n):
        m[a, a] = True
        for d in range(4):
            b = neighbor(h, w, wrap_x, wrap_y, a, d)
            if b >= 0 and not walls[a // w, a % w] & (1 << d):
                m[a, b] = True
    while True:
        nxt = np.zeros((n, n), dtype=np.bool_)
        for a in range(n):
            for c in range(n):
                if m[a, c]:
                    for b in range(n):
                        if m[c, b]:
                            nxt[a, b] = True
        if np.array_equal(nxt, m):
            return m
        m = nxt


@kernel
def _flood_labels(walls, wrap_x, wrap_y, label, head, nxt, size):
    """Label each door-connected region by its first cell; chain its cells through `nxt`."""
    h, w = walls.shape
    n = h * w
    flat = walls.reshape(n)
    magic = row_magic(w)
    nbs = np.empty(4, dtype=np.int64)
    stack = np.empty(n, dtype=np.int32)
    label[:] = -1
    for s in range(n):
        if label[s] >= 0:
            continue
        label[s] = s
        head[s] = s
        tail = s
        size[s] = 1
        top = 0
        stack[0] = s
        while top >= 0:
            a = stack[top]
            top -= 1
            around_by(h, w, magic, wrap_x, wrap_y, a, nbs)
            for d in range(4):
                b = nbs[d]
                if b >= 0 and label[b] < 0 and not flat[a] & (1 << d):
                    label[b] = s
                    nxt[tail] = b
                    tail = b
                    size[s] += 1
                    top += 1
                    stack[top] = b
        nxt[tail] = -1


@kernel
def connection_matrix(walls, wrap_x, wrap_y, seed, record, buf, matrix_cells):
    """Suits 2.3: random doors, then open walls between regions until the maze is connected.

    Each side is a door with probability 1/2. The closed walls are then tried in a random
    order and opened when their two cells lie in different regions, which is Suits' "pick
    two neighbouring cells whose M^c entry is zero" (the first such wall in a random order
    is a random one). Up to `matrix_cells` cells the question is answered by recomputing
    M^c after every join, as in the text; above, by the region labels (relabelling the
    smaller region, so the trace can show each cell's region), and without a trace by
    Kruskal's loop (`join_walls`: the doors first, then the walls in that order), which
    give the same answers and so the same maze.
    """
    np.random.seed(seed)
    h, w = walls.shape
    n = h * w
    k = 0
    flat = walls.reshape(n)
    magic = row_magic(w)
    nbs = np.empty(4, dtype=np.int64)
    # The walls as `wall_ids` numbers them (cell * 2, +1 for the south side), int32: the
    # closed ones from the front, the doors from the back.
    ids = np.empty(2 * n, dtype=np.int32)
    nw, doors = 0, 2 * n
    if record:
        k = emit(buf, k, STEP, -1, 1)
    for a in range(n):
        r = (np.int64(a) * magic) >> ROW_SHIFT  # a // w, without the division
        c = a - r * w
        for d in (1, 2):
            if d == 1:
                b = a + 1 if c < w - 1 else (a + 1 - w if wrap_x else -1)
            else:
                b = a + w if r < h - 1 else (c if wrap_y else -1)
            if b < 0:
                continue
            if coin():
                join(flat, a, d, b)
                if record:
                    k = emit(buf, k, CARVE, a, d)
                doors -= 1
                ids[doors] = 2 * a + (d == 2)
            else:
                ids[nw] = 2 * a + (d == 2)
                nw += 1
    walled = ids[:nw]
    if not record and n > matrix_cells:
        # Regions are trees of a union-find built from the doors; the walls then join them
        # in the same order as below, so the answers and the maze are the same.
        up = np.arange(n, dtype=np.uint32)
        joined, _ = join_walls(flat, h, w, ids[doors:], 2 * n - doors, up, 0)
        shuffle(walled, nw)
        join_walls(flat, h, w, walled, nw, up, joined)
        return buf[:0]
    label = np.empty(n, dtype=np.int32)
    head = np.empty(n, dtype=np.int32)
    nxt = np.empty(n, dtype=np.int32)
    size = np.zeros(n, dtype=np.int32)
    _flood_labels(walls, wrap_x, wrap_y, label, head, nxt, size)
    if record:
        k = emit(buf, k, STEP, -1, 2)
        for a in range(n):
            k = emit(buf, k, LABEL, a, label[a] + 1)  # a set's label: its id + 1
    use_matrix = n <= matrix_cells
    reach = _reach_matrix(walls, wrap_x, wrap_y) if use_matrix else np.zeros((1, 1), np.bool_)
    shuffle(walled, nw)
    regions = 0
    for a in range(n):
        if label[a] == a:
            regions += 1
    if record:
        k = emit(buf, k, STEP, -1, 3)
    for i in range(nw):
        if regions == 1:
            break
        a, d = walled[i] >> 1, 1 + (walled[i] & 1)
        around_by(h, w, magic, wrap_x, wrap_y, a, nbs)
        b = nbs[d]
        apart = not reach[a, b] if use_matrix else label[a] != label[b]
        if not apart:
            continue
        if record:
            k = emit(buf, k, STEP, -1, 4)
            k = emit(buf, k, NOTE, a, NOTE_JOIN)
        join(flat, a, d, b)
        if record:
            k = emit(buf, k, CARVE, a, d)
        keep, gone = label[a], label[b]
        if size[keep] < size[gone]:
            keep, gone = gone, keep
        c = head[gone]  # relabel the smaller region and splice its chain onto the larger
        while True:
            label[c] = keep
            if record:
                k = emit(buf, k, LABEL, c, keep + 1)
            if nxt[c] < 0:
                break
            c = nxt[c]
        nxt[c] = head[keep]
        head[keep] = head[gone]
        size[keep] += size[gone]
        regions -= 1
        if record:  # M^c again (the labels are kept already), and is it all ones?
            k = emit(buf, k, STEP, -1, 2)
            k = emit(buf, k, STEP, -1, 3)
        if use_matrix:
            reach = _reach_matrix(walls, wrap_x, wrap_y)
    return buf[:k]


register(GeneratorSpec(
    "spanning-tree", "Spanning tree (frontier)", spanning_tree,
    "Grow a tree from a random cell: pick any frontier cell at random and join it to a "
    "random visited neighbour.", f"{SUITS}, section 2.1",
    edition=3,  # 2: its own xorshift stream; 3: a draw for every join, one choice or not
    board_kernel=board_spanning_tree,
    events_per_cell=8,  # seven a cell: three of them STEPs
    steps=(
        "Wall up every door of the maze and mark every cell unvisited.",
        "Choose a cell at random: it is the present cell. Mark it visited (in the tree).",
        "Mark each unvisited neighbour of the present cell as frontier.",
        "If there is no frontier cell, go to step 6. Otherwise choose a frontier cell at "
        "random, make it the present cell, and open a door to one of its visited "
        "neighbours, chosen at random.",
        "Mark the present cell visited, and go to step 3.",
        "The maze is connected: every cell is in the tree.",
    ),
))
register(GeneratorSpec(
    "anderson", "Anderson (growing walls)", anderson,
    "Start from an open room and grow walls: each new wall segment joins a free corner to a "
    "corner that is already part of a wall.", f"{SUITS}, section 2.2",
    wraps=False, carves=False,
    events_per_cell=5,  # four a wall (two STEPs), a wall an inner corner
    steps=(
        "Begin with an open room: no walls but the border, whose corners are all on a wall.",
        "Choose at random a corner with no wall attached, among those next to a corner on "
        "a wall (from any other corner no wall can be built yet). If there is none, stop: "
        "the maze is finished.",
        "Build a wall from that corner to a neighbouring corner on a wall, chosen at "
        "random. Go to step 2.",
    ),
))
register(GeneratorSpec(
    "connection-matrix", "Connection matrix", connection_matrix,
    "Random doors, then join neighbouring cells across region borders (found with powers of "
    "the connection matrix, or union-find on large mazes) until connected. Has loops.",
    f"{SUITS}, section 2.3",
    perfect=False, labels="sets", prepare=lambda h, w, options: (MATRIX_CELLS,),
    events_per_cell=5,  # a door, a label and the joins' relabelling: under 4 a cell
    steps=(
        "Make each side between two neighbouring cells a door or a wall at random, evenly "
        "(a random maze, most likely in several regions).",
        "Find where each cell can go: M^c, the connection matrix M^1 multiplied by itself "
        "until no entry changes (on mazes over 64 cells, the regions' labels tell the "
        "same). Cells that reach each other form a region.",
        "If no entry of M^c is zero (one region), stop: the maze is connected.",
        "Choose at random two neighbouring cells with a wall between them and a zero in "
        "M^c, and open that wall: their two regions become one (the cells of the smaller "
        "take the larger's label). Go to step 2.",
    ),
))
