"""The numba kernels of jumping mazes: moves, the state graph, and Neller's energy.

Pure functions over plain arrays, so the designer's inner loop runs entirely in compiled
code; `jump.model` wraps them for puzzles. Every kernel reads a board through its
*landing table* `land` (int32[cells, directions, max_jump + 1]: the cell a jump of k from
a cell in direction i lands on, -1 for none), built once per board: `square_landings`
for the square boards (rook, queen, torus), `jump.tiles` for hexagons and triangles. The
directions of a table are in circular order, so the reverse of direction i is
(i + D // 2) % D. States are numbered as the `jump.model` docstring describes; the
energy's exact terms are documented at `evaluate_kernel`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from mazegame.engine.graph import bfs_into
from mazegame.engine.jit import kernel

#: The eight directions in circular order N, NE, E, SE, S, SW, W, NW (row, column steps).
DR8 = np.array([-1, -1, 0, 1, 1, 1, 0, -1], dtype=np.int64)
DC8 = np.array([0, 1, 1, 1, 0, -1, -1, -1], dtype=np.int64)
#: Shortest-path counts saturate here instead of overflowing int64.
WAYS_CAP = 1 << 62


@kernel
def landing(h, w, dr, dc, wrap, cell, k):
    """Where a jump of k from `cell` along (dr, dc) lands, or -1 (off the board, or back
    on its own square, which a torus allows but is no move)."""
    r = cell // w + dr * k
    c = cell % w + dc * k
    if wrap:
        r %= h
        c %= w
    elif r < 0 or r >= h or c < 0 or c >= w:
        return -1
    t = r * w + c
    return -1 if t == cell else t


@kernel
def square_landings(h, w, dirs, wrap):
    """The landing table of an h x w board of squares: direction i is DR8/DC8[dirs[i]]."""
    top = max(h, w) - 1
    land = np.full((h * w, dirs.shape[0], top + 1), -1, dtype=np.int32)
    for cell in range(h * w):
        for i in range(dirs.shape[0]):
            for k in range(1, top + 1):
                land[cell, i, k] = landing(h, w, DR8[dirs[i]], DC8[dirs[i]], wrap, cell, k)
    return land


@kernel
def legal_table(land):
    """bool[cells, max_jump + 1]: may this cell hold this jump (it makes a move)?"""
    n, nd, top = land.shape
    table = np.zeros((n, top), dtype=np.bool_)
    for cell in range(n):
        for k in range(1, top):
            for i in range(nd):
                if land[cell, i, k] >= 0:
                    table[cell, k] = True
                    break
    return table


@kernel
def fill_moves(jumps, land, slots, start, goal, indptr, indices):
    """Write the state graph's CSR into preallocated arrays; returns the edge count.

    `jumps` is flat (cell by cell). Parallel moves (two directions landing on the same state,
    possible on a torus and at the merged goal) become one edge, so counting paths counts
    different routes, not different spellings of one route.
    """
    nd = land.shape[1]
    n = land.shape[0] * slots
    goal_state = goal * slots + slots - 1
    k = 0
    indptr[0] = 0
    for v in range(n):
        cell = v // slots
        slot = v % slots
        active = cell != goal and (slots == 1 or slot < nd or cell == start)
        if active:
            first = k
            for i in range(nd):
                if slots > 1 and slot < nd and i == (slot + nd // 2) % nd:
                    continue  # Abbott's rule: no jump straight back
                t = land[cell, i, jumps[cell]]
                if t < 0:
                    continue
                s = goal_state if t == goal else t * slots + (i if slots > 1 else 0)
                fresh = True
                for j in range(first, k):
                    if indices[j] == s:
                        fresh = False
                        break
                if fresh:
                    indices[k] = s
                    k += 1
        indptr[v + 1] = k
    return k


# -- the energy kernel -----------------------------------------------------------------
#: Bits of `Work.flags[i]` for the i-th state of the solution: a forward / backward decision.
FORWARD, BACKWARD = 1, 2
# Slots of the int64 `out` array filled by evaluate_kernel.
# The T_ slots hold the five energy terms, the E_ slots the quantities behind them.
(E_TOTAL, T_UNIQUE, T_UNREACHING, T_FORCED, T_DECISIONS, T_CLUSTERS, E_LENGTH, E_WAYS,
 E_UNREACHING, E_FORCED, E_FORWARD, E_BACKWARD, E_STATES, E_BLACK, E_WHITE,
 E_SIZE) = range(16)


class Work(NamedTuple):
    """Preallocated arrays for evaluate_kernel, so the designer's loop never allocates."""

    indptr: np.ndarray
    indices: np.ndarray
    rptr: np.ndarray
    rind: np.ndarray
    dist_f: np.ndarray
    dist_b: np.ndarray
    queue: np.ndarray
    ways: np.ndarray
    path: np.ndarray
    flags: np.ndarray
    comp: np.ndarray
    out: np.ndarray


