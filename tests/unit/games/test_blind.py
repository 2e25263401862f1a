"""Blind maze rules: walls become known by bumping; the attempt budget can run out."""

import numpy as np

from mazegame.engine.generate import generate
from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST, Maze, border_walls
from mazegame.games.blind import BlindGame, budget_for
from mazegame.games.walk import Outcome


def test_only_the_perimeter_is_shown_at_first():
    maze = generate("wilson", 7, 5, 2).maze
    game = BlindGame(maze)
    assert np.array_equal(game.display_maze().walls, border_walls(7, 5, False, False))


def test_a_bump_reveals_that_wall_from_both_sides():
    maze = Maze.open(3, 1)
    maze.walls[0, 0] |= 2
    maze.walls[0, 1] |= 8
    game = BlindGame(maze)
    assert game.move(EAST) is Outcome.BUMPED
    shown = game.display_maze().walls
    assert shown[0, 0] & 2 and shown[0, 1] & 8
    assert not game.display_maze(show_bumped=False).walls[0, 0] & 2


def test_one_way_door_bumped_from_its_closed_side_shows_as_a_wall():
    maze = Maze.open(2, 1)
    maze.walls[0, 1] |= 8  # 0 -> 1 open, 1 -> 0 closed
    game = BlindGame(maze)
    game.goals = ()
    assert game.move(EAST) is Outcome.WON  # the goal is cell 1


def test_budget_runs_out():
    maze = Maze.open(5, 1)
    maze.walls[0, 1] |= 2  # a wall between cells 1 and 2
    maze.walls[0, 2] |= 8
    game = BlindGame(maze, budget=3)
    game.move(EAST)
    game.move(EAST)  # the unknown wall: an attempt
    assert game.attempts_left == 1 and not game.over
    game.move(WEST)
    assert game.lost and game.over and not game.won
    assert game.move(EAST) is Outcome.IGNORED


def test_only_a_wall_you_could_not_know_costs_an_attempt():
    # The play-test's blind levels counted bumps into the outer wall, always in view.
    maze = Maze.open(3, 2)
    maze.walls[0, 0] |= 2  # a wall between cells 0 and 1
    maze.walls[0, 1] |= 8
    game = BlindGame(maze, budget=10)
    for side in (NORTH, WEST):  # the outer wall, drawn from the start
        assert game.move(side) is Outcome.BUMPED
    assert (game.attempts, game.bumps) == (0, 0)
    assert game.known_bumps == 2
    assert game.move(EAST) is Outcome.BUMPED  # unknown: it costs
    assert game.move(EAST) is Outcome.BUMPED  # known now: it does not
    assert (game.attempts, game.bumps, game.known_bumps) == (1, 1, 3)
    game.move(SOUTH)
    game.move(EAST)
    game.move(NORTH)  # into cell 1: the same wall is known from this side too
    assert game.move(WEST) is Outcome.BUMPED
    assert (game.attempts, game.bumps) == (4, 1) and game.attempts_left == 6


def test_leaving_ends_the_game_lost():
    game = BlindGame(Maze.open(3, 1), budget=5)
    game.move(EAST)
    game.leave()
    assert game.over and game.left and not game.won
    assert game.move(EAST) is Outcome.IGNORED


def test_budget_for_scales_the_shortest_path():
    assert budget_for(10, None) is None
    assert budget_for(10, 4.0) == 40
    assert budget_for(1, 1.0) == 3  # always room for the path and a couple of bumps


def test_the_perimeter_shows_an_exit_as_a_gap():
    # An exit (engine.levelfile): a goal on the border with its outer wall open. The blind player
    # sees the perimeter, so sees the way out in it.
    maze = generate("wilson", 5, 4, 3).maze
    maze.walls[0, 3] &= np.uint8(0xF ^ 1)  # open the top border above cell 3
    maze.goals = (3,)
    shown = BlindGame(maze).display_maze().walls
    expected = border_walls(5, 4, False, False)
    expected[0, 3] &= np.uint8(0xF ^ 1)
    assert np.array_equal(shown, expected)


def test_a_wrapped_side_has_no_frame_walls_only_what_was_bumped():
    maze = Maze.closed(4, 3, wrap_x=True)
    game = BlindGame(maze)
    assert np.array_equal(game.display_maze().walls, border_walls(4, 3, True, False))
    game.move(WEST)  # bump the seam from cell 0: learned on both sides of it
    shown = game.display_maze().walls
    assert shown[0, 0] & 8 and shown[0, 3] & 2 and not shown[1, 0] & 8
