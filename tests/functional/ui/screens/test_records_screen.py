"""The records screen driven by keys: sort, best/history, delete one (asked first), and a
replay watched to its end; one snapshot at 80x24."""

import time

import pytest

from mazegame.games.replay import Recording, build_game, build_maze
from mazegame.games.setup import GameSetup
from mazegame.storage import Store
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.dialogs import ConfirmScreen
from mazegame.ui.screens.records import RecordsScreen
from mazegame.ui.screens.replay_view import ReplayScreen

CHASE = GameSetup("chase", size=(7, 5), seed=4, options=(("turn_based", True),))
CLASSIC = GameSetup("classic", size=(7, 5), seed=2)


def walked(setup):
    """A game of `setup` walked along the shortest path (the demon moving in turn)."""
    game = build_game(setup, build_maze(setup, setup.size), lambda: 0.0)
    path = game.shortest_path()
    for a, b in zip(path, path[1:], strict=False):
        if game.over:
            break
        game.move(next(d for d in range(4) if game.maze.step(a, d) == b))
    return game


def fill():
    """Three saved games: a won classic and a chase with replays, an old one without."""
    store = Store()
    for n, setup in enumerate((CLASSIC, CHASE)):
        game = walked(setup)
        store.record(setup.mode, f"{setup.algorithm}:7x5:{setup.seed}:", won=game.won,
                     moves=game.moves, optimum=game.shortest, seconds=5.0 + n,
                     played_at=1_700_000_000 + 3600 * n,
                     replay=Recording.of(setup, game).to_json())
    store.record("classic", "wilson:9x6:7:", won=True, moves=30, optimum=12, seconds=9.5,
                 played_at=1_600_000_000)
    store.close()


@pytest.fixture
def utc(monkeypatch):
    """Times shown in UTC, whatever the machine's zone."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


async def open_records(pilot):
    """From the menu: the last entries are Records, Help, Quit."""
    await pilot.pause()
    await pilot.press("end", "up", "up", "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, RecordsScreen)
    return pilot.app.screen


async def test_sort_switch_views_and_delete_one_after_asking(helpers, utc):
    fill()
    app = MazeApp(warm_up=False, animations=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_records(pilot)
        assert [s.mode for s in screen.rows] == ["chase", "classic", "classic"]  # by mode
        await pilot.press("o")  # by maze (the column after the mode)
        assert [s.maze for s in screen.rows] == sorted(s.maze for s in screen.rows)
        await pilot.press("b")  # the history: newest first
        assert [s.played_at for s in screen.rows] == sorted(
            (s.played_at for s in screen.rows), reverse=True)
        doomed = screen.rows[0]
        await pilot.press("x")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # no: nothing goes
        assert len(screen.rows) == 3
        await pilot.press("x", "y")
        await pilot.pause()
        assert app.screen is screen and len(screen.rows) == 2
        assert doomed.id not in {s.id for s in Store().results()}


async def test_a_replay_is_watched_to_the_end(helpers):
    fill()
    game = walked(CHASE)
    app = MazeApp(warm_up=False, animations=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_records(pilot)  # the chase is first (by mode)
        await pilot.press("enter")
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        await pilot.press("home")  # back to the start, paused
        assert viewer.index == 0 and not viewer.playing and viewer.game.moves == 0
        await pilot.press("space", *["plus"] * 5)
        for _ in range(200):
            if not viewer.playing:
                break
            await pilot.pause(0.02)
        assert viewer.at_end and viewer.game.position == game.position
        assert viewer.game.demon_trail == game.demon_trail
        await pilot.press("left")  # a step back, then forward to the end again
        assert viewer.index == len(viewer.recording.events) - 1
        await pilot.press("right")
        assert viewer.game.moves == game.moves
        await pilot.press("q")
        assert app.screen is screen


def test_records_snapshot(snap_compare, utc):
    fill()

    async def run_before(pilot):
        await open_records(pilot)
        await pilot.press("down")

    app = MazeApp(warm_up=False, animations=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


async def test_a_game_given_up_is_saved_as_lost_with_its_replay(helpers):
    setup = GameSetup("classic", "backtracker", (7, 5), 3)
    app = MazeApp(setup, warm_up=False, animations=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        game = app.screen.game
        moves = [k for k in ("right", "down", "left", "up")]
        await pilot.press(*moves)
        assert not game.over and game.events
        await pilot.press("n")  # a new maze: this one is given up
        await helpers.settle(pilot)
        [saved] = Store().results()
        assert not saved.won and saved.moves == game.moves
        replayed = Recording.from_json(saved.replay).play()
        assert replayed.trail == game.trail
        await pilot.press("right", "q")  # back to the menu: given up too
        await pilot.pause()
        assert len(Store().results()) == 2


async def test_the_jump_blindfold_and_interpreted_replays_play_on_their_own_stages(helpers):
    """Each kind's replay, watched to its end, shows the game as it ended."""
    from mazegame.games.blindfold import LEVELS, BlindfoldGame
    from mazegame.games.interpreted.game import interpreted_maze, new_game
    from mazegame.games.jump import JumpGame, load_pack, solution_steps
    from mazegame.games.modes import load
    from mazegame.ui.widgets.jump_board import JumpBoard

    jump = JumpGame(load_pack("classics")[0])
    for step in solution_steps(jump.puzzle):
        jump.jump(step.direction)
    blindfold = BlindfoldGame(LEVELS["3x3"])
    for move in "rrdd":
        blindfold.type(move)
    setup = GameSetup("bureaucracy", size=(6, 5), seed=3)
    office = new_game("bureaucracy", seed=3, maze=interpreted_maze((6, 5), 3))
    for _ in range(6):
        office.take(0)
    games = [(GameSetup("jump"), jump), (GameSetup("blindfold"), blindfold), (setup, office)]
    app = MazeApp(warm_up=False, animations=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for setup, game in games:
            viewer = ReplayScreen(Recording.from_json(Recording.of(setup, game).to_json()))
            await app.push_screen(viewer)
            await pilot.press("end")
            assert viewer.at_end and viewer.problem == ""
            stage = viewer.query_one("#replay-stage")
            assert isinstance(stage, load(viewer.recording.kind.stage))
            status = str(viewer.query_one("#replay-status").render())
            if game is jump:
                assert viewer.query_one(JumpBoard).game.won and "solved" in status
            elif game is blindfold:
                assert viewer.game.sequence == "rrdd" and "unsolved" in status
            else:
                assert viewer.game.trail == office.trail and "refused" in status
            await pilot.press("q")
