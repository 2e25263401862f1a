"""Drawings of a `MazeSet` as Rich text: many small mazes in a grid, one maze large with a
walker's path in it, and one dot per maze lighting up as mazes are solved.

Colours and glyphs are read from `mazegame.ui.palette` when a drawing is made (the palette
may follow the theme at runtime), never copied.
"""

from __future__ import annotations

import math

from rich.text import Text

from mazegame.engine.allmazes.mazeset import MazeSet
from mazegame.ui import palette

SHADES = "·░▒▓█"  #: the dot grid when one glyph stands for several mazes: share solved


def mini_mazes(p: palette.Palette, mazes: MazeSet, indices, per_row: int,
               highlight: int | None = None) -> Text:
    """The mazes `indices` drawn small (a character a field, a space between mazes, a blank
    line between rows of mazes): rock, free fields, the walker; a solved maze lit up, the
    `highlight` maze on the focus colour."""
    n, m = mazes.n, mazes.m
    text = Text(no_wrap=True, overflow="crop")
    indices = list(indices)
    for first in range(0, len(indices), max(1, per_row)):
        row = indices[first:first + per_row]
        for r in range(n):
            for j, k in enumerate(row):
                if j:
                    text.append(" ")
                for c in range(m):
                    text.append(*_mini_cell(p, mazes, k, r * m + c, k == highlight))
            text.append("\n")
        if first + per_row < len(indices):
            text.append("\n")
    return text


def _mini_cell(p: palette.Palette, mazes: MazeSet, k: int, cell: int, highlight: bool):
    """The (glyph, style) of one field of a small maze."""
    r, c = divmod(cell, mazes.m)
    solved = bool(mazes.solved[k])
    if int(mazes.positions[k]) == cell and not solved:
        return p.GLYPH_PLAYER, p.BUMP if highlight else p.PLAYER
    if not mazes.free[k, r, c]:
        return "█", p.ROCK
    if solved:
        return p.GLYPH_PATH, p.PATH
    if cell == mazes.goal:
        return p.GLYPH_GOAL, p.GOAL
    if highlight:
        return p.GLYPH_TRAIL, p.FOCUS
    return p.GLYPH_TRAIL, p.FOG


def big_maze(p: palette.Palette, mazes: MazeSet, k: int, path: list[int]) -> Text:
    """Maze k drawn large in a frame: rock, the start, the goal, the path walked so far and
    where the walker stands now."""
    n, m = mazes.n, mazes.m
    seen = set(path)
    here = path[-1] if path else 0
    text = Text(no_wrap=True)
    text.append("┌" + "───" * m + "┐\n", p.WALL)
    for r in range(n):
        text.append("│", p.WALL)
        for c in range(m):
            cell = r * m + c
            if not mazes.free[k, r, c]:
                text.append("███", p.ROCK)
            elif cell == here:
                text.append(f" {p.GLYPH_PLAYER} ", p.PLAYER)
            elif cell == mazes.goal:
                text.append(f" {p.GLYPH_GOAL} ", p.GOAL)
            elif cell == 0:
                text.append(f" {p.GLYPH_START} ", p.TRAIL)
            elif cell in seen:
                text.append(f" {p.GLYPH_PATH} ", p.TRAIL)
            else:
                text.append("   ", p.FLOOR)
        text.append("│\n", p.WALL)
    text.append("└" + "───" * m + "┘", p.WALL)
    return text


def dot_grid(p: palette.Palette, mazes: MazeSet, most: int = 320, fresh=()) -> Text:
    """One glyph per maze (or, past `most` mazes, per group of mazes, shaded by how many are
    solved) in a roughly 4:1 block: solved ones lit, the ones the last move solved flashing."""
    solved = mazes.solved
    total = len(solved)
    group = -(-total // most)
    fresh = {int(k) // group for k in fresh}  #: the glyphs with a maze the last move got out
    text = Text(no_wrap=True)
    glyphs = -(-total // group)
    per_row = min(40, max(10, math.ceil(math.sqrt(glyphs * 4))))
    gap = " " if glyphs <= 100 else ""  # few mazes: room to tell the dots apart
    for i in range(glyphs):
        part = solved[i * group:(i + 1) * group]
        share = float(part.mean())
        if group == 1:
            glyph = p.GLYPH_PATH if share else p.GLYPH_TRAIL
        else:
            glyph = SHADES[round(share * (len(SHADES) - 1))]
        new = i in fresh
        style = p.KNOB if new else (p.PATH if share == 1 else p.FOG
                                            if share == 0 else p.TRAIL)
        text.append(glyph, style)
        if (i + 1) % per_row == 0 and i + 1 < glyphs:
            text.append("\n")
        elif i + 1 < glyphs:
            text.append(gap)
    return text
