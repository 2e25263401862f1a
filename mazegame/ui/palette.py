"""Every colour and glyph the widgets draw with, named by what it means, for the theme in force.

A `Palette` holds one theme's colours (hex strings), glyphs and the Rich styles built from them.
Each app owns its palette (`GameHost.palette`, replaced when the theme or the glyph set
changes: ui.themes builds it); widgets and screens read it at draw time with
`host.palette_of(self)`, and free functions that draw take it as a parameter, so a theme change
reaches every widget of that app, and of no other, on its next paint.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from rich.style import Style


class Palette:
    """One theme's colours, glyphs and the Rich styles built from them (class attributes:
    the default theme's colours and the box-drawing glyphs)."""

    # -- colours: text and surfaces ---------------------------------------------------------------
    INK = "#1b1b1b"  #: dark text on a bright square (the player, agents, heat)
    GOAL_INK = "#0b1f0b"  #: dark text on the goal's green
    TEXT = "#e5e9f0"  #: light text on coloured rooms and squares
    BRIGHT = "#ffffff"  #: text on an alarm (bump, demon)
    MUTED = "#7f848e"  #: the start, headers: present but quiet
    FAINT = "#3a3f4b"  #: fog, zeros, the scrubber's untravelled part
    LABEL_TEXT = "#abb2bf"  #: the scrubber's label
    # -- colours: the maze ------------------------------------------------------------------------
    WALL_COLOUR = "#7aa2d6"
    ONE_WAY_COLOUR = "#e5c07b"  #: one-way doors stand out from the walls
    SEAM_COLOUR = "#4f6a8f"  #: an open seam of a wrapped maze: the wall colour, dimmed
    ROCK_COLOUR = "#5c6370"
    TRAIL_COLOUR = "#c99a4a"
    SUCCESS = "#98c379"  #: the way out, the goal, the solution, progress done
    PLAYER_COLOUR = "#f2c94c"  #: the player, the cursor, the knob, fresh door marks
    BUMP_COLOUR = "#d0453a"  #: the flash of a bumped wall
    DEMON_COLOUR = "#c0392b"
    DEMON_ROUTE_COLOUR = "#e06c75"
    #: The end of a game: the shortest path's rooms are a green band under your route's dots.
    PATH_BAND_COLOUR = "#1e3a26"
    # -- colours: the lab's marks (the lab's legend names them) -----------------------------------
    FRONTIER_COLOUR = "#2f5d8a"
    VISITED_COLOUR = "#2a4a4f"
    ACTIVE_COLOUR = "#d19a66"
    DEAD_COLOUR = "#4a2a2e"
    DEAD_TEXT = "#9a8a8a"
    #: Aroma heat map, from a faint whiff to the cheese itself.
    HEAT_COLOURS = ("#2b2440", "#3d2a5c", "#5a2f6e", "#7d3470", "#a33d5f", "#c7524a", "#e07b39",
                    "#f2b134")
    #: A colour per set (Kruskal's trees, Eller's row sets, Suits' regions), picked by a hash of
    #: the set's id; the set's letter (SET_GLYPHS) tells two sets of one colour apart.
    SET_COLOURS = ("#3b6ea5", "#8a4f9e", "#3f8f5f", "#b5651d", "#a33d5f", "#2a7f87", "#8f8f3f",
                   "#6b5a9e")
    FOCUS_COLOUR = "#44475a"  #: the rooms the algorithm attends to: a scan row, a chamber, a run
    AGENT_COLOURS = ("#f2c94c", "#e06ca8", "#56b6c2", "#c3e88d")  #: one per racing solver
    #: LRU door times: recent doors bright, old ones dim (index 0 = most recent third).
    DOOR_AGE_COLOURS = ("#f2c94c", "#b58a3a", "#6b5a3a")  #: the first is PLAYER_COLOUR
    # -- colours: matrices ------------------------------------------------------------------------
    #: From small to large values (counts, distances); the solution matrix uses SUCCESS.
    RAMP_COLOURS = ("#23395b", "#2f5d8a", "#2a7f87", "#3f8f5f", "#8f8f3f", "#b5651d", "#c7524a",
                    "#a33d5f")
    CURSOR_LINE_COLOUR = "#3a4150"  #: empty entries in the cursor's row and column
    # -- colours: the jumping board ---------------------------------------------------------------
    #: The checkerboard: slate and indigo, apart at every colour depth (256 colours: 59 and 24;
    #: 16 colours: bright black and blue). The old "#3b4252" dark square fell on 59 with the light.
    LIGHT_SQUARE = "#4c566a"
    DARK_SQUARE = "#263288"
    TARGET_COLOUR = "#2a7f87"  #: easy mode: background of your legal targets
    # -- colours: the player's-eye view -----------------------------------------------------------
    CEILING = "#0e1016"
    GROUND = "#2a2219"
    EYE_FOG = ("#2b2f38", "#101218")  #: (text, background) beyond sight
    EYE_GOAL = "#ffd75f"
    EYE_EDGE = ("#d8dee9", "#3b4252")  #: (text, background) of the maze's edge
    EYE_SPRITE = "#ff3b30"  #: the demon, seen ahead
    #: Side walls and facing walls, (text, background) near and far; depths blend between them.
    EYE_WALL_NEAR, EYE_WALL_FAR = ("#c9d6e8", "#5a6a80"), ("#1c2029", "#111318")
    EYE_FACE_NEAR, EYE_FACE_FAR = ("#e5ecf5", "#8796ab"), ("#303642", "#181b22")
    # -- colours in status markup (Rich colour names) ---------------------------------------------
    #: The demon's warning, by level: none, near, nearer, at your heels.
    WARNING_COLOURS = ("default", "yellow", "dark_orange", "bold red")
    LOW_BUDGET = "red"  #: the blind mode's attempts when few are left
    SOLVED = "green"  #: a jumping puzzle solved before

    # -- glyphs -----------------------------------------------------------------------------------
    GLYPH_PLAYER = "@"
    GLYPH_GOAL = "◎"
    GLYPH_TRAIL = "·"
    GLYPH_PATH = "•"
    GLYPH_START = "○"
    GLYPH_FOG = "░"  #: a cell not seen yet, on the eye view's mini-map
    GLYPH_ROCK = "█"  #: a solid cell (cavern rock), filling its room
    GLYPH_WALLS = "─│"  #: how a wall looks (the legend's sample; mazes draw theirs whole)
    #: An open seam where a wrapped maze's border would be (the glyph alone says "not a wall").
    GLYPH_SEAM_H, GLYPH_SEAM_V = "┄", "┆"
    #: A weave maze's bridge: its rails where the passage beneath runs under them.
    GLYPH_BRIDGE_H, GLYPH_BRIDGE_V = "═", "║"
    GLYPH_DEMON_ROUTE = "×"
    GLYPH_YOUR_ROUTE = GLYPH_TRAIL  #: your route where it left the shortest path
    GLYPH_ON_SHORTEST = "•"  #: your route along the shortest path
    GLYPH_SHORTEST = "∘"  #: the shortest path where you did not walk
    #: The player on the mini-map, by the way they face (N, E, S, W).
    GLYPH_FACING = "▲▶▼◀"
    AGENT_GLYPHS = "@&%$"  #: one per racing solver
    DOOR_DOT = "•"  #: an LRU door mark
    SET_GLYPHS = "abcdefghijklmnopqrstuvwxyz"  #: a letter per set, picked by a hash of its id
    GLYPH_ARROWS = "↑→↓←"  #: the side a walk leaves a room by (Wilson's walk), N E S W
    GLYPH_FOCUS = "·"  #: a room in focus (scan row, chamber, run), seen without colour too
    GLYPH_FRONTIER = "+"  #: a frontier room, without colour (NO_COLOR)
    #: The aroma without colour (NO_COLOR): faint to strong, a shade per heat step.
    GLYPH_SHADES = " ·:░░▒▓█"
    #: The jumping board without colour (NO_COLOR): the dark squares' fill and the marks the
    #: colours would show (the player is GLYPH_PLAYER, visited squares GLYPH_TRAIL).
    GLYPH_DARK_SQUARE = "░"
    GLYPH_TARGET = "*"  #: easy mode: a legal jump lands here
    GLYPH_BUMP = "!"  #: the player, flashing after a refused jump
    #: A maze of several floors: a stair up, a stair down, both (the keys that take them)
    GLYPH_STAIRS = "<>≶"

    def __init__(self, glyphs: str = "box", **colours: Any) -> None:
        for name, value in colours.items():
            if not hasattr(Palette, name):  # a theme naming a colour nobody draws with
                raise AttributeError(f"no colour {name!r} in the palette")
            setattr(self, name, value)
        if glyphs == "ascii":
            for name, value in ASCII_GLYPHS.items():
                setattr(self, name, value)
        self.glyphs = glyphs  #: "box" or "ascii": also how maze walls are drawn
        if "DOOR_AGE_COLOURS" not in colours:  # the freshest door mark: the player's colour
            self.DOOR_AGE_COLOURS = (self.PLAYER_COLOUR, *self.DOOR_AGE_COLOURS[1:])
        self._build_styles()

    def _build_styles(self) -> None:
        """The Rich styles the line-API widgets paint with, from this palette's colours."""
        self.WALL = Style(color=self.WALL_COLOUR, bold=True)
        self.ONE_WAY = Style(color=self.ONE_WAY_COLOUR, bold=True)
        self.SEAM = Style(color=self.SEAM_COLOUR)
        self.ROCK = Style(color=self.ROCK_COLOUR)
        self.FOG = Style(color=self.FAINT)
        self.FLOOR = Style()
        self.TRAIL = Style(color=self.TRAIL_COLOUR)
        self.PATH = Style(color=self.SUCCESS, bold=True)
        self.GOAL = Style(color=self.GOAL_INK, bgcolor=self.SUCCESS, bold=True)
        self.START = Style(color=self.MUTED)
        self.PLAYER = Style(color=self.INK, bgcolor=self.PLAYER_COLOUR, bold=True)
        self.BUMP = Style(color=self.BRIGHT, bgcolor=self.BUMP_COLOUR, bold=True)
        self.DEMON = Style(color=self.BRIGHT, bgcolor=self.DEMON_COLOUR, bold=True)
        self.DEMON_ROUTE = Style(color=self.DEMON_ROUTE_COLOUR, bold=True)
        #: The routes shown after a game: yours off the shortest path, yours along it, the shortest
        #: path where you did not walk (colour tells yours from the shortest; so does the glyph).
        self.YOUR_ROUTE = Style(color=self.TRAIL_COLOUR, bold=True)
        self.ON_SHORTEST = Style(color=self.TRAIL_COLOUR, bgcolor=self.PATH_BAND_COLOUR,
                                 bold=True)
        self.SHORTEST = Style(color=self.SUCCESS, bgcolor=self.PATH_BAND_COLOUR, bold=True)
        self.PLAIN = Style(color=self.TEXT)
        self.FRONTIER = Style(color=self.TEXT, bgcolor=self.FRONTIER_COLOUR)
        self.VISITED = Style(color=self.TEXT, bgcolor=self.VISITED_COLOUR)
        self.ACTIVE = Style(color=self.INK, bgcolor=self.ACTIVE_COLOUR, bold=True)
        self.DEAD = Style(color=self.DEAD_TEXT, bgcolor=self.DEAD_COLOUR)
        self.HEAT = tuple(Style(color=self.INK, bgcolor=c) for c in self.HEAT_COLOURS)
        self.SETS = tuple(Style(color=self.BRIGHT, bgcolor=c, bold=True)
                          for c in self.SET_COLOURS)
        self.FOCUS = Style(color=self.PLAYER_COLOUR, bgcolor=self.FOCUS_COLOUR, bold=True)
        self.AGENTS = tuple(Style(color=self.INK, bgcolor=c, bold=True)
                            for c in self.AGENT_COLOURS)
        self.DOOR_LETTER = Style(color=self.PLAYER_COLOUR, bold=True)
        ages = self.DOOR_AGE_COLOURS
        self.DOOR_AGES = (Style(color=ages[0], bold=True), Style(color=ages[1]),
                          Style(color=ages[2]))
        self.HEADER = Style(color=self.MUTED)
        self.RAMP = tuple(Style(color=self.TEXT, bgcolor=c) for c in self.RAMP_COLOURS)
        self.CURSOR_LINE = Style(bgcolor=self.CURSOR_LINE_COLOUR)
        self.PROGRESS_DONE = Style(color=self.SUCCESS)
        self.PROGRESS_LEFT = Style(color=self.FAINT)
        self.KNOB = Style(color=self.PLAYER_COLOUR, bold=True)
        self.PROGRESS_LABEL = Style(color=self.LABEL_TEXT)
        self.LIGHT = Style(color=self.TEXT, bgcolor=self.LIGHT_SQUARE)
        self.DARK = Style(color=self.TEXT, bgcolor=self.DARK_SQUARE)
        #: The jump hint: text colour of squares you have stood on.
        self.HINT = Style(color=self.PLAYER_COLOUR)
        self.TARGET = Style(bgcolor=self.TARGET_COLOUR)


