"""A race's status (issue 19): the standing towards the goal, never a chase's "behind you"."""

from fractions import Fraction

import pytest

from mazegame.games.chase_senses import NEARLY_THERE, race_standing
from mazegame.games.chase_setup import new_chase


@pytest.mark.parametrize(("you", "demon", "speed", "asleep", "level"), [
    (10, 30, Fraction(1), 0, 0),  # far ahead
    (10, 10, Fraction(1), 0, 1),  # neck and neck
    (10, 8, Fraction(1, 2), 0, 0),  # nearer in steps, but half your pace: you lead
    (10, 12, Fraction(1), 0, 1),
    (20, 10, Fraction(1), 0, 2),  # the demon leads
    (20, 10, Fraction(1), 15, 0),  # ...but sleeps through its lead
    (20, NEARLY_THERE, Fraction(1), 0, 3),  # and is nearly there
    (20, -1, Fraction(1), 0, 0),  # it cannot get there
])
def test_the_standing_compares_the_turns_each_side_needs(you, demon, speed, asleep, level):
    standing = race_standing(you, demon, speed, asleep)
    assert standing.level == level
    assert standing.text == f"to go: you {you}, demon {demon}"


def test_a_race_warns_by_the_standing_even_when_the_demon_is_at_your_side():
    game = new_chase(mode="race", size=(12, 8), seed=1, difficulty="normal")
    path = game.shortest_path()
    close = []
    for a, b in zip(path, path[1:-1], strict=False):
        game.move(next(d for d in range(4) if game.maze.step(a, d) == b))
        warning = game.warning()
        assert "behind" not in warning.text
        assert warning.distance == game.demon_to_goal()
        close.append(game.demon_distance() <= 2)
    assert any(close)  # it passed right by: a chase would have said "right behind you"


def test_a_chase_still_warns_by_distance():
    game = new_chase(mode="chase", size=(12, 8), seed=1, difficulty="normal")
    assert game.warning().distance == game.demon_distance(10)
