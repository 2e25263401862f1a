"""The jumping-maze screen on hexagons and triangles, driven by keys and clicks (Pilot)."""

from __future__ import annotations

import numpy as np

from mazegame.engine.jump.tiles import TilePuzzle, board_of
from mazegame.games.jump import load_pack
from mazegame.ui.screens.jump import JumpScreen
from mazegame.ui.widgets.jump_board import JumpBoard
from tests.functional.ui.screens.test_jump_screen import Host, panel_text, status_text

#: A hexagon of side 2, cells row by row: (0,-1) (1,-1) / (-1,0) (0,0) (1,0) / (-1,1) (0,1);
#: the goal is (1,-1). From the top-left corner 0: 2 south-east to (0,1), 1 north-west to
#: the middle, 1 north-east to G: the only route of three jumps (by hand: (0,-1)'s 2 has
#: one way, and G's neighbours (0,-1), (0,0), (1,0) only the middle is reached by a 1).
SMALL_HEX = TilePuzzle("hex", 2, [2, 0, 1, 1, 2, 1, 1], 0, 1)
SOLUTION_KEYS = ["n", "y", "u"]  # south-east, north-west, north-east


def cell_text(board: JumpBoard, cell: int) -> str:
    """What a terminal without colour shows where the cell's number goes."""
    y, x, width = board.picture.slots[cell]
    ox, oy = board.tile_origin()
    return board.render_line(oy + y).text[ox + x: ox + x + width]


async def test_a_small_hex_puzzle_solved_by_keys():
    screen = JumpScreen([SMALL_HEX], pack="test")
    app = Host(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*SOLUTION_KEYS)
        await pilot.pause()
        assert screen.game.won and screen.game.moves == 3
        assert "3 jumps: par!" in panel_text(screen)
        assert [(m.moves, m.optimum) for m in app.solved] == [(3, 3)]


async def test_up_and_down_take_the_one_slanted_jump_that_can_be_made():
    screen = JumpScreen([SMALL_HEX], pack="test")
    async with Host(screen).run_test(size=(80, 24)) as pilot:
        await pilot.press("up")  # neither upward line stays on the board: a bump
        assert screen.game.position == 0
        await pilot.press("down")  # from the corner only south-east lands (on (0,1))
        assert screen.game.position == 6
        await pilot.press("up")  # north-east and north-west both land: which? no jump
        assert screen.game.position == 6
        await pilot.press("y", "u")
        await pilot.pause()
        assert screen.game.won


async def test_keys_that_leave_the_board_bump_and_undo_goes_back():
    screen = JumpScreen([SMALL_HEX], pack="test")
    async with Host(screen).run_test(size=(80, 24)) as pilot:
        await pilot.press("y", "left", "u", "b")  # each line of two leaves the board
        assert screen.game.moves == 0
        await pilot.press("n", "z")
        assert screen.game.position == 0 and screen.game.moves == 0


async def test_the_board_shows_numbers_player_goal_and_targets_without_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    screen = JumpScreen([SMALL_HEX], pack="test")
    async with Host(screen).run_test(size=(80, 24)) as pilot:
        board = screen.query_one(JumpBoard)
        assert "@2" in cell_text(board, 0)
        assert cell_text(board, 1).strip() == "G"
        assert "*" in cell_text(board, 6)  # the one legal jump, marked from the start
        assert "*" not in cell_text(board, 4)
        assert cell_text(board, 2).strip() == "1"
        await pilot.press("n")
        assert "@1" in cell_text(board, 6) and "[2]" in cell_text(board, 0)
        assert "hexagon, side 2" in status_text(screen)


async def test_a_click_on_a_target_jumps_there():
    screen = JumpScreen([SMALL_HEX], pack="test")
    async with Host(screen).run_test(size=(80, 24)) as pilot:
        board = screen.query_one(JumpBoard)
        y, x, _ = board.picture.slots[6]
        ox, oy = board.tile_origin()
        await pilot.click(JumpBoard, offset=(ox + x + 1, oy + y))
        assert screen.game.position == 6


async def test_every_pack_puzzle_fits_80x24_and_a_triangle_pack_plays():
    screen = JumpScreen(pack="triangle")
    async with Host(screen).run_test(size=(80, 24)) as pilot:
        board = screen.query_one(JumpBoard)
        for _ in range(len(screen.puzzles)):
            pic = board.picture
            assert pic.width <= board.size.width and pic.height <= board.size.height
            await pilot.press("right_square_bracket")
        first = screen.game.puzzle
        assert first.tiling == "triangle"
        legal = screen.game.options()
        assert legal  # the start has a jump, and a click or a key makes it
    for tiling in ("hex", "triangle"):
        for p in load_pack(tiling):
            assert p.cells <= 96


async def test_a_large_board_scrolls_to_the_player():
    side = 8
    board_cells, land = board_of("hex", side)
    jumps = np.ones(board_cells.size, dtype=np.int32)
    jumps[-1] = 0
    puzzle = TilePuzzle("hex", side, jumps, 0, board_cells.size - 1)
    screen = JumpScreen([puzzle], pack="big")
    async with Host(screen).run_test(size=(80, 24)) as pilot:
        board = screen.query_one(JumpBoard)
        assert board.picture.height > board.size.height
        for _ in range(2 * side - 2):
            await pilot.press("n")  # down the south-east line to the bottom
        assert "@" in cell_text(board, screen.game.position)


async def test_daily_hex_and_fresh_keep_the_tiling():
    screen = JumpScreen(pack="daily-hex")
    async with Host(screen).run_test(size=(100, 30)) as pilot:
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert screen.pack.startswith("daily-hex ")
        assert screen.game.puzzle.tiling == "hex" and screen.game.puzzle.side == 4
        await pilot.press("f")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert screen.pack.startswith("fresh #") and screen.game.puzzle.tiling == "hex"


def test_the_board_of_a_setup_opens_its_pack_or_its_puzzle_of_the_day():
    from mazegame.games.setup import GameSetup
    from mazegame.ui.screens import SCREENS

    screen = SCREENS["jump"](GameSetup(mode="jump", tiling="hex"))
    assert screen.pack == "hex" and screen.game.puzzle.tiling == "hex"
    screen = SCREENS["jump"](GameSetup(mode="jump", tiling="triangle",
                                       options=(("pack", "daily-triangle"),)))
    assert screen.pack == "daily-triangle" and screen.game is None  # designed once mounted
    screen = SCREENS["jump"](GameSetup(mode="jump", options=(("pack", "triangle"),)))
    assert screen.game.puzzle.tiling == "triangle"


async def test_boards_are_drawn_large_where_they_fit_and_whole_at_80x24():
    for tiling, index in (("hex", 3), ("triangle", 0)):  # a side 4 hexagon, triangles of 2
        screen = JumpScreen(load_pack(tiling), pack=tiling, index=index)
        async with Host(screen).run_test(size=(120, 40)) as pilot:
            board = screen.query_one(JumpBoard)
            large = board.picture
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            small = board.picture
            assert large.height > small.height and large.width > small.width
            assert small.height <= board.size.height and small.width <= board.size.width
            assert "@" in cell_text(board, screen.game.position)
