"""Placing the lab's start and goal: the middle preset defeats the wall followers when it can."""

import numpy as np
import pytest

from mazegame.engine.generate import generate
from mazegame.engine.solve import solve
from mazegame.engine.solve.walkers import LEFT, RIGHT, hand_reach
from mazegame.engine.trace import AT
from mazegame.games.lab_place import centre, middle_goal, place, reachable


def walked(maze, name):
    """The cells a solver's trace stands on (an independent count of where it went)."""
    events = solve(name, maze, record=True).trace.events
    return set(events[(events[:, 0] == AT) & (events[:, 1] >= 0), 1].tolist())


@pytest.mark.parametrize("seed", range(4))
def test_a_perfect_maze_has_no_goal_a_hand_misses(seed):
    maze = generate("backtracker", 16, 10, seed).maze
    assert hand_reach(maze, LEFT).all() and hand_reach(maze, RIGHT).all()
    goal = middle_goal(maze)
    assert not goal.beats_hands and goal.cell == centre(maze)


@pytest.mark.parametrize("seed", range(4))
def test_the_middle_goal_of_a_braided_maze_loops_both_hands_and_bfs_finds_it(seed):
    maze = generate("backtracker", 16, 10, seed, braid=0.5).maze
    goal = middle_goal(maze)
    assert goal.beats_hands
    placed = place(maze, maze.start, goal.cell)
    for hand in ("left-hand", "right-hand"):
        result = solve(hand, placed)
        assert not result.found and result.stop == "loop"
    assert solve("bfs", placed).found
    # hand_reach agrees with where the walker's own trace went (the goal out of its way)
    far = place(maze, maze.start, goal.cell)
    assert walked(far, "left-hand") == set(np.flatnonzero(hand_reach(maze, LEFT)).tolist())


def test_the_middle_goal_is_the_nearest_such_cell_to_the_middle():
    maze = generate("backtracker", 16, 10, 3, braid=0.5).maze
    goal = middle_goal(maze)
    island = reachable(maze) & ~(hand_reach(maze, LEFT) | hand_reach(maze, RIGHT))
    rows, cols = np.divmod(np.flatnonzero(island), maze.width)
    d2 = (rows - 4.5) ** 2 + (cols - 7.5) ** 2
    r, c = maze.rc(goal.cell)
    assert island[goal.cell] and (r - 4.5) ** 2 + (c - 7.5) ** 2 == d2.min()


def test_place_refuses_what_cannot_be_played():
    maze = generate("backtracker", 5, 5, 1).maze
    with pytest.raises(ValueError, match="different"):
        place(maze, 3, 3)
    with pytest.raises(ValueError, match="off the maze"):
        place(maze, 0, 25)
    moved = place(maze, 12, 0)
    assert moved.start == 12 and moved.goals == (0,) and maze.start != 12
    assert np.array_equal(moved.walls, maze.walls)
