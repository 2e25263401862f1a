"""Every lab counter against an independent count, for every registered generator and solver.

The independent counts come from the finished maze (networkx graphs of its open sides), the
solver's result (its walk, its path) or a plain-Python pass over the trace, never from the
lab's own indexes.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.grid import Maze
from mazegame.engine.solve import SOLVERS, solve
from mazegame.engine.stats import maze_stats
from mazegame.engine.trace import AT, MARK, Replay
from mazegame.games.lab import TraceRun, dead_ends

W, H = 11, 8


def door_graph(maze: Maze) -> nx.MultiGraph:
    """Cells as nodes, one edge per open side between two open cells (sides, not pairs)."""
    graph = nx.MultiGraph()
    alive = [maze.solid is None or not maze.solid.flat[c] for c in range(maze.size)]
    graph.add_nodes_from(c for c in range(maze.size) if alive[c])
    for cell in range(maze.size):
        for d in (1, 2):  # east and south: each side belongs to exactly one cell this way
            other = maze.neighbor(cell, d)
            if other >= 0 and alive[cell] and alive[other] \
                    and not (int(maze.walls.flat[cell]) >> d) & 1:
                graph.add_edge(cell, other)
    return graph


def loop_erased_length(walk: list[int]) -> int:
    """Cells on `walk` with its loops erased, minus one (plain list surgery)."""
    route: list[int] = []
    for cell in walk:
        if cell in route:
            del route[route.index(cell) + 1:]
        else:
            route.append(cell)
    return len(route) - 1


def reached(events: np.ndarray, where=None) -> set[int]:
    """Cells a solver's trace marks or stands on (within `where`)."""
    return {int(c) for op, c, _ in events if op in (MARK, AT) and c >= 0
            and (where is None or c in where)}


@pytest.mark.parametrize("name", list(GENERATORS))
def test_generator_counters(name):
    generated = generate(name, W, H, 4, record=True)
    run = TraceRun.of_generation(name, generated)
    for position in (len(run) // 3, len(run)):
        run.seek(position)
        now = Replay(generated.trace)
        now.seek(position)
        doors = door_graph(now.maze()).number_of_edges()
        counters = dict(run.counters())
        assert run.doors() == doors
        interior = sum(1 for c in range(now.maze().size) for d in (1, 2)
                       if now.maze().neighbor(c, d) >= 0)
        if run.carves:
            assert counters["doors"] == f"{doors:,}"
        else:
            assert counters["walls"] == f"{interior - doors:,}"
    maze = generated.maze
    assert run.doors() == maze_stats(maze).doors
    # Visited at the end: every cell with a door (a carver) or an inner wall (a builder),
    # plus those the trace marked, labelled or stood on.
    graph = door_graph(maze)
    if run.carves:
        sided = {c for c in graph if graph.degree(c) > 0}
    else:
        sided = {c for c in range(maze.size) for d in range(4)
                 if maze.neighbor(c, d) >= 0 and (int(maze.walls.flat[c]) >> d) & 1}
    ev = generated.trace.events
    others = {int(c) for op, c, _ in ev if op in (2, 3, 4, 5) and c >= 0}
    assert run.visited() == len(sided | others)
    if run.carves and nx.is_connected(graph):  # a maze all of one piece: every cell visited
        assert run.visited() == graph.number_of_nodes()


def test_recursive_division_and_eller_visit_every_cell_they_divide_or_join():
    for name in ("recursive-division", "eller", "unicursal"):
        generated = generate(name, 15, 12, 3, record=True)
        run = TraceRun.of_generation(name, generated)
        run.seek(len(run))
        assert run.visited() > 0 and run.doors() == maze_stats(generated.maze).doors
    eller = TraceRun.of_generation("eller", generate("eller", 15, 12, 3, record=True))
    eller.seek(len(eller))
    assert eller.visited() == 15 * 12


MAZE = generate("backtracker", W, H, 3, braid=0.3).maze


@pytest.mark.parametrize("name", list(SOLVERS))
def test_solver_counters(name):
    spec = SOLVERS[name]
    solution = solve(name, MAZE, record=True, seed=5)
    run = TraceRun.of_solution(name, solution, MAZE)
    # Dead ends: one way out, counted on the graph of open sides (no one-way doors here).
    graph = door_graph(MAZE)
    dead = {c for c in graph if graph.degree(c) == 1}
    assert set(np.flatnonzero(dead_ends(MAZE))) == dead
    assert maze_stats(MAZE).dead_ends == len(dead)
    half = len(run) // 2
    run.seek(half)
    ev = solution.trace.events
    counters = dict(run.counters())
    assert counters["visited"] == f"{len(reached(ev[:half])):,}"
    assert counters["dead ends"] == f"{len(reached(ev[:half], dead)):,}"
    if spec.walker:
        stands = [int(c) for op, c, a in ev[:half] if op == AT and a == 0 and c >= 0]
        assert counters["moves"] == f"{max(0, len(stands) - 1):,}"
        assert counters["path"] == f"{max(0, loop_erased_length(stands)):,}"
    run.seek(len(run))
    counters = dict(run.counters())
    assert counters["path"] == f"{solution.length:,}"
    assert run.path_length() == len(solution.route) - 1
    assert run.visited() == solution.visited
    if name != "dead-end-fill":  # its trace shows the filling, not the BFS that follows
        assert run.visited() == len(reached(ev))
    if spec.walker:
        assert solution.walk_complete
        assert run.moves() == len(solution.walk) - 1
        assert loop_erased_length(list(solution.walk)) == solution.length
        assert run.dead_ends_reached() == len(set(solution.walk) & dead)
