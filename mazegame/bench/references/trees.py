"""Plain-Python references of the spanning-tree generators (lists and Python's `random`)."""

from __future__ import annotations

import random

from mazegame.bench.references.grid import DC, DR, carve, neighbors


def spanning_tree(w: int, h: int, seed: int) -> list[int]:
    """Random spanning tree grown from a random frontier cell (Prim-like)."""
    rng = random.Random(seed)
    n = w * h
    walls = [15] * n
    state = [0] * n
    frontier: list[int] = []
    present = rng.randrange(n)
    while True:
        state[present] = 2
        for _, nb in neighbors(present, w, h):
            if state[nb] == 0:
                state[nb] = 1
                frontier.append(nb)
        if not frontier:
            return walls
        j = rng.randrange(len(frontier))
        frontier[j], frontier[-1] = frontier[-1], frontier[j]
        present = frontier.pop()
        d, nb = rng.choice([(d, nb) for d, nb in neighbors(present, w, h) if state[nb] == 2])
        carve(walls, w, present, d, nb)


def backtracker(w: int, h: int, seed: int) -> list[int]:
    """Recursive backtracker (depth-first search) with an explicit stack."""
    rng = random.Random(seed)
    n = w * h
    walls = [15] * n
    visited = [False] * n
    stack = [rng.randrange(n)]
    visited[stack[0]] = True
    while stack:
        cell = stack[-1]
        options = [(d, nb) for d, nb in neighbors(cell, w, h) if not visited[nb]]
        if not options:
            stack.pop()
            continue
        d, nb = rng.choice(options)
        carve(walls, w, cell, d, nb)
        visited[nb] = True
        stack.append(nb)
    return walls


def kruskal(w: int, h: int, seed: int) -> list[int]:
    """Kruskal's algorithm over shuffled edges with a union-find."""
    rng = random.Random(seed)
    n = w * h
    walls = [15] * n
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    edges = [(cell, d, nb) for cell in range(n) for d, nb in neighbors(cell, w, h) if d in (1, 2)]
    rng.shuffle(edges)
    for cell, d, nb in edges:
        a, b = find(cell), find(nb)
        if a != b:
            parent[a] = b
            carve(walls, w, cell, d, nb)
    return walls


def wilson(w: int, h: int, seed: int) -> list[int]:
    """Wilson's algorithm: loop-erased random walks into the tree."""
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
            d, nb = rng.choice(list(neighbors(cell, w, h)))
            exit_dir[cell] = d
            cell = nb
        cell = start
        while not in_tree[cell]:  # the loop-erased path is what the exits now say
            d = exit_dir[cell]
            nb = cell + DR[d] * w + DC[d]
            carve(walls, w, cell, d, nb)
            in_tree[cell] = True
            cell = nb
    return walls


def aldous_broder(w: int, h: int, seed: int) -> list[int]:
    """Aldous-Broder: a random walk carves into every unvisited cell."""
    rng = random.Random(seed)
    n = w * h
    walls = [15] * n
    visited = [False] * n
    cell = rng.randrange(n)
    visited[cell] = True
    remaining = n - 1
    while remaining:
        d, nb = rng.choice(list(neighbors(cell, w, h)))
        if not visited[nb]:
            carve(walls, w, cell, d, nb)
            visited[nb] = True
            remaining -= 1
        cell = nb
    return walls


def prim(w: int, h: int, seed: int) -> list[int]:
    """Prim's maze as the kernel builds it: its walls weighted by one random order, the
    minimum spanning tree of those weights is unique, so it is Kruskal's loop over that
    order (the lab's trace grows the same tree as Prim does)."""
    return kruskal(w, h, seed)


def hunt_and_kill(w: int, h: int, seed: int) -> list[int]:
    """Hunt-and-kill: random walk, then scan for a cell next to the maze."""
    rng = random.Random(seed)
    n = w * h
    walls = [15] * n
    visited = [False] * n
    cell = rng.randrange(w)  # the top row, as the kernel does
    visited[cell] = True
    scan = 0
    while True:
        options = [(d, nb) for d, nb in neighbors(cell, w, h) if not visited[nb]]
        if options:
            d, nb = rng.choice(options)
            carve(walls, w, cell, d, nb)
            visited[nb] = True
            cell = nb
            continue
        while scan < n and visited[scan]:
            scan += 1
        if scan == n:
            return walls
        for c in range(scan, n):
            seen = [(d, nb) for d, nb in neighbors(c, w, h) if visited[nb]]
            if not visited[c] and seen:
                d, nb = rng.choice(seen)
                carve(walls, w, c, d, nb)
                visited[c] = True
                cell = c
                break


def growing_tree(w: int, h: int, seed: int) -> list[int]:
    """Growing tree, half newest and half random cell."""
    rng = random.Random(seed)
    n = w * h
    walls = [15] * n
    visited = [False] * n
    active = [rng.randrange(n)]
    visited[active[0]] = True
    while active:
        i = len(active) - 1 if rng.random() < 0.5 else rng.randrange(len(active))
        cell = active[i]
        options = [(d, nb) for d, nb in neighbors(cell, w, h) if not visited[nb]]
        if options:
            d, nb = rng.choice(options)
            carve(walls, w, cell, d, nb)
            visited[nb] = True
            active.append(nb)
        else:
            del active[i]
    return walls

