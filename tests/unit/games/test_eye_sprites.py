"""The demon through the player's eyes: a figure that shrinks with distance at every depth,
and warnings that say "behind you" only when it is (constructed mazes)."""

import numpy as np
import pytest

from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST, Maze
from mazegame.eyesight import FIGURES, figure, look, render_view
from mazegame.games.chase import DEMON_GLYPH
from mazegame.games.eye_sprites import BEHIND_REACH, behind, eye_warning


def corridor(length: int) -> Maze:
    """A one-row corridor running east."""
    return Maze.open(length, 1)


def sprite_cells(rows) -> list[tuple[int, int]]:
    """(row, column) of every character drawn in the sprite's colour."""
    cells = []
    for y, row in enumerate(rows):
        x = 0
        for text, name in row:
            if name.startswith("sprite"):
                cells += [(y, x + i) for i, ch in enumerate(text) if ch != " "]
            x += len(text)
    return cells


def test_figures_shrink_down_to_the_demons_letter():
    assert FIGURES[-1] == (DEMON_GLYPH,)
    assert figure(DEMON_GLYPH, 20) == FIGURES[0] and figure(DEMON_GLYPH, 0) == FIGURES[-1]
    assert figure("X", 20) == ("X",)  # any other sprite is drawn as its glyph


@pytest.mark.parametrize(("width", "height"), [(80, 20), (120, 36), (50, 14)])
def test_the_demon_is_drawn_at_every_depth_in_sight_and_shrinks(width, height):
    depth = 8
    maze = corridor(12)
    sections = look(maze, 0, EAST, depth)
    heights = []
    for k in range(1, depth):  # every depth the view shows (0 is your own cell)
        rows = render_view(sections, width, height, depth, {k: DEMON_GLYPH})
        cells = sprite_cells(rows)
        assert cells, f"no demon drawn at depth {k}"
        heights.append(len({y for y, _ in cells}))
    assert heights == sorted(heights, reverse=True) and heights[0] > heights[-1]


def test_the_demon_stands_in_front_of_the_fog():
    maze = corridor(20)
    sections = look(maze, 0, EAST, 5)
    rows = render_view(sections, 80, 20, 5, {4: DEMON_GLYPH})
    assert any(name == "sprite:fog" for row in rows for _, name in row)


def t_maze() -> Maze:
    """A corridor 0-1-2-3-4 running east with a side door north of cell 2 (to a cell above)."""
    maze = Maze.open(5, 2)
    maze.walls[:] = 15
    def open_door(cell, d):
        maze.walls.flat[cell] &= np.uint8(~(1 << d) & 0xF)
        other = maze.neighbor(cell, d)
        maze.walls.flat[other] &= np.uint8(~(1 << (d ^ 2)) & 0xF)
    for c in (5, 6, 7, 8):
        open_door(c, EAST)
    open_door(7, NORTH)
    return maze


def test_behind_means_in_the_corridor_at_your_back():
    maze = t_maze()  # the corridor is the bottom row: cells 5..9
    assert behind(maze, 7, EAST, 6) and behind(maze, 7, EAST, 5)  # one and two cells back
    assert not behind(maze, 7, WEST, 6)  # it is ahead of you, not behind
    assert not behind(maze, 7, EAST, 2)  # round the corner (north of you), not behind
    assert behind(maze, 7, SOUTH, 2)  # facing south, the side door is at your back
    assert not behind(maze, 9, EAST, 5)  # four cells back: beyond the reach
    assert BEHIND_REACH == 2


def test_warnings_say_behind_you_only_when_it_is():
    near = eye_warning(1, at_back=False, in_sight=False)
    assert "behind" not in near.text and near.text == "footsteps approaching"
    assert eye_warning(1, at_back=True, in_sight=False).text == "RUN! he is behind you"
    assert eye_warning(3, at_back=False, in_sight=True).text == "he has seen you"
    assert eye_warning(8, at_back=False, in_sight=False).level == 1
    assert eye_warning(-1, at_back=False, in_sight=False).level == 0
    assert eye_warning(30, at_back=False, in_sight=False).text == ""


def test_footsteps_fade_as_it_goes_away():
    assert eye_warning(4, at_back=False, in_sight=False, previous=3).text == "footsteps fading"
    assert eye_warning(3, at_back=False, in_sight=False, previous=4).text == \
        "footsteps approaching"
    assert eye_warning(3, at_back=False, in_sight=False, previous=3).level == 2
