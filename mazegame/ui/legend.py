"""The help screen's legend: every glyph and colour a mode's screen draws, and what it means.

Each sample is built from the very constant the drawing uses (`palette`, the eye view's
palette and glyphs, the editor's and campaign's marks), so the legend cannot drift from the
screen. The glyph is always shown: with NO_COLOR the legend still tells things apart.
Legends are chosen by mode (`MODE_LEGENDS`, a test holds it to `games.modes.MODES`), and
for the chase modes by view (`VIEW_LEGENDS`). The samples are built when the help opens:
the eye view's palette and the editor's marks are not loaded before.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style

from mazegame.games.interpreted import KIND_MODULES


@dataclass(frozen=True)
class Sample:
    """One legend row: glyphs drawn in a style, and what they mean."""

    glyph: str
    style: Style
    meaning: str


MAP = ("player", "start", "goal", "trail", "path", "wall", "one-way", "seam", "bump")
BLIND = ("player", "start", "goal", "trail", "path", "felt-wall", "one-way", "seam", "bump")
EYE = ("eye-wall", "eye-opening", "eye-goal", "eye-fog", "map-player", "map-unseen")
DEMON = ("demon", "demon-route")
#: Mode -> the samples its screen draws (the chase modes: see VIEW_LEGENDS).
MODE_LEGENDS: dict[str, tuple[str, ...]] = {
    "campaign": ("star", *MAP, *DEMON),
    "classic": MAP,
    "blind": BLIND,
    "eye": EYE,
    "jump": ("jump-player", "jump-goal", "jump-start", "jump-visited", "jump-target"),
    **{kind: ("been-there", "player", "start", "goal", "trail", "path") for kind in KIND_MODULES},
    "lab": ("agent", "start", "goal", "frontier", "visited", "active", "found", "dead", "aroma"),
    "editor": ("cursor", "start", "goal", "path", "trap", "wall", "one-way", "seam"),
}
#: Chase and race by view (`games.modes.VIEWS`): what each view shows of the demon.
VIEW_LEGENDS: dict[str, tuple[str, ...]] = {
    "birds-eye": (*MAP, *DEMON),
    "blind": (*BLIND, "demon-route"),
    "eye": ("eye-demon", *EYE),
}
VIEW_MODES = ("chase", "race")  #: the modes whose legend depends on the view


def samples() -> dict[str, Sample]:
    """Every sample by name, from the constants the widgets draw with."""
    from mazegame.games.chase import DEMON_GLYPH
    from mazegame.games.eyeview import FIGURES, FOG_GLYPH, GOAL_GLYPH, WALL_CHARS
    from mazegame.ui import palette as p
    from mazegame.ui.screens.campaign import NO_STAR, STAR
    from mazegame.ui.screens.editor import CURSOR, GLYPH_TRAP, TRAP
    from mazegame.ui.widgets.eye_view import PALETTE as EYE_PALETTE
    from mazegame.ui.widgets.jump_board import VISITED as JUMP_VISITED
    from mazegame.ui.widgets.seams import VERTICAL

    one_way = VERTICAL[2]  # the arrow a one-way door is drawn with, in walls and seams alike
    return {
        "player": Sample(p.GLYPH_PLAYER, p.PLAYER, "you"),
        "start": Sample(p.GLYPH_START, p.START, "the start"),
        "goal": Sample(p.GLYPH_GOAL, p.GOAL, "the goal"),
        "trail": Sample(p.GLYPH_TRAIL, p.TRAIL, "your trail (t shows or hides it)"),
        "path": Sample(p.GLYPH_PATH, p.PATH, "the shortest path, shown at the end"),
        "wall": Sample("─│", p.WALL, "walls"),
        "felt-wall": Sample("─│", p.WALL, "the outer wall, and walls you have bumped into"),
        "one-way": Sample(one_way, p.ONE_WAY, "a one-way door: pass only the way it points"),
        "seam": Sample(p.GLYPH_SEAM_H + p.GLYPH_SEAM_V, p.SEAM,
                       "a wrap edge: walk out here, come back in on the other side"),
        "bump": Sample(p.GLYPH_PLAYER, p.BUMP, "a red flash: you bumped into a wall"),
        "demon": Sample(DEMON_GLYPH, p.DEMON, "the demon"),
        "demon-route": Sample(p.GLYPH_DEMON_ROUTE, p.DEMON_ROUTE,
                              "the demon's route, shown when it caught you"),
        "star": Sample(STAR + NO_STAR, Style(), "stars earned on a level, and still to earn"),
        "eye-wall": Sample(WALL_CHARS[0] + WALL_CHARS[2] + WALL_CHARS[4], EYE_PALETTE["wall-0"],
                           "walls beside you: fainter further away"),
        "eye-opening": Sample("▔▁", EYE_PALETTE["face-1"],
                              "a side opening, or a wall facing you (dead end)"),
        "eye-goal": Sample(GOAL_GLYPH, EYE_PALETTE["goal"], "the goal, glowing on the floor"),
        "eye-fog": Sample(FOG_GLYPH, EYE_PALETTE["fog"], "fog: the corridor beyond your sight"),
        "eye-demon": Sample(FIGURES[-1][0] + " " + FIGURES[-2][1], EYE_PALETTE["sprite"],
                            "the demon: the nearer, the bigger"),
        "map-player": Sample(p.GLYPH_PLAYER, p.PLAYER, "you, on the map (m)"),
        "map-unseen": Sample("░", p.FOG, "on the map: not seen yet"),
        "jump-player": Sample(" 3 ", p.PLAYER, "you: the number is how far you jump"),
        "jump-goal": Sample(" G ", p.GOAL, "the goal"),
        "jump-start": Sample("[2]", p.LIGHT, "the start"),
        "jump-visited": Sample(" 2 ", p.LIGHT + JUMP_VISITED, "where you have been (t)"),
        "jump-target": Sample(" 2 ", p.LIGHT + p.TARGET, "where you can jump (e)"),
        "been-there": Sample("·", Style(dim=True), "an option marked \"been there\""),
        "agent": Sample(p.AGENT_GLYPHS, p.AGENTS[0], "the solvers, one glyph and colour each"),
        "frontier": Sample(" f ", p.FRONTIER, "frontier: cells waiting to be explored"),
        "visited": Sample(" v ", p.VISITED, "visited cells"),
        "active": Sample(" a ", p.ACTIVE, "the cell being worked on"),
        "found": Sample(" p ", p.GOAL, "the path found"),
        "dead": Sample(" d ", p.DEAD, "dead ends filled in"),
        "aroma": Sample(" ~ ", p.HEAT[len(p.HEAT) // 2], "aroma: the warmer, the nearer the goal"),
        "cursor": Sample(" ", CURSOR, "the cursor"),
        "trap": Sample(GLYPH_TRAP, TRAP, "a trap: no way on to a goal from here"),
    }


def legend_for(mode: str, view: str | None = None) -> list[Sample]:
    """The legend of a mode's screen (seen through `view` for the chase modes)."""
    names = VIEW_LEGENDS[view or "birds-eye"] if mode in VIEW_MODES else MODE_LEGENDS[mode]
    every = samples()
    return [every[name] for name in names]
