"""A cell-by-cell matrix (M^i, M^d, M^s) drawn with the line API, coloured by value.

Cells are numbered from 1 along the top and the left, as in Suits. The header row and the
row labels stay put while the entries scroll; the cursor's row and column are highlighted.
"""

from __future__ import annotations

import math

import numpy as np
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from mazegame.ui.host import palette_of

CELL = 3  #: characters per entry
BIG = "++"  #: an entry too large for its cell (100 or more)
LABEL = 4  #: characters of the row labels

#: What the values mean: "count" (powers of M^1), "distance" (M^d), "solution" (M^s).
KINDS = ("count", "distance", "solution")


class MatrixView(ScrollView, can_focus=False):
    """Shows one n x n matrix; `show` replaces it."""

    DEFAULT_CSS = "MatrixView { background: $surface; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.matrix: np.ndarray | None = None
        self.kind = "count"
        self.cursor = 0
        self._top = 1.0

    def show(self, matrix: np.ndarray, kind: str, cursor: int) -> None:
        """Draw `matrix` (values meaning `kind`) with `cursor`'s row and column lit."""
        assert kind in KINDS
        self.matrix, self.kind, self.cursor = matrix, kind, cursor
        n = matrix.shape[0]
        top = float(matrix.max()) if matrix.size else 1.0
        self._top = max(1.0, math.log10(top + 1) if kind == "count" else top)
        self.virtual_size = Size(LABEL + CELL * n, n + 1)
        self.refresh()
        self.call_after_refresh(self._keep_cursor_in_view)

    def _keep_cursor_in_view(self) -> None:
        width, height = self.size
        x = CELL * self.cursor  # entries scroll under the fixed row labels
        sx, sy = self.scroll_offset
        new_x = min(max(sx, x + CELL - width + LABEL), x)
        new_y = min(max(sy, self.cursor + 2 - height), self.cursor)
        self.scroll_to(new_x, new_y, animate=False, immediate=True)

    # -- drawing -----------------------------------------------------------------------
    def entry(self, value: float) -> tuple[str, Style]:
        """Text and style of one entry."""
        p = palette_of(self)
        if value <= 0 and not (self.kind != "count" and value == 0):
            return "·".rjust(CELL), p.FOG
        if self.kind == "solution":
            return str(int(value)).rjust(CELL), p.GOAL
        share = math.log10(value + 1) / self._top if self.kind == "count" else value / self._top
        style = p.RAMP[min(len(p.RAMP) - 1, int(share * (len(p.RAMP) - 1) + 0.5))]
        text = str(int(value)) if value < 10 ** (CELL - 1) else BIG
        return text.rjust(CELL), style

    def render_line(self, y: int) -> Strip:
        """Row `y` of the matrix on screen (scrolled), the cursor's row and column marked."""
        p = palette_of(self)
        width = self.size.width
        if self.matrix is None:
            return Strip.blank(width)
        sx, sy = self.scroll_offset
        n = self.matrix.shape[0]
        if y == 0:
            label = Segment(" " * LABEL, p.HEADER)
            body = [Segment(str(j + 1).rjust(CELL),
                            p.PLAYER if j == self.cursor else p.HEADER)
                    for j in range(n)]
        else:
            row = y - 1 + sy
            if row >= n:
                return Strip.blank(width)
            label = Segment(f"{row + 1:>{LABEL - 1}} ",
                            p.PLAYER if row == self.cursor else p.HEADER)
            body = []
            for j, value in enumerate(self.matrix[row]):
                text, style = self.entry(float(value))
                if style is p.FOG and (row == self.cursor or j == self.cursor):
                    style = p.FOG + p.CURSOR_LINE
                body.append(Segment(text, style))
        entries = Strip(body).crop(sx, sx + width - LABEL)
        return Strip.join([Strip([label]), entries]).extend_cell_length(width)
