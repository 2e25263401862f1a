"""The hot loops of the heuristic searches: greedy lookahead, shortest paths from a
walker's cell, and minimisation (drop every move that is not needed)."""

from __future__ import annotations

import numpy as np

from mazegame.engine.jit import kernel


@kernel
def path_moves(steps, dist, c, start, goal):
    """The moves of a shortest path from `start` to the goal in class `c`."""
    out = np.empty(max(dist[c, start], 0), dtype=np.int8)
    p = start
    i = 0
    while p != goal:
        for d in range(4):
            q = steps[c, p, d]
            if q != p and dist[c, q] == dist[c, p] - 1:
                out[i] = d
                i += 1
                p = q
                break
    return out


@kernel
def greedy_extend(steps, dist, pos, goal, depth, power, max_moves, seed):
    """Append moves (returned; `pos` is moved along) until every walker is at the goal:
    each round appends the `depth`-move lookahead that leaves the least sum of
    distance^power over the unsolved classes (ties broken at random), so the sum falls
    every round. When no lookahead
    lowers the sum, the walker furthest away is led home by a shortest path."""
    np.random.seed(seed)
    out = np.empty(max_moves, dtype=np.int8)
    length = 0
    alive = np.flatnonzero(pos != goal)
    options = 4 ** depth
    values = np.empty(options, dtype=np.float64)
    while alive.size > 0 and length < max_moves:
        now = 0.0
        for c in alive:
            now += float(dist[c, pos[c]]) ** power
        values[:] = 0.0
        for c in alive:
            for s in range(options):
                p = pos[c]
                code = s
                for _ in range(depth):
                    if p == goal:
                        break
                    p = steps[c, p, code & 3]
                    code >>= 2
                values[s] += float(dist[c, p]) ** power
        best = values.min()
        if best < now:
            ties = np.flatnonzero(values == best)
            code = ties[np.random.randint(ties.size)]
            moves = np.empty(depth, dtype=np.int8)
            for j in range(depth):
                moves[j] = code & 3
                code >>= 2
        else:  # stuck: lead the furthest walker home
            far = alive[0]
            for c in alive:
                if dist[c, pos[c]] > dist[far, pos[far]]:
                    far = c
            moves = path_moves(steps, dist, far, pos[far], goal)
        for d in moves:
            if length == max_moves:
                break
            out[length] = d
            length += 1
            for c in alive:
                if pos[c] != goal:
                    pos[c] = steps[c, pos[c], d]
        keep = np.empty(alive.size, dtype=np.bool_)
        for j in range(alive.size):
            keep[j] = pos[alive[j]] != goal
        alive = alive[keep]
    return out[:length].copy()


@kernel
def order_extend(steps, dist, pos, goal, order):
    """Solve in order: for each class of `order` still unsolved, append a shortest path from
    where its walker stands (moving every walker along)."""
    total = 0
    chunks = []
    for c in order:
        if pos[c] == goal:
            continue
        moves = path_moves(steps, dist, c, pos[c], goal)
        chunks.append(moves)
        total += moves.size
        for k in range(pos.shape[0]):
            p = pos[k]
            for d in moves:
                if p == goal:
                    break
                p = steps[k, p, d]
            pos[k] = p
    out = np.empty(total, dtype=np.int8)
    i = 0
    for moves in chunks:
        out[i:i + moves.size] = moves
        i += moves.size
    return out


@kernel
def _solves_without(steps, seq, goal, skip, order, late, first):
    """Whether every class in `order[:late]` still reaches the goal when move `skip` is
    dropped (class `first`, the last to fail, is tried before them)."""
    for j in range(-1, late):
        c = first if j < 0 else order[j]
        if c < 0:
            continue
        p = 0
        done = p == goal
        for i in range(seq.shape[0]):
            if i == skip:
                continue
            p = steps[c, p, seq[i]]
            if p == goal:
                done = True
                break
        if not done:
            return False, c
    return True, first


@kernel
def _times(steps, seq, goal):
    """How many moves bring each class to the goal (a large number: never)."""
    out = np.full(steps.shape[0], 1 << 30, dtype=np.int64)
    for c in range(steps.shape[0]):
        p = 0
        for i in range(seq.shape[0]):
            p = steps[c, p, seq[i]]
            if p == goal:
                out[c] = i + 1
                break
    return out


@kernel
def minimise_kernel(steps, seq, goal, passes):
    """Drop moves, from the last to the first, while every class still reaches the goal;
    repeat `passes` times or until a pass drops nothing.

    Dropping move i only concerns the classes solved at move i or later, and they stay so
    (their moves before i are untouched): so the classes to try for move i are those whose
    time, computed once per pass, exceeds i, a set that only grows as i falls."""
    for _ in range(passes):
        dropped = False
        times = _times(steps, seq, goal)
        order = np.argsort(-times)
        late = 0
        first = -1
        # work on a copy with dropped moves marked, compacted at the end of the pass
        cur = seq.copy()
        for i in range(seq.shape[0] - 1, -1, -1):
            while late < order.size and times[order[late]] > i:
                late += 1
            ok, first = _solves_without(steps, cur, goal, i, order, late, first)
            if ok:
                cur = np.concatenate((cur[:i], cur[i + 1:]))
                dropped = True
        seq = cur
        if not dropped:
            break
    return seq
