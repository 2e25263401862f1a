"""Where a point of a MazeView falls in the maze: a room, a wall segment, or nothing.

Read from the view's public state only (maze, room width, scroll offset, sizes); the
picture is centred in the view when smaller, as MazeView draws it.
"""

from __future__ import annotations

from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST
from mazegame.ui.widgets.maze_view import MazeView


def picture_hit(view: MazeView, x: int, y: int) -> tuple[int, int | None] | None:
    """What a point of the view shows: (cell, None) for a room, (cell, side) for a wall
    segment (seen from the cell west or north of it, or inside the border), None for a
    corner or outside the picture."""
    maze, step = view.maze, view.room_width + 1
    px = x + view.scroll_offset.x - max(0, (view.size.width - view.virtual_size.width) // 2)
    py = y + view.scroll_offset.y - max(0, (view.size.height - view.virtual_size.height) // 2)
    if not (0 <= px <= maze.width * step and 0 <= py <= 2 * maze.height):
        return None
    c, inside_x = divmod(px, step)
    r, inside_y = divmod(py, 2)
    if inside_x and inside_y:  # a room
        return (r * maze.width + c, None) if c < maze.width and r < maze.height else None
    if inside_x and c < maze.width:  # a horizontal wall above row r
        return (c, NORTH) if r == 0 else ((r - 1) * maze.width + c, SOUTH)
    if inside_y and r < maze.height:  # a vertical wall left of column c
        return (r * maze.width, WEST) if c == 0 else (r * maze.width + c - 1, EAST)
    return None
