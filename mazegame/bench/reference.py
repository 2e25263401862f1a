"""Plain-Python reference implementations the benchmark measures the kernels against.

Straightforward code over lists and dicts, the way one would write it without numba;
they build valid mazes (not the same ones: they use Python's `random`).
"""

from __future__ import annotations

import heapq
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


# -- solvers (issue 4): walls are a flat list of N=1/E=2/S=4/W=8 bits, bounded mazes --------
def _moves(walls: list[int], w: int, h: int, cell: int):
    """(direction, neighbour) for each side of `cell` without a wall."""
    for d, nb in _neighbors(cell, w, h):
        if not walls[cell] >> d & 1:
            yield d, nb


def _step(walls: list[int], w: int, h: int, cell: int, d: int) -> int:
    return next((nb for dd, nb in _moves(walls, w, h, cell) if dd == d), cell)


def random_walk(walls, w, h, start, goal, budget, seed) -> list[int]:
    rng = random.Random(seed)
    path = [start]
    while path[-1] != goal and len(path) <= budget:
        path.append(rng.choice([nb for _, nb in _moves(walls, w, h, path[-1])]))
    return path


def wall_follower(walls, w, h, start, goal, facing, hand=1) -> list[int]:
    """Left hand (hand=1) or right hand (-1) on the wall; stops on a repeated state."""
    path, heading, seen = [start], facing, set()
    while path[-1] != goal and (path[-1], heading) not in seen:
        seen.add((path[-1], heading))
        for off in (-1, 0, 1, 2):
            d = (heading + hand * off) % 4
            nb = _step(walls, w, h, path[-1], d)
            if nb != path[-1]:
                path.append(nb)
                heading = d
                break
    return path


def pledge(walls, w, h, start, goal, prefer, budget) -> list[int]:
    path, heading, turns = [start], prefer, 0
    while path[-1] != goal and len(path) <= budget:
        for off in ((0, 1, 2, -1) if turns == 0 else (-1, 0, 1, 2)):
            d = (heading + off) % 4
            nb = _step(walls, w, h, path[-1], d)
            if nb != path[-1]:
                path.append(nb)
                heading, turns = d, turns + off
                break
    return path


def lru_doors(walls, w, h, start, goal, seed) -> list[int]:
    rng = random.Random(seed)
    doors: dict[tuple[int, int], int] = {}
    path = [start]
    while path[-1] != goal:
        cell = path[-1]
        moves = list(_moves(walls, w, h, cell))
        low = min(doors.get((cell, d), 0) for d, _ in moves)
        d, nb = rng.choice([(d, nb) for d, nb in moves if doors.get((cell, d), 0) == low])
        doors[(cell, d)] = doors[(nb, d ^ 2)] = len(path)
        path.append(nb)
    return path


def tremaux(walls, w, h, start, goal, seed) -> list[int]:
    """Depth-first with door marks, returning through each door into a visited cell."""
    rng = random.Random(seed)
    marked: set[tuple[int, int]] = set()
    back: dict[int, int] = {}
    path, visited = [start], {start}
    while path[-1] != goal:
        p = path[-1]
        free = [(d, nb) for d, nb in _moves(walls, w, h, p) if (p, d) not in marked]
        if free:
            d, q = rng.choice(free)
            marked.update({(p, d), (q, d ^ 2)})
            path.append(q)
            if q in visited:
                path.append(p)
            else:
                visited.add(q)
                back[q] = p
        else:
            path.append(back[p])
    return path


def cheese(adjacency: list[list[int]], start: int, goal: int, budget: int) -> list[int]:
    """The aroma diffusion and the rat, one Python loop per tick."""
    tar = [0.0] * len(adjacency)
    tar[goal] = 1.0
    path = [start]
    for _ in range(budget):
        if path[-1] == goal:
            break
        tar = [1.0 if v == goal else (tar[v] + sum(tar[u] for u in nbs)) / (1 + len(nbs))
               for v, nbs in enumerate(adjacency)]
        best = max(adjacency[path[-1]], key=lambda u: tar[u], default=path[-1])
        if tar[best] > tar[path[-1]]:
            path.append(best)
    return path


