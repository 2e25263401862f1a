"""BFS and every solver, against plain-Python references, networkx and mazelib."""

from __future__ import annotations

from mazegame.bench.cases.common import networkx_graph, solver_maze
from mazegame.bench.references import mazelib_ref
from mazegame.bench.references import solvers as ref
from mazegame.bench.registry import FULL_SIZES, Prepared, Target, bench_case
from mazegame.engine.graph import bfs, maze_graph


@bench_case("bfs")
def _bfs(size):
    """The graph kernel's BFS over the move graph."""
    maze, _, adjacency = solver_maze(size)
    graph = maze_graph(maze)
    refs = {"python": lambda: ref.bfs(adjacency, 0)}
    nx_graph = networkx_graph(adjacency)
    if nx_graph is not None:
        nx, g = nx_graph
        refs["networkx"] = lambda: nx.single_source_shortest_path_length(g, 0)
    return (lambda: bfs(graph, 0)), refs


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
