"""Every input field validates as the player types and says why a value is refused."""

import pytest

from mazegame.games.setup import SEED_LIMIT, GameSetup, parse_seed
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.dialogs import SetupScreen
from mazegame.ui.screens.walk import WalkScreen
from mazegame.ui.widgets.seed_input import SeedInput


@pytest.mark.parametrize("text", ["-", "-5", "abc", "1e3", "²", str(SEED_LIMIT), "9" * 40])
def test_parse_seed_refuses_with_a_reason(text):
    with pytest.raises(ValueError, match="seed"):
        parse_seed(text)


def test_parse_seed_accepts_blank_and_range():
    assert parse_seed("  ") is None
    assert parse_seed("0") == 0 and parse_seed(str(SEED_LIMIT - 1)) == SEED_LIMIT - 1


async def test_lab_seed_box_refuses_a_minus_and_keeps_working(helpers):
    app = MazeApp(GameSetup("lab", "kruskal", (9, 6), 7, options=(("autoplay", False),)),
                  warm_up=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        lab = app.screen
        first = lab.maze
        box = lab.query_one("#lab-seed", SeedInput)
        box.focus()
        box.value = ""
        await pilot.press("minus")
        await pilot.pause()
        assert box.value == "-"
        assert "whole number" in str(lab.query_one("#lab-seed-error").render())
        lab.set_focus(None)
        await pilot.press("g")  # build with a refused seed: a message, no crash, no build
        await helpers.settle(pilot)
        assert lab.maze is first
        box.value = "12"
        await pilot.pause()
        assert str(lab.query_one("#lab-seed-error").render()) == ""
        await pilot.press("g")
        await helpers.settle(pilot)
        assert lab.maze is not first and lab.request.seed == 12


async def test_setup_dialog_refuses_a_bad_seed(helpers):
    app = MazeApp(warm_up=False)
    async with app.run_test(size=(100, 34)) as pilot:
        await helpers.settle(pilot)
        await pilot.press("down", "enter")  # classic (below the campaign)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SetupScreen)
        dialog.query_one(SeedInput).focus()
        await pilot.press("minus", "enter")
        await pilot.pause()
        assert app.screen is dialog  # not started
        assert "whole number" in str(dialog.query_one("#setup-error").render())
        await pilot.press("backspace", "4", "2", "enter")
        await helpers.settle(pilot)
        assert isinstance(app.screen, WalkScreen) and app.screen.setup.seed == 42
