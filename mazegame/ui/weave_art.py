"""A weave maze drawn from above as lines of text (`engine.weave`): the square maze's
picture of its surface, with each bridge's rails drawn through its crossing.

A crossing's bridge keeps its rails, the walls of the passage on top, where the passage
beneath runs under them: "ns" on top, rails (║, ASCII !) on the crossing's west and east
sides; "ew", rails (═, ASCII =) above and below it. Its open sides show the way the bridge
runs, the rails the way the tunnel does. No Textual here: the command line's picture and
the widget (`widgets.weave_view`) draw the same lines.
"""

from __future__ import annotations

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.grid import E, Maze, N, S, W
from mazegame.engine.mazefile import picture_lines
from mazegame.engine.weave import NS, crossings
from mazegame.engine.weavefile import surface

#: glyph set -> the rails (horizontal, vertical); the palette's GLYPH_BRIDGE_H/_V say the same
RAILS = {"box": ("═", "║"), "ascii": ("=", "!")}


def rails_picture(maze: BoardMaze) -> tuple[Maze, list[tuple[int, int, str]]]:
    """The square maze drawn for a weave maze (its surface, each tunnel's sides walled: the
    bridge's rails), and its crossings."""
    square = surface(maze)
    walls = square.walls.copy()
    crossed = crossings(maze.board)
    for r, c, over in crossed:
        if over == NS:  # the tunnel runs east-west: rails on the bridge's west and east
            walls[r, c] |= E | W
            walls[r, c - 1] |= E
            walls[r, c + 1] |= W
        else:
            walls[r, c] |= N | S
            walls[r - 1, c] |= S
            walls[r + 1, c] |= N
    return square.copy(walls=walls), crossed


def rail_spans(crossed, room_width: int) -> list[tuple[int, int, int, int, int, str]]:
    """Where each crossing's rails are on the picture: (row, col, line, x0, x1, over)."""
    step = room_width + 1
    spans = []
    for r, c, over in crossed:
        if over == NS:
            spans += [(r, c, 2 * r + 1, x, x + 1, over) for x in (c * step, (c + 1) * step)]
        else:
            spans += [(r, c, 2 * r + k, c * step + 1, (c + 1) * step, over) for k in (0, 2)]
    return spans


def draw_rails(lines: list[str], spans, rails: tuple[str, str]) -> None:
    """Draw rails over `lines` in place, at `spans` (of `rail_spans`)."""
    for _, _, line, x0, x1, over in spans:
        glyph = rails[1] if over == NS else rails[0]
        text = lines[line]
        lines[line] = text[:x0] + glyph * (x1 - x0) + text[x1:]


def picture(maze: BoardMaze, glyphs: str = "box") -> list[str]:
    """The weave maze as text (S at the start, G at each goal), as the square's picture."""
    square, crossed = rails_picture(maze)
    lines = picture_lines(square, glyphs)
    draw_rails(lines, rail_spans(crossed, 3), RAILS.get(glyphs, RAILS["box"]))
    return lines
