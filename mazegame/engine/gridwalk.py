"""Breadth-first search as a walk that never turns back and never asks "seen?".

A BFS over a maze's grid (`gridbfs`) spends most of its time on branches it cannot
predict: how many of a cell's sides are moves. In a maze without loops a search that never
turns back the way it came reaches each cell once, so it need not ask whether a cell is new:
each cell queues the cells beyond all its sides, moves or not, and counts only the moves (no
branch). If a cell is reached twice (a loop, or a cell two ways from the sources) the walk
stops and says so, and the caller searches again the usual way. A walk that reaches no cell
twice has one way to each cell, so its labels, parents and meeting are the usual search's.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.jit import kernel

#: A queue entry: cell * 16 + the index into `walk_steps` of the way back to the cell it
#: came from (side * 2, + 1 when that way wraps round the maze), or FROM_SOURCE.
FROM_SOURCE = 8
#: The order cells are queued in, two bits a side: N, E, S, W (`gridbfs._expand_own`'s
#: order forwards), or N, W, E, S (in increasing cell order: its order backwards).
SIDES_IN_ORDER = 0b11100100
SIDES_IN_CELL_ORDER = 0b10011100


@kernel
def walk_steps(w, n):
    """The step to the cell beyond each side (N, E, S, W), straight then round the maze."""
    return np.array([-w, n - w, 1, 1 - w, w, w - n, -1, w - 1], dtype=np.int64)


@kernel
def queue_beyond(sides, steps, order, entry, queue, tail):
    """Queue the cells beyond every side of the entry's cell but the way back, whether
    they are moves or not, in `order`; returns the tail moved on by the moves only."""
    v = entry >> 4
    bits = np.int64(sides[v])
    moves = bits & ~(1 << (entry >> 1 & 7))  # not back the way it came
    for k in range(4):
        d = order >> (2 * k) & 3
        round_the_maze = bits >> (d + 4) & 1
        queue[tail] = (v + steps[2 * d + round_the_maze]) * 16 + (2 * d ^ 4) + round_the_maze
        tail += moves >> d & 1
    return tail


@kernel
def _walk_queue(n, sources):
    """A queue holding the sources, with room for the four entries past n that the last
    cell may write; returns (queue, tail)."""
    queue = np.empty(n + 4, dtype=np.int32)
    for i in range(sources.shape[0]):
        queue[i] = sources[i] * 16 + FROM_SOURCE
    return queue, sources.shape[0]


@kernel
def tree_bfs(sides, w, sources):
    """BFS from `sources` by the walk, each cell labelled as it leaves the queue (not read
    first: a cell reached twice shows as fewer cells labelled than left the queue): (dist,
    parent, True), or (dist, parent, False) when some cell was reached twice (the labels
    are then wrong)."""
    n = sides.shape[0]
    steps = walk_steps(w, n)
    dist = np.full(n, -1, dtype=np.int32)
    parent = np.empty(n, dtype=np.int32)
    queue, tail = _walk_queue(n, sources)
    i, label, level_end = 0, 0, tail
    while i < tail:
        if i == level_end:
            label += 1
            level_end = tail
        if tail > n:  # more entries than cells: some cell is in the queue twice
            return dist, parent, False
        entry = np.int64(queue[i])
        i += 1
        v, back = entry >> 4, entry & 15
        dist[v] = label
        parent[v] = v + steps[back] if back < FROM_SOURCE else -1
        tail = queue_beyond(sides, steps, SIDES_IN_ORDER, entry, queue, tail)
    reached = 0  # as many cells labelled as left the queue: none was reached twice
    for v in range(n):
        if dist[v] < 0:
            parent[v] = -1  # never reached
        else:
            reached += 1
    return dist, parent, reached == i


@kernel
def _walk_start(n, sources, seen, side):
    """(dist, parent, queue, tail) with the sources labelled 0 and marked `side` in `seen`;
    tail -1 when a source is given twice (the usual search takes it once)."""
    dist = np.full(n, -1, dtype=np.int32)
    parent = np.full(n, -1, dtype=np.int32)
    queue, tail = _walk_queue(n, sources)
    for s in sources:
        if seen[s] & side:
            return dist, parent, queue, -1
        seen[s] |= side
        dist[s] = 0
    return dist, parent, queue, tail


@kernel
def _walk_level(sides, steps, order, seen, side, dist, parent, other, queue, head, tail):
    """Queue and label the level after queue[head:tail] for `side` (1: from the start, 2:
    from the goals; `seen` holds each cell's sides: a byte, where the labels would take four
    and miss the cache); returns (its bounds, the best meeting with the `other` side's
    labels: length and cell, -1 if none). The bounds are (-1, -1) when a cell was reached
    twice, or, in cell order, on a move round the maze (whose cells `_expand_own` sorts:
    left to it)."""
    n = sides.shape[0]
    end = tail
    for i in range(head, end):
        entry = np.int64(queue[i])
        if tail > n or (order == SIDES_IN_CELL_ORDER and sides[entry >> 4] >> 4):
            return -1, -1, -1, -1
        tail = queue_beyond(sides, steps, order, entry, queue, tail)
    best, meet = -1, -1
    label = dist[queue[head] >> 4] + 1 if head < end else 0
    for i in range(end, tail):
        entry = np.int64(queue[i])
        u = entry >> 4
        sides_there = seen[u]
        if sides_there & side:  # reached again: a loop, or a cell two ways from the sources
            return -1, -1, -1, -1
        seen[u] = sides_there | side
        dist[u] = label
        parent[u] = u + steps[entry & 15]
        if sides_there and (best < 0 or label + other[u] < best):
            best, meet = label + other[u], u
    return end, tail, best, meet


@kernel
def tree_bidirectional(sides, w, start, goal_cells):
    """`gridbfs.bidirectional_sides` by two walks, a level at a time: (meeting cell or -1,
    forward dist, forward parent, backward dist, backward parent, whether no cell was
    reached twice). For a maze whose doors all open both ways (the backward walk takes
    each cell's moves out as its moves in)."""
    n = sides.shape[0]
    steps = walk_steps(w, n)
    seen = np.zeros(n, dtype=np.uint8)
    df, pf, qf, tf = _walk_start(n, np.full(1, start, dtype=np.int64), seen, 1)
    db, pb, qb, tb = _walk_start(n, goal_cells, seen, 2)
    if tb < 0:
        return -1, df, pf, db, pb, False
    if db[start] == 0:
        return start, df, pf, db, pb, True
    hf, hb, meet = 0, 0, -1
    while hf < tf and hb < tb:
        if tf - hf <= tb - hb:
            hf, tf, _, meet = _walk_level(sides, steps, SIDES_IN_ORDER, seen, 1, df, pf, db,
                                          qf, hf, tf)
        else:
            hb, tb, _, meet = _walk_level(sides, steps, SIDES_IN_CELL_ORDER, seen, 2, db, pb,
                                          df, qb, hb, tb)
        if tf < 0 or tb < 0:
            return -1, df, pf, db, pb, False
        if meet >= 0:
            break
    return meet, df, pf, db, pb, True
