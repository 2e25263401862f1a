"""The benchmark's plain-Python twins compute what the kernels compute (small mazes only).

Deterministic twins (BFS, M^d, A*, the wall followers, Pledge, dead-end filling, the aroma)
must give exactly the kernel's answer; the seeded ones use Python's `random`, so they are held
to the kernel's structure instead (a perfect maze of the right size, a walk through open doors).
"""

from __future__ import annotations

import numpy as np
import pytest

from mazegame.bench.cases.common import solver_maze
from mazegame.bench.references import GENERATORS as REFERENCE_GENERATORS
from mazegame.bench.references import solvers as ref
from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.graph import bfs, maze_graph
from mazegame.engine.matrices import distance_matrix
from mazegame.engine.solve import solve
from mazegame.engine.solve.walkers import hand_on_wall, toward_goal

SIZES = ((7, 5), (4, 9))
SEEDS = (1, 2)
DR, DC = (-1, 0, 1, 0), (0, 1, 0, -1)


def doors(walls: list[int], w: int, h: int) -> list[tuple[int, int]]:
    """The open sides (cell, neighbour) of a bounded maze, each once; fails on a one-sided door
    or an open outer wall."""
    out = []
    for cell, bits in enumerate(walls):
        r, c = divmod(cell, w)
        for d in range(4):
            if bits >> d & 1:
                continue
            rr, cc = r + DR[d], c + DC[d]
            assert 0 <= rr < h and 0 <= cc < w, f"cell {cell} open through the border ({d})"
            other = rr * w + cc
            assert not walls[other] >> (d ^ 2) & 1, f"one-sided door {cell} -> {other}"
            if cell < other:
                out.append((cell, other))
    return out


def parts(n: int, edges: list[tuple[int, int]]) -> int:
    """How many connected parts the edges leave among n cells."""
    parent = list(range(n))

    def root(x):
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b in edges:
        parent[root(a)] = root(b)
    return len({root(v) for v in range(n)})


def is_spanning_tree(n: int, edges: list[tuple[int, int]]) -> bool:
    """n - 1 edges joining all n cells (so no loop)."""
    return len(edges) == n - 1 and parts(n, edges) == 1


def with_border(walls: list[int], w: int, h: int) -> list[int]:
    """The walls with the outer ones up (the room dividers' twins leave them off: only the
    inside matters to the timing)."""
    out = list(walls)
    for v in range(w * h):
        r, c = divmod(v, w)
        out[v] |= (r == 0) * 1 | (c == w - 1) * 2 | (r == h - 1) * 4 | (c == 0) * 8
    return out


def open_tree_size(rock: list[bool], w: int, h: int) -> int | None:
    """The number of open cells if they form a tree under 4-neighbour moves, else None."""
    cells = [v for v in range(w * h) if not rock[v]]
    index = {v: i for i, v in enumerate(cells)}
    edges = [(index[v], index[v + 1]) for v in cells if v % w < w - 1 and v + 1 in index]
    edges += [(index[v], index[v + w]) for v in cells if v + w in index]
    return len(cells) if is_spanning_tree(len(cells), edges) else None


def test_every_generator_with_a_twin_is_registered():
    """A twin names a generator the kernels have."""
    assert set(REFERENCE_GENERATORS) <= set(GENERATORS)


@pytest.mark.parametrize("name", sorted(set(REFERENCE_GENERATORS) - {"cavern"}))
def test_generator_twin_builds_a_maze_like_the_kernels(name):
    """Same size, two-sided doors, all cells joined; a tree when the kernel's always is."""
    spec = GENERATORS[name]
    for w, h in SIZES:
        for seed in SEEDS:
            walls = REFERENCE_GENERATORS[name](w, h, seed)
            assert len(walls) == w * h
            edges = doors(walls if spec.carves else with_border(walls, w, h), w, h)
            assert parts(w * h, edges) == 1, (name, w, h, seed)
            if spec.perfect:  # else loops are allowed, not required
                assert is_spanning_tree(w * h, edges), (name, w, h, seed)


