"""The lab's start and goal placement, driven by keys and the mouse; the middle preset's race."""

import re
import time

import pytest

from mazegame.engine.solve import solve
from mazegame.games.lab_place import middle_goal
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp


def lab(size=(16, 10), seed=1, solvers=("left-hand", "bfs"), **options):
    """A lab app that opens paused on a fixed maze."""
    opts = (("autoplay", False), ("solvers", solvers), *options.items())
    return MazeApp(GameSetup("lab", "backtracker", size, seed, options=opts), warm_up=False)


async def test_goal_in_the_middle_makes_the_wall_follower_loop_while_bfs_finds_it(helpers):
    app = lab(braid=0.5)
    async with app.run_test(size=(140, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        built = screen.maze
        expected = middle_goal(built)
        assert expected.beats_hands
        await pilot.press("c", "r")
        await helpers.settle(pilot)
        assert screen.maze.goals == (expected.cell,) and screen.maze.start == built.start
        assert screen.phase == "race"
        await helpers.play_lab_to_the_end(pilot, screen)
        left, bfs = (panel.run.result for panel in screen.panels)
        assert not left.found and left.stop == "loop"
        assert bfs.found and bfs.path[-1] == expected.cell
        text = str(screen.query_one("#lab-explain").render()).replace("\u00a0", " ")
        assert "Winner: Breadth-first labelling" in text
        assert "path none" in text  # the wall follower's line: not found
        counters = str(screen.panels[0].query_one(".lab-counters").render())
        assert "loop" in counters


async def test_a_new_seed_keeps_the_goal_in_the_middle(helpers):
    app = lab(braid=0.5)
    async with app.run_test(size=(140, 40)) as pilot:
        await helpers.settle(pilot)
        await pilot.press("c", "n")
        await helpers.settle(pilot)
        screen = app.screen
        assert screen.request.seed != 1
        assert screen.maze.goals == (middle_goal(screen.maze).cell,)


async def test_placing_start_and_goal_with_the_keys_then_racing(helpers):
    app = lab(size=(9, 6), solvers=("bfs",))
    async with app.run_test(size=(140, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        maze = screen.maze
        clock = screen.clock
        await pilot.press("t")
        assert screen.placing == "start" and screen.cursor == maze.start
        await pilot.press("right", "down", "down")  # the cursor takes the arrows, not the clock
        assert screen.clock == clock
        r, c = maze.rc(maze.start)
        start = maze.index(r + 2, c + 1)
        assert screen.cursor == start
        await pilot.press("enter")
        assert screen.placing == "goal"
        await pilot.press("left")
        goal = screen.cursor
        await pilot.press("enter")
        assert not screen.placing
        assert (screen.maze.start, screen.maze.goals) == (start, (goal,))
        assert screen.panels[0].view.maze.start == start  # the panel draws the new start
        await pilot.press("r")
        await helpers.settle(pilot)
        result = screen.panels[0].run.result
        assert result.path[0] == start and result.path[-1] == goal
        assert result.length == solve("bfs", screen.maze).length


async def test_escape_while_placing_cancels_and_stays_in_the_lab(helpers):
    app = lab(size=(9, 6))
    async with app.run_test(size=(140, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        before = screen.maze
        await pilot.press("t", "down", "enter", "escape")
        assert app.screen is screen and not screen.placing and screen.maze is before
        await pilot.press("right")  # the arrows step the replay again
        assert screen.clock == 1


async def test_a_click_places_the_start_then_the_goal(helpers):
    app = lab(size=(9, 6), solvers=("bfs",))
    async with app.run_test(size=(140, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        view = screen.panels[0].view
        await pilot.press("t")
        await pilot.pause()

        def offset(cell):
            x, y = view.cell_origin(cell)
            pad_x, pad_y = view._pad()
            return x + pad_x - view.scroll_offset.x + 1, y + pad_y - view.scroll_offset.y

        await pilot.click(view, offset=offset(10))
        await pilot.click(view, offset=offset(30))
        await pilot.pause()
        assert not screen.placing
        assert screen.maze.start == 10 and screen.maze.goals == (30,)


async def test_a_race_runs_again_on_a_new_seed(helpers):
    app = lab(size=(9, 6), solvers=("bfs", "tremaux"))
    async with app.run_test(size=(140, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        await pilot.press("r")
        await helpers.settle(pilot)
        first = screen.maze
        await pilot.press("end")
        status = str(screen.query_one("#status").render())
        assert "R: same race, new seed" in status  # said where a race ends
        await pilot.press("R")
        await helpers.settle(pilot)
        await helpers.settle(pilot)
        assert screen.phase == "race" and screen.request.seed != 1
        assert screen.maze is not first and screen.maze.seed == screen.request.seed
        assert [p.run.result.algorithm for p in screen.panels] == ["bfs", "tremaux"]
        assert all(p.run.maze is screen.maze for p in screen.panels)


async def test_the_cheese_shows_its_progress_and_x_cancels_it(helpers):
    app = lab(size=(200, 100), seed=2, solvers=("bfs", "cheese"))
    async with app.run_test(size=(140, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        await pilot.press("r")
        status = ""
        deadline = time.monotonic() + 60  # a loaded machine: wait by the clock, not by turns
        while time.monotonic() < deadline:  # until the rat has ticked (the search is quick)
            await pilot.pause(0.05)
            status = str(screen.query_one("#status").render())
            if "tick" in status and "tick 0 " not in status:
                break
        assert "solving 2/2: The cheese algorithm" in status and "of about" in status
        assert "x: cancel" in status and re.search("[━─]{10}", status)  # the progress bar
        assert screen.control is not None
        await pilot.press("x")
        await helpers.settle(pilot)
        assert screen.control is None and screen.phase == "generate"
        assert "race cancelled" in str(screen.query_one("#status").render())


async def test_play_lab_file_opens_the_maze_and_races_it(helpers, tmp_path):
    from dataclasses import replace

    import numpy as np

    from mazegame.cli import build_parser
    from mazegame.cli.play import play_setup
    from mazegame.engine.generate import generate
    from mazegame.engine.mazefile import to_json

    maze = generate("kruskal", 11, 7, 4).maze
    path = tmp_path / "mine.json"
    path.write_text(to_json(maze))
    setup = play_setup(build_parser().parse_args(["play", "lab", str(path)]))
    setup = replace(setup, options=(("autoplay", False), ("solvers", ("bfs", "left-hand"))))
    app = MazeApp(setup, warm_up=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await helpers.settle(pilot)
        await helpers.settle(pilot)
        screen = app.screen
        assert screen.phase == "race"  # no generator to replay: straight to the solvers
        assert np.array_equal(screen.maze.walls, maze.walls)
        assert (screen.maze.start, screen.maze.goals) == (maze.start, maze.goals)
        assert [p.run.result.algorithm for p in screen.panels] == ["left-hand", "bfs"]
        assert screen.panels[1].run.result.length == solve("bfs", maze).length
        status = str(screen.query_one("#status").render())
        assert "file mine.json · 11x7" in status and "seed" not in status


async def test_the_labs_help_names_its_placement_fit_and_rerun_keys(helpers):
    from mazegame.games.modes import MODES
    from mazegame.ui.screens.dialogs import HelpScreen

    app = lab(size=(9, 6))
    async with app.run_test(size=(140, 40)) as pilot:
        await helpers.settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert help_screen.intro == MODES["lab"].blurb  # the lab's words, not Classic's
        keys = dict(help_screen.rows)
        for key in ("t", "c", "f", "R"):
            assert key in keys, key


@pytest.mark.slow
def test_lab_fit_and_middle_goal_snapshot(snap_compare):
    """Two solvers fitted whole on a braided 64x32 maze, the goal in the middle."""
    async def run_before(pilot):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("c", "r")
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("f")
        pilot.app.screen.seek(400)
        await pilot.press("right")
        await pilot.pause()

    assert snap_compare(lab(size=(64, 32), seed=3, braid=0.5), terminal_size=(120, 36),
                        run_before=run_before)
