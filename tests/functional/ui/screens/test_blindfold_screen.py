"""The blindfold puzzle and the all-mazes lab, driven by keys; a snapshot of each at 80x24."""

from mazegame.games.blindfold import known_sequence
from mazegame.games.replay import Recording
from mazegame.games.setup import GameSetup
from mazegame.storage import Store
from mazegame.ui.app import MazeApp
from mazegame.ui.keys import MOVE_KEYS
from mazegame.ui.screens.allmazes import AllMazesScreen
from mazegame.ui.screens.blindfold import LETTERS, BlindfoldScreen

#: The paper's move letter -> the arrow key that types it (from the one move-key map).
ARROW = {letter: MOVE_KEYS[direction].arrow for direction, letter in LETTERS.items()}


def blindfold_app(level="3x3"):
    return MazeApp(GameSetup("blindfold", options=(("mazes", level),)), warm_up=False)


def allmazes_app(size="3x3"):
    return MazeApp(GameSetup("allmazes", options=(("mazes", size),)), warm_up=False)


def status(app) -> str:
    return str(app.screen.query_one("#bf-status").render())


async def test_typing_the_optimum_gets_out_of_every_maze_with_three_stars(helpers):
    app = blindfold_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, BlindfoldScreen)
        assert "51 of 51 unsolved" in status(app)
        optimum = known_sequence(3, 3)
        await pilot.press(*(ARROW[move] for move in optimum[:-1]))
        assert screen.game.sequence == optimum[:-1] and screen.game.unsolved() > 0
        await pilot.press("z")  # undo, then type the last two moves
        await pilot.press(*(ARROW[move] for move in optimum[-2:]))
        assert screen.game.sequence == optimum
        assert "0 of 51 unsolved" in status(app) and "★★★" in status(app)
        assert app.store.best("blindfold", "3x3").moves == 11  # saved progress
        assert app.blindfold_sequences["3x3"] == optimum  # the lab plays it as "yours"
        await pilot.press("c")
        assert screen.game.sequence == "" and "best 11" in status(app)
        await pilot.press("right_square_bracket")  # the next level
        assert screen.game.level.name == "3x4" and "295 of 295" in status(app)
        await pilot.press("g")  # give up: the known sequence, no stars
        assert screen.game.won and "☆☆☆" in status(app)
    saved = {(s.maze, s.won, s.moves): s for s in Store().results()}
    assert set(saved) == {("3x3", True, 11), ("3x4", False, 0)}  # the win and the give-up
    win = Recording.from_json(saved["3x3", True, 11].replay).play()
    assert win.sequence == optimum and win.won
    assert Recording.from_json(saved["3x4", False, 0].replay).play().gave_up


async def test_a_sequence_left_unsolved_is_saved_as_given_up(helpers):
    app = blindfold_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        await pilot.press(ARROW["r"], ARROW["d"], "z", ARROW["r"])
        await pilot.press("q")  # back to the menu
        await pilot.pause()
    [saved] = Store().results()
    assert (saved.mode, saved.won, saved.moves, saved.optimum) == ("blindfold", False, 2, 11)
    assert Recording.from_json(saved.replay).play().sequence == "rr"


async def test_the_lab_steps_plays_and_swaps_sequences(helpers):
    app = allmazes_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, AllMazesScreen)
        await pilot.press("right", "right", "right", "left")
        assert [run.at for run in screen.lab.runs] == [2, 2]
        await pilot.press("b")
        assert screen.lab.runs[1].name == "staircase rd"
        await pilot.press("end")
        left = screen.lab.runs[0]
        assert left.finished and left.mazes.unsolved() == 0
        assert "all solved" in str(screen.query_one("#am-head-0").render())
        await pilot.press("home", "space")
        await pilot.wait_for_scheduled_animations()
        for _ in range(100):  # the timer plays on its own
            if screen.lab.runs[0].at > 0:
                break
            await pilot.pause(0.05)
        await pilot.press("space")
        assert screen.lab.runs[0].at > 0 and not screen.lab.playing


def test_blindfold_snapshot(snap_compare):
    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("down", "right", "down", "down", "right")
        await pilot.pause()

    assert snap_compare(blindfold_app(), terminal_size=(80, 24), run_before=run_before)


def test_allmazes_snapshot(snap_compare):
    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("right", "right", "right", "right", "right")
        await pilot.pause()

    assert snap_compare(allmazes_app(), terminal_size=(80, 24), run_before=run_before)
