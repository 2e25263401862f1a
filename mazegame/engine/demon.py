"""The demon: a computer opponent that chases a target cell with Suits' solution matrix M^s.

Suits 4.2: "As long as the demon knows the identity of the cell its prey is presently in, it
can consult the proper M^s and make the most efficient move towards it. ... Either the
specific M^s is calculated as needed, or else all of them are calculated, stored and
consulted later on as required." `DemonBrain` does both:

- **on-demand**: the M^s column for the target is a breadth-first search from the target on
  the *reversed* move graph (distances *to* the target along moves the demon can make, so
  one-way doors and wrap-around are honoured). The search is resumable and stops as soon
  as it labels the demon's cell: every cell one move closer is labelled by then (BFS
  labels level by level), so a decision costs only the ball around the target that reaches
  the demon. Searches are cached per target in a few slots, so the next decision (the
  demon one step closer, the target unchanged) costs nothing.
- **all-pairs**: a next-move table `uint8[n, n]` (row = target, column = demon's cell,
  value = direction or NO_MOVE), built once with one BFS per target, when n*n bytes fit
  the memory budget.

In a perfect maze (a tree of two-way doors) the route is unique, so the on-demand brain
needs no search at all: one depth-first pass on its first decision gives every cell its
parent and subtree interval, and "the first step from A towards B" is the child of A whose
interval holds B, or else A's parent: O(1) however far apart they are.

Cost elsewhere: an on-demand decision searches the cells nearer the target than the demon, so it
takes microseconds while the demon is near (the chase itself), and a search of the whole
maze when it is across it (tens of ms at 1000x1000: `mazegame bench --only demon`); the
kernels are nogil, so a UI can run a far demon's move in a worker thread. In a maze of over
STALE_CELLS cells a demon at least FAR moves away keeps steering by its search towards where
the target was while the target stays within DRIFT moves of it: one search per DRIFT of the
player's moves instead of one per step (its moves there may differ from the table's; every
decision nearer, and every maze up to STALE_CELLS, is exact).

Both read the same rule off the same distances: the first direction in compass order N, E,
S, W whose step lands on a cell one move closer (`first_closer`), i.e. the lowest set bit
of the cell's row of M^s as `matrices.solution_moves` gives it. So they make identical
moves. Moves come from a table (`moves_of`) built with the one movement rule: the square's
`step_kernel`, or on a board (`engine.board_maze`) `board_step`, one column a side in the
board's slot order; every kernel here reads as many sides as the table has columns.

The personalities that use the brain (the `PERSONALITIES` registry) live in
`mazegame.engine.personalities`.
"""

from __future__ import annotations

import time
from collections import OrderedDict

import numpy as np

from mazegame.engine.board_maze import board_step
from mazegame.engine.graph import maze_graph_reversed
from mazegame.engine.grid import Maze, step_kernel
from mazegame.engine.jit import kernel

NO_MOVE = 255  #: table entry: at the target, or the target cannot be reached
STAY = -1  #: a decision to stand still
DEFAULT_BUDGET = 16 * 2**20  #: bytes the all-pairs table may take (16 MiB: up to 64x64)
SEARCH_SLOTS = 3  #: cached on-demand searches (the player, a goal, one spare)
#: In mazes of more cells than this, a far demon steers by a search towards where its
#: target was, while the target is at most DRIFT moves from there and the demon at least
#: FAR moves away: a fresh search of a maze this big costs milliseconds at every step.
STALE_CELLS = 256 * 256
DRIFT = 8
FAR = 16 * DRIFT


# -- kernels ----------------------------------------------------------------------------------
@kernel
def move_table(walls, wrap_x, wrap_y, solid):
    """int32[n, 4]: where `step_kernel` takes each cell in each direction (itself if blocked)."""
    h, w = walls.shape
    moves = np.empty((h * w, 4), dtype=np.int32)
    for cell in range(h * w):
        for d in range(4):
            moves[cell, d] = step_kernel(walls, wrap_x, wrap_y, solid, cell, d)
    return moves


