"""A cell-by-cell matrix (M^i, M^d, M^s) drawn with the line API, coloured by value.

Cells are numbered from 1 along the top and the left, as in Suits. The header row and the
row labels stay put while the entries scroll; the cursor's row and column are highlighted
(marked and underlined, so they read without colour too) and kept in view.
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

BIG = "++"  #: an entry too large for its cell
#: The cursor's row and column, marked by glyph as well as colour (NO_COLOR): in the row's
#: label and above the column's number, in box glyphs and in ASCII.
ROW_MARK = {"box": "▶", "ascii": ">"}
COLUMN_MARK = {"box": "▼", "ascii": "v"}
#: Entries in the cursor's row and column are underlined, which shows without colour too.
CROSS = Style(underline=True)
BLANK = Style()  #: the empty rest of a line (a line without a style breaks NO_COLOR's filter)

#: What the values mean: "count" (powers of M^1), "distance" (M^d), "solution" (M^s).
KINDS = ("count", "distance", "solution")


def widths(n: int) -> tuple[int, int]:
    """(characters per entry, characters of the row labels) for an n x n matrix: an entry
    is as wide as the largest cell number plus a space (at least 3); a label holds the
    number, the cursor's mark and a space."""
    digits = len(str(n))
    return max(3, digits + 1), digits + 2


class MatrixView(ScrollView, can_focus=False):
    """Shows one n x n matrix; `show` replaces it."""

    DEFAULT_CSS = "MatrixView { background: $surface; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.matrix: np.ndarray | None = None
        self.kind = "count"
        self.cursor = 0
        self.cell, self.label = widths(1)
        self._top = 1.0

    def show(self, matrix: np.ndarray, kind: str, cursor: int) -> None:
        """Draw `matrix` (values meaning `kind`) with `cursor`'s row and column lit."""
        assert kind in KINDS
        self.matrix, self.kind, self.cursor = matrix, kind, cursor
        n = matrix.shape[0]
        self.cell, self.label = widths(n)
        top = float(matrix.max()) if matrix.size else 1.0
        self._top = max(1.0, math.log10(top + 1) if kind == "count" else top)
        self.virtual_size = Size(self.label + self.cell * n, n + 1)
        self.refresh()
        self.call_after_refresh(self._keep_cursor_in_view)

    @property
    def window(self) -> tuple[int, int]:
        """(width, height) of what shows, scrollbars left out."""
        return self.scrollable_content_region.size

    def _keep_cursor_in_view(self) -> None:
        """Scroll, by whole entries, just enough to show the cursor's row and column."""
        width, height = self.window
        fit = max(1, (width - self.label) // self.cell)  # whole entries beside the labels
        sx, sy = self.scroll_offset
        first = min(max(-(-sx // self.cell), self.cursor - fit + 1), self.cursor)
        new_y = min(max(sy, self.cursor + 2 - height), self.cursor)
        self.scroll_to(first * self.cell, new_y, animate=False, immediate=True)

    # -- drawing -----------------------------------------------------------------------
    def entry(self, value: float) -> tuple[str, Style]:
        """Text and style of one entry."""
        p, cell = palette_of(self), self.cell
        if value <= 0 and not (self.kind != "count" and value == 0):
            return "·".rjust(cell), p.FOG
        if self.kind == "solution":
            return str(int(value)).rjust(cell), p.GOAL
        share = math.log10(value + 1) / self._top if self.kind == "count" else value / self._top
        style = p.RAMP[min(len(p.RAMP) - 1, int(share * (len(p.RAMP) - 1) + 0.5))]
        text = str(int(value)) if value < self.big(self.matrix.shape[0]) else BIG
        return text.rjust(cell), style

    @staticmethod
    def big(n: int) -> int:
        """The least count shown as BIG in an n x n matrix (it outgrows the entry)."""
        return 10 ** (widths(n)[0] - 1)

    def render_line(self, y: int) -> Strip:
        """Row `y` of the matrix on screen (scrolled), the cursor's row and column marked."""
        p = palette_of(self)
        width = self.window[0]
        if self.matrix is None:
            return Strip.blank(width, BLANK)
        sx, sy = self.scroll_offset
        n, cell, digits = self.matrix.shape[0], self.cell, self.label - 2
        glyphs = "ascii" if p.glyphs == "ascii" else "box"
        room = width - self.label
        first, last = sx // cell, min(n, (sx + room) // cell + 1)  # the columns on screen
        columns = range(first, last)
        if y == 0:
            label = Segment(" " * self.label, p.HEADER)
            body = [Segment(f"{COLUMN_MARK[glyphs]}{j + 1}".rjust(cell), p.PLAYER)
                    if j == self.cursor else Segment(f"{j + 1:>{cell}}", p.HEADER)
                    for j in columns]
        else:
            row = y - 1 + sy
            if row >= n:
                return Strip.blank(width, BLANK)
            mine = row == self.cursor
            label = Segment(f"{row + 1:>{digits}}{ROW_MARK[glyphs] if mine else ' '} ",
                            p.PLAYER if mine else p.HEADER)
            body = []
            for j in columns:
                text, style = self.entry(float(self.matrix[row, j]))
                if mine or j == self.cursor:
                    style = style + (p.CURSOR_LINE + CROSS if style is p.FOG else CROSS)
                body.append(Segment(text, style))
        skip = sx - first * cell
        entries = Strip(body).crop(skip, skip + room)
        return Strip.join([Strip([label]), entries]).extend_cell_length(width, BLANK)
