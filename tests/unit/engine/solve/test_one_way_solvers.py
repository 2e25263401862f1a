"""Every registered solver on braided mazes with one-way doors (engine.oneway), wrapped or
not: each run ends (a goal, or a stop reason within its cap), searches agree with networkx's
directed shortest paths, and solvers that need two-way doors refuse such mazes but still end
when run on one regardless (the reliability rule: every walk ends)."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.engine.graph import bfs, maze_graph
from mazegame.engine.solve import SOLVERS, SolveOptions, solve
from mazegame.engine.solve.registry import STOP_CODES, default_budget
from tests.helpers import braided_one_way_mazes, digraph

pytestmark = pytest.mark.usefixtures("strategy_kernels")  # before any draw

NAMES = list(SOLVERS)
one_way = st.one_of(braided_one_way_mazes(), braided_one_way_mazes(traps=True))


def legal(maze, walk) -> bool:
    """Every consecutive pair of cells is one move of the step rule."""
    return all(any(maze.step(a, d) == b for d in range(4))
               for a, b in zip(walk, walk[1:], strict=False))


@settings(max_examples=30)
@given(maze=one_way)
def test_bfs_distances_are_networkx_directed_shortest_paths(maze):
    dist, _, _ = bfs(maze_graph(maze), maze.start)
    lengths = nx.single_source_shortest_path_length(digraph(maze), maze.start)
    assert {c: int(d) for c, d in enumerate(dist) if d >= 0} == lengths


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=12)
@given(maze=one_way, seed=st.integers(0, 1000))
def test_every_solver_ends_on_one_way_mazes(name, maze, seed):
    spec = SOLVERS[name]
    budget = 20 * maze.size * maze.size
    if not spec.directed:
        if maze.is_one_way or maze.wrap_x or maze.wrap_y:
            with pytest.raises(ValueError, match="two-way doors"):
                solve(name, maze, seed=seed)
        result = spec.run(maze, False, SolveOptions(seed, budget))  # ends all the same
    else:
        result = solve(name, maze, seed=seed)
        budget = default_budget(maze.size)
    lengths = nx.single_source_shortest_path_length(digraph(maze), maze.start)
    best = min((lengths[g] for g in maze.goals if g in lengths), default=None)
    assert result.steps <= budget
    if result.found:
        assert result.path[0] == maze.start and result.path[-1] in maze.goals
        assert legal(maze, result.path) and result.length >= best
        if spec.walker:
            assert legal(maze, result.walk)
    else:
        assert result.stop in STOP_CODES.values() and result.stop != "found" and result.reason
    if spec.directed and spec.shortest:  # complete searches: found exactly when reachable
        assert result.found == (best is not None)
        assert result.length == best
