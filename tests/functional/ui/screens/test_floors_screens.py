"""Mazes of several floors played on screen (issue 41): the bird's-eye view shows the
player's floor with its stairs, climbs with them, and a walk by keys reaches a goal upstairs."""

from __future__ import annotations

from mazegame.engine import floors
from mazegame.eyesight import HOLE_GLYPH, STEP_GLYPH
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.widgets.floors_view import FloorsView
from tests.functional.conftest import settle
from tests.functional.ui.contract import screen_text, widget_text

SMALL = (80, 24)
#: The key that takes each side of a floors board: the arrows, then < and >.
SIDE_KEYS = ("up", "right", "down", "left", "less_than_sign", "greater_than_sign")


def side_keys(maze, path) -> list[str]:
    """The keys that walk a path of cells through the floors."""
    return [SIDE_KEYS[next(d for d in range(6) if maze.step(a, d) == b)]
            for a, b in zip(path, path[1:], strict=False)]


def floors_setup(mode: str = "classic", **changes) -> GameSetup:
    return GameSetup(mode, "backtracker", (7, 5), 3, tiling="floors", floors=3, **changes)


async def test_classic_on_floors_climbs_the_stairs_to_the_goal_upstairs():
    app = MazeApp(floors_setup(), warm_up=False, animations=False)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen, view = app.screen, app.screen.query_one(FloorsView)
        maze = screen.game.maze
        board = maze.board
        assert view.floor == 0 and "Floor 1 of 3 · goal on floor 3 (up)" in screen_text(app)
        path = screen.game.shortest_path()
        keys = side_keys(maze, path)
        assert "less_than_sign" in keys  # the way up is by the stairs
        floors_seen = set()
        for key, there in zip(keys, path[1:], strict=True):
            await pilot.press(key)
            if screen.game.over:
                break
            assert screen.game.position == there
            assert view.floor == floors.floor_of(board, there)  # the view follows the player
            floors_seen.add(view.floor)
        assert screen.game.won and floors_seen >= {0, 1, 2}
        assert "Floor 3 of 3" in screen_text(app) and "@" in widget_text(app, view)
        await pilot.press("greater_than_sign")  # after the game: the floor below, looked at
        await settle(pilot)
        assert view.floor == 1 and "Floor 2 of 3" in screen_text(app)
        assert "@" not in widget_text(app, view)  # the player stands upstairs


