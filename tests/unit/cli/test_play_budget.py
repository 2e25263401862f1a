"""`mazegame play blind --budget` (issue 19): move attempts, a factor, or none; bad values
exit 2 with a message."""

import pytest

from mazegame.cli import build_parser, main
from mazegame.cli.play import play_setup
from mazegame.games.blind import setup_budget


def setup_of(*argv):
    return play_setup(build_parser().parse_args(["play", *argv]))


@pytest.mark.parametrize(("text", "moves", "factor"), [
    ("120", 120, None), ("1", 1, None), ("4x", None, 4.0), ("2.5", None, 2.5),
    ("6.0", None, 6.0), ("none", None, None), ("Unlimited", None, None),
])
def test_a_budget_is_attempts_a_factor_or_none(text, moves, factor):
    setup = setup_of("blind", "--budget", text)
    assert setup.settings.budget_moves == moves and setup.settings.budget == factor
    shortest = 30
    expected = moves if moves is not None else (
        None if factor is None else max(round(shortest * factor), shortest + 2))
    assert setup_budget(setup, shortest) == expected


@pytest.mark.parametrize("text", ["0", "-3", "lots", "0.5", "0.5x", "nan", "inf", "1e400x",
                                  "4xx", "", "٣"])
def test_bad_budgets_exit_2_with_a_message(capsys, text):
    assert main(["play", "blind", "--budget", text]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mazegame: error:") and "--budget" in err


def test_the_listing_says_what_a_budget_takes(capsys):
    assert main(["play", "--list"]) == 0
    blind = next(line for line in capsys.readouterr().out.splitlines()
                 if line.startswith("blind"))
    assert "--budget none|MOVES|FACTORx" in blind
