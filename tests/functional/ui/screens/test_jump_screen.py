"""The jumping-maze screen, driven by real keys and clicks through Textual's Pilot."""

from __future__ import annotations

import pytest
from textual.app import App

from mazegame.engine.jump.file import from_text
from mazegame.ui.screens.jump import JumpScreen
from mazegame.ui.widgets.jump_board import JumpBoard

CHAIN_REACTION = from_text("""\
4 4 2 2 2 5
5 1 2 3 1 2
3 3 3 2 3 4
2 1 2 2 3 5
3 3 3 3 4 1
4 3 5 2 5 G
""")
# Seed 003's solution 0 24 6 11 23 18 20 22 19 25 7 1 5 35, as arrow keys.
SOLUTION_KEYS = ["down", "up", "right", "down", "left", "right", "right", "left", "down",
                 "up", "up", "right", "down"]


class Host(App):
    """Just the screen under test, with the app's stylesheet."""

    CSS_PATH = "../../../../mazegame/ui/mazegame.tcss"

    def __init__(self, screen: JumpScreen) -> None:
        super().__init__()
        self.test_screen = screen
        self.solved: list[JumpScreen.Solved] = []

    def on_mount(self) -> None:
        self.push_screen(self.test_screen)

    def on_jump_screen_solved(self, message: JumpScreen.Solved) -> None:
        self.solved.append(message)


def panel_text(screen: JumpScreen) -> str:
    return str(screen.query_one("#end-panel").render())


async def test_pilot_plays_chain_reaction_to_the_optimum():
    screen = JumpScreen([CHAIN_REACTION], pack="test")
    app = Host(screen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*SOLUTION_KEYS)
        await pilot.pause()
        assert screen.game.won and screen.game.moves == 13
        assert screen.query_one("#end-panel").display
        assert "13 jumps: par!" in panel_text(screen)
        assert [(m.pack, m.index, m.moves, m.optimum) for m in app.solved] == [("test", 0, 13, 13)]


async def test_a_longer_route_is_measured_against_the_optimum():
    screen = JumpScreen([CHAIN_REACTION], pack="test")
    async with Host(screen).run_test(size=(100, 30)) as pilot:
        # Detour (0,0) -> (0,4) -> (0,2) -> (0,0), then the solution.
        await pilot.press("right", "left", "left", *SOLUTION_KEYS)
        await pilot.pause()
        assert screen.game.won and screen.game.moves == 16
        assert "against par 13: 3 over par" in panel_text(screen)


async def test_undo_and_reset():
    screen = JumpScreen([CHAIN_REACTION], pack="test")
    async with Host(screen).run_test(size=(100, 30)) as pilot:
        await pilot.press("down", "up", "right")
        assert screen.game.position == 11 and screen.game.moves == 3
        await pilot.press("z")
        assert screen.game.position == 6 and screen.game.moves == 2
        await pilot.press("r")
        assert screen.game.position == 0 and screen.game.moves == 0
        await pilot.press("z")  # nothing to undo at the start
        assert screen.game.moves == 0


async def test_illegal_jump_is_refused():
    screen = JumpScreen([CHAIN_REACTION], pack="test")
    async with Host(screen).run_test(size=(100, 30)) as pilot:
        await pilot.press("up", "left", "y")  # off the board; diagonal in a rook puzzle
        assert screen.game.moves == 0 and screen.game.position == 0


async def test_click_on_a_legal_target_jumps_there():
    screen = JumpScreen([CHAIN_REACTION], pack="test")
    async with Host(screen).run_test(size=(100, 30)) as pilot:
        board = screen.query_one(JumpBoard)
        cw, ch = board.cell_size()
        ox, oy = board.origin()
        await pilot.click(JumpBoard, offset=(ox + 3 * cw + 1, oy + 0 * ch))  # (0,3): no jump
        assert screen.game.moves == 0
        await pilot.click(JumpBoard, offset=(ox + 0 * cw + 1, oy + 4 * ch))  # (4,0): legal
        assert screen.game.position == 24


