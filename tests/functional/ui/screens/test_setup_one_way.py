"""The setup dialog's one-way doors: offered next to the wrap choice wherever a mode builds any
maze, and a game started with them plays a maze whose doors pass one way, trapping nobody."""

import pytest
from textual.widgets import Select

from mazegame.engine.oneway import (
    one_way_door_count,
    one_way_target,
    trap_cells,
    two_way_door_count,
)
from mazegame.games.modes import MODES
from mazegame.games.setup import ONE_WAY_CHOICES, GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.dialogs import SetupScreen
from mazegame.ui.screens.walk import WalkScreen

ASKED = [name for name, mode in MODES.items() if mode.maze_settings]


@pytest.mark.parametrize("name", ASKED)
async def test_one_way_doors_are_offered_where_any_maze_is_built(name, helpers):
    app = MazeApp(warm_up=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await helpers.settle(pilot)
        app.choose_mode(name)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SetupScreen)
        offered = dialog.query("#one-way")
        assert bool(offered) == (MODES[name].builds == "any")
        if offered:
            ids = [w.id for w in dialog.query_one("#setup-grid").children]
            assert ids.index("one-way") == ids.index("wrap") + 2  # the next row: its label
            labels = [str(label) for label, _ in offered.first(Select)._options]
            assert labels == ["None", "A few (10%), more loops", "Many (25%), more loops"]


async def test_a_game_with_many_one_way_doors(helpers):
    app = MazeApp(warm_up=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await helpers.settle(pilot)
        app.choose_mode("classic")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#one-way", Select).value = 2  # Many (25%)
        dialog.query_one("#size", Select).value = "small"
        await pilot.pause()
        await pilot.click("#start")
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, WalkScreen) and screen.setup.one_way == ONE_WAY_CHOICES[2][1]
        maze = screen.game.maze
        doors = one_way_door_count(maze)
        assert doors == one_way_target(0.25, doors + two_way_door_count(maze)) > 0
        assert trap_cells(maze).size == 0 and maze.meta.get("braid")  # braided a little
        # The next time the dialog remembers the choice.
        await pilot.press("q")
        await pilot.pause()
        app.choose_mode("classic")
        await pilot.pause()
        assert app.screen.query_one("#one-way", Select).value == 2


@pytest.mark.parametrize("name", [n for n, mode in MODES.items() if mode.builds == "any"])
async def test_every_maze_building_mode_plays_its_one_way_doors(name, helpers):
    setup = GameSetup(name, "backtracker", (12, 8), 3, one_way=0.25)
    app = MazeApp(setup, warm_up=False)
    async with app.run_test(size=(100, 34)) as pilot:
        await helpers.settle(pilot)
        maze = app.screen.game.maze
        assert one_way_door_count(maze) > 0 and trap_cells(maze).size == 0
        # Saved results keep it apart from the same seed's maze without one-way doors.
        assert app.screen.maze_key().endswith(":one-way 0.25")
