"""The weave maze from above: the square maze view with its bridges drawn.

The picture is `ui.weave_art`'s: the weave's surface, each bridge's rails drawn through its
crossing (in the palette's bridge glyphs, ═ ║, ASCII = !, and dimmed) where the tunnel runs
under them. A player under a bridge is drawn in brackets. The cells the view is given
(player, trail, path, marks, sprites) are the weave board's, each drawn on its square.
"""

from __future__ import annotations

import numpy as np
from rich.style import Style
from textual.strip import Strip

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.weave import is_under, square_of
from mazegame.ui.weave_art import draw_rails, rail_spans, rails_picture
from mazegame.ui.widgets.maze_view import MazeView


class WeaveView(MazeView):
    """A `MazeView` of a weave maze (`engine.weave`): bridges drawn with their rails; the
    cells it is handed are the weave board's (see the module docstring)."""

    def __init__(self, maze: BoardMaze | None = None, **kwargs) -> None:
        self.weave: BoardMaze | None = None
        self._square = np.zeros(0, dtype=np.int64)
        self._at: dict[int, tuple[int, ...]] = {}  #: square -> its board cells
        self._rails: dict[int, list[tuple[int, int]]] = {}  #: picture line -> (x0, x1)
        self._bridges: set[tuple[int, int]] = set()  #: the crossings whose rails are drawn
        super().__init__(maze, **kwargs)

    # -- content ---------------------------------------------------------------------
    def set_maze(self, maze, player: int | None = None) -> None:
        """Show a weave maze (a `BoardMaze` on the weave board)."""
        self.weave = maze
        self._square = square_of(maze.board)
        at: dict[int, list[int]] = {}
        for cell, square in enumerate(self._square.tolist()):
            at.setdefault(square, []).append(cell)
        self._at = {square: tuple(cells) for square, cells in at.items()}
        picture, self._crossed = rails_picture(maze)
        super().set_maze(picture, player=maze.start if player is None else player)

    def update_walls(self, maze, row: int = 0) -> None:
        """Adopt `maze` (the same board, other doors: the eye's map of what was seen): the
        whole picture is redrawn (weave mazes are small), the layers kept."""
        self.weave = maze
        self.maze, self._crossed = rails_picture(maze)
        self._rebuild()

    def _rebuild(self) -> None:
        super()._rebuild()
        if self.weave is None or not self._lines:
            return
        p, width = self._drawn_with, self.maze.width
        unseen = self.unseen
        spans = [span for span in rail_spans(self._crossed, self.room_width)
                 if unseen is None or not all(  # no bridge shown in the fog (the eye's map)
                     cell in unseen for cell in self._at[span[0] * width + span[1]])]
        draw_rails(self._lines, spans, (p.GLYPH_BRIDGE_H, p.GLYPH_BRIDGE_V))
        self._rails, self._bridges = {}, {(r, c) for r, c, *_ in spans}
        for _, _, line, x0, x1, _ in spans:
            self._rails.setdefault(line, []).append((x0, x1))

    def _row_strip(self, row: int) -> Strip:
        cached = self._cache.get(row)
        if cached is not None:
            return cached
        strip = super()._row_strip(row)
        spans = self._rails.get(row)
        if spans:
            rail = self._drawn_with.WALL + Style(dim=True, bold=False)
            pieces, at = [], 0
            for x0, x1 in sorted(spans):
                pieces += [strip.crop(at, x0), strip.crop(x0, x1).apply_style(rail)]
                at = x1
            pieces.append(strip.crop(at))
            strip = Strip.join(pieces).simplify()
            self._cache[row] = strip
        return strip

    # -- board cells on squares ---------------------------------------------------------
    def _squares(self, cells) -> list[int]:
        return [int(self._square[c]) for c in cells if 0 <= c < len(self._square)]

    def cell_origin(self, cell: int) -> tuple[int, int]:
        """Picture (x, y) of the room of the square a board cell lies on."""
        return super().cell_origin(int(self._square[cell]) if self.weave else cell)

    def invalidate(self, cells) -> None:
        """Re-render the rows holding these board cells."""
        if self.maze is None:
            return
        squares = self._squares(cells)
        if self.unseen is not None and self._rails_hidden(squares):
            self._rebuild()  # a bridge just seen: its rails come out of the fog
            return
        for square in squares:
            self._cache.pop(2 * (square // self.maze.width) + 1, None)
        self.repaint(cells)

    def _rails_hidden(self, squares) -> bool:
        """Whether one of these squares is a crossing whose rails are not drawn yet."""
        width = self.maze.width
        return any(r * width + c in squares and (r, c) not in self._bridges
                   for r, c, _ in self._crossed)

    def repaint(self, cells) -> None:
        """Repaint the rows holding these board cells from the cache."""
        super().repaint(self._squares(cells))

    def _room(self, cell: int) -> tuple[str, Style]:
        """A square's room: as the square view draws it, with the layers (trail, path,
        marks) of either board cell on it."""
        cells = self._at.get(cell, (cell,))
        marks, path, trail, unseen = self.marks, self.path, self.trail, self.unseen
        mark = next((marks[c] for c in cells if c in marks), None)
        self.marks = {} if mark is None else {cell: mark}
        self.path = {cell} if any(c in path for c in cells) else set()
        self.trail = {cell} if any(c in trail for c in cells) else set()
        if unseen is not None:  # fog where none of the square's cells was seen
            self.unseen = {cell} if all(c in unseen for c in cells) else set()
        try:
            return super()._room(cell)
        finally:
            self.marks, self.path, self.trail, self.unseen = marks, path, trail, unseen

    def _sprites(self, row: int) -> list[tuple[int, str, Style]]:
        """The square view's sprites; a player under a bridge in brackets, dimmed."""
        out = super()._sprites(row)
        player = self.player
        if out and self.weave is not None and player is not None and \
                is_under(self.weave.board, player) and self.cell_origin(player)[1] == row:
            x, text, style = out[-1]
            glyph = text.strip() or text
            if self.room_width >= 3:
                text = self._room_text(f"({glyph})")
            out[-1] = (x, text, style + Style(dim=True, italic=True))
        return out
