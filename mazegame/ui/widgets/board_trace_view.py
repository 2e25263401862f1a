"""The lab's maze on a board: a `BoardView` that draws a trace replay's state.

As `TraceView` does on squares: marks colour the rooms, labels show as numbers (aroma as a
heat map, sets as a letter and colour, a walk's directions as arrows along the board's
sides), agents stand on top, and a finished search's answer is drawn as marked PATH. The
view holds a `BoardReplay`'s arrays by reference: after a seek it redraws the walls when
the events opened or shut a side (the board's picture is drawn whole, in numpy), else only
the lines of the cells the events touched. A door mark (Tremaux's chalk, an LRU door's
time) sits in the open door itself, the gap in the wall halfway between the two rooms:
one character, so a door shows one mark of its two sides': the stronger chalk (X over R
over E), else the later time (an LRU door's last use, Tremaux's steps to the goal).
"""

from __future__ import annotations

import numpy as np
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from mazegame.engine.trace import AT, DOOR, LABEL, WALL, Mark
from mazegame.ui import board_art, palette
from mazegame.ui.widgets.board_view import BoardView
from mazegame.ui.widgets.trace_view import door_mark, label_look

#: a walk's arrow for each side, by the side's name (`TilingSpec.directions`)
_ARROWS = {"box": {"north": "↑", "east": "→", "south": "↓", "west": "←", "north-east": "↗",
                   "north-west": "↖", "south-west": "↙", "south-east": "↘", "up": "↥",
                   "down": "↧"},
           "ascii": {"north": "^", "east": ">", "south": "v", "west": "<", "north-east": "/",
                     "north-west": "\\", "south-west": "/", "south-east": "\\", "up": "^",
                     "down": "v"}}


def side_arrows(p: palette.Palette, directions: tuple[str, ...]) -> tuple[str, ...]:
    """The arrow a walk leaving by each side shows (a direction label is side + 1)."""
    table = _ARROWS.get(p.glyphs, _ARROWS["box"])
    return tuple(table.get(name, "?") for name in directions)