def astar(walls, w, h, start, goal) -> int:
    """Length of a shortest path by A* with the Manhattan distance."""
    gr, gc = divmod(goal, w)

    def guess(cell: int) -> int:
        r, c = divmod(cell, w)
        return abs(r - gr) + abs(c - gc)

    best = {start: 0}
    heap = [(guess(start), start)]
    while heap:
        _, v = heapq.heappop(heap)
        if v == goal:
            return best[v]
        for _, u in _moves(walls, w, h, v):
            if u not in best or best[v] + 1 < best[u]:
                best[u] = best[v] + 1
                heapq.heappush(heap, (best[u] + guess(u), u))
    return -1


def bidirectional_bfs(adjacency: list[list[int]], start: int, goal: int) -> int:
    """Length of a shortest path, growing the smaller side a level at a time (undirected)."""
    if start == goal:
        return 0
    dist = ({start: 0}, {goal: 0})
    frontier = ([start], [goal])
    while frontier[0] and frontier[1]:
        side = 0 if len(frontier[0]) <= len(frontier[1]) else 1
        mine, theirs = dist[side], dist[1 - side]
        nxt, best = [], -1
        for v in frontier[side]:
            for u in adjacency[v]:
                if u not in mine:
                    mine[u] = mine[v] + 1
                    nxt.append(u)
                    if u in theirs and (best < 0 or mine[u] + theirs[u] < best):
                        best = mine[u] + theirs[u]
        if best >= 0:
            return best
        frontier = (nxt, frontier[1]) if side == 0 else (frontier[0], nxt)
    return -1


def dead_end_fill(adjacency: list[list[int]], start: int, goal: int) -> set[int]:
    """The cells left after filling dead ends (undirected adjacency)."""
    degree = [len(nbs) for nbs in adjacency]
    filled: set[int] = set()
    stack = [v for v, d in enumerate(degree) if d <= 1 and v not in (start, goal)]
    filled.update(stack)
    while stack:
        v = stack.pop()
        for u in adjacency[v]:
            if u not in filled:
                degree[u] -= 1
                if degree[u] <= 1 and u not in (start, goal):
                    filled.add(u)
                    stack.append(u)
    return set(range(len(adjacency))) - filled


def all_pairs(adjacency: list[list[int]]) -> list[list[int]]:
    """M^d the plain way: a BFS from every cell."""
    return [bfs(adjacency, source) for source in range(len(adjacency))]


