"""A chase's maze: the difficulty's generator settings (braid) and its exits, spread apart.

`games.chase_setup` builds the game on it; this module holds what shapes the maze alone.
"""

from __future__ import annotations

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.grid import Maze
from mazegame.games.modes import difficulty_preset, races


def chase_maze(difficulty: str, size: tuple[int, int], seed: int,
               algorithm: str = "backtracker", wrap_x: bool = False, wrap_y: bool = False) -> Maze:
    """The preset's maze: braided as the difficulty says (when the generator allows it),
    with the difficulty's number of exits."""
    spec = GENERATORS.get(algorithm)
    preset = difficulty_preset(difficulty)
    braid = 0.0 if spec is not None and spec.rock else preset.braid
    maze = generate(algorithm, size[0], size[1], seed, braid=braid,
                    wrap_x=wrap_x, wrap_y=wrap_y).maze
    return add_exits(maze, preset.exits)


def goals_for(mode: str, maze: Maze) -> Maze:
    """The maze with the exits its mode plays: a race has one goal for both, the first
    (before any door is made one-way: those point toward the goals the maze keeps)."""
    return maze.copy(goals=maze.goals[:1]) if races(mode) else maze


def add_exits(maze: Maze, count: int) -> Maze:
    """The maze with `count` exits: the generator's, then each next one the edge cell
    farthest (walking) from the start and the exits so far, and not within two cells of
    another exit, so no exit is next to another or to the start. A wrapped maze has no
    edge: any open cell will do."""
    from mazegame.engine.graph import bfs, maze_graph

    goals = list(maze.goals)
    if len(goals) >= count:
        return maze
    graph = maze_graph(maze)
    h, w = maze.height, maze.width
    edge = [c for c in range(maze.size)
            if (not maze.wrap_y and c // w in (0, h - 1))
            or (not maze.wrap_x and c % w in (0, w - 1))] or list(range(maze.size))
    if maze.solid is not None:
        edge = [c for c in edge if not maze.solid.flat[c]]
    nearest = None
    for source in [maze.start, *goals]:
        dist, _, _ = bfs(graph, int(source))
        nearest = dist if nearest is None else _closer(nearest, dist)
    def apart(c: int) -> bool:  # not beside another exit as the eye sees it, walls or not
        return all(max(abs(c // w - g // w), abs(c % w - g % w)) > 2 for g in goals)

    while len(goals) < count:
        best = max((c for c in edge if apart(c)), key=lambda c: int(nearest[c]), default=None)
        if best is None or nearest[best] <= 0:
            break  # nowhere left that is apart from the rest
        goals.append(best)
        dist, _, _ = bfs(graph, best)
        nearest = _closer(nearest, dist)
    return maze.copy(goals=tuple(goals))


def _closer(a, b):
    """Element-wise the nearer of two distance arrays (-1, unreachable, counts as far)."""
    import numpy as np

    far = np.iinfo(np.int32).max
    return np.minimum(np.where(a < 0, far, a), np.where(b < 0, far, b))
