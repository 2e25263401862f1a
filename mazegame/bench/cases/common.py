"""Inputs several cases share: a perfect maze, and its graph as references read it."""

from __future__ import annotations

from mazegame.engine.generate import generate
from mazegame.engine.graph import maze_graph


def solver_maze(size, lists: bool = True):
    """A perfect maze from corner to corner, plus what the plain-Python references read:
    (maze, flat list of wall bits, adjacency lists); without `lists` (a maze too big for
    Python lists) the last two are None."""
    w, h = size
    maze = generate("kruskal", w, h, 1).maze
    if not lists:
        return maze, None, None
    graph = maze_graph(maze)
    adjacency = [graph.successors(v).tolist() for v in range(graph.n)]
    return maze, maze.walls.ravel().tolist(), adjacency


def scipy_graph(graph):
    """(scipy.sparse.csgraph, the CSR graph as a scipy sparse matrix), or None without scipy."""
    try:
        import numpy as np
        from scipy.sparse import csgraph, csr_matrix
    except ImportError:
        return None
    data = np.ones(graph.indices.size, dtype=np.int8)
    return csgraph, csr_matrix((data, graph.indices, graph.indptr), shape=(graph.n, graph.n))


def networkx_graph(adjacency):
    """(networkx, the adjacency as its graph), or None without networkx."""
    try:
        import networkx as nx
    except ImportError:
        return None
    return nx, nx.Graph([(v, u) for v, nbs in enumerate(adjacency) for u in nbs])
