"""BFS and every solver, against plain-Python references, networkx and mazelib."""

from __future__ import annotations

from mazegame.bench.cases.common import networkx_graph, scipy_graph, solver_maze
from mazegame.bench.references import mazelib_ref
from mazegame.bench.references import solvers as ref
from mazegame.bench.registry import FULL_SIZES, Prepared, Target, bench_case
from mazegame.engine.graph import bfs, maze_graph

BIG = (4096, 4096)
#: The issue's BFS figure at 4096x4096: 40 ns and 40 bytes a cell.
BIG_BFS_TARGET = Target(40e-9 * BIG[0] * BIG[1], 40 * BIG[0] * BIG[1] / 2**20)


def _graph_refs(size, graph, python, networkx, scipy):
    """References over the move graph: plain Python and networkx on lists (not at 4096x4096:
    gigabytes of Python objects), scipy's csgraph on the same CSR arrays."""
    refs = {}
    if size != BIG:
        _, _, adjacency = solver_maze(size)
        refs["python"] = lambda: python(adjacency)
        nx_graph = networkx_graph(adjacency)
        if nx_graph is not None:
            refs["networkx"] = lambda: networkx(*nx_graph)
    sp_graph = scipy_graph(graph)
    if sp_graph is not None:
        refs["scipy"] = lambda: scipy(*sp_graph)
    return refs


def _bfs_refs(size, graph):
    """BFS from cell 0 in plain Python, networkx and scipy (on the move graph)."""
    return _graph_refs(
        size, graph, lambda adj: ref.bfs(adj, 0),
        lambda nx, g: nx.single_source_shortest_path_length(g, 0),
        lambda csgraph, m: csgraph.breadth_first_order(m, 0, return_predecessors=True))


@bench_case("bfs", sizes=(*FULL_SIZES, BIG))
def _bfs(size):
    """The maze's BFS (distances and parents): moves by offset over one byte a cell
    (`gridbfs`), the bytes built in the timed call."""
    from mazegame.engine.gridbfs import bfs_maze

    maze, _, _ = solver_maze(size, lists=False)
    graph = maze_graph(maze)
    return Prepared(lambda: bfs_maze(maze, 0), _bfs_refs(size, graph),
                    BIG_BFS_TARGET if size == BIG else None, memory=size == BIG)


@bench_case("bfs on a graph (CSR)", sizes=FULL_SIZES)
def _bfs_csr(size):
    """The state-graph BFS (`graph.bfs`: jumping puzzles, the all-mazes search) on the
    maze's move graph, built beforehand."""
    maze, _, _ = solver_maze(size, lists=False)
    graph = maze_graph(maze)
    return Prepared(lambda: bfs(graph, 0), _bfs_refs(size, graph))


@bench_case("connected components", sizes=(*FULL_SIZES, BIG))
def _components(size):
    """Weakly connected components of the move graph (one: the maze is perfect; every
    cell is labelled all the same)."""
    import numpy as np

    from mazegame.engine.stats import components

    maze, _, _ = solver_maze(size, lists=False)
    graph = maze_graph(maze)
    alive = np.ones(graph.n, dtype=np.bool_)
    refs = _graph_refs(
        size, graph, ref.components, lambda nx, g: nx.number_connected_components(g),
        lambda csgraph, m: csgraph.connected_components(m, directed=False))
    return Prepared(lambda: components(graph, alive), refs, memory=size == BIG)


