"""The Algorithm Lab on hexagons and triangles, driven by keys: a generator's replay stepped
forward and back against an independent replay, a race to the goal, the board picker, 80x24."""

import numpy as np
import pytest

from mazegame.cli import build_parser, main
from mazegame.cli.play import play_setup
from mazegame.engine.generate.boards import board_generators, generate_board
from mazegame.engine.solve import SOLVERS, solve
from mazegame.engine.solve.registry import DOOR_LETTERS
from mazegame.engine.trace import PATH, Trace
from mazegame.games.setup import GameSetup
from mazegame.ui import board_art
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.lab import LabScreen
from mazegame.ui.widgets.board_trace_view import BoardTraceView, side_arrows
from mazegame.ui.widgets.lab_picker import LabPicker
from mazegame.ui.widgets.trace_view import mark_styles


def board_lab(tiling, algorithm="backtracker", size=(7, 5), seed=11, solvers=("bfs",)):
    """A lab app on a board that opens paused on a fixed maze."""
    opts = (("autoplay", False), ("solvers", solvers))
    return MazeApp(GameSetup("lab", algorithm, size, seed, options=opts, tiling=tiling),
                   warm_up=False)


def marks_after(events: np.ndarray, position: int) -> dict[int, int]:
    """The cells' marks after `position` events, read in plain Python (MARK is op 2)."""
    marks = {}
    for op, cell, arg in events[:position].tolist():
        if op == 2:
            marks[cell] = arg
    return {cell: mark for cell, mark in marks.items() if mark}


def open_pairs_after(trace: Trace, position: int) -> set[frozenset]:
    """The pairs of cells joined after `position` events (CARVE is op 0)."""
    links = trace.initial.board.links
    return {frozenset((cell, int(links[cell, side])))
            for op, cell, side in trace.events[:position].tolist() if op == 0}


@pytest.mark.slow
async def test_hex_lab_steps_a_backtracker_forward_and_back(helpers):
    app = board_lab("hex")
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, LabScreen) and screen.phase == "generate"
        built = generate_board("backtracker", "hex", 7, 5, 11, record=True)
        trace = Trace(built.events, built.blank)
        panel = screen.panels[0]
        assert np.array_equal(panel.run.trace.events, built.events)
        view = panel.view
        assert isinstance(view, BoardTraceView)

        played = 0
        for key, delta in (*[("right", 1)] * 40, ("left", -1), ("h", -1), ("l", 1)):
            await pilot.press(key)
            played += delta
            assert screen.clock == played
        await pilot.pause()
        state = panel.run.replay
        assert {c: m for c, m in enumerate(state.marks.tolist()) if m} == \
            marks_after(built.events, played)
        assert set(map(frozenset, state.maze().passages().tolist())) == \
            open_pairs_after(trace, played)
        # the view draws the replay: each marked room in its mark's colour, the walls as the
        # maze stands at this event
        styles = {view._room(c)[1] for c, m in enumerate(state.marks.tolist())
                  if m and c not in built.maze.goals and c not in state.agents}
        assert len(styles) >= 1 and view._drawn_with.PLAIN not in styles
        assert view._lines == list(board_art.draw(state.maze(), "box", view.form).lines)

        await pilot.press("end")
        await pilot.pause()
        assert np.array_equal(state.passages, built.maze.doors)
        assert view._lines == list(board_art.draw(built.maze, "box", view.form).lines)
        await pilot.press("home")
        await pilot.pause()
        assert not np.any(state.passages) and not np.any(state.marks)
        assert "hex 7x5" in str(screen.query_one("#status").render())


@pytest.mark.slow
async def test_a_bfs_race_on_triangles_reaches_the_goal(helpers):
    app = board_lab("triangle", size=(9, 5), solvers=("bfs", "tremaux"))
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        maze = screen.maze
        assert maze.tiling == "triangle"
        await pilot.press("r")
        await helpers.settle(pilot)
        assert screen.phase == "race"
        bfs = screen.panels[0]
        expected = solve("bfs", maze, record=True, seed=11)
        assert np.array_equal(bfs.run.trace.events, expected.trace.events)
        await pilot.press("end")
        await pilot.pause()
        run = bfs.run
        assert run.finished and run.result.found
        assert run.result.path[-1] in maze.goals and run.result.path[0] == maze.start
        assert f"found: {run.result.length:,} moves" in \
            str(bfs.query_one(".lab-counters").render())
        # the answer is drawn as a path on the triangles: its rooms in the path's colour
        view = bfs.view
        path_colour = mark_styles(view._drawn_with)[PATH].bgcolor
        inner = [c for c in run.result.path if c != maze.start and c not in maze.goals]
        assert inner and all(view._room(c)[1].bgcolor == path_colour for c in inner)
        others = set(range(maze.size)) - set(run.result.path)
        assert all(view._room(c)[1].bgcolor != path_colour for c in others)


