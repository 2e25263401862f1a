"""Classic mode and the app shell, driven by keys."""

from textual.widgets import OptionList

from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.dialogs import HelpScreen, SetupScreen
from mazegame.ui.screens.menu import MenuScreen
from mazegame.ui.screens.walk import WalkScreen
from mazegame.ui.too_small import TooSmallScreen
from mazegame.ui.widgets.maze_view import MazeView
from tests.functional.ui.textual_private import notifications

SETUP = GameSetup("classic", "wilson", (9, 6), 7)


async def test_walking_the_shortest_path_wins(helpers):
    app = MazeApp(SETUP, warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, WalkScreen)
        game = screen.game
        assert (game.maze.width, game.maze.height, game.maze.seed) == (9, 6, 7)
        await pilot.press("left")  # a bump at the start: the west border
        for key in helpers.keys_for_path(game.maze, game.shortest_path()):
            await pilot.press(key)
        await pilot.pause()
        assert game.won and game.moves == game.shortest and game.bumps == 1
        panel = screen.query_one("#end-panel")
        assert panel.display
        assert "You escaped!" in str(panel.render())
        assert screen.query_one(MazeView).path == set(game.shortest_path())
        await pilot.press("r")  # the same maze again
        await helpers.settle(pilot)
        assert screen.game is not game and screen.game.maze is game.maze
        assert not panel.display and screen.game.moves == 0


async def test_new_maze_changes_the_seed(helpers):
    app = MazeApp(SETUP, warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        first = app.screen.game.maze
        await pilot.press("n")
        await helpers.settle(pilot)
        assert app.screen.game.maze is not first
        assert app.screen.setup.seed != 7


async def test_hjkl_and_wasd_move_too(helpers):
    app = MazeApp(GameSetup("classic", "kruskal", (6, 6), 2), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        game = app.screen.game
        for key in ("l", "j", "h", "k", "d", "s", "a", "w"):
            before = game.moves + game.bumps
            await pilot.press(key)
            assert game.moves + game.bumps == before + 1


async def test_help_lists_every_key(helpers):
    app = MazeApp(SETUP, warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        labels = {label for _, label in app.screen.rows}
        expected = {"Start a new maze", "Pause the clock and hide the maze", "Back to the menu"}
        assert expected <= labels
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, WalkScreen)


async def test_pause_hides_the_maze_and_stops_the_clock(helpers):
    app = MazeApp(SETUP, warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        await pilot.press("right", "p")
        screen = app.screen
        assert screen.game.paused and not screen.query_one("#play-area").display
        await pilot.press("p")
        assert not screen.game.paused and screen.query_one("#play-area").display


async def test_pause_before_the_first_move_says_why_nothing_paused(helpers):
    """p before the clock has started explains itself (it used to do nothing visible: a
    chase whose first press still waited for its beat failed the mode contract)."""
    app = MazeApp(SETUP, warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        await pilot.press("p")
        await pilot.pause()
        assert not screen.game.paused and screen.query_one("#play-area").display
        assert any("clock starts with your first move" in n for n in notifications(app))


async def test_menu_to_game_and_back(helpers):
    app = MazeApp(warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert app.screen.query_one(OptionList).get_option_at_index(1).id == "classic"
        await pilot.press("down", "enter")  # the campaign comes first, then classic
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")  # Start is focused
        await helpers.settle(pilot)
        assert isinstance(app.screen, WalkScreen)
        maze = app.screen.game.maze
        view = app.screen.query_one(MazeView)
        # "fit the screen": the maze fills the view without scrolling
        assert maze.width * 4 + 1 <= view.size.width and maze.height * 2 + 1 <= view.size.height
        assert maze.width * 4 + 1 > view.size.width - 8
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_large_maze_scrolls_to_keep_the_player_in_view(helpers):
    app = MazeApp(GameSetup("classic", "backtracker", (120, 60), 1), warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        view = screen.query_one(MazeView)
        path = screen.game.shortest_path()
        keys = helpers.keys_for_path(screen.game.maze, path)
        # walk until the player has left the first screenful, then a few steps more
        start = view.size
        for key in keys[:200]:
            await pilot.press(key)
            x, y = view.cell_origin(screen.game.position)
            if x >= start.width + 4 or y >= start.height + 4:
                break
        await pilot.pause()
        x, y = view.cell_origin(screen.game.position)
        sx, sy = view.scroll_offset
        assert (sx, sy) != (0, 0), "the view never scrolled"
        assert sx <= x < sx + view.size.width and sy <= y < sy + view.size.height


async def test_tiny_terminal_asks_to_enlarge(helpers):
    app = MazeApp(warm_up=False)
    async with app.run_test(size=(40, 10)) as pilot:
        await helpers.settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert "Please enlarge the terminal" in str(app.screen.query_one("#too-small").render())
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_second_win_on_the_same_maze_compares_with_the_first(helpers, tmp_path,
                                                                  monkeypatch):
    monkeypatch.setenv("MAZEGAME_DATA_DIR", str(tmp_path))
    app = MazeApp(SETUP, warm_up=False, clock=lambda: 0.0)  # equal times: no "new record"
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        for expected in ("Your first win on this maze.", "Your best here: "):
            game = app.screen.game
            for key in helpers.keys_for_path(game.maze, game.shortest_path()):
                await pilot.press(key)
            await pilot.pause()
            assert expected in str(app.screen.query_one("#end-panel").render())
            await pilot.press("r")
            await helpers.settle(pilot)
    assert list(tmp_path.glob("*.sqlite3"))


async def test_menu_maze_builds_itself_when_there_is_room(helpers):
    from mazegame.ui.widgets.attract import AttractView

    app = MazeApp(warm_up=False)
    async with app.run_test(size=(100, 40)) as pilot:
        view = app.screen.query_one(AttractView)
        assert view.display
        for _ in range(100):  # the first maze comes from a worker, then plays at 30 frames/s
            await pilot.pause(0.05)
            if view.replay is not None and view.replay.position > 0:
                break
        assert view.replay.position > 0 and view.name_shown
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not view.display  # no room: the menu comes first


async def test_the_menu_maze_shows_nothing_until_its_first_maze_arrives(monkeypatch):
    # The play-test saw "AttractView#attract" (Textual's default render) while the first
    # maze was being built.
    from mazegame.ui.widgets.attract import AttractView

    monkeypatch.setattr(AttractView, "next_maze", lambda self: None)  # it never arrives
    app = MazeApp(warm_up=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        view = app.screen.query_one(AttractView)
        assert view.display and view.replay is None
        assert "AttractView" not in str(view.render())
        assert "AttractView" not in app.export_screenshot()
