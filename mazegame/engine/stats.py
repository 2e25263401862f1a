"""Maze statistics: the numbers that tell generators apart (Pullen's and Buck's favourites).

Counts come from the move graph (so wrap, one-way doors and rock are honoured); distances
from BFS. Doors and loops are those of the undirected door graph: a door is a side between
two open cells that some move passes, either way or one way only (a one-way door is one
door), and `loops` is its cycle rank, doors - cells + components: the number of independent
cycles a drawing of the maze has, whether or not its arrows let a walker go round them.
`dead_ends`, `junctions` and `corridors` count ways *out* (moves), so a cell whose other doors
all point in is a dead end.

The diameter is the longest shortest path between two cells that can reach each
other both ways: taken over the whole maze when every cell reaches every other, else over
its largest strongly connected component (ties: the one holding the lowest-numbered cell),
and the statistics say which (`diameter_scope`, `diameter_cells`, `diameter_component`).
Inside a strongly connected component every shortest path stays in it, so its diameter
is well defined. It is exact for a component that is a tree (two BFS sweeps) and for one of
up to `EXACT_DIAMETER_CELLS` cells (a BFS from each); a larger one with loops or one-way
doors gets the double-sweep lower bound and says so (`diameter_exact` false).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from mazegame.engine.generate.common import find
from mazegame.engine.graph import CSR, bfs, bfs_into, maze_graph
from mazegame.engine.grid import E, Maze, N, S, W
from mazegame.engine.jit import kernel
from mazegame.engine.oneway import door_sides

EXACT_DIAMETER_CELLS = 4096
WHOLE = "whole maze"  #: every cell reaches every other: the diameter covers them all
LARGEST_SCC = "largest strongly connected component"


@dataclass(frozen=True)
class MazeStats:
    """Shape statistics of one maze (cells means open, non-rock cells)."""

    cells: int
    doors: int  #: sides between two open cells that a move passes (one-way doors count once)
    loops: int  #: independent cycles of the door graph: doors - cells + components
    one_way_doors: int  #: doors that pass one way only
    components: int
    dead_ends: int  #: cells with one way out
    junctions: int  #: cells with three or four ways out
    corridors: int  #: cells with exactly two ways out
    straightness: float  #: share of corridor cells that go straight through (no turn)
    solution_length: int | None  #: moves from start to the first goal (None: unreachable)
    diameter: int  #: the longest shortest path between two cells of `diameter_scope`
    diameter_exact: bool  #: False: `diameter` is a lower bound (a big maze with loops)
    strong_components: int  #: strongly connected components (cells reaching each other)
    diameter_scope: str  #: WHOLE or LARGEST_SCC: where the diameter was measured
    diameter_cells: int  #: cells in that component
    diameter_component: tuple[int, int]  #: (row, column) of its lowest-numbered cell

    def as_dict(self) -> dict:
        """Every figure by field name (for JSON output)."""
        return asdict(self)

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) pairs for a printed table."""
        length = "unreachable" if self.solution_length is None else str(self.solution_length)
        diameter = str(self.diameter) + ("" if self.diameter_exact else " (at least)")
        if self.diameter_scope != WHOLE:
            r, c = self.diameter_component
            diameter += (f" (in the largest strongly connected component: {self.diameter_cells}"
                         f" of {self.cells} cells, the one holding {r},{c})")
        return [
            ("cells", str(self.cells)),
            ("doors", str(self.doors)),
            ("one-way doors", str(self.one_way_doors)),
            ("loops", str(self.loops)),
            ("dead ends", str(self.dead_ends)),
            ("junctions", str(self.junctions)),
            ("corridors", str(self.corridors)),
            ("straightness", f"{self.straightness:.3f}"),
            ("solution length", length),
            ("diameter", diameter),
        ]


@kernel
def _components(indptr, indices, alive):
    """Number of weakly connected components among the `alive` vertices."""
    n = indptr.shape[0] - 1
    parent = np.arange(n, dtype=np.int32)
    for v in range(n):
        for j in range(indptr[v], indptr[v + 1]):
            a, b = find(parent, v), find(parent, indices[j])
            if a != b:
                parent[max(a, b)] = min(a, b)
    count = 0
    for v in range(n):  # rock cells have no moves and stay their own roots: skip them
        if alive[v] and parent[v] == v:
            count += 1
    return count


def components(graph: CSR, alive: np.ndarray) -> int:
    """Number of weakly connected components of `graph` among the `alive` vertices."""
    return int(_components(graph.indptr, graph.indices, alive))


@kernel
def _strong_components(indptr, indices, rindptr, rindices, alive):
    """Kosaraju, without recursion: component id of each alive cell (-1 for rock), numbered
    0.. in the order of their lowest cell; returns (ids, count)."""
    n = indptr.shape[0] - 1
    order = np.empty(n, dtype=np.int64)  # cells by DFS finishing time
    done = 0
    seen = np.zeros(n, dtype=np.bool_)
    stack = np.empty(n, dtype=np.int64)
    edge = np.empty(n, dtype=np.int64)  # next edge to try of each cell on the stack
    for root in range(n):
        if seen[root] or not alive[root]:
            continue
        seen[root] = True
        top = 0
        stack[0], edge[0] = root, indptr[root]
        while top >= 0:
            v = stack[top]
            if edge[top] < indptr[v + 1]:
                u = indices[edge[top]]
                edge[top] += 1
                if not seen[u]:
                    seen[u] = True
                    top += 1
                    stack[top], edge[top] = u, indptr[u]
            else:
                order[done] = v
                done += 1
                top -= 1
    comp = np.full(n, -1, dtype=np.int64)
    count = 0
    for i in range(done - 1, -1, -1):  # reverse finishing order, on the reversed graph
        root = order[i]
        if comp[root] >= 0:
            continue
        comp[root] = count
        top = 0
        stack[0] = root
        while top >= 0:
            v = stack[top]
            top -= 1
            for j in range(rindptr[v], rindptr[v + 1]):
                u = rindices[j]
                if comp[u] < 0:
                    comp[u] = count
                    top += 1
                    stack[top] = u
        count += 1
    # Renumber by lowest cell, so that "the first of the largest" does not depend on the DFS.
    rename = np.full(count, -1, dtype=np.int64)
    next_id = 0
    for v in range(n):
        if comp[v] >= 0:
            if rename[comp[v]] < 0:
                rename[comp[v]] = next_id
                next_id += 1
            comp[v] = rename[comp[v]]
    return comp, count


