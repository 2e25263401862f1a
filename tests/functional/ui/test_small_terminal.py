"""80x24 and smaller: every mode's screen at 80x24 (snapshots), "? Help" and the clock always
in sight, the setup dialog usable at 60x20.

The modes are enumerated from `games.modes.MODES`: a new mode gets its 80x24 snapshot the
moment it is registered (run `pytest --snapshot-update` once, and look at it).
"""

from dataclasses import fields

import pytest
from textual.widget import Widget
from textual.widgets import Button

from mazegame.games.modes import MODES
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.dialogs import SetupScreen
from mazegame.ui.widgets.footer import KEY as FOOTER_KEY


def setup_for(mode: str) -> GameSetup:
    """The snapshot's setup: seeded, the maze fit to 80x24; still, for a mode whose settings
    can play by themselves (`autoplay`: the lab, the rat); a demon that keeps time with the
    player's moves (in real time its beats kept the wall clock: a busy machine's snapshot
    caught it a step further on). Read from the mode's spec: a new mode needs no entry."""
    options: tuple = ()
    if "autoplay" in {field.name for field in fields(MODES[mode].settings)}:
        options += (("autoplay", False),)
    if any(choice.key == "turn_based" for choice in MODES[mode].choices):
        options += (("turn_based", True),)
    return GameSetup(mode, "backtracker", None, 11, options=options)


async def settle(pilot):
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_fits_80x24(mode, snap_compare):
    async def run_before(pilot):
        await settle(pilot)
        await pilot.press("right")  # a move (or the lab's step): the status line fills in
        await settle(pilot)

    app = MazeApp(setup_for(mode), warm_up=False, clock=lambda: 0.0, animations=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def help_key(app) -> Widget:
    """The footer's "? Help" key on the current screen."""
    return next(k for k in app.screen.query(FOOTER_KEY) if k.action == "help")


@pytest.mark.parametrize("setup", [
    GameSetup("classic", "backtracker", None, 3),
    GameSetup("eye", "backtracker", None, 3),
    GameSetup("chase", "backtracker", None, 3, options=(("view", "eye"),)),
    GameSetup("jump"),
], ids=lambda s: f"{s.mode}-{dict(s.options).get('view', '')}")
async def test_help_key_and_clock_stay_in_sight_at_80_columns(setup):
    app = MazeApp(setup, warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("right")
        await settle(pilot)
        key = help_key(app)
        assert key.display and key.region.right <= 80 and key.region.y == 23
        for other in app.screen.query(FOOTER_KEY):  # no key shown in half
            assert other is key or not other.display or other.region.right <= key.region.x
        if setup.mode != "jump":  # (the jumping maze keeps no clock)
            status = str(app.screen.query_one("#status").render())
            assert "Time 0:" in status and len(status) <= 78


async def test_the_status_line_keeps_everything_when_there_is_room():
    app = MazeApp(GameSetup("classic", "backtracker", (9, 5), 3), warm_up=False)
    async with app.run_test(size=(140, 30)) as pilot:
        await settle(pilot)
        assert "seed 3" in str(app.screen.query_one("#status").render())


@pytest.mark.parametrize("mode", ["chase", "blind"])
async def test_the_setup_dialog_fits_60x20(mode):
    app = MazeApp(warm_up=False, animations=False)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        app.choose_mode(mode)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SetupScreen)
        box = dialog.query_one("#dialog").region
        assert box.x >= 0 and box.right <= 60 and box.y >= 0 and box.bottom <= 20
        start = dialog.query_one("#start", Button).region
        assert start.bottom <= box.bottom  # the buttons stay in sight; the fields scroll
        await pilot.press("enter")  # Start has the focus
        await settle(pilot)
        assert not isinstance(app.screen, SetupScreen)
