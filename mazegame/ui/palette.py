"""Every colour and glyph the widgets draw with, named by what it means.

One place to read the look from (a later issue turns these into theme variables). Colours
are hex strings; the Rich styles the line-API widgets paint with are built from them here.
"""

from __future__ import annotations

from rich.style import Style

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
DOOR_AGE_COLOURS = (PLAYER_COLOUR, "#b58a3a", "#6b5a3a")
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

# -- styles -----------------------------------------------------------------------------------
WALL = Style(color=WALL_COLOUR, bold=True)
ONE_WAY = Style(color=ONE_WAY_COLOUR, bold=True)
SEAM = Style(color=SEAM_COLOUR)
ROCK = Style(color=ROCK_COLOUR)
FOG = Style(color=FAINT)
FLOOR = Style()
TRAIL = Style(color=TRAIL_COLOUR)
PATH = Style(color=SUCCESS, bold=True)
GOAL = Style(color=GOAL_INK, bgcolor=SUCCESS, bold=True)
START = Style(color=MUTED)
PLAYER = Style(color=INK, bgcolor=PLAYER_COLOUR, bold=True)
BUMP = Style(color=BRIGHT, bgcolor=BUMP_COLOUR, bold=True)
DEMON = Style(color=BRIGHT, bgcolor=DEMON_COLOUR, bold=True)
DEMON_ROUTE = Style(color=DEMON_ROUTE_COLOUR, bold=True)
#: The routes shown after a game: yours off the shortest path, yours along it, the shortest
#: path where you did not walk (colour tells yours from the shortest; so does the glyph).
YOUR_ROUTE = Style(color=TRAIL_COLOUR, bold=True)
ON_SHORTEST = Style(color=TRAIL_COLOUR, bgcolor=PATH_BAND_COLOUR, bold=True)
SHORTEST = Style(color=SUCCESS, bgcolor=PATH_BAND_COLOUR, bold=True)
PLAIN = Style(color=TEXT)
FRONTIER = Style(color=TEXT, bgcolor=FRONTIER_COLOUR)
VISITED = Style(color=TEXT, bgcolor=VISITED_COLOUR)
ACTIVE = Style(color=INK, bgcolor=ACTIVE_COLOUR, bold=True)
DEAD = Style(color=DEAD_TEXT, bgcolor=DEAD_COLOUR)
HEAT = tuple(Style(color=INK, bgcolor=c) for c in HEAT_COLOURS)
SETS = tuple(Style(color=BRIGHT, bgcolor=c, bold=True) for c in SET_COLOURS)
FOCUS = Style(color=PLAYER_COLOUR, bgcolor=FOCUS_COLOUR, bold=True)
AGENTS = tuple(Style(color=INK, bgcolor=c, bold=True) for c in AGENT_COLOURS)
DOOR_LETTER = Style(color=PLAYER_COLOUR, bold=True)
DOOR_AGES = (Style(color=DOOR_AGE_COLOURS[0], bold=True), Style(color=DOOR_AGE_COLOURS[1]),
             Style(color=DOOR_AGE_COLOURS[2]))
HEADER = Style(color=MUTED)
RAMP = tuple(Style(color=TEXT, bgcolor=c) for c in RAMP_COLOURS)
CURSOR_LINE = Style(bgcolor=CURSOR_LINE_COLOUR)
PROGRESS_DONE = Style(color=SUCCESS)
PROGRESS_LEFT = Style(color=FAINT)
KNOB = Style(color=PLAYER_COLOUR, bold=True)
PROGRESS_LABEL = Style(color=LABEL_TEXT)
LIGHT = Style(color=TEXT, bgcolor=LIGHT_SQUARE)
DARK = Style(color=TEXT, bgcolor=DARK_SQUARE)
HINT = Style(color=PLAYER_COLOUR)  #: the jump hint: text colour of squares you have stood on
TARGET = Style(bgcolor=TARGET_COLOUR)

# -- glyphs -----------------------------------------------------------------------------------
GLYPH_PLAYER = "@"
GLYPH_GOAL = "◎"
GLYPH_TRAIL = "·"
GLYPH_PATH = "•"
GLYPH_START = "○"
GLYPH_FOG = "░"  #: a cell not seen yet, on the eye view's mini-map
#: An open seam where a wrapped maze's border would be (the glyph alone says "not a wall").
GLYPH_SEAM_H, GLYPH_SEAM_V = "┄", "┆"
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
