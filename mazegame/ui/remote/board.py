"""The room's maze on screen: the picture (walls), goals, your trail, every player's letter
and the demon, scrolled to keep you in view when the maze is larger than the terminal.

A line-API widget as the local game's maze view, drawn from `picture.Picture` (no engine).
Players are their letters on their colour; you are bold and underlined too, so that under
NO_COLOR (no colours at all) your letter still stands out and the letters tell the rest apart.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from mazegame.ui.host import palette_of
from mazegame.ui.palette import Palette, per_palette
from mazegame.ui.remote.picture import SEAM_CHARS, Picture

DEMON_GLYPH = "Ж"  #: the demon's sprite, as the local chase draws it ("&" in ASCII)
ASCII_DEMON = "&"


@per_palette
def player_styles(p: Palette) -> tuple[Style, ...]:
    """Eight players' styles (Seat.colour indexes them): dark letters on the agents' bright
    colours, then light letters on the sets' deeper ones."""
    bright = tuple(Style(color=p.INK, bgcolor=c, bold=True) for c in p.AGENT_COLOURS)
    deep = tuple(Style(color=p.BRIGHT, bgcolor=c, bold=True) for c in p.SET_COLOURS[:4])
    return bright + deep


def player_style(p: Palette, colour: int) -> Style:
    """The style of the player with this Seat.colour."""
    styles = player_styles(p)
    return styles[colour % len(styles)]


class Board(ScrollView, can_focus=False):
    """Draws a Picture with its rooms and sprites; `keep_in_view` follows a cell."""

    DEFAULT_CSS = "Board { background: $surface; scrollbar-size: 0 0; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.picture: Picture | None = None
        self.goals: frozenset[int] = frozenset()
        self.start: int = -1
        self.trail: set[int] = set()  #: cells you walked
        #: cell -> (letter, style, is it you): every player (you last, over the others).
        self.sprites: dict[int, tuple[str, Style, bool]] = {}
        self.demon = -1
        self._walls: dict[tuple, Strip] = {}  #: wall lines drawn, by (palette, lines, row)

    def show(self, picture: Picture, start: int, goals: list[int]) -> None:
        """A new maze: no trail yet."""
        self.picture, self.start, self.goals = picture, start, frozenset(goals)
        self.trail = set()
        self.sprites = {}
        self.demon = -1
        self.virtual_size = Size(len(picture.lines[0]), len(picture.lines))
        self.refresh()

    def place(self, sprites: dict[int, tuple[str, Style, bool]], demon: int) -> None:
        """Where everyone is now."""
        self.sprites, self.demon = sprites, demon
        self.refresh()

    def origin(self, cell: int) -> tuple[int, int]:
        """(x, y) of a cell's room in the picture."""
        return self.picture.origin(cell) if self.picture else (0, 0)

    def keep_in_view(self, cell: int) -> None:
        """Keep `cell` a margin from the edges: when it comes closer, centre on it."""
        if self.picture is None or cell < 0:
            return
        x, y = self.origin(cell)
        width, height = self.size
        mx, my = min(12, width // 4), min(4, height // 4)
        sx, sy = self.scroll_offset
        new_x, new_y = sx, sy
        if not sx + mx <= x <= sx + width - self.picture.room - mx:
            new_x = min(max(0, x - width // 2), self.max_scroll_x)
        if not sy + my <= y <= sy + height - 1 - my:
            new_y = min(max(0, y - height // 2), self.max_scroll_y)
        if (new_x, new_y) != (sx, sy):
            self.scroll_to(new_x, new_y, animate=False, immediate=True)
            self.refresh()

    # -- drawing ------------------------------------------------------------------------
    def _room(self, p: Palette, cell: int) -> tuple[str, Style]:
        """A room's glyph and style: a sprite, else the demon, a goal, the start, trail."""
        sprite = self.sprites.get(cell)
        if sprite is not None:
            letter, style, mine = sprite
            return letter, style + Style(underline=True) if mine else style
        if cell == self.demon:
            return (DEMON_GLYPH if p.glyphs == "box" else ASCII_DEMON), p.DEMON
        if cell in self.goals:
            return p.GLYPH_GOAL, p.GOAL
        if cell == self.start:
            return p.GLYPH_START, p.START
        if cell in self.trail:
            return p.GLYPH_TRAIL, p.TRAIL
        return " ", p.FLOOR

    def _wall(self, p: Palette, ch: str) -> Style:
        return p.SEAM if ch in SEAM_CHARS else p.WALL

    def render_line(self, y: int) -> Strip:
        """Row `y` on screen: the picture's line, scrolled and centred, rooms drawn in."""
        p = palette_of(self)
        width = self.size.width
        pic = self.picture
        if pic is None:
            return Strip.blank(width, p.FLOOR)
        vw, vh = self.virtual_size
        pad_x, pad_y = max(0, (width - vw) // 2), max(0, (self.size.height - vh) // 2)
        sx, sy = self.scroll_offset
        row = y + sy - pad_y
        if not 0 <= row < len(pic.lines):
            return Strip.blank(width, p.FLOOR)
        line = pic.lines[row]
        if row % 2 == 0:
            key = (id(p), id(pic.lines), row)
            if key not in self._walls:
                if len(self._walls) > 4 * len(pic.lines):
                    self._walls.clear()
                self._walls[key] = Strip([Segment(ch, self._wall(p, ch))
                                          for ch in line]).simplify()
            segments = list(self._walls[key])
        else:
            r, step, segments = row // 2, pic.room + 1, []
            for c in range(pic.width):
                gap = line[c * step]
                segments.append(Segment(gap, self._wall(p, gap)))
                glyph, style = self._room(p, r * pic.width + c)
                left = (pic.room - 1) // 2
                segments.append(Segment(" " * left, p.FLOOR if glyph == " " else style))
                segments.append(Segment(glyph, style))
                segments.append(Segment(" " * (pic.room - left - 1),
                                        p.FLOOR if glyph == " " else style))
            segments.append(Segment(line[-1], self._wall(p, line[-1])))
        strip = Strip(segments).simplify().crop(sx, sx + width - pad_x)
        if pad_x:
            strip = Strip.join([Strip.blank(pad_x, p.FLOOR), strip])
        return strip.extend_cell_length(width, p.FLOOR)
