"""The Algorithm Lab driven by keys: generation playback, racing, matrices; and its look."""

import numpy as np
import pytest

from mazegame.engine.generate import generate
from mazegame.engine.grid import Maze
from mazegame.engine.matrices import connection_matrix, distance_matrix, solution_matrix
from mazegame.engine.mazefile import picture_lines
from mazegame.engine.solve import SOLVERS, solve
from mazegame.engine.trace import Replay
from mazegame.games.lab import SPEEDS
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.lab import LabScreen
from mazegame.ui.screens.lab_matrix import MatrixScreen
from mazegame.ui.widgets.lab_panel import TracePanel
from mazegame.ui.widgets.matrix_view import MatrixView
from mazegame.ui.widgets.scrubber import Scrubber
from mazegame.ui.widgets.trace_view import TraceView


def lab(algorithm="wilson", size=(9, 6), seed=7, solvers=("bfs", "tremaux"), **options):
    """A lab app that opens paused on a fixed maze."""
    opts = (("autoplay", False), ("solvers", solvers), *options.items())
    return MazeApp(GameSetup("lab", algorithm, size, seed, options=opts), warm_up=False)


def assert_shows(panel: TracePanel, replay: Replay) -> None:
    """The panel's replay state equals an independent replay at the same position."""
    state = panel.run.replay
    assert state.position == replay.position
    for layer in ("walls", "marks", "labels", "doors", "agents"):
        assert np.array_equal(getattr(state, layer), getattr(replay, layer)), layer


@pytest.mark.slow
async def test_generation_pauses_and_steps_like_the_replay(helpers):
    app = lab()
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, LabScreen) and screen.phase == "generate"
        assert not screen.playing and screen.clock == 0
        expected = generate("wilson", 9, 6, 7, record=True)
        assert np.array_equal(screen.runs[0].trace.events, expected.trace.events)
        oracle = Replay(expected.trace)

        await pilot.press("space")  # play a moment, then pause
        assert screen.playing
        for _ in range(50):  # a moment of play (a loaded machine may fire the timer late)
            await pilot.pause(0.05)
            if screen.clock > 0:
                break
        await pilot.press("space")
        assert not screen.playing
        played = screen.clock
        assert played > 0

        panel = screen.panels[0]
        for key, delta in (("right", 1), ("right", 1), ("l", 1), ("left", -1), ("h", -1)):
            await pilot.press(key)
            played += delta
            assert screen.clock == played
            oracle.seek(played)
            assert_shows(panel, oracle)

        await pilot.press("end")
        await pilot.pause()
        oracle.seek(len(oracle.trace))
        assert_shows(panel, oracle)
        assert np.array_equal(panel.run.replay.walls, expected.maze.walls)
        view = panel.query_one(TraceView)
        # The lazily built, band-by-band wall picture equals a picture of the whole maze.
        assert view._lines == picture_lines(expected.maze, "box", view.room_width)
        assert "race" in str(screen.query_one("#status").render())

        await pilot.press("home")
        oracle.seek(0)
        assert_shows(panel, oracle)


@pytest.mark.slow
async def test_race_two_solvers_on_one_clock(helpers):
    app = lab(solvers=("bfs", "tremaux"))
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        maze = screen.maze
        await pilot.press("r")
        await helpers.settle(pilot)
        assert screen.phase == "race"
        panels = screen.panels
        assert [p.run.result.algorithm for p in panels] == ["bfs", "tremaux"]
        traces = [solve(name, maze, record=True, seed=7).trace for name in ("bfs", "tremaux")]
        assert screen.total == max(len(t) for t in traces)

        screen.seek(150)
        for panel, trace in zip(panels, traces, strict=True):
            oracle = Replay(trace)
            oracle.seek(150)
            assert_shows(panel, oracle)

        await pilot.press("end")
        await pilot.pause()
        for panel in panels:
            assert panel.run.replay.at_end and panel.has_class("-finished")
            counters = str(panel.query_one(".lab-counters").render())
            assert f"found: {panel.run.result.length:,} moves" in counters
        bfs = panels[0].run
        assert bfs.result.length == len(bfs.result.path) - 1
        assert f"path {bfs.result.length}" in str(panels[0].query_one(".lab-counters").render())


