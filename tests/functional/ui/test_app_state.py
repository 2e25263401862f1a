"""What used to be the process's is each app's own: the key scheme (Textual's keymap), the
saved results, the session's blindfold sequences and the palette (the theme's colours and
glyphs); a screen shown by an app that keeps
none of them says so instead of failing."""

from textual.app import App

from mazegame.games.setup import GameSetup
from mazegame.settings import SettingsFile
from mazegame.ui.app import MazeApp
from mazegame.ui.host import GameHost, blindfold_sequences, key_scheme, store_of
from mazegame.ui.preferences import Preferences
from mazegame.ui.screens.blindfold import BlindfoldScreen
from mazegame.ui.screens.records import RecordsScreen
from mazegame.ui.widgets.footer import KEY as FOOTER_KEY

SMALL = GameSetup("classic", "wilson", (8, 5), 7)


def prefs_with(tmp_path, name: str, **values) -> Preferences:
    """Settings in a file of their own, with these values set."""
    prefs = Preferences(SettingsFile(tmp_path / f"{name}.sqlite3"))
    for key, value in values.items():
        prefs.set(key, value)
    return prefs


def footer_move(app) -> str:
    """The keys the footer shows for moving."""
    return next(k.key_display for k in app.screen.query(FOOTER_KEY) if k.description == "Move")


async def _settle(pilot):
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_each_app_keeps_its_own_key_scheme(tmp_path):
    """Two apps in one process: the second's scheme ("all") leaves the first's (vi) alone,
    on its screen and on the next one it shows (the scheme was one module global)."""
    vi = MazeApp(SMALL, warm_up=False, preferences=prefs_with(tmp_path, "a", keys="vi"))
    every = MazeApp(SMALL, warm_up=False, preferences=prefs_with(tmp_path, "b"))
    async with vi.run_test(size=(100, 30)) as pilot:
        await _settle(pilot)
        async with every.run_test(size=(100, 30)) as other:
            await _settle(other)
            assert footer_move(every) == "↑↓←→" and key_scheme(every) == "all"
            vi.action_settings()  # a screen change in the first app
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            assert footer_move(vi) == "hjkl" and key_scheme(vi) == "vi"
            game = vi.screen.game
            await pilot.press("right", "d")  # not vi keys
            assert game.moves + game.bumps == 0
            await pilot.press("l")
            assert game.moves + game.bumps == 1
            game = every.screen.game
            await other.press("d")
            assert game.moves + game.bumps == 1


WALL_GLYPHS = "─│┼├┤┬┴┌┐└┘╴╵╶╷ "


def wall_colours(app) -> set[str]:
    """The colours the maze's walls are drawn in on the app's screen."""
    from mazegame.ui.widgets.maze_view import MazeView

    view = app.screen.query_one(MazeView)
    return {segment.style.color.name for y in range(view.size.height)
            for segment in view.render_line(y)
            if segment.text.strip() and not segment.text.strip(WALL_GLYPHS)
            and segment.style is not None and segment.style.color}


async def test_each_app_keeps_its_own_palette(tmp_path):
    """Two apps in one process: the second's theme (high contrast) leaves the first's maze in
    the first's colours, before and after the second changes theme again (the palette was one
    module global)."""
    from mazegame.ui.palette import Palette

    plain = MazeApp(SMALL, warm_up=False, preferences=prefs_with(tmp_path, "a"))
    bright = MazeApp(SMALL, warm_up=False,
                     preferences=prefs_with(tmp_path, "b", theme="mazegame-high-contrast"))
    default_walls = Palette().WALL.color.name
    async with plain.run_test(size=(100, 30)) as pilot:
        await _settle(pilot)
        assert wall_colours(plain) == {default_walls}
        async with bright.run_test(size=(100, 30)) as other:
            await _settle(other)
            assert default_walls not in wall_colours(bright)
            assert wall_colours(plain) == {default_walls}
            bright.theme = "mazegame-colour-blind"
            await other.pause()
            assert wall_colours(plain) == {default_walls}
            plain.theme = "mazegame-high-contrast"
            await pilot.pause()
            assert wall_colours(plain) != {default_walls}
            assert wall_colours(bright) != wall_colours(plain)


class PlainHost(App):
    """An app that is no game host (as a test's or a tool's)."""

    def __init__(self, screen) -> None:
        super().__init__()
        self.first = screen

    def on_mount(self) -> None:
        self.push_screen(self.first)


