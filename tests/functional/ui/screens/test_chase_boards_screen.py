"""Chase, race and the blind maze on hexagons and triangles, played with key presses: a
chase on hexagons won along a safe route (the slanted sides' letters as well as the
arrows) and lost standing still, a race on triangles, a blind chase that draws only the
sides bumped, the player's eye refused on a board with a message."""

import pytest

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.chase_safety import check_winnable
from mazegame.games.chase import DEMON_GLYPH
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.palette import DEFAULT
from mazegame.ui.screens.blind import LEAVE_QUESTION
from mazegame.ui.screens.chase import BirdsEyeChaseScreen, BlindChaseScreen
from mazegame.ui.screens.dialogs import ConfirmScreen
from mazegame.ui.widgets.board_view import BoardView


def on_board(tiling="hex", difficulty="easy", view="birds-eye", mode="chase"):
    options = (("difficulty", difficulty), ("view", view), ("turn_based", True))
    return GameSetup(mode, "backtracker", (12, 8), 5, options=options, tiling=tiling)


async def test_a_chase_on_hexagons_is_won_by_keys_along_a_safe_route(helpers):
    app = MazeApp(on_board(), warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, BirdsEyeChaseScreen)
        game = screen.game
        assert isinstance(game.maze, BoardMaze) and game.maze.tiling == "hex"
        view = screen.query_one(BoardView)
        assert game.demon_cell in view.others  # the demon is drawn on the board
        verdict = check_winnable(game.maze, game.position, game.demon_cell, game.maze.goals,
                                 game.rules.pursuit)
        keys = helpers.keys_for_path(game.maze, verdict.route)
        assert set(keys) & set("yubn")  # the route takes slanted sides
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        assert game.won and not game.caught and game.trail == list(verdict.route)
        assert "You escaped the demon!" in str(screen.query_one("#end-panel").render())


async def test_a_chase_on_hexagons_standing_still_is_caught(helpers):
    app = MazeApp(on_board(difficulty="hard"), warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        game = app.screen.game
        for _ in range(2 * game.maze.size):
            if game.over:
                break
            await pilot.press("space")  # wait a turn
        await pilot.pause()
        assert game.caught
        assert "Caught!" in str(app.screen.query_one("#end-panel").render())
        view = app.screen.query_one(BoardView)
        drawn = {cell for cell, (glyph, _) in view.marks.items()
                 if glyph == DEFAULT.GLYPH_DEMON_ROUTE}
        assert drawn == set(game.demon_trail)  # its route, as on squares
        assert view.player_sprite[0] == DEMON_GLYPH


async def test_a_race_on_triangles_is_won_by_keys(helpers):
    app = MazeApp(on_board("triangle", difficulty="normal", mode="race"), warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        game = app.screen.game
        assert game.race and game.maze.tiling == "triangle"
        verdict = check_winnable(game.maze, game.position, game.demon_cell, game.maze.goals,
                                 game.rules.pursuit)
        for key in helpers.keys_for_path(game.maze, verdict.route):
            await pilot.press(key)
        await pilot.pause()
        assert game.won
        assert "You beat the demon!" in str(app.screen.query_one("#end-panel").render())


@pytest.mark.parametrize("tiling", ["hex", "triangle"])
async def test_a_blind_chase_on_a_board_draws_only_the_sides_bumped(helpers, tiling):
    app = MazeApp(on_board(tiling, view="blind"), warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, BlindChaseScreen)
        game, view = screen.game, screen.query_one(BoardView)
        maze, links = game.maze, game.maze.board.links
        assert not view.others  # the demon is unseen
        path = game.shortest_path()
        cell = next(c for c in path if any(links[c, d] >= 0 and not maze.is_open(c, d)
                                           for d in range(maze.sides)))
        for key in helpers.keys_for_path(maze, path[:path.index(cell) + 1]):
            await pilot.press(key)  # to the first cell on the way out with a side shut
        assert game.position == cell and game.bumps == 0
        inner = [d for d in range(maze.sides) if links[cell, d] >= 0]
        assert all(view.maze.is_open(cell, d) for d in inner)  # nothing known of it yet
        shut = next(d for d in inner if not maze.is_open(cell, d))
        key = helpers.keys_for_path(view.maze, [cell, int(links[cell, shut])])[0]
        await pilot.press(key)
        await pilot.pause()
        assert game.position == cell and game.bumps == 1
        assert not view.maze.is_open(cell, shut)  # the bumped side is drawn now
        assert [d for d in inner if not view.maze.is_open(cell, d)] == [shut]


async def test_the_players_eye_on_a_board_says_why_it_cannot_start(helpers):
    app = MazeApp(on_board(view="eye"), warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        panel = str(app.screen.query_one("#end-panel").render())
        assert "Cannot start" in panel and "from above or blind" in panel


@pytest.mark.parametrize("mode", ["blind", "chase"])
async def test_q_moves_north_west_in_the_dark_on_hexagons_and_escape_leaves(helpers, mode):
    """The blind screens bind q to leave: on hexagons, during play, it is the wasd
    scheme's north-west instead (as on the walk's screen), and escape still asks."""
    options = (("view", "blind"), ("turn_based", True)) if mode == "chase" else ()
    setup = GameSetup(mode, "backtracker", (12, 8), 5, options=options, tiling="hex")
    app = MazeApp(setup, warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        game = screen.game
        north_west = game.maze.board.spec.directions.index("north-west")
        path = game.shortest_path()
        cell = next(c for c in path if game.maze.is_open(c, north_west))
        for key in helpers.keys_for_path(game.maze, path[:path.index(cell) + 1]):
            await pilot.press(key)
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is screen and game.position == game.maze.step(cell, north_west)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and app.screen.question == LEAVE_QUESTION


async def test_a_narrow_escape_on_hexagons_is_told_in_the_singular(helpers):
    """The hard chase of seed 31 on 10x6 hexagons, walked along its safe route, ends with
    the demon one step behind: "Closest it came: 1 step." (it said "1 steps")."""
    setup = GameSetup("chase", "backtracker", (10, 6), 31, tiling="hex",
                      options=(("difficulty", "hard"), ("turn_based", True)))
    app = MazeApp(setup, warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        game = app.screen.game
        verdict = check_winnable(game.maze, game.position, game.demon_cell, game.maze.goals,
                                 game.rules.pursuit)
        await pilot.press(*helpers.keys_for_path(game.maze, verdict.route))
        await pilot.pause()
        assert game.won and game.closest.distance == 1
        assert "Closest it came: 1 step." in str(app.screen.query_one("#end-panel").render())
