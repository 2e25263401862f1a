"""Mazes on a hexagonal board (issue 41), against networkx doing the same jobs on the same
graph: building the board, generating a maze on it, and solving it.

networkx's graphs are built in `prepare` (outside the timed calls: a million hexagons take
it half a minute); the references that stop at the cap come last, since a stopped call
starts a new child that prepares again.
"""

from __future__ import annotations

from mazegame.bench.registry import FULL_SIZES, Prepared, bench_case
from mazegame.engine.generate.boards import generate_board
from mazegame.engine.graph import bfs, path_to
from mazegame.engine.tilings import hex_rows

QUICK = ((200, 200),)


def _networkx():
    """networkx, or None without it (the rows then compare with nothing)."""
    try:
        import networkx as nx
    except ImportError:
        return None
    return nx


def _nx_board(nx, board, weights: bool = False):
    """The board's graph (every pair of touching cells), with random weights if asked."""
    import numpy as np

    cells = np.repeat(np.arange(board.size), board.links.shape[1])
    beyond = board.links.ravel()
    keep = beyond > cells
    pairs = zip(cells[keep].tolist(), beyond[keep].tolist(), strict=True)
    graph = nx.Graph()
    graph.add_nodes_from(range(board.size))
    if weights:
        rng = np.random.default_rng(1)
        graph.add_weighted_edges_from((a, b, w) for (a, b), w in
                                      zip(pairs, rng.random(int(keep.sum())).tolist(), strict=True))
    else:
        graph.add_edges_from(pairs)
    return graph


@bench_case("hex board (hex_rows)", sizes=FULL_SIZES, quick_sizes=QUICK)
def _hex_board(size):
    """`hex_rows(w, h)`: coordinates and the cell beyond each side, in array arithmetic;
    networkx's triangular lattice is the same adjacency (a hexagon's centre is a lattice
    point with six neighbours)."""
    w, h = size
    nx = _networkx()
    refs = {} if nx is None else {"networkx": lambda: nx.triangular_lattice_graph(w, 2 * h - 1)}
    return Prepared(lambda: hex_rows(w, h), refs)


def _generate_case(name: str, what: str, reference) -> None:
    """Register `generate <name> on hex` against networkx's `reference(nx, graph)`."""

    @bench_case(f"generate {name} on hex", sizes=FULL_SIZES, quick_sizes=QUICK)
    def _generate(size):
        w, h = size
        nx = _networkx()
        refs = {}
        if nx is not None:
            graph = _nx_board(nx, hex_rows(w, h), weights=what == "weights")
            refs[f"networkx {reference.__name__.strip('_').replace('_', ' ')}"] = (
                lambda: reference(nx, graph))
        return Prepared(lambda: generate_board(name, "hex", w, h, 1), refs)


def _minimum_spanning_tree(nx, graph):
    """Kruskal's job: the minimum spanning tree under random weights (given beforehand)."""
    return nx.minimum_spanning_tree(graph)


def _dfs_tree(nx, graph):
    """The backtracker's job: a depth-first spanning tree (networkx's is not random)."""
    return nx.dfs_tree(graph, 0)


_generate_case("kruskal", "weights", _minimum_spanning_tree)
_generate_case("backtracker", "plain", _dfs_tree)


@bench_case("solve a hex maze (BFS)", sizes=FULL_SIZES, quick_sizes=QUICK)
def _solve_hex(size):
    """The shortest way from the first hexagon to the last of a Kruskal maze: our BFS over
    the BoardMaze's move graph (CSR, built beforehand) and the path read back, against
    networkx's shortest path on the same passages."""
    w, h = size
    maze = generate_board("kruskal", "hex", w, h, 1).maze
    graph = maze.graph()
    goal = maze.goals[0]

    def ours():
        dist, parent, _ = bfs(graph, maze.start)
        return path_to(dist, parent, goal)

    nx = _networkx()
    refs = {}
    if nx is not None:
        passages = nx.Graph()
        passages.add_nodes_from(range(maze.size))
        passages.add_edges_from(maze.passages().tolist())
        refs["networkx shortest path"] = lambda: nx.shortest_path(passages, maze.start, goal)
    return Prepared(ours, refs)
