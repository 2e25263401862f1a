"""The setup dialog refuses a view that cannot see the board chosen (a chase seen through
the player's eye on hexagons), from the modes' registry."""

from __future__ import annotations

from mazegame.games.modes import MODES
from mazegame.ui.screens.dialogs import view_problem


def test_a_view_whose_modes_do_not_play_the_board_is_refused_by_name():
    eye = next(spec for spec in MODES.values() if spec.view == "eye")
    unseen = next(kind for kind in ("hex", "triangle") if kind not in eye.tilings)
    problem = view_problem(unseen, (("view", "eye"), ("difficulty", "normal")))
    assert problem.startswith(f"{eye.title} sees squares") and unseen[:3] in problem


def test_views_that_see_the_board_and_setups_without_a_view_pass():
    assert view_problem("hex", (("view", "birds-eye"),)) == ""
    assert view_problem("hex", (("view", "blind"),)) == ""
    assert view_problem("square", (("view", "eye"),)) == ""
    assert view_problem("hex", ()) == ""
