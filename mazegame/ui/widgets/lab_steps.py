"""The lab's steps: each algorithm's numbered steps beside the maze, the one being run marked.

`StepsBox` holds one `StepColumn` per run on show (a race's solvers side by side), or only
the focused run's when the lab says there is no room. A column reads everything from its
`TraceRun` (games/lab.py: `step_rows`, `step_row`), so it only redraws when the step changes.
The current step is marked with ▶ and shown bold and reversed, so it reads without colour.
"""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from mazegame.games.lab import TraceRun
from mazegame.games.lab_steps import StepRow

MARKER = "▶"  #: before the step being run (the row is also bold and reversed)


def step_line(row: StepRow, current: bool) -> Table:
    """One step: the marker and number in a narrow column, the words wrapped beside them
    (so a long step hangs under its own first word, not under its number)."""
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(width=4, no_wrap=True, justify="right")
    grid.add_column(ratio=1)
    marker = f"{MARKER} " if current else "  "
    # The style in the text itself, not only the stylesheet's: it survives NO_COLOR themes.
    style = "bold reverse" if current else ""
    grid.add_row(Text(marker + row.label, style=style), Text(row.text, style=style))
    return grid


class StepColumn(Vertical):
    """One run's title, and below it its steps, the current one marked and kept in view."""

    def __init__(self, run: TraceRun, **kwargs) -> None:
        super().__init__(classes="lab-steps-column", **kwargs)
        self.run = run
        self.shown = -2  #: the row marked now (-1: none; -2: not drawn yet)

    def compose(self) -> ComposeResult:
        """The run's title, then one line per step (or a word that there are none yet)."""
        yield Static(f"[b]{escape(self.run.title)}[/b]", classes="lab-steps-title")
        with VerticalScroll(classes="lab-steps-list", can_focus=False):  # arrows step the replay
            for row in self.run.step_rows:
                yield Static(step_line(row, False), classes="lab-step")

    def on_mount(self) -> None:
        """Mark the step in force now."""
        self.follow()

    @property
    def rows(self) -> list[Static]:
        """The step lines, in order."""
        return list(self.query(".lab-step").results(Static))

    @property
    def current(self) -> int:
        """The index of the marked row (-1: none)."""
        return max(self.shown, -1)

    def follow(self, rescroll: bool = False) -> None:
        """Mark the run's current step, unmark the last, and scroll it into view (only when
        it changed, this runs every frame; or `rescroll`: the column was just resized)."""
        now = self.run.step_row()
        if not self.is_mounted or (now == self.shown and not rescroll):
            return
        rows, steps = self.rows, self.run.step_rows
        for index in {self.shown, now} if now != self.shown else ():
            if 0 <= index < len(rows):
                rows[index].update(step_line(steps[index], index == now))
                rows[index].set_class(index == now, "-current")
        self.shown = now
        self.call_after_refresh(self._scroll_to_current)  # once the rows have their heights

    def _scroll_to_current(self) -> None:
        """Bring the whole marked row into view (its top, if it is taller than the column)."""
        rows = self.rows
        if 0 <= self.shown < len(rows):
            self.query_one(VerticalScroll).scroll_to_widget(rows[self.shown], animate=False)


class StepsBox(Horizontal):
    """The steps of the runs on show: a column each, or only the focused run's."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.columns: list[StepColumn] = []

    async def show(self, runs: list[TraceRun]) -> None:
        """One column per run of an algorithm (a maze read from a file has none)."""
        await self.remove_children()
        self.columns = [StepColumn(run) for run in runs if run.algorithm]
        await self.mount_all(self.columns)

    def only(self, focused: TraceRun | None) -> None:
        """Show every column (None) or only the focused run's."""
        for column in self.columns:
            column.display = focused is None or column.run is focused

    @property
    def shown(self) -> list[StepColumn]:
        """The columns on show."""
        return [column for column in self.columns if column.display]

    def follow(self, rescroll: bool = False) -> None:
        """Mark each shown column's current step (`rescroll`: scroll it into view again)."""
        for column in self.columns:
            if column.display:
                column.follow(rescroll)
