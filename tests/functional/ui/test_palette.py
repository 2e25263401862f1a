"""Every colour the interface's Python code paints with is named once, in ui/palette.py (the
default theme's) or ui/themes.py (the other themes')."""

import re
from pathlib import Path

import mazegame.ui

HEX = re.compile(r"#[0-9a-fA-F]{6}\b")
UI = Path(mazegame.ui.__file__).parent


def test_no_hex_colour_outside_the_palette():
    stray = [f"{path.relative_to(UI)}:{n}: {line.strip()}"
             for path in sorted(UI.rglob("*.py")) if path.name not in ("palette.py", "themes.py")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if HEX.search(line)]
    assert stray == []


def test_the_lab_legend_shows_the_marks_colours():
    from mazegame.ui.palette import DEFAULT
    from mazegame.ui.screens.lab_text import legend

    for style in (DEFAULT.FRONTIER, DEFAULT.VISITED):
        assert f"[on {style.bgcolor.name}]" in legend(DEFAULT)


def test_the_lab_legend_names_only_what_is_on_show():
    from mazegame.ui.palette import DEFAULT
    from mazegame.ui.screens.lab_text import explanation, legend, legend_lines

    LEGEND_LINES = legend_lines(DEFAULT)  # noqa: N806

    shown = legend(DEFAULT, {"sets", "focus"})
    assert f"[on {DEFAULT.SET_COLOURS[0]}]" in shown and f"[on {DEFAULT.FOCUS_COLOUR}]" in shown
    assert LEGEND_LINES["aroma"] not in shown and LEGEND_LINES["frontier"] not in shown
    assert explanation(DEFAULT, [("T", "S", "src")], set()) == "[b]T[/b]\nS\n[dim]— src[/dim]"
    assert all(line in legend(DEFAULT) for line in LEGEND_LINES.values())


def test_the_jump_board_colours_stay_apart_at_256_and_16_colours():
    # Both squares once mapped to 256-colour index 59 (and 16-colour 8): no checkerboard.
    from rich.color import ColorSystem

    from mazegame.ui.palette import DEFAULT as P  # noqa: N811

    backgrounds = {"light": P.LIGHT, "dark": P.DARK, "target": P.TARGET, "player": P.PLAYER,
                   "goal": P.GOAL, "bump": P.BUMP}
    for system in (ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT, ColorSystem.STANDARD):
        seen = {}
        for name, style in backgrounds.items():
            shown = style.bgcolor.downgrade(system)  # what a terminal of that kind is sent
            seen[name] = shown.triplet if system == ColorSystem.TRUECOLOR else shown.number
        assert seen["light"] != seen["dark"], system
        assert len(set(seen.values())) == len(seen), (system, seen)


def test_every_theme_gives_a_whole_palette():
    # Textual's themes lend their colours (ansi ones by name), the game's two name theirs.
    from rich.color import ColorSystem
    from textual.theme import BUILTIN_THEMES

    from mazegame.ui.screens.lab_text import legend
    from mazegame.ui.themes import GAME_THEMES, palette_for
    from mazegame.ui.widgets.eye_view import depth_styles
    from mazegame.ui.widgets.trace_zoom import pair_styles

    walls = set()
    for theme in [*BUILTIN_THEMES.values(), *GAME_THEMES.values()]:
        p = palette_for(theme, "ascii")
        assert p.GLYPH_GOAL == "G" and p.glyphs == "ascii"
        walls.add(p.WALL.color.name)
        for style in (p.WALL, p.PLAYER, p.DEMON, *p.SETS):
            style.color.downgrade(ColorSystem.STANDARD)
        assert depth_styles(p)["wall-0"] and pair_styles(p)[(2, 0)] and legend(p)
    assert len(walls) > 10  # the themes really differ


def test_the_players_eye_and_the_banner_have_ascii_forms():
    """Every glyph the corridor is drawn with (eyesight) has a plain ASCII stand-in,
    and so has the menu's banner."""
    import mazegame.eyesight as eyesight
    from mazegame.ui import palette
    from mazegame.ui.screens.menu import BANNER

    source = Path(eyesight.__file__).read_text(encoding="utf-8")
    drawn = {c for c in source if ord(c) > 127}
    assert drawn and all(c.translate(palette.ASCII_EYE).isascii() for c in drawn)
    assert palette.ASCII_BANNER.isascii()
    assert len(palette.ASCII_BANNER.splitlines()) == len(BANNER.splitlines())
