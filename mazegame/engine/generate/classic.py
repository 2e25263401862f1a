"""The classic catalogue's tree growers (Daedalus, mazelib, Jamis Buck's demos) beyond DFS,
Kruskal and Wilson: Aldous-Broder, Prim, hunt-and-kill and the growing tree.

Every kernel: `(walls, wrap_x, wrap_y, seed, record, buf, *extras) -> events`. All grow one
perfect maze from a random cell; the fixed-order ones (Eller, binary tree, sidewinder,
recursive division) are in `sweeps`. Hunt-and-kill's kernel has a module of its own (`hunt`)
and is registered here, in its family's place.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.generate.board_kernels import board_growing_tree, board_hunt_and_kill
from mazegame.engine.generate.board_random import board_aldous_broder, board_prim
from mazegame.engine.generate.common import (
    CLASSIC,
    FRAME,
    SEEN,
    UNSEEN,
    around,
    below,
    coin,
    framed,
    framed_grid,
    framed_step,
    join,
    join_in_order,
    row_magic,
    show_arrival,
    shuffle_fast,
    sides_where,
    through_frame,
    unframed,
)
from mazegame.engine.generate.hunt import hunt_and_kill
from mazegame.engine.generate.registry import GeneratorSpec, Option, register
from mazegame.engine.generate.structures import EDGE_MASK, WEIGHT_SHIFT, heap_pop, heap_push
from mazegame.engine.generate.trees import wall_ids
from mazegame.engine.grid import neighbor
from mazegame.engine.jit import kernel
from mazegame.engine.rng import xs_below, xs_next, xs_seed
from mazegame.engine.trace import (
    ACTIVE,
    AT,
    CARVE,
    FRONTIER,
    MARK,
    STEP,
    VISITED,
    emit,
)


@kernel
def _random_side(h, w, magic, wrap_x, wrap_y, cell, visited, want, sides, nbs):
    """A random side of `cell` whose neighbour's visited flag equals `want`, or -1; leaves
    the four neighbours in `nbs` for the caller (`sides_where`, then one draw)."""
    count = sides_where(h, w, magic, wrap_x, wrap_y, cell, visited, want, sides, nbs)
    return -1 if count == 0 else sides[below(count)]


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
    walking = False  # recording: step 2 (the walk over cells in the maze) is in force
    if record:
        k = emit(buf, k, STEP, -1, 1)
        k = show_arrival(buf, k, start, VISITED)
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
                if not walking:  # step 2 picked this neighbour, with nothing to show
                    k = emit(buf, k, STEP, -1, 2)
                k = emit(buf, k, STEP, -1, 3)
                k = emit(buf, k, CARVE, cell, d)
                walking = False
            remaining -= 1
            grid[nb] = SEEN
            if record:
                k = show_arrival(buf, k, unframed(nb, w), VISITED)
        elif record:
            if not walking:  # a run of moves over the maze is one step 2, repeated
                k = emit(buf, k, STEP, -1, 2)
                walking = True
            k = emit(buf, k, AT, unframed(nb, w), 0)
        at = nb
    return buf[:k]


# -- Prim with random edge weights (`structures`' heap) ----------------------------------
@kernel
def _push_edges(h, w, wrap_x, wrap_y, cell, visited, heap, size, nbs, rank):
    """Push every wall from `cell` to an unvisited cell, weighted by its rank."""
    around(h, w, wrap_x, wrap_y, cell, nbs)
    for d in range(4):
        nb = nbs[d]
        if nb >= 0 and not visited[nb]:
            # the wall's id as `wall_ids` numbers it: an east or south side of one cell
            wall = 2 * cell + (d == 2) if d == 1 or d == 2 else 2 * nb + (d == 0)
            size = heap_push(heap, size, (rank[wall] << WEIGHT_SHIFT) | (cell * 4 + d))
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
def _random_walls(h, w, wrap_x, wrap_y, seed):
    """Prim's weights: every inner wall, in one random order."""
    edges, m = wall_ids(h, w, wrap_x, wrap_y)
    shuffle_fast(edges, m, seed)
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
    edges, m = _random_walls(h, w, wrap_x, wrap_y, seed)
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
    k = emit(buf, 0, STEP, -1, 1)
    visited[cell] = True
    k = show_arrival(buf, k, cell, VISITED)
    size = 0
    while True:  # `cell`: the cell added to the maze last
        k = emit(buf, k, STEP, -1, 2)
        size = _push_edges(h, w, wrap_x, wrap_y, cell, visited, heap, size, nbs, rank)
        k = _show_frontier(h, w, wrap_x, wrap_y, cell, visited, buf, k)
        k = emit(buf, k, STEP, -1, 3)
        nb = -1
        while size > 0:  # the lightest wall that still leads out of the maze
            entry, size = heap_pop(heap, size)
            edge = entry & EDGE_MASK
            cell, d = edge // 4, edge % 4
            nb = neighbor(h, w, wrap_x, wrap_y, cell, d)
            if not visited[nb]:
                break
            nb = -1
        if nb < 0:
            break
        k = emit(buf, k, STEP, -1, 4)
        join(flat, cell, d, nb)
        k = emit(buf, k, CARVE, cell, d)
        visited[nb] = True
        k = show_arrival(buf, k, nb, VISITED)
        cell = nb
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
    magic = row_magic(w)
    visited = np.zeros(n, dtype=np.bool_)
    active = np.empty(n, dtype=np.int32)  # live entries are active[lo:hi], oldest first
    flat = walls.reshape(n)
    sides = np.empty(4, dtype=np.int64)
    nbs = np.empty(4, dtype=np.int64)
    lo, hi = 0, 1
    active[0] = np.random.randint(0, n)
    k = 0
    visited[active[0]] = True
    if record:
        k = emit(buf, k, STEP, -1, 1)
        k = show_arrival(buf, k, active[0], ACTIVE)
    while hi > lo:
        if record:
            k = emit(buf, k, STEP, -1, 2)
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
        d = _random_side(h, w, magic, wrap_x, wrap_y, cell, visited, False, sides, nbs)
        if d >= 0:
            nb = nbs[d]
            join(flat, cell, d, nb)
            if record:
                k = emit(buf, k, STEP, -1, 3)
                k = emit(buf, k, CARVE, cell, d)
            visited[nb] = True
            if record:
                k = show_arrival(buf, k, nb, ACTIVE)
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
            k = emit(buf, k, STEP, -1, 4)
            k = emit(buf, k, MARK, cell, VISITED)
    if record:  # the list is empty: step 2 stops
        k = emit(buf, k, STEP, -1, 2)
    return buf[:k]


