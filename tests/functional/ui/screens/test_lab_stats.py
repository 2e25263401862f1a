"""The lab's statistics view (a): opened by its key, computed in a worker, shown as charts
and tables holding the figures engine.texture computes for the same mazes; x cancels."""

from __future__ import annotations

import re

from textual.widgets import DataTable, Static
from textual_plotext import PlotextPlot

from mazegame.engine.generate import GENERATORS
from mazegame.engine.solve import SOLVERS
from mazegame.engine.texture import survey
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.lab import LabScreen
from mazegame.ui.screens.lab_stats import StatsScreen

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def lab(size=(6, 5), seeds=3):
    """A lab on a small backtracker maze, its statistics view over `seeds` mazes."""
    options = (("autoplay", False), ("stats_seeds", seeds))
    return MazeApp(GameSetup("lab", "backtracker", size, 7, options=options), warm_up=False)


async def chart_text(pilot, selector: str) -> str:
    """What a chart draws at its size on screen, without its colours (scrolled into view:
    a chart renders, and takes its size, when it is seen)."""
    chart = pilot.app.screen.query_one(selector, PlotextPlot)
    chart.scroll_visible(animate=False, top=True)
    await pilot.pause()
    await pilot.pause()
    return ANSI.sub("", chart.plt.build())


async def test_a_opens_charts_and_tables_of_the_engines_figures(helpers):
    app = lab()
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        await pilot.press("a")
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        await helpers.settle(pilot)
        await helpers.wait_until(pilot, lambda: screen.result is not None)
        expected = survey(list(GENERATORS), list(SOLVERS), "backtracker", 6, 5, 3)
        mine = next(r for r in expected.generators if r.algo == "backtracker")
        texture = await chart_text(pilot, "#stats-texture")
        assert f"dead ends {mine.dead_ends:.1%}" in texture
        assert f"turning {mine.turning:.1%}" in texture
        river = await chart_text(pilot, "#stats-river")
        for row in expected.generators:
            assert f"{row.algo} {row.river:.2f}" in river
        solvers = await chart_text(pilot, "#stats-solvers")
        for row in expected.solvers:
            assert f"{row.algo} {row.steps:,.0f} · {row.visited:,.0f}" in solvers, solvers
        table = screen.query_one("#stats-generators", DataTable)
        assert table.row_count == len(expected.generators)
        for row in expected.generators:
            cells = table.get_row(row.algo)
            assert cells[1] == f"{row.dead_ends:.1%}" and cells[5] == f"{row.turning:.1%}"
        solver_table = screen.query_one("#stats-solver-table", DataTable)
        for row in expected.solvers:
            assert solver_table.get_row(row.algo)[3] == f"{row.found}/{row.mazes}"
        assert "seeds 1..3 at 6x5" in str(screen.query_one("#status", Static).render())
        await pilot.press("escape")
        assert isinstance(app.screen, LabScreen)


async def test_x_cancels_the_computation(helpers, monkeypatch):
    import time

    import mazegame.ui.screens.lab_stats as lab_stats

    def endless(*args, tick, **kwargs):  # a survey that runs until it is cancelled
        while True:
            tick()
            time.sleep(0.001)

    monkeypatch.setattr(lab_stats, "survey", endless)
    app = lab(size=(16, 10), seeds=500)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        await pilot.press("a")
        for _ in range(200):  # the statistics screen on top first: x there, not the lab's x
            if isinstance(app.screen, StatsScreen):
                break
            await pilot.pause(0.01)
        await pilot.press("x")
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        await helpers.settle(pilot)
        assert screen.result is None
        assert "cancelled" in str(screen.query_one("#status", Static).render())
        assert screen.query_one("#stats-generators", DataTable).row_count == 0
