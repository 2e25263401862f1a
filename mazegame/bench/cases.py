"""The benchmark cases: every registered generator, and BFS."""

from __future__ import annotations

from mazegame.bench import FULL_SIZES, bench_case, reference
from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.graph import bfs, maze_graph

#: Hamiltonian-path generators reverse a path segment per backbite, so they are timed at
#: the largest size they build in about a second; their plain-Python references only run
#: at the small size (at the large one they take minutes).
SLOW_SIZES = {
    "unicursal": ((50, 50), (150, 150)),
    "cavern": ((51, 51), (151, 151)),
}
REFERENCE_MAX_CELLS = {"unicursal": 2601, "cavern": 2601}

#: mazelib's class for each generator it also has (mazelib is optional, never a dependency).
MAZELIB = {
    "backtracker": "BacktrackingGenerator", "kruskal": "Kruskal", "wilson": "Wilsons",
    "aldous-broder": "AldousBroder", "prim": "Prims", "hunt-and-kill": "HuntAndKill",
    "growing-tree": "GrowingTree", "eller": "Ellers", "binary-tree": "BinaryTree",
    "sidewinder": "Sidewinder", "recursive-division": "Division",
}


def _mazelib_reference(name: str, w: int, h: int):
    """A call timing mazelib's generator of the same name, or None without mazelib."""
    if name not in MAZELIB:
        return None
    try:
        from importlib import import_module

        from mazelib import Maze as MazelibMaze

        generator = getattr(import_module(f"mazelib.generate.{MAZELIB[name]}"), MAZELIB[name])
    except (ImportError, AttributeError):
        return None

    def run():
        maze = MazelibMaze(1)
        maze.generator = generator(h, w)
        maze.generate()

    return run


def _generator_case(name: str) -> None:
    small, large = SLOW_SIZES.get(name, FULL_SIZES)

    def prepare(size):
        w, h = size
        refs = {}
        if name in reference.GENERATORS and w * h <= REFERENCE_MAX_CELLS.get(name, w * h):
            refs["python"] = lambda: reference.GENERATORS[name](w, h, 1)
        mazelib_run = _mazelib_reference(name, w, h)
        if mazelib_run is not None:
            refs["mazelib"] = mazelib_run
        return (lambda: generate(name, w, h, 1)), refs

    bench_case(f"generate {name}", sizes=(small, large), quick_sizes=(small,))(prepare)


for _name in GENERATORS:
    _generator_case(_name)


@bench_case("bfs")
def _bfs(size):
    w, h = size
    maze = generate("kruskal", w, h, 1).maze
    graph = maze_graph(maze)
    adjacency = [graph.successors(v).tolist() for v in range(graph.n)]
    refs = {"python": lambda: reference.bfs(adjacency, 0)}
    try:
        import networkx as nx

        g = nx.Graph()
        g.add_nodes_from(range(graph.n))
        g.add_edges_from((v, u) for v in range(graph.n) for u in adjacency[v])
        refs["networkx"] = lambda: nx.single_source_shortest_path_length(g, 0)
    except ImportError:
        pass
    return (lambda: bfs(graph, 0)), refs


# -- jumping mazes -------------------------------------------------------------------------
def _python_jump_bfs(jumps: list[list[int]], start: tuple[int, int]) -> dict:
    """Seed 003's breadth-first search over rook jumps, in plain Python (the reference)."""
    h, w = len(jumps), len(jumps[0])
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for r, c in frontier:
            k = jumps[r][c]
            for r2, c2 in ((r - k, c), (r + k, c), (r, c - k), (r, c + k)):
                if k and 0 <= r2 < h and 0 <= c2 < w and (r2, c2) not in dist:
                    dist[(r2, c2)] = dist[(r, c)] + 1
                    nxt.append((r2, c2))
        frontier = nxt
    return dist


@bench_case("jump solve", sizes=((10, 10), (32, 32)), quick_sizes=((10, 10),))
def _jump_solve(size):
    # The kernel side runs the whole analysis (both BFSs, path counts, energy); the
    # reference only the forward BFS, so the ratio understates the speed-up.
    import numpy as np

    from mazegame.engine.jump import JumpPuzzle, legal_jumps, solve

    w, h = size
    rng = np.random.default_rng(1)
    legal = legal_jumps(h, w, "rook", False)
    goal = h * w - 1
    jumps = np.array([0 if c == goal else rng.choice(np.flatnonzero(legal[c]))
                      for c in range(h * w)]).reshape(h, w)
    puzzle = JumpPuzzle(jumps, 0, goal)
    rows = jumps.tolist()
    return (lambda: solve(puzzle)), {"python": lambda: _python_jump_bfs(rows, (0, 0))}


