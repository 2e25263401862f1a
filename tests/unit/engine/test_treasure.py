"""Suits' treasure hunt (section 4.3): the best walk equals a brute-force optimum on small
mazes, every walk is a walk through the move graph that enters every reachable cell, and
the best is never worse than the two simple orders.

Two oracles, written apart from the engine: every order of first visits joined by shortest
ways (itertools.permutations, up to 8 cells), and a Dijkstra over (cells entered, where the
walker stands) one move at a time (up to 12 cells), which needs no distances and no
argument about which orders to try."""

from __future__ import annotations

import heapq
import itertools
from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.engine import treasure
from mazegame.engine.generate import generate
from mazegame.engine.grid import Maze
from mazegame.engine.oneway import add_one_way_doors


def moves(maze: Maze) -> dict[int, list[int]]:
    """Cell -> the cells one move away, read from `maze.step` (plain Python)."""
    return {c: sorted({maze.step(c, d) for d in range(4)} - {c}) for c in range(maze.size)}


def reached(graph, start) -> set[int]:
    seen, todo = {start}, deque([start])
    while todo:
        for u in graph[todo.popleft()]:
            if u not in seen:
                seen.add(u)
                todo.append(u)
    return seen


def distances(graph, source) -> dict[int, int]:
    dist, todo = {source: 0}, deque([source])
    while todo:
        v = todo.popleft()
        for u in graph[v]:
            if u not in dist:
                dist[u] = dist[v] + 1
                todo.append(u)
    return dist


def brute_by_orders(maze: Maze) -> int | None:
    """The least total over every order of first visits, joined by shortest ways (a way
    that enters a cell early only lowers the total, so the least of these is the optimum);
    None when one-way doors let no order through."""
    graph = moves(maze)
    cells = sorted(reached(graph, maze.start) - {maze.start})
    dist = {c: distances(graph, c) for c in [maze.start, *cells]}
    best = None
    for order in itertools.permutations(cells):
        here, clock, total = maze.start, 0, 0
        for cell in order:
            if cell not in dist[here]:
                break
            clock += dist[here][cell]
            total += clock
            here = cell
        else:
            best = total if best is None else min(best, total)
    return best


def brute_by_moves(maze: Maze) -> int | None:
    """Dijkstra over (cells entered, where the walker stands), one move at a time: a move
    costs one step for every cell still hidden."""
    graph = moves(maze)
    cells = reached(graph, maze.start)
    bit = {c: 1 << i for i, c in enumerate(sorted(cells))}
    full = sum(bit.values())
    first = (bit[maze.start], maze.start)
    best, heap = {first: 0}, [(0, *first)]
    while heap:
        total, found, here = heapq.heappop(heap)
        if found == full:
            return total
        if total > best[(found, here)]:
            continue
        hidden = len(cells) - bin(found).count("1")
        for u in graph[here]:
            state = (found | bit[u], u)
            if total + hidden < best.get(state, total + hidden + 1):
                best[state] = total + hidden
                heapq.heappush(heap, (total + hidden, *state))
    return None


def small_mazes(most: int):
    """Mazes of up to `most` cells: perfect, braided, wrapped and with one-way doors."""
    sizes = [(w, h) for w in range(1, 5) for h in range(1, 5) if w * h <= most]
    for (w, h), name, seed in itertools.product(sizes, ("backtracker", "kruskal", "prim"),
                                                range(1, 4)):
        yield generate(name, w, h, seed).maze
        yield generate(name, w, h, seed, braid=0.6).maze
        if w > 2 and h > 2:
            yield generate(name, w, h, seed, wrap_x=True, braid=0.3).maze
        yield add_one_way_doors(generate(name, w, h, seed, braid=0.5).maze, 0.4, seed)
        traps = add_one_way_doors(generate(name, w, h, seed, braid=0.5).maze, 0.3, seed,
                                  traps=True)
        yield traps.copy(start=traps.size // 2)


def check_walk(maze: Maze, found: treasure.TreasureWalk) -> None:
    """One move a step, every reachable cell entered, and the total recounted."""
    graph = moves(maze)
    walk = found.walk
    assert walk[0] == maze.start
    assert all(b in graph[a] for a, b in zip(walk, walk[1:], strict=False))
    cells = reached(graph, maze.start)
    first = {}
    for step, cell in enumerate(walk):
        first.setdefault(cell, step)
    assert set(first) == cells
    assert found.first_steps() == first
    assert found.total == sum(first.values())
    assert found.cells == len(cells)
    assert found.expected == pytest.approx(sum(first.values()) / len(cells))


@pytest.mark.parametrize("tree_rule", [True, False], ids=["as-is", "no-tree-rule"])
def test_the_best_walk_equals_both_brute_forces_on_small_mazes(tree_rule, monkeypatch):
    if not tree_rule:  # the exact search itself, on the perfect mazes too
        monkeypatch.setattr(treasure, "is_tree", lambda graph, cells: False)
    tried = trapped = 0
    for maze in small_mazes(12):
        optimum = brute_by_moves(maze)
        if len(reached(moves(maze), maze.start)) <= 8:
            assert brute_by_orders(maze) == optimum
        if optimum is None:
            with pytest.raises(ValueError, match="trap"):
                treasure.best_walk(maze)
            trapped += 1
            continue
        best = treasure.best_walk(maze)
        assert best.exact and best.order == "best"
        assert best.total == optimum, (maze.walls.tolist(), maze.start)
        check_walk(maze, best)
        tried += 1
    assert tried > 300 and trapped > 0


def test_the_heuristic_is_a_valid_walk_no_worse_than_the_simple_orders(monkeypatch):
    monkeypatch.setattr(treasure, "EXACT_CELLS", 0)
    monkeypatch.setattr(treasure, "is_tree", lambda graph, cells: False)
    for maze in small_mazes(12):
        if brute_by_moves(maze) is None:
            continue
        best = treasure.best_walk(maze)
        assert not best.exact
        check_walk(maze, best)
        assert best.total >= brute_by_moves(maze)


def test_an_exact_search_over_its_state_budget_falls_back_to_the_heuristic(monkeypatch):
    maze = generate("kruskal", 4, 4, 1, braid=0.5).maze
    monkeypatch.setattr(treasure, "EXACT_STATES", 10)
    best = treasure.best_walk(maze)
    assert not best.exact and best.method in ("local search", "simple orders")
    check_walk(maze, best)


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(["backtracker", "kruskal", "prim", "wilson"]),
       w=st.integers(1, 14), h=st.integers(1, 14), seed=st.integers(0, 10**6),
       braid=st.sampled_from([0.0, 0.5, 1.0]), wrap=st.booleans())