async def test_hint_and_easy_toggle_and_packs_cycle():
    screen = JumpScreen(pack="classics")
    async with Host(screen).run_test(size=(100, 30)) as pilot:
        await pilot.press("t", "e")
        board = screen.query_one(JumpBoard)
        assert board.show_visited and board.show_targets
        status = str(screen.query_one("#status").render())
        assert "hint" in status and "easy" in status
        await pilot.press("right_square_bracket")
        assert screen.index == 1 and screen.game.puzzle.width == 5


@pytest.mark.slow
async def test_puzzle_of_the_day():
    screen = JumpScreen([CHAIN_REACTION], pack="test")
    async with Host(screen).run_test(size=(100, 30)) as pilot:
        await pilot.press("D")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert screen.pack.startswith("daily ") and screen.game.puzzle.width == 5


async def test_daily_pack_designs_on_mount_and_fresh_designs_a_like_puzzle():
    screen = JumpScreen(pack="daily")
    async with Host(screen).run_test(size=(100, 30)) as pilot:
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert screen.pack.startswith("daily ") and screen.game is not None
        await pilot.press("f")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert screen.pack.startswith("fresh #") and screen.game.puzzle.width == 5
        assert screen.game.moves == 0


def test_mode_factory_reads_the_pack_option():
    from mazegame.games.setup import GameSetup
    from mazegame.ui.screens import SCREENS

    screen = SCREENS["jump"](GameSetup(mode="jump", options=(("pack", "queen"),)))
    assert screen.pack == "queen" and screen.game.puzzle.moves == "queen"


