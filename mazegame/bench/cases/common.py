"""Inputs several cases share: a perfect maze, and its graph as references read it."""

from __future__ import annotations

from mazegame.engine.generate import generate
from mazegame.engine.graph import maze_graph


def solver_maze(size):
    """A perfect maze from corner to corner, plus what the plain-Python references read:
    (maze, flat list of wall bits, adjacency lists)."""
    w, h = size
    maze = generate("kruskal", w, h, 1).maze
    graph = maze_graph(maze)
    adjacency = [graph.successors(v).tolist() for v in range(graph.n)]
    return maze, maze.walls.ravel().tolist(), adjacency


def networkx_graph(adjacency):
    """(networkx, the adjacency as its graph), or None without networkx."""
    try:
        import networkx as nx
    except ImportError:
        return None
    return nx, nx.Graph([(v, u) for v, nbs in enumerate(adjacency) for u in nbs])
