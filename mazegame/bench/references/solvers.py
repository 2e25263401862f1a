"""Plain-Python references of the solvers: walls are a flat list of N/E/S/W bits, bounded mazes."""

from __future__ import annotations

import heapq
import random
from collections import deque

from mazegame.bench.references.grid import neighbors


def bfs(adjacency: list[list[int]], source: int) -> list[int]:
    """Distances from `source` over an adjacency list (-1: unreachable)."""
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


def components(adjacency: list[list[int]]) -> int:
    """Number of weakly connected components, by BFS over the edges taken both ways."""
    both = [set(nbs) for nbs in adjacency]
    for v, nbs in enumerate(adjacency):
        for u in nbs:
            both[u].add(v)
    seen = [False] * len(adjacency)
    count = 0
    for root in range(len(adjacency)):
        if seen[root]:
            continue
        count += 1
        seen[root] = True
        queue = deque([root])
        while queue:
            for u in both[queue.popleft()]:
                if not seen[u]:
                    seen[u] = True
                    queue.append(u)
    return count


def _moves(walls: list[int], w: int, h: int, cell: int):
    """(direction, neighbour) for each side of `cell` without a wall."""
    for d, nb in neighbors(cell, w, h):
        if not walls[cell] >> d & 1:
            yield d, nb


def _step(walls: list[int], w: int, h: int, cell: int, d: int) -> int:
    """Where a move in direction d lands (the same cell when walled)."""
    return next((nb for dd, nb in _moves(walls, w, h, cell) if dd == d), cell)


def random_walk(walls, w, h, start, goal, budget, seed) -> list[int]:
    """A random walk from start until the goal or `budget` steps."""
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
    """Pledge's algorithm: go straight, then follow the wall until the turns cancel."""
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
    """Walk through the least recently used door (ties at random)."""
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