@kernel
def board_move_table(links, doors):
    """int32[n, sides]: where `board_step` takes each cell through each side (itself if
    shut or if no cell is beyond)."""
    n, k = links.shape
    moves = np.empty((n, k), dtype=np.int32)
    for cell in range(n):
        for d in range(k):
            moves[cell, d] = board_step(links, doors, cell, d)
    return moves


def moves_of(maze) -> np.ndarray:
    """The move table of a square `Maze` or of a `BoardMaze`: where each cell's sides lead."""
    if hasattr(maze, "walls"):
        return move_table(maze.walls, maze.wrap_x, maze.wrap_y, maze.rock)
    return board_move_table(maze.board.links, maze.doors)


def opposite_sides(maze) -> np.ndarray:
    """int64[sides]: the side facing back across each side (N<->S, E<->W on the square)."""
    if hasattr(maze, "walls"):
        return np.array([2, 3, 0, 1], dtype=np.int64)
    return maze.opposite


@kernel
def first_closer(moves, dist, cell):
    """The demon's move by M^s: the first direction (N, E, S, W) that lands one move closer
    to the search's source, or STAY when `cell` is the source or cannot reach it.

    `dist` holds distances to the source (-1 unlabelled); "closer" is M^s's test
    0 <= dist[next] < dist[cell].
    """
    here = dist[cell]
    if here <= 0:
        return STAY
    for d in range(moves.shape[1]):
        nxt = moves[cell, d]
        if nxt != cell and 0 <= dist[nxt] < here:
            return d
    return STAY


@kernel
def grow(indptr, indices, dist, queue, head, tail, target, limit):
    """Resume a BFS (state: dist, queue[head:tail]) until `target` is labelled (target < 0:
    never), the next cell to expand is `limit` moves out, or the search is complete.

    Afterwards every cell within `limit` moves is labelled, or `target` is. Returns the new
    (head, tail).
    """
    while head < tail and (target < 0 or dist[target] < 0):
        v = queue[head]
        if dist[v] >= limit:
            break
        head += 1
        for j in range(indptr[v], indptr[v + 1]):
            u = indices[j]
            if dist[u] < 0:
                dist[u] = dist[v] + 1
                queue[tail] = u
                tail += 1
    return head, tail


@kernel
def restart(dist, queue, tail, source):
    """Clear the labels of the last search (only the cells it reached) and seed a new one."""
    for i in range(tail):
        dist[queue[i]] = -1
    dist[source] = 0
    queue[0] = source


