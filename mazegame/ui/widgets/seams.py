"""The seams of a wrapped maze, drawn on the picture lines the maze view shows.

The text form (engine.mazetext) draws each border segment from the edge cell's own wall
bit, so that it reads back exactly. A view wants the meaning instead: on a wrapping side the
top and bottom lines (or the left and right columns) are one seam seen twice, and each of
its segments is drawn from both cells it joins, the same on both copies: a wall where the
seam is walled, a dotted edge (`┄`, `┆`) where it is open, an arrow where it is a one-way
door (`┄↓┄`). A wrapping side therefore never looks like a wall, even without colour.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.grid import E, Maze, N, S, W
from mazegame.engine.mazetext import BOX_GLYPHS
from mazegame.ui import palette


def _ascii(p: palette.Palette) -> bool:
    """The maze is drawn in plain ASCII (mazetext's "ascii" picture)."""
    return p.glyphs == "ascii"


def vertical_glyphs(p: palette.Palette) -> tuple[str, str, str, str]:
    """Seam segment glyphs by kind: 0 wall, 1 open, 2 passable down/right, 3 up/left."""
    return ("|", p.GLYPH_SEAM_V, ">", "<") if _ascii(p) else \
        ("│", p.GLYPH_SEAM_V, "→", "←")


def seam_glyphs(p: palette.Palette) -> frozenset[str]:
    """The glyphs of an open seam, in the glyph set in force."""
    return frozenset(p.GLYPH_SEAM_H + p.GLYPH_SEAM_V)


def _kinds(first_closed: np.ndarray, second_closed: np.ndarray) -> np.ndarray:
    """Segment kind between a first cell (above / left) and a second (below / right)."""
    return (1 + second_closed.astype(int) + 2 * first_closed.astype(int)) % 4


def seam_kinds(maze: Maze) -> tuple[np.ndarray | None, np.ndarray | None]:
    """(kinds of the horizontal seam per column, of the vertical seam per row); None for an
    axis that does not wrap. The seam's first cell is the last row (column), its second the
    first: a move down (right) across the seam goes from first to second."""
    walls = maze.walls
    horizontal = _kinds(walls[-1] & S != 0, walls[0] & N != 0) if maze.wrap_y else None
    vertical = _kinds(walls[:, -1] & E != 0, walls[:, 0] & W != 0) if maze.wrap_x else None
    return horizontal, vertical


def _horizontal_segment(p: palette.Palette, kind: int, room_width: int) -> str:
    if kind == 0:
        return ("-" if _ascii(p) else "─") * room_width
    if kind == 1:
        return p.GLYPH_SEAM_H * room_width
    pad = (room_width - 1) // 2  # an arrow in the seam: still dotted around it
    dots = p.GLYPH_SEAM_H
    arrow = ("v^" if _ascii(p) else "↓↑")[kind - 2]
    return dots * pad + arrow + dots * (room_width - pad - 1)


def _corner(p: palette.Palette, above: str | None, line: list[str], below: str | None,
            x: int) -> str:
    """The box glyph joining the walls around corner x of `line`, or a seam dot when open
    seam meets there (a blank when nothing does)."""
    v, h = ("|", "-") if _ascii(p) else ("│", "─")
    up = above is not None and above[x] == v
    down = below is not None and below[x] == v
    left = x > 0 and line[x - 1] == h
    right = x + 1 < len(line) and line[x + 1] == h
    glyph = BOX_GLYPHS[up * 8 + right * 4 + down * 2 + left]
    if glyph != " " and _ascii(p):
        glyph = "+"
    if glyph != " ":
        return glyph
    beside = (line[x - 1] if x > 0 else "", line[x + 1] if x + 1 < len(line) else "")
    if p.GLYPH_SEAM_H in beside:
        return p.GLYPH_SEAM_H
    if p.GLYPH_SEAM_V in (above and above[x], below and below[x]):
        return p.GLYPH_SEAM_V
    return " "


def seam_line(p: palette.Palette, lines: list[str], row: int, room_width: int,
              kinds: tuple[np.ndarray | None, np.ndarray | None]) -> str:
    """Picture line `row` (of `lines`, as mazetext draws them) with the seams drawn on it;
    `kinds` is `seam_kinds` of the maze drawn, `p` the palette it is drawn in."""
    horizontal, vertical = kinds
    if row % 2 == 1:  # a row of rooms: only its two ends can be a seam
        return _room_line(p, lines[row], row, vertical)
    step = room_width + 1
    chars = list(lines[row])
    if horizontal is not None and row in (0, len(lines) - 1):
        for c, kind in enumerate(horizontal):
            chars[c * step + 1: (c + 1) * step] = _horizontal_segment(p, int(kind), room_width)
        corners = range(0, len(chars), step)
    elif vertical is not None:
        corners = (0, len(chars) - 1)
    else:
        return lines[row]
    above = _room_line(p, lines[row - 1], row - 1, vertical) if row > 0 else None
    below = _room_line(p, lines[row + 1], row + 1, vertical) if row + 1 < len(lines) else None
    for x in corners:
        chars[x] = _corner(p, above, chars, below, x)
    return "".join(chars)


def _room_line(p: palette.Palette, line: str, row: int, vertical: np.ndarray | None) -> str:
    """A row of rooms with its two ends drawn as the vertical seam (when x wraps)."""
    if vertical is None:
        return line
    glyph = vertical_glyphs(p)[vertical[row // 2]]
    return glyph + line[1:-1] + glyph
