"""Breadth-first search over a maze's own grid, fast where the maze has no loops.

`graph.bfs` searches any state graph and records the lab's trace. For a maze it is the
fallback: here a search is a walk over one byte a cell of moves (`move_sides`) that never
turns back the way it came and never asks "seen?". In a maze without loops each cell is
then reached once, so each cell queues the cells beyond all its sides, moves or not, and
counts only the moves, without a branch on them. When a cell is reached twice (a loop, or a
cell two ways from the sources) the walk stops and says so, and the search runs again on
the move graph. Where the walk is exact its labels, parents and meeting are the move
graph's (a test checks both on every kind of maze).
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.graph import bfs_kernel, maze_graph_reversed
from mazegame.engine.grid import Maze, two_way
from mazegame.engine.jit import kernel


@kernel
def move_sides(walls, wrap_x, wrap_y, solid):
    """One byte a cell: bit d set when side d is a move (to another cell), bit d + 4 when
    that move wraps round the maze (the CSR move graph's rule, `graph._maze_csr`)."""
    h, w = walls.shape
    n = h * w
    flat = walls.reshape(n)
    rock = solid.shape[0] > 0
    if not (rock or wrap_x or wrap_y):
        return _bounded_sides(flat, h, w)
    stone = solid.reshape(solid.size)
    sides = np.zeros(n, dtype=np.uint8)
    for r in range(h):
        up = (r - 1) * w if r > 0 else ((h - 1) * w if wrap_y else -1)
        down = (r + 1) * w if r < h - 1 else (0 if wrap_y else -1)
        row = r * w
        for c in range(w):
            cell = row + c
            if rock and stone[cell]:
                continue
            bits = flat[cell]
            beyond = (up + c if up >= 0 else cell,
                      cell + 1 if c < w - 1 else (row if wrap_x else cell),
                      down + c if down >= 0 else cell,
                      cell - 1 if c > 0 else (row + w - 1 if wrap_x else cell))
            wraps = (r == 0, c == w - 1, r == h - 1, c == 0)
            byte = 0
            for d in range(4):
                nb = beyond[d]
                if bits & (1 << d) or nb == cell or (rock and stone[nb]):
                    continue
                byte |= 1 << d
                if wraps[d]:
                    byte |= 1 << (d + 4)
            sides[cell] = byte
    return sides


@kernel
def _bounded_sides(flat, h, w):
    """`move_sides` of a maze without wrap-around or rock: each open side is a move but
    those off the edge: one pass the compiler vectorises, then the border."""
    sides = np.empty(h * w, dtype=np.uint8)
    for i in range(h * w):
        sides[i] = ~flat[i] & 15
    for c in range(w):
        sides[c] &= 14  # no N off the top row
        sides[(h - 1) * w + c] &= 11  # no S off the bottom row
    for r in range(h):
        sides[r * w] &= 7  # no W off the left column
        sides[r * w + w - 1] &= 13  # no E off the right column
    return sides


@kernel
def side_steps(w, n):
    """The step to the cell beyond each side (N, E, S, W), straight and round the maze."""
    return (np.array([-w, 1, w, -1], dtype=np.int64),
            np.array([n - w, 1 - w, w - n, w - 1], dtype=np.int64))


@kernel
def sides_graph(sides, w):
    """The move graph (CSR) of `move_sides`' bytes, successors in N, E, S, W order as
    `graph.maze_graph` lists them: the walk's fallback, also for bytes that are no maze's
    own (dead-end filling's moves left)."""
    n = sides.shape[0]
    step, wrap = side_steps(w, n)
    indptr = np.empty(n + 1, dtype=np.int64)
    indices = np.empty(4 * n, dtype=np.int32)
    indptr[0] = 0
    k = 0
    for v in range(n):
        bits = sides[v]
        for d in range(4):
            if bits >> d & 1:
                indices[k] = v + (wrap[d] if bits >> (d + 4) & 1 else step[d])
                k += 1
        indptr[v + 1] = k
    return indptr, indices[:k].copy()


#: A queue entry: cell * 16 + the index into `walk_steps` of the way back to the cell it
#: came from (side * 2, + 1 when that way wraps round the maze), or FROM_SOURCE.
FROM_SOURCE = 8
#: The order cells are queued in, two bits a side: N, E, S, W (the move graph's order),
#: or N, W, E, S (in increasing cell order: the reversed move graph's order).
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
    twice, or, in cell order, on a move round the maze (where N, W, E, S is not increasing
    cell order: left to the move graph's search)."""
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
    """`solve.graph_search.bidirectional` by two walks, a level at a time: (meeting cell or -1,
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


def maze_sides(maze: Maze) -> np.ndarray:
    """`move_sides` of a maze."""
    return move_sides(maze.walls, maze.wrap_x, maze.wrap_y, maze.rock)


_NO_EVENTS = np.empty((0, 3), dtype=np.int32)


def bfs_sides(sides: np.ndarray, w: int, sources: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distances (-1 unreached) and BFS parents (-1 for the sources) from `sources` over
    `move_sides`' bytes of a grid `w` cells wide: the walk, else the move graph's BFS."""
    dist, parent, exact = tree_bfs(sides, w, sources)
    if exact:
        return dist, parent
    indptr, indices = sides_graph(sides, w)
    return bfs_kernel(indptr, indices, sources, False, _NO_EVENTS)[:2]


def bfs_maze(maze: Maze, source) -> tuple[np.ndarray, np.ndarray]:
    """(dist, parent) of a BFS over the maze's moves from `source` (a cell, or several
    distinct cells at once), as `graph.bfs(maze_graph(maze), source)` gives them."""
    sources = np.atleast_1d(np.asarray(source, dtype=np.int64))
    return bfs_sides(maze_sides(maze), maze.width, sources)


def bfs_maze_reversed(maze: Maze, source) -> tuple[np.ndarray, np.ndarray]:
    """(dist, parent) of a BFS towards `source` (a cell or several) over the maze's moves
    taken backwards, as `graph.bfs(maze_graph_reversed(maze), source)` gives them. Where
    every door opens both ways the moves into a cell are its moves out, so the walk serves."""
    sources = np.atleast_1d(np.asarray(source, dtype=np.int64))
    if two_way(maze.walls, maze.wrap_x, maze.wrap_y):
        dist, parent, exact = tree_bfs(maze_sides(maze), maze.width, sources)
        if exact:
            return dist, parent
    back = maze_graph_reversed(maze)
    return bfs_kernel(back.indptr, back.indices, sources, False, _NO_EVENTS)[:2]
