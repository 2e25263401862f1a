"""The mode contract (test_mode_contract.py) held by the modes that play weave mazes, on a
weave maze at 80x24: the contract's own rules on its "mode@weave" cases, its big terminal
made the small one (the contract runs them at 120x40)."""

from __future__ import annotations

import pytest

import tests.functional.ui.test_mode_contract as contract
from tests.functional.ui.contract import SMALL, mode_cases

WEAVE_MODES = [case for case in mode_cases() if case.endswith("@weave")]
RULES = [
    contract.test_every_key_in_the_footer_does_something_visible,
    contract.test_every_key_an_end_panel_offers_works,
    contract.test_the_outcome_saved_is_the_outcome_shown,
    contract.test_help_explains_this_screen,
    contract.test_no_internal_identifier_on_screen,
]


@pytest.fixture
def on_weave(monkeypatch):
    """The contract's terminal 80x24."""
    monkeypatch.setattr(contract, "BIG", SMALL)


def test_classic_and_the_eye_play_weave():
    assert {"classic@weave", "eye@weave"} <= set(WEAVE_MODES)


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.__name__.removeprefix("test_"))
@pytest.mark.parametrize("mode", WEAVE_MODES)
async def test_the_contract_on_a_weave_maze_at_80x24(on_weave, mode, rule):
    await rule(mode)


@pytest.mark.parametrize("no_color", [False, True], ids=["colour", "NO_COLOR"])
@pytest.mark.parametrize("mode", WEAVE_MODES)
async def test_what_you_steer_on_a_weave_reads_without_colour(on_weave, mode, no_color,
                                                              monkeypatch):
    await contract.test_what_you_steer_and_tick_reads_without_colour(mode, no_color, monkeypatch)
