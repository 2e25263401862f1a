"""Settings in the app: a theme recolours the maze, the key scheme thins the keys (footer and
help follow), and NO_COLOR with ASCII glyphs still draws a readable maze."""

import pytest
from textual.widgets import Select

from mazegame.games.setup import GameSetup
from mazegame.settings import SettingsFile
from mazegame.ui import palette
from mazegame.ui.app import MazeApp
from mazegame.ui.preferences import Preferences
from mazegame.ui.screens.dialogs import HelpScreen
from mazegame.ui.screens.settings import SettingsScreen
from mazegame.ui.widgets.footer import KEY as FOOTER_KEY

SMALL = GameSetup("classic", "wilson", (8, 5), 7)


def prefs_with(tmp_path, **values) -> Preferences:
    """Settings in a file of their own, with these values set."""
    prefs = Preferences(SettingsFile(tmp_path / "settings.sqlite3"))
    for key, value in values.items():
        prefs.set(key, value)
    return prefs


async def _settle(pilot):
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.slow
def test_a_theme_switch_recolours_the_maze(snap_compare, tmp_path):
    before = palette.DEFAULT.WALL

    async def run_before(pilot):
        await _settle(pilot)
        pilot.app.theme = "mazegame-high-contrast"  # as the command palette does
        await pilot.press("right", "down")
        await pilot.pause()
        wall = pilot.app.palette.WALL
        assert before != wall and wall.color.name == "#ffffff"
        assert Preferences(pilot.app.preferences.file)["theme"] == "mazegame-high-contrast"

    app = MazeApp(SMALL, warm_up=False, clock=lambda: 0.0, preferences=prefs_with(tmp_path))
    assert snap_compare(app, terminal_size=(60, 20), run_before=run_before)


def test_no_color_and_ascii_glyphs_at_80x24(snap_compare, tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")

    async def run_before(pilot):
        await _settle(pilot)
        await pilot.press("right", "down", "down")
        await pilot.pause()

    app = MazeApp(GameSetup("classic", "wilson", (12, 6), 7, True), warm_up=False,
                  clock=lambda: 0.0, preferences=prefs_with(tmp_path, glyphs="ascii"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def footer_keys(app) -> dict[str, str]:
    """Footer entries: description -> the keys shown."""
    return {key.description: key.key_display for key in app.screen.query(FOOTER_KEY)}


async def test_the_key_scheme_thins_the_keys_and_the_footer_and_help_follow(tmp_path):
    app = MazeApp(SMALL, warm_up=False, preferences=prefs_with(tmp_path, keys="vi"))
    async with app.run_test(size=(100, 30)) as pilot:
        await _settle(pilot)
        screen, game = app.screen, app.screen.game
        assert footer_keys(app)["Move"] == "hjkl"
        await pilot.press("right", "d")  # not vi keys: nothing happens
        assert game.moves + game.bumps == 0
        await pilot.press("l")
        assert game.moves + game.bumps == 1
        rows = dict((label, keys) for keys, label in HelpScreen.binding_rows(screen))
        assert rows["Move east"] == "l"

        await pick_key_scheme(pilot, "wasd")  # from the settings screen
        assert app.screen is screen and footer_keys(app)["Move"] == "wasd"
        await pilot.press("l", "d")
        assert game.moves + game.bumps == 2
        assert Preferences(app.preferences.file)["keys"] == "wasd"
        await pick_key_scheme(pilot, "arrows")  # the footer's arrows again, no letters
        assert app.screen is screen and footer_keys(app)["Move"] == "↑↓←→"
        await pilot.press("l", "d", "k", "w", "right")
        assert game.moves + game.bumps == 3


async def pick_key_scheme(pilot, name: str) -> None:
    """Choose a key scheme on the settings screen, then close it."""
    pilot.app.action_settings()
    await pilot.pause()
    assert isinstance(pilot.app.screen, SettingsScreen)
    pilot.app.screen.query_one("#setting-keys", Select).value = name
    await pilot.pause()
    await pilot.press("escape")
    await pilot.pause()


async def test_a_theme_that_cannot_be_saved_is_said_and_used_for_this_run(tmp_path,
                                                                         monkeypatch):
    """Another program holds the settings file: the theme change ended the app (exit 1)."""
    import sqlite3

    monkeypatch.setattr(SettingsFile, "WAIT", 0.1, raising=False)
    path = tmp_path / "settings.sqlite3"
    prefs = Preferences(SettingsFile(path))
    prefs.set("glyphs", "ascii")  # the file exists
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    app = MazeApp(warm_up=False, animations=False, preferences=prefs)
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await pilot.pause()
            app.theme = "nord"  # as the command palette sets it
            await pilot.pause()
            notices = [str(toast.render()) for toast in app.screen.query("Toast")]
            assert any("Settings could not be saved" in n and "another program holds" in n
                       for n in notices)
            assert app.is_running and prefs["theme"] == "nord" and app.theme == "nord"
    finally:
        other.close()
    assert not app.return_code  # (None: the test ended it, not an error)
