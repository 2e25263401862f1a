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

from collections import deque
from dataclasses import dataclass

from mazegame.engine.graph import CSR, maze_graph
from mazegame.engine.grid import Maze

#: `best_walk` is exact up to this many reachable cells, a heuristic beyond.
EXACT_CELLS = 22
ORDERS = ("best", "depth-first", "nearest")  #: the orders compared, best first


@dataclass(frozen=True)
class TreasureWalk:
    """A walk from the start that enters every reachable cell, and what it costs."""

    order: str  #: one of ORDERS
    walk: tuple[int, ...]  #: cells from the start; each consecutive pair is one move
    total: int  #: the sum over reachable cells of the step the walk first enters each
    cells: int  #: reachable cells (the start's included)
    exact: bool  #: the least `total` any walk has (proved by search), not just a good one

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
    return list(_distances(graph, start))


def _distances(graph: CSR, source: int) -> dict[int, int]:
    dist = {source: 0}
    queue = deque([source])
    while queue:
        v = queue.popleft()
        for u in graph.successors(v).tolist():
            if u not in dist:
                dist[u] = dist[v] + 1
                queue.append(u)
    return dist


def _shortest_way(graph: CSR, source: int, target: int) -> list[int]:
    """Cells of a shortest path source -> target, without `source`."""
    parent = {source: -1}
    queue = deque([source])
    while queue and target not in parent:
        v = queue.popleft()
        for u in graph.successors(v).tolist():
            if u not in parent:
                parent[u] = v
                queue.append(u)
    way = []
    while target != source:
        way.append(target)
        target = parent[target]
    return way[::-1]


def walk_through(graph: CSR, start: int, targets) -> tuple[int, ...]:
    """The walk that goes to each target in turn by a shortest way (skipping targets
    already entered on the way)."""
    walk, seen = [start], {start}
    for target in targets:
        if target in seen:
            continue
        for cell in _shortest_way(graph, walk[-1], target):
            walk.append(cell)
            seen.add(cell)
    return tuple(walk)


def cost(graph: CSR, start: int, walk, order: str = "", exact: bool = False) -> TreasureWalk:
    """The TreasureWalk of `walk`; ValueError if it misses a reachable cell or jumps."""
    cells = reachable(graph, start)
    if not walk or walk[0] != start:
        raise ValueError("a treasure walk begins at the start")
    for a, b in zip(walk, walk[1:], strict=False):
        if b not in graph.successors(a).tolist():
            raise ValueError(f"cells {a} and {b} of the walk are not one move apart")
    first = first_entries(walk)
    missed = [c for c in cells if c not in first]
    if missed:
        raise ValueError(f"the walk never enters cell {missed[0]}")
    return TreasureWalk(order, tuple(int(c) for c in walk), sum(first[c] for c in cells),
                        len(cells), exact)


def depth_first(maze: Maze) -> TreasureWalk:
    """Depth-first order: enter the first unentered neighbour (N, E, S, W), else go back."""
    graph, start = maze_graph(maze), int(maze.start)
    order, seen, stack = [], {start}, [start]
    while stack:
        v = stack[-1]
        nxt = next((u for u in graph.successors(v).tolist() if u not in seen), None)
        if nxt is None:
            stack.pop()
            continue
        seen.add(nxt)
        order.append(nxt)
        stack.append(nxt)
    return cost(graph, start, walk_through(graph, start, order), "depth-first")


def nearest_first(maze: Maze) -> TreasureWalk:
    """Nearest-unvisited-first: always walk to the closest cell not yet entered."""
    graph, start = maze_graph(maze), int(maze.start)
    cells = set(reachable(graph, start))
    walk, seen = [start], {start}
    while len(seen) < len(cells):
        dist = _distances(graph, walk[-1])
        target = min((c for c in cells if c not in seen), key=lambda c: (dist[c], c))
        for cell in _shortest_way(graph, walk[-1], target):
            walk.append(cell)
            seen.add(cell)
    return cost(graph, start, tuple(walk), "nearest")


def best_walk(maze: Maze) -> TreasureWalk:
    """The walk with the least expected steps: exact up to EXACT_CELLS reachable cells,
    a heuristic beyond. (Stub: the better of the two simple orders, not exact.)"""
    best = min((depth_first(maze), nearest_first(maze)), key=lambda t: t.total)
    return TreasureWalk("best", best.walk, best.total, best.cells, False)


def all_orders(maze: Maze) -> list[TreasureWalk]:
    """The best walk, depth-first and nearest-first on `maze`, in ORDERS order."""
    return [best_walk(maze), depth_first(maze), nearest_first(maze)]
