"""The outlines of a hex or triangle jumping puzzle, laid out once per board.

Hexagons (axial (q, r), pointy-top: the cell at column 4 q + 2 r, two lines a row), three
characters inside each for its number (and a large form twice the size, `HEX_FORMS`)::

     / \\ / \\
    | 3 | 5 |
     \\ / \\ / \\
      | 2 | G |
       \\ / \\ /

Triangles ((row, col), up when row + col is even): three lines a row, three columns a
triangle (or twice that); an up triangle's number sits on its base (drawn underlined), a
down one's under its top edge, four characters each; the first row's down triangles get
a top edge::

       ____
     /\\ 4  /\\
    /  \\  /  \\
   / 3  \\/ 5  \\

`owner[y, x]` is the cell whose inside a character is (-1: outline or outside), so the
board styles each cell's inside and finds the cell under a click.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class TilePicture:
    """A board's outlines (`lines`), whose inside each character is (`owner`), where each
    cell's number goes (`slots[cell]` = (y, x, width)) and which characters are an up
    triangle's base (`base`, drawn underlined)."""

    lines: list[list[str]]
    owner: np.ndarray
    slots: list[tuple[int, int, int]]
    base: np.ndarray

    @property
    def width(self) -> int:
        """Columns of the picture."""
        return int(self.owner.shape[1])

    @property
    def height(self) -> int:
        """Lines of the picture."""
        return int(self.owner.shape[0])


def _canvas(width: int, height: int):
    return ([[" "] * width for _ in range(height)], np.full((height, width), -1, np.int32),
            np.zeros((height, width), bool))


#: A hexagon's outline and inside, small and large: (dy, dx, char) of its outline, the
#: (dy, x0, x1) runs of its inside, and its number's place (dy, dx, width), from the
#: left "|" of its number's line; columns and lines from one hexagon to the next.
HEX_FORMS = {
    "small": (((-1, 1, "/"), (-1, 3, "\\"), (0, 0, "|"), (0, 4, "|"), (1, 1, "\\"),
               (1, 3, "/")),
              ((-1, 2, 3), (0, 1, 4), (1, 2, 3)), (0, 1, 3), 4, 2),
    "large": (((-2, 3, "/"), (-2, 5, "\\"), (-1, 1, "/"), (-1, 7, "\\"), (0, 0, "|"),
               (0, 8, "|"), (1, 0, "|"), (1, 8, "|"), (2, 1, "\\"), (2, 7, "/"),
               (3, 3, "\\"), (3, 5, "/")),
              ((-2, 4, 5), (-1, 2, 7), (0, 1, 8), (1, 1, 8), (2, 2, 7), (3, 4, 5)),
              (0, 2, 5), 8, 4),
}


def hex_picture(coords: np.ndarray, form: str = "small") -> TilePicture:
    """The outlines of a board of hexagons in axial coordinates (`HEX_FORMS`)."""
    outline, inside, (ly, lx, lw), step, pitch = HEX_FORMS[form]
    top = -min(dy for dy, _, _ in outline)
    xs = step * coords[:, 0] + step // 2 * coords[:, 1]
    xs = xs - xs.min()
    ys = pitch * (coords[:, 1] - coords[:, 1].min()) + top
    lines, owner, base = _canvas(int(xs.max()) + step + 1,
                                 int(ys.max()) + max(dy for dy, _, _ in outline) + 1)
    slots = []
    for cell, (x, y) in enumerate(zip(xs.tolist(), ys.tolist(), strict=True)):
        for dy, dx, ch in outline:
            lines[y + dy][x + dx] = ch
        for dy, x0, x1 in inside:
            owner[y + dy, x + x0:x + x1] = cell
        slots.append((y + ly, x + lx, lw))
    return TilePicture(lines, owner, slots, base)


def triangle_picture(coords: np.ndarray, scale: int = 1) -> TilePicture:
    """The outlines of a board of triangles in (row, col), `scale` times the small form's
    size: 3 `scale` lines a row, 3 `scale` columns a triangle. Line i of an up triangle has
    its sides at 3 scale - 1 - i and 3 scale + i, a down one's at i and 6 scale - 1 - i;
    the number four characters wide in the middle, on line 2 scale (up) or scale - 1."""
    rows, cols = coords[:, 0] - coords[:, 0].min(), coords[:, 1] - coords[:, 1].min()
    present = {(int(r), int(c)) for r, c in zip(rows, cols, strict=True)}
    n = 3 * scale  # lines a row, columns a triangle
    lines, owner, base = _canvas(n * int(cols.max()) + 2 * n, n * int(rows.max()) + n + 1)
    slots = []
    for cell, (r, c) in enumerate(zip(rows.tolist(), cols.tolist(), strict=True)):
        x, y = n * c, n * r + 1
        up = (coords[cell, 0] + coords[cell, 1]) % 2 == 0
        for i in range(n):
            left, right = (n - 1 - i, n + i) if up else (i, 2 * n - 1 - i)
            lines[y + i][x + left] = "/" if up else "\\"
            lines[y + i][x + right] = "\\" if up else "/"
            owner[y + i, x + left + 1:x + right] = cell
        if up:
            base[y + n - 1, x + 1:x + 2 * n - 1] = True
        elif (r - 1, c) not in present:  # no triangle above draws this top edge
            lines[y - 1][x + 1:x + 2 * n - 1] = ["_"] * (2 * n - 2)
        slots.append((y + (2 * scale if up else scale - 1), x + n - 2, 4))
    return TilePicture(lines, owner, slots, base)


def tile_picture(tiling: str, coords: np.ndarray, room: tuple[int, int] = (0, 0)) -> TilePicture:
    """The picture of a board of either tiling: the large form where it fits in `room`
    (width, height), else the small one."""
    if tiling == "hex":
        large, small = hex_picture(coords, "large"), hex_picture(coords)
    else:
        large, small = triangle_picture(coords, 2), triangle_picture(coords)
    return large if large.width <= room[0] and large.height <= room[1] else small
