"""The lab's treasure view (T): the three orders' expected steps are engine.treasure's, and
each maze shows its walk's first steps as numbers; too big a maze is refused, not hung on."""

import pytest

from mazegame.engine.treasure import all_orders
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.lab import LabScreen
from mazegame.ui.screens.lab_treasure import TreasureScreen
from mazegame.ui.widgets.trace_view import TraceView


def lab(size, algorithm="backtracker", seed=5):
    options = (("autoplay", False), ("solvers", ("bfs",)))
    return MazeApp(GameSetup("lab", algorithm, size, seed, options=options), warm_up=False)


@pytest.mark.parametrize("size", [(4, 3), (6, 5)], ids=["4x3", "6x5"])
async def test_treasure_view_shows_the_three_orders(helpers, size):
    app = lab(size)
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        maze = app.screen.maze
        await pilot.press("T")
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, TreasureScreen)
        for walk in all_orders(maze):
            head = str(screen.query_one(f"#head-{walk.order}").render())
            assert f"{walk.expected:.2f} expected steps" in head
            assert ("exact" if walk.exact else "heuristic") in head
            labels = screen.query_one(f"#walk-{walk.order}", TraceView).state.labels
            first = walk.first_steps()
            assert {cell: int(labels[cell]) for cell in first} == first
            # the walk's numbers, each entered once, are 0 (the start) up to its last step
            assert sorted(first.values())[-1] == max(labels)
        # walked step by step: after k steps, the rooms entered so far, the walker on walk[k]
        best = all_orders(maze)[0]
        view = screen.query_one("#walk-best", TraceView)
        await pilot.press("home", "right", "right", "right")
        entered = {cell: step for cell, step in best.first_steps().items() if step <= 3}
        assert {int(c): int(v) for c, v in enumerate(view.state.labels) if v} == \
            {c: v for c, v in entered.items() if v}
        assert view.state.agents[0] == best.walk[3]
        await pilot.press("end")
        assert view.state.agents[0] == -1
        assert max(view.state.labels) == max(best.first_steps().values())
        await pilot.press("escape")
        assert isinstance(app.screen, LabScreen)


async def test_treasure_view_refuses_big_mazes(helpers):
    app = lab((21, 20))
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        await pilot.press("T")
        await pilot.pause()
        assert isinstance(app.screen, LabScreen)
