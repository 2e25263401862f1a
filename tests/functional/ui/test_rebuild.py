"""Asking for new mazes quickly: the newest request wins, with the size asked for, and
keys typed while a maze builds are played on it, not lost."""

import threading
import time

import pytest

from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from tests.functional.ui.textual_private import notifications


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
        assert game is not None, str(screen.query_one("#end-panel").render())  # why not
        assert game.maze is not first
        assert (game.maze.width, game.maze.height) == shape
        assert game.maze.seed == screen.setup.seed  # the newest request won
        assert game.moves + game.bumps == 2  # the two keys typed during the build
        assert f"{shape[0]}x{shape[1]}" in str(screen.query_one("#status").render())


def hold_builds(screen):
    """Make the screen's next builds wait until the returned gate is set."""
    gate = threading.Event()
    build = screen.make_maze

    def held_build(*args):
        gate.wait(10)
        return build(*args)

    screen.make_maze = held_build
    return gate


def paused_overlay(screen) -> bool:
    return screen.query_one("#paused").display


@pytest.mark.parametrize("keys", [("n", "p"), ("p", "n"), ("n", "question_mark", "escape")])
async def test_a_pause_during_a_build_does_not_outlive_it(keys, helpers):
    # The pause (or help, which pauses) hit the old game; the new one starts unpaused, so
    # the "Paused" notice must not stay on screen over it while the clock runs.
    app = MazeApp(GameSetup("classic", "backtracker", (9, 6), 5), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        await pilot.press("right", "down")  # the clock runs: p really pauses
        gate = hold_builds(screen)
        await pilot.press(*keys)
        await pilot.pause()
        gate.set()
        await helpers.settle(pilot)
        assert screen.game.moves == 0 and not screen.game.paused
        assert not paused_overlay(screen)
        assert screen.query_one("#play-area").display
        await pilot.press("right", "down")
        assert screen.game.moves + screen.game.bumps == 2
        assert not paused_overlay(screen)


async def test_a_maze_that_cannot_start_is_not_played_behind_the_notice(helpers):
    app = MazeApp(GameSetup("chase", "backtracker", (9, 6), 5,
                            options=(("turn_based", True),)), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen

        def unwinnable(maze):
            raise ValueError("no winnable chase found")

        screen.make_game = unwinnable
        await pilot.press("n")
        await helpers.settle(pilot)
        panel = screen.query_one("#end-panel")
        assert panel.display and "Cannot start" in str(panel.render())
        assert screen.game is None  # the old game is over: nothing plays behind the notice
        await pilot.press("right", "down", "space", "r", "p")
        await helpers.settle(pilot)
        status = str(screen.query_one("#status").render())
        assert "Moves" not in status and f"seed {screen.setup.seed}" in status
        assert not paused_overlay(screen)


async def test_a_size_the_generator_cannot_build_is_moved_and_said(helpers):
    from mazegame.ui.screens.dialogs import SIZES

    size = SIZES["medium"][1]  # even sides: no cavern has them
    app = MazeApp(GameSetup("classic", "cavern", size, 3), warm_up=False)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await helpers.settle(pilot)
        game = app.screen.game
        assert game is not None and (game.maze.width, game.maze.height) != size
        assert any("nearest size" in m for m in notifications(app))
        await pilot.press("n")  # a new maze: the same fitted size, no error, no repeat
        await helpers.settle(pilot)
        await helpers.wait_until(pilot, lambda: app.screen.game is not game)
        assert app.screen.game.maze.walls.shape == game.maze.walls.shape
        assert sum("nearest size" in m for m in notifications(app)) == 1


async def test_leaving_or_cancelling_a_lab_race_stops_it(helpers, monkeypatch):
    import mazegame.games.lab as lab_module
    from mazegame.engine.solve import solve

    def endless(name, maze, *, control, **options):  # a walk that runs until cancelled
        deadline = time.monotonic() + 10
        while not control[0] and time.monotonic() < deadline:
            time.sleep(0.01)
        return solve(name, maze, control=control, **options)

    monkeypatch.setattr(lab_module, "solve", endless)
    app = MazeApp(GameSetup("lab", "kruskal", (40, 20), 3,
                            options=(("autoplay", False), ("solvers", ("random-walk",)))),
                  warm_up=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await helpers.settle(pilot)
        lab = app.screen
        lab.action_race()
        assert lab.control is not None
        control = lab.control
        await pilot.press("x")
        assert control[0] == 1 and lab.control is None  # the kernels see the flag
        await helpers.settle(pilot)
        assert lab.phase == "generate"  # the cancelled race never replaced the maze
        lab.action_race()
        control = lab.control
        await pilot.press("q")  # leave mid-race
        await helpers.settle(pilot)
        assert control[0] == 1
