"""The editor's maze functions: the live analysis (shortest path, trap cells, unreachable
goals), one-way doors and exits counted, and a maze resized keeping what fits.

No Textual; the analysis runs the engine's graph kernels on the directed move graph, so
wrap-around and one-way doors count as they do for the player.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mazegame.engine.graph import bfs, bfs_into, maze_graph, path_to
from mazegame.engine.grid import (
    DC,
    DIRECTION_NAMES,
    DR,
    EAST,
    NORTH,
    SOUTH,
    WEST,
    E,
    Maze,
    N,
    S,
    W,
    opposite,
)


@dataclass(frozen=True)
class Analysis:
    """What the engine says about the maze being edited."""

    path: tuple[int, ...]  #: start .. nearest goal ((): no goal reachable)
    traps: tuple[int, ...]  #: cells reachable from the start from which no goal is reachable
    unreachable_goals: tuple[int, ...]

    @property
    def shortest(self) -> int | None:
        """Moves on the shortest path, or None when no goal is reachable."""
        return len(self.path) - 1 if self.path else None


def analyse(maze: Maze) -> Analysis:
    """Shortest path, trap cells and unreachable goals over the directed move graph."""
    graph = maze_graph(maze)
    dist, parent, _ = bfs(graph, maze.start)
    reached = [g for g in maze.goals if dist[g] >= 0]
    path = ()
    if reached:
        path = tuple(path_to(dist, parent, min(reached, key=lambda g: dist[g])))
    # Back from every goal over the reversed edges: the cells from which some goal is reachable.
    back = graph.reversed()
    reaches = np.zeros(graph.n, dtype=np.bool_)
    scratch, queue = np.empty(graph.n, np.int32), np.empty(graph.n, np.int32)
    for goal in maze.goals:
        if not reaches[goal]:
            bfs_into(back.indptr, back.indices, goal, scratch, queue)
            reaches |= scratch >= 0
    traps = np.flatnonzero((dist >= 0) & ~reaches)
    return Analysis(path, tuple(int(c) for c in traps),
                    tuple(g for g in maze.goals if dist[g] < 0))


def one_way_count(maze: Maze) -> int:
    """Doors passable one way only (each pair counted once)."""
    walls, count = maze.walls, 0
    for d, axis, wrapped in ((EAST, 1, maze.wrap_x), (SOUTH, 0, maze.wrap_y)):
        mine = (walls >> d) & 1
        theirs = (np.roll(walls, -1, axis=axis) >> opposite(d)) & 1
        differ = mine != theirs
        if not wrapped:  # the last column/row faces the border, not a neighbour
            (differ[:, -1] if axis == 1 else differ[-1, :])[...] = False
        count += int(differ.sum())
    return count


def exits_of(maze: Maze) -> list[tuple[int, int]]:
    """(cell, direction) of each exit: a goal whose side on an unwrapped border is open."""
    return [(g, d) for g in maze.goals for d in range(4)
            if maze.neighbor(g, d) < 0 and not maze.walls.flat[g] & (1 << d)]


def clamp(old: Maze, cell: int, width: int, height: int) -> int:
    """A cell of `old` moved into a width x height grid (its row and column clamped)."""
    r, c = old.rc(cell)
    return min(r, height - 1) * width + min(c, width - 1)


def resized(maze: Maze, width: int, height: int) -> Maze:
    """`maze` cut or grown to width x height (see `Editor.resize`): a cell inside both sizes
    keeps each side that faces the same neighbour (or border) as before and is walled on the
    others; new cells are open to each other and walled toward old cells and the border."""
    walls = Maze.open(width, height, wrap_x=maze.wrap_x, wrap_y=maze.wrap_y).walls
    h, w = min(height, maze.height), min(width, maze.width)
    walls[:h, :w] = maze.walls[:h, :w]
    if width != maze.width:  # the last kept column faces a new neighbour, or the border
        walls[:h, w - 1] |= np.uint8(E)
        if maze.wrap_x:  # and across the seam, the first column too
            walls[:h, 0] |= np.uint8(W)
    if height != maze.height:
        walls[h - 1, :w] |= np.uint8(S)
        if maze.wrap_y:
            walls[0, :w] |= np.uint8(N)
    new = np.ones((height, width), np.bool_)
    new[:h, :w] = False
    for d in range(4):  # a new cell facing an old one (across a seam too) is walled
        beyond = np.roll(new, (-int(DR[d]), -int(DC[d])), axis=(0, 1))
        walls[new & ~beyond] |= np.uint8(1 << d)
    solid = None
    if maze.solid is not None:
        solid = np.zeros((height, width), np.bool_)
        solid[:h, :w] = maze.solid[:h, :w]
    goals = tuple(r * width + c for r, c in map(maze.rc, maze.goals) if r < height and c < width)
    start = clamp(maze, maze.start, width, height)
    if not goals or goals == (start,):
        goals = (width * height - 1 if start != width * height - 1 else 0,)
    goals = tuple(g for g in goals if g != start) or goals
    out = maze.copy(walls=walls, solid=solid, start=start, goals=goals)
    return out


def close_stray_gaps(maze: Maze) -> int:
    """Wall up (in place) border gaps that are not exits: a gap on a non-goal cell leads
    nowhere. Returns how many were closed."""
    goal = np.zeros(maze.walls.shape, np.bool_)
    goal.flat[list(maze.goals)] = True
    closed = 0
    for d, wrapped, edge in ((NORTH, maze.wrap_y, np.s_[0, :]), (SOUTH, maze.wrap_y, np.s_[-1, :]),
                             (WEST, maze.wrap_x, np.s_[:, 0]), (EAST, maze.wrap_x, np.s_[:, -1])):
        if wrapped:
            continue
        line = maze.walls[edge]  # a view: setting bits in it sets them in the maze
        gaps = ((line >> d) & 1 == 0) & ~goal[edge]
        closed += int(gaps.sum())
        line[gaps] |= np.uint8(1 << d)
    return closed


def no_exit_reason(maze: Maze, cell: int, d: int | None = None) -> str:
    """Why `cell` can have no exit (on side d): it is inside the maze, or its side wraps."""
    r, c = maze.rc(cell)
    h, w = maze.height, maze.width
    if d is not None:
        wrapped = maze.wrap_y if d in (0, 2) else maze.wrap_x
        on_edge = (r == 0, c == w - 1, r == h - 1, c == 0)[d]
        if on_edge and wrapped:
            return (f"the {DIRECTION_NAMES[d]} side wraps round: a wrapped axis has no exits "
                    "(turn its wrap off first)")
        return f"the {DIRECTION_NAMES[d]} side of this cell is not on the border"
    if (c in (0, w - 1) and maze.wrap_x) or (r in (0, h - 1) and maze.wrap_y):
        return "this border wraps round: a wrapped axis has no exits (turn its wrap off first)"
    return "an exit is on the border: move the cursor to an edge cell"
