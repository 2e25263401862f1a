"""Generators on any board (`engine.tilings`): the graph kernels behind `generate_board`.

Every kernel: `(links, opposite, doors, seed, record, buf, *extras) -> events`. `links[i,
d]` is the cell beyond side d of cell i (-1: none), `opposite[d]` the side facing back;
`doors` (one bit a side, set = open) is edited in place, starting from the doors a board
opens before any generator (all shut, but for weave's crossings). The trace speaks the
square's language with sides for directions: CARVE (cell, side), MARK, AT, LABEL, STEP,
and each kernel takes the numbered steps of its square twin.

A *group* is the cells the doors open before the generator join (`door_groups`; a cell
alone when none is open). The kernels grow their trees over groups, each one cell of the
algorithm: a group joins the maze whole, its sides are all its cells' sides that lead out
of it (`group_sides`). So the maze stays a spanning tree of the board, and Wilson and
Aldous-Broder stay uniform over the trees of the groups. This module holds those helpers
and the growers that walk from cell to cell: the backtracker, Suits' spanning tree, the
growing tree, hunt-and-kill; `board_random` holds those driven by random edge orders and
random walks.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.board_maze import open_side
from mazegame.engine.generate.common import NOTE_HUNT, NOTE_KILL
from mazegame.engine.jit import kernel
from mazegame.engine.rng import xs_below, xs_next, xs_seed
from mazegame.engine.trace import ACTIVE, AT, CARVE, FRONTIER, MARK, NOTE, STEP, VISITED, emit


# -- groups: the cells the doors open before the generator join ------------------------------
@kernel
def door_groups(links, doors):
    """The groups of cells the open doors join, numbered in the order of their first cells
    (so with no door open, group i is cell i): (group of each cell, how many groups, and
    their cells as a CSR: group g is members[first[g]:first[g + 1]])."""
    n, sides = links.shape
    group = np.full(n, -1, dtype=np.int64)
    members = np.empty(n, dtype=np.int64)
    first = np.empty(n + 1, dtype=np.int64)
    count = 0
    m = 0
    for cell in range(n):
        if group[cell] >= 0:
            continue
        first[count] = m
        group[cell] = count
        members[m] = cell
        m += 1
        i = first[count]
        while i < m:  # members[i:m] is the queue of the flood through open doors
            a = members[i]
            i += 1
            for d in range(sides):
                b = links[a, d]
                if b >= 0 and (doors[a] >> d) & 1 and group[b] < 0:
                    group[b] = count
                    members[m] = b
                    m += 1
        count += 1
    first[count] = m
    return group, count, first[:count + 1], members


@kernel
def side_room(links, first):
    """How many sides the largest group has: the room `group_sides` needs."""
    largest = 0
    for g in range(first.shape[0] - 1):
        largest = max(largest, first[g + 1] - first[g])
    return largest * links.shape[1]


@kernel
def group_sides(links, group, first, members, g, state, want, cells, dirs):
    """The sides of group g (a cell of it, and its side) whose cell beyond is in another
    group with state `want`, into cells/dirs; returns how many."""
    m = 0
    for i in range(first[g], first[g + 1]):
        a = members[i]
        for d in range(links.shape[1]):
            b = links[a, d]
            if b >= 0 and group[b] != g and state[group[b]] == want:
                cells[m] = a
                dirs[m] = d
                m += 1
    return m


@kernel
def mark_group(buf, k, first, members, g, mark):
    """Trace every cell of group g taking `mark`."""
    for i in range(first[g], first[g + 1]):
        k = emit(buf, k, MARK, members[i], mark)
    return k


# -- the growers --------------------------------------------------------------------------
@kernel
def board_backtracker(links, opposite, doors, seed, record, buf):
    """Depth-first search: carve to a random neighbour not yet in the maze, back up at dead
    ends (the square backtracker's steps)."""
    n = links.shape[0]
    group, count, first, members = door_groups(links, doors)
    cells = np.empty(side_room(links, first), dtype=np.int64)
    dirs = np.empty_like(cells)
    seen = np.zeros(count, dtype=np.bool_)
    stack = np.empty(count, dtype=np.int64)
    x = xs_next(xs_seed(seed))
    cell = xs_below(x, n)
    g = group[cell]
    seen[g] = True
    top = 0
    k = 0
    if record:
        k = emit(buf, k, STEP, -1, 1)
        k = emit(buf, k, AT, cell, 0)
        k = mark_group(buf, k, first, members, g, ACTIVE)
    while True:
        if record:
            k = emit(buf, k, STEP, -1, 2)
        m = group_sides(links, group, first, members, g, seen, False, cells, dirs)
        if m > 0:
            x = xs_next(x)
            i = xs_below(x, m)
            nxt = links[cells[i], dirs[i]]
            open_side(links, opposite, doors, cells[i], dirs[i])
            stack[top] = g
            top += 1
            g = group[nxt]
            seen[g] = True
            if record:
                k = emit(buf, k, STEP, -1, 3)
                k = emit(buf, k, CARVE, cells[i], dirs[i])
                k = emit(buf, k, AT, nxt, 0)
                k = mark_group(buf, k, first, members, g, ACTIVE)
            continue
        if record:
            k = emit(buf, k, STEP, -1, 4)
            k = mark_group(buf, k, first, members, g, VISITED)
        if top == 0:
            break
        top -= 1
        g = stack[top]
        if record:
            k = emit(buf, k, AT, members[first[g]], 0)
    return buf[:k]


@kernel
def board_spanning_tree(links, opposite, doors, seed, record, buf):
    """Suits 2.1: a random frontier cell joins a random neighbour in the tree, until no
    frontier is left (his steps: every door shut, a random present cell, its unvisited
    neighbours become frontier, ...)."""
    n = links.shape[0]
    group, count, first, members = door_groups(links, doors)
    cells = np.empty(side_room(links, first), dtype=np.int64)
    dirs = np.empty_like(cells)
    state = np.zeros(count, dtype=np.uint8)  # 0 unvisited, 1 frontier, 2 visited
    frontier = np.empty(count, dtype=np.int64)
    nf = 0
    x = xs_next(xs_seed(seed))
    cell = xs_below(x, n)
    present = group[cell]
    k = 0
    if record:
        k = emit(buf, k, STEP, -1, 1)
        k = emit(buf, k, STEP, -1, 2)
        k = emit(buf, k, AT, cell, 0)
    while True:
        state[present] = 2
        if record:  # marked visited (step 2, then step 5); then step 3: the new frontier
            k = mark_group(buf, k, first, members, present, VISITED)
            k = emit(buf, k, STEP, -1, 3)
        m = group_sides(links, group, first, members, present, state, 0, cells, dirs)
        for i in range(m):
            g = group[links[cells[i], dirs[i]]]
            if state[g] == 0:  # two sides may lead to one group
                state[g] = 1
                frontier[nf] = g
                nf += 1
                if record:
                    k = mark_group(buf, k, first, members, g, FRONTIER)
        if record:
            k = emit(buf, k, STEP, -1, 4)
        if nf == 0:
            break
        x = xs_next(x)
        j = xs_below(x, nf)
        present = frontier[j]
        nf -= 1
        frontier[j] = frontier[nf]
        m = group_sides(links, group, first, members, present, state, 2, cells, dirs)
        x = xs_next(x)
        i = xs_below(x, m)
        open_side(links, opposite, doors, cells[i], dirs[i])
        if record:
            k = emit(buf, k, AT, cells[i], 0)
            k = emit(buf, k, CARVE, cells[i], dirs[i])
            k = emit(buf, k, STEP, -1, 5)
    if record:  # step 4 found no frontier cell: step 6, connected
        k = emit(buf, k, STEP, -1, 6)
    return buf[:k]


@kernel
def board_growing_tree(links, opposite, doors, seed, record, buf, mode):
    """Growing tree: choose an active cell (mode 0 the newest, 1 one at random, 2 the
    oldest, 3 a coin's choice of newest or random), carve to a neighbour not yet in the
    maze or retire it (the square's steps and modes)."""
    n = links.shape[0]
    group, count, first, members = door_groups(links, doors)
    cells = np.empty(side_room(links, first), dtype=np.int64)
    dirs = np.empty_like(cells)
    seen = np.zeros(count, dtype=np.bool_)
    active = np.empty(count, dtype=np.int64)  # live entries are active[lo:hi], oldest first
    x = xs_next(xs_seed(seed))
    cell = xs_below(x, n)
    lo, hi = 0, 1
    active[0] = group[cell]
    seen[active[0]] = True
    k = 0
    if record:
        k = emit(buf, k, STEP, -1, 1)
        k = emit(buf, k, AT, cell, 0)
        k = mark_group(buf, k, first, members, active[0], ACTIVE)
    while hi > lo:
        if record:
            k = emit(buf, k, STEP, -1, 2)
        x = xs_next(x)
        pick = mode if mode != 3 else (0 if x & 1 else 1)
        if pick == 0:
            i = hi - 1
        elif pick == 2:
            i = lo
        else:
            x = xs_next(x)
            i = lo + xs_below(x, hi - lo)
        g = active[i]
        m = group_sides(links, group, first, members, g, seen, False, cells, dirs)
        if m > 0:
            x = xs_next(x)
            j = xs_below(x, m)
            nxt = links[cells[j], dirs[j]]
            open_side(links, opposite, doors, cells[j], dirs[j])
            active[hi] = group[nxt]
            hi += 1
            seen[group[nxt]] = True
            if record:
                k = emit(buf, k, STEP, -1, 3)
                k = emit(buf, k, CARVE, cells[j], dirs[j])
                k = emit(buf, k, AT, nxt, 0)
                k = mark_group(buf, k, first, members, group[nxt], ACTIVE)
            continue
        # Retire active[i]; fill its slot from the old end so the newest stays last.
        if i == hi - 1:
            hi -= 1
        else:
            active[i] = active[lo]
            lo += 1
        if record:
            k = emit(buf, k, STEP, -1, 4)
            k = mark_group(buf, k, first, members, g, VISITED)
    if record:  # the list is empty: step 2 stops
        k = emit(buf, k, STEP, -1, 2)
    return buf[:k]


@kernel
def top_row(links):
    """How many cells the top row holds: cells are numbered row by row, so it is the cells
    before the first one with a neighbour numbered lower than the cell just before it."""
    n = links.shape[0]
    for cell in range(1, n):
        for d in range(links.shape[1]):
            if 0 <= links[cell, d] < cell - 1:
                return cell
    return n


@kernel
def _retire(first, members, walk, walked, buf, k):
    """Trace the groups of a finished walk turning from ACTIVE to VISITED."""
    for i in range(walked):
        k = mark_group(buf, k, first, members, walk[i], VISITED)
    return k


@kernel
def board_hunt_and_kill(links, opposite, doors, seed, record, buf):
    """Walk to random neighbours not yet in the maze; when stuck, hunt in cell order (row
    by row) for a cell outside the maze beside it, join it to a random neighbour in the
    maze and walk on from there (the square's steps, without its rows in focus)."""
    group, count, first, members = door_groups(links, doors)
    cells = np.empty(side_room(links, first), dtype=np.int64)
    dirs = np.empty_like(cells)
    visited = np.zeros(count, dtype=np.bool_)
    x = xs_next(xs_seed(seed))
    cell = xs_below(x, top_row(links))
    g = group[cell]
    visited[g] = True
    remaining = count - 1
    scan = 0  # every cell before `scan` is in the maze: hunts never rescan them
    # Recording: the groups of the walk under way (ACTIVE), retired to VISITED when it
    # gets stuck; and whether step 2, the walk, is in force.
    walk = np.empty(count if record else 1, dtype=np.int64)
    walked = 0
    walking = False
    k = 0
    if record:
        k = emit(buf, k, STEP, -1, 1)
        k = emit(buf, k, AT, cell, 0)
        k = mark_group(buf, k, first, members, g, ACTIVE)
        walk[0] = g
        walked = 1
    while remaining > 0:
        m = group_sides(links, group, first, members, g, visited, False, cells, dirs)
        if m == 0:  # stuck: hunt for a cell outside the maze beside it, then kill
            while visited[group[scan]]:
                scan += 1
            found = scan
            while True:
                if not visited[group[found]]:
                    g = group[found]
                    m = group_sides(links, group, first, members, g, visited, True, cells,
                                    dirs)
                    if m > 0:
                        break
                found += 1
            if record:
                k = emit(buf, k, STEP, -1, 3)
                k = _retire(first, members, walk, walked, buf, k)
                walked = 0
                k = emit(buf, k, NOTE, found, NOTE_HUNT)
                k = emit(buf, k, STEP, -1, 4)
                k = emit(buf, k, NOTE, found, NOTE_KILL)
                walking = False
        elif record and not walking:  # a walk's moves are one step 2, repeated
            k = emit(buf, k, STEP, -1, 2)
            walking = True
        x = xs_next(x)
        i = xs_below(x, m)
        open_side(links, opposite, doors, cells[i], dirs[i])
        at = cells[i]  # a kill walks on from the cell found
        if visited[g]:  # a walk: on into the group beyond
            at = links[cells[i], dirs[i]]
            g = group[at]
        visited[g] = True
        remaining -= 1
        if record:
            k = emit(buf, k, CARVE, cells[i], dirs[i])
            k = emit(buf, k, AT, at, 0)
            k = mark_group(buf, k, first, members, g, ACTIVE)
            walk[walked] = g
            walked += 1
    if record:  # stuck, and the hunt would find no cell left: the end
        k = emit(buf, k, STEP, -1, 3)
        k = _retire(first, members, walk, walked, buf, k)
    return buf[:k]
