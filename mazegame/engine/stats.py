"""Maze statistics: the numbers that tell generators apart (Pullen's and Buck's favourites).

Counts come from the move graph (so wrap, one-way doors and rock are honoured); distances
from BFS. The diameter is exact: two BFS sweeps on a tree, all-pairs BFS on a small maze
with loops; above `EXACT_DIAMETER_CELLS` such a maze gets the double-sweep lower bound and
says so (`diameter_exact` false).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from mazegame.engine.generate.common import find
from mazegame.engine.graph import CSR, bfs, bfs_into, maze_graph
from mazegame.engine.grid import E, Maze, N, S, W
from mazegame.engine.jit import kernel

EXACT_DIAMETER_CELLS = 4096


@dataclass(frozen=True)
class MazeStats:
    """Shape statistics of one maze (cells means open, non-rock cells)."""

    cells: int
    doors: int
    loops: int  #: independent cycles: doors - cells + components (0 for a perfect maze)
    components: int
    dead_ends: int  #: cells with one way out
    junctions: int  #: cells with three or four ways out
    corridors: int  #: cells with exactly two ways out
    straightness: float  #: share of corridor cells that go straight through (no turn)
    solution_length: int | None  #: moves from start to the first goal (None: unreachable)
    diameter: int  #: the longest shortest path between two cells
    diameter_exact: bool

    def as_dict(self) -> dict:
        return asdict(self)

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) pairs for a printed table."""
        length = "unreachable" if self.solution_length is None else str(self.solution_length)
        diameter = str(self.diameter) + ("" if self.diameter_exact else " (at least)")
        return [
            ("cells", str(self.cells)),
            ("doors", str(self.doors)),
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
    parent = np.arange(n)
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


@kernel
def _all_pairs_diameter(indptr, indices, alive):
    """Exact diameter: the largest BFS distance over every source (unreached pairs ignored)."""
    n = indptr.shape[0] - 1
    dist = np.empty(n, dtype=np.int64)
    queue = np.empty(n, dtype=np.int64)
    best = 0
    for s in range(n):
        if alive[s]:
            reached = bfs_into(indptr, indices, s, dist, queue)
            best = max(best, dist[queue[reached - 1]])  # the last one reached is the farthest
    return best


def _farthest(graph: CSR, source: int) -> tuple[int, int]:
    dist, _, _ = bfs(graph, source)
    far = int(np.argmax(dist))
    return far, int(dist[far])


def maze_stats(maze: Maze) -> MazeStats:
    """Statistics of `maze` (see `MazeStats`)."""
    graph = maze_graph(maze)
    alive = np.ones(maze.size, dtype=np.bool_) if maze.solid is None else ~maze.solid.ravel()
    degree = np.diff(graph.indptr)[alive]
    cells = int(alive.sum())
    doors = maze.door_count()
    components = int(_components(graph.indptr, graph.indices, alive))
    loops = doors - cells + components
    open_sides = (~maze.walls.ravel() & (N | E | S | W))[alive]
    corridor = degree == 2
    straight = corridor & ((open_sides == (N | S)) | (open_sides == (E | W)))
    corridors = int(corridor.sum())
    dist, _, _ = bfs(graph, maze.start)
    goal = maze.goals[0] if maze.goals else maze.size - 1
    solution = int(dist[goal]) if dist[goal] >= 0 else None
    exact = (loops == 0 and components == 1) or cells <= EXACT_DIAMETER_CELLS
    if exact and loops > 0:
        diameter = int(_all_pairs_diameter(graph.indptr, graph.indices, alive))
    else:  # on a tree the farthest cell from anywhere ends a longest path: exact
        a, _ = _farthest(graph, maze.start)
        _, diameter = _farthest(graph, a)
    return MazeStats(
        cells=cells, doors=doors, loops=loops, components=components,
        dead_ends=int((degree == 1).sum()), junctions=int((degree >= 3).sum()),
        corridors=corridors, straightness=float(straight.sum() / corridors) if corridors else 0.0,
        solution_length=solution, diameter=diameter, diameter_exact=exact,
    )
