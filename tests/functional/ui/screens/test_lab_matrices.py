"""The lab's matrices beyond 9x9: every matrix kind shows, and moving the cursor cell scrolls
the matrix so that the cell's row and column stay on screen, marked by glyph (NO_COLOR)."""

import numpy as np
import pytest

from mazegame.engine.matrices import connection_matrix
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.lab import LabScreen
from mazegame.ui.screens.lab_matrix import MatrixScreen
from mazegame.ui.widgets.matrix_view import MatrixView


def lab(size, algorithm="backtracker", seed=3):
    options = (("autoplay", False), ("solvers", ("bfs",)))
    return MazeApp(GameSetup("lab", algorithm, size, seed, options=options), warm_up=False)


def oracle_distances(m1: np.ndarray) -> np.ndarray:
    """M^d the slow way: the first power of M^1 in which an entry turns nonzero."""
    n = m1.shape[0]
    md = np.where(np.eye(n, dtype=bool), 0, -1)
    power = np.eye(n)
    for i in range(1, n):
        power = power @ m1
        md[(md < 0) & (power != 0)] = i
    return md


def oracle_solution(md: np.ndarray, goal: int) -> np.ndarray:
    """M^s by Suits 4.2, entry by entry: row i marks the neighbours one step closer to the
    goal with i's distance to it."""
    n = md.shape[0]
    ms = np.full((n, n), -1)
    for i in range(n):
        for k in range(n):
            if i != goal and md[i, k] == 1 and 0 <= md[k, goal] < md[i, goal]:
                ms[i, k] = md[i, goal]
    ms[goal, goal] = 0
    return ms


def text(strip, width=None) -> str:
    return "".join(segment.text for segment in strip)[:width]


def assert_cursor_on_screen(view: MatrixView, cell: int) -> None:
    """The header shows the cell's column marked, a line shows its row marked, and the
    entries of that row are underlined: all in the lines drawn on screen now."""
    width, height = view.scrollable_content_region.size  # what shows: no scrollbars
    lines = [view.render_line(y) for y in range(height)]
    header = text(lines[0], width)
    assert f"▼{cell + 1}" in header.replace(" ", ""), (cell, header)
    rows = [strip for strip in lines[1:]
            if text(strip, width).lstrip().startswith(f"{cell + 1}▶")]
    assert len(rows) == 1, (cell, [text(strip)[:12] for strip in lines[1:]])
    entries = [s for s in rows[0].crop(0, width)
               if s.text.strip() and s.style and s.style.underline]
    assert entries, "the cursor's row is not underlined"
    # the column under the marked header: every line drawn has an underlined entry there
    column = header.index("▼")
    for strip in lines[1:]:
        if not text(strip).strip():
            continue
        x = 0
        for segment in strip:
            if x <= column < x + len(segment.text):
                assert segment.style.underline, (cell, text(strip))
                break
            x += len(segment.text)


@pytest.mark.parametrize("size", [(16, 4), (8, 8), (12, 12)], ids=["16x4", "8x8", "12x12"])
async def test_matrix_scrolls_to_the_cursor_cell(helpers, size):
    app = lab(size)
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        maze = app.screen.maze
        await pilot.press("m")
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, MatrixScreen)
        view = screen.query_one(MatrixView)
        width, height = view.size
        assert view.virtual_size.width > width and view.virtual_size.height > height
        w, h = size
        moves = ["right"] * (w - 1) + ["down"] * (h - 1) + ["left"] * (w - 1) + ["up"] * (h - 1)
        seen_x, seen_y = set(), set()
        r0, c0 = maze.rc(maze.start)
        for key in ["up"] * r0 + ["left"] * c0 + moves:
            await pilot.press(key)
            await pilot.pause()
            assert view.cursor == screen.cursor
            assert_cursor_on_screen(view, screen.cursor)
            seen_x.add(view.scroll_offset.x)
            seen_y.add(view.scroll_offset.y)
        assert len(seen_x) > 1 and len(seen_y) > 1  # it did scroll, both ways

        m1 = connection_matrix(maze)
        await pilot.press("1")
        assert np.array_equal(view.matrix, m1)
        await pilot.press("right_square_bracket", "right_square_bracket")
        assert np.array_equal(view.matrix, np.linalg.matrix_power(m1, 3))
        await pilot.press("left_square_bracket")
        assert np.array_equal(view.matrix, np.linalg.matrix_power(m1, 2))
        md = oracle_distances(m1)
        await pilot.press("c")
        assert screen.complete == md.max()
        # counts beyond 2**53 are rounded: equal up to rounding, and no zero left
        assert np.allclose(view.matrix, np.linalg.matrix_power(m1, int(md.max())), rtol=1e-9)
        assert np.all(view.matrix != 0)
        await pilot.press("d")
        assert np.array_equal(view.matrix, md)
        await pilot.press("s")
        assert np.array_equal(view.matrix, oracle_solution(md, maze.goals[0]))
        assert_cursor_on_screen(view, screen.cursor)
        await pilot.press("escape")
        assert isinstance(app.screen, LabScreen)



async def test_matrix_draws_without_colour(helpers, monkeypatch):
    """NO_COLOR: the lines below a small matrix (and the view before it is ready) are drawn
    too; the cursor's row and column still show, by glyph."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = lab((5, 5))
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        await pilot.press("m")
        await helpers.settle(pilot)
        assert app.no_color and isinstance(app.screen, MatrixScreen)
        await pilot.press("right", "down")
        await pilot.pause()
        view = app.screen.query_one(MatrixView)
        assert view.window[1] > 5 * 5 + 1  # blank lines below the matrix
        assert_cursor_on_screen(view, app.screen.cursor)