@kernel
def _eccentricity(indptr, indices, source, member, dist, queue):
    """The farthest `member` cell from `source` and its distance (BFS over the whole graph:
    shortest paths between cells of one strongly connected component stay inside it)."""
    reached = bfs_into(indptr, indices, source, dist, queue)
    far, best = source, 0
    for i in range(reached):
        v = queue[i]
        if member[v] and dist[v] > best:
            far, best = v, dist[v]
    return far, best


@kernel
def _all_pairs_diameter(indptr, indices, member):
    """Exact diameter of the component `member`: the largest BFS distance from each cell."""
    n = indptr.shape[0] - 1
    dist = np.empty(n, dtype=np.int64)
    queue = np.empty(n, dtype=np.int64)
    best = 0
    for s in range(n):
        if member[s]:
            best = max(best, _eccentricity(indptr, indices, s, member, dist, queue)[1])
    return best


@kernel
def _double_sweep(indptr, indices, member, first):
    """The farthest member from the farthest member from `first`: exact on a tree, a lower
    bound otherwise."""
    n = indptr.shape[0] - 1
    dist = np.empty(n, dtype=np.int64)
    queue = np.empty(n, dtype=np.int64)
    a, _ = _eccentricity(indptr, indices, first, member, dist, queue)
    return _eccentricity(indptr, indices, a, member, dist, queue)[1]


def _is_tree(graph: CSR, member: np.ndarray) -> bool:
    """Whether the moves inside `member` are the two-way doors of a tree."""
    src = np.repeat(np.arange(graph.n), np.diff(graph.indptr))
    inside = member[src] & member[graph.indices]
    forward = src[inside] * graph.n + graph.indices[inside]
    backward = graph.indices[inside].astype(np.int64) * graph.n + src[inside]
    two_way = np.array_equal(np.sort(forward), np.sort(backward))
    return two_way and forward.size == 2 * (int(member.sum()) - 1)


def diameter_of(graph: CSR, alive: np.ndarray, width: int) -> dict:
    """The diameter fields of `MazeStats` for the move graph `graph` (cells `alive`)."""
    rev = graph.reversed()
    comp, count = _strong_components(graph.indptr, graph.indices, rev.indptr, rev.indices,
                                     alive)
    sizes = np.bincount(comp[comp >= 0], minlength=1)
    largest = int(np.argmax(sizes))  # ties: the lowest id, i.e. the lowest first cell
    member = comp == largest
    first = int(np.argmax(member))
    cells = int(sizes[largest])
    tree = _is_tree(graph, member)
    if cells <= EXACT_DIAMETER_CELLS and not tree:
        diameter = int(_all_pairs_diameter(graph.indptr, graph.indices, member))
    else:  # on a tree the farthest cell from anywhere ends a longest path: exact
        diameter = int(_double_sweep(graph.indptr, graph.indices, member, first))
    return {
        "diameter": diameter, "diameter_exact": bool(tree or cells <= EXACT_DIAMETER_CELLS),
        "strong_components": int(count),
        "diameter_scope": WHOLE if cells == int(alive.sum()) else LARGEST_SCC,
        "diameter_cells": cells, "diameter_component": tuple(map(int, divmod(first, width))),
    }


def dead_end_cells(maze: Maze, graph: CSR | None = None) -> np.ndarray:
    """bool[n]: dead ends, the open cells with exactly one way out (one move), start and
    goals included; the one definition the lab and `maze_stats` share."""
    graph = maze_graph(maze) if graph is None else graph
    dead = np.diff(graph.indptr) == 1
    if maze.solid is not None:
        dead &= ~maze.solid.ravel()
    return dead


def maze_stats(maze: Maze) -> MazeStats:
    """Statistics of `maze` (see `MazeStats`)."""
    graph = maze_graph(maze)
    alive = np.ones(maze.size, dtype=np.bool_) if maze.solid is None else ~maze.solid.ravel()
    degree = np.diff(graph.indptr)[alive]
    cells = int(alive.sum())
    *_, there, back = door_sides(maze)  # not maze.door_count(): sides facing rock are no doors
    doors = int(np.sum(there | back))
    components = int(_components(graph.indptr, graph.indices, alive))
    loops = doors - cells + components
    open_sides = (~maze.walls.ravel() & (N | E | S | W))[alive]
    corridor = degree == 2
    straight = corridor & ((open_sides == (N | S)) | (open_sides == (E | W)))
    corridors = int(corridor.sum())
    dist, _, _ = bfs(graph, maze.start)
    goal = maze.goals[0] if maze.goals else maze.size - 1
    solution = int(dist[goal]) if dist[goal] >= 0 else None
    return MazeStats(
        cells=cells, doors=doors, loops=loops, one_way_doors=int(np.sum(there != back)),
        components=components,
        dead_ends=int(dead_end_cells(maze, graph).sum()), junctions=int((degree >= 3).sum()),
        corridors=corridors, straightness=float(straight.sum() / corridors) if corridors else 0.0,
        solution_length=solution, **diameter_of(graph, alive, maze.width),
    )