# -- the catalogue of issue 3 ----------------------------------------------------------------
def _find(parent: list[int], x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def anderson(w: int, h: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    walls = [0] * (w * h)  # open room; only interior walls matter for the timing
    cw = w + 1
    attached = [i in (0, h) or j in (0, w) for i in range(h + 1) for j in range(cw)]
    frontier = [q for q in range(len(attached)) if not attached[q]
                and any(attached[p] for _, p in _neighbors(q, cw, h + 1))]
    queued = set(frontier)
    while frontier:
        j = rng.randrange(len(frontier))
        frontier[j], frontier[-1] = frontier[-1], frontier[j]
        q = frontier.pop()
        d, _ = rng.choice([(d, p) for d, p in _neighbors(q, cw, h + 1) if attached[p]])
        i, jj = divmod(q, cw)
        cell, side = {0: ((i - 1) * w + jj, 3), 2: (i * w + jj, 3),
                      1: (i * w + jj, 0), 3: (i * w + jj - 1, 0)}[d]
        walls[cell] |= 1 << side
        walls[cell - (w if side == 0 else 1)] |= 1 << (side ^ 2)  # the cell across the wall
        attached[q] = True
        for _, p in _neighbors(q, cw, h + 1):
            if not attached[p] and p not in queued:
                queued.add(p)
                frontier.append(p)
    return walls


def connection_matrix(w: int, h: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    n = w * h
    walls = [15] * n
    parent = list(range(n))
    closed = []
    for cell in range(n):
        for d, nb in _neighbors(cell, w, h):
            if d in (1, 2):
                if rng.random() < 0.5:
                    _carve(walls, w, cell, d, nb)
                    parent[_find(parent, cell)] = _find(parent, nb)
                else:
                    closed.append((cell, d, nb))
    rng.shuffle(closed)
    for cell, d, nb in closed:
        a, b = _find(parent, cell), _find(parent, nb)
        if a != b:
            parent[a] = b
            _carve(walls, w, cell, d, nb)
    return walls


def _backbite(path: list[int], pos: dict, w: int, h: int, rng: random.Random) -> None:
    options = [nb for _, nb in _neighbors(path[-1], w, h) if nb in pos and nb != path[-2]]
    if options:
        i = pos[rng.choice(options)]
        path[i + 1:] = path[:i:-1]
        for j in range(i + 1, len(path)):
            pos[path[j]] = j


def _hamiltonian_path(w: int, h: int, start: int, rng: random.Random) -> list[int]:
    path, pos = [start], {start: 0}
    while len(path) < w * h:
        free = [nb for _, nb in _neighbors(path[-1], w, h) if nb not in pos]
        if free:
            v = rng.choice(free)
            pos[v] = len(path)
            path.append(v)
        else:
            _backbite(path, pos, w, h, rng)
    return path


def unicursal(w: int, h: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    walls = [15] * (w * h)
    path = _hamiltonian_path(w, h, 0, rng)
    for a, b in zip(path, path[1:], strict=False):
        d = next(d for d, nb in _neighbors(a, w, h) if nb == b)
        _carve(walls, w, a, d, b)
    return walls


def cavern(w: int, h: int, seed: int) -> list[bool]:
    rng = random.Random(seed)
    cw, ch = w - 1, h - 1
    path = _hamiltonian_path(cw, ch, rng.randrange(cw * ch), rng)
    pos = {v: i for i, v in enumerate(path)}
    while path[0] not in {nb for _, nb in _neighbors(path[-1], cw, ch)}:
        _backbite(path, pos, cw, ch, rng)
    down = set()
    for a, b in zip(path, path[1:] + path[:1], strict=False):
        if abs(a - b) == cw:
            down.add(min(a, b))
    rock = [True] * (w * h)
    for r in range(1, h - 1):
        inside = False
        for c in range(1, w - 1):
            inside ^= (r - 1) * cw + c - 1 in down
            rock[r * w + c] = not inside
    return rock


def aldous_broder(w: int, h: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    n = w * h
    walls = [15] * n
    visited = [False] * n
    cell = rng.randrange(n)
    visited[cell] = True
    remaining = n - 1
    while remaining:
        d, nb = rng.choice(list(_neighbors(cell, w, h)))
        if not visited[nb]:
            _carve(walls, w, cell, d, nb)
            visited[nb] = True
            remaining -= 1
        cell = nb
    return walls


def prim(w: int, h: int, seed: int) -> list[int]:
    import heapq

    rng = random.Random(seed)
    n = w * h
    walls = [15] * n
    visited = [False] * n
    heap: list[tuple[float, int, int, int]] = []

    def add(cell: int) -> None:
        visited[cell] = True
        for d, nb in _neighbors(cell, w, h):
            if not visited[nb]:
                heapq.heappush(heap, (rng.random(), cell, d, nb))

    add(rng.randrange(n))
    while heap:
        _, cell, d, nb = heapq.heappop(heap)
        if not visited[nb]:
            _carve(walls, w, cell, d, nb)
            add(nb)
    return walls


def hunt_and_kill(w: int, h: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    n = w * h
    walls = [15] * n
    visited = [False] * n
    cell = rng.randrange(w)  # the top row, as the kernel does
    visited[cell] = True
    scan = 0
    while True:
        options = [(d, nb) for d, nb in _neighbors(cell, w, h) if not visited[nb]]
        if options:
            d, nb = rng.choice(options)
            _carve(walls, w, cell, d, nb)
            visited[nb] = True
            cell = nb
            continue
        while scan < n and visited[scan]:
            scan += 1
        if scan == n:
            return walls
        for c in range(scan, n):
            seen = [(d, nb) for d, nb in _neighbors(c, w, h) if visited[nb]]
            if not visited[c] and seen:
                d, nb = rng.choice(seen)
                _carve(walls, w, c, d, nb)
                visited[c] = True
                cell = c
                break


def growing_tree(w: int, h: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    n = w * h
    walls = [15] * n
    visited = [False] * n
    active = [rng.randrange(n)]
    visited[active[0]] = True
    while active:
        i = len(active) - 1 if rng.random() < 0.5 else rng.randrange(len(active))
        cell = active[i]
        options = [(d, nb) for d, nb in _neighbors(cell, w, h) if not visited[nb]]
        if options:
            d, nb = rng.choice(options)
            _carve(walls, w, cell, d, nb)
            visited[nb] = True
            active.append(nb)
        else:
            del active[i]
    return walls


def eller(w: int, h: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    walls = [15] * (w * h)
    row = list(range(w))
    next_id = w
    for r in range(h):
        base = r * w
        for c in range(w - 1):
            if row[c] != row[c + 1] and (r == h - 1 or rng.random() < 0.5):
                old = row[c + 1]
                row = [row[c] if s == old else s for s in row]
                _carve(walls, w, base + c, 1, base + c + 1)
        if r == h - 1:
            break
        members: dict[int, list[int]] = {}
        for c, s in enumerate(row):
            members.setdefault(s, []).append(c)
        below = [-1] * w
        for s, cols in members.items():
            chosen = [c for c in cols if rng.random() < 0.5] or [rng.choice(cols)]
            for c in chosen:
                _carve(walls, w, base + c, 2, base + w + c)
                below[c] = s
        for c in range(w):
            if below[c] < 0:
                below[c] = next_id
                next_id += 1
        row = below
    return walls


def binary_tree(w: int, h: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    walls = [15] * (w * h)
    for cell in range(w * h):
        options = [(d, nb) for d, nb in _neighbors(cell, w, h) if d in (0, 1)]
        if options:
            d, nb = rng.choice(options)
            _carve(walls, w, cell, d, nb)
    return walls


def sidewinder(w: int, h: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    walls = [15] * (w * h)
    for r in range(h):
        run = []
        for c in range(w):
            cell = r * w + c
            run.append(cell)
            if c == w - 1 or (r > 0 and rng.random() < 0.5):
                if r > 0:
                    up = rng.choice(run)
                    _carve(walls, w, up, 0, up - w)
                run = []
            else:
                _carve(walls, w, cell, 1, cell + 1)
    return walls


def recursive_division(w: int, h: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    walls = [0] * (w * h)
    chambers = [(0, 0, h, w)]
    while chambers:
        r0, c0, ch, cw = chambers.pop()
        if ch < 2 or cw < 2:
            continue
        if ch > cw or (ch == cw and rng.random() < 0.5):
            cut, gap = rng.randrange(ch - 1), rng.randrange(cw)
            for c in range(cw):
                if c != gap:
                    cell = (r0 + cut) * w + c0 + c
                    walls[cell] |= 4
                    walls[cell + w] |= 1
            chambers += [(r0, c0, cut + 1, cw), (r0 + cut + 1, c0, ch - cut - 1, cw)]
        else:
            cut, gap = rng.randrange(cw - 1), rng.randrange(ch)
            for r in range(ch):
                if r != gap:
                    cell = (r0 + r) * w + c0 + cut
                    walls[cell] |= 2
                    walls[cell + 1] |= 8
            chambers += [(r0, c0, ch, cut + 1), (r0, c0 + cut + 1, ch, cw - cut - 1)]
    return walls


GENERATORS.update({
    "anderson": anderson,
    "connection-matrix": connection_matrix,
    "unicursal": unicursal,
    "cavern": cavern,
    "aldous-broder": aldous_broder,
    "prim": prim,
    "hunt-and-kill": hunt_and_kill,
    "growing-tree": growing_tree,
    "eller": eller,
    "binary-tree": binary_tree,
    "sidewinder": sidewinder,
    "recursive-division": recursive_division,
})
