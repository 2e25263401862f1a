"""Themes: Textual's own, plus a high-contrast and a colour-blind-safe one, and how each
becomes the game's palette (ui.palette) so that a theme colours the maze, the demon, the lab,
the jump board, the matrices and the eye view as well as Textual's widgets.

Textual's dark theme keeps the palette's own colours (the look the snapshots hold); the game's
two themes name theirs in full; any other theme lends its primary, warning, error, success and
accent colours to the maze's walls, player, demon, way out and one-way doors.
"""

from __future__ import annotations

from textual.color import Color, ColorParseError
from textual.theme import Theme

from mazegame.ui import palette

HIGH_CONTRAST = Theme(
    name="mazegame-high-contrast", primary="#ffffff", secondary="#00ffff", accent="#ff00ff",
    warning="#ffff00", error="#ff3030", success="#00ff00", foreground="#ffffff",
    background="#000000", surface="#000000", panel="#202020", dark=True,
)
#: Okabe and Ito's eight colours, told apart with every common colour-vision deficiency.
COLOUR_BLIND = Theme(
    name="mazegame-colour-blind", primary="#56b4e9", secondary="#0072b2", accent="#cc79a7",
    warning="#e69f00", error="#d55e00", success="#009e73", foreground="#e8e8e8",
    background="#1c1c1c", surface="#262626", panel="#333333", dark=True,
)
GAME_THEMES = {t.name: t for t in (HIGH_CONTRAST, COLOUR_BLIND)}  #: the game's own themes

#: The palette colours each named theme sets (Textual's dark theme: the palette's defaults).
THEME_COLOURS: dict[str, dict] = {
    "textual-dark": {},
    HIGH_CONTRAST.name: {
        "INK": "#000000", "GOAL_INK": "#000000", "TEXT": "#ffffff", "BRIGHT": "#ffffff",
        "MUTED": "#c0c0c0", "FAINT": "#808080", "LABEL_TEXT": "#ffffff",
        "WALL_COLOUR": "#ffffff", "ONE_WAY_COLOUR": "#ffff00", "SEAM_COLOUR": "#00ffff",
        "ROCK_COLOUR": "#a0a0a0", "TRAIL_COLOUR": "#00ffff", "SUCCESS": "#00ff00",
        "PLAYER_COLOUR": "#ffff00", "BUMP_COLOUR": "#ff3030", "DEMON_COLOUR": "#ff0000",
        "DEMON_ROUTE_COLOUR": "#ff00ff", "PATH_BAND_COLOUR": "#004000",
        "FRONTIER_COLOUR": "#0000c0", "VISITED_COLOUR": "#303030", "ACTIVE_COLOUR": "#ff8000",
        "DEAD_COLOUR": "#600000", "DEAD_TEXT": "#ffffff", "FOCUS_COLOUR": "#404040",
        "CURSOR_LINE_COLOUR": "#303030", "LIGHT_SQUARE": "#606060", "DARK_SQUARE": "#000080",
        "TARGET_COLOUR": "#008080", "CEILING": "#000000", "GROUND": "#202020",
        "EYE_GOAL": "#ffff00", "EYE_SPRITE": "#ff0000", "EYE_EDGE": ("#ffffff", "#000000"),
        "EYE_WALL_NEAR": ("#ffffff", "#808080"), "EYE_WALL_FAR": ("#606060", "#101010"),
        "EYE_FACE_NEAR": ("#ffffff", "#a0a0a0"), "EYE_FACE_FAR": ("#707070", "#181818"),
    },
    COLOUR_BLIND.name: {
        "WALL_COLOUR": "#56b4e9", "ONE_WAY_COLOUR": "#f0e442", "SEAM_COLOUR": "#3a7ca5",
        "TRAIL_COLOUR": "#e69f00", "SUCCESS": "#009e73", "PLAYER_COLOUR": "#f0e442",
        "BUMP_COLOUR": "#d55e00", "DEMON_COLOUR": "#d55e00", "DEMON_ROUTE_COLOUR": "#cc79a7",
        "PATH_BAND_COLOUR": "#00382a", "FRONTIER_COLOUR": "#0072b2", "ACTIVE_COLOUR": "#e69f00",
        "DEAD_COLOUR": "#4d2a1a", "EYE_GOAL": "#f0e442", "EYE_SPRITE": "#d55e00",
        "SET_COLOURS": ("#0072b2", "#cc79a7", "#009e73", "#e69f00", "#56b4e9", "#d55e00",
                        "#8f8f3f", "#6b5a9e"),
        "AGENT_COLOURS": ("#f0e442", "#cc79a7", "#56b4e9", "#e69f00"),
        "HEAT_COLOURS": ("#1a2a40", "#1f3d5c", "#1d5a80", "#0072b2", "#3d8fc2", "#56b4e9",
                         "#b8c86a", "#f0e442"),
        "RAMP_COLOURS": ("#1a2a40", "#0072b2", "#3d8fc2", "#56b4e9", "#009e73", "#e69f00",
                         "#d55e00", "#cc79a7"),
    },
}


def _colour(value: str | None) -> str | None:
    """A theme's colour as Rich takes it: hex, or a terminal colour's name ("blue")."""
    if value is None:
        return None
    if value.startswith("ansi_"):
        name = value.removeprefix("ansi_")
        return None if name == "default" else name
    try:
        return Color.parse(value).hex
    except ColorParseError:
        return None


def colours_for(theme: Theme) -> dict:
    """The palette colours a theme sets."""
    if theme.name in THEME_COLOURS:
        return THEME_COLOURS[theme.name]
    lent = {
        "WALL_COLOUR": theme.primary, "PLAYER_COLOUR": theme.warning,
        "DEMON_COLOUR": theme.error, "BUMP_COLOUR": theme.error,
        "DEMON_ROUTE_COLOUR": theme.error, "SUCCESS": theme.success,
        "ONE_WAY_COLOUR": theme.accent, "TRAIL_COLOUR": theme.secondary or theme.accent,
        "SEAM_COLOUR": theme.secondary, "EYE_GOAL": theme.warning, "EYE_SPRITE": theme.error,
        "FRONTIER_COLOUR": theme.secondary if not theme.dark else None,
    }
    picked = {name: _colour(value) for name, value in lent.items()}
    return {name: value for name, value in picked.items() if value is not None}


def palette_for(theme: Theme, glyphs: str = "box") -> palette.Palette:
    """The game's palette for a theme and a glyph set ("box" or "ascii")."""
    return palette.Palette(glyphs, **colours_for(theme))
