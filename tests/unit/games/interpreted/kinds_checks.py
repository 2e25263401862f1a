"""Checks the trading and instructional tests share: doors against options, and an oracle
for distances to the goal (networkx over `Maze.step`, independent of base.goal_distances)."""

from __future__ import annotations

import math

import networkx as nx

from mazegame.engine.generate import generate
from tests.helpers import digraph


def oracle_distances(maze) -> dict[int, float]:
    """Moves from every cell to the nearest goal by networkx (inf: no way there)."""
    reached = nx.multi_source_dijkstra_path_length(digraph(maze).reverse(), set(maze.goals))
    return {cell: reached.get(cell, math.inf) for cell in range(maze.size)}


def braided(width=10, height=10, seed=3, braid=0.4):
    """A braided backtracker maze from corner to corner."""
    return generate("backtracker", width, height, seed, braid=braid).maze


def assert_options_match_doors(maze, interp) -> None:
    """Every scene has one option per side; open options are the open doors and lead where
    `Maze.step` goes; closed ones lead nowhere."""
    for cell in range(maze.size):
        scene = interp.scene(cell)
        assert scene.cell == cell
        assert sorted(o.door for o in scene.options) == [0, 1, 2, 3]
        for o in scene.options:
            assert o.open == maze.is_open(cell, o.door), (cell, o)
            if o.open:
                assert o.to == maze.step(cell, o.door) != cell
            else:
                assert o.to is None


def open_options(maze, interp):
    """(cell, option) for every open option of every scene."""
    for cell in range(maze.size):
        for o in interp.scene(cell).options:
            if o.open:
                yield cell, o


def assert_rises_toward_goal(maze, interp, measure) -> None:
    """measure(option) strictly rises as the oracle distance of option.to falls, over every
    open option of the maze: all options nearer the goal beat all farther ones."""
    dist = oracle_distances(maze)
    by_distance: dict[float, list[float]] = {}
    for _, o in open_options(maze, interp):
        by_distance.setdefault(dist[o.to], []).append(measure(o))
    levels = sorted(by_distance)
    for near, far in zip(levels, levels[1:], strict=False):
        assert min(by_distance[near]) > max(by_distance[far]), (near, far)


def assert_no_line_repeats(maze, interp) -> None:
    """No scene shows the same line twice (its text and its options' texts)."""
    for cell in range(maze.size):
        scene = interp.scene(cell)
        lines = [scene.text, *(o.text for o in scene.options)]
        assert len(set(lines)) == len(lines), lines
        for line in lines:
            assert "{" not in line and "}" not in line and "_" not in line, line