async def test_pack_progress_is_remembered():
    from mazegame.games.setup import GameSetup
    from mazegame.ui.app import MazeApp

    setup = GameSetup("jump", options=(("pack", "classics"),))
    app = MazeApp(setup, warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.index == 0 and screen.game.puzzle.width == 6  # Chain Reaction first
        await pilot.press(*SOLUTION_KEYS)
        await pilot.pause()
        assert screen.game.won
    again = MazeApp(setup, warm_up=False)
    async with again.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert screen.index == 1  # resumes at the first unsolved puzzle
        await pilot.press("left_square_bracket")  # back to Chain Reaction
        await pilot.pause()
        assert "✓ solved, best 13" in str(screen.query_one("#status").render())


async def test_the_newest_design_wins(monkeypatch):
    # f then D: the fresh puzzle's design is slow (a first launch compiling), the daily one
    # quick. Before, the fresh design landed last and replaced the puzzle asked for later.
    import threading

    from mazegame.ui.screens import jump as jump_module

    gate, design = threading.Event(), jump_module.design

    def slow_design(*args, **kwargs):
        gate.wait(10)
        return design(*args, **kwargs)

    monkeypatch.setattr(jump_module, "design", slow_design)
    screen = JumpScreen([CHAIN_REACTION], pack="test")
    async with Host(screen).run_test(size=(100, 30)) as pilot:
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("D")
        for _ in range(50):  # the daily design lands first
            await pilot.pause(0.05)
            if screen.pack.startswith("daily "):
                break
        assert screen.pack.startswith("daily ")
        gate.set()
        await screen.workers.wait_for_complete()
        await pilot.pause(0.2)
        assert screen.pack.startswith("daily ")


def square_texts(board: JumpBoard) -> dict[int, str]:
    """The text of every square's middle row, by cell (what a terminal without colour shows)."""
    p = board.game.puzzle
    cw, ch = board.cell_size()
    ox, oy = board.origin()
    texts = {}
    for r in range(p.height):
        line = board.render_line(oy + r * ch + ch // 2).text
        for c in range(p.width):
            texts[r * p.width + c] = line[ox + c * cw: ox + (c + 1) * cw]
    return texts


async def test_without_colour_glyphs_tell_the_squares_and_marks_apart(monkeypatch):
    from mazegame.ui.palette import DEFAULT

    monkeypatch.setenv("NO_COLOR", "1")
    screen = JumpScreen([CHAIN_REACTION], pack="test")
    async with Host(screen).run_test(size=(100, 30)) as pilot:
        board = screen.query_one(JumpBoard)
        texts = square_texts(board)
        # (0,2) and (0,3) both hold 2, on a light and a dark square: the text alone differs.
        assert CHAIN_REACTION.jumps[0, 2] == CHAIN_REACTION.jumps[0, 3] == 2
        assert texts[2].strip() != texts[3].strip()
        assert DEFAULT.GLYPH_PLAYER in texts[0]
        await pilot.press("e")  # easy mode: (0,4) and (4,0) are one jump away
        texts = square_texts(board)
        assert DEFAULT.GLYPH_TARGET in texts[4] and DEFAULT.GLYPH_TARGET in texts[24]
        assert DEFAULT.GLYPH_TARGET not in texts[3]
        await pilot.press("e", "down", "t")  # to (4,0); the hint marks the start as visited
        texts = square_texts(board)
        assert DEFAULT.GLYPH_PLAYER in texts[24] and DEFAULT.GLYPH_TRAIL in texts[0]


def status_text(screen: JumpScreen) -> str:
    return str(screen.query_one("#status").render())


async def test_par_is_shown_while_playing_and_judged_at_the_end():
    screen = JumpScreen([CHAIN_REACTION], pack="test")
    async with Host(screen).run_test(size=(100, 30)) as pilot:
        assert "Jumps 0 · par 13" in status_text(screen)
        await pilot.press("right", "left", "left")  # a detour of three jumps
        assert "Jumps 3 · par 13" in status_text(screen)
        await pilot.press(*SOLUTION_KEYS)
        await pilot.pause()
        assert "Jumps 16 · par 13 (+3)" in status_text(screen)
        assert "16 jumps against par 13: 3 over par" in panel_text(screen)


# -- progress is keyed by the puzzle's content -----------------------------------------------
NELLER = from_text("""\
3 4 1 3 1
3 3 3 G 2
3 1 2 2 3
4 2 3 3 3
4 1 4 3 2
""")


async def open_jump(app, puzzles, pack):
    """Push a jump screen playing `puzzles` as pack `pack` onto a running app."""
    screen = JumpScreen(puzzles, pack=pack)
    app.push_screen(screen)
    return screen


async def test_progress_follows_the_puzzle_not_its_place_in_a_pack():
    # Keyed by "pack#index", a renamed pack lost its results and an edited one showed
    # them on whatever puzzle took the solved one's place.
    from mazegame.ui.app import MazeApp

    app = MazeApp(warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_jump(app, [CHAIN_REACTION, NELLER], "mine")
        await pilot.pause()
        await pilot.press(*SOLUTION_KEYS)
        await pilot.pause()
        assert screen.game.won
        await pilot.press("escape")
        renamed = await open_jump(app, [NELLER, CHAIN_REACTION], "renamed")  # reordered too
        await pilot.pause()
        assert renamed.index == 0 and "✓ solved" not in status_text(renamed)
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert renamed.index == 1 and "✓ solved, best 13" in status_text(renamed)
        await pilot.press("escape")
        edited = await open_jump(app, [NELLER], "mine")  # the same name, another puzzle first
        await pilot.pause()
        assert "✓ solved" not in status_text(edited)


def legacy_rows(store, key):
    return store._query("SELECT moves, optimum, played_at FROM results WHERE maze = ?", (key,))


async def test_results_saved_under_the_old_keys_are_kept_and_moved_where_they_match():
    from mazegame.games.jump import load_pack, progress_key
    from mazegame.storage import Store
    from mazegame.ui.app import MazeApp

    old = Store()
    # classics#0 is Chain Reaction (optimum 13) then and now: moved to its content key.
    old.record("jump", "classics#0", won=True, moves=15, optimum=13, seconds=0.0)
    # rook#0 was an 8-jump puzzle before the packs were regenerated; today's is 19 jumps.
    old.record("jump", "rook#0", won=True, moves=8, optimum=8, seconds=0.0)
    for junk in ("rook#x", "rook#99", "rook#", "fresh #5#0", "daily 2026-11-20#0", "#"):
        old.record("jump", junk, won=True, moves=3, optimum=3, seconds=0.0)
    old.close()
    from mazegame.games.setup import GameSetup

    for _ in range(2):  # twice: the move happens once
        app = MazeApp(GameSetup("jump", options=(("pack", "classics"),)), warm_up=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert screen.index == 1  # Chain Reaction counts as solved: resume after it
            await pilot.press("left_square_bracket")
            await pilot.pause()
            assert "✓ solved, best 15" in status_text(screen)
            rook = await open_jump(app, load_pack("rook"), "rook")
            await pilot.pause()
            assert rook.index == 0 and "✓ solved" not in status_text(rook)
    store = Store()
    chain = progress_key(load_pack("classics")[0])
    assert [row[:2] for row in legacy_rows(store, chain)] == [(15, 13)]
    assert legacy_rows(store, chain)[0][2] == legacy_rows(store, "classics#0")[0][2]
    assert [row[:2] for row in legacy_rows(store, "rook#0")] == [(8, 8)]  # kept, not moved
    assert legacy_rows(store, progress_key(load_pack("rook")[0])) == []
    store.close()


# -- opening a puzzle, help ------------------------------------------------------------------
async def test_o_opens_the_puzzle_selected_in_the_list():
    # `o` switched to the next pack and always opened its puzzle 1.
    from mazegame.games.jump import load_pack
    from mazegame.ui.screens.jump_picker import PuzzlePicker

    screen = JumpScreen(pack="classics", index=1)
    async with Host(screen).run_test(size=(100, 30)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        picker = screen.app.screen
        assert isinstance(picker, PuzzlePicker)
        assert picker.highlighted_puzzle() == ("classics", 1)  # where you are
        want = picker.entries.index(("rook", 4))
        for _ in range(50):
            if picker.highlighted_puzzle() == ("rook", 4):
                break
            await pilot.press("down")
        assert picker.highlighted_puzzle() == ("rook", 4)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.app.screen is screen and want >= 0
        assert (screen.pack, screen.index) == ("rook", 4)
        assert screen.game.puzzle == load_pack("rook")[4] and screen.game.moves == 0
        await pilot.press("o")
        await pilot.pause()
        assert screen.app.screen.highlighted_puzzle() == ("rook", 4)
        await pilot.press("escape")  # nothing chosen: the puzzle stays
        await pilot.pause()
        assert screen.app.screen is screen and (screen.pack, screen.index) == ("rook", 4)


async def test_help_is_the_jumping_puzzles_own():
    # `?` showed the Classic mode's help (walls, one-way doors) over the jump screen.
    from mazegame.games.setup import GameSetup
    from mazegame.ui.app import HELP_INTRO, MazeApp
    from mazegame.ui.screens.dialogs import HelpScreen

    app = MazeApp(GameSetup("jump", options=(("pack", "classics"),)), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        intro = help_screen.intro
        assert intro != HELP_INTRO and "wall" not in intro
        for words in ("exactly", "up, down, left or right", "par", "shortest"):
            assert words in intro, words
        keys = dict((label, keys) for keys, label in help_screen.rows)
        assert any("open" in label.lower() for label in keys)  # the screen's own keys


# -- saved attempts and their replays -------------------------------------------------------
async def test_every_attempt_is_saved_with_its_replay_a_give_up_as_lost():
    from mazegame.games.jump import progress_key
    from mazegame.games.replay import Recording
    from mazegame.storage import Store
    from mazegame.ui.app import MazeApp

    app = MazeApp(warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = await open_jump(app, [CHAIN_REACTION, NELLER], "mine")
        await pilot.pause()
        await pilot.press("right", "left", "z", "r")  # jumps, an undo, a reset: one attempt
        await pilot.press(*SOLUTION_KEYS)
        await pilot.pause()
        assert screen.game.won
        await pilot.press("right_square_bracket")  # the next puzzle: untouched, not saved
        await pilot.press("down", "right_square_bracket")  # tried and left: given up
        await pilot.press("right", "escape")  # tried, then back to the menu: given up
        await pilot.pause()
    saved = sorted(Store().results(), key=lambda s: s.played_at)
    assert [(s.maze, s.won, s.moves) for s in saved] == [
        (progress_key(CHAIN_REACTION), True, 13), (progress_key(NELLER), False, 1),
        (progress_key(CHAIN_REACTION), False, 1)]
    won = Recording.from_json(saved[0].replay)
    assert won.events[:4] == ("j2", "j6", "u", "z")  # right, left, undo, reset
    assert won.play().won and won.play().moves == 13 and saved[0].seconds > 0
    assert Recording.from_json(saved[1].replay).play().moves == 1
