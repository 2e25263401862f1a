"""The lab's steps beside the maze, driven by keys: the marked step is the replay's, forward
and backward, for a generator and for each solver of a race."""


from rich.console import Console

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.solve import SOLVERS, solve
from mazegame.engine.trace import Replay
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.widgets.lab_steps import MARKER, StepColumn, StepsBox


def lab(algorithm="backtracker", size=(8, 6), seed=3, solvers=("bfs", "tremaux")):
    """A lab app that opens paused on a fixed maze."""
    opts = (("autoplay", False), ("solvers", solvers))
    return MazeApp(GameSetup("lab", algorithm, size, seed, options=opts), warm_up=False)


def plain(column: StepColumn) -> list[str]:
    """Each step line of the column as the terminal shows it, in plain text."""
    lines = []
    for row in column.rows:
        console = Console(width=28, record=True, color_system=None)
        console.print(row.content)
        lines.append(" ".join(console.export_text().split()))
    return lines


def marked(column: StepColumn) -> list[int]:
    """The numbers (1-based) of the steps the column marks, read off the screen."""
    return [i for i, line in enumerate(plain(column), 1) if line.startswith(MARKER)]


def assert_marks(column: StepColumn, step: int) -> None:
    """The column marks `step` alone (0: nothing), with the marker and the -current style."""
    assert marked(column) == ([step] if step else [])
    current = [i for i, row in enumerate(column.rows, 1) if row.has_class("-current")]
    assert current == ([step] if step else [])


async def test_the_marked_step_follows_the_replay_forward_and_back(helpers):
    app = lab()
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        (column,) = screen.query_one(StepsBox).shown
        assert column.run.title == GENERATORS["backtracker"].title
        texts = plain(column)
        for n, step in enumerate(GENERATORS["backtracker"].steps, 1):
            assert texts[n - 1].startswith(f"{n}.") and step.split()[0] in texts[n - 1]
        oracle = Replay(generate("backtracker", 8, 6, 3, record=True).trace)
        assert_marks(column, 0)  # before the first event: no step yet
        seen = []
        for key in ["right"] * 14 + ["left"] * 14:
            await pilot.press(key)
            await pilot.pause()
            oracle.seek(screen.clock)
            assert_marks(column, oracle.current_step)
            seen.append(oracle.current_step)
        assert len(set(seen)) >= 3, seen  # the mark moved from step to step
        assert seen[-1] == 0 and screen.clock == 0
        await pilot.press("end")
        await pilot.pause()
        oracle.seek(len(oracle.trace))
        assert_marks(column, oracle.current_step)


async def test_a_race_shows_a_column_per_solver_each_on_its_own_step(helpers):
    solvers = ("bfs", "tremaux")
    app = lab(solvers=solvers)
    async with app.run_test(size=(160, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        maze = screen.maze
        await pilot.press("r")
        await helpers.settle(pilot)
        columns = screen.query_one(StepsBox).shown
        assert [c.run.title for c in columns] == [SOLVERS[n].title for n in solvers]
        oracles = [Replay(solve(n, maze, record=True, seed=3).trace) for n in solvers]
        for column, name in zip(columns, solvers, strict=True):
            first = SOLVERS[name].steps[0]
            assert plain(column)[0].startswith(f"1. {' '.join(first.split()[:2])}")
        seen = set()
        for at in range(0, screen.total + 1, max(1, screen.total // 40)):
            screen.seek(at)
            await pilot.press("right", "left")  # the keys move it: one event on, one back
            await pilot.pause()
            for column, oracle in zip(columns, oracles, strict=True):
                oracle.seek(screen.clock)
                assert_marks(column, oracle.current_step)
                seen.add((column.run.title, oracle.current_step))
        for name in solvers:  # each column's mark moved from step to step
            assert len({step for title, step in seen if title == SOLVERS[name].title} - {0}) >= 2


async def test_without_room_a_race_shows_the_focused_solvers_steps(helpers):
    app = lab(solvers=("bfs", "tremaux"))
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        await pilot.press("r")
        await helpers.settle(pilot)
        box = screen.query_one(StepsBox)
        assert [c.run.title for c in box.shown] == [SOLVERS["bfs"].title]
        screen.panels[1].view.focus()
        await pilot.pause()
        assert [c.run.title for c in box.shown] == [SOLVERS["tremaux"].title]
        screen.query_one("#lab-solvers").focus()  # a picker: the last maze's steps stay
        await pilot.pause()
        assert [c.run.title for c in box.shown] == [SOLVERS["tremaux"].title]


async def test_the_steps_and_the_side_panel_share_one_place_at_80_columns(helpers):
    app = lab()
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        side, box = screen.query_one("#lab-side"), screen.query_one(StepsBox)
        assert side.display and not box.display  # the pickers first (their boxes must show)
        await pilot.press("e")  # the steps in their place
        await pilot.pause()
        assert box.display and not side.display
        (column,) = box.shown
        assert column.run.title == GENERATORS["backtracker"].title
        await pilot.press("s")  # the pickers back: the steps make way
        await pilot.pause()
        assert side.display and not box.display
        await pilot.press("e")
        await pilot.resize_terminal(82, 24)  # a resize keeps the choice
        await pilot.pause()
        assert box.display and not side.display
        await pilot.press("e")
        await pilot.pause()
        assert not box.display


def test_lab_steps_snapshot(snap_compare):
    """The backtracker mid-build at 80x24: the maze, and its steps (e) where the side panel
    was, step 3 marked."""
    async def run_before(pilot):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("e")
        pilot.app.screen.seek(20)
        await pilot.press("right")
        await pilot.pause()

    assert snap_compare(lab(), terminal_size=(80, 24), run_before=run_before)
