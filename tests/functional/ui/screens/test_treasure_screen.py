"""The treasure hunt, played by keys: the treasure hidden until the end, the rival's searched
cells marked, the end panel and the result saved; `r` hides a new treasure on the maze."""

from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.palette import DEFAULT
from mazegame.ui.screens.treasure import RIVAL_GLYPH, TREASURE_GLYPH, TreasureScreen
from tests.functional.ui.contract import end_text, saved_results, screen_text


def board(app) -> str:
    """The maze's rows on screen (not the status line, the footer or the end panel)."""
    view = app.screen.query_one("#maze")
    rows = screen_text(app).splitlines()[view.region.y:view.region.bottom]
    return "\n".join(row[view.region.x:view.region.right] for row in rows)


def hunt_app(difficulty: str) -> MazeApp:
    """An app on a seeded 8x6 hunt at `difficulty`."""
    return MazeApp(GameSetup("treasure", "backtracker", (8, 6), 7,
                             options=(("difficulty", difficulty),)), warm_up=False)


async def test_a_hunt_won_by_keys_shows_and_saves_its_end(helpers):
    app = hunt_app("easy")
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, TreasureScreen)
        game = screen.game
        assert TREASURE_GLYPH not in board(app) and RIVAL_GLYPH not in board(app)
        assert "Par" in screen_text(app).splitlines()[0]
        path = game.shortest_path()  # the way to the treasure
        assert path[-1] == game.treasure
        for key in helpers.keys_for_path(game.maze, path)[:-1]:
            await pilot.press(key)
        await pilot.pause()
        assert not game.over and TREASURE_GLYPH not in board(app)  # one step away: hidden
        await pilot.press(helpers.keys_for_path(game.maze, path)[-1])
        await helpers.settle(pilot)
        assert game.won and game.moves == len(path) - 1
        assert TREASURE_GLYPH in board(app)  # where you stand, found
        panel = end_text(screen)
        assert "you beat the rival" in panel and f"Your moves     {game.moves}" in panel
        assert f"Par            {game.par:.1f}" in panel and "★" in panel
        last = saved_results(app)[-1]
        assert (last.mode, last.won, last.moves) == ("treasure", True, game.moves)
        assert last.optimum == game.star_moves != game.shortest  # the par, not the way to it
        await pilot.press("r")  # the same maze, a new treasure
        await helpers.settle(pilot)
        assert screen.game is not game and screen.game.maze.walls.tobytes() == \
            game.maze.walls.tobytes()
        assert screen.setup.settings.hunt == 1
        assert "Treasure hunt 2" in screen_text(app).splitlines()[0]
        second = screen.game
        for key in helpers.keys_for_path(second.maze, second.shortest_path()):
            await pilot.press(key)
        await helpers.settle(pilot)
        assert second.won and "This maze: 2 of 2 hunts won, ★ 6/6" in end_text(screen)
        await pilot.press("n")  # a new maze: its first hunt, a new tally
        await helpers.settle(pilot)
        assert screen.setup.settings.hunt == 0 and screen.tally == []


async def test_a_hunt_lost_to_the_rival_marks_its_search_and_says_so(helpers):
    app = hunt_app("nightmare")
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        game = screen.game
        marked = False
        for _ in range(200):  # pace a corner, never searching: the rival finds it
            for key in ("right", "left", "down", "up"):
                await pilot.press(key)
            marked = marked or DEFAULT.GLYPH_DEMON_ROUTE in board(app)
            if game.over:
                break
        await helpers.settle(pilot)
        assert game.over and not game.won and game.rival_cell == game.treasure
        assert marked  # the cells the rival searched (and you did not) were marked
        panel = end_text(screen)
        assert "The rival got there first." in panel and f"{game.moves} (" in panel
        last = saved_results(app)[-1]
        assert (last.won, last.moves) == (False, game.moves)


async def test_the_setup_dialog_names_the_size_a_hunt_plays_when_none_is_chosen(helpers):
    from mazegame.games.modes.treasure import DEFAULT_SIZE

    app = MazeApp(warm_up=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        app.choose_mode("treasure")
        await pilot.pause()
        assert f"The mode's own {DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]}" in screen_text(app)
        await pilot.press("enter")  # start
        await helpers.settle(pilot)
        maze = app.screen.game.maze
        assert (maze.width, maze.height) == DEFAULT_SIZE


async def test_a_hunts_replay_shows_the_rival_and_what_it_searched(helpers):
    from mazegame.ui.screens.records import RecordsScreen

    app = hunt_app("hard")
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        game = app.screen.game
        for _ in range(60):  # pace a corner: the rival searches until it finds the treasure
            await pilot.press("right", "left", "down", "up")
            if game.over:
                break
        await helpers.settle(pilot)
        assert game.over and not game.won
        app.push_screen(RecordsScreen())
        await helpers.settle(pilot)
        await pilot.press("r")  # watch the replay of the hunt just lost
        await helpers.settle(pilot)
        await pilot.press("end")
        await helpers.settle(pilot)
        stage = app.screen.query_one("#replay-stage")
        drawn = screen_text(app)
        assert stage.game.rival_cell == game.treasure and RIVAL_GLYPH in drawn
        assert DEFAULT.GLYPH_DEMON_ROUTE in drawn and "rival " in drawn.splitlines()[0]
        await pilot.press("home")  # the start: the treasure in sight, where it lies
        await helpers.settle(pilot)
        assert TREASURE_GLYPH in screen_text(app) and DEFAULT.GLYPH_GOAL not in screen_text(app)


async def test_the_hunt_of_the_day_shares_the_par_its_stars_are_counted_against(helpers):
    import datetime as dt

    from mazegame.games.daily import daily_setup

    app = MazeApp(daily_setup(dt.date(2026, 11, 27), "treasure"), warm_up=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        game = app.screen.game
        for key in helpers.keys_for_path(game.maze, game.shortest_path()):
            await pilot.press(key)
        await helpers.settle(pilot)
        assert game.won and game.shortest < game.star_moves
        line = app.screen.share_line()
        assert f"treasure: {game.moves} moves (par {game.star_moves}) ★★★" in line
        assert line in end_text(app.screen)
