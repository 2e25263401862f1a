"""One lab panel: a trace replayed on a maze, with its title and counters.

`TracePanel` is the widget that shows one `TraceRun` (games/lab.py: the replay and its
counters): on squares with a `TraceView` (and a `ZoomView` to fit a big maze), on a board
(hexagons, triangles) with a `BoardTraceView`, whose forms are its zoom.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from mazegame.games.lab import TraceRun
from mazegame.games.lab_board import on_board
from mazegame.ui.widgets.board_trace_view import BoardTraceView
from mazegame.ui.widgets.trace_view import TraceView
from mazegame.ui.widgets.trace_zoom import ZoomView


class TracePanel(Vertical):
    """A title, the maze with the trace state drawn on it, and the counters."""

    def __init__(self, run: TraceRun, **kwargs) -> None:
        super().__init__(classes="lab-panel", **kwargs)
        self.run = run

    def compose(self) -> ComposeResult:
        """The run's title, its trace view and its counters."""
        yield Static(f"[b]{self.run.title}[/b]", classes="lab-panel-title")
        if on_board(self.run.maze):
            yield BoardTraceView(classes="lab-trace")
        else:
            yield TraceView(classes="lab-trace")
            yield ZoomView(classes="lab-trace lab-zoom")  # the whole maze, when fitted (f)
        yield Static("", classes="lab-counters")

    def on_mount(self) -> None:
        """Show the run's trace from the start."""
        run = self.run
        view = self.view
        view.follow = run.follows_agent
        view.show(run.maze, run.replay, run.layers, run.label_kind)
        if self.zoom is not None:
            self.zoom.show(run.maze, run.replay)
            self.zoom.display = False
        self.update_counters()

    @property
    def view(self) -> TraceView | BoardTraceView:
        """The panel's trace view."""
        return self.query_one(".lab-trace")

    @property
    def zoom(self) -> ZoomView | None:
        """The panel's fit-to-panel view (shown instead of the trace view when fitted);
        None on a board."""
        zooms = self.query(ZoomView)
        return zooms.first() if zooms else None

    @property
    def fitted(self) -> bool:
        """The whole maze is shown, scaled to the panel."""
        return self.zoom is not None and self.zoom.display

    def fit(self, on: bool) -> None:
        """Show the whole maze scaled to the panel (on) or the rooms at their width (a
        board has no fitted view: its forms are its zoom)."""
        if self.zoom is None:
            return
        self.zoom.display, self.view.display = on, not on
        if on:
            self.zoom.maze = self.view.maze  # start and goal as placed
            self.zoom.changed()

    def seek(self, clock: int) -> None:
        """Show the state after `clock` events (or the end, for a shorter trace)."""
        ran = self.run.seek(clock)
        if len(ran):
            self.view.apply_events(ran)
            self.update_counters()
            if self.fitted:
                self.zoom.changed()

    def update_counters(self) -> None:
        """Show the run's counters and note, and its answer once it has finished."""
        run = self.run
        text = " · ".join(f"{name} [b]{value}[/b]" for name, value in run.counters())
        note = run.note()
        finished = run.finished
        self.view.set_path(run.answer())  # the answer shows once the search is over
        if self.zoom is not None:
            self.zoom.path = tuple(run.answer())
        if finished:
            note = f"[{'green' if run.result.found else 'red'}]{run.outcome()}[/]"
        self.set_class(finished, "-finished")
        # Fixed height in the stylesheet, so no layout pass: this runs every frame.
        self.query_one(".lab-counters", Static).update(text + (f"\n{note}" if note else ""),
                                                       layout=False)
