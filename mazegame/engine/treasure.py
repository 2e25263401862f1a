"""Suits' open question (section 4.3): a known maze, a treasure in an unknown cell.

The treasure lies in a cell drawn uniformly from those the start reaches; a walk finds it
when it first enters that cell (the start counts 0). A walk's cost is the expected number of
steps to the treasure: the sum over reachable cells of the step at which the walk first
enters each (`total`), divided by their number (`expected`). Three orders are compared:
depth-first, nearest-unvisited-first, and the best walk (`best_walk`), exact on small mazes.

Every walk moves through the move graph (`graph.maze_graph`), so wrap-around and one-way
doors are honoured: between two cells a walk takes a shortest way.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

import numpy as np

from mazegame.engine import treasure_local as tl
from mazegame.engine import treasure_search as ts
from mazegame.engine.graph import CSR, maze_graph
from mazegame.engine.grid import Maze

#: `best_walk` is exact up to this many reachable cells, a heuristic beyond.
EXACT_CELLS = 30
#: The exact search gives up (and the heuristic answers) beyond this many states.
EXACT_STATES = 2_000_000
#: Beyond this many reachable cells the distance table is too big: the best walk is the
#: better of the two simple orders.
SEARCH_CELLS = 4096
#: The local search is kicked and run again KICKS / cells times (at most 30).
KICKS = 6000
TRAPPED = "one-way doors trap the walk before it has entered every cell the start reaches"
ORDERS = ("best", "depth-first", "nearest")  #: the orders compared, best first


@dataclass(frozen=True)
class TreasureWalk:
    """A walk from the start that enters every reachable cell, and what it costs."""

    order: str  #: one of ORDERS
    walk: tuple[int, ...]  #: cells from the start; each consecutive pair is one move
    total: int  #: the sum over reachable cells of the step the walk first enters each
    cells: int  #: reachable cells (the start's included)
    exact: bool  #: the least `total` any walk has (proved by search), not just a good one
    method: str = ""  #: how it was found: "exact search", "local search", "simple orders"

    @property
    def expected(self) -> float:
        """Expected steps to the treasure: `total` / `cells`."""
        return self.total / self.cells

    def first_steps(self) -> dict[int, int]:
        """Each reachable cell -> the step at which the walk first enters it."""
        return first_entries(self.walk)


def first_entries(walk) -> dict[int, int]:
    """Cell -> the index of its first appearance in `walk`."""
    first: dict[int, int] = {}
    for i, cell in enumerate(walk):
        first.setdefault(int(cell), i)
    return first


def reachable(graph: CSR, start: int) -> list[int]:
    """The cells `start` reaches, in breadth-first order."""
    return ts.reachable_cells(graph.indptr, graph.indices, start).tolist()


def walk_through(graph: CSR, start: int, targets) -> tuple[int, ...]:
    """The walk that goes to each target in turn by a shortest way (skipping targets
    already entered on the way)."""
    targets = np.asarray(targets, dtype=np.int32).reshape(-1)
    walk = ts.walk_through(graph.indptr, graph.indices, start, targets)
    if not len(walk):
        raise ValueError(TRAPPED)
    return tuple(walk.tolist())


def cost(graph: CSR, start: int, walk, order: str = "", exact: bool = False,
         method: str = "") -> TreasureWalk:
    """The TreasureWalk of `walk`; ValueError if it misses a reachable cell or jumps."""
    cells = reachable(graph, start)
    if not len(walk) or walk[0] != start:
        raise ValueError("a treasure walk begins at the start")
    for a, b in zip(walk, walk[1:], strict=False):
        if b not in graph.successors(a):
            raise ValueError(f"cells {a} and {b} of the walk are not one move apart")
    first = first_entries(walk)
    missed = [c for c in cells if c not in first]
    if missed:
        raise ValueError(f"the walk never enters cell {missed[0]}")
    return TreasureWalk(order, tuple(int(c) for c in walk), sum(first[c] for c in cells),
                        len(cells), exact, method)


def depth_first(maze: Maze) -> TreasureWalk:
    """Depth-first order: enter the first unentered neighbour (N, E, S, W), else go back."""
    graph, start = maze_graph(maze), int(maze.start)
    order = ts.depth_first_order(graph.indptr, graph.indices, start)
    return cost(graph, start, walk_through(graph, start, order), "depth-first")


def nearest_first(maze: Maze) -> TreasureWalk:
    """Nearest-unvisited-first: always walk to the closest cell not yet entered."""
    graph, start = maze_graph(maze), int(maze.start)
    cells = len(reachable(graph, start))
    targets = ts.nearest_order(graph.indptr, graph.indices, start, cells)
    walk = walk_through(graph, start, targets)
    if len(first_entries(walk)) < cells:  # it stood where no hidden cell could be reached
        raise ValueError(TRAPPED)
    return cost(graph, start, walk, "nearest")


def best_walk(maze: Maze) -> TreasureWalk:
    """The walk with the least expected steps.

    On a tree (a perfect maze, no one-way doors) every depth-first walk is best, however
    big (`is_tree`). Otherwise, up to EXACT_CELLS reachable cells, an exact search over
    (cells found, where the walk is) proves it (`exact`); beyond, or when that search
    would hold more than EXACT_STATES states, the simple orders and `chain_order` each
    improved by local search, the best of them (never worse than either simple order);
    beyond SEARCH_CELLS, the better simple order alone. ValueError (TRAPPED) when one-way
    doors let no walk enter every cell (beyond SEARCH_CELLS: when they trap both simple
    orders)."""
    graph, start = maze_graph(maze), int(maze.start)
    cells = ts.reachable_cells(graph.indptr, graph.indices, start)
    n = cells.shape[0]
    if is_tree(graph, cells):
        found = depth_first(maze)
        return TreasureWalk("best", found.walk, found.total, n, True, "depth-first on a tree")
    simples = _simple_orders(maze)
    simple = min(simples, key=lambda t: t.total, default=None)
    if n > SEARCH_CELLS and simple is not None:
        return TreasureWalk("best", simple.walk, simple.total, n, False, "simple orders")
    table = ts.distance_table(graph.indptr, graph.indices, cells)
    chain = chain_order(table)
    if chain is None or (n > SEARCH_CELLS and simple is None):
        raise ValueError(TRAPPED)
    if n <= EXACT_CELLS:
        order, _ = ts.exact_order(table, _out_masks(graph, cells), EXACT_STATES)
        if len(order):
            walk = walk_through(graph, start, cells[order])
            return cost(graph, start, walk, "best", True, "exact search")
    local = np.full(graph.n, -1, dtype=np.int32)
    local[cells] = np.arange(n, dtype=np.int32)
    starts = [local[np.array(list(first_entries(t.walk)), dtype=np.int32)] for t in simples]
    orders = [tl.improve_order(table, first, *_search_reach(n)) for first in [*starts, chain]]
    order = kicked(table, min(orders, key=lambda o: tl.order_total(table, o)))
    found = cost(graph, start, walk_through(graph, start, cells[order]), "best", False,
                 "local search")
    if simple is not None and found.total > simple.total:
        return TreasureWalk("best", simple.walk, simple.total, n, False, "simple orders")
    return found


def is_tree(graph: CSR, cells: np.ndarray) -> bool:
    """Whether the reachable cells and their doors form a tree, every door two-way.

    Then every depth-first walk is best: a walk that first enters cell y having entered
    the set S must walk each door of S off the way from the start to y twice, so y costs
    at least depth(y) + 2 |S minus y's ancestors|; a depth-first walk meets that bound for
    every cell, whatever order it takes the branches in."""
    n = len(cells)
    inside = np.zeros(graph.n, dtype=bool)
    inside[cells] = True
    tails = np.repeat(np.arange(graph.n, dtype=np.int64), np.diff(graph.indptr))
    mine = inside[tails]
    tails, heads = tails[mine], graph.indices[mine].astype(np.int64)
    if len(tails) != 2 * (n - 1):
        return False
    return bool(np.array_equal(np.sort(tails * graph.n + heads),
                               np.sort(heads * graph.n + tails)))


def chain_order(table: np.ndarray) -> np.ndarray | None:
    """An order that one-way doors never trap, or None when no walk enters every cell.

    The cells that reach each other (strongly connected) form groups a walk must finish one
    by one, each reaching all later ones, so a walk exists only when the groups form a
    chain. Within the first unfinished group the walk goes to the nearest hidden cell."""
    reach = table >= 0
    group = (reach & reach.T).argmax(axis=1)  # the lowest cell of its group
    heads = np.unique(group)
    heads = heads[np.argsort(-reach[heads].sum(axis=1), kind="stable")]
    if not all(reach[a, b] for a, b in zip(heads, heads[1:], strict=False)):
        return None
    rank = np.empty(len(table), dtype=np.int64)
    for i, head in enumerate(heads):
        rank[group == head] = i
    hidden = np.ones(len(table), dtype=bool)
    hidden[0], here, order = False, 0, [0]
    far = np.iinfo(table.dtype).max
    for _ in range(len(table) - 1):
        now = hidden & (rank == rank[hidden].min())
        here = int(np.argmin(np.where(now, table[here], far)))
        hidden[here] = False
        order.append(here)
    return np.array(order, dtype=np.int32)


def _simple_orders(maze: Maze) -> list[TreasureWalk]:
    """Depth-first and nearest-first, leaving out one that one-way doors trap."""
    found = []
    for order in (depth_first, nearest_first):
        with contextlib.suppress(ValueError):
            found.append(order(maze))
    return found


def kicked(table: np.ndarray, order: np.ndarray, seed: int = 0) -> np.ndarray:
    """Iterated local search: cut the order in four and swap the middle two (a kick no run
    move undoes), search again, keep what is cheaper; KICKS / n rounds (seeded)."""
    n = len(order)
    rng = np.random.default_rng(seed)
    best, cost_best = order, tl.order_total(table, order)
    for _ in range(min(30, KICKS // max(n, 1)) if n > 4 else 0):
        a, b, c = np.sort(rng.choice(np.arange(1, n), size=3, replace=False))
        trial = np.concatenate((best[:a], best[b:c], best[a:b], best[c:]))
        if (table[trial[:-1], trial[1:]] < 0).any():
            continue  # a leg no way leads along (one-way doors)
        trial = tl.improve_order(table, trial, *_search_reach(n))
        cost_trial = tl.order_total(table, trial)
        if cost_trial < cost_best:
            best, cost_best = trial, cost_trial
    return best


def _search_reach(n: int) -> tuple[int, int]:
    """The local search's longest run moved and how far, for n cells."""
    return (n, n) if n <= 64 else (16, 40)


def _out_masks(graph: CSR, cells: np.ndarray) -> np.ndarray:
    """Each reachable cell's successors as a bit set over the reachable cells (int64)."""
    local = {int(c): i for i, c in enumerate(cells.tolist())}
    masks = np.zeros(len(local), dtype=np.int64)
    for i, c in enumerate(cells.tolist()):
        for u in graph.successors(c).tolist():
            masks[i] |= 1 << local[u]
    return masks


def all_orders(maze: Maze) -> list[TreasureWalk]:
    """The best walk, depth-first and nearest-first on `maze`, in ORDERS order."""
    return [best_walk(maze), depth_first(maze), nearest_first(maze)]
