"""Any puzzle as a directed graph in CSR form, and the graph kernels that need no geometry.

`indptr[v]:indptr[v+1]` slices `indices` to the successors of state v. Mazes become CSR
through `step`, so wrap-around and one-way doors are honoured by every graph kernel.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mazegame.engine.grid import Maze, step_kernel
from mazegame.engine.jit import kernel
from mazegame.engine.trace import AT, FRONTIER, LABEL, MARK, VISITED, emit, recorded


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
    h, w = walls.shape
    n = h * w
    indptr = np.zeros(n + 1, dtype=np.int64)
    indices = np.empty(4 * n, dtype=np.int32)
    k = 0
    for cell in range(n):
        if not (solid.shape[0] > 0 and solid[cell // w, cell % w]):
            for d in range(4):
                nxt = step_kernel(walls, wrap_x, wrap_y, solid, cell, d)
                if nxt != cell:
                    indices[k] = nxt
                    k += 1
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
    """The maze's move graph (edges are the moves `step` allows; parallel moves merge)."""
    return CSR(*_maze_csr(maze.walls, maze.wrap_x, maze.wrap_y, maze.rock))


@kernel
def bfs_kernel(indptr, indices, source, record, buf):
    """Breadth-first labelling from `source`: distances (-1 unreached) and BFS parents.

    With `record`, emits Suits' labelling as a trace: each cell is marked frontier when it
    gets its label and visited when it is expanded.
    """
    n = indptr.shape[0] - 1
    dist = np.full(n, -1, dtype=np.int32)
    parent = np.full(n, -1, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    k = 0
    dist[source] = 0
    queue[0] = source
    head, tail = 0, 1
    if record:
        k = emit(buf, k, LABEL, source, 0)
        k = emit(buf, k, MARK, source, FRONTIER)
    while head < tail:
        v = queue[head]
        head += 1
        if record:
            k = emit(buf, k, AT, v, 0)
            k = emit(buf, k, MARK, v, VISITED)
        for j in range(indptr[v], indptr[v + 1]):
            u = indices[j]
            if dist[u] < 0:
                dist[u] = dist[v] + 1
                parent[u] = v
                queue[tail] = u
                tail += 1
                if record:
                    k = emit(buf, k, LABEL, u, dist[u])
                    k = emit(buf, k, MARK, u, FRONTIER)
    return dist, parent, buf[:k]


@kernel
def bfs_into(indptr, indices, source, dist, queue):
    """BFS distances from `source` written into `dist` (-1 unreached), using `queue` as
    scratch; no allocation and no trace, for kernels that search in a loop. Returns how
    many states it reached; `queue[:reached]` lists them in order of distance."""
    dist[:] = -1
    dist[source] = 0
    queue[0] = source
    head, tail = 0, 1
    while head < tail:
        v = queue[head]
        head += 1
        for j in range(indptr[v], indptr[v + 1]):
            u = indices[j]
            if dist[u] < 0:
                dist[u] = dist[v] + 1
                queue[tail] = u
                tail += 1
    return tail


def bfs(graph: CSR, source: int, record: bool = False):
    """(dist, parent, events) of a BFS from `source`; events is empty unless recording."""
    return recorded(lambda buf: bfs_kernel(graph.indptr, graph.indices, int(source), record, buf),
                    record, 4 * graph.n, lambda result: result[2])


def path_to(dist: np.ndarray, parent: np.ndarray, target: int) -> list[int]:
    """Cells from the BFS source to `target` by following parents ([] if unreached)."""
    if dist[target] < 0:
        return []
    path = [int(target)]
    while parent[path[-1]] >= 0:
        path.append(int(parent[path[-1]]))
    path.reverse()
    return path

