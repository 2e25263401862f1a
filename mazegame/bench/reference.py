"""Plain-Python reference implementations the benchmark measures the kernels against.

Straightforward code over lists and dicts, the way one would write it without numba;
they build valid mazes (not the same ones: they use Python's `random`).
"""

from __future__ import annotations

import random
from collections import deque

_DR = (-1, 0, 1, 0)
_DC = (0, 1, 0, -1)


def _neighbors(cell: int, w: int, h: int):
    r, c = divmod(cell, w)
    for d in range(4):
        rr, cc = r + _DR[d], c + _DC[d]
        if 0 <= rr < h and 0 <= cc < w:
            yield d, rr * w + cc


def _carve(walls: list[int], w: int, cell: int, d: int, other: int) -> None:
    walls[cell] &= ~(1 << d)
    walls[other] &= ~(1 << (d ^ 2))


def spanning_tree(w: int, h: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    n = w * h
    walls = [15] * n
    state = [0] * n
    frontier: list[int] = []
    present = rng.randrange(n)
    while True:
        state[present] = 2
        for _, nb in _neighbors(present, w, h):
            if state[nb] == 0:
                state[nb] = 1
                frontier.append(nb)
        if not frontier:
            return walls
        j = rng.randrange(len(frontier))
        frontier[j], frontier[-1] = frontier[-1], frontier[j]
        present = frontier.pop()
        d, nb = rng.choice([(d, nb) for d, nb in _neighbors(present, w, h) if state[nb] == 2])
        _carve(walls, w, present, d, nb)


def backtracker(w: int, h: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    n = w * h
    walls = [15] * n
    visited = [False] * n
    stack = [rng.randrange(n)]
    visited[stack[0]] = True
    while stack:
        cell = stack[-1]
        options = [(d, nb) for d, nb in _neighbors(cell, w, h) if not visited[nb]]
        if not options:
            stack.pop()
            continue
        d, nb = rng.choice(options)
        _carve(walls, w, cell, d, nb)
        visited[nb] = True
        stack.append(nb)
    return walls


def kruskal(w: int, h: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    n = w * h
    walls = [15] * n
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    edges = [(cell, d, nb) for cell in range(n) for d, nb in _neighbors(cell, w, h) if d in (1, 2)]
    rng.shuffle(edges)
    for cell, d, nb in edges:
        a, b = find(cell), find(nb)
        if a != b:
            parent[a] = b
            _carve(walls, w, cell, d, nb)
    return walls


def wilson(w: int, h: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    n = w * h
    walls = [15] * n
    in_tree = [False] * n
    order = list(range(n))
    rng.shuffle(order)
    in_tree[order[0]] = True
    exit_dir = [0] * n
    for start in order[1:]:
        cell = start
        while not in_tree[cell]:  # walk, remembering the last exit from each cell
            d, nb = rng.choice(list(_neighbors(cell, w, h)))
            exit_dir[cell] = d
            cell = nb
        cell = start
        while not in_tree[cell]:  # the loop-erased path is what the exits now say
            d = exit_dir[cell]
            nb = cell + _DR[d] * w + _DC[d]
            _carve(walls, w, cell, d, nb)
            in_tree[cell] = True
            cell = nb
    return walls


def bfs(adjacency: list[list[int]], source: int) -> list[int]:
    dist = [-1] * len(adjacency)
    dist[source] = 0
    queue = deque([source])
    while queue:
        v = queue.popleft()
        for u in adjacency[v]:
            if dist[u] < 0:
                dist[u] = dist[v] + 1
                queue.append(u)
    return dist


GENERATORS = {
    "spanning-tree": spanning_tree,
    "backtracker": backtracker,
    "kruskal": kruskal,
    "wilson": wilson,
}
