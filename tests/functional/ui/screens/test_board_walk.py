"""The classic walk on hexagons and triangles, played by keys at 80x24: drawn by BoardView,
walked to the goal, the hexagon's arrows (up and down take the open one of the two sides),
its letters (y u b n, and n, q, z keeping their meaning where they do not move), the setup
dialog's board, and the end."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from mazegame.games.modes import MODES
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.dialogs import SetupScreen
from mazegame.ui.screens.walk import WalkScreen
from mazegame.ui.widgets.board_view import BoardView
from mazegame.ui.widgets.maze_view import MazeView
from tests.functional.conftest import keys_for_path, settle
from tests.functional.ui.contract import footer_keys, screen_text

SMALL = (80, 24)
NE, NW, SW, SE = 1, 2, 4, 5  # the hexagon's slanted sides (engine.tilings: E NE NW W SW SE)


def app_on(board: str, size=None, seed: int = 7) -> MazeApp:
    return MazeApp(GameSetup("classic", "backtracker", size, seed, tiling=board),
                   warm_up=False, animations=False, clock=lambda: 0.0)


@pytest.mark.parametrize("board", ["hex", "triangle"])
async def test_a_board_maze_fills_80x24_and_is_walked_to_the_goal_by_keys(board):
    app = app_on(board)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        view = screen.query_one(MazeView)
        assert isinstance(view, BoardView) and view.maze is screen.game.maze
        width, height = view.virtual_size
        assert width <= 80 and height <= view.size.height  # "fit the screen": no scrolling
        assert screen.game.maze.size >= 120  # and a real maze, not a toy
        game = screen.game
        for key in keys_for_path(game.maze, game.shortest_path()):
            await pilot.press(key)
        await settle(pilot)
        assert game.won and game.moves == game.shortest and game.bumps == 0
        assert "You escaped!" in screen_text(app)
        assert screen.query_one("#end-panel").display


async def test_on_hexagons_up_and_down_take_the_open_side_of_the_two():
    """Walk the shortest path with the arrows wherever the way up (or down) is the only one
    of its two sides open, letters elsewhere: the arrows land where the open door leads."""
    app = app_on("hex", seed=3)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        game = app.screen.game
        maze = game.maze
        path = game.shortest_path()
        arrows = 0
        for a, b in zip(path, path[1:], strict=False):
            side = next(d for d in range(6) if maze.step(a, d) == b)
            pair = {NE: NW, NW: NE, SE: SW, SW: SE}.get(side)
            if pair is not None and not maze.is_open(a, pair):
                await pilot.press("up" if side in (NE, NW) else "down")
                arrows += 1
            else:
                await pilot.press(keys_for_path(maze, [a, b])[0])
            assert game.position == b
        await settle(pilot)
        assert game.won and arrows >= 3 and game.bumps == 0


async def test_on_hexagons_n_and_q_move_during_play_and_keep_their_meaning_after():
    app = app_on("hex", seed=3)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        game, seed = screen.game, screen.setup.seed
        shown = {k.key for k in footer_keys(screen)}
        assert {"y", "N"} <= shown and "n" not in shown  # "yubn Diagonal", "N New maze"
        assert "yubn" in screen_text(app).splitlines()[-1]
        before = game.events[:]
        await pilot.press("n", "q", "z", "c")  # south-east, north-west, south-west, south-east
        await settle(pilot)
        assert app.screen is screen and screen.game is game and screen.setup.seed == seed
        assert game.events[len(before):] == ["m5", "m2", "m4", "m5"]
        await pilot.press("N")  # the new maze, while n moves
        await settle(pilot)
        assert screen.game is not game and screen.setup.seed != seed
        game = screen.game
        for key in keys_for_path(game.maze, game.shortest_path()):
            await pilot.press(key)
        await settle(pilot)
        assert game.won
        await pilot.press("n")  # after the end: a new maze, as the panel says
        await settle(pilot)
        assert screen.game is not game
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, WalkScreen)


@pytest.mark.parametrize("board", ["square", "triangle"])
async def test_elsewhere_the_slant_letters_do_not_move_and_n_q_are_as_ever(board):
    app = app_on(board, size=(9, 5))
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        assert "yubn" not in screen_text(app).splitlines()[-1]
        game = screen.game
        await pilot.press("y", "u", "b")
        await settle(pilot)
        assert game.events == []
        await pilot.press("n")
        await settle(pilot)
        assert screen.game is not game  # a new maze
        await pilot.press("q")
        await settle(pilot)
        assert not isinstance(app.screen, WalkScreen)


async def test_the_setup_dialog_offers_the_board_and_plays_on_it(helpers):
    app = MazeApp(warm_up=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await helpers.settle(pilot)
        app.choose_mode("classic")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SetupScreen)
        board = dialog.query_one("#tiling", Select)
        assert [str(label) for label, _ in board._options][:3] == ["Squares", "Hexagons",
                                                                    "Triangles"]
        board.value = "hex"
        dialog.query_one("#wrap", Select).value = "x"
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        assert app.screen is dialog and "wrap" in screen_text(app)  # said, not started
        dialog.query_one("#wrap", Select).value = ""
        dialog.query_one("#size", Select).value = "small"
        dialog.query_one("#seed").focus()  # (the Start button ignores a click while it
        await pilot.press("enter")  # still shows the last one): Enter in a field starts
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, WalkScreen) and screen.setup.tiling == "hex"
        assert isinstance(screen.query_one(MazeView), BoardView)
        assert screen.game.maze.tiling == "hex" and screen.game.maze.size == 12 * 8


async def test_a_mode_on_one_board_offers_no_board_choice(helpers):
    app = MazeApp(warm_up=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await helpers.settle(pilot)
        square_only = next(name for name, spec in MODES.items()  # (blind has boards now)
                           if spec.tilings == ("square",) and spec.maze_settings
                           and spec.builds is not None)
        app.choose_mode(square_only)
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and not app.screen.query("#tiling")


async def test_zoom_draws_the_compact_hexagons_and_back():
    app = app_on("hex", size=(30, 12))
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        view = app.screen.query_one(MazeView)
        large = view.virtual_size
        await pilot.press("Z")
        await pilot.pause()
        assert view.form == "compact" and view.virtual_size.width < large.width
        await pilot.press("Z")
        await pilot.pause()
        assert view.form == "large" and view.virtual_size == large


async def test_the_view_follows_the_player_on_a_board_larger_than_the_screen():
    app = app_on("hex", size=(40, 30))
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        view, game = screen.query_one(MazeView), screen.game
        for key in keys_for_path(game.maze, game.shortest_path()):
            await pilot.press(key)
            x, y = view.cell_origin(game.position)
            assert view.scroll_offset.x <= x < view.scroll_offset.x + view.size.width
            assert view.scroll_offset.y <= y < view.scroll_offset.y + view.size.height
        assert game.won and view.scroll_offset.y > 0


async def test_a_hex_games_replay_plays_it_on_hexagons():
    from mazegame.ui.screens.records import RecordsScreen
    from mazegame.ui.screens.replay_view import ReplayScreen

    app = app_on("hex", size=(9, 6))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        game = app.screen.game
        for key in keys_for_path(game.maze, game.shortest_path()):
            await pilot.press(key)
        await settle(pilot)
        assert game.won
        app.push_screen(RecordsScreen())
        await settle(pilot)
        assert "Hexagons, Backtracker 9x6" in screen_text(app)  # (the column cuts the rest)
        await pilot.press("r")
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        view = replay.query_one(MazeView)
        assert isinstance(view, BoardView) and view.maze.tiling == "hex"
        await pilot.press("end")  # the replay's last move
        await settle(pilot)
        assert view.player == game.position and view.trail == set(game.trail)


async def test_at_the_end_the_shortest_path_is_one_band_through_its_doors():
    """After a run along the shortest path on hexagons, the band of colour covers each of
    its rooms (3 characters) and each door between two of them (1): one unbroken band."""
    from rich.color import Color

    from mazegame.ui.host import palette_of

    app = app_on("hex", size=(9, 6))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        game, view = screen.game, screen.query_one(MazeView)
        path = game.shortest_path()
        for key in keys_for_path(game.maze, path):
            await pilot.press(key)
        await settle(pilot)
        band = Color.parse(palette_of(view).PATH_BAND_COLOUR)
        banded = sum(len(seg.text) for y in range(view.size.height)
                     for seg in view.render_line(y) if seg.style and seg.style.bgcolor == band)
        inner = len(path) - 2  # the start and the goal are drawn as themselves
        assert game.won and banded == 3 * inner + (inner - 1)
