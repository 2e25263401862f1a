"""The lab's maze: a `MazeView` that draws a trace replay's state.

Marks colour the rooms (frontier, visited, active, path, dead), labels appear as numbers
(aroma as a heat map instead, sets as a colour and letter per set, a walk's directions as
arrows; a number too wide for its room shows its last digits underlined, 12 as 2: a walk back
down the labels needs no more), the rectangle in focus (a scan row, a chamber, a run) is
shaded and dotted, door marks sit beside their doors, agents on top. With NO_COLOR the ideas
still show by glyph: set letters, arrows, focus dots, "+" on the frontier, shaded aroma.
The view holds the replay's arrays by reference, so after a seek it only needs to know
which events ran (`apply_events`) to re-render the rows they touched.

The wall picture is built lazily, band by band, for the rows on screen: building it for a
whole 200x200 maze takes a fifth of a second, far more than a frame, and a fast generation
replay changes walls all over the maze every frame.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.strip import Strip

from mazegame.engine.grid import Maze
from mazegame.engine.mazefile import picture_lines
from mazegame.engine.solve.aroma import AROMA_LEVELS
from mazegame.engine.solve.registry import DOOR_LETTERS
from mazegame.engine.trace import DOOR, FOCUS, LABEL, MAX_AGENTS, WALL, Mark
from mazegame.ui import palette
from mazegame.ui.host import palette_of
from mazegame.ui.widgets.maze_view import _WALL_CHARS, MazeView

assert len(palette.Palette.AGENT_GLYPHS) >= MAX_AGENTS
#: A number label cut to the digits that fit (12 -> 2): underlined, which shows without colour.
CUT_LABEL = Style(underline=True)


@palette.per_palette
def mark_styles(p: palette.Palette) -> dict[int, Style]:
    """Room colours of the marks in the theme in force; the lab's legend names them."""
    return {Mark.FRONTIER: p.FRONTIER, Mark.VISITED: p.VISITED,
            Mark.ACTIVE: p.ACTIVE, Mark.PATH: p.GOAL, Mark.DEAD: p.DEAD}


_PLAIN_WALL = _WALL_CHARS | {" "}


def _wall_style(p: palette.Palette, ch: str) -> Style:
    """Walls and corners in the wall colour; one-way arrows stand out (as in MazeView)."""
    return p.WALL if ch in _PLAIN_WALL else p.ONE_WAY


@dataclass
class Layers:
    """Anything shaped like a `Replay`'s state: the arrays a `TraceView` draws."""

    walls: np.ndarray
    marks: np.ndarray
    labels: np.ndarray
    doors: np.ndarray
    agents: np.ndarray
    focus: np.ndarray = field(default_factory=lambda: np.full(1, -1, np.int32))

    def focus_rect(self) -> tuple[int, int, int, int] | None:
        """No rectangle is in focus on plain layers (a `Replay` reads its FOCUS events)."""
        return None

    @staticmethod
    def blank(maze: Maze) -> Layers:
        """Empty layers over a maze's own walls."""
        return Layers(maze.walls, np.zeros(maze.size, np.int32), np.zeros(maze.size, np.int32),
                      np.zeros((maze.size, 4), np.int32), np.full(MAX_AGENTS, -1, np.int32))


