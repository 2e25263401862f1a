"""The menu's compile progress: a real count, shown only while something compiles."""

from textual.widgets import Static

from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.menu import MenuScreen


def warmup_text(menu: MenuScreen) -> str | None:
    """The progress line, or None while the box is hidden or gone."""
    boxes = list(menu.query("#warmup"))
    if not boxes or not boxes[0].display:
        return None
    return str(menu.query_one("#warmup-label", Static).render())


async def test_nothing_to_compile_shows_no_bar_and_a_compile_shows_its_count():
    app = MazeApp(warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        menu = app.screen
        app._warmup_progress(1, 37, "maze", False)  # a warm cache: loaded, nothing compiled
        await pilot.pause()
        assert warmup_text(menu) is None
        app._warmup_progress(2, 37, "demon", True)
        await pilot.pause()
        assert warmup_text(menu) == "First launch only: compiling 2 of 37 · demon"
        app._warmup_progress(37, 37, "solver astar", True)
        await pilot.pause()
        assert warmup_text(menu) is None and not menu.query("#warmup")  # gone, timer too


async def test_progress_under_a_game_waits_for_the_menu_to_come_back():
    app = MazeApp(GameSetup("classic", size=(8, 6), seed=1), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert not any(isinstance(s, MenuScreen) for s in app.screen_stack)  # not built yet
        app._warmup_progress(5, 37, "jump", True)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)  # built on leaving, with the report so far
        assert warmup_text(menu) == "First launch only: compiling 5 of 37 · jump"
        await pilot.press("enter")  # a game over the menu this time: it waits under it
        await pilot.pause()
        app._warmup_progress(6, 37, "maze", True)
        await pilot.pause()
        assert warmup_text(menu) == "First launch only: compiling 5 of 37 · jump"
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert app.screen is menu
        assert warmup_text(menu) == "First launch only: compiling 6 of 37 · maze"
