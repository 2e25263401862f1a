"""The bird's-eye maze on hexagons or triangles: `MazeView`'s interface over `ui.board_art`.

A `BoardView` is a `MazeView` (screens find it, and the chase's demon, the end panel's
routes, browsing and scrolling work on it as they do on squares) that draws a `BoardMaze`
with `board_art.draw`: the lines are drawn once a maze (and zoom, and glyph set), and the
rooms, the trail, marks and sprites go at each cell's anchor. The zoom cycles the board's
forms (large, compact) instead of room widths.
"""

from __future__ import annotations

import numpy as np
from rich.segment import Segment
from textual.geometry import Size
from textual.strip import Strip

from mazegame.ui import board_art
from mazegame.ui.host import palette_of
from mazegame.ui.widgets.maze_view import MazeView


class BoardView(MazeView):
    """Draws a `BoardMaze` (hexagons, triangles) with the player, trail, goals, marks and
    other sprites; follows the player on boards larger than the widget."""

    DEFAULT_CSS = """
    BoardView { background: $surface; }
    """

    kind = "hex"  #: the board fitted before a maze is shown (`maze_view.make_view` sets it)

    def __init__(self, maze=None, **kwargs) -> None:
        self.form: str | None = None  #: the form drawn (`board_art.FORMS`); None: the largest
        self._art: board_art.Art | None = None
        self._on_line: dict[int, np.ndarray] = {}  #: picture line -> cells anchored on it
        #: picture line -> (x, cell, cell) of the open doors halfway between two cells on it
        self._doors: dict[int, np.ndarray] = {}
        super().__init__(maze, **kwargs)

    # -- content ---------------------------------------------------------------------
    def _rebuild(self) -> None:
        if self.maze is None:
            return
        self._drawn_with = p = palette_of(self)
        forms = board_art.forms(self.maze.tiling)
        if self.form not in forms:
            self.form = forms[0]
        art = board_art.draw(self.maze, p.glyphs, self.form)
        self._art = art
        self._lines = list(art.lines)
        self._on_line = _by_line(art.anchors[:, 1], np.arange(self.maze.size))
        pairs = self.maze.passages()
        halfway = (art.anchors[pairs[:, 0]] + art.anchors[pairs[:, 1]]) // 2
        self._doors = _by_line(halfway[:, 1], np.column_stack([halfway[:, 0], pairs]))
        self.set_reactive(MazeView.room_width, art.room)  # (no redraw: this is it)
        self._cache.clear()
        self.virtual_size = Size(art.width, art.height)
        self.refresh()
        if self.player is not None:
            self.call_after_refresh(self.keep_player_in_view)

    def fit(self, width: int, height: int) -> tuple[int, int]:
        """The largest board of rows (width, height) whose picture fits the widget."""
        kind = self.maze.tiling if self.maze is not None else self.kind
        forms = board_art.forms(kind)
        return board_art.fit(kind, self.form if self.form in forms else forms[0], width, height)

    def zoom(self) -> None:
        """The next form of the board (large, compact, ...)."""
        if self.maze is None:
            return
        forms = board_art.forms(self.maze.tiling)
        self.form = forms[(forms.index(self.form) + 1) % len(forms)] if self.form in forms \
            else forms[0]
        self._rebuild()

    def update_walls(self, maze, row: int) -> None:
        """Adopt `maze` whose doors changed (redrawn whole: boards are not edited)."""
        self.maze = maze
        self._rebuild()

    def _is_rock(self, cell: int) -> bool:
        return False

    # -- geometry --------------------------------------------------------------------
    def cell_origin(self, cell: int) -> tuple[int, int]:
        """Picture (x, y) of the first character of a cell's room (about its anchor)."""
        x, y = self._art.anchors[cell]
        return int(x) - self.room_width // 2, int(y)

    def invalidate(self, cells) -> None:
        """Re-render the lines holding these cells (their rooms changed)."""
        if self._art is None:
            return
        for cell in cells:
            self._cache.pop(int(self._art.anchors[cell, 1]), None)
        self.repaint(cells)

    def repaint(self, cells) -> None:
        """Repaint the lines holding these cells from the cache (only sprites moved)."""
        if self._art is None:
            return
        for line in {int(self._art.anchors[cell, 1]) for cell in cells}:
            self._refresh_row(line)

    def action_scroll(self, dx: int, dy: int) -> None:
        """Scroll by a cell across or a row of cells down."""
        self.scroll_to(self.scroll_offset.x + dx * (self.room_width + 1),
                       self.scroll_offset.y + 2 * dy, animate=False)

    # -- drawing ---------------------------------------------------------------------
    def _row_strip(self, row: int) -> Strip:
        cached = self._cache.get(row)
        if cached is not None:
            return cached
        p = self._drawn_with
        line = self._lines[row]
        segments = [Segment(ch, p.WALL if ch in board_art.WALL_CHARS else p.FLOOR)
                    for ch in line]
        for cell in self._on_line[row].tolist() if row in self._on_line else ():
            glyph, style = self._room(cell)
            x, _ = self.cell_origin(cell)
            for i, ch in enumerate(self._room_text(glyph)):
                segments[x + i] = Segment(ch, style)
        if self.marks and row in self._doors:  # the shortest path's band through its doors
            for x, a, b in self._doors[row].tolist():
                band = self._band(a, b)
                if band is not None and line[x] == " ":
                    segments[x] = Segment(" ", band)
        strip = Strip(segments).simplify()
        self._cache[row] = strip
        return strip


def _by_line(lines: np.ndarray, rows: np.ndarray) -> dict[int, np.ndarray]:
    """`rows` grouped by the picture line each is on (`lines`, one a row)."""
    if len(lines) == 0:  # a board with no passage yet (a generator's first frame)
        return {}
    order = np.argsort(lines, kind="stable")
    keys, starts = np.unique(lines[order], return_index=True)
    return dict(zip(keys.tolist(), np.split(rows[order], starts[1:]), strict=True))