@pytest.mark.slow
async def test_the_board_picker_offers_what_works_there(helpers):
    app = board_lab("square", algorithm="backtracker", size=(9, 9))
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        picker = screen.query_one(LabPicker)
        boxes = picker.query_one("#lab-solvers")
        square_solvers = [boxes.get_option_at_index(i).value for i in range(boxes.option_count)]
        assert square_solvers == list(SOLVERS)
        picker.query_one("#lab-tiling").value = "triangle"
        await pilot.pause()
        generators = [value for _, value in picker.query_one("#lab-generator")._options]
        assert [g for g in generators if isinstance(g, str)] == board_generators("triangle")
        offered = [boxes.get_option_at_index(i).value for i in range(boxes.option_count)]
        assert offered == [name for name, spec in SOLVERS.items() if spec.boards]
        assert picker.request().tiling == "triangle"
        await pilot.press("g")
        await helpers.settle(pilot)
        assert screen.maze.tiling == "triangle"
        assert isinstance(screen.panels[0].view, BoardTraceView)
        await pilot.press("m")  # the matrices read rows and columns: not offered here
        await pilot.pause()
        assert app.screen is screen


@pytest.mark.slow
async def test_the_lab_on_a_board_at_80x24(helpers):
    app = board_lab("hex", size=(8, 6), solvers=("bfs",))
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        await pilot.press("end")
        await pilot.pause()
        assert "hex 8x6" in str(screen.query_one("#status").render())
        view = screen.panels[0].view
        assert view.size.width > 0 and view.size.height > 0
        assert view.virtual_size.height <= 24  # the board's picture, not squares
        form = view.form
        await pilot.press("z")  # the other form of the board
        await pilot.pause()
        assert view.form != form and view.form in board_art.forms("hex")
        assert view._lines == list(board_art.draw(view.maze, "box", view.form).lines)
        await pilot.press("r")
        await helpers.settle(pilot)
        await pilot.press("end")
        await pilot.pause()
        assert screen.phase == "race" and screen.panels[0].run.result.found


@pytest.mark.slow
async def test_tremaux_chalk_sits_in_the_doors_of_hexagons(helpers):
    app = board_lab("hex", size=(6, 5), seed=5, solvers=("tremaux",))
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        await pilot.press("r")
        await helpers.settle(pilot)
        view = screen.panels[0].view
        state = screen.panels[0].run.replay
        screen.seek(len(screen.panels[0].run) * 2 // 3)
        await pilot.pause()
        links, opposite = view.maze.board.links, view.maze.opposite
        chalked = 0
        for row, doors in view._door_sides.items():
            text = view._row_strip(row).text
            for x, a, side, b, back in doors:
                assert links[a, side] == b and opposite[side] == back
                values = (int(state.doors[a, side]), int(state.doors[b, back]))
                if min(values) < 0:  # the stronger chalk of the two sides
                    assert text[x] == DOOR_LETTERS[min(values)]
                    chalked += 1
                elif max(values) == 0:
                    assert text[x] == " "
        assert chalked > 0


@pytest.mark.slow
async def test_wilson_walks_with_arrows_along_the_hexagons_sides(helpers):
    app = board_lab("hex", algorithm="wilson", size=(6, 5), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        run = screen.panels[0].run
        view = screen.panels[0].view
        ev = run.trace.events
        labelled = np.flatnonzero(ev[:, 0] == 3)
        assert len(labelled)
        screen.seek(int(labelled[len(labelled) // 2]) + 1)
        await pilot.pause()
        arrows = side_arrows(view._drawn_with, view.maze.board.spec.directions)
        assert arrows == ("→", "↗", "↖", "←", "↙", "↘")
        shown = 0
        for cell, label in enumerate(run.replay.labels.tolist()):
            if label and cell not in run.replay.agents and cell not in view.maze.goals:
                assert view._room(cell)[0] == arrows[label - 1]
                shown += 1
        assert shown > 0


@pytest.mark.slow
async def test_a_triangle_file_opens_in_the_lab_and_is_raced(helpers, tmp_path):
    path = tmp_path / "tri.json"
    main(["generate", "--tiling", "triangle", "--size", "7x4", "--seed", "2", "--format",
          "json", "-o", str(path)])
    setup = play_setup(build_parser().parse_args(["play", "lab", str(path)]))
    app = MazeApp(setup, warm_up=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert screen.phase == "race" and screen.maze.tiling == "triangle"
        assert "triangle 7x4" in str(screen.query_one("#status").render())
        assert screen.query_one(LabPicker).tiling() == "triangle"
        await pilot.press("end")
        await pilot.pause()
        assert all(panel.run.result.found for panel in screen.panels)


@pytest.mark.slow
async def test_a_search_wider_than_its_panel_opens_at_the_boards_top_left(helpers):
    app = board_lab("hex", size=(16, 10), seed=4, solvers=("bfs", "tremaux"))
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        await pilot.press("r")
        await helpers.settle(pilot)
        await pilot.pause()
        view = app.screen.panels[0].view  # BFS: no walker to follow
        assert view.virtual_size.width > view.size.width  # the board is wider than it
        assert (view.scroll_offset.x, view.scroll_offset.y) == (0, 0)
