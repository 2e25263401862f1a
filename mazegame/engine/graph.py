"""Any puzzle as a directed graph in CSR form, and the graph kernels that need no geometry.

`indptr[v]:indptr[v+1]` slices `indices` to the successors of state v. Mazes become CSR
through `step`, so wrap-around and one-way doors are honoured by every graph kernel.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mazegame.engine.grid import Maze
from mazegame.engine.jit import kernel
from mazegame.engine.trace import AT, FRONTIER, LABEL, MARK, STEP, VISITED, emit, recorded


@dataclass(frozen=True)
class CSR:
    """A directed graph: successors of v are indices[indptr[v]:indptr[v+1]]."""

    indptr: np.ndarray
    indices: np.ndarray

    @property
    def n(self) -> int:
        """Number of vertices (states)."""
        return int(self.indptr.shape[0] - 1)

    def successors(self, v: int) -> np.ndarray:
        """The vertices one edge away from v."""
        return self.indices[self.indptr[v] : self.indptr[v + 1]]

    def reversed(self) -> CSR:
        """The graph with every edge turned around (for searches back from a goal)."""
        return CSR(*_reverse(self.indptr, self.indices))


@kernel
def _maze_csr(walls, wrap_x, wrap_y, solid):
    """The move graph in one row-major pass: a side is a move when its wall bit is clear,
    the cell beyond it exists (or wraps) and neither cell is rock; successors in N, E, S, W
    order, as `step_kernel` would find them (a move that lands where it started is none)."""
    h, w = walls.shape
    n = h * w
    flat = walls.reshape(n)
    rock = solid.shape[0] > 0
    stone = solid.reshape(solid.size)
    indptr = np.empty(n + 1, dtype=np.int64)
    indices = np.empty(4 * n + 4, dtype=np.int32)  # + 4: the last cell writes all four
    indptr[0] = 0
    k = 0
    for r in range(h):
        up = (r - 1) * w if r > 0 else ((h - 1) * w if wrap_y else -1)
        down = (r + 1) * w if r < h - 1 else (0 if wrap_y else -1)
        row = r * w
        for c in range(w):
            cell = row + c
            bits = flat[cell]
            # Branch-free: each side writes its neighbour and counts it only when it is a
            # move (wall bits are random, so branches on them mispredict half the time).
            north = up + c if up >= 0 else cell
            east = cell + 1 if c < w - 1 else (row if wrap_x else cell)
            south = down + c if down >= 0 else cell
            west = cell - 1 if c > 0 else (row + w - 1 if wrap_x else cell)
            if rock:
                if stone[cell]:
                    bits = 15
                north = cell if stone[north] else north
                east = cell if stone[east] else east
                south = cell if stone[south] else south
                west = cell if stone[west] else west
            indices[k] = north
            k += (bits & 1 == 0) & (north != cell)
            indices[k] = east
            k += (bits & 2 == 0) & (east != cell)
            indices[k] = south
            k += (bits & 4 == 0) & (south != cell)
            indices[k] = west
            k += (bits & 8 == 0) & (west != cell)
            indptr[cell + 1] = k
    return indptr, indices[:k].copy()


@kernel
def _maze_csr_reversed(walls, wrap_x, wrap_y, solid):
    """The reversed move graph in one pass: the cells a move leads *from* into each cell,
    in increasing order with repeats, exactly as `_reverse` of the move graph lists them."""
    h, w = walls.shape
    n = h * w
    flat = walls.reshape(n)
    rock = solid.shape[0] > 0
    stone = solid.reshape(solid.size)
    indptr = np.empty(n + 1, dtype=np.int64)
    indices = np.empty(4 * n + 4, dtype=np.int32)
    found = np.empty(4, dtype=np.int32)
    indptr[0] = 0
    k = 0
    for r in range(h):
        up = (r - 1) * w if r > 0 else ((h - 1) * w if wrap_y else -1)
        down = (r + 1) * w if r < h - 1 else (0 if wrap_y else -1)
        row = r * w
        for c in range(w):
            cell = row + c
            m = 0
            if not (rock and stone[cell]):
                # the cell beyond side d comes in through its own side d ^ 2
                for d in range(4):
                    if d == 0:
                        u = up + c if up >= 0 else -1
                    elif d == 1:
                        u = cell + 1 if c < w - 1 else (row if wrap_x else -1)
                    elif d == 2:
                        u = down + c if down >= 0 else -1
                    else:
                        u = cell - 1 if c > 0 else (row + w - 1 if wrap_x else -1)
                    if u >= 0 and u != cell and (flat[u] >> (d ^ 2)) & 1 == 0 and not (
                            rock and stone[u]):
                        i = m  # insertion into the sorted few found so far
                        while i > 0 and found[i - 1] > u:
                            found[i] = found[i - 1]
                            i -= 1
                        found[i] = u
                        m += 1
            for i in range(m):
                indices[k + i] = found[i]
            k += m
            indptr[cell + 1] = k
    return indptr, indices[:k].copy()


@kernel
def _reverse(indptr, indices):
    n = indptr.shape[0] - 1
    counts = np.zeros(n + 1, dtype=np.int64)
    for j in range(indices.shape[0]):
        counts[indices[j] + 1] += 1
    rptr = np.cumsum(counts)
    fill = rptr[:-1].copy()
    rind = np.empty(indices.shape[0], dtype=np.int32)
    for v in range(n):
        for j in range(indptr[v], indptr[v + 1]):
            u = indices[j]
            rind[fill[u]] = v
            fill[u] += 1
    return rptr, rind


def maze_graph(maze: Maze) -> CSR:
    """The maze's move graph (edges are the moves `step` allows; parallel moves merge).
    A maze on a board (`engine.board_maze.BoardMaze`) gives its own."""
    if not isinstance(maze, Maze):
        return maze.graph()
    return CSR(*_maze_csr(maze.walls, maze.wrap_x, maze.wrap_y, maze.rock))


def maze_graph_reversed(maze: Maze) -> CSR:
    """`maze_graph(maze).reversed()` built straight from the walls, in one pass: the moves
    into each cell, for searches back from a goal."""
    if not isinstance(maze, Maze):
        return maze.graph().reversed()
    return CSR(*_maze_csr_reversed(maze.walls, maze.wrap_x, maze.wrap_y, maze.rock))


@kernel
def seeded(n, sources):
    """A search's start: distances (-1, the sources 0), parents (-1) and the queue holding
    each source once; returns (dist, parent, queue, tail)."""
    dist = np.full(n, -1, dtype=np.int32)
    parent = np.full(n, -1, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    tail = 0
    for s in sources:
        if dist[s] < 0:
            dist[s] = 0
            queue[tail] = s
            tail += 1
    return dist, parent, queue, tail


@kernel
def _label_levels(indptr, indices, dist, parent, queue, tail, record, buf, k):
    """The BFS loop: label everything reachable from queue[:tail] (labelled 0), a level at
    a time, with its distance and (unless `parent` is empty) its parent; returns (tail, k).

    With `record`, emits Suits' labelling as a trace: each cell is marked frontier when it
    gets its label and visited when it is expanded, each level begins with STEP 2 (label
    the next level) and ends with STEP 3 (was anything labelled?), the steps of the BFS
    solvers' lists. The queue is walked level by level, so a cell's label is the level's
    number, not a read of its parent's label.
    """
    parents = parent.shape[0] > 0
    head = 0
    level = 0
    while head < tail:
        level += 1
        end = tail
        if record:
            k = emit(buf, k, STEP, -1, 2)
        for i in range(head, end):
            v = queue[i]
            if record:
                k = emit(buf, k, AT, v, 0)
                k = emit(buf, k, MARK, v, VISITED)
            for j in range(indptr[v], indptr[v + 1]):
                u = indices[j]
                if dist[u] < 0:
                    dist[u] = level
                    if parents:
                        parent[u] = v
                    queue[tail] = u
                    tail += 1
                    if record:
                        k = emit(buf, k, LABEL, u, level)
                        k = emit(buf, k, MARK, u, FRONTIER)
        head = end
        if record:
            k = emit(buf, k, STEP, -1, 3)
    return tail, k


@kernel
def bfs_kernel(indptr, indices, sources, record, buf):
    """Breadth-first labelling from `sources` (distinct cells, all at distance 0): distances
    (-1 unreached), BFS parents (-1 for the sources) and, with `record`, the trace (the
    sources' labels are step 1 of the BFS solvers' lists)."""
    dist, parent, queue, tail = seeded(indptr.shape[0] - 1, sources)
    k = 0
    if record:
        k = emit(buf, k, STEP, -1, 1)
        for i in range(tail):
            k = emit(buf, k, LABEL, queue[i], 0)
            k = emit(buf, k, MARK, queue[i], FRONTIER)
    _, k = _label_levels(indptr, indices, dist, parent, queue, tail, record, buf, k)
    return dist, parent, buf[:k]


@kernel
def bfs_into(indptr, indices, source, dist, queue):
    """BFS distances from `source` written into `dist` (-1 unreached), using `queue` as
    scratch; no parents and no trace, for kernels that search in a loop. Returns how many
    states it reached; `queue[:reached]` lists them in order of distance."""
    dist[:] = -1
    dist[source] = 0
    queue[0] = source
    no_parents = np.empty(0, dtype=np.int32)
    no_events = np.empty((0, 3), dtype=np.int32)
    return _label_levels(indptr, indices, dist, no_parents, queue, 1, False, no_events, 0)[0]


@kernel
def walk_back(parent, target):
    """The cells from the root of `target`'s parent chain down to `target` (int32)."""
    length = 1
    v = target
    while parent[v] >= 0:
        v = parent[v]
        length += 1
    path = np.empty(length, dtype=np.int32)
    v = target
    for i in range(length - 1, -1, -1):
        path[i] = v
        v = parent[v]
    return path


def bfs(graph: CSR, source, record: bool = False):
    """(dist, parent, events) of a BFS from `source` (a cell, or several distinct cells at
    once); events is empty unless recording."""
    sources = np.atleast_1d(np.asarray(source, dtype=np.int64))
    return recorded(lambda buf: bfs_kernel(graph.indptr, graph.indices, sources, record, buf),
                    record, 6 * graph.n + 2, lambda result: result[2])  # 4 a cell, 2 a level


def path_to(dist: np.ndarray, parent: np.ndarray, target: int) -> list[int]:
    """Cells from the BFS source to `target` by following parents ([] if unreached)."""
    if dist[target] < 0:
        return []
    return walk_back(parent, int(target)).tolist()
