"""The learning rat's panels: its network's activations on the last move, and its learning
curve (steps per episode, log scale) against the baselines. Both draw what they are given."""

from __future__ import annotations

import math

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from mazegame.ui import palette
from mazegame.ui.host import palette_of

#: A cell type (open sides N=1, E=2, S=4, W=8) drawn as the box character of its doors.
TYPE_GLYPHS = " ╵╶└╷│┌├╴┘─┴┐┤┬┼"
SHADES = " ░▒▓█"  #: activity 0..1
BARS = "▁▂▃▄▅▆▇█"  #: one eighth of a row at a time
MOVE_NAMES = "NESW"


def _shade(x: float) -> str:
    """A block as dark as |x| (0..1)."""
    return SHADES[min(len(SHADES) - 1, int(abs(x) * (len(SHADES) - 1) + 0.5))]


def _sign_style(p: palette.Palette, x: float) -> Style:
    """Positive activity in the player's colour, negative in the trail's."""
    return Style(color=p.PLAYER_COLOUR if x >= 0 else p.TRAIL_COLOUR)


class NetPanel(Static):
    """The rat's net on the last move: cell-type inputs, decision nodes, move nodes with the
    winner, the predictor's guess against the cell it got to, and where the place rat's own
    moves put it."""

    HELP = (
        "The rat's net, on its last move. Cell type: the 15 kinds of cell (drawn by their "
        "open sides, ╵ to ┼); the one lit is where the rat stands. Decision: the hidden "
        "nodes, each a block as dark as it is active. Move: the four move nodes N E S W "
        "and their values; the one lit won, × a wall, whose input holds its node down. "
        "Predicted ├  found │: the kind of cell the rat guessed it would reach, and the kind "
        "it reached. ✓ away from 0: the guess was right, and the weights that made it grow "
        "(away from zero); ✗ toward 0: it was wrong, and they shrink (Suits' rules 1 and "
        "2). Predictor: its guess for each kind, shaded. Place: where the place rat's own "
        "moves put it.")

    def show(self, frame) -> None:
        """Draw a `games.rat_lab.Frame` (None: the rat has not moved yet)."""
        p = palette_of(self)
        t = Text()
        t.append("Cell type ", style=Style(bold=True))
        for k in range(1, 16):
            on = frame is not None and frame.here == k
            t.append(TYPE_GLYPHS[k], style=p.PLAYER if on else p.FOG)
        t.append("\nDecision  ", style=Style(bold=True))
        if frame is not None:
            for x in frame.hidden:
                t.append(_shade(float(x)), style=_sign_style(p, float(x)))
        t.append("\nMove      ", style=Style(bold=True))
        for d in range(4):
            if frame is None:
                t.append(f"{MOVE_NAMES[d]}   ", style=p.FOG)
                continue
            x = float(frame.moves[d])
            if x < -50:  # a wall: its cell-type input inhibits the node
                t.append(f"{MOVE_NAMES[d]}×  ", style=p.FOG)
            elif d == frame.move:
                t.append(f"{MOVE_NAMES[d]}{x:+.1f}", style=p.PLAYER)
                t.append(" ")
            else:
                t.append(f"{MOVE_NAMES[d]}{x:+.1f} ", style=p.PLAIN)
        t.append("\nPredicted ", style=Style(bold=True))
        if frame is not None:
            right = frame.predicted == frame.found
            t.append(TYPE_GLYPHS[frame.predicted], style=p.PLAYER)
            t.append("  found ")
            t.append(TYPE_GLYPHS[frame.found], style=p.PLAYER)
            t.append("  ✓ away from 0" if right else "  ✗ toward 0",
                     style=p.PATH if right else Style(color=p.BUMP_COLOUR))
            t.append("\nPredictor ", style=Style(bold=True))
            for k in range(1, 16):
                x = float(frame.predictor[k])
                t.append(_shade(x), style=p.PATH if k == frame.found else p.FOG)
            if frame.place is not None:  # the place rat's map: where its own moves put it
                east, south = frame.place
                t.append("\nPlace     ", style=Style(bold=True))
                t.append(f"{east:+d} east, {south:+d} south of the start", style=p.PLAIN)
        self.update(t)


def curve_columns(history: list[int], width: int) -> list[float]:
    """Steps per episode squeezed into `width` columns (each the median of its episodes)."""
    n = len(history)
    if n == 0 or width <= 0:
        return []
    if n <= width:
        return [float(x) for x in history]
    cols = []
    for c in range(width):
        part = sorted(history[c * n // width:(c + 1) * n // width] or [history[-1]])
        cols.append(float(part[len(part) // 2]))
    return cols


def curve_text(p: palette.Palette, history: list[int], width: int, rows: int, shortest: int,
               random_walk: float, wall_follower: int | None) -> Text:
    """A log-scale bar chart of steps per episode, with the shortest path, the wall follower
    (None: it does not apply to this maze) and the random walk's mean as marked levels on
    the right."""
    label_width = 7
    cols = curve_columns(history, max(1, width - label_width - 1))
    top = math.log10(max([random_walk, *cols, 10.0]))
    bottom = math.log10(max(1, min([shortest, *cols]) if cols else max(1, shortest)))
    span = max(top - bottom, 1e-9)

    def level(x: float) -> float:  # 0..rows, in rows
        return min(rows - 0.01, (math.log10(max(x, 1)) - bottom) / span * rows)

    marks = {"random": level(random_walk), "short": level(shortest),
             "wall": level(wall_follower) if wall_follower and wall_follower > 0 else -1}
    t = Text()
    for r in range(rows - 1, -1, -1):
        name = next((k for k, v in marks.items() if r <= v < r + 1), "")
        for x in cols:
            fill = level(x) - r
            glyph = " " if fill <= 0 else BARS[min(7, int(fill * 8))] if fill < 1 else "█"
            t.append(glyph, style=Style(color=p.SUCCESS if x <= 2 * shortest
                                        else p.WALL_COLOUR))
        t.append(" " * (width - label_width - len(cols)))
        t.append(f"─{name:<{label_width - 1}}" if name else "", style=p.START)
        t.append("\n")
    wall = "-" if wall_follower is None else wall_follower
    t.append(f"{len(history)} episodes · shortest {shortest} · wall {wall} · "
             f"random {random_walk:.0f}", style=p.START)
    return t


class CurvePanel(Static):
    """The learning curve with the baselines."""

    HELP = (
        "The learning curve: the steps each episode took, one bar per episode (squeezed to "
        "the median of several when they do not fit), on a log scale; green bars are within "
        "twice the shortest path. The marks on the right: ─short the shortest path, ─wall "
        "a wall follower's steps (where one gets there), ─random a random walk's mean. The "
        "line under it counts the episodes and says those levels.")

    def show(self, history: list[int], shortest: int, random_walk: float,
             wall_follower: int | None) -> None:
        """Redraw for this history."""
        width = max(20, self.content_size.width or 40)
        rows = max(3, (self.content_size.height or 6) - 1)
        self.update(curve_text(palette_of(self), history, width, rows, shortest, random_walk,
                               wall_follower))
