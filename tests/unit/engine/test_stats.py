"""Maze statistics on mazes that are not one strongly connected piece: disconnected ones,
one-way doors, rock. The diameter is taken over the largest strongly connected component
and says so; networkx is the oracle."""

from __future__ import annotations

import json

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.cli import main
from mazegame.engine import stats as stats_module
from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.grid import Maze, set_door
from mazegame.engine.stats import LARGEST_SCC, WHOLE, maze_stats

pytestmark = pytest.mark.usefixtures("strategy_kernels")  # before any draw


def digraph(maze: Maze) -> nx.DiGraph:
    """The moves of the maze's open cells, from `Maze.step`."""
    alive = [v for v in range(maze.size) if maze.solid is None or not maze.solid.flat[v]]
    g = nx.DiGraph()
    g.add_nodes_from(alive)
    g.add_edges_from((v, maze.step(v, d)) for v in alive for d in range(4)
                     if maze.step(v, d) != v)
    return g


def oracle(maze: Maze) -> tuple[int, set[int], int]:
    """(diameter of the largest SCC (ties: lowest cell), that SCC, number of SCCs)."""
    g = digraph(maze)
    sccs = list(nx.strongly_connected_components(g))
    largest = min(sccs, key=lambda c: (-len(c), min(c)))
    diameter = max(nx.eccentricity(g.subgraph(largest)).values())
    return diameter, largest, len(sccs)


@st.composite
def broken_mazes(draw):
    """Small mazes, then doors made one-way and doors closed (often splitting the maze)."""
    name = draw(st.sampled_from(sorted(n for n, s in GENERATORS.items() if s.wraps)))
    wrap = draw(st.booleans())
    w, h = draw(st.integers(3, 8)), draw(st.integers(3, 8))
    maze = generate(name, w, h, draw(st.integers(0, 999)), wrap_x=wrap, wrap_y=wrap,
                    braid=draw(st.sampled_from([0.0, 0.5, 1.0]))).maze
    walls = maze.walls.copy()
    for _ in range(draw(st.integers(0, 10))):
        cell, d = draw(st.integers(0, maze.size - 1)), draw(st.integers(0, 3))
        kind = draw(st.sampled_from(["one-way open", "one-way close", "close"]))
        if kind == "one-way open":
            walls.flat[cell] &= ~np.uint8(1 << d)
        elif kind == "one-way close":
            walls.flat[cell] |= np.uint8(1 << d)
        else:
            set_door(walls, wrap, wrap, cell, d, False)
    return maze.copy(walls=walls)


@settings(deadline=None, max_examples=150)
@given(maze=st.one_of(broken_mazes(), st.builds(
    lambda w, h, seed: generate("cavern", w, h, seed).maze,
    st.sampled_from([3, 5, 7, 9]), st.sampled_from([3, 5, 8]), st.integers(0, 99))))
def test_diameter_is_that_of_the_largest_strongly_connected_component(maze):
    stats = maze_stats(maze)
    diameter, largest, count = oracle(maze)
    assert stats.diameter == diameter and stats.diameter_exact
    assert stats.strong_components == count
    assert stats.diameter_cells == len(largest)
    assert stats.diameter_component == maze.rc(min(largest))
    assert stats.diameter_scope == (WHOLE if len(largest) == stats.cells else LARGEST_SCC)


@settings(deadline=None, max_examples=40)
@given(maze=broken_mazes())
def test_above_the_exact_limit_the_diameter_is_a_lower_bound_unless_a_tree(maze):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stats_module, "EXACT_DIAMETER_CELLS", 1)
        stats = maze_stats(maze)
    diameter, largest, _ = oracle(maze)
    tree = nx.is_tree(digraph(maze).subgraph(largest).to_undirected()) and all(
        digraph(maze).has_edge(b, a) for a, b in digraph(maze).subgraph(largest).edges)
    assert stats.diameter <= diameter
    assert stats.diameter_exact == (tree or len(largest) <= 1)
    if stats.diameter_exact:
        assert stats.diameter == diameter


def test_two_rooms_report_the_bigger_one():
    """A 7x3 corridor cut in two: 4 cells left, 3 right; the diameter is the left one's."""
    maze = Maze.open(7, 1)
    set_door(maze.walls, False, False, 3, 1, False)
    stats = maze_stats(maze)
    assert (stats.diameter, stats.diameter_cells, stats.strong_components) == (3, 4, 2)
    assert stats.diameter_scope == LARGEST_SCC and stats.diameter_component == (0, 0)
    assert any("largest strongly connected component: 4 of 7" in value
               for _, value in stats.rows())


def test_a_one_way_door_splits_the_components():
    maze = Maze.open(5, 1)
    maze.walls[0, 1] |= 2  # 1 -> 2 closed, 2 -> 1 still open: one way westward
    stats = maze_stats(maze)
    assert stats.strong_components == 2 and stats.diameter_cells == 3
    assert stats.diameter == 2 and stats.diameter_component == (0, 2)


def test_cli_json_says_where_the_diameter_was_measured(capsys):
    assert main(["generate", "--algo", "kruskal", "--size", "6x4", "--seed", "1",
                 "--stats", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)["stats"]
    assert doc["diameter_scope"] == WHOLE and doc["diameter_cells"] == 24
    assert doc["strong_components"] == 1 and doc["diameter_component"] == [0, 0]


def door_graph(maze: Maze) -> nx.MultiGraph:
    """The undirected door graph from `Maze.step`: one edge a side some move passes (either
    way or one way only) between two open cells."""
    alive = [v for v in range(maze.size) if maze.solid is None or not maze.solid.flat[v]]
    g = nx.MultiGraph()
    g.add_nodes_from(alive)
    for v in alive:
        for d in (1, 2):  # east and south: each side once
            u = maze.neighbor(v, d)
            if u in g and u != v and (maze.step(v, d) == u or maze.step(u, d ^ 2) == v):
                g.add_edge(v, u, one_way=(maze.step(v, d) == u) != (maze.step(u, d ^ 2) == v))
    return g


@st.composite
def caves_with_open_sides(draw):
    """Caverns whose walls facing rock were opened here and there (no door: rock is rock)."""
    maze = generate("cavern", draw(st.sampled_from([5, 7, 9])), draw(st.sampled_from([5, 8])),
                    draw(st.integers(0, 99))).maze
    walls = maze.walls.copy()
    for _ in range(draw(st.integers(0, 8))):
        walls.flat[draw(st.integers(0, maze.size - 1))] &= ~np.uint8(1 << draw(st.integers(0, 3)))
    return maze.copy(walls=walls)


@settings(deadline=None, max_examples=80)
@given(maze=st.one_of(broken_mazes(), caves_with_open_sides()))
def test_doors_and_loops_are_those_of_the_undirected_door_graph(maze):
    g = door_graph(maze)
    stats = maze_stats(maze)
    assert stats.doors == g.number_of_edges()
    assert stats.one_way_doors == sum(one for _, _, one in g.edges(data="one_way"))
    assert stats.components == nx.number_connected_components(g)
    assert stats.loops == g.number_of_edges() - g.number_of_nodes() + stats.components
