"""Games on mazes of several floors (issue 41): the player's eye sees and takes the stairs,
its map shows what was seen; the blind maze keeps its rules side by side; replays replay."""

from __future__ import annotations

import numpy as np

from mazegame.engine import floors
from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.tilings import floors_board
from mazegame.eyesight import HOLE_GLYPH, STEP_GLYPH, Section, render_view
from mazegame.games.blind import BoardBlindGame
from mazegame.games.eye import FloorsEyeGame
from mazegame.games.replay import Recording, build_game
from mazegame.games.setup import GameSetup
from mazegame.games.walk import Outcome


def drawn(section: Section) -> str:
    rows = render_view([section], 60, 20, 4)
    return "".join(text for row in rows for text, _ in row)


def test_the_eye_draws_steps_up_and_a_hole_down_and_nothing_on_a_plain_floor():
    plain = Section(0, 0, False, False, True, -1, -1, False)
    up = Section(0, 0, False, False, True, -1, -1, False, up=True)
    down = Section(0, 0, False, False, True, -1, -1, False, down=True)
    assert STEP_GLYPH not in drawn(plain) and HOLE_GLYPH not in drawn(plain)
    assert STEP_GLYPH in drawn(up) and HOLE_GLYPH not in drawn(up)
    assert HOLE_GLYPH in drawn(down) and STEP_GLYPH not in drawn(down)


def two_floors() -> BoardMaze:
    """Two floors of 3x1: a corridor on each, a stair at the east end (cells 2 and 5)."""
    board = floors_board(3, 1, 2)
    return BoardMaze.of_passages(board, [(0, 1), (1, 2), (2, 5), (4, 5), (3, 4)], start=0,
                                 goals=(3,))


def test_the_eye_climbs_the_stair_underfoot_and_sees_the_floor_above():
    game = FloorsEyeGame(two_floors(), clock=lambda: 0.0)
    assert game.facing == 1 and game.stairs_here() == ""
    assert game.climb("up") is Outcome.BUMPED  # no stair at the start
    game.forward()
    game.forward()
    assert game.stairs_here() == "up" and game.floor_name() == "1 of 2 (goal: 2)"
    assert game.climb("up") is Outcome.MOVED and game.position == 5
    assert game.stairs_here() == "down" and game.floor_name() == "2 of 2"
    assert 5 in game.seen
    game._turn(3)  # face west: the corridor to the goal
    assert {4, 3} <= game.seen
    game.forward()
    assert game.forward() is Outcome.WON


def test_the_eyes_map_shows_seen_cells_as_they_are_and_no_walls_in_the_fog():
    maze = floors.of_floors([np.full((3, 3), 15, np.uint8)] * 2, [])  # walled rooms
    maze.doors[0] |= 1 << 1  # 0 -> 1 east
    maze.doors[1] |= 1 << 3
    game = FloorsEyeGame(maze, clock=lambda: 0.0)
    shown = game.map_of_seen()
    assert game.seen == {0, 1}
    assert shown.step(0, 1) == 1 and shown.step(1, 3) == 0  # the seen door
    assert shown.step(1, 1) == 1  # cell 1's real wall east
    assert shown.step(2, 3) == 2  # unseen 2 shows the wall seen from 1
    assert shown.step(4, 1) == 5 and shown.step(4, 2) == 7  # fog: open on its floor
    assert floors.stairs(shown).size == 0  # and no stairs where nothing was seen


def test_the_blind_walk_on_floors_sees_the_stairs_and_knows_the_outer_wall():
    game = BoardBlindGame(two_floors(), clock=lambda: 0.0)
    shown = game.display_maze()
    assert shown.step(3, 1) == 4 and shown.step(0, 1) == 1  # walls unknown: drawn open
    assert floors.stairs(shown).tolist() == [2]  # the stair in plain sight
    assert game.move(2) is Outcome.BUMPED and game.bumps == 0  # the outer wall: free
    assert game.move(4) is Outcome.BUMPED and game.bumps == 0  # no stair here, in sight: free
    game.move(1)
    game.move(1)
    assert game.move(4) is Outcome.MOVED and game.position == 5
    assert game.move(3) is Outcome.MOVED and game.move(3) is Outcome.WON


def test_a_bumped_wall_on_a_floor_costs_once_and_is_drawn_from_both_sides():
    maze = floors.of_floors([np.array([[2 | 1 | 4 | 8, 15]], np.uint8)] * 2, [(0, 0, 0)])
    game = BoardBlindGame(maze, clock=lambda: 0.0)
    assert game.move(1) is Outcome.BUMPED and game.bumps == 1
    assert game.move(1) is Outcome.BUMPED and game.bumps == 1  # known now: free
    shown = game.display_maze()
    assert shown.step(0, 1) == 0 and shown.step(1, 3) == 1  # shut from both sides
    assert shown.step(2, 1) == 3  # the floor above still unknown


def test_a_floors_eye_game_replays_to_the_same_end():
    setup = GameSetup("eye", "backtracker", (6, 4), 11, tiling="floors", floors=2)
    maze = setup.build().maze
    game = build_game(setup, maze, lambda: 0.0)
    assert isinstance(game, FloorsEyeGame)
    path = game.shortest_path()
    for here, there in zip(path, path[1:], strict=False):
        side = next(d for d in range(6) if maze.step(here, d) == there)
        if side >= 4:
            game.climb("up" if side == 4 else "down")
        else:
            game._turn(side)
            game.forward()
    assert game.won
    again = Recording.from_json(Recording.of(setup, game).to_json()).play()
    assert again.won and again.position == game.position and again.moves == game.moves
