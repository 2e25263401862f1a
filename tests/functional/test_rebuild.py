"""Asking for new mazes quickly: the newest request wins, with the size asked for, and
keys typed while a maze builds are played on it, not lost."""

import time

import pytest

from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp


@pytest.mark.parametrize("mode,options", [
    ("classic", ()), ("blind", ()), ("chase", (("turn_based", True),)),
])
async def test_tapping_n_keeps_the_fitted_size(mode, options, helpers):
    app = MazeApp(GameSetup(mode, "backtracker", None, 5, options=options), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        first = screen.game.maze
        shape = (first.width, first.height)
        assert shape[0] > 10  # fitted to the screen, not a stub
        build = screen.make_maze

        def slow_build(*args):  # as on a cold start: every press lands mid-build
            time.sleep(0.3)
            return build(*args)

        screen.make_maze = slow_build
        for _ in range(6):
            await pilot.press("n")
        await pilot.press("right", "down")
        await helpers.settle(pilot)
        game = screen.game
        assert game.maze is not first
        assert (game.maze.width, game.maze.height) == shape
        assert game.maze.seed == screen.setup.seed  # the newest request won
        assert game.moves + game.bumps == 2  # the two keys typed during the build
        assert f"{shape[0]}x{shape[1]}" in str(screen.query_one("#status").render())
