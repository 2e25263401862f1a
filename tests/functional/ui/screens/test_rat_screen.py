"""The learning rat's screen driven by keys: step, train fast with the progress bar, save,
and a rat file that cannot be read named on screen."""

from textual.widgets import ProgressBar

from mazegame.games.rat_lab import models_dir
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens import rat as rat_screen
from mazegame.ui.widgets.maze_view import MazeView


def status(app) -> str:
    return str(app.screen.query_one("#status").render())


async def test_the_rat_screen_steps_trains_saves_and_names_a_bad_file(helpers, monkeypatch):
    monkeypatch.setattr(rat_screen, "TRAIN_EPISODES", 30)
    setup = GameSetup("rat", "backtracker", (5, 4), 2, options=(("autoplay", False),))
    app = MazeApp(setup, warm_up=False, animations=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        lab = screen.lab
        assert "PAUSED" in status(app) and lab.index == 0
        for _ in range(3):
            await pilot.press("right")
        assert lab.index == 3 or lab.history  # three moves (or a finished tiny episode)
        assert screen.query_one(MazeView).player == lab.cell
        assert "move 3" in status(app) or lab.index < 3
        await pilot.press("plus")
        assert "15/s" in status(app)
        await pilot.press("t")
        await app.workers.wait_for_complete()
        await helpers.settle(pilot)
        assert not screen.training and len(lab.history) >= 30
        assert screen.query_one(ProgressBar).progress == 30
        assert "trained 30 episodes" in status(app)
        await pilot.press("ctrl+s")
        saved = models_dir() / "rat-2.npz"
        assert saved.exists() and "saved rat-2.npz" in status(app)
        saved.write_bytes(b"garbled")
        await pilot.press("o")
        await pilot.pause()
        assert "rat-2.npz" in status(app) and "not a rat model" in status(app)


async def test_the_rat_screen_opens_on_a_wrapped_maze_file(helpers, monkeypatch):
    # `mazegame play rat wrapped.json` ended with the wall follower's ValueError.
    from dataclasses import replace

    from mazegame.engine.generate import generate

    monkeypatch.setattr(rat_screen, "TRAIN_EPISODES", 10)
    maze = generate("backtracker", 5, 4, 2, wrap_x=True, wrap_y=True).maze
    setup = replace(GameSetup("rat", "backtracker", None, 2, options=(("autoplay", False),)),
                    level=maze)
    app = MazeApp(setup, warm_up=False, animations=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await helpers.settle(pilot)
        assert app.screen.lab.wall_follower is None
        await pilot.press("t")
        await app.workers.wait_for_complete()
        await helpers.settle(pilot)
        assert "trained 10 episodes" in status(app)
        curve = str(app.screen.query_one(rat_screen.CurvePanel).render())
        assert "wall - ·" in curve


async def test_loading_with_nothing_saved_says_so_in_words(helpers):
    # The play-test saw the raw errno ("[Errno 2] No such file or directory: ...").
    setup = GameSetup("rat", "backtracker", (5, 4), 7, options=(("autoplay", False),))
    app = MazeApp(setup, warm_up=False, animations=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await helpers.settle(pilot)
        assert not (models_dir() / "rat-7.npz").exists()
        await pilot.press("o")
        await pilot.pause()
        line = status(app)
        assert "No saved rat yet: press ctrl+s to save one" in line
        assert "Errno" not in line and "No such file" not in line