@bench_case("jump design (1 puzzle)", sizes=((5, 5), (8, 8)), quick_sizes=((5, 5),))
def _jump_design(size):
    from mazegame.engine.jump_design import design

    return (lambda: design(size[0], "rook", 1)), {}


@bench_case("jump design (pack of 10)", sizes=((5, 5),), quick_sizes=((5, 5),))
def _jump_pack(size):
    from mazegame.engine.jump_design import design_pack

    return (lambda: design_pack(size[0], "rook", 10, 1)), {}


# -- solvers and matrices (issue 4) -----------------------------------------------------------
def _solver_maze(size):
    """A perfect maze from corner to corner, plus what the plain-Python references read."""
    w, h = size
    maze = generate("kruskal", w, h, 1).maze
    graph = maze_graph(maze)
    adjacency = [graph.successors(v).tolist() for v in range(graph.n)]
    return maze, maze.walls.ravel().tolist(), adjacency


def _networkx(adjacency):
    """(networkx, the adjacency as its graph), or None without networkx."""
    try:
        import networkx as nx
    except ImportError:
        return None
    return nx, nx.Graph([(v, u) for v, nbs in enumerate(adjacency) for u in nbs])


def _solver_case(name, sizes=FULL_SIZES, quick_sizes=((200, 200),), budget=None):
    """Bench `solve(name)` against its reference; `reference(maze, walls, adjacency)`."""

    def register_with(reference_fn, networkx_fn=None):
        def prepare(size):
            from mazegame.engine.solve import solve

            maze, walls, adjacency = _solver_maze(size)
            refs = {"python": lambda: reference_fn(maze, walls, adjacency)}
            nx_graph = _networkx(adjacency) if networkx_fn else None
            if nx_graph is not None:
                refs["networkx"] = lambda: networkx_fn(*nx_graph, maze)
            return (lambda: solve(name, maze, budget=budget)), refs

        label = name if budget is None else f"{name} ({budget:,} steps)"
        bench_case(f"solve {label}", sizes=sizes, quick_sizes=quick_sizes)(prepare)

    return register_with


def _goal(m):
    return m.goals[0]


def _hand_reference(hand):
    from mazegame.engine.solve.walkers import hand_on_wall

    return lambda m, walls, adj: reference.wall_follower(
        walls, m.width, m.height, m.start, _goal(m), hand_on_wall(m, hand), hand)


def _pledge_reference(m, walls, adj):
    from mazegame.engine.solve.walkers import toward_goal

    return reference.pledge(walls, m.width, m.height, m.start, _goal(m), toward_goal(m), 10**8)


_solver_case("random-walk", sizes=((200, 200),), budget=1_000_000)(
    lambda m, walls, adj: reference.random_walk(walls, m.width, m.height, m.start, _goal(m),
                                                1_000_000, 1))
_solver_case("left-hand")(_hand_reference(1))
_solver_case("right-hand")(_hand_reference(-1))
_solver_case("hand-switch")(_hand_reference(1))  # on a perfect maze: the left-hand walk
_solver_case("lru-doors")(
    lambda m, walls, adj: reference.lru_doors(walls, m.width, m.height, m.start, _goal(m), 1))
_solver_case("bfs-from-goal")(
    lambda m, walls, adj: reference.bfs(adj, _goal(m)),  # two-way maze: reversing is a no-op
    lambda nx, g, m: nx.single_source_shortest_path_length(g, _goal(m)))
_solver_case("tremaux")(
    lambda m, walls, adj: reference.tremaux(walls, m.width, m.height, m.start, _goal(m), 1))
_solver_case("cheese", sizes=((32, 32), (64, 64)), quick_sizes=((32, 32),))(
    lambda m, walls, adj: reference.cheese(adj, m.start, _goal(m), 10**7))
_solver_case("pledge")(_pledge_reference)
_solver_case("dead-end-fill")(
    lambda m, walls, adj: reference.dead_end_fill(adj, m.start, _goal(m)))
