"""One lab panel: a trace replayed on a maze, with its title and counters.

`TraceRun` is the data side (a `Replay` plus indexes that make every counter a binary
search, so a frame costs the same at event 10 as at event 10 million); `TracePanel` is the
widget that shows one.
"""

from __future__ import annotations

import numpy as np
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from mazegame.engine.generate import GENERATORS, Generated
from mazegame.engine.grid import Maze
from mazegame.engine.solve import SOLVERS, Solution
from mazegame.engine.solve.registry import NOTE_TEXT
from mazegame.engine.trace import AT, CARVE, LABEL, MARK, NOTE, PATH, WALL, Replay, Trace
from mazegame.ui.widgets.trace_view import TraceView


def dead_ends(maze: Maze) -> np.ndarray:
    """bool[n]: rooms with exactly one open side (start and goals excepted)."""
    open_sides = sum(((maze.walls >> d) & 1) == 0 for d in range(4)).ravel()
    dead = open_sides == 1
    if maze.solid is not None:
        dead &= ~maze.solid.ravel()
    dead[[maze.start, *maze.goals]] = False
    return dead


def _first_touches(events: np.ndarray, ops: tuple[int, ...], where=None) -> np.ndarray:
    """Sorted event indices at which each cell is first touched by one of `ops`."""
    hit = np.isin(events[:, 0], ops) & (events[:, 1] >= 0)
    if where is not None:
        hit &= where[np.maximum(events[:, 1], 0)]
    idx = np.flatnonzero(hit)
    _, first = np.unique(events[idx, 1], return_index=True)
    return np.sort(idx[first])


class TraceRun:
    """A trace being replayed in the lab: the replay and the counters at its position."""

    def __init__(self, title: str, trace: Trace, maze: Maze, layers: tuple[str, ...],
                 label_kind: str = "", walker: bool = False, carves: bool = True,
                 result: Solution | None = None) -> None:
        self.title = title
        self.trace = trace
        self.maze = maze  #: the finished maze: start, goals and rock for drawing
        self.layers = layers
        self.label_kind = label_kind
        self.walker = walker
        self.result = result  #: None while generating
        self.carves = carves  #: a generation that opens doors (else one that builds walls)
        self.replay = Replay(trace)
        ev = trace.events
        ops = ev[:, 0]
        dead = dead_ends(maze)
        self._touch = _first_touches(ev, (MARK, AT, CARVE))
        self._moves = np.flatnonzero((ops == AT) & (ev[:, 2] == 0))
        if walker:
            self._dead = np.flatnonzero((ops == AT) & dead[np.maximum(ev[:, 1], 0)])
        else:
            self._dead = _first_touches(ev, (MARK, AT), dead)
        self._build = np.flatnonzero(ops == (CARVE if carves else WALL))
        self._notes = np.flatnonzero(ops == NOTE)

    @property
    def follows_agent(self) -> bool:
        """Worth scrolling after agent 0: a walker, or a generator that walks (Wilson,
        backtracker). A search's "agent" hops along its whole frontier."""
        return self.walker or (self.result is None and len(self._moves) > 0)

    # -- construction from the registries -------------------------------------------
    @staticmethod
    def of_generation(name: str, generated: Generated) -> TraceRun:
        """The replay of a generator building `generated.maze`."""
        spec = GENERATORS[name]
        # Some generators number the regions they join (Suits' connection-matrix method,
        # Eller); the others set no labels, and their rooms should not all read 0.
        regions = bool(np.any(generated.trace.events[:, 0] == LABEL))
        return TraceRun(spec.title, generated.trace, generated.maze,
                        ("agents", "marks", "labels", "doors"), "region" if regions else "",
                        carves=spec.carves)

    @staticmethod
    def of_solution(name: str, solution: Solution, maze: Maze) -> TraceRun:
        """The replay of a solver's search on `maze`."""
        spec = SOLVERS[name]
        return TraceRun(spec.title, solution.trace, maze, spec.layers, spec.labels,
                        walker=spec.walker, result=solution)

    # -- position ---------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.trace)

    @property
    def position(self) -> int:
        return self.replay.position

    def seek(self, clock: int) -> np.ndarray:
        """Move to event `clock` (clamped); returns the events that ran, either way."""
        before = self.replay.position
        self.replay.seek(clock)
        lo, hi = sorted((before, self.replay.position))
        return self.trace.events[lo:hi]

    @property
    def finished(self) -> bool:
        """A solver's trace played to its end (its result is then the whole story)."""
        return self.result is not None and self.replay.at_end

    def _count(self, index: np.ndarray) -> int:
        return int(np.searchsorted(index, self.position))

    # -- counters -----------------------------------------------------------------------
    def counters(self) -> list[tuple[str, str]]:
        """(name, value) pairs for the panel, at the current position."""
        rows = [("step", f"{self.position:,}/{len(self):,}"),
                ("visited", f"{self._count(self._touch):,}")]
        if self.result is None:
            rows.append(("doors" if self.carves else "walls",
                         f"{self._count(self._build):,}"))
            return rows
        if self.walker:
            path = max(0, self._count(self._moves) - 1)
        elif self.finished:
            path = self.result.length  # searches mark no path in their traces; None: none
        else:
            path = max(0, int(np.count_nonzero(self.replay.marks == PATH)) - 1)
        rows += [("path", "none" if path is None else f"{path:,}"),
                 ("dead ends", f"{self._count(self._dead):,}")]
        return rows

    def note(self) -> str:
        """What a solver last said (its latest NOTE); generators' NOTE codes are their own."""
        seen = self._count(self._notes)
        if seen == 0 or self.result is None:
            return ""
        code = int(self.trace.events[self._notes[seen - 1], 2])
        return NOTE_TEXT.get(code, "")


class TracePanel(Vertical):
    """A title, the maze with the trace state drawn on it, and the counters."""

    def __init__(self, run: TraceRun, **kwargs) -> None:
        super().__init__(classes="lab-panel", **kwargs)
        self.run = run

    def compose(self) -> ComposeResult:
        yield Static(f"[b]{self.run.title}[/b]", classes="lab-panel-title")
        yield TraceView(classes="lab-trace")
        yield Static("", classes="lab-counters")

    def on_mount(self) -> None:
        run = self.run
        view = self.query_one(TraceView)
        view.follow = run.follows_agent
        view.show(run.maze, run.replay, run.layers, run.label_kind)
        self.update_counters()

    @property
    def view(self) -> TraceView:
        return self.query_one(TraceView)

    def seek(self, clock: int) -> None:
        """Show the state after `clock` events (or the end, for a shorter trace)."""
        ran = self.run.seek(clock)
        if len(ran):
            self.view.apply_events(ran)
            self.update_counters()

    def update_counters(self) -> None:
        run = self.run
        text = " · ".join(f"{name} [b]{value}[/b]" for name, value in run.counters())
        note = run.note()
        finished = run.finished
        # The answer shows once the search is over: its route (a walk with loops erased).
        self.view.set_path(run.result.route if finished and run.result.found else ())
        if finished:
            note = (f"[green]found: {run.result.length:,} moves[/]" if run.result.found
                    else f"[red]{run.result.reason} ({run.result.steps:,} steps)[/]")
        self.set_class(finished, "-finished")
        # Fixed height in the stylesheet, so no layout pass: this runs every frame.
        self.query_one(".lab-counters", Static).update(text + (f"\n{note}" if note else ""),
                                                       layout=False)
