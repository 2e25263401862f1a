"""The jumping-maze board: a checkerboard of numbers drawn line by line, with the player,
the goal, the hint (visited squares), easy mode's legal targets and a bump flash. A hex or
triangle puzzle is drawn in outlines (`jump_tiles`), each cell's inside in its style, the
legal jumps marked unless easy mode is turned off, and scrolled to the player when the
board is larger than the widget.

The player's square is marked by a glyph as well as a colour (a colour alone is lost on a
colour-blind player and without colour). Without colour (NO_COLOR) glyphs carry what the
other colours would too: the dark squares are filled with a shade, and easy mode's targets
and the hint mark their square's number.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from mazegame.engine.jump.tiles import TilePuzzle
from mazegame.games.jump import JumpGame
from mazegame.ui.host import palette_of
from mazegame.ui.widgets.jump_tiles import TilePicture, tile_picture


class JumpBoard(Widget, can_focus=True):
    """The board, drawn line by line: squares as large as the widget allows (odd widths,
    so numbers centre), the player on top; a click on a square posts `Clicked`."""

    DEFAULT_CSS = "JumpBoard { height: 1fr; width: 1fr; background: $surface; }"

    class Clicked(Message):
        """A square was clicked."""

        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.game: JumpGame | None = None
        self.show_visited = False
        #: easy mode: None until toggled, which shows the targets on hexagons and
        #: triangles (their lines are harder to follow by eye) and not on squares
        self.easy: bool | None = None
        self.bumped = False
        self._picture: tuple[tuple, TilePicture] | None = None  #: (board and size, picture)

    @property
    def show_targets(self) -> bool:
        """Mark the cells one legal jump away (easy mode)."""
        if self.easy is None:
            return self.game is not None and isinstance(self.game.puzzle, TilePuzzle)
        return self.easy

    @show_targets.setter
    def show_targets(self, on: bool) -> None:
        self.easy = on

    def show(self, game: JumpGame) -> None:
        """Draw this game (a new puzzle, or the same one after a move)."""
        self.game = game
        self.refresh()

    @property
    def picture(self) -> TilePicture | None:
        """A hex or triangle board's outlines, in the largest form the widget holds (made
        again only for another board or size); None for squares."""
        p = self.game.puzzle if self.game else None
        if not isinstance(p, TilePuzzle):
            return None
        key = (p.tiling, p.side, self.size.width, self.size.height)
        if self._picture is None or self._picture[0] != key:
            self._picture = key, tile_picture(p.tiling, p.board.coords, tuple(self.size))
        return self._picture[1]

    # -- geometry ----------------------------------------------------------------
    def tile_origin(self) -> tuple[int, int]:
        """Where the tile picture's top-left corner lies in the widget: centred, or, when
        the picture is larger, placed so that the player is in view."""
        pic, (w, h) = self.picture, self.size
        y, x, width = pic.slots[self.game.position]
        ox = (w - pic.width) // 2 if pic.width <= w else min(0, max(w - pic.width,
                                                                      w // 2 - x))
        oy = (h - pic.height) // 2 if pic.height <= h else min(0, max(h - pic.height,
                                                                       h // 2 - y))
        return ox, oy

    def cell_size(self) -> tuple[int, int]:
        """(width, height) of one square: the largest odd width up to 9, height up to 3."""
        p = self.game.puzzle
        cw = max(3, min(9, self.size.width // p.width))
        ch = max(1, min(3, self.size.height // p.height))
        return cw - (cw % 2 == 0), ch

    def origin(self) -> tuple[int, int]:
        """Top-left corner of the board inside the widget (the board is centred)."""
        cw, ch = self.cell_size()
        p = self.game.puzzle
        return (max(0, (self.size.width - cw * p.width) // 2),
                max(0, (self.size.height - ch * p.height) // 2))

    def cell_at(self, x: int, y: int) -> int | None:
        """The square under widget coordinates, or None."""
        if self.game is None:
            return None
        if self.picture is not None:
            ox, oy = self.tile_origin()
            px, py = x - ox, y - oy
            inside = 0 <= px < self.picture.width and 0 <= py < self.picture.height
            cell = int(self.picture.owner[py, px]) if inside else -1
            return cell if cell >= 0 else None
        cw, ch = self.cell_size()
        ox, oy = self.origin()
        r, c = (y - oy) // ch, (x - ox) // cw
        p = self.game.puzzle
        if y < oy or x < ox or r >= p.height or c >= p.width:
            return None
        return r * p.width + c

    # -- drawing ---------------------------------------------------------------------
    @property
    def plain(self) -> bool:
        """No colour (NO_COLOR): the glyphs alone must tell squares and marks apart."""
        return self.app.no_color  # Textual's own, from NO_COLOR

    def square(self, cell: int, targets: set[int]) -> tuple[str, Style, str]:
        """Label, style and fill character of one square."""
        game, p, plain = self.game, self.game.puzzle, self.plain
        pal = palette_of(self)
        label = "G" if cell == p.goal else str(int(p.jumps.flat[cell]))
        if isinstance(p, TilePuzzle):  # triangles: up light, down dark; hexagons light
            row, col = p.coord(cell)
            light = p.tiling == "hex" or (row + col) % 2 == 0
            plain = False  # outlines part the cells: no shaded fill
        else:
            r, c = divmod(cell, p.width)
            light = (r + c) % 2 == 0  # the seed's checkerboard
        fill = pal.GLYPH_DARK_SQUARE if plain and not light else " "
        if cell == game.position:
            bumped = self.bumped
            label = f"{pal.GLYPH_BUMP if bumped else pal.GLYPH_PLAYER}{label}"
            return label, pal.BUMP if bumped else pal.PLAYER, fill
        if cell == p.goal:
            return label, pal.GOAL, fill
        style = pal.LIGHT if light else pal.DARK
        mark = ""
        if self.show_visited and cell in game.visited:
            style, mark = style + pal.HINT, pal.GLYPH_TRAIL
        if self.show_targets and cell in targets:
            style, mark = style + pal.TARGET, pal.GLYPH_TARGET  # where you can go says more
        room = self.picture.slots[cell][2] if self.picture else self.cell_size()[0]
        if cell == p.start:
            label = f"[{label}]" if len(label) + 2 <= room else label
        # a mark's glyph beside the number where colour alone would tell it (NO_COLOR), and
        # always on outlined boards, whose cells have room for it
        glyph = self.plain or isinstance(p, TilePuzzle)
        return (mark + label if glyph and len(mark + label) <= room else label), style, fill

    @staticmethod
    def cell_text(label: str, width: int, fill: str, middle: bool) -> str:
        """One row of a square: the fill, with the label centred on the middle row (kept
        clear of a shaded fill by a space each side where there is room)."""
        if not middle:
            return fill * width
        if fill != " " and len(label) + 4 <= width:
            label = f" {label} "
        return label.center(width, fill)

    def render_line(self, y: int) -> Strip:
        """One row of the board: squares, numbers, player and goal."""
        width, pal = self.size.width, palette_of(self)
        # Every segment carries a style: NO_COLOR's monochrome filter fails on a bare one.
        if self.game is None:
            return Strip.blank(width, pal.FLOOR)
        if self.picture is not None:
            return self.render_tiles(y).extend_cell_length(width, pal.FLOOR)
        p = self.game.puzzle
        cw, ch = self.cell_size()
        ox, oy = self.origin()
        r = (y - oy) // ch
        if y < oy or r >= p.height:
            return Strip.blank(width, pal.FLOOR)
        middle = (y - oy) % ch == ch // 2
        targets = set(self.game.options().values()) if self.show_targets else set()
        segments = [Segment(" " * ox, pal.FLOOR)]
        for c in range(p.width):
            label, style, fill = self.square(r * p.width + c, targets)
            segments.append(Segment(self.cell_text(label, cw, fill, middle), style))
        return Strip(segments).extend_cell_length(width, pal.FLOOR)

    def render_tiles(self, y: int) -> Strip:
        """One line of a hex or triangle board: outlines, and each cell's inside in its
        style with its number (an up triangle's base underlined)."""
        pal, pic = palette_of(self), self.picture
        ox, oy = self.tile_origin()
        py = y - oy
        if not 0 <= py < pic.height:
            return Strip.blank(self.size.width, pal.FLOOR)
        targets = set(self.game.options().values()) if self.show_targets else set()
        chars = list(pic.lines[py])
        styles: list[Style] = [pal.WALL] * pic.width
        looks = {}
        for x in range(pic.width):
            cell = int(pic.owner[py, x])
            if cell < 0:
                continue
            if cell not in looks:
                looks[cell] = self.square(cell, targets)
                sy, sx, room = pic.slots[cell]
                if sy == py:
                    label = looks[cell][0][:room].center(room)
                    chars[sx:sx + room] = list(label)
            styles[x] = looks[cell][1] + (Style(underline=True) if pic.base[py, x] else
                                           Style())
        if ox < 0:
            chars, styles = chars[-ox:], styles[-ox:]
        segments = [Segment(" " * max(0, ox), pal.FLOOR)]
        segments += [Segment(ch, st) for ch, st in zip(chars, styles, strict=True)]
        return Strip(Segment.simplify(segments))

    def on_click(self, event: events.Click) -> None:
        """A click on a square asks to jump there."""
        cell = self.cell_at(event.x, event.y)
        if cell is not None:
            self.post_message(self.Clicked(cell))

    def flash_bump(self) -> None:
        """Flash the player red for a moment: that jump is not allowed."""
        self.bumped = True
        self.refresh()
        self.set_timer(0.18, self._clear_bump)

    def _clear_bump(self) -> None:
        self.bumped = False
        self.refresh()
