"""A chase's maze: the difficulty's generator settings (braid) and its exits, spread apart.

`games.chase_setup` builds the game on it; this module holds what shapes the maze alone.
On a board (hexagons, triangles: `engine.board_maze.BoardMaze`) the maze comes from
`generate_board` and the exits go on the board's rim, as on the square's edge.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.graph import bfs, maze_graph
from mazegame.engine.grid import Maze
from mazegame.games.modes import difficulty_preset, races


def chase_maze(difficulty: str, size: tuple[int, int], seed: int,
               algorithm: str = "backtracker", wrap_x: bool = False, wrap_y: bool = False,
               tiling: str = "square") -> Maze | BoardMaze:
    """The preset's maze on the `tiling`'s board: braided as the difficulty says (when the
    generator allows it), with the difficulty's number of exits."""
    spec = GENERATORS.get(algorithm)
    preset = difficulty_preset(difficulty)
    braid = 0.0 if spec is not None and spec.rock else preset.braid
    if tiling != "square":
        from mazegame.engine.generate.boards import generate_board

        maze = generate_board(algorithm, tiling, size[0], size[1], seed, braid=braid).maze
        maze.meta["size"] = tuple(size)  # its rows, as `GameSetup.build` keeps them
    else:
        maze = generate(algorithm, size[0], size[1], seed, braid=braid,
                        wrap_x=wrap_x, wrap_y=wrap_y).maze
    return add_exits(maze, preset.exits)


def goals_for(mode: str, maze: Maze) -> Maze:
    """The maze with the exits its mode plays: a race has one goal for both, the first
    (before any door is made one-way: those point toward the goals the maze keeps)."""
    return maze.copy(goals=maze.goals[:1]) if races(mode) else maze


def add_exits(maze: Maze | BoardMaze, count: int) -> Maze | BoardMaze:
    """The maze with `count` exits: the generator's, then each next one the edge cell
    farthest (walking) from the start and the exits so far, and not within two cells of
    another exit, so no exit is next to another or to the start. A wrapped maze has no
    edge: any open cell will do."""
    goals = list(maze.goals)
    if len(goals) >= count:
        return maze
    graph = maze_graph(maze)
    if isinstance(maze, BoardMaze):
        edge, apart = _board_edge(maze, goals)
    else:
        edge, apart = _grid_edge(maze, goals)
    nearest = None
    for source in [maze.start, *goals]:
        dist, _, _ = bfs(graph, int(source))
        nearest = dist if nearest is None else _closer(nearest, dist)
    while len(goals) < count:
        best = max((c for c in edge if apart(c)), key=lambda c: int(nearest[c]), default=None)
        if best is None or nearest[best] <= 0:
            break  # nowhere left that is apart from the rest
        goals.append(best)
        dist, _, _ = bfs(graph, best)
        nearest = _closer(nearest, dist)
    return maze.copy(goals=tuple(goals))


def _grid_edge(maze: Maze, goals: list[int]):
    """The square's edge cells (not rock), and whether a cell is more than two rows or
    columns from every exit in `goals` (as the eye sees it, walls or not)."""
    h, w = maze.height, maze.width
    edge = [c for c in range(maze.size)
            if (not maze.wrap_y and c // w in (0, h - 1))
            or (not maze.wrap_x and c % w in (0, w - 1))] or list(range(maze.size))
    if maze.solid is not None:
        edge = [c for c in edge if not maze.solid.flat[c]]

    def apart(c: int) -> bool:
        return all(max(abs(c // w - g // w), abs(c % w - g % w)) > 2 for g in goals)
    return edge, apart


def _board_edge(maze: BoardMaze, goals: list[int]):
    """A board's rim (the cells with fewer neighbours than the board's inner cells have),
    and whether a cell is more than two cells (walls or not) from every exit in `goals`."""
    board = maze.board
    degree = (board.links >= 0).sum(axis=1)
    edge = [int(c) for c in np.nonzero(degree < degree.max())[0]] or list(range(maze.size))

    def near(g: int) -> set[int]:  # the cells within two sides of g
        ring = {g, *board.neighbours(g)}
        return ring.union(*(board.neighbours(c) for c in ring))

    def apart(c: int) -> bool:  # `goals` grows: each call asks about the exits so far
        return all(c not in near(g) for g in goals)
    return edge, apart


def _closer(a, b):
    """Element-wise the nearer of two distance arrays (-1, unreachable, counts as far)."""
    far = np.iinfo(np.int32).max
    return np.minimum(np.where(a < 0, far, a), np.where(b < 0, far, b))
