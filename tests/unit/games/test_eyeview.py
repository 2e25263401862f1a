"""The player's-eye view: what `look` sees down known corridors, and how it is drawn."""

import numpy as np

from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST, Maze
from mazegame.eyesight import frames, look, render_view
from mazegame.games.eye import EyeGame
from mazegame.games.walk import Outcome


def corridor(length: int, *, wrap: bool = False) -> Maze:
    """A one-row corridor running east (a ring when wrapped)."""
    maze = Maze.open(length, 1, wrap_x=wrap)
    return maze


def styles_at(rows, x, y):
    """Style name of the character at (x, y)."""
    pos = 0
    for text, name in rows[y]:
        if pos <= x < pos + len(text):
            return name
        pos += len(text)
    raise IndexError(x)


def test_straight_corridor_of_depth_3():
    maze = corridor(4)
    sections = look(maze, 0, EAST, 8)
    assert [s.cell for s in sections] == [0, 1, 2, 3]
    assert [s.front_open for s in sections] == [True, True, True, False]
    assert not any(s.left_open or s.right_open for s in sections)
    assert sections[-1].depth == 3


def test_opening_to_the_left_at_depth_1():
    maze = Maze.open(3, 2)
    maze.walls[:] = 15
    for cell, d in ((3, EAST), (4, EAST), (4, NORTH)):  # corridor along the bottom row, a door up
        maze.walls.flat[cell] &= np.uint8(~(1 << d) & 0xF)
        other = maze.neighbor(cell, d)
        maze.walls.flat[other] &= np.uint8(~(1 << (d ^ 2)) & 0xF)
    sections = look(maze, 3, EAST, 8)
    assert [s.cell for s in sections] == [3, 4, 5]
    assert sections[1].left_open and sections[1].left_cell == 1
    assert not sections[1].right_open and not sections[0].left_open
    rows = render_view(sections, 80, 24, 8)
    (l1, t1, _, b1), (l2, t2, _, b2) = frames(80, 24, 3)[1:3]
    mid = (t2 + b2) // 2
    # between frames 1 and 2: an opening (a face one step further) on the left, a wall on the right
    assert styles_at(rows, (l1 + l2) // 2, mid).startswith("face-")
    assert styles_at(rows, 79 - (l1 + l2) // 2, mid).startswith("wall-")


def test_dead_end_at_depth_2_fills_the_far_frame():
    maze = corridor(3)
    sections = look(maze, 0, EAST, 8)
    assert len(sections) == 3 and not sections[2].front_open
    rows = render_view(sections, 60, 20, 8)
    l3, t3, r3, b3 = frames(60, 20, 3)[3]
    assert styles_at(rows, (l3 + r3) // 2, (t3 + b3) // 2) == "face-3"


def test_corridor_beyond_the_depth_ends_in_fog():
    maze = corridor(20)
    sections = look(maze, 0, EAST, 5)
    assert len(sections) == 5 and sections[-1].front_open
    rows = render_view(sections, 60, 20, 5)
    assert styles_at(rows, 30, 10) == "fog"


def test_one_way_door_is_open_from_one_side_and_a_wall_from_the_other():
    maze = corridor(3)
    maze.walls[0, 1] |= 2  # cell 1 walled east; cell 2 still open west: passable 2 -> 1 only
    assert [s.cell for s in look(maze, 0, EAST, 8)] == [0, 1]
    assert [s.cell for s in look(maze, 2, WEST, 8)] == [2, 1, 0]


def test_wrap_around_corridor_continues_across_the_edge():
    maze = corridor(6, wrap=True)
    sections = look(maze, 4, EAST, 8)
    assert [s.cell for s in sections] == [4, 5, 0, 1, 2, 3]  # stops before seeing itself
    assert all(s.front_open for s in sections)


def test_goal_in_sight_is_drawn():
    maze = corridor(4)
    maze.goals = (2,)
    rows = render_view(look(maze, 0, EAST, 8), 80, 24, 8)
    assert any(name == "goal" for row in rows for _, name in row)


def test_view_fills_every_size():
    maze = corridor(5)
    for width, height in ((60, 20), (120, 40), (200, 60), (240, 70)):
        rows = render_view(look(maze, 0, EAST, 8), width, height, 8)
        assert len(rows) == height
        assert all(sum(len(t) for t, _ in row) == width for row in rows)


def test_eye_game_turns_and_steps():
    maze = corridor(3)
    game = EyeGame(maze, facing=NORTH)
    assert game.facing == EAST  # starts facing the open way, not a wall
    game.turn_around()
    assert game.facing == WEST and game.forward() is Outcome.BUMPED
    game.turn_left()
    assert game.facing == SOUTH
    game.turn_left()
    assert game.forward() is Outcome.MOVED and game.forward() is Outcome.WON
    assert game.seen == {0, 1, 2} and game.turns == 3


def test_every_difficulty_has_its_aids():
    """The eye view serves the chase too: every chase difficulty says what it shows."""
    from mazegame.games.eye import aids
    from mazegame.games.modes import DIFFICULTIES

    assert aids("easy") == (True, True)
    assert aids("nightmare") == (False, False)
    for name in DIFFICULTIES:
        assert len(aids(name)) == 2


def test_each_depth_sees_with_its_own_cells_walls_through_a_one_way_door():
    # S → G: cell 1 opens east into cell 2, which is walled back toward it.
    maze = corridor(4)
    maze.walls[0, 2] |= 8
    ahead = look(maze, 0, EAST, 8)
    assert [(s.cell, s.front_open) for s in ahead] == [(0, True), (1, True), (2, True),
                                                         (3, False)]  # the door is invisible
    back = look(maze, 2, WEST, 8)  # passed it and turned round: the cell's own wall
    assert [(s.cell, s.front_open) for s in back] == [(2, False)]
    assert [s.cell for s in look(maze, 3, WEST, 8)] == [3, 2]  # seen from further back too
    rows = render_view(back, 60, 20, 8)
    l1, t1, r1, b1 = frames(60, 20, 1)[1]
    assert styles_at(rows, (l1 + r1) // 2, (t1 + b1) // 2) == "face-1"  # a wall at arm's length


def test_a_one_way_side_door_is_a_wall_from_the_side_it_cannot_be_passed():
    maze = Maze.open(2, 2)  # corridor along the top row; cell 2 below cell 0
    maze.walls[0, 0] |= 4  # cell 0 walled toward 2, while 2 opens up into 0
    maze.walls[0, 1] |= 4
    maze.walls[1, 1] |= 1
    maze.walls[1, 0] |= 2
    maze.walls[1, 1] |= 8
    east = look(maze, 0, EAST, 8)[0]
    assert not east.right_open and east.right_cell == -1
    north = look(maze, 2, NORTH, 8)
    assert [s.cell for s in north] == [2, 0]


def test_a_wrapped_view_sees_across_the_seam_up_to_a_wall_beyond_it():
    maze = corridor(6, wrap=True)
    maze.walls[0, 1] |= 2  # a one-way door beyond the seam: 1 walled east, 2 open west
    sections = look(maze, 3, EAST, 8)
    assert [s.cell for s in sections] == [3, 4, 5, 0, 1]
    assert [s.depth for s in sections] == [0, 1, 2, 3, 4] and not sections[-1].front_open
    assert [s.cell for s in look(maze, 2, WEST, 8)] == [2, 1, 0, 5, 4, 3]  # and back round


def test_a_wrapped_view_sees_across_the_vertical_seam():
    maze = Maze.open(1, 5, wrap_y=True)
    maze.walls[3, 0] |= 4  # row 3 walled south, row 4 still open north
    assert [s.cell for s in look(maze, 0, NORTH, 8)] == [0, 4, 3, 2, 1]  # through the door
    assert [s.cell for s in look(maze, 4, SOUTH, 8)] == [4, 0, 1, 2, 3]  # across the seam
    assert [(s.cell, s.front_open) for s in look(maze, 3, SOUTH, 8)] == [(3, False)]
