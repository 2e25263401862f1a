"""The player's-eye game's map of seen cells, against a side-by-side oracle."""

from __future__ import annotations

import numpy as np
import pytest

from mazegame.engine.generate import generate
from mazegame.engine.grid import EAST, WEST, Maze
from mazegame.engine.mazetext import from_text
from mazegame.games.eye import EyeGame


def expected_map_bit(maze: Maze, seen: set[int], cell: int, d: int) -> int:
    """A seen cell keeps its own side; an unseen one shows only the wall a seen neighbour
    has toward it (a wall known from one side is drawn from both). (These mazes have no
    one-way doors: see the test below for those.)"""
    if cell in seen:
        return int(maze.walls.flat[cell]) >> d & 1
    beyond = maze.neighbor(cell, d)
    return int(beyond >= 0 and beyond in seen and int(maze.walls.flat[beyond]) >> (d ^ 2) & 1)


@pytest.mark.parametrize(("algorithm", "wrap", "seed"),
                         [("backtracker", False, 1), ("kruskal", True, 2), ("prim", False, 3)])
def test_the_map_shows_what_was_seen_and_no_more(algorithm, wrap, seed):
    maze = generate(algorithm, 9, 7, seed, wrap_x=wrap, wrap_y=wrap).maze
    game = EyeGame(maze, depth=3)
    rng = np.random.default_rng(seed)
    for _ in range(40):  # wander a little: turn or step
        [game.forward, game.turn_left, game.turn_right][int(rng.integers(3))]()
        if game.over:
            break
    shown = game.map_of_seen()
    assert 0 < len(game.seen) < maze.size
    for cell in range(maze.size):
        for d in range(4):
            got = int(shown.walls.flat[cell]) >> d & 1
            assert got == expected_map_bit(maze, game.seen, cell, d), (cell, d)
    assert (shown.start, shown.goals, shown.wrap_x) == (maze.start, maze.goals, maze.wrap_x)


def test_seeing_everything_maps_the_whole_maze():
    maze = generate("backtracker", 6, 5, 4).maze
    game = EyeGame(maze)
    game.seen.update(range(maze.size))
    assert np.array_equal(game.map_of_seen().walls, maze.walls)


def test_a_one_way_door_is_mapped_as_met_open_until_looked_back_at():
    # Suits 6.3: after a one-way door there is no information about how to get back. The map
    # used to close the door as soon as both cells were seen (a wall where the player walked).
    maze = from_text("┌───────────────┐\n│ S     →     G │\n└───────────────┘\n")
    game = EyeGame(maze)
    assert game.facing == EAST and game.seen == {0, 1, 2, 3}
    assert game.map_of_seen().walls[0, 1] & 2 == 0 and game.map_of_seen().walls[0, 2] & 8 == 0
    game.forward()
    game.forward()  # through the door
    assert game.position == 2 and game.map_of_seen().walls[0, 2] & 8 == 0  # not looked back yet
    game.turn_around()
    shown = game.map_of_seen()
    assert game.facing == WEST
    assert shown.walls[0, 1] & 2 == 0 and shown.walls[0, 2] & 8  # now the arrow: 1 -> 2 only
    assert shown.is_one_way
