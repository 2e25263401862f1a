"""Connection matrices M^1, M^i, M^c, the minimum distance matrix M^d and the solution
matrix M^s (Suits, Playing With Mazes, sections 2.3 and 4).

Cells are numbered row-major from 0 (Suits counts from 1). Row i is "from cell i", column j
"to cell j", so with one-way doors the matrices need not be symmetric.

- M^1, the connection matrix: M^1[i, j] = 1 when one move leads from i to j, and
  M^1[i, i] = 1 (the traveller may stay put). Solid cells connect only to themselves.
- M^i = M^1 multiplied by itself i times: M^i[i, j] counts the ways to get from i to j in
  i moves, staying put allowed, so it is nonzero exactly when j lies within i moves of i.
  Counts are float64: exact up to 2**53, approximate beyond, and the zero pattern is exact.
- M^c, the complete connection matrix: the first power M^c (1 <= c <= n-1) with no zero
  entry. It exists iff every cell can reach every other; then c is the largest distance.
- M^d, the minimum distance matrix: M^d[i, j] = fewest moves from i to j; 0 on the
  diagonal; -1 when j cannot be reached from i (Suits' mazes are connected and have none).
  Suits' method reads it off the powers: M^d[i, j] = the first i with M^i[i, j] != 0.
  The BFS method runs a breadth-first search from every cell (numba); both agree.
- M^s, the solution matrix for a goal g (Suits 4.2): start with every entry -1; for every
  cell i != g and every neighbour k of i (M^d[i, k] == 1) that is closer to the goal
  (M^d[k, g] < M^d[i, g]) set M^s[i, k] = M^d[i, g]; finally M^s[g, g] = 0. So a cell's
  row marks exactly the neighbours that take one step closer to g, each holding the
  cell's own distance to g; a row of -1 means g cannot be reached from that cell. Cells
  from which g is unreachable (M^d[., g] == -1) count as infinitely far: they are never
  marked as a step closer, and their rows stay -1. A demon standing in cell i moves to any
  k with k != i and M^s[i, k] >= 0; `solution_moves` gives the same information per cell as
  a bitmask of directions, without the n x n matrix.

The matrix method costs n^3 per power and up to n powers, so it is refused above
MATRIX_METHOD_MAX_CELLS cells; the BFS method is refused above ALL_PAIRS_MAX_CELLS (the n x n
result alone takes 4 n^2 bytes).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from mazegame.engine.graph import bfs, bfs_into, maze_graph, maze_graph_reversed
from mazegame.engine.grid import Maze, step_kernel
from mazegame.engine.jit import kernel

MATRIX_METHOD_MAX_CELLS = 256  #: 16x16: about n powers of an n x n matrix stay under a second
ALL_PAIRS_MAX_CELLS = 10_000  #: 100x100: M^d then takes 400 MB
UNREACHABLE = -1


def check_cells(maze: Maze, limit: int, method: str) -> None:
    """Refuse a maze too big for a method, with a message saying what would work."""
    if maze.size > limit:
        raise ValueError(
            f"the {method} handles at most {limit} cells; this maze has {maze.size} "
            f"({maze.width}x{maze.height})"
        )


# -- Suits' matrix method -------------------------------------------------------------
def connection_matrix(maze: Maze) -> np.ndarray:
    """M^1 as float64[n, n]: 1 where one move (or staying put) leads from row to column."""
    check_cells(maze, MATRIX_METHOD_MAX_CELLS, "matrix method")
    graph = maze_graph(maze)
    m1 = np.eye(maze.size, dtype=np.float64)
    rows = np.repeat(np.arange(graph.n), np.diff(graph.indptr))
    m1[rows, graph.indices] = 1.0
    return m1


def powers(m1: np.ndarray, upto: int | None = None) -> Iterator[np.ndarray]:
    """M^1, M^2, ... M^upto (default n-1, and at least M^1)."""
    n = m1.shape[0]
    upto = max(1, n - 1) if upto is None else upto
    mi = m1
    for i in range(1, upto + 1):
        yield mi
        if i < upto:
            mi = mi @ m1


def complete_connection(m1: np.ndarray) -> tuple[int, np.ndarray] | None:
    """(c, M^c): the first power with no zero entry, or None when the maze is not connected."""
    for i, mi in enumerate(powers(m1), start=1):
        if np.all(mi != 0):
            return i, mi
    return None


def connection_powers(m1: np.ndarray) -> tuple[list[np.ndarray], int | None]:
    """([M^1 .. M^c], c); when some cell cannot reach another, ([M^1 .. M^(n-1)], None)."""
    mats = []
    for mi in powers(m1):
        mats.append(mi)
        if np.all(mi != 0):
            return mats, len(mats)
    return mats, None


class PowerTable:
    """M^1 .. M^top (top = c, or n-1 when some cell cannot reach another) without holding
    them all: every KEEP_EVERY-th power is kept, and `power(i)` multiplies up from the kept
    one below (or from the last one asked for). All 255 powers of a 256-cell maze would
    take 134 MB; one in eight, 17 MB, and any power is at most seven products away.

    Building runs the products once, calling `progress(i, top)` after each (a worker shows
    it) and stopping early, with `cancelled` True, when `stop()` says so.
    """

    KEEP_EVERY = 8

    def __init__(self, m1: np.ndarray, progress=None, stop=None) -> None:
        n = m1.shape[0]
        self.m1 = m1
        self.complete: int | None = None
        self.cancelled = False
        self._kept = {1: m1}
        limit = max(1, n - 1)
        i, mi = 1, m1
        while not np.all(mi != 0) and i < limit:
            if stop is not None and stop():
                self.cancelled = True
                break
            mi, i = mi @ m1, i + 1
            if i % self.KEEP_EVERY == 0:
                self._kept[i] = mi
            if progress is not None:
                progress(i, limit)
        if np.all(mi != 0):
            self.complete = i
        self.top = i
        self._kept[i] = mi
        self._last = (i, mi)

    def __len__(self) -> int:
        return self.top

    def power(self, i: int) -> np.ndarray:
        """M^i for 1 <= i <= top."""
        if not 1 <= i <= self.top:
            raise IndexError(f"power {i} is outside 1..{self.top}")
        base = max(k for k in self._kept if k <= i)
        if base < self._last[0] <= i:
            base = self._last[0]
        mi = self._last[1] if base == self._last[0] else self._kept[base]
        for _ in range(i - base):
            mi = mi @ self.m1
        self._last = (i, mi)
        return mi


def distance_matrix_by_powers(m1: np.ndarray) -> np.ndarray:
    """M^d by Suits 4.1: an entry gets the number of the first power in which it is nonzero."""
    n = m1.shape[0]
    md = np.full((n, n), UNREACHABLE, dtype=np.int32)
    np.fill_diagonal(md, 0)
    for i, mi in enumerate(powers(m1), start=1):
        md[(md == UNREACHABLE) & (mi != 0)] = i
        if not np.any(md == UNREACHABLE):
            break  # this power is M^c: nothing new can appear
    return md


# -- the BFS method ---------------------------------------------------------------------
@kernel
def _all_pairs_rows(indptr, indices, md, first, last):
    """Rows first..last-1 of M^d: one BFS per source, written straight into its row."""
    queue = np.empty(indptr.shape[0] - 1, dtype=np.int32)
    for source in range(first, last):
        bfs_into(indptr, indices, source, md[source], queue)


def distance_matrix(maze: Maze) -> np.ndarray:
    """M^d by a breadth-first search from every cell, the sources shared among the cores.

    The kernel is nogil, so plain threads run the blocks side by side (numba's own
    `prange` would start an OpenMP pool, which a later fork, as the bench makes, kills).
    """
    check_cells(maze, ALL_PAIRS_MAX_CELLS, "all-pairs BFS")
    graph = maze_graph(maze)
    n = graph.n
    md = np.empty((n, n), dtype=np.int32)
    workers = min(os.cpu_count() or 1, 8)
    if workers == 1 or n < 256:  # a small table: threads would cost more than they save
        _all_pairs_rows(graph.indptr, graph.indices, md, 0, n)
        return md
    # a few blocks per thread, so that a thread slowed by another process holds up no one
    bounds = np.linspace(0, n, 4 * workers + 1).astype(int)
    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(lambda i: _all_pairs_rows(graph.indptr, graph.indices, md,
                                                int(bounds[i]), int(bounds[i + 1])),
                      range(len(bounds) - 1)))
    return md


# -- the solution matrix --------------------------------------------------------------
def solution_matrix(md: np.ndarray, goal: int) -> np.ndarray:
    """M^s for `goal` from a distance matrix M^d, exactly as Suits 4.2 (see the module doc)."""
    n = md.shape[0]
    to_goal = md[:, goal]
    ms = np.full((n, n), UNREACHABLE, dtype=np.int32)
    known = to_goal >= 0
    closer = (
        (md == 1)
        & known[None, :]  # k reaches the goal ...
        & (to_goal[None, :] < to_goal[:, None])  # ... in fewer moves than i
    )
    closer[goal, :] = False
    ms[closer] = np.broadcast_to(to_goal[:, None], (n, n))[closer]
    ms[goal, goal] = 0
    return ms


def solution_descent(ms: np.ndarray, cell: int, goal: int) -> list[int]:
    """The cells M^s leads through from `cell` to `goal` (`cell` left out), always to the
    first marked entry of the row; it stops where a row marks nothing (goal unreachable)."""
    path: list[int] = []
    while cell != goal and len(path) < ms.shape[0]:
        closer = [k for k in np.flatnonzero(ms[cell] >= 0) if k != cell]
        if not closer:
            break
        cell = int(closer[0])
        path.append(cell)
    return path


@kernel
def _closer_moves(walls, wrap_x, wrap_y, solid, to_goal):
    h, w = walls.shape
    moves = np.zeros(h * w, dtype=np.uint8)
    for cell in range(h * w):
        if to_goal[cell] <= 0:
            continue
        for d in range(4):
            nxt = step_kernel(walls, wrap_x, wrap_y, solid, cell, d)
            if nxt != cell and 0 <= to_goal[nxt] < to_goal[cell]:
                moves[cell] |= np.uint8(1 << d)
    return moves.reshape(h, w)


def solution_moves(maze: Maze, goal: int) -> tuple[np.ndarray, np.ndarray]:
    """The rows of M^s without the matrix: (moves uint8[h, w], distance int32[n]).

    Bit d of moves[r, c] is set when a step through side d takes the cell one move closer
    to `goal`, i.e. when M^s[cell, step(cell, d)] >= 0; distance is the column M^d[:, goal].
    One BFS on the reversed move graph, so it suits mazes of any size.
    """
    to_goal, _, _ = bfs(maze_graph_reversed(maze), int(goal))
    return _closer_moves(maze.walls, maze.wrap_x, maze.wrap_y, maze.rock, to_goal), to_goal


def format_matrix(matrix: np.ndarray) -> str:
    """A matrix as aligned text with Suits' 1-based cell numbers along the top and left."""
    n = matrix.shape[0]

    def cell(v) -> str:
        v = float(v)
        return str(int(v)) if v.is_integer() and abs(v) < 2**53 else f"{v:.3g}"

    rows = [[str(i + 1)] + [cell(v) for v in matrix[i]] for i in range(n)]
    header = [""] + [str(j + 1) for j in range(n)]
    width = max(len(text) for row in [header, *rows] for text in row)
    return "\n".join(" ".join(text.rjust(width) for text in row) for row in [header, *rows])
