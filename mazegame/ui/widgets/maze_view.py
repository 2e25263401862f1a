"""The bird's-eye maze: a line-API widget that draws walls as box characters.

Rows of the picture are rendered once into `Strip`s and cached; a move only invalidates
the rows it touches. Sprites (the player, a bump flash) are drawn over the cached strip
at render time, so moving never re-renders the maze.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from mazegame.engine.grid import Maze
from mazegame.engine.mazefile import picture_lines
from mazegame.ui import palette
from mazegame.ui.host import palette_of
from mazegame.ui.keys import scroll_bindings
from mazegame.ui.widgets.seams import seam_glyphs, seam_kinds, seam_line

_WALL_CHARS = set("─│┼├┤┬┴┌┐└┘╵╶╷╴-|+")  #: box drawing and ASCII


def _wall_style(p: palette.Palette, ch: str) -> Style:
    """How a character of the wall lines is drawn: walls, seams, one-way arrows."""
    if ch in _WALL_CHARS or ch == " ":
        return p.WALL
    return p.SEAM if ch in seam_glyphs(p) else p.ONE_WAY


def make_view(kind: str, **kwargs) -> MazeView:
    """The widget that draws mazes on the board `kind`: its tiling's `view` ("module:attr",
    `engine.tilings.TilingSpec.view`), else a `MazeView`; its `kind` says which board it
    fits before a maze is shown."""
    from mazegame.engine.tilings import tiling
    from mazegame.games.modes.spec import load

    spec = tiling(kind)
    view = (MazeView if spec.view is None else load(spec.view))(**kwargs)
    view.kind = kind
    return view


class MazeView(ScrollView, can_focus=True, inherit_bindings=False):
    """Draws a maze, a trail, a path, the goals and the player; scrolls to keep the player
    in view when the maze is larger than the widget. The seams of a wrapped maze are drawn
    as dotted edges (see `seams`), one-way doors as arrows.

    While `browsing` (after a game), the move keys scroll the maze instead; otherwise the
    view has no keys of its own and the screen's move keys reach the screen."""

    DEFAULT_CSS = """
    MazeView { background: $surface; }
    """
    BINDINGS = [
        *scroll_bindings(),
        Binding("pageup", "page(0, -1)", "Page up", show=False, id="scroll-page-up",
                tooltip="Scroll the maze up a screen"),
        Binding("pagedown", "page(0, 1)", "Page down", show=False, id="scroll-page-down",
                tooltip="Scroll the maze down a screen"),
        Binding("home", "page(-1, 0)", "Page left", show=False, id="scroll-page-left",
                tooltip="Scroll the maze left a screen"),
        Binding("end", "page(1, 0)", "Page right", show=False, id="scroll-page-right",
                tooltip="Scroll the maze right a screen"),
    ]

    room_width: reactive[int] = reactive(3)
    kind = "square"  #: the board drawn (`engine.tilings.TILINGS`)

    def __init__(self, maze: Maze | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.maze: Maze | None = None
        self.player: int | None = None
        self.trail: set[int] = set()
        self.path: set[int] = set()
        #: How the path layer looks (None: the palette's path glyph and style).
        self.path_glyph: tuple[str, Style] | None = None
        self.show_trail = True
        self.unseen: set[int] | None = None  #: cells drawn as fog (the eye mode's mini-map)
        self.others: dict[int, tuple[str, Style]] = {}  #: more sprites: cell -> (glyph, style)
        #: The routes shown after a game (cell -> (glyph, style)), over the path and trail.
        self.marks: dict[int, tuple[str, Style]] = {}
        #: The player's sprite when not the usual one (a facing arrow, the demon that caught).
        self.player_sprite: tuple[str, Style] | None = None
        self.browsing = False  #: the move keys scroll the view (after a game)
        self.bumped: int | None = None
        self._lines: list[str] = []
        self._cache: dict[int, Strip] = {}
        self._seams: tuple = (None, None)  #: seam_kinds of the maze drawn
        #: The palette the cached rows were drawn in (the host's, from the first paint on).
        self._drawn_with: palette.Palette = palette.DEFAULT
        if maze is not None:
            self.set_maze(maze)

    # -- content ---------------------------------------------------------------
    def set_maze(self, maze: Maze, player: int | None = None) -> None:
        """Show a new maze (clears trail and path)."""
        self.maze = maze
        self.player = maze.start if player is None else player
        self.trail = set()
        self.path = set()
        self.path_glyph = None
        self.marks = {}
        self.player_sprite = None
        self.browsing = False
        self.bumped = None
        self._rebuild()

    def fit(self, width: int, height: int) -> tuple[int, int]:
        """The largest maze (columns, rows) whose picture fits `width` x `height` characters
        at the current zoom (an odd width: it suits every generator, a cavern needs one)."""
        columns = max(3, (width - 1) // (self.room_width + 1))
        return columns - (columns % 2 == 0), max(2, (height - 1) // 2)

    def zoom(self) -> None:
        """Cycle the room width: 3, 1, 2 characters."""
        self.room_width = {3: 1, 1: 2, 2: 3}[self.room_width]

    def watch_room_width(self) -> None:
        """Redraw the whole maze at the new room width."""
        self._rebuild()

    def _rebuild(self) -> None:
        if self.maze is None:
            return
        self._drawn_with = p = palette_of(self)
        self._lines = picture_lines(self.maze, p.glyphs, self.room_width)
        self._seams = seam_kinds(self.maze)
        self._cache.clear()
        self.virtual_size = Size(len(self._lines[0]), len(self._lines))
        self.refresh()
        self.call_after_refresh(self.keep_player_in_view)

    def update_walls(self, maze: Maze, row: int) -> None:
        """Adopt `maze` whose walls changed only around `row`: redraw just the picture lines
        that touch it, not the whole picture (a fifth of a second on a 400x200 maze)."""
        p = self._drawn_with
        self.maze = maze
        lo, hi = max(0, row - 1), min(maze.height, row + 2)
        # A band of rows draws its inner lines exactly as the whole picture does.
        band = picture_lines(maze.copy(walls=maze.walls[lo:hi], solid=None, goals=(0,)),
                             p.glyphs, self.room_width)
        self._seams = seam_kinds(maze)
        lines = list(range(2 * row, 2 * row + 3))
        for line in lines:
            self._lines[line] = band[line - 2 * lo]
        if maze.wrap_y and row in (0, maze.height - 1):
            lines += [0, 2 * maze.height]  # the seam is drawn on both border lines
        for line in lines:
            self._cache.pop(line, None)
            self._refresh_row(line)

    def refresh_all(self) -> None:
        """Re-render every row (after changing what the layers show)."""
        self._cache.clear()
        self.refresh()

    def invalidate(self, cells) -> None:
        """Re-render the rows holding these cells (their rooms changed)."""
        if self.maze is None:
            return
        for cell in cells:
            self._cache.pop(2 * (cell // self.maze.width) + 1, None)
        self.repaint(cells)

    def repaint(self, cells) -> None:
        """Repaint the rows holding these cells from the cache (only sprites moved there)."""
        if self.maze is None:
            return
        for row in {2 * (cell // self.maze.width) + 1 for cell in cells}:
            self._refresh_row(row)

    def move_player(self, cell: int) -> None:
        """Move the player's sprite to `cell`, keeping it in view."""
        old = self.player
        self.player = cell
        self.bumped = None
        self.repaint([c for c in (old, cell) if c is not None])
        self.keep_in_view(cell)

    def flash_bump(self, cell: int) -> None:
        """Show a short red flash on the player's cell (cleared by the next move or timer)."""
        self.bumped = cell
        self.repaint([cell])
        self.set_timer(0.18, self._clear_bump)

    def _clear_bump(self) -> None:
        if self.bumped is not None:
            cell, self.bumped = self.bumped, None
            self.repaint([cell])

    def set_path(self, cells) -> None:
        """Mark `cells` as the path shown."""
        changed = self.path.symmetric_difference(cells)
        self.path = set(cells)
        self.invalidate(changed)

    def set_marks(self, marks: dict[int, tuple[str, Style]]) -> None:
        """Show these route marks (cell -> glyph and style) over the path and the trail."""
        if marks != self.marks:
            self.marks = dict(marks)
            self.refresh_all()  # the doors between marked rooms change too (their band)

    def set_player_sprite(self, sprite: tuple[str, Style] | None) -> None:
        """Draw the player as `sprite` (glyph, style), or as usual (None)."""
        if sprite != self.player_sprite:
            self.player_sprite = sprite
            if self.player is not None:
                self.repaint([self.player])

    def add_trail(self, cell: int) -> None:
        """Add `cell` to the trail walked."""
        if cell not in self.trail:
            self.trail.add(cell)
            self.invalidate([cell])

    # -- geometry ----------------------------------------------------------------
    def cell_origin(self, cell: int) -> tuple[int, int]:
        """Picture (x, y) of the first character of a cell's room."""
        r, c = divmod(cell, self.maze.width)
        return c * (self.room_width + 1) + 1, 2 * r + 1

    def _pad(self) -> tuple[int, int]:
        """Offsets that centre a picture smaller than the widget."""
        vw, vh = self.virtual_size
        return max(0, (self.size.width - vw) // 2), max(0, (self.size.height - vh) // 2)

    def _refresh_row(self, row: int) -> None:
        _, pad_y = self._pad()
        y = row + pad_y - self.scroll_offset.y
        if 0 <= y < self.size.height:
            self.refresh(Region(0, y, self.size.width, 1))

    def on_resize(self) -> None:
        """The view changed size (an end panel came or went, the terminal was resized):
        keep the player in sight."""
        self.call_after_refresh(self.keep_player_in_view)

    def keep_player_in_view(self) -> None:
        """`keep_in_view` the player where they stand when it runs (a callback scheduled
        before a new maze came must not scroll to a cell of the old one)."""
        if self.player is not None:
            self.keep_in_view(self.player)

    def keep_in_view(self, cell: int) -> None:
        """Keep the cell a margin away from the widget's edges: when it comes closer, centre
        the view on it along that axis. Scrolling by half a screen now and then, rather than a
        room at every step, repaints the whole view once in many moves, not on each."""
        if self.maze is None:
            return
        x, y = self.cell_origin(cell)
        width, height = self.size
        mx, my = min(12, width // 4), min(4, height // 4)
        sx, sy = self.scroll_offset
        new_x, new_y = sx, sy
        if not sx + mx <= x <= sx + width - self.room_width - mx:
            new_x = min(max(0, x + self.room_width // 2 - width // 2), self.max_scroll_x)
        if not sy + my <= y <= sy + height - 1 - my:
            new_y = min(max(0, y - height // 2), self.max_scroll_y)
        if (new_x, new_y) != (sx, sy):
            self.scroll_to(new_x, new_y, animate=False, immediate=True)
            self.refresh()

    # -- drawing ---------------------------------------------------------------
    def _room(self, cell: int) -> tuple[str, Style]:
        """Glyph and style of a room before sprites."""
        p = self._drawn_with
        maze = self.maze
        if self.unseen is not None and cell in self.unseen:
            return p.GLYPH_FOG, p.FOG
        if self._is_rock(cell):
            return p.GLYPH_ROCK, p.ROCK
        if cell in maze.goals:
            return p.GLYPH_GOAL, p.GOAL
        if cell == maze.start:  # over the trail: where you came from stays marked
            return p.GLYPH_START, p.START
        mark = self.marks.get(cell)
        if mark is not None:
            return mark
        if cell in self.path:
            return self.path_glyph or (p.GLYPH_PATH, p.PATH)
        if self.show_trail and cell in self.trail:
            return p.GLYPH_TRAIL, p.TRAIL
        return " ", p.FLOOR

    def _is_rock(self, cell: int) -> bool:
        """Whether a cell is solid rock (a cavern's), drawn as rock."""
        solid = self.maze.solid
        return solid is not None and bool(solid.flat[cell])

    def _room_text(self, glyph: str) -> str:
        p = self._drawn_with
        if glyph in (p.GLYPH_ROCK, p.GLYPH_FOG):
            return glyph * self.room_width
        if len(glyph) == self.room_width:  # a sprite as wide as the room (a cursor's [ ])
            return glyph
        pad = (self.room_width - 1) // 2
        return " " * pad + glyph + " " * (self.room_width - pad - 1)

    def _row_strip(self, row: int) -> Strip:
        cached = self._cache.get(row)
        if cached is not None:
            return cached
        line = self._lines[row]
        if self.maze.wrap_x or self.maze.wrap_y:
            line = seam_line(self._drawn_with, self._lines, row, self.room_width, self._seams)
        segments: list[Segment] = []
        width, step = self.maze.width, self.room_width + 1
        if row % 2 == 0:
            segments = [Segment(ch, _wall_style(self._drawn_with, ch)) for ch in line]
            r = row // 2
            if self.marks and 0 < r < self.maze.height:  # doors between two banded rooms
                for c in range(width):
                    band = self._band((r - 1) * width + c, r * width + c)
                    door = range(c * step + 1, (c + 1) * step)
                    if band is not None and all(line[x] == " " for x in door):
                        for x in door:
                            segments[x] = Segment(" ", band)
        else:
            r = row // 2
            for c in range(width):
                cell = r * width + c
                gap = line[c * step]
                band = self._band(cell - 1, cell) if c and self.marks and gap == " " else None
                segments.append(Segment(gap, band or _wall_style(self._drawn_with, gap)))
                glyph, style = self._room(cell)
                segments.append(Segment(self._room_text(glyph), style))
            segments.append(Segment(line[-1], _wall_style(self._drawn_with, line[-1])))
        strip = Strip(segments).simplify()
        self._cache[row] = strip
        return strip

    def _band(self, a: int, b: int) -> Style | None:
        """The background that joins two neighbouring rooms drawn on one background (the
        shortest path's band after a game), for the open door between them; else None."""
        bg = self._room(a)[1].bgcolor
        return Style(bgcolor=bg) if bg is not None and bg == self._room(b)[1].bgcolor else None

    def set_others(self, others: dict[int, tuple[str, Style]]) -> None:
        """Replace the extra sprites (a demon, say), re-rendering only the rows they touch."""
        touched = set(self.others) | set(others)
        self.others = dict(others)
        self.repaint(touched)

    def _sprites(self, row: int) -> list[tuple[int, str, Style]]:
        """(x, text, style) of every sprite on this picture row; the player is drawn last."""
        p = self._drawn_with
        if self.maze is None:
            return []
        cells = [(cell, glyph, style) for cell, (glyph, style) in self.others.items()]
        if self.player is not None:
            glyph, style = self.player_sprite or (p.GLYPH_PLAYER, p.PLAYER)
            bumped = self.bumped == self.player
            if bumped and self.app.no_color:  # the flash has no colour: the glyph says it
                glyph = p.GLYPH_BUMP
            cells.append((self.player, glyph, p.BUMP if bumped else style))
        out = []
        for cell, glyph, style in cells:
            x, y = self.cell_origin(cell)
            if y == row:
                out.append((x, self._room_text(glyph), style))
        return out

    # -- browsing (after a game) ---------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The scroll keys work only while browsing: otherwise they are the screen's."""
        if action in ("scroll", "page"):
            return self.browsing
        return True

    def action_scroll(self, dx: int, dy: int) -> None:
        """Scroll by one room across or one row of rooms down."""
        self.scroll_to(self.scroll_offset.x + dx * (self.room_width + 1),
                       self.scroll_offset.y + 2 * dy, animate=False)

    def action_page(self, dx: int, dy: int) -> None:
        """Scroll by a screen (less a margin, to keep one's bearings)."""
        width, height = self.size
        self.scroll_to(self.scroll_offset.x + dx * max(1, width - 8),
                       self.scroll_offset.y + dy * max(1, height - 2), animate=False)

    def render_line(self, y: int) -> Strip:
        """Row `y` of the maze on screen (scrolled and padded)."""
        p = palette_of(self)
        width = self.size.width
        if self.maze is None:
            return Strip.blank(width, p.FLOOR)
        if self._drawn_with is not p:  # a new theme or glyph set: draw afresh
            self._rebuild()
        pad_x, pad_y = self._pad()
        sx, sy = self.scroll_offset
        row = y + sy - pad_y
        if not 0 <= row < len(self._lines):
            return Strip.blank(width, p.FLOOR)
        # Crop to the window first: a 200-cell row is 800 characters wide.
        strip = self._row_strip(row).crop(sx, sx + width - pad_x)
        for x, text, style in self._sprites(row):
            x -= sx
            if -len(text) < x < strip.cell_length:
                sprite = Strip([Segment(text, style)]).crop(max(0, -x), strip.cell_length - x)
                x = max(0, x)
                strip = Strip.join([strip.crop(0, x), sprite,
                                    strip.crop(x + sprite.cell_length)])
        if pad_x:
            strip = Strip.join([Strip.blank(pad_x, p.FLOOR), strip])
        # Every segment carries a style: NO_COLOR's monochrome filter fails on a bare one.
        return strip.extend_cell_length(width, p.FLOOR)