def new_work(cells: int, nd: int, slots: int) -> Work:
    """Work arrays for boards of `cells` cells with nd directions and `slots` states a cell."""
    n = cells * slots
    i32 = np.int32
    return Work(
        np.empty(n + 1, np.int64), np.empty(n * nd, i32), np.empty(n + 1, np.int64),
        np.empty(n * nd, i32), np.empty(n, i32), np.empty(n, i32), np.empty(n, i32),
        np.empty(n, np.int64), np.empty(n, i32), np.empty(n, np.int8), np.empty(cells, i32),
        np.zeros(E_SIZE, np.int64),
    )


@kernel
def _reverse_into(indptr, indices, m, rptr, rind):
    # graph.CSR.reversed, but into preallocated arrays: counts become block ends, then
    # each edge is placed by decrementing its block's cursor, leaving rptr[u] = start of u
    # and predecessors in ascending order, exactly as graph._reverse lays them out.
    n = rptr.shape[0] - 1
    rptr[:] = 0
    for j in range(m):
        rptr[indices[j]] += 1
    for u in range(1, n):
        rptr[u] += rptr[u - 1]
    for v in range(n - 1, -1, -1):
        for j in range(indptr[v + 1] - 1, indptr[v] - 1, -1):
            u = indices[j]
            rptr[u] -= 1
            rind[rptr[u]] = v
    rptr[n] = m


@kernel
def count_shortest(indptr, indices, dist, order, reached, ways):
    """ways[v] = number of shortest paths from the BFS source to v (saturating at
    WAYS_CAP); `order` lists the `reached` states by distance, source first."""
    ways[:] = 0
    ways[order[0]] = 1
    for i in range(reached):
        v = order[i]
        for j in range(indptr[v], indptr[v + 1]):
            u = indices[j]
            if dist[u] == dist[v] + 1:
                ways[u] = min(WAYS_CAP, ways[u] + ways[v])


@kernel
def same_jump_clusters(jumps, land, goal, comp, stack):
    """Label same-jump clusters into comp (goal: -1); returns sum of (|J| - 1)^2.

    Two squares with the same jump k are joined when a jump of k leads from one to the
    other. Jumps are symmetric (the reverse jump of k also lands), so a cluster -- Neller's
    "group of states with the same jump number that are all reachable from each other" --
    is a connected component of that relation. Clusters are a property of the board the
    player sees, so they ignore the no-U-turn rule.
    """
    comp[:] = -1
    penalty = 0
    label = 0
    for seed in range(land.shape[0]):
        if seed == goal or comp[seed] >= 0:
            continue
        comp[seed] = label
        stack[0] = seed
        top, size = 1, 0
        k = jumps[seed]
        while top > 0:
            top -= 1
            v = stack[top]
            size += 1
            for i in range(land.shape[1]):
                t = land[v, i, k]
                if t >= 0 and comp[t] < 0 and jumps[t] == k:
                    comp[t] = label
                    stack[top] = t
                    top += 1
        penalty += (size - 1) * (size - 1)
        label += 1
    return penalty