async def test_the_stairs_are_marked_and_a_climb_off_a_stair_bumps():
    app = MazeApp(floors_setup(), warm_up=False, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen, view = app.screen, app.screen.query_one(FloorsView)
        maze = screen.game.maze
        ups = [c for c in floors.stairs(maze).tolist() if floors.floor_of(maze.board, c) == 0]
        assert ups and all(view.stair_glyph(c) == "<" for c in ups)
        text = screen_text(app)
        assert text.count("<") >= len(ups)  # each stair up drawn (and the footer's key)
        await pilot.press("greater_than_sign")  # no stair down at the start
        assert screen.game.position == maze.start and screen.game.bumps == 1


async def test_the_players_eye_climbs_to_the_goal_upstairs_seeing_each_stair():
    app = MazeApp(floors_setup("eye"), warm_up=False, animations=False)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        game, minimap = screen.game, screen.query_one(FloorsView)
        maze = game.maze
        path = game.shortest_path()
        climbs = 0
        for here, there in zip(path, path[1:], strict=False):
            side = next(d for d in range(6) if maze.step(here, d) == there)
            if side >= 4:  # on the stair: the corridor shows it, the status says it
                text = screen_text(app)
                assert (STEP_GLYPH if side == 4 else HOLE_GLYPH) in text
                assert f"Stairs {'up' if side == 4 else 'down'}" in text
                await pilot.press("less_than_sign" if side == 4 else "greater_than_sign")
                climbs += 1
            else:
                while game.facing != side:
                    await pilot.press("right")
                await pilot.press("up")
            if not game.over:
                assert game.position == there
                assert minimap.floor == floors.floor_of(maze.board, there)
        assert game.won and climbs >= 2


async def test_the_climb_keys_are_no_square_eyes_business():
    app = MazeApp(GameSetup("eye", "backtracker", (6, 5), 3), warm_up=False, animations=False)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        before = app.screen.game.position
        await pilot.press("less_than_sign")
        assert app.screen.game.position == before and app.screen.game.bumps == 0
        assert "Stairs" not in screen_text(app)


async def test_the_blind_maze_on_floors_shows_the_stairs_and_hides_the_walls():
    app = MazeApp(floors_setup("blind"), warm_up=False, animations=False)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen, view = app.screen, app.screen.query_one(FloorsView)
        game = screen.game
        maze = game.maze
        ups = [c for c in floors.stairs(maze).tolist() if floors.floor_of(maze.board, c) == 0]
        assert all(view.stair_glyph(c) == "<" for c in ups)
        inner = floors.floor_walls(view.plan, 0)[1:-1, 1:-1]
        assert not inner.any()  # no wall known inside the floor yet
        for key, there in zip(side_keys(maze, game.shortest_path()), game.shortest_path()[1:],
                              strict=True):
            await pilot.press(key)
            assert game.position == there or game.won
        assert game.won


def test_floors_snapshot(snap_compare):
    """The look: the floor above, reached by the first stair of the way out, its stairs
    marked, the top edge naming the floor and the goal's."""
    async def run_before(pilot):
        await settle(pilot)
        game = pilot.app.screen.game
        for key in side_keys(game.maze, game.shortest_path()):
            await pilot.press(key)
            if key == "less_than_sign":
                break
        await pilot.pause()

    app = MazeApp(GameSetup("classic", "backtracker", (14, 8), 5, tiling="floors", floors=3),
                  warm_up=False, clock=lambda: 0.0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


async def test_the_setup_dialog_asks_how_many_floors_for_a_board_of_floors(helpers):
    from textual.widgets import Select

    from mazegame.games.setup import MAX_FLOORS
    from mazegame.ui.screens.dialogs import SetupScreen

    app = MazeApp(warm_up=False)
    async with app.run_test(size=SMALL) as pilot:
        await helpers.settle(pilot)
        app.choose_mode("classic")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SetupScreen)
        count = dialog.query_one("#floors", Select)
        assert not count.display  # squares: no floors to count
        assert [v for _, v in count._options] == list(range(2, MAX_FLOORS + 1))
        dialog.query_one("#tiling", Select).value = "floors"
        await pilot.pause()
        assert count.display
        count.value = 5
        dialog.query_one("#size", Select).value = "small"
        await pilot.pause()
        await pilot.click("#start")
        await helpers.settle(pilot)
        screen = app.screen
        assert screen.setup.tiling == "floors" and screen.setup.floors == 5
        assert floors.shape(screen.game.maze.board)[0] == 5
        assert "Floor 1 of 5" in screen_text(app)


async def test_the_help_says_what_the_stairs_look_like_and_which_keys_take_them():
    from tests.functional.ui.contract import help_of

    app = MazeApp(floors_setup(), warm_up=False, animations=False)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        _, said = await help_of(app, pilot)
        assert "< has a stair up, > a stair down, ≶" in said
        assert "Take the stair up where you stand" in said


async def test_a_floors_document_plays_to_its_end_and_is_saved(tmp_path):
    from mazegame.engine.generate.boards import generate_board
    from mazegame.engine.mazefile import read_maze
    from tests.functional.ui.contract import saved_results

    path = tmp_path / "floors.json"
    path.write_text(floors.to_json(generate_board("backtracker", "floors", 6, 4, 3,
                                                  floors=2).maze))
    setup = GameSetup("classic", level=read_maze(path.read_text(), None), tiling="floors")
    app = MazeApp(setup, warm_up=False, animations=False)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        game = app.screen.game
        await pilot.press(*side_keys(game.maze, game.shortest_path()))
        await settle(pilot)
        assert game.won and "level · 6x4" in screen_text(app)
        saved = saved_results(app)[-1]
        assert saved.won and saved.maze.startswith("level:") and saved.moves == game.shortest