@pytest.mark.slow
async def test_a_race_runs_to_its_winner(helpers):
    solvers = ("random-walk", "bfs", "tremaux")
    app = lab(solvers=solvers)
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        maze = screen.maze
        await pilot.press("r")
        await helpers.settle(pilot)
        explain = screen.query_one("#lab-explain")
        assert "Winner" not in str(explain.render())  # not before the race has been played
        await helpers.play_lab_to_the_end(pilot, screen)
        # The winner by the rule, from the solvers' own results: fewest steps, then path.
        results = [solve(name, maze, record=True, seed=7) for name in solvers]
        best = min((r for r in results if r.found), key=lambda r: (r.steps, r.length))
        text = str(explain.render())
        assert f"Winner: {SOLVERS[best.algorithm].title}" in text
        for result in results:
            line = f"{result.steps:,} steps, {result.visited:,} visited, path {result.length:,}"
            assert line in text.replace("\u00a0", " ")
        await pilot.press("home")  # back from the end: the notes alone again
        await pilot.pause()
        assert "Winner" not in str(explain.render())


async def test_speed_keys_and_playing_to_the_end(helpers):
    app = lab(size=(5, 5))
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        before = screen.playback.speed
        await pilot.press("minus")
        assert screen.playback.speed == before - 1
        for _ in range(len(SPEEDS)):
            await pilot.press("plus")
        assert SPEEDS[screen.playback.speed] == SPEEDS[-1]
        await pilot.press("space")
        for _ in range(100):  # thousands of steps a frame: a 5x5 trace ends at the first frame
            await pilot.pause(0.05)
            if not screen.playing:
                break
        assert screen.clock == screen.total and not screen.playing