#: The glyphs for terminals or fonts without box drawing and symbols: plain ASCII, each still
#: unlike the others on a screen, so glyphs alone carry the meaning (NO_COLOR too).
ASCII_GLYPHS = {
    "GLYPH_GOAL": "G", "GLYPH_TRAIL": ".", "GLYPH_PATH": "o", "GLYPH_START": "S",
    "GLYPH_FOG": "~", "GLYPH_ROCK": "#", "GLYPH_SEAM_H": ".", "GLYPH_SEAM_V": ":",
    "GLYPH_BRIDGE_H": "=", "GLYPH_BRIDGE_V": "!",
    "GLYPH_DEMON_ROUTE": "x", "GLYPH_WALLS": "-|",
    "GLYPH_YOUR_ROUTE": ".", "GLYPH_ON_SHORTEST": "o", "GLYPH_SHORTEST": "~",
    "GLYPH_FACING": "^>v<", "DOOR_DOT": "o", "GLYPH_ARROWS": "^>v<", "GLYPH_FOCUS": ".",
    "GLYPH_SHADES": " .:-=+*#", "GLYPH_DARK_SQUARE": ":", "GLYPH_STAIRS": "<>=",
}

#: The player's-eye view in ASCII: each block, shade and edge of `eyesight` -> a plain
#: character (walls darken with distance through "#%+:", as the shades do).
ASCII_EYE = str.maketrans({
    "█": "#", "▓": "%", "▒": "+", "░": ":", "▀": '"', "▄": "_", "▌": "[", "▐": "]",
    "▁": "_", "▔": "-", "▏": "|", "▕": "|", "│": "|", "┄": ".", "▖": ".", "▗": ".",
    "▘": "'", "▝": "'", "▙": "L", "▟": "J", "▚": "\\", "▞": "/", "▲": "^", "◆": "G",
    "●": "o", "Ж": "X",
})
#: The menu's banner in ASCII (three lines, as the box-drawn one).
ASCII_BANNER = """\
+-+-+-+-+-+-+-+-+
|M|A|Z|E|G|A|M|E|
+-+-+-+-+-+-+-+-+"""

#: The default theme's palette: what a widget draws with outside a game host.
DEFAULT = Palette()


T = TypeVar("T")


def per_palette(build: Callable[[Palette], T]) -> Callable[[Palette], T]:
    """`build(palette)`'s result, built once per palette (tables of styles a widget derives
    from the palette: a new theme brings a new palette, and so a new table)."""
    memo: WeakKeyDictionary[Palette, T] = WeakKeyDictionary()

    @wraps(build)
    def get(palette: Palette) -> T:
        if palette not in memo:
            memo[palette] = build(palette)
        return memo[palette]

    return get