def _mode_code(h: int, w: int, options) -> tuple:
    return (GROWING_MODES.index(options["mode"]),)


register(GeneratorSpec(
    "aldous-broder", "Aldous-Broder (uniform)", aldous_broder,
    "A random walk that carves into every cell it enters for the first time: uniform, but "
    "the last cells take long to reach.", f"{CLASSIC}; Aldous (1990), Broder (1989)",
    edition=2,  # its own stream, two bits a step (other mazes)
    board_kernel=board_aldous_broder,
    events_per_cell=64,  # the walk: 45 to 55 moves a cell at 100x100 and 200x200, an event each
    steps=(
        "Pick a cell at random: it is the current cell, the first in the maze.",
        "Pick one of the current cell's neighbours at random. If it is already in the maze, "
        "make it the current cell and repeat this step.",
        "The neighbour is not in the maze yet: carve through the wall between, add it to the "
        "maze and make it the current cell. If every cell is in the maze, stop; otherwise go "
        "to step 2.",
    ),
))
register(GeneratorSpec(
    "prim", "Prim (random weights)", prim,
    "True Prim: every wall gets a random weight and the tree grows by the lightest edge "
    "leaving it (its minimum spanning tree: the same kind of maze as Kruskal's). Many "
    "short dead ends.", f"{CLASSIC}; Prim's minimum spanning tree",
    # 2: the weights became one random order of the walls; 3: shuffled by its own stream
    edition=3,
    board_kernel=board_prim,
    events_per_cell=9,  # an arrival, a carve, two frontier marks and three STEPs a cell
    steps=(
        "Give every wall a random weight. Pick a cell at random: it is the first in the "
        "maze.",
        "Put the walls between the cell just added and its neighbours outside the maze on "
        "the list of walls.",
        "If the list is empty, stop. Otherwise take its lightest wall off it; if the cell "
        "beyond that wall is in the maze already, repeat this step.",
        "Carve through the wall and add the cell beyond it to the maze. Go to step 2.",
    ),
))
register(GeneratorSpec(
    "hunt-and-kill", "Hunt-and-kill", hunt_and_kill,
    "Random walk until stuck, then scan for an unvisited cell next to the maze and carry on "
    "from there: long corridors like the backtracker, without a stack.", CLASSIC,
    events_per_cell=6,
    edition=2,  # draws from its own stream (other mazes)
    board_kernel=board_hunt_and_kill,
    steps=(
        "Pick a cell of the top row at random: it is the current cell, the first in the "
        "maze.",
        "Walk: if the current cell has neighbours not yet in the maze, carve into one of "
        "them at random, make it the current cell and repeat this step.",
        "Hunt: the walk is stuck. Scan the cells row by row from the top for the first one "
        "outside the maze with a neighbour in it. If there is none, stop: every cell is in "
        "the maze.",
        "Kill: carve between that cell and one of its neighbours in the maze, picked at "
        "random, and make it the current cell. Go to step 2.",
    ),
))
register(GeneratorSpec(
    "growing-tree", "Growing tree", growing_tree,
    "Keep a list of active cells; grow from the newest, a random, the oldest, or a 50/50 mix "
    "of newest and random (--mode).", CLASSIC,
    options=(Option("mode", "mix", GROWING_MODES, "which active cell grows next"),),
    prepare=_mode_code,
    board_kernel=board_growing_tree,
    events_per_cell=8,  # a carve, an arrival, a retirement and four STEPs a cell: 8n - 1
    steps=(
        "Pick a cell at random: add it to the maze and to the list of active cells.",
        "If the list is empty, stop. Otherwise choose a cell of the list as the mode says: "
        "the newest, one at random, the oldest, or (mix) a coin's choice between the "
        "newest and a random one.",
        "If the chosen cell has neighbours not yet in the maze, carve into one of them at "
        "random and add it to the maze and to the list. Go to step 2.",
        "Otherwise the chosen cell is finished: take it off the list. Go to step 2.",
    ),
))
