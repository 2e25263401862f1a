"""Blind and player's-eye modes played to the goal with key presses only."""

from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST
from mazegame.games.blind import BlindGame
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.dialogs import ConfirmScreen
from mazegame.ui.widgets.eye_view import EyeView
from mazegame.ui.widgets.maze_view import MazeView
from tests.functional.conftest import KEY_OF, eye_keys


def blind_app(budget: float) -> MazeApp:
    """A blind game of a fixed 8x8 maze with a move budget of `budget` x the shortest path."""
    return MazeApp(GameSetup("blind", "backtracker", (8, 6), 4, options=(("budget", budget),)),
                   warm_up=False)


def way_out_of_the_start(game: BlindGame) -> int:
    """A side of the start with no wall."""
    return next(d for d in (NORTH, EAST, SOUTH, WEST)
                if game.maze.step(game.maze.start, d) != game.maze.start)


async def spend_the_budget(pilot, game) -> None:
    """Step off the start and back until the attempts run out (the border costs nothing)."""
    there = way_out_of_the_start(game)
    keys = [KEY_OF[there], KEY_OF[(there + 2) % 4]]
    for i in range(game.budget):
        await pilot.press(keys[i % 2])


async def test_blind_maze_played_to_the_goal(helpers):
    app = MazeApp(GameSetup("blind", "kruskal", (8, 6), 4, options=(("budget", 4.0),)),
                  warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        game = screen.game
        view = screen.query_one(MazeView)
        assert view.maze is not game.maze  # only the perimeter is drawn
        await pilot.press("up")  # bump the border: in view all along, so it costs nothing
        assert game.attempts == 0 and game.bumps == 0
        # (the red flash on the player lasts a fifth of a second: not asserted, it is timing)
        for key in helpers.keys_for_path(game.maze, game.shortest_path()):
            await pilot.press(key)
        await pilot.pause()
        assert game.won
        assert view.maze is game.maze  # revealed at the end, with the way out
        assert view.path == set(game.shortest_path())
        assert "You escaped!" in str(screen.query_one("#end-panel").render())


async def test_blind_budget_loss_reveals_the_maze(helpers):
    app = MazeApp(GameSetup("blind", "backtracker", (8, 6), 4, options=(("budget", 2.5),)),
                  warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        game = app.screen.game
        await spend_the_budget(pilot, game)
        await pilot.pause()
        assert game.lost
        assert "Out of moves" in str(app.screen.query_one("#end-panel").render())
        assert app.screen.query_one(MazeView).maze is game.maze



async def test_blind_kept_dark_at_the_end_does_not_claim_a_reveal(helpers):
    # "At the end: Keep it dark": the end panel said "The maze is revealed: the way out in
    # green" (loss) or "Shortest path: green •" (win) over a maze that stayed dark.
    options = (("budget", 2.5), ("reveal", False))
    app = MazeApp(GameSetup("blind", "backtracker", (8, 6), 4, options=options),
                  warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        game = screen.game
        await spend_the_budget(pilot, game)
        await pilot.pause()
        assert game.lost
        assert screen.query_one(MazeView).maze is not game.maze  # still dark
        text = str(screen.query_one("#end-panel").render())
        assert "Out of moves" in text and "revealed" not in text and "green" not in text
        await pilot.press("r")
        await helpers.settle(pilot)
        game = screen.game
        for key in helpers.keys_for_path(game.maze, game.shortest_path()):
            await pilot.press(key)
        await pilot.pause()
        assert game.won
        text = str(screen.query_one("#end-panel").render())
        assert "You escaped!" in text and "green" not in text


async def test_a_blind_budget_counts_only_walls_you_could_not_know(helpers):
    app = blind_app(2.5)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        left = game.attempts_left
        for _ in range(game.budget + 3):
            await pilot.press("up", "left")  # the outer wall: the start is in its corner
        assert not game.over and game.attempts_left == left
        assert f"Attempts left[/b] [default]{left}" in " ".join(screen.status_fields())
        path = game.shortest_path()
        walk = helpers.keys_for_path(game.maze, path)
        for step, cell in enumerate(path):  # on to a cell with an inner wall
            inner = [d for d in (NORTH, EAST, SOUTH, WEST) if game.maze.step(cell, d) == cell
                     and game.maze.neighbor(cell, d) >= 0]
            if inner:
                break
            await pilot.press(walk[step])
        spent = game.attempts
        await pilot.press(KEY_OF[inner[0]], KEY_OF[inner[0]])  # unknown, then known
        assert game.attempts == spent + 1 and game.attempts_left == left - spent - 1


async def test_leaving_a_blind_game_asks_first_then_shows_the_maze(helpers):
    app = blind_app(4.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        view = screen.query_one(MazeView)
        await pilot.press(KEY_OF[way_out_of_the_start(game)])  # one step off the start
        assert game.moves == 1
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Leave this maze?" in str(app.screen.query_one("#dialog-body").render())
        await pilot.press("n")  # no: play on, the clock running again
        await pilot.pause()
        assert app.screen is screen and not game.over and not game.paused
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is screen and game.over and not game.won
        assert view.maze is game.maze and screen.query_one("#play-area").display  # revealed
        assert "You left this maze" in str(screen.query_one("#end-panel").render())
        await pilot.press("q")  # now it leaves
        await helpers.settle(pilot)
        assert app.screen is not screen
    from mazegame.storage import Store, default_path

    [saved] = Store(default_path()).results()
    assert (saved.mode, saved.won, saved.moves) == ("blind", False, 1)


async def test_players_eye_played_to_the_goal(helpers):
    app = MazeApp(GameSetup("eye", "backtracker", (6, 5), 11), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        game = screen.game
        assert screen.query_one(EyeView).display
        for key in eye_keys(game.maze, game.shortest_path(), game.facing):
            await pilot.press(key)
        await pilot.pause()
        assert game.won and game.moves == game.shortest
        assert screen.has_class("-revealed")
        assert not screen.query_one(EyeView).display
        assert screen.query_one(MazeView).path == set(game.shortest_path())


async def test_hard_mode_has_no_map_and_no_compass(helpers):
    app = MazeApp(GameSetup("eye", "backtracker", (6, 5), 11, options=(("difficulty", "hard"),)),
                  warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert not screen.query_one(MazeView).display
        await pilot.press("m")
        assert not screen.query_one(MazeView).display
        assert "Facing" not in str(screen.query_one("#status").render())


async def test_bumped_walls_are_drawn_as_the_whole_picture_would_draw_them(helpers):
    from mazegame.engine.mazefile import picture_lines

    app = MazeApp(GameSetup("blind", "wilson", (10, 7), 2), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        game, view = app.screen.game, app.screen.query_one(MazeView)
        for key in ("down", "right", "down", "right", "up", "left", "down", "down"):
            await pilot.press(key)
        assert game.bumps > 0
        expected = picture_lines(game.display_maze(True), "box", view.room_width)
        assert walls_of(view._lines, view.room_width) == walls_of(expected, view.room_width)


def walls_of(lines, room_width):
    """The wall characters of a maze picture (rooms blanked: the view draws its own)."""
    return ["".join(ch if y % 2 == 0 or x % (room_width + 1) == 0 else " "
                    for x, ch in enumerate(line)) for y, line in enumerate(lines)]


async def test_mini_map_drawn_row_by_row_equals_the_whole_map(helpers):
    from mazegame.engine.mazefile import picture_lines

    app = MazeApp(GameSetup("eye", "backtracker", (9, 7), 4), warm_up=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        minimap = screen.query_one(MazeView)
        for key in ("up", "left", "up", "right", "up", "up", "down", "up", "left", "up"):
            await pilot.press(key)
        expected = picture_lines(screen.game.map_of_seen(), "box", minimap.room_width)
        assert walls_of(minimap._lines, 1) == walls_of(expected, 1)
        assert minimap.unseen == set(range(screen.game.maze.size)) - screen.game.seen
