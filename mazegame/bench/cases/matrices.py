"""Connection and distance matrices: all-pairs BFS against networkx and scipy, and
Suits' matrix method."""

from __future__ import annotations

from mazegame.bench.cases.common import networkx_graph, scipy_graph, solver_maze
from mazegame.bench.references import solvers as ref
from mazegame.bench.registry import bench_case
from mazegame.engine.graph import maze_graph


@bench_case("all-pairs distances (M^d by BFS)", sizes=((32, 32), (64, 64), (100, 100)),
            quick_sizes=((32, 32),))
def _all_pairs(size):
    from mazegame.engine.matrices import distance_matrix

    maze, _, adjacency = solver_maze(size)
    refs = {}
    if maze.size <= 1024:  # the pure-Python and networkx tables grow as n^2 Python objects
        refs["python"] = lambda: ref.all_pairs(adjacency)
        nx_graph = networkx_graph(adjacency)
        if nx_graph is not None:
            nx, g = nx_graph
            refs["networkx"] = lambda: dict(nx.all_pairs_shortest_path_length(g))
    sp_graph = scipy_graph(maze_graph(maze))
    if sp_graph is not None:
        csgraph, sparse = sp_graph
        refs["scipy"] = lambda: csgraph.shortest_path(sparse, unweighted=True)
    return (lambda: distance_matrix(maze)), refs


@bench_case("M^d: BFS vs Suits' matrix method", sizes=((8, 8), (16, 16)), quick_sizes=((8, 8),))
def _matrix_method(size):
    from mazegame.engine.matrices import (
        connection_matrix,
        distance_matrix,
        distance_matrix_by_powers,
    )

    maze, _, _ = solver_maze(size)
    refs = {"matrix method": lambda: distance_matrix_by_powers(connection_matrix(maze))}
    return (lambda: distance_matrix(maze)), refs
