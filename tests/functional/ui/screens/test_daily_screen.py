"""The maze of the day on screen: `mazegame daily` opens the day's game (its seed, the fixed
settings), played with keys like any game of the mode; its title says the day, its end panel
gives the line to share (copied with `c`, printed after the app closes), and the result is
saved with its day. The setup dialog offers it one key away (`d`)."""

import datetime as dt

import pytest
from textual.widgets import Static

from mazegame import cli
from mazegame.games import daily
from mazegame.games.daily import daily_seed, daily_setup, today
from mazegame.games.modes import MODES
from mazegame.storage import Store
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.dialogs import SetupScreen
from mazegame.ui.screens.walk import WalkScreen

DAY = dt.date(2026, 11, 27)  #: a fixed day, for a game whose route is known


def opened_by(monkeypatch, argv):
    """The app `mazegame ARGV` would run (run_app stubbed to hand it back)."""
    import mazegame.ui.run

    apps = []
    monkeypatch.setattr(mazegame.ui.run, "run_app", lambda app: apps.append(app) or 0)
    assert cli.main(argv) == 0
    [app] = apps
    return app


def status_line(screen) -> str:
    return str(screen.query_one("#status", Static).render())


async def test_the_daily_command_plays_the_days_maze_to_the_share_line(monkeypatch, helpers):
    app = opened_by(monkeypatch, ["daily"])
    day = today()
    assert app.initial_setup == daily_setup(day, "classic")
    assert app.initial_setup.seed == daily_seed(day, "classic")
    app.warm_up_enabled = False
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, WalkScreen) and screen.setup.daily == day.isoformat()
        assert f"maze of the day {day.isoformat()}" in status_line(screen)
        maze = screen.game.maze
        assert (maze.width, maze.height) == daily.DAILY_SIZE
        path = screen.game.shortest_path()
        keys = helpers.keys_for_path(maze, path)
        await pilot.press(keys[0], {"up": "down", "down": "up", "left": "right",
                                    "right": "left"}[keys[0]])  # a step there and back
        for key in keys:
            await pilot.press(key)
        await helpers.settle(pilot)
        game = screen.game
        assert game.won and game.moves == len(path) + 1
        line = daily.share_line(day, "classic", game.moves, game.shortest, game.elapsed)
        assert line.startswith(f"mazegame daily {day.isoformat()} classic: {game.moves} moves "
                               f"(par {game.shortest}) ★★☆ ")
        panel = str(screen.query_one("#end-panel", Static).render())
        assert line in panel and "c  copy this line to share" in panel
        await pilot.press("c")
        assert app.clipboard == line
        assert app.share_lines == [line]  # printed on the terminal as the app closes
    store = Store()
    [saved] = store.daily(day.isoformat())
    store.close()
    assert (saved.mode, saved.won, saved.moves, saved.daily) == \
        ("classic", True, game.moves, day.isoformat())


async def test_a_past_day_opens_that_days_chase(monkeypatch, helpers):
    app = opened_by(monkeypatch, ["daily", "2026-01-01", "--mode", "chase"])
    day = dt.date(2026, 1, 1)
    assert app.initial_setup == daily_setup(day, "chase")
    app.warm_up_enabled = False
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert screen.setup.seed == 272928732 and screen.setup.settings.difficulty == "normal"
        assert "maze of the day 2026-01-01" in status_line(screen)
        await pilot.press("n")  # a new maze is no longer the day's
        await helpers.settle(pilot)
        assert screen.setup.daily is None and "maze of the day" not in status_line(screen)