def test_cavern_twin_carves_a_tree_of_the_kernels_size():
    """Rock all round, the open cells a tree, as many of them as in the kernel's cavern."""
    for w, h in ((7, 5), (5, 8)):
        for seed in SEEDS:
            rock = REFERENCE_GENERATORS["cavern"](w, h, seed)
            kernel = generate("cavern", w, h, seed).maze.solid.ravel().tolist()
            grid = np.array(rock).reshape(h, w)
            assert grid[0].all() and grid[-1].all() and grid[:, 0].all() and grid[:, -1].all()
            assert open_tree_size(rock, w, h) == open_tree_size(kernel, w, h) is not None


@pytest.fixture(scope="module", params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def maze(request):
    """(maze, walls list, adjacency lists) of a perfect maze, as the bench feeds the twins."""
    return solver_maze(request.param)


def test_bfs_twin_gives_the_kernels_distances(maze):
    m, _, adjacency = maze
    for source in (0, m.size - 1, m.size // 2):
        assert ref.bfs(adjacency, source) == bfs(maze_graph(m), source)[0].tolist()


def test_all_pairs_twin_is_the_kernels_distance_matrix(maze):
    m, _, adjacency = maze
    assert np.array_equal(np.array(ref.all_pairs(adjacency)), distance_matrix(m))


def test_shortest_length_twins_match_bfs(maze):
    """A* and bidirectional BFS find the kernel's shortest length."""
    m, walls, adjacency = maze
    goal = m.goals[0]
    length = len(solve("bfs", m).path) - 1
    assert ref.astar(walls, m.width, m.height, m.start, goal) == length
    assert ref.bidirectional_bfs(adjacency, m.start, goal) == length
    assert ref.bfs(adjacency, m.start)[goal] == length


@pytest.mark.parametrize("name,hand", [("left-hand", 1), ("right-hand", -1)])
def test_wall_follower_twin_walks_the_kernels_walk(maze, name, hand):
    m, walls, _ = maze
    facing = hand_on_wall(m, hand)
    walk = ref.wall_follower(walls, m.width, m.height, m.start, m.goals[0], facing, hand)
    assert walk == solve(name, m).walk


def test_pledge_twin_walks_the_kernels_walk(maze):
    m, walls, _ = maze
    walk = ref.pledge(walls, m.width, m.height, m.start, m.goals[0], toward_goal(m), 10**6)
    assert walk == solve("pledge", m).walk


def test_dead_end_fill_twin_leaves_the_kernels_path(maze):
    """On a perfect maze the cells left are exactly the one path."""
    m, _, adjacency = maze
    assert ref.dead_end_fill(adjacency, m.start, m.goals[0]) == set(solve("dead-end-fill", m).path)


def test_cheese_twin_follows_the_kernels_aroma(maze):
    m, _, adjacency = maze
    assert ref.cheese(adjacency, m.start, m.goals[0], 10**5) == solve("cheese", m).walk


def is_walk(walls: list[int], w: int, path: list[int]) -> bool:
    """Each step goes through an open side to the neighbour on that side."""
    for a, b in zip(path, path[1:], strict=False):
        r, c = divmod(a, w)
        sides = [d for d in range(4) if (r + DR[d]) * w + c + DC[d] == b
                 and 0 <= c + DC[d] < w and not walls[a] >> d & 1]
        if not sides:
            return False
    return True


@pytest.mark.parametrize("name", ["random-walk", "lru-doors", "tremaux"])
def test_seeded_walker_twins_walk_through_doors_to_the_goal(maze, name):
    """Python's `random` is not the kernel's: the twin's walk is checked, not compared."""
    m, walls, _ = maze
    w, h, start, goal = m.width, m.height, m.start, m.goals[0]
    walk = {
        "random-walk": lambda: ref.random_walk(walls, w, h, start, goal, 10**6, 1),
        "lru-doors": lambda: ref.lru_doors(walls, w, h, start, goal, 1),
        "tremaux": lambda: ref.tremaux(walls, w, h, start, goal, 1),
    }[name]()
    assert walk[0] == start and walk[-1] == goal and is_walk(walls, w, walk)
    assert solve(name, m).found
