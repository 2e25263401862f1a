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
def _walks(steps, seq, goal, start):
    """Each class's cell after every move (int8[classes, moves]; its walker starts at
    `start`) and the index of the move that brings it to the goal (len(seq): never)."""
    k, length = steps.shape[0], seq.shape[0]
    trail = np.empty((k, length), dtype=np.int8)
    times = np.full(k, length, dtype=np.int64)
    for c in range(k):
        p = start[c]
        for j in range(length):
            if p != goal:
                p = steps[c, p, seq[j]]
                if p == goal:
                    times[c] = j
            trail[c, j] = p
    return trail, times


@kernel
def _arrival_without(steps, seq, goal, start, trail, times, dropped, c, i, write):
    """The index of the move that brings class `c` to the goal with move `i` dropped (and
    the moves marked `dropped`), or -1 never: its walk from before move i goes until it
    reaches the goal or meets its old walk (the rest is then the same). With `write`, its
    trail is updated to the new walk."""
    length = seq.shape[0]
    old_arrival = times[c] if times[c] < length else -1
    p = trail[c, i - 1] if i > 0 else start[c]
    if p == goal or steps[c, p, seq[i]] == p:
        return old_arrival  # solved already, or move i does not move it: nothing changes
    if write:
        trail[c, i] = p
    for j in range(i + 1, length):
        if not dropped[j]:
            p = steps[c, p, seq[j]]
        if p == trail[c, j]:
            return old_arrival
        if write:
            trail[c, j] = p
        if p == goal:
            if write:  # it arrives sooner: at the goal from here on
                for t in range(j + 1, length):
                    if trail[c, t] == goal:
                        break
                    trail[c, t] = goal
            return j
    return -1


@kernel
def minimise_kernel(steps, seq, goal, passes, start):
    """Drop moves, from the last to the first, while every class still reaches the goal
    from its cell in `start` (none may start there); repeat `passes` times or until a
    pass drops nothing.

    Dropping move i only concerns the classes not at the goal before move i (their earlier
    moves are untouched), a set that only grows as i falls. Each class's walk is kept
    (`_walks`), so trying a drop re-walks a class only until its new walk meets the old
    one, which in a maze is usually a few moves: a wall stops both the same way."""
    for _ in range(passes):
        length = seq.shape[0]
        trail, times = _walks(steps, seq, goal, start)
        order = np.argsort(-times)
        dropped = np.zeros(length, dtype=np.bool_)
        late = 0
        first = -1
        for i in range(length - 1, -1, -1):
            # a drop at i' only changes the times of classes late at i', so those still
            # to join the late set have the times they started the pass with
            while late < order.size and times[order[late]] >= i:
                late += 1
            ok = first < 0 or _arrival_without(steps, seq, goal, start, trail, times,
                                               dropped, first, i, False) >= 0
            for j in range(late):
                if not ok:
                    break
                c = order[j]
                if _arrival_without(steps, seq, goal, start, trail, times, dropped, c, i,
                                    False) < 0:
                    ok, first = False, c
            if ok:
                for j in range(late):
                    c = order[j]
                    times[c] = _arrival_without(steps, seq, goal, start, trail, times,
                                                dropped, c, i, True)
                dropped[i] = True
        if not dropped.any():
            break
        seq = seq[~dropped].copy()
    return seq
