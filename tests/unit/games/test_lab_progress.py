"""The race's progress: the cheese's likely end, the legs of a race, the bar never full early."""

import pytest

from mazegame.engine.generate import generate
from mazegame.engine.solve import solve
from mazegame.engine.solve.registry import CONTROL_STEPS, new_control
from mazegame.games.lab import race, race_budget
from mazegame.games.lab_progress import Leg, cheese_estimate, legs


@pytest.mark.parametrize("algo,size", [("backtracker", (16, 10)), ("backtracker", (40, 20)),
                                       ("wilson", (100, 50)), ("backtracker", (100, 50))])
def test_the_cheese_estimate_is_near_the_ticks_it_takes(algo, size):
    maze = generate(algo, *size, 1).maze
    ticks = solve("cheese", maze).steps
    assert 0.75 * ticks <= cheese_estimate(maze) <= 1.25 * ticks


def test_legs_name_each_solver_its_place_and_its_end():
    maze = generate("backtracker", 16, 10, 1).maze
    table = legs(maze, ["bfs", "left-hand", "cheese"], race_budget(maze))
    bfs, hand, cheese = table.values()
    assert (bfs.index, hand.index, cheese.index, cheese.count) == (1, 2, 3, 3)
    assert bfs.fraction(10) is None  # a search: no bar
    assert hand.at_most == race_budget(maze) and hand.fraction(race_budget(maze) // 2) == 0.5
    assert cheese.about == cheese_estimate(maze) and cheese.unit == "ticks"
    assert cheese.fraction(10 * cheese.about) == 0.99  # never full before it has finished


def test_a_race_counts_each_solvers_steps_from_zero():
    maze = generate("backtracker", 100, 50, 1).maze  # the walk takes over POLL steps
    control = new_control()
    seen = []
    race(maze, ["left-hand", "bfs"], 0, control,
         on_start=lambda title: seen.append(int(control[CONTROL_STEPS])))
    assert seen == [0, 0]  # not the wall follower's count while the search runs


def test_a_leg_without_an_estimate_fills_towards_its_budget():
    leg = Leg("Random walk", 1, 1, "steps", at_most=1000)
    assert leg.fraction(250) == 0.25
