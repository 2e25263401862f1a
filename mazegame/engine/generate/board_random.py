"""Generators on any board driven by a random order of the sides (Kruskal, Prim) or by a
random walk (Wilson, Aldous-Broder): the kernels' contract, groups and trace are
`board_kernels`'. Each takes the numbered steps of its square twin.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.board_maze import open_side
from mazegame.engine.generate.board_kernels import door_groups, group_sides, mark_group, side_room
from mazegame.engine.generate.structures import (
    EDGE_MASK,
    WEIGHT_SHIFT,
    heap_pop,
    heap_push,
    merge_sets,
    unite,
)
from mazegame.engine.jit import kernel
from mazegame.engine.rng import xs_below, xs_next, xs_seed
from mazegame.engine.trace import ACTIVE, AT, CARVE, LABEL, NONE, STEP, VISITED, emit


@kernel
def shuffled_sides(links, x):
    """Every pair of touching cells once, as `cell * sides + side` from the lower cell, in
    a random order of the stream after state x (Fisher-Yates): (the sides, the state)."""
    n, sides = links.shape
    edges = np.empty(n * sides, dtype=np.int64)
    m = 0
    for cell in range(n):
        for d in range(sides):
            if links[cell, d] > cell:
                edges[m] = cell * sides + d
                m += 1
    for i in range(m - 1, 0, -1):
        x = xs_next(x)
        j = xs_below(x, i + 1)
        edges[i], edges[j] = edges[j], edges[i]
    return edges[:m], x


@kernel
def board_kruskal(links, opposite, doors, seed, record, buf):
    """Randomized Kruskal: the sides in random order, each opened if it separates two
    trees (union by size; the trace relabels the smaller set). A group of cells the open
    doors join starts as one set."""
    n, sides = links.shape
    parent = np.arange(n, dtype=np.int64)
    size = np.ones(n, dtype=np.int64)
    # Each set's cells are chained (head, nxt) so a union can relabel the smaller set.
    head = np.arange(n, dtype=np.int64)
    nxt = np.full(n, -1, dtype=np.int64)
    k = emit(buf, 0, STEP, -1, 1) if record else 0
    sets = n
    for cell in range(n):  # the groups: sets from the start
        for d in range(sides):
            beyond = links[cell, d]
            if beyond > cell and (doors[cell] >> d) & 1:
                a, b = unite(parent, size, cell, beyond)
                if a >= 0:
                    sets -= 1
                    if record:
                        k = merge_sets(head, nxt, a, b, size[a] == 2, buf, k)
    edges, x = shuffled_sides(links, xs_next(xs_seed(seed)))
    if record:
        k = emit(buf, k, STEP, -1, 2)
    for i in range(edges.shape[0]):
        if sets == 1:
            break
        cell, d = edges[i] // sides, edges[i] % sides
        a, b = unite(parent, size, cell, links[cell, d])
        if a < 0:  # one set already: the side stays shut (still step 2, no event)
            continue
        open_side(links, opposite, doors, cell, d)
        sets -= 1
        if record:
            k = emit(buf, k, STEP, -1, 3)
            k = emit(buf, k, CARVE, cell, d)
            k = merge_sets(head, nxt, a, b, size[a] == 2, buf, k)
            if sets > 1:
                k = emit(buf, k, STEP, -1, 2)
    return buf[:k]


@kernel
def _push_sides(links, opposite, group, first, members, g, seen, rank, heap, size, cells,
                dirs):
    """Push every side from group g to a group not in the maze, weighted by its rank (the
    rank of its pair of cells, read from the lower cell)."""
    sides = links.shape[1]
    m = group_sides(links, group, first, members, g, seen, False, cells, dirs)
    for i in range(m):
        cell, d = cells[i], dirs[i]
        beyond = links[cell, d]
        pair = cell * sides + d if cell < beyond else beyond * sides + opposite[d]
        size = heap_push(heap, size, (rank[pair] << WEIGHT_SHIFT) | (cell * sides + d))
    return size


@kernel
def board_prim(links, opposite, doors, seed, record, buf):
    """True Prim: every side weighs its place in one random order of the sides, and the
    tree grows from a random cell by the lightest side leaving it (a 4-ary heap)."""
    n, sides = links.shape
    group, count, first, members = door_groups(links, doors)
    cells = np.empty(side_room(links, first), dtype=np.int64)
    dirs = np.empty_like(cells)
    edges, x = shuffled_sides(links, xs_next(xs_seed(seed)))
    rank = np.zeros(n * sides, dtype=np.int64)
    for i in range(edges.shape[0]):
        rank[edges[i]] = i
    seen = np.zeros(count, dtype=np.bool_)
    heap = np.empty(edges.shape[0] * 2 + 1, dtype=np.int64)
    size = 0
    x = xs_next(x)
    cell = xs_below(x, n)
    g = group[cell]
    seen[g] = True
    k = 0
    if record:
        k = emit(buf, k, STEP, -1, 1)
        k = emit(buf, k, AT, cell, 0)
        k = mark_group(buf, k, first, members, g, VISITED)
    while True:  # g: the group added to the maze last
        if record:
            k = emit(buf, k, STEP, -1, 2)
        size = _push_sides(links, opposite, group, first, members, g, seen, rank, heap, size,
                           cells, dirs)
        if record:
            k = emit(buf, k, STEP, -1, 3)
        beyond = -1
        while size > 0:  # the lightest side that still leads out of the maze
            entry, size = heap_pop(heap, size)
            cell, d = (entry & EDGE_MASK) // sides, (entry & EDGE_MASK) % sides
            beyond = links[cell, d]
            if not seen[group[beyond]]:
                break
            beyond = -1
        if beyond < 0:
            break
        open_side(links, opposite, doors, cell, d)
        g = group[beyond]
        seen[g] = True
        if record:
            k = emit(buf, k, STEP, -1, 4)
            k = emit(buf, k, CARVE, cell, d)
            k = emit(buf, k, AT, beyond, 0)
            k = mark_group(buf, k, first, members, g, VISITED)
    return buf[:k]


@kernel
def _walk_step(links, group, first, members, g, x):
    """One step of a random walk from group g, each side that leads out of it equally
    likely: (the cell it leaves, the side, the stream's state); -1 for a side drawn that
    has no cell beyond or stays in g (the caller draws again)."""
    sides = links.shape[1]
    x = xs_next(x)
    r = xs_below(x, (first[g + 1] - first[g]) * sides)
    cell, d = members[first[g] + r // sides], r % sides
    beyond = links[cell, d]
    if beyond < 0 or group[beyond] == g:
        return -1, -1, x
    return cell, d, x


FREE, IN_TREE = -1, -2  #: Wilson's marks for a group on no walk and a group in the tree


@kernel
def board_wilson(links, opposite, doors, seed, record, buf):
    """Wilson: loop-erased random walks from each cell outside the tree (in cell order)
    until they hit it: every spanning tree equally likely (Wilson 1996). Each walk's
    arrows are LABELs (side + 1) on the cells they leave."""
    n = links.shape[0]
    group, count, first, members = door_groups(links, doors)
    on_walk = np.full(count, FREE, dtype=np.int64)  # a group's place on the walk, or a mark
    walk = np.empty(count, dtype=np.int64)
    out_cell = np.empty(count, dtype=np.int64)  # the walk leaves walk[i] from this cell ...
    out_side = np.empty(count, dtype=np.int64)  # ... by this side
    x = xs_next(xs_seed(seed))
    root = group[xs_below(x, n)]
    on_walk[root] = IN_TREE
    k = 0
    if record:
        k = emit(buf, k, STEP, -1, 1)
        k = mark_group(buf, k, first, members, root, VISITED)
    for start in range(n):
        g = group[start]
        if on_walk[g] == IN_TREE:
            continue
        length = 1
        walk[0] = g
        on_walk[g] = 0
        if record:
            k = emit(buf, k, STEP, -1, 2)
            k = emit(buf, k, AT, start, 0)
            k = mark_group(buf, k, first, members, g, ACTIVE)
        while True:
            cell, d, x = _walk_step(links, group, first, members, g, x)
            if cell < 0:  # no move: drawn again (no step)
                continue
            out_cell[length - 1], out_side[length - 1] = cell, d
            beyond = links[cell, d]
            h = group[beyond]
            at = on_walk[h]
            if record:
                k = emit(buf, k, STEP, -1, 3)
                if at < 0:  # a new group or the tree: not a loop
                    k = emit(buf, k, LABEL, cell, d + 1)  # the arrow out of the head
            if at == IN_TREE:
                break
            if at >= 0:  # the walk crossed itself: erase the loop back to h
                if record:
                    k = emit(buf, k, STEP, -1, 4)
                    for i in range(at, length - 1):
                        k = emit(buf, k, LABEL, out_cell[i], 0)
                    for i in range(at + 1, length):
                        k = mark_group(buf, k, first, members, walk[i], NONE)
                for i in range(at + 1, length):
                    on_walk[walk[i]] = FREE
                length = at + 1
            else:
                walk[length] = h
                on_walk[h] = length
                length += 1
                if record:
                    k = mark_group(buf, k, first, members, h, ACTIVE)
            g = h
            if record:
                k = emit(buf, k, AT, beyond, 0)
        if record:
            k = emit(buf, k, STEP, -1, 5)
        for i in range(length):
            on_walk[walk[i]] = IN_TREE
            open_side(links, opposite, doors, out_cell[i], out_side[i])
            if record:
                k = emit(buf, k, CARVE, out_cell[i], out_side[i])
                k = emit(buf, k, LABEL, out_cell[i], 0)  # the arrow became a door
                k = mark_group(buf, k, first, members, walk[i], VISITED)
    if record:  # no cell is left outside the tree: stop
        k = emit(buf, k, STEP, -1, 2)
    return buf[:k]


@kernel
def board_aldous_broder(links, opposite, doors, seed, record, buf):
    """Aldous-Broder: a random walk that carves whenever it enters a cell for the first
    time; uniform over spanning trees, like Wilson."""
    n = links.shape[0]
    group, count, first, members = door_groups(links, doors)
    seen = np.zeros(count, dtype=np.bool_)
    x = xs_next(xs_seed(seed))
    cell = xs_below(x, n)
    g = group[cell]
    seen[g] = True
    remaining = count - 1
    walking = False  # recording: step 2 (the walk over cells in the maze) is in force
    k = 0
    if record:
        k = emit(buf, k, STEP, -1, 1)
        k = emit(buf, k, AT, cell, 0)
        k = mark_group(buf, k, first, members, g, VISITED)
    while remaining > 0:
        cell, d, x = _walk_step(links, group, first, members, g, x)
        if cell < 0:  # no move: drawn again
            continue
        beyond = links[cell, d]
        g = group[beyond]
        if not seen[g]:
            open_side(links, opposite, doors, cell, d)
            seen[g] = True
            remaining -= 1
            if record:
                if not walking:  # step 2 picked this neighbour, with nothing to show
                    k = emit(buf, k, STEP, -1, 2)
                k = emit(buf, k, STEP, -1, 3)
                k = emit(buf, k, CARVE, cell, d)
                k = emit(buf, k, AT, beyond, 0)
                k = mark_group(buf, k, first, members, g, VISITED)
                walking = False
        elif record:
            if not walking:  # a run of moves over the maze is one step 2, repeated
                k = emit(buf, k, STEP, -1, 2)
                walking = True
            k = emit(buf, k, AT, beyond, 0)
    return buf[:k]