async def test_records_without_a_store_say_results_are_not_saved():
    for host in (PlainHost(RecordsScreen()), GameHost()):
        async with host.run_test(size=(100, 30)) as pilot:
            if not isinstance(host, PlainHost):
                host.push_screen(RecordsScreen())
            await pilot.pause()
            assert store_of(host) is None
            title = str(host.screen.query_one("#records-title").render())
            assert "Results are not saved in this run" in title


async def test_a_blindfold_game_without_a_host_plays_and_saves_nothing():
    app = PlainHost(BlindfoldScreen("3x3"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("right", "down")
        assert app.screen.game.sequence == "rd"
        assert blindfold_sequences(app) == {}  # nothing remembered, nothing set on the app
        assert not hasattr(app, "blindfold_sequences")


async def test_the_blindfold_sequences_are_a_declared_part_of_the_host(tmp_path):
    app = MazeApp(GameSetup("blindfold", options=(("mazes", "3x3"),)), warm_up=False,
                  preferences=prefs_with(tmp_path, "a"))
    assert app.blindfold_sequences == {}  # before any blindfold screen
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("right")
        assert app.blindfold_sequences == {"3x3": "r"}


async def test_the_labs_marks_take_the_theme_in_force(tmp_path):
    """The lab's frontier, visited and path rooms are drawn in the theme's colours (they
    kept the default theme's: the table of them was built once, at import)."""
    from mazegame.ui.palette import Palette
    from mazegame.ui.widgets.trace_view import TraceView

    setup = GameSetup("lab", "wilson", (9, 6), 7,
                      options=(("autoplay", False), ("solvers", ("bfs",))))
    app = MazeApp(setup, warm_up=False,
                  preferences=prefs_with(tmp_path, "a", theme="mazegame-high-contrast"))
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(pilot)
        await pilot.press("end")  # the maze built: the solvers' marks on show
        await _settle(pilot)
        for _ in range(12):
            await pilot.press("right")
        await pilot.pause()
        backgrounds = {segment.style.bgcolor.name
                       for view in app.screen.query(TraceView)
                       for y in range(view.size.height)
                       for segment in view.render_line(y)
                       if segment.style is not None and segment.style.bgcolor}
        themed = {app.palette.FRONTIER.bgcolor.name, app.palette.VISITED.bgcolor.name}
        default = Palette()
        assert themed & backgrounds
        assert not {default.FRONTIER.bgcolor.name, default.VISITED.bgcolor.name} \
            & backgrounds - themed


def test_what_screens_read_of_the_app_is_declared_on_the_host():
    """The app state screens and widgets read (settings, the menu maze's pace, the warm-up's
    last report, the campaign if read) is declared on GameHost with its default and read
    through host's accessors: an app that is no host gets the same defaults."""
    from mazegame.ui import host

    for app in (GameHost(), PlainHost(RecordsScreen())):
        assert host.preferences_of(app) is None
        assert host.animation_speed(app) == 1.0
        assert host.warmup_report(app) is None
        assert host.campaign_if_read(app) is None
    assert GameHost().palette is host.palette_of(None)


def test_no_screen_guesses_at_the_apps_attributes():
    """`getattr(self.app, "name", default)` reads state nobody declared: a renamed attribute
    turns silently into its default."""
    from pathlib import Path

    import mazegame

    root = Path(mazegame.__file__).parent
    guesses = [f"{path.relative_to(root)}:{n}"
               for path in sorted(root.rglob("*.py"))
               for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
               if "getattr(self.app" in line]
    assert guesses == []


async def test_the_demon_bell_is_a_declared_part_of_the_host(tmp_path):
    """The bell (the Settings screen's "sound", the chase's b) is declared on GameHost, off
    by default, and read through host's accessors: an app that is no host keeps it off; in
    the game b turns it on and keeps it so."""
    from mazegame.ui import host

    for app in (GameHost(), PlainHost(RecordsScreen())):
        assert host.demon_bell(app) is False
        host.set_demon_bell(app, True)
    assert not hasattr(app, "demon_bell")  # nothing set on an app that is no host
    setup = GameSetup("chase", "backtracker", (9, 7), 5, options=(
        ("view", "eye"), ("difficulty", "easy"), ("turn_based", True)))
    prefs = prefs_with(tmp_path, "a")
    app = MazeApp(setup, warm_up=False, preferences=prefs)
    async with app.run_test(size=(100, 30)) as pilot:
        await _settle(pilot)
        assert host.demon_bell(app) is False
        await pilot.press("b")
        assert host.demon_bell(app) is True and prefs.sound
        await pilot.press("b")
        assert host.demon_bell(app) is False and not prefs.sound