@pytest.mark.parametrize("mode", ["chase", "jump"])
async def test_the_setup_dialog_offers_the_maze_of_the_day_one_key_away(mode, helpers):
    app = MazeApp(warm_up=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        app.choose_mode(mode)
        await pilot.pause()
        dialog = app.screen
        offered = daily.has_daily(MODES[mode])
        assert isinstance(dialog, SetupScreen) and bool(dialog.query("#daily")) == offered
        await pilot.press("d")
        await helpers.settle(pilot)
        if not offered:  # the jumping maze: no maze of the day, the dialog stays
            assert app.screen is dialog
            return
        assert app.screen.setup == daily_setup(today(), mode)
        assert f"maze of the day {today().isoformat()}" in status_line(app.screen)


def test_the_list_shows_the_days_seeds_and_your_best(capsys):
    day = today().isoformat()
    store = Store()
    for moves, won in ((120, False), (95, True), (99, True)):
        store.record("race", "k", won=won, moves=moves, optimum=90, seconds=75.0, daily=day)
    store.record("race", "k", won=True, moves=91, optimum=90, seconds=5.0)  # no daily
    store.close()
    assert cli.main(["daily", "--list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"Mazes of the day, {day} (UTC)")
    assert [line.split()[0] for line in out[1:]] == list(daily.daily_modes())
    race = next(line for line in out if line.startswith("race"))
    assert f"seed {daily_seed(today(), 'race')}" in race
    assert race.endswith("your best: 95 moves (par 90) ★★☆ 1:15 (3 games)")
    assert next(line for line in out if line.startswith("classic")).endswith("not played")


async def test_the_records_show_todays_daily_and_its_replay_replays_it(helpers):
    from mazegame.games.replay import Recording
    from mazegame.ui.screens.records import RecordsScreen
    from mazegame.ui.screens.replay_view import replay_title

    app = MazeApp(daily_setup(today(), "classic"), warm_up=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        game = screen.game
        for key in helpers.keys_for_path(game.maze, game.shortest_path()):
            await pilot.press(key)
        await helpers.settle(pilot)
        assert game.won
        app.push_screen(RecordsScreen())
        await helpers.settle(pilot)
        title = str(app.screen.query_one("#records-title", Static).render())
        assert f"Today's daily ({today().isoformat()}): classic {game.moves} moves ★★★" in title
        table = app.screen.query_one("#records-table")
        maze = str(table.get_row_at(0)[list(table.columns).index("2")])
        assert maze.startswith(f"Daily {today().isoformat()}: Backtracker")
        [saved] = app.store.daily(today().isoformat())
    replayed = Recording.from_json(saved.replay).play()
    assert replayed.won and replayed.moves == game.moves
    assert (replayed.maze.walls == game.maze.walls).all()
    assert replay_title(saved).endswith(f"maze of the day {today().isoformat()}")


async def test_the_menu_opens_the_highlighted_modes_maze_of_the_day_with_d(helpers):
    from textual.widgets import OptionList

    from mazegame.games.modes import MODES

    app = MazeApp(warm_up=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        menu = app.screen
        options = menu.query_one(OptionList)
        options.highlighted = list(MODES).index("jump")  # no maze of the day: d does nothing
        await pilot.pause()
        assert "maze of the day" not in str(menu.query_one("#blurb", Static).render())
        await pilot.press("d")
        assert app.screen is menu
        options.highlighted = list(MODES).index("race")
        await pilot.pause()
        assert "d  play today's maze of the day" in str(menu.query_one("#blurb", Static).render())
        await pilot.press("d")
        await helpers.settle(pilot)
        assert app.screen.setup == daily_setup(today(), "race")


@pytest.mark.parametrize("mode", [m for m in daily.daily_modes()
                                  if MODES[m].interpretation is not None])
async def test_an_interpreted_maze_of_the_day_ends_with_its_share_line(mode, helpers):
    from mazegame.games.interpreted.base import needs_answer

    app = MazeApp(daily_setup(DAY, mode), warm_up=False, clock=lambda: 0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        game = screen.game
        assert (game.maze.width, game.maze.height) == MODES[mode].default_size
        assert "maze of the day 2026-11-27" in status_line(screen)
        for cell in game.shortest_path()[1:]:
            options = game.scene().options
            index = next(i for i, o in enumerate(options) if o.to == cell)
            await pilot.press(str(index + 1))
            if needs_answer(options[index]):  # a problem on the way: answered right
                await pilot.press(*str(options[index].extra["answer"]), "enter")
            await pilot.pause()
        assert game.over
        line = daily.share_line(DAY, mode, game.moves, game.shortest, 0, won=game.won)
        assert line in str(screen.query_one("#end-panel", Static).render())


def test_the_list_still_names_the_days_mazes_when_your_results_cannot_be_read(capsys):
    import sqlite3

    from mazegame.results_db import SCHEMA_VERSION
    from mazegame.storage import default_path

    Store().close()
    with sqlite3.connect(default_path()) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")  # a newer mazegame's
    db.close()
    assert cli.main(["daily", "--list", "--mode", "race"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[1].startswith("race  seed ")
    assert err.startswith("mazegame: your results could not be read:") and "newer" in err
    assert err.count("\n") == 1