@kernel
def evaluate_kernel(jumps, land, slots, start, goal, indptr, indices, rptr, rind, dist_f,
                    dist_b, queue, ways, path, flags, comp, out):
    """Score a board with Neller's energy; fills `out` (E_* slots), `path` and `comp`.

    With |S| the number of states (the cells, or cells*(D+1) under no-U-turn, a constant of the
    size and rules, so it works as a weight), the energy is the sum of:

    1. |S|^3 if there is no unique shortest solution (none at all, or two or more shortest
       state sequences from the start to the goal).
    2. |S|^2 for each *unreaching* state: a state with no path to the goal. With plain
       rules every square is a state. Under no-U-turn only states the puzzle can occur in
       count: the start and every state some jump on this board leads into.
    3. m^2, where m is the number of initial forced moves: starting at the start, the
       number of jumps made while the current state has exactly one move (stopping at the
       goal; a forced loop stops after |S| jumps, so it costs |S|^2).
    4. -min(d_f, d_b) along the shortest solution (the one found by walking back from the
       goal through the first predecessor one step closer to the start, when several
       exist): d_f counts path states before the goal with two or more moves out (a
       choice going forward); d_b counts path states after the start with two or more
       moves in (a choice when tracing back from the goal). No solution: 0.
    5. (|J|-1)^2 for each same-jump cluster J (see same_jump_clusters).

    Black holes (reachable, unreaching) and white holes (unreachable, reaching; never the
    goal itself) are counted among the same states as term 2; only black holes cost
    energy, through it.
    """
    n = land.shape[0] * slots
    ss = start * slots + slots - 1
    gs = goal * slots + slots - 1
    m = fill_moves(jumps, land, slots, start, goal, indptr, indices)
    _reverse_into(indptr, indices, m, rptr, rind)
    reached = bfs_into(indptr, indices, ss, dist_f, queue)
    count_shortest(indptr, indices, dist_f, queue, reached, ways)
    bfs_into(rptr, rind, gs, dist_b, queue)

    unreaching = black = white = 0
    for v in range(n):
        counted = slots == 1 or v == ss or rptr[v + 1] > rptr[v]
        if dist_b[v] < 0:
            if counted:
                unreaching += 1
            if dist_f[v] >= 0:
                black += 1
        elif dist_f[v] < 0 and counted and v != gs:
            white += 1

    length = dist_f[gs]
    forward = backward = 0
    if length >= 0:
        path[length] = gs
        for i in range(length, 0, -1):
            v = path[i]
            for j in range(rptr[v], rptr[v + 1]):
                if dist_f[rind[j]] == i - 1:
                    path[i - 1] = rind[j]
                    break
        for i in range(length + 1):
            v = path[i]
            flags[i] = 0
            if i < length and indptr[v + 1] - indptr[v] >= 2:
                forward += 1
                flags[i] |= FORWARD
            if i > 0 and rptr[v + 1] - rptr[v] >= 2:
                backward += 1
                flags[i] |= BACKWARD

    forced = 0
    v = ss
    while v != gs and indptr[v + 1] - indptr[v] == 1 and forced < n:
        v = indices[indptr[v]]
        forced += 1

    clusters = same_jump_clusters(jumps, land, goal, comp, queue)
    unique = length >= 0 and ways[gs] == 1
    out[T_UNIQUE] = 0 if unique else n * n * n
    out[T_UNREACHING] = n * n * unreaching
    out[T_FORCED] = forced * forced
    out[T_DECISIONS] = -min(forward, backward)
    out[T_CLUSTERS] = clusters
    energy = out[T_UNIQUE] + out[T_UNREACHING] + out[T_FORCED] + out[T_DECISIONS] + clusters
    out[E_TOTAL] = energy
    out[E_LENGTH] = length
    out[E_WAYS] = ways[gs]
    out[E_UNREACHING] = unreaching
    out[E_FORCED] = forced
    out[E_FORWARD] = forward
    out[E_BACKWARD] = backward
    out[E_STATES] = n
    out[E_BLACK] = black
    out[E_WHITE] = white
    return energy