def _solver_case(name, python, networkx=None, *, sizes=FULL_SIZES, quick_sizes=((200, 200),),
                 budget=None, targets=None, python_max_cells=None):
    """Register `solve <name>` against `python(maze, walls, adjacency)`, networkx's
    `networkx(nx, graph, maze)` when given, and mazelib's counterpart at the small size."""
    mazelib_size = mazelib_ref.SOLVERS[name][2] if name in mazelib_ref.SOLVERS else None
    if mazelib_size is not None:  # mazelib runs at a size of its own, the others there too
        sizes, quick_sizes = (mazelib_size, *sizes), (mazelib_size, *quick_sizes)

    def prepare(size):
        from mazegame.engine.solve import solve

        maze, walls, adjacency = solver_maze(size)
        refs = {}
        if python_max_cells is None or maze.size <= python_max_cells:
            refs["python"] = lambda: python(maze, walls, adjacency)
        nx_graph = networkx_graph(adjacency) if networkx else None
        if nx_graph is not None:
            refs["networkx"] = lambda: networkx(*nx_graph, maze)
        mazelib_run = mazelib_ref.solver(name, maze) if size == mazelib_size else None
        if mazelib_run is not None:
            refs["mazelib"] = mazelib_run
        target = (targets or {}).get(size)
        return Prepared(lambda: solve(name, maze, budget=budget), refs, target)

    label = name if budget is None else f"{name} ({budget:,} steps)"
    bench_case(f"solve {label}", sizes=sizes, quick_sizes=quick_sizes)(prepare)


def _goal(m):
    """The maze's first goal."""
    return m.goals[0]


def _hand_reference(hand):
    """The wall follower's reference for one hand (1: left, -1: right)."""
    from mazegame.engine.solve.walkers import hand_on_wall

    return lambda m, walls, adj: ref.wall_follower(
        walls, m.width, m.height, m.start, _goal(m), hand_on_wall(m, hand), hand)


def _pledge_reference(m, walls, adj):
    """Pledge's reference, heading towards the goal first."""
    from mazegame.engine.solve.walkers import toward_goal

    return ref.pledge(walls, m.width, m.height, m.start, _goal(m), toward_goal(m), 10**8)


_solver_case("random-walk", sizes=((200, 200),), budget=1_000_000, python=(
    lambda m, walls, adj: ref.random_walk(walls, m.width, m.height, m.start, _goal(m),
                                          1_000_000, 1)))
_solver_case("left-hand", _hand_reference(1))
_solver_case("right-hand", _hand_reference(-1))
_solver_case("hand-switch", _hand_reference(1))  # on a perfect maze: the left-hand walk
_solver_case("lru-doors",
             lambda m, walls, adj: ref.lru_doors(walls, m.width, m.height, m.start, _goal(m), 1))
_solver_case("bfs",
             lambda m, walls, adj: ref.bfs(adj, m.start),
             lambda nx, g, m: nx.shortest_path_length(g, m.start, _goal(m)))
_solver_case("bfs-from-goal",
             lambda m, walls, adj: ref.bfs(adj, _goal(m)),  # two-way maze: reversing is a no-op
             lambda nx, g, m: nx.single_source_shortest_path_length(g, _goal(m)))
_solver_case("tremaux",
             lambda m, walls, adj: ref.tremaux(walls, m.width, m.height, m.start, _goal(m), 1))
# The figure: aroma at 200x200 in at most 1 s (its Python reference takes minutes).
_solver_case("cheese", lambda m, walls, adj: ref.cheese(adj, m.start, _goal(m), 10**7),
             sizes=((32, 32), (64, 64), (200, 200)), quick_sizes=((32, 32),),
             targets={(200, 200): Target(1.0)}, python_max_cells=64 * 64)
_solver_case("pledge", _pledge_reference)
_solver_case("dead-end-fill", lambda m, walls, adj: ref.dead_end_fill(adj, m.start, _goal(m)))
_solver_case("astar",
             lambda m, walls, adj: ref.astar(walls, m.width, m.height, m.start, _goal(m)),
             lambda nx, g, m: nx.astar_path_length(
                 g, m.start, _goal(m), heuristic=lambda a, b: (
                     abs(a // m.width - b // m.width) + abs(a % m.width - b % m.width))))
_solver_case("bidirectional-bfs",
             lambda m, walls, adj: ref.bidirectional_bfs(adj, m.start, _goal(m)),
             lambda nx, g, m: nx.bidirectional_shortest_path(g, m.start, _goal(m)))