class TraceView(MazeView):
    """Draws `Layers` (a `Replay`, usually) over a maze; `show_layers` picks what to show.
    MazeView's `path` (a finished search's answer) is drawn as if marked PATH."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state: Layers | None = None
        self.show_layers: tuple[str, ...] = ()
        self.label_kind = ""
        self.follow = True  #: scroll to keep the first agent in view
        self._stale: set[int] = set()  #: picture lines whose walls changed since drawn
        self._agents_drawn: list[int] = []
        self._focus_drawn: tuple[int, int, int, int] | None = None  #: the rectangle drawn
        self._door_now = 1  #: the newest LRU door time, for ageing the marks
        self._aroma_floor = 0  #: the faintest aroma level on the board: the heat map's floor
        self._cached_window = (0, 0)  #: the columns the cached row strips cover
        self._frame_window: tuple[int, int] | None = None  #: the columns of this repaint

    # -- content -------------------------------------------------------------------
    def show(self, maze: Maze, state: Layers, layers: tuple[str, ...], label_kind: str) -> None:
        """Draw `state` over `maze` (start, goals and rock come from `maze`, walls from
        `state`, by reference: later seeks only need `apply_events`)."""
        self.state = state
        self.show_layers = tuple(layers)
        self.label_kind = label_kind
        self.set_maze(maze.copy(walls=state.walls), player=-1)
        self.player = None  # agents are drawn into the rows, not as a sprite
        self._agents_drawn = []
        self._focus_drawn = self._focus()
        self._note_doors()

    def _focus(self) -> tuple[int, int, int, int] | None:
        """The rectangle in focus now, when the focus layer is on show."""
        if self.state is None or "focus" not in self.show_layers:
            return None
        return self.state.focus_rect()

    def _rebuild(self) -> None:
        # Like MazeView's, but every picture line starts stale and is built when first shown.
        if self.maze is None:
            return
        self._drawn_with = palette_of(self)
        h, w = self.maze.height, self.maze.width
        self._lines = [""] * (2 * h + 1)
        self._stale = set(range(2 * h + 1))
        self._cache.clear()
        self.virtual_size = Size(w * (self.room_width + 1) + 1, 2 * h + 1)
        self.refresh()

    def apply_events(self, events: np.ndarray) -> None:
        """Re-render the rows that these events (just replayed, either way) touched."""
        if self.maze is None or self.state is None:
            return
        w = self.maze.width
        agents = [int(a) for a in self.state.agents if a >= 0]
        touched = set(self._agents_drawn) | set(agents)
        self._agents_drawn = agents
        focus_lines = set()
        if np.any(events[:, 0] == FOCUS):
            focus, drawn = self._focus(), self._focus_drawn
            if focus != drawn:
                focus_lines = _rect_lines(drawn) | _rect_lines(focus)
                self._focus_drawn = focus
        if len(events) > 4 * self.maze.size:  # a big jump: cheaper to redraw what shows
            if np.any(events[:, 0] <= WALL):
                self._stale = set(range(len(self._lines)))
            self._note_doors()
            self.refresh_all()
            self._follow(agents)
            return
        ops, cells = events[:, 0], events[:, 1]
        rows = {int(c) // w for c in touched}
        rows.update((np.unique(cells[cells >= 0]) // w).tolist())
        lines = {2 * r + 1 for r in rows} | focus_lines
        wide = (ops <= WALL) | (ops == DOOR)  # these also change the lines above and below
        if wide.any():
            wide_rows = np.unique(cells[wide] // w)
            around = set((2 * wide_rows).tolist()) | set((2 * wide_rows + 2).tolist())
            lines |= around
            if np.any(ops <= WALL):
                walled = np.unique(cells[ops <= WALL] // w)
                self._stale.update((2 * walled).tolist(), (2 * walled + 1).tolist(),
                                   (2 * walled + 2).tolist())
                h = self.maze.height
                if self.maze.wrap_y and (walled[0] == 0 or walled[-1] == h - 1):
                    self._stale.update((0, 2 * h))  # a door through the top-bottom seam
                    lines.update((0, 2 * h))
        if np.any(ops == DOOR) or (self.label_kind == "aroma" and np.any(ops == LABEL)):
            self._note_doors()
        for line in lines:
            self._cache.pop(line, None)
        self._refresh_lines(lines)
        self._follow(agents)

    def _refresh_lines(self, lines: set[int]) -> None:
        """Repaint just these picture lines where they are on screen: every repainted line
        costs Textual about half a millisecond, and four panels share a frame."""
        _, pad_y = self._pad()
        top = self.scroll_offset.y - pad_y
        width, height = self.size
        shown = [line - top for line in lines if 0 <= line - top < height]
        if len(shown) > height // 2:
            self.refresh()
            return
        for y in shown:
            self.refresh(Region(0, y, width, 1))

    def _follow(self, agents: list[int]) -> None:
        if self.follow and agents and self.maze is not None:
            self.keep_in_view(agents[0])

    def keep_in_view(self, cell: int) -> None:
        """Re-centre on the cell once it nears an edge. MazeView scrolls a step at a time,
        which suits a player; a fast replay would then scroll, and rebuild every row on
        screen, every frame."""
        x, y = self.cell_origin(cell)
        width, height = self.size
        sx, sy = self.scroll_offset
        mx, my = min(8, width // 6), min(3, height // 6)
        if sx + mx <= x < sx + width - mx and sy + my <= y < sy + height - my:
            return
        self.scroll_to(max(0, x - width // 2), max(0, y - height // 2), animate=False,
                       immediate=True)
        self.refresh()

    def _note_doors(self) -> None:
        if self.state is not None and "doors" in self.show_layers:
            self._door_now = max(1, int(self.state.doors.max()))
        if self.state is not None and self.label_kind == "aroma":
            # The heat map spans the faintest aroma on the board to the cheese, so the
            # gradient the rat climbs shows at every tick (the levels are logarithmic, and
            # most of them are soon within a few decades of the cheese).
            smelt = self.state.labels[self.state.labels > 0]
            self._aroma_floor = int(smelt.min()) if len(smelt) else 0

    # -- the wall picture, built lazily -----------------------------------------------
    def _ensure_lines(self, line: int) -> None:
        """Build the stale picture lines from `line` to a screen below it in one go."""
        p = self._drawn_with
        if line not in self._stale:
            return
        h = self.maze.height
        want = [x for x in self._stale if line <= x <= line + self.size.height + 2]
        ra, rb = min(want) // 2, min(h - 1, max(want) // 2)
        s0, s1 = max(0, ra - 1), min(h, rb + 2)  # one row of context on each side
        solid = None if self.maze.solid is None else self.maze.solid[s0:s1]
        band = Maze(self.maze.walls[s0:s1], self.maze.wrap_x, self.maze.wrap_y, solid)
        part = picture_lines(band, p.glyphs, self.room_width)
        # The band's first and last lines lack their outside neighbours unless they are
        # the maze's own border, so only the lines strictly inside the context are kept.
        for g in range(2 * ra, min(2 * rb + 2, 2 * h) + 1):
            self._lines[g] = part[g - 2 * s0]
            self._stale.discard(g)

    # -- drawing: only the columns on screen ----------------------------------------------
    def _window(self) -> tuple[int, int]:
        """The maze columns [c0, c1) on screen, with one spare column each side."""
        step = self.room_width + 1
        sx = self.scroll_offset.x
        c0 = max(0, sx // step - 1)
        c1 = min(self.maze.width, (sx + self.size.width) // step + 2)
        return c0, c1

    def render_lines(self, crop: Region) -> list[Strip]:
        """Render the rows asked for, working out the visible window once per repaint."""
        # The window once per repaint, not once per row (widget geometry lookups add up).
        self._frame_window = self._window() if self.maze is not None else None
        try:
            return super().render_lines(crop)
        finally:
            self._frame_window = None  # a render_line called on its own measures afresh

    def _row_strip(self, row: int) -> Strip:
        # A 200-wide maze is 400+ characters wide but the panel shows a fifth of it, so
        # rows are built for the visible columns only (blank beyond); scrolling sideways
        # moves the window and drops the cache. Row data is read into Python lists once
        # per row: per-cell numpy indexing and reactive lookups would cost a frame.
        window = self._frame_window or self._window()
        if window != self._cached_window:
            self._cache.clear()
            self._cached_window = window
        cached = self._cache.get(row)
        if cached is not None:
            return cached
        self._ensure_lines(row)
        line, rw = self._lines[row], self.room_width
        c0, c1 = window
        x0, x1 = c0 * (rw + 1), c1 * (rw + 1) + (c1 == self.maze.width)
        build = self._room_row if row % 2 else self._wall_row
        segments = build(row // 2, c0, c1, line, rw)
        if x0:
            segments.insert(0, Segment(" " * x0))
        strip = Strip(segments, x1)  # render_line crops and pads it to the widget
        self._cache[row] = strip
        return strip

    def _wall_row(self, r: int, c0: int, c1: int, line: str, rw: int) -> list[Segment]:
        """The wall line above room row r. With door marks, the upper room's S mark sits
        at a doorway's left end and the lower room's N mark at its right end."""
        p = self._drawn_with
        step = rw + 1
        x1 = c1 * step + (c1 == self.maze.width)
        if "doors" not in self.show_layers or rw < 3:
            chunk = line[c0 * step:x1]
            if set(chunk) <= _PLAIN_WALL:
                return [Segment(chunk, p.WALL)]
            return [Segment(ch, _wall_style(p, ch)) for ch in chunk]
        w, h = self.maze.width, self.maze.height
        doors = self.state.doors
        upper = doors[(r - 1) * w + c0:(r - 1) * w + c1, 2].tolist() if r > 0 else [0] * w
        lower = doors[r * w + c0:r * w + c1, 0].tolist() if r < h else [0] * w
        segments = []
        for i, c in enumerate(range(c0, c1)):
            x = c * step
            gap = line[x + 1:x + step]
            style = _wall_style(p, gap.strip()[:1] or " ")
            segments.append(Segment(line[x], _wall_style(p, line[x])))
            if not (upper[i] or lower[i]):
                segments.append(Segment(gap, style))
                continue
            up, down = self._door_mark(upper[i]), self._door_mark(lower[i])
            segments += [Segment(*(up or (gap[0], style))), Segment(gap[1:-1], style),
                         Segment(*(down or (gap[-1], style)))]
        if c1 == w:
            segments.append(Segment(line[-1], _wall_style(p, line[-1])))
        return segments

    def _room_row(self, r: int, c0: int, c1: int, line: str, rw: int) -> list[Segment]:
        """Room row r: walls between rooms, rooms coloured by mark, labels, door marks,
        agents."""
        p = self._drawn_with
        maze, state, layers = self.maze, self.state, self.show_layers
        w, step, base = maze.width, rw + 1, r * maze.width
        n = c1 - c0
        marks = state.marks[base + c0:base + c1].tolist() if "marks" in layers else [0] * n
        labels = state.labels[base + c0:base + c1].tolist() if "labels" in layers else [0] * n
        solid = maze.solid[r, c0:c1].tolist() if maze.solid is not None else [False] * n
        agents = {int(a): i for i, a in reversed(list(enumerate(state.agents))) if a >= 0}
        goals, start, kind, path = set(maze.goals), maze.start, self.label_kind, self.path
        marked_doors = "doors" in layers and rw >= 3
        doors = state.doors[base + c0:base + c1].tolist() if marked_doors else None
        inner = rw - 2 if marked_doors else rw
        focus = self._focus_drawn
        if focus is not None and focus[0] <= r < focus[0] + focus[2]:
            focus_cols = range(focus[1], focus[1] + focus[3])
        else:
            focus_cols = range(0)
        no_color = self.app.no_color  # then the ideas show by glyphs
        floor = self._aroma_floor
        segments = []
        for i in range(n):
            cell, x = base + c0 + i, (c0 + i) * step
            segments.append(Segment(line[x], _wall_style(p, line[x])))
            if solid[i]:
                segments.append(Segment(p.GLYPH_ROCK * rw, p.ROCK))
                continue
            if cell in agents:
                segments.append(Segment(_centred(p.AGENT_GLYPHS[agents[cell]], rw),
                                        p.AGENTS[agents[cell]]))
                continue
            mark = Mark.PATH if cell in path else marks[i]
            text, style = label_look(p, mark, labels[i], kind, inner, floor, no_color)
            if c0 + i in focus_cols:
                if style is p.PLAIN:
                    style = p.FOCUS
                text = text or (p.GLYPH_FOCUS if cell != start else "")
            if cell in goals:
                text, style = p.GLYPH_GOAL, p.GOAL
            elif len(text) > inner or not text:
                text = p.GLYPH_START if cell == start and not mark else ""
                style = p.START if cell == start and not mark else style
            if doors is None:
                segments.append(Segment(_centred(text, inner), style))
                continue
            west, east = doors[i][3], doors[i][1]
            segments += [self._door_in_room(west, style), Segment(_centred(text, inner), style),
                         self._door_in_room(east, style)]
        if c1 == w:
            segments.append(Segment(line[-1], _wall_style(p, line[-1])))
        return segments

    # -- door marks --------------------------------------------------------------------
    def _door_mark(self, value: int) -> tuple[str, Style] | None:
        """Glyph and style of a door mark value (0: none)."""
        return door_mark(self._drawn_with, value, self._door_now)

    def _door_in_room(self, value: int, room: Style) -> Segment:
        """A door mark drawn inside the room, beside its door, on the room's colour."""
        mark = self._door_mark(value)
        if mark is None:
            return Segment(" ", room)
        return Segment(mark[0], room + Style(color=mark[1].color, bold=True))


