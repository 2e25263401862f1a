"""Saved-results trouble reaches the player as a notice, and the game never crashes on it."""

import sqlite3

from mazegame.games.setup import GameSetup
from mazegame.results_db import SCHEMA_VERSION
from mazegame.storage import Store, default_path
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.walk import WalkScreen

SETUP = GameSetup("classic", "wilson", (9, 6), 7)
GARBAGE = bytes(range(256))


def shown(app):
    """The text of every notice on screen."""
    return [str(toast.render()) for toast in app.screen.query("Toast")]


def damage_middle_pages(path, pages=4):
    """Overwrite pages in the middle of the file with garbage (and bump its change counter)."""
    with sqlite3.connect(path) as db:
        size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    count = path.stat().st_size // size
    assert count > 50
    with open(path, "r+b") as f:
        f.seek((count // 2) * size)
        f.write(GARBAGE * (size * pages // len(GARBAGE)))
        f.seek(24)
        counter = int.from_bytes(f.read(4), "big")
        f.seek(24)
        f.write((counter + 1).to_bytes(4, "big"))


async def test_winning_with_a_damaged_results_file_shows_a_notice(helpers):
    """Issue 12: the file opened fine, then the best-score lookup met a bad page and crashed."""
    path = default_path()
    app = MazeApp(SETUP, warm_up=False)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, WalkScreen) and shown(app) == []
        with sqlite3.connect(path) as db:  # a long history of this very maze...
            db.executemany(
                "INSERT INTO results (mode, maze, won, moves, optimum, seconds, played_at)"
                " VALUES ('classic', ?, 1, ?, 1, 1.0, 0)",
                [(screen.maze_key(), 40 + i % 9) for i in range(3000)])
        db.close()
        damage_middle_pages(path)  # ...then the disk damages it while we play
        game = screen.game
        for key in helpers.keys_for_path(game.maze, game.shortest_path()):
            await pilot.press(key)
        await helpers.settle(pilot)
        assert game.won and screen.query_one("#end-panel").display
        [notice] = shown(app)
        assert "damaged" in notice and str(path) in notice
        assert screen.previous_best is None  # the damaged history is not trusted
    kept = list(path.parent.glob("*.corrupt-*"))
    assert len(kept) == 1 and GARBAGE in kept[0].read_bytes()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT moves FROM results").fetchall() == [(game.moves,)]
    db.close()


async def test_a_results_file_from_a_newer_version_is_named_on_the_menu(helpers):
    path = default_path()
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    before = path.read_bytes()
    app = MazeApp(warm_up=False)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await helpers.settle(pilot)
        [notice] = shown(app)
        assert "newer" in notice and "not being saved" in notice and str(path) in notice
    assert path.read_bytes() == before


async def test_a_result_waits_for_another_games_lock_and_is_saved_at_quit(helpers):
    path = default_path()
    app = MazeApp(SETUP, warm_up=False)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await helpers.settle(pilot)
        app.store.wait = 0.2  # keep the test short: the bounded wait, made shorter
        app.store.db.execute("PRAGMA busy_timeout = 200")
        other = sqlite3.connect(path, isolation_level=None)  # a second game, mid-save
        other.execute("BEGIN EXCLUSIVE")
        game = app.screen.game
        for key in helpers.keys_for_path(game.maze, game.shortest_path()):
            await pilot.press(key)
        await helpers.settle(pilot)
        assert game.won
        [notice] = shown(app)
        assert "busy" in notice and "kept" in notice and str(path) in notice
        other.execute("COMMIT")
        other.close()
    assert list(path.parent.glob("*.corrupt-*")) == []
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT moves FROM results").fetchall() == [(game.moves,)]
    db.close()


async def test_a_result_that_cannot_be_saved_is_said_on_screen_and_kept_for_the_next_launch(
        helpers):
    """The lock outlives the game: the result was dropped, and "could not be saved" was said
    after the screen had gone."""
    path = default_path()
    Store(path).close()
    other = sqlite3.connect(path, isolation_level=None)  # another program, all along
    other.execute("BEGIN EXCLUSIVE")
    app = MazeApp(SETUP, warm_up=False)
    try:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await helpers.settle(pilot)
            app.store.wait = 0.2  # the bounded wait, made shorter
            game = app.screen.game
            for key in helpers.keys_for_path(game.maze, game.shortest_path()):
                await pilot.press(key)
            await helpers.settle(pilot)
            assert game.won
            assert any("1 result kept in mazegame.sqlite3.unsaved.jsonl" in notice
                       for notice in shown(app))  # while the game is still on screen
            assert "Not saved yet" in str(app.screen.query_one("#end-panel").render())
        assert "1 finished game not in" in app.unsaved_note  # said after the app
    finally:
        other.close()
    launch = Store(path)
    assert [(s.id, s.moves) for s in launch.results()] == [(1, game.moves)]
    launch.close()


async def test_ctrl_c_quits_with_the_status_of_an_interrupt_and_ctrl_q_with_0(helpers):
    for key, status in (("ctrl+c", 130), ("ctrl+q", 0)):
        app = MazeApp(warm_up=False)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await helpers.settle(pilot)
            await pilot.press(key)
            await pilot.pause()
            assert shown(app) == []  # not "press ctrl+q to quit"
        assert app.return_code == status


async def test_the_records_screen_says_when_the_saved_games_cannot_be_read(helpers):
    """Not "No games saved yet" while another program holds the file."""
    from mazegame.ui.screens.records import RecordsScreen

    path = default_path()
    store = Store(path)
    store.record("classic", "k", won=True, moves=3, optimum=3, seconds=1.0)
    store.close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    app = MazeApp(warm_up=False)
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await helpers.settle(pilot)
            app.push_screen(RecordsScreen())
            await pilot.pause()
            title = str(app.screen.query_one("#records-title").render())
            assert "could not be read: another program holds" in title
            assert "No games saved yet" not in title
    finally:
        other.close()
