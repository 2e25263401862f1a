"""The lab's statistics view (`a`): every generator's texture and every solver's work over
the mazes of seeds 1..N at the lab's size, as charts (textual-plotext) and as tables (for
NO_COLOR and screen readers). engine.texture computes them, in a worker with progress and a
cancel; the figures are `mazegame stats`'s (the same mazes: seeds 1..N, generate's
defaults)."""

from __future__ import annotations

import math

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static
from textual.worker import get_current_worker
from textual_plotext import PlotextPlot

from mazegame.engine.generate import GENERATORS
from mazegame.engine.solve import SOLVERS
from mazegame.engine.texture import GeneratorRow, SolverRow, Survey, survey
from mazegame.ui.widgets.footer import GameFooter

TEXTURE = (("dead ends", "dead_ends"), ("3-way", "junctions_3"), ("4-way", "junctions_4"),
           ("straight", "straight"), ("turning", "turning"))  #: the texture chart's bars
STEPS_AXIS = 5  #: the solver chart's axis ends at this many times the median steps


class Cancelled(Exception):
    """The player left or cancelled: the worker stops at its next maze."""


class StatsScreen(Screen):
    """Charts, then tables; the status line says what is being computed."""

    BINDINGS = [
        Binding("x", "cancel", "Cancel", id="stats-cancel", tooltip="Stop computing"),
        Binding("escape,q", "app.pop_screen", "Back", id="stats-back",
                tooltip="Back to the lab"),
    ]

    def __init__(self, generator: str, size: tuple[int, int], seeds: int) -> None:
        super().__init__()
        self.generator, self.maze_size, self.seeds = generator, size, seeds
        self.result: Survey | None = None  #: the figures once computed
        self.doing, self.done, self.total = "", 0, 0  #: the worker's progress

    def compose(self) -> ComposeResult:
        """Status, then the charts and the tables in one scroll, then the footer."""
        yield Static("[b]Statistics[/b]  computing…", id="status")
        with VerticalScroll(id="stats-body"):
            yield PlotextPlot(id="stats-texture")
            yield PlotextPlot(id="stats-river")
            yield PlotextPlot(id="stats-solvers")
            yield Static("", id="stats-note")
            yield DataTable(id="stats-generators", cursor_type="row", zebra_stripes=True)
            yield DataTable(id="stats-solver-table", cursor_type="row", zebra_stripes=True)
        yield GameFooter()

    def on_mount(self) -> None:
        """Start the worker and a timer that shows its progress."""
        self._progress = self.set_interval(0.25, self._show_progress)
        self._compute()

    # -- the worker ------------------------------------------------------------------------
    @work(thread=True, exclusive=True, group="stats")
    def _compute(self) -> None:
        worker = get_current_worker()
        self.total = (len(GENERATORS) + len(SOLVERS)) * self.seeds

        def start(name: str, mazes: int) -> None:
            self.doing = name

        def tick() -> None:
            if worker.is_cancelled:
                raise Cancelled
            self.done += 1

        try:
            done = survey(list(GENERATORS), list(SOLVERS), self.generator, *self.maze_size,
                          self.seeds, start=start, tick=tick)
        except Cancelled:
            return
        except ValueError as err:  # the lab's generator cannot build this size
            self.app.call_from_thread(self._say, f"cannot compute: {err}")
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._show, done)

    def _show_progress(self) -> None:
        if self.result is None and self.doing:
            self._say(f"computing {self.doing}: {self.done:,}/{self.total:,} mazes   "
                      "[reverse] x: cancel [/]")

    def action_cancel(self) -> None:
        """Stop the worker (its next maze) and say so."""
        if self.result is None:
            self.workers.cancel_group(self, "stats")
            self._progress.pause()
            self._say("cancelled; escape: back to the lab")

    def _say(self, text: str) -> None:
        self.query_one("#status", Static).update(f"[b]Statistics[/b]  {text}")

    # -- showing the figures -------------------------------------------------------------------
    def _show(self, done: Survey) -> None:
        self.result = done
        self._progress.pause()
        w, h = self.maze_size
        self._say(f"seeds 1..{self.seeds} at {w}x{h}; solvers on {self.generator} mazes")
        self._texture_chart(done.generators)
        self._river_chart(done.generators)
        self._solver_chart(done.solvers)
        skipped = "".join(f"\n{name} skipped: {why}" for name, why in done.skipped.items())
        self.query_one("#stats-note", Static).update(
            "Texture: shares of all cells. River: mean cells on a dead-end branch (after "
            "Pullen: more river, fewer but longer dead ends). `mazegame stats` prints the "
            f"same figures.{skipped}")
        self._tables(done)

    def _row(self, rows: list[GeneratorRow]) -> GeneratorRow | None:
        return next((row for row in rows if row.algo == self.generator), None)

    def _texture_chart(self, rows: list[GeneratorRow]) -> None:
        """Bars of the lab's generator's texture, beside the mean of all generators."""
        plot = self.query_one("#stats-texture", PlotextPlot)
        picked = self._row(rows)
        plt = plot.plt
        plt.clear_data()
        if picked is not None and rows:
            texture = TEXTURE[::-1]  # plotext draws horizontal bars from the bottom up
            labels = [f"{label} {getattr(picked, key):.1%}" for label, key in texture]
            mine = [100 * getattr(picked, key) for _, key in texture]
            every = [100 * sum(getattr(r, key) for r in rows) / len(rows) for _, key in texture]
            plt.multiple_bar(labels, [mine, every], orientation="horizontal",
                             labels=[self.generator, "all generators"])
            plt.title(f"Texture of {self.generator} (% of cells)")
        plot.refresh()

    def _river_chart(self, rows: list[GeneratorRow]) -> None:
        """Bars of every generator's river (mean dead-end branch length)."""
        plot = self.query_one("#stats-river", PlotextPlot)
        shown = [r for r in rows if not math.isnan(r.river)][::-1]  # the first on top
        plot.styles.height = 2 * len(shown) + 4
        plt = plot.plt
        plt.clear_data()
        if shown:
            plt.bar([f"{r.algo} {r.river:.2f}" for r in shown], [r.river for r in shown],
                    orientation="horizontal", width=0.5)
            plt.xlim(0, max(4.0, sorted(r.river for r in shown)[len(shown) // 2] * 3))
            plt.title("River: mean cells on a dead-end branch")
        plot.refresh()

    def _solver_chart(self, rows: list[SolverRow]) -> None:
        """Bars of each solver's mean steps and cells visited (a long walk's bar is cut at
        the axis's end; its label gives the figure)."""
        plot = self.query_one("#stats-solvers", PlotextPlot)
        plot.styles.height = 3 * len(rows) + 4
        plt = plot.plt
        plt.clear_data()
        rows = rows[::-1]  # the first on top
        if rows:
            labels = [f"{r.algo} {r.steps:,.0f} · {r.visited:,.0f}" for r in rows]
            plt.multiple_bar(labels, [[r.steps for r in rows], [r.visited for r in rows]],
                             orientation="horizontal", labels=["steps", "visited"])
            median = sorted(r.steps for r in rows)[len(rows) // 2]
            plt.xlim(0, STEPS_AXIS * max(median, 1.0))
            plt.title(f"Solvers on {self.generator}: mean steps · visited")
        plot.refresh()

    def _tables(self, done: Survey) -> None:
        """The same figures, and more, as two tables."""
        table = self.query_one("#stats-generators", DataTable)
        table.clear(columns=True)
        table.add_columns("generator", "dead ends", "3-way", "4-way", "straight", "turning",
                          "river", "diameter", "solution")
        for r in done.generators:
            table.add_row(r.algo, *(f"{getattr(r, key):.1%}" for _, key in TEXTURE),
                          _mean(r.river, digits=2), _mean(r.diameter, r.diameter_sd),
                          _mean(r.solution_length, r.solution_length_sd), key=r.algo)
        solvers = self.query_one("#stats-solver-table", DataTable)
        solvers.clear(columns=True)
        solvers.add_columns("solver", "steps", "visited", "found")
        for r in done.solvers:
            solvers.add_row(r.algo, _mean(r.steps, r.steps_sd), _mean(r.visited, r.visited_sd),
                            f"{r.found}/{r.mazes}", key=r.algo)


def _mean(value: float, sd: float | None = None, digits: int = 1) -> str:
    """A mean (± its spread) as the tables show it; '-' for none."""
    if math.isnan(value):
        return "-"
    return f"{value:,.{digits}f}" + ("" if sd is None else f" ± {sd:,.{digits}f}")
