"""Hexagons and triangles drawn as characters (ui.board_art): between the middles of two
cells that share a side, the picture shows a wall exactly when that side is shut.

The oracle is geometry, not the drawing code: the character halfway between two anchors is
the side they share (rounded down on hexagons; on triangles, where a slant leans toward one
of the two, it is one of the two characters halfway and the other is floor); the mazes are
random spanning trees built here in plain Python, on rows and on a hexagon.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.generate.boards import generate_board
from mazegame.engine.tilings import hex_rows, hexagon, triangles
from mazegame.ui import board_art

WALLS = set("│╱╲_|/\\")


def tree_maze(board, seed: int) -> BoardMaze:
    """A random spanning tree of the board (randomised depth-first search, plain Python)."""
    rng = random.Random(seed)
    seen, stack, pairs = {0}, [0], []
    while stack:
        cell = stack[-1]
        fresh = [n for n in board.neighbours(cell) if n not in seen]
        if not fresh:
            stack.pop()
            continue
        nxt = rng.choice(fresh)
        seen.add(nxt)
        pairs.append((cell, nxt))
        stack.append(nxt)
    return BoardMaze.of_passages(board, pairs)


BOARDS = {
    "hex rows": lambda: hex_rows(9, 6),
    "hexagon": lambda: hexagon(4),
    "triangles": lambda: triangles(11, 5),
}
CASES = [(name, form, glyphs) for name, make in BOARDS.items()
         for form in board_art.FORMS[make().tiling] for glyphs in ("box", "ascii")]


@pytest.mark.parametrize(("board", "form", "glyphs"), CASES)
def test_a_wall_is_drawn_between_two_cells_exactly_where_their_side_is_shut(board, form,
                                                                             glyphs):
    maze = tree_maze(BOARDS[board](), seed=5)
    art = board_art.draw(maze, glyphs, form)
    links = maze.board.links
    checked = 0
    for cell in range(maze.size):
        for d in range(maze.sides):
            other = int(links[cell, d])
            if other < 0:
                continue
            (ax, ay), (bx, by) = art.anchors[cell], art.anchors[other]
            line = art.lines[(ay + by) // 2]
            halfway = line[(ax + bx) // 2]
            if maze.tiling == "triangle":
                halfway += line[(ax + bx + 1) // 2]
            assert any(ch in WALLS for ch in halfway) == (not maze.is_open(cell, d)), \
                f"{board} {form}: cell {cell} side {d} drawn {halfway!r}"
            checked += 1
    assert checked == 2 * len(maze.board.graph().indices) // 2


@pytest.mark.parametrize(("board", "form", "glyphs"), CASES)
def test_every_cell_has_its_own_blank_middle_inside_the_picture(board, form, glyphs):
    maze = tree_maze(BOARDS[board](), seed=2)
    art = board_art.draw(maze, glyphs, form)
    spots = {tuple(a) for a in art.anchors.tolist()}
    assert len(spots) == maze.size
    assert len({len(line) for line in art.lines}) == 1
    for x, y in spots:
        assert art.lines[y][x - art.room // 2: x + art.room // 2 + 1] == " " * art.room


@pytest.mark.parametrize(("board", "form", "glyphs"), CASES)
def test_the_edge_of_the_board_is_walled_all_round(board, form, glyphs):
    """A side with no cell beyond is a wall: a shut maze's edge cells each show theirs."""
    maze = tree_maze(BOARDS[board](), seed=1)
    art = board_art.draw(maze, glyphs, form)
    opened = board_art.draw(BoardMaze(maze.board, np.full(maze.size, 255, np.uint8)),
                            glyphs, form)  # every side open: only the edge is left
    edge = sum(ch in WALLS for line in opened.lines for ch in line)
    outer = int((maze.board.links < 0).sum())
    if maze.tiling == "triangle":  # (a triangle's slot for its fourth side is empty too;
        assert edge >= outer - maze.size  # a base is several underscores, a side 2 or 3)
    else:
        assert edge == outer
    assert sum(ch in WALLS for line in art.lines for ch in line) > edge


def test_ascii_draws_only_ascii_and_box_only_its_own_glyphs():
    maze = generate_board("backtracker", "hex", 7, 5, 3).maze
    assert all(line.isascii() for line in board_art.draw(maze, "ascii").lines)
    box = "".join(board_art.draw(maze, "box").lines)
    assert set(box) <= {" ", "│", "╱", "╲"}


@pytest.mark.parametrize("kind", list(board_art.FORMS))
@pytest.mark.parametrize("screen", [(80, 21), (120, 37), (200, 60)])
def test_fit_is_the_largest_board_whose_picture_fits(kind, screen):
    columns, lines = screen
    for form in board_art.FORMS[kind]:
        width, height = board_art.fit(kind, form, columns, lines)
        maze = generate_board("backtracker", kind, width, height, 1).maze
        art = board_art.draw(maze, "box", form)
        assert (art.width, art.height) == board_art.picture_size(kind, form, width, height)
        assert art.width <= columns and art.height <= lines
        wider = board_art.picture_size(kind, form, width + 1, height)
        taller = board_art.picture_size(kind, form, width, height + 1)
        assert wider[0] > columns and taller[1] > lines


def test_the_default_hex_board_at_80x24_has_room_for_a_real_maze():
    """The classic screen at 80x24 leaves 80x22 to the maze: hexagons 4 wide fill it."""
    assert board_art.fit("hex", "large", 80, 22) == (19, 10)
    assert board_art.fit("triangle", "large", 80, 22) == (19, 7)


def test_a_board_not_drawn_here_is_refused_by_name():
    maze = generate_board("backtracker", "floors", 3, 3, 1).maze
    with pytest.raises(ValueError, match="floors"):
        board_art.draw(maze)