@kernel
def build_table(indptr, indices, moves, table):
    """Fill the all-pairs next-move table: one complete BFS per target on the reversed graph."""
    n = moves.shape[0]
    dist = np.full(n, -1, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    tail = 0
    for target in range(n):
        restart(dist, queue, tail, target)
        _, tail = grow(indptr, indices, dist, queue, 0, 1, -1, n)
        for cell in range(n):
            d = first_closer(moves, dist, cell)
            table[target, cell] = NO_MOVE if d < 0 else d


@kernel
def tree_intervals(indptr, indices):
    """When the move graph is a tree with two-way doors (a perfect maze): its parent links
    and depth-first intervals from cell 0, so that cell b lies below cell a iff
    tin[a] <= tin[b] < tout[a]. Returns (is_tree, parent, tin, tout)."""
    n = indptr.shape[0] - 1
    parent = np.full(n, -1, dtype=np.int32)
    tin = np.full(n, -1, dtype=np.int32)
    tout = np.empty(n, dtype=np.int32)
    if indices.shape[0] != 2 * (n - 1):
        return False, parent, tin, tout
    stack = np.empty(n, dtype=np.int32)
    edge = np.empty(n, dtype=np.int64)  # next edge to try of each cell on the stack
    clock = 0
    top = 0
    stack[0], edge[0], tin[0] = 0, indptr[0], 0
    clock = 1
    while top >= 0:
        v = stack[top]
        if edge[top] < indptr[v + 1]:
            u = indices[edge[top]]
            edge[top] += 1
            if u == parent[v]:
                continue
            if tin[u] >= 0:  # a second way to a cell: a loop, not a tree
                return False, parent, tin, tout
            parent[u], tin[u] = v, clock
            clock += 1
            top += 1
            stack[top], edge[top] = u, indptr[u]
        else:
            tout[v] = clock
            top -= 1
    # all cells reached with n - 1 tree edges, and 2 (n - 1) moves: every door is two-way
    return clock == n, parent, tin, tout


@kernel
def tree_step(moves, parent, tin, tout, cell, target):
    """The demon's move in a tree: towards the child whose interval holds `target` when the
    target lies below `cell`, else towards the parent; the first direction landing there."""
    if cell == target:
        return STAY
    nxt = parent[cell]
    if tin[cell] <= tin[target] < tout[cell]:
        for d in range(moves.shape[1]):
            u = moves[cell, d]
            if u != cell and u != parent[cell] and tin[u] <= tin[target] < tout[u]:
                return d
    for d in range(moves.shape[1]):
        if moves[cell, d] == nxt and nxt != cell:
            return d
    return STAY


@kernel
def walk_table(table, moves, cell, target, limit):
    """Moves from `cell` to `target` following the table, or -1 (unreachable, or beyond
    `limit` moves)."""
    steps = 0
    while cell != target:
        if steps >= limit:
            return -1
        d = table[target, cell]
        if d == NO_MOVE:
            return -1
        cell = moves[cell, d]
        steps += 1
    return steps


# -- the brain: M^s on demand or all-pairs ----------------------------------------------------
class _Search:
    """One resumable BFS towards `source` (reused buffers; `restart` clears what it touched)."""

    def __init__(self, n: int) -> None:
        self.dist = np.full(n, -1, dtype=np.int32)
        self.queue = np.empty(n, dtype=np.int32)
        self.source, self.head, self.tail = -1, 0, 0

    def reset(self, source: int) -> None:
        """Start a fresh search from `source`."""
        restart(self.dist, self.queue, self.tail, source)
        self.source, self.head, self.tail = source, 0, 1

    def reach(self, graph, cell: int, limit: int) -> int:
        """Distance from `cell` to the source (-1 when beyond `limit` or unreachable)."""
        if self.dist[cell] < 0:
            self.head, self.tail = grow(graph.indptr, graph.indices, self.dist, self.queue,
                                        self.head, self.tail, cell, limit)
        d = int(self.dist[cell])
        return d if 0 <= d <= limit else -1

    @property
    def nbytes(self) -> int:
        """Memory the search arrays take."""
        return self.dist.nbytes + self.queue.nbytes


class DemonBrain:
    """Where to step to get one move closer to a target cell, by Suits' M^s.

    `strategy` is "all-pairs" when the n x n table fits `budget` bytes (or when asked for),
    else "on-demand"; `memory_bytes` is what it holds, `build_seconds` what the table took.
    The constructor builds the table (a nogil kernel: run it in a worker thread for big
    budgets); the on-demand brain is ready at once.
    """

    STRATEGIES = ("auto", "on-demand", "all-pairs")

    def __init__(self, maze: Maze, strategy: str = "auto", budget: int = DEFAULT_BUDGET) -> None:
        if strategy not in self.STRATEGIES:
            raise ValueError(f"unknown demon strategy {strategy!r}; known: {self.STRATEGIES}")
        self.maze = maze
        self.n = maze.size
        self.table_bytes = self.n * self.n
        if strategy == "auto":  # (the table is n searches: not while they run as Python)
            strategy = ("all-pairs" if self.table_bytes <= budget
                        and not build_table.runs_as_python else "on-demand")
        self.strategy = strategy
        self.moves = moves_of(maze)
        # Searches run backwards from the target: the reversed graph's edges are moves into a cell.
        self.reverse = maze_graph_reversed(maze)
        self.build_seconds = 0.0
        self.table: np.ndarray | None = None
        self._searches: OrderedDict[int, _Search] = OrderedDict()
        self._tree: tuple | None = None  #: (parent, tin, tout) of a perfect maze, once known
        self._tree_checked = False
        if strategy == "all-pairs":
            t0 = time.perf_counter()
            self.table = np.empty((self.n, self.n), dtype=np.uint8)
            build_table(self.reverse.indptr, self.reverse.indices, self.moves, self.table)
            self.build_seconds = time.perf_counter() - t0

    # -- queries ---------------------------------------------------------------------------
    def next_move(self, cell: int, target: int) -> int:
        """Direction (a side) of the demon's best move from `cell` towards `target`, or STAY (-1)
        when it is there already or cannot get there."""
        if self.table is not None:
            d = int(self.table[target, cell])
            return STAY if d == NO_MOVE else d
        tree = self._perfect_tree()
        if tree is not None:  # one route to anywhere: no search, however far
            return int(tree_step(self.moves, *tree, int(cell), int(target)))
        search = self._nearby_search(int(cell), int(target)) or self._search(target)
        search.reach(self.reverse, cell, self.n)
        return int(first_closer(self.moves, search.dist, int(cell)))

    def distance(self, cell: int, target: int, within: int | None = None) -> int:
        """Walking distance from `cell` to `target` (moves the demon can make), or -1 when
        the target is unreachable or more than `within` moves away."""
        limit = self.n if within is None else int(within)
        if self.table is not None:
            return int(walk_table(self.table, self.moves, int(cell), int(target), limit))
        return self._search(target).reach(self.reverse, int(cell), limit)

    def _perfect_tree(self) -> tuple | None:
        """(parent, tin, tout) when the maze is a tree of two-way doors, else None; found
        out on the first decision (one depth-first pass) and kept."""
        if not self._tree_checked:
            self._tree_checked = True
            is_tree, *tree = tree_intervals(self.reverse.indptr, self.reverse.indices)
            self._tree = tuple(tree) if is_tree else None
        return self._tree

    def _nearby_search(self, cell: int, target: int) -> _Search | None:
        """In a big maze, a cached search towards a cell at most DRIFT moves from `target`
        that has already reached the demon's `cell`, at least FAR moves away; else None.

        The demon then heads for where its target was: off by at most DRIFT moves when it
        is at least FAR away, where a fresh search would cost a whole maze's BFS per step.
        """
        if self.n <= STALE_CELLS or target in self._searches:
            return None
        for source, search in reversed(self._searches.items()):
            moved, away = int(search.dist[target]), int(search.dist[cell])
            if 0 <= moved <= DRIFT and away >= FAR:
                self._searches.move_to_end(source)
                return search
        return None

    def _search(self, target: int) -> _Search:
        """The cached search towards `target`, recycling the least recently used slot."""
        target = int(target)
        search = self._searches.pop(target, None)
        if search is None:
            if len(self._searches) >= SEARCH_SLOTS:
                _, search = self._searches.popitem(last=False)
            else:
                search = _Search(self.n)
            search.reset(target)
        self._searches[target] = search
        return search

    # -- debug info ---------------------------------------------------------------------
    @property
    def memory_bytes(self) -> int:
        """Bytes held: the move table, the reversed graph, and the table or the searches."""
        held = self.moves.nbytes + self.reverse.indptr.nbytes + self.reverse.indices.nbytes
        if self.table is not None:
            return held + self.table.nbytes
        tree = sum(a.nbytes for a in self._tree) if self._tree is not None else 0
        return held + tree + sum(s.nbytes for s in self._searches.values())

    def describe(self) -> str:
        """One line for the debug panel: the strategy and what it costs."""
        mib = self.memory_bytes / 2**20
        if self.table is not None:
            return (f"all-pairs M^s table {self.n}x{self.n} uint8, {mib:.1f} MiB, "
                    f"built in {self.build_seconds:.2f} s")
        if self._tree is not None:
            return f"on-demand M^s (a perfect maze: its tree answers, no search), {mib:.1f} MiB"
        return (f"on-demand M^s (BFS from the target, {len(self._searches)}/{SEARCH_SLOTS} "
                f"cached), {mib:.1f} MiB")
