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


async def settle(pilot):
    """The level's mazes (or the lab's sample) are listed in a worker: wait for it."""
    from tests.functional.conftest import settle as settle_app

    await settle_app(pilot)


def type_keys(sequence: str) -> list[str]:
    """The arrow keys that type a sequence of move letters."""
    return [ARROW[move] for move in sequence]


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
        await pilot.press("right_square_bracket")  # the next level, listed in a worker
        await helpers.settle(pilot)
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
        await settle(pilot)
        await pilot.press("down", "right", "down", "down", "right")
        await pilot.pause()

    assert snap_compare(blindfold_app(), terminal_size=(80, 24), run_before=run_before)


def test_allmazes_snapshot(snap_compare):
    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("right", "right", "right", "right", "right")
        await pilot.pause()

    assert snap_compare(allmazes_app(), terminal_size=(80, 24), run_before=run_before)


# -- the levels 3x5 and 4x5 ------------------------------------------------------------------
async def test_the_new_levels_are_chosen_played_and_won_at_par_with_stars(helpers):
    app = blindfold_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("right_square_bracket", "right_square_bracket")  # 3x4, then 3x5
        await settle(pilot)
        assert screen.game.level.name == "3x5" and "par 29" in status(app)
        assert "1632 of 1632 unsolved" in status(app)
        await pilot.press(*type_keys(known_sequence(3, 5)))
        assert "0 of 1632 unsolved" in status(app) and "★★★" in status(app)
        assert "29 moves: par" in str(screen.query_one("#bf-note").render())
        await pilot.press("right_square_bracket", "right_square_bracket")  # 4x4, then 4x5
        await settle(pilot)
        assert screen.game.level.name == "4x5" and screen.game.sequence == ""
        assert "par 60  moves 0  46557 of 46557 unsolved  ☆☆☆" in status(app)
        await pilot.press(*type_keys(known_sequence(4, 5)[:30]))
        assert 0 < screen.game.unsolved() < 46557  # progress, counted
        await pilot.press("c", ARROW["u"], *type_keys(known_sequence(4, 5)))  # a bump first
        assert "0 of 46557 unsolved" in status(app) and "★★☆" in status(app)
        await pilot.press("c", *type_keys(known_sequence(4, 5)))
        assert "★★★" in status(app) and "best 60" in status(app)
        await pilot.press("c", "g")  # the reveal: the best known, not proved
        note = str(screen.query_one("#bf-note").render())
        assert "best known" in note and "not proved optimal" in note and "Beat it" in note
    wins = {(s.maze, s.moves) for s in Store().results() if s.won}
    assert wins == {("3x5", 29), ("4x5", 61), ("4x5", 60)}


async def test_while_a_level_is_listed_it_says_so_and_only_the_levels_and_menu_take_keys():
    app = blindfold_app("4x5")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.open(screen.level)  # as a level change does, before its worker is done
        assert screen.game is None and "listing all 46557 mazes" in status(app)
        assert screen.check_action("move", ("south",)) is None
        assert screen.check_action("give_up", ()) is None
        assert screen.check_action("level", (1,)) and screen.check_action("app.pop_screen", ())
        await settle(pilot)
        assert screen.game.level.name == "4x5" and screen.check_action("move", ("south",))


async def test_typing_stops_at_max_moves_with_a_bell_and_a_word(helpers):
    from mazegame.games.blindfold import MAX_MOVES

    app = blindfold_app("4x5")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.game.set_sequence("u" * (MAX_MOVES - 1))
        await pilot.press(ARROW["d"], ARROW["d"])
        assert len(screen.game.sequence) == MAX_MOVES and screen.game.sequence[-1] == "d"
        assert f"stops at {MAX_MOVES} moves" in str(screen.query_one("#bf-note").render())


def test_blindfold_4x5_snapshot(snap_compare):
    async def run_before(pilot):
        await settle(pilot)
        await pilot.press(*type_keys(known_sequence(4, 5)[:12]))
        await pilot.pause()

    assert snap_compare(blindfold_app("4x5"), terminal_size=(80, 24), run_before=run_before)


# -- all mazes at once: a 5x5 sample ---------------------------------------------------------
async def test_the_5x5_lab_shows_a_sample_solved_by_the_shipped_sequence_and_redraws_it(
        helpers):
    app = allmazes_app("5x5")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        lab = screen.lab
        top = str(screen.query_one("#am-status").render())
        assert "All 5x5 mazes at once  60 of 482,443 classes  sample 1" in top
        assert "spread over when the best known" in str(screen.query_one("#am-about").render())
        left = lab.runs[0]
        assert left.sequence == known_sequence(5, 5) and len(left.mazes) == 60
        await pilot.press("right", "right", "right")
        assert [run.at for run in lab.runs] == [3, 3]
        first = lab.drawn.masks.copy()
        await pilot.press("s")  # another sample, each side as far in
        await settle(pilot)
        assert screen.lab is not lab and "sample 2" in str(screen.query_one("#am-status").render())
        assert not (screen.lab.drawn.masks == first).all()
        assert [run.at for run in screen.lab.runs] == [3, 3]
        await pilot.press("end")
        left = screen.lab.runs[0]
        assert left.finished and left.mazes.unsolved() == 0  # every sampled maze solved
        head = str(screen.query_one("#am-head-0").render())
        assert "all solved of 60 drawn" in head and "all 482,443: 0 unsolved" in head


async def test_the_5x5_sample_fits_80x24_and_reads_by_its_glyphs_alone(helpers):
    """Not a snapshot: the shipped 5x5 sequence is being shortened (its length is on the
    screen). The text on the terminal, without colour: every line fits, the sample's count,
    what it is and its key are there, and a maze reads solved by its glyphs alone."""
    from tests.functional.ui.contract import screen_text, widget_text

    app = allmazes_app("5x5")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        lines = text.splitlines()
        assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
        assert "60 of 482,443 classes  sample 1" in lines[0]
        assert "spread over when the best known" in text and "s: another" in text
        assert "all 482,443: 482,443 unsolved" in text and "s New sample" in lines[-1]
        grid = widget_text(app, app.screen.query_one("#am-grid-0"))
        assert grid.count("@") >= 6 and "·" in grid  # the first row of mazes, unsolved
        await pilot.press("end")
        grid = widget_text(app, app.screen.query_one("#am-grid-0"))
        assert "@" not in grid and "·" not in grid and "•" in grid  # all solved: lit
