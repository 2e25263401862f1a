"""The help screen's legend: every glyph and colour a mode's screen draws, and what it means.

Each sample is built from the very constant the drawing uses (the app's palette, the eye view's
palette and glyphs, the editor's and campaign's marks), so the legend cannot drift from the
screen. The glyph is always shown: with NO_COLOR the legend still tells things apart.
A mode's spec names its legend (`ModeSpec.legend`, a tuple of sample names beside its
screen; by view for the modes whose player picks the view). The samples are built when the
help opens: the eye view's palette and the editor's marks are not loaded before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

from rich.style import Style

from mazegame.games.modes import MODES, load
from mazegame.ui.palette import DEFAULT, Palette


@dataclass(frozen=True)
class Sample:
    """One legend row: glyphs drawn in a style, and what they mean."""

    glyph: str
    style: Style
    meaning: str


#: Groups of samples several screens draw (each screen's LEGEND is built from them).
MAP = ("player", "start", "goal", "trail", "path", "wall", "one-way", "seam", "bump")
BLIND = ("player", "start", "goal", "trail", "path", "felt-wall", "one-way", "seam", "bump")
EYE = ("eye-wall", "eye-opening", "eye-goal", "eye-fog", "map-player", "map-unseen", "one-way",
       "seam")
WEAVE = ("bridge",)  #: a weave maze's bridges from above (the modes that play weave)
WEAVE_EYE = ("eye-bridge", "bridge")  #: and in the player's eye
DEMON = ("demon", "demon-route")


def _from(module: str, name: str):
    """`name` from `module`, imported on first use: a help screen loads only what it shows
    (the modules of the mode on screen are loaded already)."""
    return getattr(import_module(module), name)


def _eye(p: Palette, name: str) -> Style:
    return _from("mazegame.ui.widgets.eye_view", "depth_styles")(p)[name]


def _eyesight(name: str):
    return _from("mazegame.eyesight", name)


#: Every sample by name, each built in a palette when a legend shows it.
SAMPLES: dict[str, Callable[[Palette], Sample]] = {
    # -- the bird's-eye maze (maze_view, seams) ------------------------------------------------
    "player": lambda p: Sample(p.GLYPH_PLAYER, p.PLAYER, "you"),
    "start": lambda p: Sample(p.GLYPH_START, p.START, "the start"),
    "rat-walker": lambda p: Sample(p.GLYPH_PLAYER, p.PLAYER, "the rat"),
    "rat-trail": lambda p: Sample(p.GLYPH_TRAIL, p.TRAIL, "where the rat went this episode"),
    "goal": lambda p: Sample(p.GLYPH_GOAL, p.GOAL, "the goal"),
    "trail": lambda p: Sample(p.GLYPH_TRAIL, p.TRAIL, "your trail (t shows or hides it)"),
    "path": lambda p: Sample(p.GLYPH_PATH, p.PATH, "the shortest path, shown at the end"),
    "wall": lambda p: Sample(p.GLYPH_WALLS, p.WALL, "walls"),
    "felt-wall": lambda p: Sample(p.GLYPH_WALLS, p.WALL,
                                "the outer wall, and walls you have bumped into"),
    # the arrow a one-way door is drawn with, in walls and seams alike
    "one-way": lambda p: Sample(_from("mazegame.ui.widgets.seams", "vertical_glyphs")(p)[2],
                              p.ONE_WAY, "a one-way door: pass only the way it points"),
    "seam": lambda p: Sample(p.GLYPH_SEAM_H + p.GLYPH_SEAM_V, p.SEAM,
                           "a wrap edge: walk out here, come back in on the other side"),
    "bridge": lambda p: Sample(p.GLYPH_BRIDGE_H + p.GLYPH_BRIDGE_V, p.WALL + Style(dim=True),
                             "a weave maze's bridge: its rails, a passage running under them; "
                             "you, under it: (@)"),
    "bump": lambda p: Sample(p.GLYPH_PLAYER, p.BUMP, "a red flash: you bumped into a wall"),
    "demon": lambda p: Sample(_from("mazegame.games.chase", "DEMON_GLYPH"), p.DEMON, "the demon"),
    "demon-route": lambda p: Sample(p.GLYPH_DEMON_ROUTE, p.DEMON_ROUTE,
                                  "the demon's route, shown when it caught you"),
    # -- the treasure hunt (screens.treasure) ---------------------------------------------------
    "rival": lambda p: Sample(_from("mazegame.ui.screens.treasure", "RIVAL_GLYPH"),
                            _from("mazegame.ui.screens.treasure", "rival_style")(p),
                            "your rival, searching in the best order"),
    "rival-searched": lambda p: Sample(p.GLYPH_DEMON_ROUTE, p.DEMON_ROUTE,
                                     "a cell your rival has searched: no treasure there"),
    "treasure": lambda p: Sample(_from("mazegame.ui.screens.treasure", "TREASURE_GLYPH"),
                               p.GOAL, "the treasure, shown at the end"),
    "treasure-stars": lambda p: Sample(_from("mazegame.ui.screens.campaign", "stars_text")(2),
                                     Style(), "stars against your par, at the end"),
    "been-there": lambda p: Sample("·", Style(dim=True), "an option marked \"been there\""),
    "star": lambda p: Sample(_from("mazegame.ui.screens.campaign", "STAR")
                           + _from("mazegame.ui.screens.campaign", "NO_STAR"), Style(),
                           "stars earned on a level, and still to earn"),
    # -- the player's eye (eyesight's drawing, eye_view's palette) and its map ---------------
    "eye-wall": lambda p: Sample(_eyesight("WALL_CHARS")[0:5:2], _eye(p, "wall-0"),
                               "walls beside you: fainter further away"),
    "eye-opening": lambda p: Sample("▔▁", _eye(p, "face-1"),
                                  "a side opening, or a wall facing you (dead end)"),
    "eye-goal": lambda p: Sample(_eyesight("GOAL_GLYPH"), _eye(p, "goal"),
                               "the goal, glowing on the floor"),
    "eye-fog": lambda p: Sample(_eyesight("FOG_GLYPH"), _eye(p, "fog"),
                              "fog: the corridor beyond your sight"),
    "eye-demon": lambda p: Sample(_eyesight("FIGURES")[-1][0] + " " + _eyesight("FIGURES")[-2][1],
                                _eye(p, "sprite"), "the demon: the nearer, the bigger"),
    "eye-bridge": lambda p: Sample("▀▄", _eye(p, "face-1"),
                                 "a bridge: its deck overhead (you pass under), or low "
                                 "parapets beside you (you cross over)"),
    "map-player": lambda p: Sample(p.GLYPH_PLAYER, p.PLAYER,
                                 "you, on the map (m, where the difficulty allows it)"),
    "map-unseen": lambda p: Sample(p.GLYPH_FOG, p.FOG, "on the map: not seen yet"),
    # -- the jumping board (jump_board) -------------------------------------------------------
    "jump-player": lambda p: Sample(" 3 ", p.PLAYER, "you: the number is how far you jump"),
    "jump-goal": lambda p: Sample(" G ", p.GOAL, "the goal"),
    "jump-start": lambda p: Sample("[2]", p.LIGHT, "the start"),
    "jump-visited": lambda p: Sample(
        " 2 ", p.LIGHT + p.HINT,
        "where you have been (t)"),
    "jump-target": lambda p: Sample(" 2 ", p.LIGHT + p.TARGET, "where you can jump (e)"),
    # -- the lab's marks (trace_view) ---------------------------------------------------------
    "agent": lambda p: Sample(p.AGENT_GLYPHS, p.AGENTS[0],
                              "the solvers, one glyph and colour each"),
    "frontier": lambda p: Sample(" f ", p.FRONTIER, "frontier: cells waiting to be explored"),
    "visited": lambda p: Sample(" v ", p.VISITED, "visited cells"),
    "active": lambda p: Sample(" a ", p.ACTIVE, "the cell being worked on"),
    "found": lambda p: Sample(" p ", p.GOAL, "the path found"),
    "dead": lambda p: Sample(" d ", p.DEAD, "dead ends filled in"),
    "aroma": lambda p: Sample(" ~ ", p.HEAT[len(p.HEAT) // 2],
                            "aroma: the warmer, the nearer the goal"),
    "step": lambda p: Sample(_from("mazegame.ui.widgets.lab_steps", "MARKER"),
                             Style(bold=True, reverse=True),
                             "the algorithm's step being run, in its numbered steps (e)"),
    # -- every maze at once (allmazes_view): the blindfold puzzle and its lab -----------------
    "worst": lambda p: Sample(p.GLYPH_PLAYER + p.GLYPH_TRAIL, p.BUMP,
                            "the worst maze left: farthest from its goal"),
    "rock": lambda p: Sample("█", p.ROCK, "a blocked field: a move into it does nothing"),
    "walked": lambda p: Sample(p.GLYPH_PATH, p.TRAIL, "your path in the maze shown"),
    "maze-dot": lambda p: Sample(p.GLYPH_TRAIL + p.GLYPH_PATH, p.PATH,
                               "one dot a maze (or, from 3x5, a shade per group): lit once out"),
    "maze-out": lambda p: Sample(p.GLYPH_PATH, p.KNOB, "the mazes your last move got out"),
    "maze-free": lambda p: Sample(p.GLYPH_TRAIL, p.FOG, "a free field"),
    "maze-solved": lambda p: Sample(p.GLYPH_PATH, p.PATH, "a solved maze, lit up"),
    # -- the editor ---------------------------------------------------------------------------
    "cursor": lambda p: Sample("[ ]", p.PLAYER, "the cursor"),
    "trap": lambda p: Sample(_from("mazegame.ui.screens.editor", "trap_glyph")(p), p.BUMP,
                           "a trap: no way on to a goal from here"),
}


def samples(names=None, palette: Palette = DEFAULT) -> dict[str, Sample]:
    """The samples by name (all, or those `names`), from the constants the widgets draw with,
    in `palette` (the app's: `host.palette_of`)."""
    return {name: SAMPLES[name](palette) for name in (SAMPLES if names is None else names)}


def legend_names(mode: str, view: str | None = None) -> tuple[str, ...]:
    """The names of the samples a mode's screen draws, as its spec says (seen through
    `view` when the player picks the view)."""
    spec = MODES[mode]
    names = load(spec.legend)
    return names[view or "birds-eye"] if spec.view is None else names


def legend_for(mode: str, view: str | None = None, palette: Palette = DEFAULT) -> list[Sample]:
    """The legend of a mode's screen (seen through `view` when the player picks it), in
    `palette`."""
    names = legend_names(mode, view)
    every = samples(names, palette)
    return [every[name] for name in names]