def door_mark(p: palette.Palette, value: int, now: int) -> tuple[str, Style] | None:
    """Glyph and style of a door mark `value` (0: none): a chalk letter (negative), or a
    dot aged against `now`, the newest door time (an LRU door's time of last use)."""
    if value == 0:
        return None
    if value < 0:
        return DOOR_LETTERS.get(value, "?"), p.DOOR_LETTER
    age = (now - value) * len(p.DOOR_AGES) // (now + 1)
    return p.DOOR_DOT, p.DOOR_AGES[min(age, len(p.DOOR_AGES) - 1)]


def label_look(p: palette.Palette, mark: int, label: int, kind: str, inner: int, floor: int,
               no_color: bool, arrows: str | tuple[str, ...] | None = None) -> tuple[str, Style]:
    """The text and style of a room marked `mark` with label `label` of kind `kind` (the
    registry's `labels`), `inner` characters wide: aroma as a heat map over levels from
    `floor` up, sets as a letter and colour, a walk's directions as `arrows` (one a side,
    the square's N E S W by default), numbers cut to their last digits; without colour the
    frontier's glyph. The start, goals and agents go over it."""
    style = mark_styles(p).get(mark, p.PLAIN)
    text = ""
    if kind == "aroma":
        if label > 0:
            steps = len(p.HEAT)
            heat = min(steps - 1, max(0, label - floor) * steps // (AROMA_LEVELS + 1 - floor))
            style = p.PLAIN if no_color else p.HEAT[heat]
            text = p.GLYPH_SHADES[heat] * inner if no_color else ""
    elif kind == "sets":
        if label > 0:
            text, style = set_look(p, label)
    elif kind == "direction":
        arrows = p.GLYPH_ARROWS if arrows is None else arrows
        if 0 < label <= len(arrows):
            text = arrows[label - 1]
    elif kind and (label > 0 or mark):
        text = str(label)
        if len(text) > inner:  # the last digits: each step back down is one less
            text, style = text[-inner:], style + CUT_LABEL
    if no_color and mark == Mark.FRONTIER and not text:
        text = p.GLYPH_FRONTIER
    return text, style


def set_look(p: palette.Palette, label: int) -> tuple[str, Style]:
    """The letter and style of the set labelled `label` (> 0): both picked by a hash of the
    id, from different bits, so two sets that share a colour rarely share a letter too."""
    mixed = label & 0xFFFFFFFF
    for _ in range(2):  # an integer mixer: ids a row or a cell apart land far apart
        mixed = (((mixed >> 16) ^ mixed) * 0x45D9F3B) & 0xFFFFFFFF
    mixed ^= mixed >> 16
    glyphs, styles = p.SET_GLYPHS, p.SETS
    return glyphs[mixed % len(glyphs)], styles[(mixed >> 8) % len(styles)]


def _rect_lines(rect: tuple[int, int, int, int] | None) -> set[int]:
    """The picture lines of the rooms of a focus rectangle."""
    if rect is None:
        return set()
    return {2 * r + 1 for r in range(rect[0], rect[0] + rect[2])}


def _centred(text: str, width: int) -> str:
    pad = (width - len(text)) // 2
    return " " * pad + text + " " * (width - len(text) - pad)