async def test_scrubber_click_seeks(helpers):
    app = lab()
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        scrubber = screen.query_one(Scrubber)
        await pilot.click(Scrubber, offset=(scrubber.size.width // 3, 0))
        await pilot.pause()
        assert 0 < screen.clock < screen.total
        oracle = Replay(screen.runs[0].trace)
        oracle.seek(screen.clock)
        assert_shows(screen.panels[0], oracle)


async def test_side_panel_hides_and_rooms_widen(helpers):
    app = lab("backtracker", (16, 10), 3)
    async with app.run_test(size=(90, 30)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        side, view = screen.query_one("#lab-side"), screen.panels[0].view
        narrow = view.room_width
        await pilot.press("s")
        await pilot.pause()
        await pilot.pause()
        assert not side.display and view.room_width > narrow
        await pilot.press("s")
        await pilot.pause()
        assert side.display


async def test_new_seed_rebuilds(helpers):
    app = lab()
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        first = app.screen.maze
        await pilot.press("n")
        await helpers.settle(pilot)
        assert app.screen.maze is not first and app.screen.request.seed != 7
        assert app.screen.phase == "generate" and app.screen.clock == 0


async def test_matrix_view_steps_through_the_matrices(helpers):
    app = lab(size=(5, 5))
    async with app.run_test(size=(140, 44)) as pilot:
        await helpers.settle(pilot)
        maze: Maze = app.screen.maze
        await pilot.press("m")
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, MatrixScreen)
        view = screen.query_one(MatrixView)
        m1 = connection_matrix(maze)
        assert np.array_equal(view.matrix, m1)
        await pilot.press("right_square_bracket")
        assert np.array_equal(view.matrix, m1 @ m1)
        await pilot.press("c")
        assert np.all(view.matrix != 0) and screen.power == screen.complete
        md = distance_matrix(maze)
        await pilot.press("d")
        assert np.array_equal(view.matrix, md)
        # The maze beside it shows the cursor's row: distances from the start.
        board = screen.query_one("#matrix-maze", TraceView).state
        assert np.array_equal(board.labels, md[maze.start])
        await pilot.press("s")
        assert np.array_equal(view.matrix, solution_matrix(md, maze.goals[0]))
        await pilot.press("right", "down", "g")
        goal = maze.index(1, 1)
        assert screen.goal == goal and np.array_equal(view.matrix, solution_matrix(md, goal))
        await pilot.press("escape")
        assert isinstance(app.screen, LabScreen)


async def test_matrix_view_refuses_big_mazes(helpers):
    app = lab(size=(17, 16))  # over the matrix method's 256 cells
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, LabScreen)


async def test_menu_opens_the_lab(helpers):
    app = MazeApp(warm_up=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        modes = app.screen.query_one("#modes")
        titles = [str(modes.get_option_at_index(i).prompt) for i in range(modes.option_count)]
        assert "Algorithm Lab" in titles
        app.choose_mode("lab")
        await pilot.pause()
        await pilot.press("enter")  # the setup dialog has nothing to ask: start
        await helpers.settle(pilot)
        assert isinstance(app.screen, LabScreen) and app.screen.maze is not None


# -- the look ---------------------------------------------------------------------------
async def _settle(pilot):
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("position", [700])
def test_lab_generation_snapshot(snap_compare, position):
    async def run_before(pilot):
        await _settle(pilot)
        pilot.app.screen.seek(position)  # mid-build: frontier, walk and tree all showing
        await pilot.press("right")
        await pilot.pause()

    assert snap_compare(lab("wilson", (16, 10), 7), terminal_size=(120, 36),
                        run_before=run_before)


def test_lab_race_snapshot(snap_compare):
    async def run_before(pilot):
        await _settle(pilot)
        await pilot.press("r")
        await _settle(pilot)
        pilot.app.screen.seek(60)
        await pilot.press("right")
        await pilot.pause()

    app = lab("backtracker", (8, 6), 3, solvers=("tremaux", "cheese"))
    assert snap_compare(app, terminal_size=(120, 36), run_before=run_before)


def test_lab_matrix_snapshot(snap_compare):
    async def run_before(pilot):
        await _settle(pilot)
        await pilot.press("m")
        await _settle(pilot)
        await pilot.press("s", "down", "right")
        await pilot.pause()

    assert snap_compare(lab("kruskal", (5, 5), 2), terminal_size=(120, 36),
                        run_before=run_before)


async def test_scrolled_wall_picture_follows_the_replay(helpers):
    """Walls are drawn band by band as they scroll into view; wherever the picture has
    been drawn it must show the maze as it stands, at any position, either direction."""
    app = lab("backtracker", (40, 30), 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        view = screen.panels[0].view
        rng = np.random.default_rng(1)
        for position in rng.integers(0, screen.total, 12):
            screen.seek(int(position))
            view.scroll_to(int(rng.integers(0, 120)), int(rng.integers(0, 40)), animate=False,
                           immediate=True)
            for y in range(view.size.height):
                view.render_line(y)
            truth = picture_lines(screen.runs[0].replay.maze(), "box", view.room_width)
            drawn = [i for i in range(len(truth)) if i not in view._stale]
            assert drawn and all(view._lines[i] == truth[i] for i in drawn)


async def test_race_pressed_while_building_races_the_new_maze(helpers, monkeypatch):
    # n then r before the maze is up: the race waits for it; the status never names a
    # seed other than the one of the maze on show.
    import threading

    from mazegame.ui.screens import lab_board as lab_module  # the lab builds there

    gate, build = threading.Event(), lab_module.generate

    def held(*args, **kwargs):
        gate.wait(10)
        return build(*args, **kwargs)

    app = lab(algorithm="backtracker")
    async with app.run_test(size=(140, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        first = screen.maze
        monkeypatch.setattr(lab_module, "generate", held)
        await pilot.press("n", "r")
        gate.set()
        await helpers.settle(pilot)
        await helpers.settle(pilot)
        assert screen.maze is not first
        assert screen.phase == "race"
        assert all(np.array_equal(run.maze.walls, screen.maze.walls) for run in screen.runs)
        assert f"seed {screen.maze.seed} " in str(screen.query_one("#status").render())
        assert screen.request.seed == screen.maze.seed


async def test_hiding_the_side_panel_takes_the_keys_away_from_its_pickers(helpers):
    # Before: a focused picker kept the keys while hidden; enter opened its list out of
    # sight and page-down then crashed (KeyError inside the zero-height list).
    app = lab()
    async with app.run_test(size=(140, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        await pilot.press("tab")
        side = screen.query_one("#lab-side")
        assert side in app.focused.ancestors_with_self  # a picker has the keys
        await pilot.press("s")
        assert not side.display
        assert app.focused is None or side not in app.focused.ancestors_with_self
        await pilot.press("enter", "pagedown", "tab", "enter", "pagedown", "right")
        await helpers.settle(pilot)
        assert screen.clock == 1  # the lab's own keys work again


async def test_a_maze_that_cannot_be_built_is_said_on_the_status_line(helpers, monkeypatch):
    # Before: the first build failing (a cavern at the lab's default even size) left
    # "building…" on the status line for good.
    from mazegame.ui.screens import lab_board as lab_module  # the lab builds there

    def refuse(*args, **kwargs):
        raise ValueError("a 16x10 cavern is impossible")

    monkeypatch.setattr(lab_module, "generate", refuse)
    app = lab(algorithm="cavern", size=(16, 10))
    async with app.run_test(size=(140, 40)) as pilot:
        await helpers.settle(pilot)
        status = str(app.screen.query_one("#status").render())
        assert "building" not in status
        assert "cannot build" in status and "impossible" in status


async def test_distance_labels_past_nine_show_at_the_default_zoom(helpers):
    # The play-test saw every label of 10 and more blank in rooms one character wide.
    app = lab("backtracker", (16, 10), 3, solvers=("bfs", "tremaux"))
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        await pilot.press("r")
        await helpers.settle(pilot)
        await pilot.press("end")
        await pilot.pause()
        view = screen.panels[0].view
        assert view.room_width == 1 and view.label_kind.startswith("distance")
        view.scroll_to(0, 0, animate=False, immediate=True)
        labels = view.state.labels.reshape(view.maze.height, view.maze.width)
        shown = 0
        for r in range(min(view.maze.height, (view.size.height - 1) // 2)):
            segments = list(view.render_line(2 * r + 1))
            text = "".join(s.text for s in segments)
            for c in range(min(view.maze.width, (view.size.width - 1) // 2)):
                label = int(labels[r, c])
                cell = r * view.maze.width + c
                if label < 10 or cell in view.path or cell in view.maze.goals \
                        or cell in set(view.state.agents.tolist()):
                    continue
                x = 2 * c + 1
                assert text[x] == str(label)[-1], (r, c, label, text)
                at = 0
                for segment in segments:  # the segment holding column x is underlined
                    if at <= x < at + len(segment.text):
                        assert segment.style.underline, (r, c, label)
                        break
                    at += len(segment.text)
                shown += 1
        assert shown > 5


@pytest.mark.parametrize("columns, side, panels_at_least", [
    (120, 34, 54), (80, 28, 48), (60, 0, 55),  # 120: the steps beside the maze take 30
])
async def test_the_side_panel_shrinks_and_then_hides_on_narrow_terminals(
        helpers, columns, side, panels_at_least):
    # At 60x20 the 33-column side panel left the maze 24 columns.
    app = lab("backtracker", (16, 10), 3)
    async with app.run_test(size=(columns, 24)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        shown = screen.query_one("#lab-side")
        assert (shown.outer_size.width if shown.display else 0) == side
        assert screen.query_one("#lab-panels").size.width >= panels_at_least
        if not side:  # s still shows it, and a resize does not hide it again
            await pilot.press("s")
            await pilot.resize_terminal(62, 24)
            await pilot.pause()
            assert shown.display
