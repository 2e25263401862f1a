"""The outlines of a hex or triangle jumping puzzle, laid out once per board.

Hexagons (axial (q, r), pointy-top: the cell at column 4 q + 2 r, two lines a row), three
characters inside each for its number::

     / \\ / \\
    | 3 | 5 |
     \\ / \\ / \\
      | 2 | G |
       \\ / \\ /

Triangles ((row, col), up when row + col is even): three lines a row, three columns a
triangle; an up triangle's number sits on its base (drawn underlined), a down one's under
its top edge, four characters each; the first row's down triangles get a top edge::

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


def hex_picture(coords: np.ndarray) -> TilePicture:
    """The outlines of a board of hexagons in axial coordinates."""
    xs = 4 * coords[:, 0] + 2 * coords[:, 1]
    xs = xs - xs.min()
    ys = 2 * (coords[:, 1] - coords[:, 1].min()) + 1
    lines, owner, base = _canvas(int(xs.max()) + 5, int(ys.max()) + 2)
    slots = []
    for cell, (x, y) in enumerate(zip(xs.tolist(), ys.tolist(), strict=True)):
        for dy, dx, ch in ((-1, 1, "/"), (-1, 3, "\\"), (0, 0, "|"), (0, 4, "|"),
                           (1, 1, "\\"), (1, 3, "/")):
            lines[y + dy][x + dx] = ch
        owner[y, x + 1:x + 4] = cell
        owner[y - 1, x + 2] = owner[y + 1, x + 2] = cell
        slots.append((y, x + 1, 3))
    return TilePicture(lines, owner, slots, base)


def triangle_picture(coords: np.ndarray) -> TilePicture:
    """The outlines of a board of triangles in (row, col)."""
    rows, cols = coords[:, 0] - coords[:, 0].min(), coords[:, 1] - coords[:, 1].min()
    present = {(int(r), int(c)) for r, c in zip(rows, cols, strict=True)}
    lines, owner, base = _canvas(3 * int(cols.max()) + 6, 3 * int(rows.max()) + 4)
    slots = []
    for cell, (r, c) in enumerate(zip(rows.tolist(), cols.tolist(), strict=True)):
        x, y = 3 * c, 3 * r + 1
        up = (coords[cell, 0] + coords[cell, 1]) % 2 == 0
        if up:
            marks = ((0, 2, "/"), (0, 3, "\\"), (1, 1, "/"), (1, 4, "\\"), (2, 0, "/"),
                     (2, 5, "\\"))
            owner[y + 1, x + 2:x + 4] = cell
            owner[y + 2, x + 1:x + 5] = cell
            base[y + 2, x + 1:x + 5] = True
            slots.append((y + 2, x + 1, 4))
        else:
            marks = ((0, 0, "\\"), (0, 5, "/"), (1, 1, "\\"), (1, 4, "/"), (2, 2, "\\"),
                     (2, 3, "/"))
            owner[y, x + 1:x + 5] = cell
            owner[y + 1, x + 2:x + 4] = cell
            slots.append((y, x + 1, 4))
            if (r - 1, c) not in present:  # no triangle above draws this top edge
                lines[y - 1][x + 1:x + 5] = ["_"] * 4
        for dy, dx, ch in marks:
            lines[y + dy][x + dx] = ch
    return TilePicture(lines, owner, slots, base)


def tile_picture(tiling: str, coords: np.ndarray) -> TilePicture:
    """The picture of a board of either tiling."""
    return hex_picture(coords) if tiling == "hex" else triangle_picture(coords)