_solver_case("astar")(
    lambda m, walls, adj: reference.astar(walls, m.width, m.height, m.start, _goal(m)),
    lambda nx, g, m: nx.astar_path_length(
        g, m.start, _goal(m),
        heuristic=lambda a, b: abs(a // m.width - b // m.width) + abs(a % m.width - b % m.width)))
_solver_case("bidirectional-bfs")(
    lambda m, walls, adj: reference.bidirectional_bfs(adj, m.start, _goal(m)),
    lambda nx, g, m: nx.bidirectional_shortest_path(g, m.start, _goal(m)))


@bench_case("all-pairs distances (M^d by BFS)", sizes=((32, 32), (64, 64), (100, 100)),
            quick_sizes=((32, 32),))
def _all_pairs(size):
    from mazegame.engine.matrices import distance_matrix

    maze, _, adjacency = _solver_maze(size)
    refs = {}
    if maze.size <= 1024:  # the pure-Python and networkx tables grow as n^2 Python objects
        refs["python"] = lambda: reference.all_pairs(adjacency)
        nx_graph = _networkx(adjacency)
        if nx_graph is not None:
            nx, g = nx_graph
            refs["networkx"] = lambda: dict(nx.all_pairs_shortest_path_length(g))
    try:
        import numpy as np
        from scipy.sparse import csr_matrix
        from scipy.sparse.csgraph import shortest_path

        graph = maze_graph(maze)
        sparse = csr_matrix((np.ones(graph.indices.size), graph.indices, graph.indptr))
        refs["scipy"] = lambda: shortest_path(sparse, unweighted=True)
    except ImportError:
        pass
    return (lambda: distance_matrix(maze)), refs


@bench_case("M^d: BFS vs Suits' matrix method", sizes=((8, 8), (16, 16)), quick_sizes=((8, 8),))
def _matrix_method(size):
    from mazegame.engine.matrices import (
        connection_matrix,
        distance_matrix,
        distance_matrix_by_powers,
    )

    maze, _, _ = _solver_maze(size)
    refs = {"matrix method": lambda: distance_matrix_by_powers(connection_matrix(maze))}
    return (lambda: distance_matrix(maze)), refs


@bench_case("player's-eye frame", sizes=((60, 20), (200, 60), (240, 70)),
            quick_sizes=((200, 60),))
def _eye_frame(size):
    from mazegame.games.eyeview import look, render_view

    width, height = size
    maze = generate("backtracker", 40, 40, 1).maze
    facing = next(d for d in range(4) if maze.step(maze.start, d) != maze.start)
    return (lambda: render_view(look(maze, maze.start, facing, 8), width, height, 8)), {}


# -- the demon (issue 6) ---------------------------------------------------------------------
_DEMON_SIZES = ((50, 50), (200, 200), (1000, 1000))


def _demon_decisions(size, strategy: str, near: bool):
    """One tracker decision per call, each towards a target no cached search holds.

    The demon stands about 50 moves from the player (near) or at the far end of the maze;
    the player steps along the last cells of the demon's route, one more than the brain
    caches, so every decision is a fresh M^s column. Reference: the whole column computed
    the plain way (`matrices.solution_moves`: a full BFS plus every cell's closer moves).
    """
    from mazegame.engine.demon import SEARCH_SLOTS, DemonBrain
    from mazegame.engine.graph import path_to
    from mazegame.engine.matrices import solution_moves

    w, h = size
    maze = generate("backtracker", w, h, 1, braid=0.2).maze
    player = maze.index(h // 2, w // 2) if near else maze.size - 1
    to_player, _, _ = bfs(maze_graph(maze).reversed(), player)
    demon = int(abs(to_player - 50).argmin()) if near else int(to_player.argmax())
    dist, parent, _ = bfs(maze_graph(maze), demon)
    targets = path_to(dist, parent, player)[-(SEARCH_SLOTS + 1):]
    brain = DemonBrain(maze, strategy)
    turn = [0]

    def decide():
        turn[0] += 1
        return brain.next_move(demon, targets[turn[0] % len(targets)])

    return decide, {"full M^s column": lambda: solution_moves(maze, player)}


for _where in ("near", "far"):
    bench_case(f"demon decision on-demand ({_where})", sizes=_DEMON_SIZES,
               quick_sizes=((200, 200),))(
        lambda size, _near=_where == "near": _demon_decisions(size, "on-demand", _near))
bench_case("demon decision all-pairs (far)", sizes=((50, 50), (64, 64)),
           quick_sizes=((50, 50),))(lambda size: _demon_decisions(size, "all-pairs", False))


def _largest_table_side() -> int:
    """The side of the largest square maze whose next-move table fits the default budget."""
    from mazegame.engine.demon import DEFAULT_BUDGET

    return int(DEFAULT_BUDGET ** 0.25)


_SIDE = _largest_table_side()


@bench_case(f"demon all-pairs table build ({_SIDE}x{_SIDE}: {_SIDE ** 4 / 2**20:.1f} MiB uint8)",
            sizes=((_SIDE, _SIDE),), quick_sizes=((_SIDE, _SIDE),))
def _demon_table(size):
    # Reference: M^d itself by all-pairs BFS (int32, 4x the memory), which the table replaces.
    from mazegame.engine.demon import DemonBrain
    from mazegame.engine.matrices import distance_matrix

    maze = generate("backtracker", size[0], size[1], 1, braid=0.2).maze
    return (lambda: DemonBrain(maze, "all-pairs")), {"M^d (int32)": lambda: distance_matrix(maze)}