def test_the_best_is_never_worse_than_depth_first_or_nearest(name, w, h, seed, braid, wrap):
    maze = generate(name, w, h, seed, braid=braid, wrap_x=wrap and w > 2).maze
    maze = maze.copy(start=seed % maze.size)
    best, dfs, near = treasure.all_orders(maze)
    assert [t.order for t in (best, dfs, near)] == list(treasure.ORDERS)
    for found in (best, dfs, near):
        check_walk(maze, found)
    assert best.total <= min(dfs.total, near.total)
    assert best.exact == (best.method in ("exact search", "depth-first on a tree"))
    if braid == 0.0:  # a perfect maze: a tree, where depth-first is best
        assert best.exact and best.total == dfs.total


def test_the_simple_orders_walk_as_named():
    # a corridor 0-1-2 with a branch 1-4 below: depth-first tries N, E, S, W
    maze = Maze.closed(3, 2)
    from mazegame.engine.grid import EAST, SOUTH, set_door

    for cell, d in ((0, EAST), (1, EAST), (1, SOUTH)):
        set_door(maze.walls, False, False, cell, d, True)
    assert treasure.depth_first(maze).walk == (0, 1, 2, 1, 4)
    assert treasure.nearest_first(maze).walk == (0, 1, 2, 1, 4)
    best = treasure.best_walk(maze)
    assert best.total == 1 + 2 + 4 and best.exact  # or 0 1 4 1 2: the same


def test_on_a_big_perfect_maze_depth_first_is_proved_best():
    maze = generate("kruskal", 30, 30, 2).maze
    best = treasure.best_walk(maze)
    assert best.exact and best.method == "depth-first on a tree"
    assert best.total == treasure.depth_first(maze).total
    # the bound every walk meets: each cell's depth, and 2 for each pair neither of which
    # lies on the other's way from the start (plain Python over the tree)
    graph = moves(maze)
    parent, order = {maze.start: None}, [maze.start]
    for v in order:
        for u in graph[v]:
            if u not in parent:
                parent[u] = v
                order.append(u)
    ancestors = {}
    for v in order:
        ancestors[v] = set() if parent[v] is None else ancestors[parent[v]] | {parent[v]}
    depth = sum(len(a) for a in ancestors.values())
    related = sum(len(a) for a in ancestors.values())  # pairs (ancestor, descendant)
    n = len(order)
    assert best.total == depth + 2 * (n * (n - 1) // 2 - related)


def test_a_loop_or_a_one_way_door_is_no_tree():
    from mazegame.engine.graph import maze_graph
    from mazegame.engine.treasure_search import reachable_cells

    for maze, tree in ((generate("kruskal", 6, 6, 1).maze, True),
                       (generate("kruskal", 6, 6, 1, braid=1.0).maze, False),
                       (add_one_way_doors(generate("kruskal", 6, 6, 1).maze, 0.3, 1), False)):
        graph = maze_graph(maze)
        assert treasure.is_tree(graph, reachable_cells(graph.indptr, graph.indices,
                                                       maze.start)) == tree


def test_a_lone_cell_is_found_at_once():
    found = treasure.best_walk(Maze.closed(1, 1))
    assert found.walk == (0,) and found.total == 0 and found.exact and found.expected == 0


def test_a_big_maze_gets_a_heuristic_walk():
    maze = generate("backtracker", 40, 40, 3, braid=0.3).maze
    best, dfs, near = treasure.all_orders(maze)
    assert not best.exact and best.total <= min(dfs.total, near.total)
    check_walk(maze, best)
    assert np.isfinite(best.expected)


def test_the_python_twins_find_the_same_walks():
    # a game may ask for the best walk while the kernels still compile
    from mazegame.engine import compiles

    maze = add_one_way_doors(generate("kruskal", 5, 4, 2, braid=0.5).maze, 0.2, 2)
    compiled = treasure.all_orders(maze)
    with compiles.as_python():
        assert treasure.all_orders(maze) == compiled
    assert compiled[0].exact and compiled[0].method == "exact search"
