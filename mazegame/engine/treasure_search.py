"""The kernels behind `engine.treasure`: walks through the move graph, the two simple orders,
the exact search for the best order (the local search beyond it: `treasure_local`).

An order is the sequence of cells in the order a walk first enters them, the start first;
between two consecutive cells the walk takes a shortest way. Its cost (`order_total`) is
the sum over legs of the leg's length times the cells not yet found when it is walked
(each step is paid by every cell still hidden), which is the walk's total when no leg
passes a cell not yet entered, and an upper bound on it otherwise. Cells here are local:
0..n-1 index the reachable cells, 0 the start, `D` their distances in the move graph.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.jit import kernel


@kernel
def reachable_cells(indptr, indices, start):
    """The cells `start` reaches, in breadth-first order (start first), as int32."""
    n = indptr.shape[0] - 1
    seen = np.zeros(n, dtype=np.bool_)
    queue = np.empty(n, dtype=np.int32)
    queue[0] = start
    seen[start] = True
    head, tail = 0, 1
    while head < tail:
        v = queue[head]
        head += 1
        for j in range(indptr[v], indptr[v + 1]):
            u = indices[j]
            if not seen[u]:
                seen[u] = True
                queue[tail] = u
                tail += 1
    return queue[:tail].copy()


@kernel
def _way(indptr, indices, source, target, parent, queue, out, k):
    """Append to out[k:] a shortest way source -> target without `source` (breadth-first,
    successors in order, the first to reach a cell its parent); returns the new k, or -1
    when no way leads there (a one-way door)."""
    parent[:] = -2
    parent[source] = -1
    queue[0] = source
    head, tail = 0, 1
    while head < tail and parent[target] == -2:
        v = queue[head]
        head += 1
        for j in range(indptr[v], indptr[v + 1]):
            u = indices[j]
            if parent[u] == -2:
                parent[u] = v
                queue[tail] = u
                tail += 1
    if parent[target] == -2:
        return -1
    length = 0
    v = target
    while v != source:
        length += 1
        v = parent[v]
    v = target
    for i in range(length - 1, -1, -1):
        out[k + i] = v
        v = parent[v]
    return k + length


@kernel
def walk_through(indptr, indices, start, targets):
    """The walk from `start` to each target in turn by a shortest way, skipping targets
    already entered on the way; a target no way leads to from where the walk stands (a
    one-way door) waits until one does. Returns the cells (int32), or an empty array when
    the walk is trapped before it has entered them all."""
    n = indptr.shape[0] - 1
    parent = np.empty(n, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    seen = np.zeros(n, dtype=np.bool_)
    out = np.empty(4 * n + 1, dtype=np.int32)
    out[0] = start
    seen[start] = True
    k, first = 1, 0
    while True:
        while first < targets.shape[0] and seen[targets[first]]:
            first += 1
        if first == targets.shape[0]:
            return out[:k].copy()
        if out.shape[0] - k < n:
            bigger = np.empty(2 * out.shape[0], dtype=np.int32)
            bigger[:k] = out[:k]
            out = bigger
        k0 = -1
        for i in range(first, targets.shape[0]):  # the first target a way leads to
            if not seen[targets[i]]:
                k0 = _way(indptr, indices, out[k - 1], targets[i], parent, queue, out, k)
                if k0 >= 0:
                    break
        if k0 < 0:
            return np.empty(0, dtype=np.int32)
        for i in range(k, k0):
            seen[out[i]] = True
        k = k0


@kernel
def depth_first_order(indptr, indices, start):
    """Cells in depth-first preorder: the first unentered successor, else back (int32)."""
    n = indptr.shape[0] - 1
    seen = np.zeros(n, dtype=np.bool_)
    stack = np.empty(n, dtype=np.int32)
    nxt = np.empty(n, dtype=np.int64)  # each stacked cell's next successor to try
    order = np.empty(n, dtype=np.int32)
    order[0] = start
    seen[start] = True
    stack[0] = start
    nxt[0] = indptr[start]
    top, k = 1, 1
    while top > 0:
        v = stack[top - 1]
        j = nxt[top - 1]
        while j < indptr[v + 1] and seen[indices[j]]:
            j += 1
        nxt[top - 1] = j + 1
        if j >= indptr[v + 1]:
            top -= 1
            continue
        u = indices[j]
        seen[u] = True
        order[k] = u
        k += 1
        stack[top] = u
        nxt[top] = indptr[u]
        top += 1
    return order[:k].copy()


@kernel
def nearest_order(indptr, indices, start, cells):
    """Nearest-unentered-first: from where it stands the walk goes to the closest cell not
    yet entered (the lowest-numbered among equals), entering those on the way; returns the
    targets in turn (int32: `walk_through` of them is the walk)."""
    n = indptr.shape[0] - 1
    seen = np.zeros(n, dtype=np.bool_)
    dist = np.empty(n, dtype=np.int32)
    parent = np.empty(n, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    targets = np.empty(cells, dtype=np.int32)
    seen[start] = True
    found, t, here = 1, 0, start
    while found < cells:
        dist[:] = -1
        dist[here] = 0
        queue[0] = here
        head, tail, best, level = 0, 1, -1, -1
        while head < tail:
            v = queue[head]
            head += 1
            if best >= 0 and dist[v] >= level:
                break
            for j in range(indptr[v], indptr[v + 1]):
                u = indices[j]
                if dist[u] < 0:
                    dist[u] = dist[v] + 1
                    parent[u] = v
                    queue[tail] = u
                    tail += 1
                    if not seen[u] and (best < 0 or u < best):
                        best, level = u, dist[u]
        if best < 0:  # trapped: no cell left a way leads to
            break
        targets[t] = best
        t += 1
        v = best
        while v != here:  # the cells on the way are entered too
            if not seen[v]:
                seen[v] = True
                found += 1
            v = parent[v]
        here = best
    return targets[:t].copy()


@kernel
def distance_table(indptr, indices, cells):
    """D[i, j]: the moves from cells[i] to cells[j] (all reachable from cells[0]), int32."""
    n = cells.shape[0]
    local = np.full(indptr.shape[0] - 1, -1, dtype=np.int32)
    for i in range(n):
        local[cells[i]] = i
    D = np.empty((n, n), dtype=np.int32)
    dist = np.empty(n, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    for s in range(n):
        dist[:] = -1
        dist[s] = 0
        queue[0] = s
        head, tail = 0, 1
        while head < tail:
            v = queue[head]
            head += 1
            g = cells[v]
            for j in range(indptr[g], indptr[g + 1]):
                u = local[indices[j]]
                if dist[u] < 0:
                    dist[u] = dist[v] + 1
                    queue[tail] = u
                    tail += 1
        D[s, :] = dist
    return D


@kernel
def exact_order(D, out_mask, cap):
    """The least-cost order, by dynamic programming over (cells found, where the walk is).

    A walk's next new cell is always one move from a found cell (`out_mask[i]`: the bit
    set of cells one move from i), so the found sets are those the start grows into, far
    fewer than 2^n in a maze. Layer k holds each (found set of k cells, last found cell)
    with the least cost so far; the next leg costs its length times the n - k cells still
    hidden (a leg no way leads along, D < 0, is none). Returns (order, total), or an empty
    order and -1 when the states would exceed `cap`, -2 when no walk enters every cell."""
    n = D.shape[0]
    sets = np.zeros(1, dtype=np.int64)
    sets[0] = 1
    last = np.zeros(1, dtype=np.int64)
    costs = np.zeros(1, dtype=np.int64)
    parents = np.full(1, -1, dtype=np.int64)
    begin, end, stored = 0, 1, 1
    for k in range(1, n):
        m = 0
        for i in range(begin, end):
            front = 0
            s = sets[i]
            for c in range(n):
                if s >> c & 1:
                    front |= out_mask[c]
            m += _bits(front & ~s)
        if stored + m > cap:
            return np.empty(0, dtype=np.int32), -1
        keys = np.empty(m, dtype=np.int64)
        cand_cost = np.empty(m, dtype=np.int64)
        cand_parent = np.empty(m, dtype=np.int64)
        m = 0
        for i in range(begin, end):
            s = sets[i]
            front = 0
            for c in range(n):
                if s >> c & 1:
                    front |= out_mask[c]
            front &= ~s
            v = last[i]
            for u in range(n):
                if front >> u & 1 and D[v, u] >= 0:
                    keys[m] = ((s | (1 << u)) << 6) | u
                    cand_cost[m] = costs[i] + D[v, u] * (n - k)
                    cand_parent[m] = i
                    m += 1
        keys, cand_cost, cand_parent = keys[:m], cand_cost[:m], cand_parent[:m]
        if m == 0:  # trapped: no walk enters every cell
            return np.empty(0, dtype=np.int32), -2
        by = np.argsort(keys, kind="mergesort")
        unique = 0
        for j in range(m):
            if j == 0 or keys[by[j]] != keys[by[j - 1]]:
                unique += 1
        new_sets = np.empty(unique, dtype=np.int64)
        new_last = np.empty(unique, dtype=np.int64)
        new_cost = np.empty(unique, dtype=np.int64)
        new_parent = np.empty(unique, dtype=np.int64)
        q = -1
        for j in range(m):
            x = by[j]
            if j == 0 or keys[x] != keys[by[j - 1]]:
                q += 1
                new_sets[q] = keys[x] >> 6
                new_last[q] = keys[x] & 63
                new_cost[q] = cand_cost[x]
                new_parent[q] = cand_parent[x]
            elif cand_cost[x] < new_cost[q]:
                new_cost[q] = cand_cost[x]
                new_parent[q] = cand_parent[x]
        sets = np.concatenate((sets, new_sets))
        last = np.concatenate((last, new_last))
        costs = np.concatenate((costs, new_cost))
        parents = np.concatenate((parents, new_parent))
        begin, end, stored = end, end + unique, end + unique
    best = begin
    for i in range(begin, end):
        if costs[i] < costs[best]:
            best = i
    order = np.empty(n, dtype=np.int32)
    i = best
    for k in range(n - 1, -1, -1):
        order[k] = last[i]
        i = parents[i]
    return order, costs[best]


@kernel(inline="always")
def _bits(x):
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count