class BoardTraceView(BoardView):
    """Draws a `BoardReplay` over a `BoardMaze`; the lab's panel uses it on hexagons and
    triangles where `TraceView` draws squares (same `show`, `apply_events`, `follow`)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = None
        self.show_layers: tuple[str, ...] = ()
        self.label_kind = ""
        self.follow = True  #: scroll to keep the first agent in view
        self._agents_drawn: list[int] = []
        self._aroma_floor = 0
        self._door_now = 1  #: the newest LRU door time, for ageing the marks
        #: picture line -> (x, cell, its side, cell beyond, its side) of each open door on it
        self._door_sides: dict[int, list[tuple[int, int, int, int, int]]] = {}

    def show(self, maze, state, layers: tuple[str, ...], label_kind: str) -> None:
        """Draw `state` (a `BoardReplay`) over `maze` (its start and goals; the open sides
        are the replay's, by reference)."""
        self.state = state
        self.show_layers = tuple(layers)
        self.label_kind = label_kind
        self.set_maze(maze.copy(doors=state.passages), player=-1)
        self.maze.doors = state.passages  # BoardMaze copies on the way in: share the replay's
        self.player = None  # agents are drawn into the rooms, not as a sprite
        self._agents_drawn = []
        self._note_aroma()
        self._note_doors()

    def keep_in_view(self, cell: int) -> None:
        """Scroll to keep `cell` in view; -1 (no player: `show`'s stand-in) leaves the view
        where it is."""
        if cell >= 0:
            super().keep_in_view(cell)

    def set_form(self, form: str) -> None:
        """Draw the board in this form (`board_art.forms`), if it is another."""
        if self.maze is not None and form != self.form and form in board_art.forms(
                self.maze.tiling):
            self.form = form
            self._rebuild()

    def apply_events(self, events: np.ndarray) -> None:
        """Redraw what these events (just replayed, either way) changed."""
        if self.maze is None or self.state is None:
            return
        agents = [int(a) for a in self.state.agents if a >= 0]
        touched = set(self._agents_drawn) | set(agents)
        self._agents_drawn = agents
        ops, cells = events[:, 0], events[:, 1]
        if self.label_kind == "aroma" and np.any(ops == LABEL):
            self._note_aroma()
        if "doors" in self.show_layers and np.any(ops == DOOR):
            self._note_doors()
            self.refresh()  # the marks sit between the rooms' lines, and age together
        if np.any(ops <= WALL):  # sides opened or shut: the picture of walls is redrawn
            self._rebuild()
        elif len(events) > 4 * self.maze.size:
            self.refresh_all()
        else:
            touched.update(np.unique(cells[(cells >= 0) & (ops != AT)]).tolist())
            self.invalidate(touched)
        if self.follow and agents:
            self.keep_in_view(agents[0])

    def _note_doors(self) -> None:
        if self.state is not None and "doors" in self.show_layers:
            self._door_now = max(1, int(self.state.doors.max(initial=0)))

    def _rebuild(self) -> None:
        super()._rebuild()
        if self.maze is None:
            return
        links, opposite = self.maze.board.links, self.maze.opposite
        self._door_sides = {}
        for line, doors in self._doors.items():
            x, a, b = doors[:, 0], doors[:, 1], doors[:, 2]
            side = (links[a] == b[:, None]).argmax(axis=1)
            self._door_sides[line] = list(zip(x.tolist(), a.tolist(), side.tolist(),
                                              b.tolist(), opposite[side].tolist(),
                                              strict=True))

    def _row_strip(self, row: int) -> Strip:
        """The board's line with the door marks in its open doors."""
        strip = super()._row_strip(row)
        if self.state is None or "doors" not in self.show_layers:
            return strip
        marks, line = self.state.doors, self._lines[row]
        for x, a, side, b, back in self._door_sides.get(row, ()):
            if line[x] != " ":
                continue  # no gap there to write in
            here, there = int(marks[a, side]), int(marks[b, back])
            value = min(here, there) if min(here, there) < 0 else max(here, there)
            look = door_mark(self._drawn_with, value, self._door_now)
            if look is not None:
                strip = Strip.join([strip.crop(0, x), Strip([Segment(*look)]),
                                    strip.crop(x + 1)])
        return strip

    def _note_aroma(self) -> None:
        if self.state is not None and self.label_kind == "aroma":
            smelt = self.state.labels[self.state.labels > 0]
            self._aroma_floor = int(smelt.min()) if len(smelt) else 0

    # -- a room ----------------------------------------------------------------------
    def _room(self, cell: int) -> tuple[str, Style]:
        """The room's text (as wide as the room, or narrower) and style: agent, goal,
        start, else its mark and label."""
        p = self._drawn_with
        state, layers = self.state, self.show_layers
        if state is None:
            return super()._room(cell)
        if "agents" in layers:
            for i, agent in enumerate(state.agents.tolist()):
                if agent == cell:
                    return p.AGENT_GLYPHS[i], p.AGENTS[i]
        mark = int(state.marks[cell]) if "marks" in layers else 0
        if cell in self.path:
            mark = Mark.PATH
        label = int(state.labels[cell]) if "labels" in layers else 0
        arrows = side_arrows(p, self.maze.board.spec.directions)
        text, style = label_look(p, mark, label, self.label_kind, self.room_width,
                                 self._aroma_floor, self.app.no_color, arrows)
        if cell in self.maze.goals:
            return p.GLYPH_GOAL, p.GOAL
        if cell == self.maze.start and not mark and not text:
            return p.GLYPH_START, p.START
        return text or " ", style

    def _room_text(self, glyph: str) -> str:
        """`glyph` centred in the room (a label as wide as the room fills it)."""
        width = self.room_width
        if glyph in (self._drawn_with.GLYPH_ROCK, self._drawn_with.GLYPH_FOG):
            return glyph * width
        glyph = glyph[-width:]
        pad = (width - len(glyph)) // 2
        return " " * pad + glyph + " " * (width - len(glyph) - pad)
