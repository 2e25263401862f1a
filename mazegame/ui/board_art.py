"""Mazes on hexagons and triangles drawn as lines of characters (pure: no Textual).

`draw(maze, glyphs, form)` -> `Art`: the lines, and each cell's *anchor*, the screen
position of its middle, where a widget puts the player, the trail, the goal and marks.
A side is drawn as a wall when it is shut from either cell; an open side is a blank, so
passages read as gaps in the walls. Boxes ("box") draw with the box-drawing diagonals
╱ ╲ and │, plain ASCII ("ascii") with / \\ | (the palettes' two glyph sets).

Hexagons (pointy-top, so the rows are straight and every cell has E and W sides) sit at
x = (half-width) * (2q + r) in axial (q, r), a row every two lines: the side walls │ on the
cell's own line, the four slanted sides on the lines above and below, each shared with the
cell beyond. Odd-r rows (`tilings.hex_rows`) and hexagons (`tilings.hexagon`) alike.

- "large": 4 characters a cell, 3 of room:   ╱ ╲ ╱ ╲        / \\ / \\
                                              │ @   │   │   or  | @   |   |
                                               ╲ ╱ ╲ ╱ ╲        \\ / \\ / \\
- "compact": 2 characters a cell, 1 of room (twice as many cells across).

Triangles (row, col), 3 characters apart, a row every two lines; an up triangle's base
(its S side) and a down one's top (N) are underscores on the line between the rows:

    _____ ___                 the anchor of an up triangle is the gap under its apex,
     / \\   / \\                of a down one the middle of its top line.
    /___\\ /___\\
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mazegame.engine.board_maze import BoardMaze

#: Each board's forms, largest first (`WalkScreen`'s zoom cycles through them).
FORMS = {"hex": ("large", "compact"), "triangle": ("large", "compact")}
#: glyph set -> (side wall, rising slant, falling slant, base)
_GLYPHS = {"box": ("│", "╱", "╲", "_"), "ascii": ("|", "/", "\\", "_")}
WALL_CHARS = frozenset("".join("".join(g) for g in _GLYPHS.values()))
#: form -> (columns a cell, room width, x of the room's middle from the cell's west wall)
_HEX = {"large": (4, 3, 2), "compact": (2, 1, 1)}
#: form -> (lines a row of triangles, room width)
_TRIANGLE = {"large": (3, 3), "compact": (2, 1)}


@dataclass(frozen=True)
class Art:
    """A drawn board: `lines` (all of one length), `anchors` int32[n, 2] (x, y) of each
    cell's middle, `room`: how many characters about an anchor are the cell's floor (odd;
    a sprite or a band of colour may fill them)."""

    lines: tuple[str, ...]
    anchors: np.ndarray
    room: int
    form: str

    @property
    def width(self) -> int:
        """Characters a line."""
        return len(self.lines[0]) if self.lines else 0

    @property
    def height(self) -> int:
        """Lines."""
        return len(self.lines)


def forms(kind: str) -> tuple[str, ...]:
    """The forms a board of this kind is drawn in (ValueError: a kind not drawn here)."""
    if kind not in FORMS:
        raise ValueError(f"no drawing of {kind!r} boards (these: {', '.join(FORMS)})")
    return FORMS[kind]


def picture_size(kind: str, form: str, width: int, height: int) -> tuple[int, int]:
    """(characters, lines) of a `width` x `height` board of rows (odd-r hexagons, triangles)."""
    if kind == "hex":
        step = _HEX[form][0]
        return step * width + step // 2 + 1, 2 * height + 1
    h = _TRIANGLE[form][0]
    return (h + 1) * (width - 1) + 2 * h + 1, h * height + 1


def fit(kind: str, form: str, columns: int, lines: int) -> tuple[int, int]:
    """The largest board of rows (width, height) whose picture fits `columns` x `lines`."""
    if kind == "hex":
        step = _HEX[form][0]
        width = (columns - step // 2 - 1) // step
        return max(2, width), max(2, (lines - 1) // 2)
    forms(kind)
    h = _TRIANGLE[form][0]
    return max(2, (columns - h) // (h + 1)), max(2, (lines - 1) // h)


def draw(maze: BoardMaze, glyphs: str = "box", form: str | None = None) -> Art:
    """The picture of `maze` in a glyph set ("box" or "ascii") and form (None: the
    largest)."""
    kind = maze.tiling
    form = form or forms(kind)[0]
    if form not in forms(kind):
        raise ValueError(f"no {form!r} form of {kind} boards (these: {', '.join(forms(kind))})")
    chars = _GLYPHS.get(glyphs, _GLYPHS["box"])
    shut = _shut_sides(maze)
    if kind == "hex":
        return _draw_hex(maze, shut, chars, form)
    return _draw_triangles(maze, shut, chars, form)


def _shut_sides(maze: BoardMaze) -> np.ndarray:
    """bool[n, sides]: side d of cell i is drawn as a wall (shut from here or from beyond;
    a side with no cell beyond is always shut)."""
    links = maze.board.links
    bits = np.arange(maze.sides)
    open_here = ((maze.doors[:, None] >> bits) & 1).astype(bool)
    beyond = np.where(links >= 0, links, 0)
    back = np.asarray(maze.board.spec.opposite)[bits]
    open_there = ((maze.doors[beyond] >> back[None, :]) & 1).astype(bool)
    return ~(open_here & open_there & (links >= 0))


def _canvas(width: int, height: int) -> np.ndarray:
    return np.full((height, width), ord(" "), dtype=np.uint32)


def _lines(canvas: np.ndarray) -> tuple[str, ...]:
    return tuple(row.tobytes().decode("utf-32-le") for row in canvas)


def _put(canvas, ys, xs, where, char: str) -> None:
    canvas[ys[where], xs[where]] = ord(char)


def _draw_hex(maze: BoardMaze, shut: np.ndarray, chars, form: str) -> Art:
    """Pointy-top hexagons (see the module docstring)."""
    step, room, middle = _HEX[form]
    q, r = maze.board.coords[:, 0].astype(np.int64), maze.board.coords[:, 1].astype(np.int64)
    half = 2 * q + r
    west = (step // 2) * (half - half.min())  # x of each cell's west wall
    y = 2 * (r - r.min()) + 1  # the cell's own line
    canvas = _canvas(int(west.max()) + step + 1, int(y.max()) + 2)
    side, rising, falling, _ = chars
    # slot order E NE NW W SW SE; where each side's character sits from (west, y)
    if form == "large":
        places = ((step, 0, side), (3, -1, falling), (1, -1, rising), (0, 0, side),
                  (1, 1, falling), (3, 1, rising))
    else:
        places = ((step, 0, side), (1, -1, falling), (0, -1, rising), (0, 0, side),
                  (0, 1, falling), (1, 1, rising))
    for d, (dx, dy, char) in enumerate(places):
        _put(canvas, y + dy, west + dx, shut[:, d], char)
    anchors = np.stack([west + middle, y], axis=1).astype(np.int32)
    return Art(_lines(canvas), anchors, room, form)


def _draw_triangles(maze: BoardMaze, shut: np.ndarray, chars, form: str) -> Art:
    """Triangles of `h` lines a row, h + 1 characters apart (see the module docstring):
    an up triangle's sides rise from its base line to its apex, a down one's fall from its
    top (the line above, shared with the row before) to its point."""
    h, room = _TRIANGLE[form]
    wide = 2 * h + 1  # characters across a triangle's base
    row, col = maze.board.coords[:, 0].astype(np.int64), maze.board.coords[:, 1].astype(np.int64)
    x = (h + 1) * (col - col.min())  # the triangle's left corner
    top = h * (row - row.min()) + 1  # its first line
    up = (row + col) % 2 == 0
    down = ~up
    canvas = _canvas(int(x.max()) + wide, int(top.max()) + h)
    _, rising, falling, base = chars
    for k in range(h):  # line k of the row: the sides h - 1 - k in from the corners
        y = top + k
        _put(canvas, y, x + h - 1 - k, up & shut[:, 3], rising)
        _put(canvas, y, x + wide - h + k, up & shut[:, 1], falling)
        _put(canvas, y, x + k, down & shut[:, 3], falling)
        _put(canvas, y, x + wide - 1 - k, down & shut[:, 1], rising)
    for dx in range(1, wide - 1):
        _put(canvas, top + h - 1, x + dx, up & shut[:, 2], base)
        _put(canvas, top - 1, x + dx, down & shut[:, 0], base)
    anchors = np.stack([x + h, top + h - 2], axis=1).astype(np.int32)
    return Art(_lines(canvas), anchors, room, form)
