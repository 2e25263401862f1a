"""Boards on other tilings than the square (issue 41): hexagons and triangles.

A board is its cells, each named by its coordinates, and the cells each one touches: the
graph a maze on that tiling is a subgraph of (the passages a generator opens). The
coordinates are the issue's, which the maze documents use too:

- **hex**: axial (q, r); a cell touches (q ± 1, r), (q, r ± 1), (q + 1, r − 1) and
  (q − 1, r + 1). `hexagon(side)` is the hexagon of that side, every (q, r) with |q|, |r|
  and |q + r| below `side`; `hex_rows(width, height)` is a brick-like rectangle of rows.
- **triangle**: (row, col), pointing up when row + col is even; a cell touches
  (row, col ± 1) and the one across its base: (row + 1, col) for an up triangle, (row − 1,
  col) for a down one. `triangles(width, height)` is `height` rows of `width` triangles.

Cells are numbered in the order given (row by row), so a board's CSR (`graph`) serves every
graph kernel in `engine.graph` as it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from mazegame.engine.graph import CSR

TILINGS = ("hex", "triangle")
HEX_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def touching(tiling: str, cell: tuple[int, int]) -> list[tuple[int, int]]:
    """The coordinates of the cells that share a side with `cell` on an unbounded tiling."""
    a, b = cell
    if tiling == "hex":
        return [(a + dq, b + dr) for dq, dr in HEX_STEPS]
    if tiling == "triangle":
        across = (a + 1, b) if (a + b) % 2 == 0 else (a - 1, b)
        return [(a, b - 1), (a, b + 1), across]
    raise ValueError(f"no tiling {tiling!r} (the tilings: {', '.join(TILINGS)})")


@dataclass(frozen=True)
class Board:
    """Cells of one tiling and, for each, the board's cells it touches."""

    tiling: str
    cells: tuple[tuple[int, int], ...]
    index: dict[tuple[int, int], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.tiling not in TILINGS:
            raise ValueError(f"no tiling {self.tiling!r} (the tilings: {', '.join(TILINGS)})")
        index = {cell: i for i, cell in enumerate(self.cells)}
        if len(index) != len(self.cells):
            raise ValueError("a board names each cell once")
        object.__setattr__(self, "index", index)

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.cells)

    def neighbours(self, i: int) -> list[int]:
        """The cells of the board that cell i shares a side with, in `touching`'s order."""
        return [self.index[c] for c in touching(self.tiling, self.cells[i]) if c in self.index]

    def graph(self) -> CSR:
        """Every side two cells share, both ways: the graph a maze's passages come from."""
        indptr = np.zeros(self.size + 1, dtype=np.int64)
        indices: list[int] = []
        for i in range(self.size):
            indices += self.neighbours(i)
            indptr[i + 1] = len(indices)
        return CSR(indptr, np.asarray(indices, dtype=np.int32))


def hexagon(side: int) -> Board:
    """The hexagon of `side` cells a side (3 side (side - 1) + 1 cells), row by row."""
    if side < 1:
        raise ValueError(f"a hexagon's side is at least 1, not {side}")
    n = side - 1
    return Board("hex", tuple((q, r) for r in range(-n, n + 1)
                              for q in range(max(-n, -r - n), min(n, -r + n) + 1)))


def hex_rows(width: int, height: int) -> Board:
    """`height` rows of `width` hexagons, the odd rows set half a cell to the right (an
    "odd-r" rectangle), in axial coordinates."""
    if width < 1 or height < 1:
        raise ValueError(f"a board is at least 1x1, not {width}x{height}")
    return Board("hex", tuple((col - r // 2, r) for r in range(height) for col in range(width)))


def triangles(width: int, height: int) -> Board:
    """`height` rows of `width` triangles, (0, 0) pointing up."""
    if width < 1 or height < 1:
        raise ValueError(f"a board is at least 1x1, not {width}x{height}")
    return Board("triangle", tuple((row, col) for row in range(height) for col in range(width)))
