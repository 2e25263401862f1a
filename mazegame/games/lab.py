"""The Algorithm Lab's rules: traces replayed with their counters, the shared clock, a race.

`TraceRun` is a `Replay` plus indexes that make every counter a binary search or a lookup,
so a frame costs the same at event 10 as at event 10 million. Each counter is defined once,
by a `TraceRun` method and its docstring (visited, doors, walls, moves, path length, dead
ends); the panels, the race's table and the tests read those. `Playback` is the one clock
every trace is seeked to (position, speed, the fraction of an event a frame carries over);
`race` runs
the ticked solvers on a maze, one after another, with their traces, and `standings` ranks
them: fewest steps to the goal, then shortest path.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from mazegame.engine.generate import GENERATORS, Generated
from mazegame.engine.generate.common import NOTE_TEXT as GENERATOR_NOTES
from mazegame.engine.grid import Maze
from mazegame.engine.solve import SOLVERS, Solution, solve
from mazegame.engine.solve.registry import CONTROL_STEPS, NOTE_TEXT, default_budget
from mazegame.engine.trace import (
    ACTIVE,
    AT,
    DEAD,
    DOOR,
    FOCUS,
    FRONTIER,
    LABEL,
    MARK,
    NOTE,
    PATH,
    STEP,
    VISITED,
    Trace,
    route_lengths,
)
from mazegame.games import lab_board
from mazegame.games.lab_steps import step_rows

#: Playback speeds in events per second; at FPS frames a second the top ones move
#: thousands of events per frame.
SPEEDS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 30_000,
          100_000, 300_000)
FPS = 30
AUTO_SECONDS = 12  #: a fresh trace starts at the speed that plays it in about this long
MAX_FRAME_SECONDS = 0.25  #: a stalled frame counts as this long: it is not a leap
#: Walks get at most this many steps in the lab: a random walk on 200x200 would otherwise
#: record tens of millions of events (a gigabyte) before it stumbles on the goal.
LAB_WALK_BUDGET = 1_000_000


def dead_ends(maze: Maze) -> np.ndarray:
    """bool[n]: dead ends, cells with exactly one way out (`engine.stats.dead_end_cells`, the
    definition `mazegame generate --stats` uses; on a board, `lab_board.dead_ends_of`)."""
    return lab_board.dead_ends_of(maze)


def _touches(events: np.ndarray, ops: tuple[int, ...], other=None, where=None):
    """Sorted event indices at which each cell is first touched: the event's cell for `ops`,
    and with `other` (the cell across the side each CARVE or WALL event opens or closes, -1
    for none) both cells of such a side; only cells in `where`, when given."""
    cells, at = events[:, 1], np.arange(len(events))
    hit = np.isin(events[:, 0], ops)
    if other is not None:
        hit |= other >= 0
        cells, at = np.concatenate([cells, other]), np.concatenate([at, at])
        hit = np.concatenate([hit, other >= 0])
    hit &= cells >= 0
    if where is not None:
        hit &= where[np.maximum(cells, 0)]
    at, cells = at[hit], cells[hit]
    if other is not None:  # by time, so that unique keeps each cell's first touch
        order = np.argsort(at, kind="stable")
        at, cells = at[order], cells[order]
    _, first = np.unique(cells, return_index=True)
    return np.sort(at[first])


class TraceRun:
    """A trace being replayed in the lab: the replay and the counters at its position."""

    def __init__(self, title: str, trace: Trace, maze: Maze, layers: tuple[str, ...],
                 label_kind: str = "", walker: bool = False, carves: bool = True,
                 result: Solution | None = None, algorithm: str = "",
                 steps: tuple[str, ...] = ()) -> None:
        self.title = title
        self.algorithm = algorithm  #: the registry name ("": a maze read from a file)
        self.steps = steps  #: the registry entry's numbered steps (() : none written yet)
        self.trace = trace
        self.maze = maze  #: the finished maze: start, goals and rock for drawing
        self.layers = layers
        self.label_kind = label_kind
        self.walker = walker
        self.result = result  #: None while generating
        self.carves = carves  #: a generation that opens doors (else one that builds walls)
        self.replay = lab_board.replay_of(trace)  # square or board
        ev = trace.events
        ops = ev[:, 0]
        self._doors0 = lab_board.doors_open(trace.initial)
        if result is None:  # a generator touches what it marks, labels, stands on or builds
            other, delta = lab_board.effects_of(trace)
            self._touch = _touches(ev, (MARK, LABEL, DOOR, AT), other)
            self._door_sum = np.concatenate([[0], np.cumsum(delta, dtype=np.int64)])
        else:  # a solver reaches what it marks or stands on (labels spread: the aroma)
            self._touch = _touches(ev, (MARK, AT))
            self._door_sum = np.zeros(len(ev) + 1, dtype=np.int64)  # solvers build nothing
        self._dead = _touches(ev, (MARK, AT), where=dead_ends(maze))
        self._moves = np.flatnonzero((ops == AT) & (ev[:, 2] == 0) & (ev[:, 1] >= 0))
        self._route = route_lengths(ev, maze.size) if walker else None
        self._notes = np.flatnonzero(ops == NOTE)
        self._step_events = np.flatnonzero(ops == STEP)
        self.step_rows = step_rows(steps, bool(np.any(ev[self._step_events, 2] == 0)),
                                   generator=result is None)
        #: what this trace draws, for the legend (`legend_keys`; built here, off the UI thread)
        self.legend = self.legend_keys()

    @property
    def follows_agent(self) -> bool:
        """Worth scrolling after agent 0: a walker, or a generator that walks (Wilson,
        backtracker). A search's "agent" hops along its whole frontier."""
        return self.walker or (self.result is None and len(self._moves) > 0)

    # -- construction from the registries -------------------------------------------
    @staticmethod
    def of_generation(name: str, generated: Generated) -> TraceRun:
        """The replay of a generator building `generated.maze` (a square `Generated` or a
        board's `BoardGenerated`)."""
        spec = GENERATORS[name]
        # The registry says what a generator's labels mean (sets, a walk's arrows); the
        # others set none, and their rooms should not all read 0.
        return TraceRun(spec.title, lab_board.generation_trace(generated), generated.maze,
                        ("agents", "marks", "labels", "doors", "focus"), spec.labels,
                        carves=spec.carves, algorithm=name, steps=spec.steps)

    @staticmethod
    def of_maze(title: str, maze: Maze) -> TraceRun:
        """A maze shown as it is, with no trace (one read from a file)."""
        return TraceRun(title, Trace.empty(maze), maze, ("agents", "marks"))

    @staticmethod
    def of_solution(name: str, solution: Solution, maze: Maze) -> TraceRun:
        """The replay of a solver's search on `maze`."""
        spec = SOLVERS[name]
        return TraceRun(spec.title, solution.trace, maze, spec.layers, spec.labels,
                        walker=spec.walker, result=solution, algorithm=name, steps=spec.steps)

    # -- position ---------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.trace)

    @property
    def position(self) -> int:
        """How many events of the trace have been replayed."""
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

    # -- counters: each defined once, here -------------------------------------------------
    def visited(self) -> int:
        """Visited: distinct cells touched so far; a generator touches the cells it marks,
        labels, stands on, and both cells of each side it opens or closes; a solver the
        cells it marks or stands on, and once it has finished, its result's count (which
        holds work a trace may not show: dead-end filling's closing search)."""
        return self.final_visited() if self.finished else self._count(self._touch)

    def final_visited(self) -> int:
        """Visited once the trace has played to its end."""
        if self.result is not None:
            return int(self.result.visited)
        return len(self._touch)

    def doors(self) -> int:
        """Doors: open sides between two cells, counted once, in the maze as it stands."""
        return self._doors0 + int(self._door_sum[self.position])

    def walls(self) -> int:
        """Walls: closed sides between two cells, counted once (the outer wall is not one)."""
        return lab_board.sides_between(self.trace.initial) - self.doors()

    def moves(self) -> int:
        """Moves: steps a walker has taken (its first stand is where it starts, no move)."""
        return max(0, self._count(self._moves) - 1)

    def path_length(self) -> int | None:
        """Path length: cells on the route so far minus one (None: none found). A walker's
        route is its walk with loops erased; a search's the cells it has marked PATH, and
        once it has finished, its result's path."""
        if self.finished:
            return self.result.length
        if self.walker:
            return max(0, int(self._route[self.position - 1]) - 1) if self.position else 0
        return max(0, int(np.count_nonzero(self.replay.marks == PATH)) - 1)

    def dead_ends_reached(self) -> int:
        """Dead ends: distinct dead-end cells (`dead_ends`) the solver has marked or stood on."""
        return self._count(self._dead)

    def counters(self) -> list[tuple[str, str]]:
        """(name, value) pairs for the panel, at the current position."""
        rows = [("event", f"{self.position:,}/{len(self):,}"),
                ("visited", f"{self.visited():,}")]
        if self.result is None:
            rows.append(("doors", f"{self.doors():,}") if self.carves
                        else ("walls", f"{self.walls():,}"))
            return rows
        if self.walker:
            rows.append(("moves", f"{self.moves():,}"))
        path = self.path_length()
        rows += [("path", "none" if path is None else f"{path:,}"),
                 ("dead ends", f"{self.dead_ends_reached():,}")]
        return rows

    def legend_keys(self) -> set[str]:
        """What this trace draws, named as the lab's legend names it: the marks it sets
        ("frontier", "visited", "active", "path", "dead"), "agents", its labels ("aroma",
        "sets", "direction", or "numbers"), "focus", and door marks ("door letters",
        "lru doors")."""
        ev, layers = self.trace.events, self.layers
        ops = ev[:, 0]
        names = {FRONTIER: "frontier", VISITED: "visited", ACTIVE: "active", PATH: "path",
                 DEAD: "dead"}
        keys = set()
        if "marks" in layers:
            keys |= {names[m] for m in np.unique(ev[ops == MARK, 2]).tolist() if m in names}
        if self.result is not None and self.result.found:
            keys.add("path")  # the answer is drawn as a path once the search is over
        if "agents" in layers and np.any(ops == AT):
            keys.add("agents")
        if "labels" in layers and self.label_kind and np.any(ops == LABEL):
            kind = self.label_kind
            keys.add(kind if kind in ("aroma", "sets", "direction") else "numbers")
        if "focus" in layers and np.any(ops == FOCUS):
            keys.add("focus")
        if "doors" in layers and np.any(ops == DOOR):
            values = ev[ops == DOOR, 2] >> 2
            if np.any(values < 0):
                keys.add("door letters")
            if np.any(values > 0):
                keys.add("lru doors")
        return keys

    def note(self) -> str:
        """What the algorithm last said (its latest NOTE): a solver's codes are in
        `solve.registry.NOTE_TEXT`, a generator's in `generate.common.NOTE_TEXT`."""
        seen = self._count(self._notes)
        if seen == 0:
            return ""
        code = int(self.trace.events[self._notes[seen - 1], 2])
        return (NOTE_TEXT if self.result is not None else GENERATOR_NOTES).get(code, "")

    # -- the algorithm's numbered steps ---------------------------------------------------
    @property
    def current_step(self) -> int:
        """The step (1-based) of `steps` that made the last event replayed; 0 before the
        first STEP event, and after a `(STEP, -1, 0)` (`Replay.current_step`)."""
        return self.replay.current_step

    @property
    def after_steps(self) -> bool:
        """The replay is past the numbered steps (a `(STEP, -1, 0)` is in force: braiding)."""
        return self.current_step == 0 and self._count(self._step_events) > 0

    def step_row(self) -> int:
        """The index in `step_rows` of the row being run now; -1 for none (before the first
        step, or a trace without steps)."""
        if self.after_steps:
            return len(self.step_rows) - 1
        step = self.current_step
        return step - 1 if 1 <= step <= len(self.steps) else -1

    def answer(self) -> tuple[int, ...]:
        """The route to show once the search is over (a walk with loops erased), else ()."""
        return self.result.route if self.finished and self.result.found else ()

    def outcome(self) -> str:
        """How a finished search ended: "found: N moves", or why it stopped; "" before."""
        if not self.finished:
            return ""
        result = self.result
        return (f"found: {result.length:,} moves" if result.found
                else f"{result.reason} ({result.steps:,} steps)")


def race_budget(maze: Maze) -> int:
    """The steps (cheese: ticks) each walker of a race may take on `maze`."""
    return min(default_budget(maze.size), LAB_WALK_BUDGET)


def race(maze: Maze, names: list[str], seed: int, control,
         on_start: Callable[[str], None] | None = None) -> tuple[list[TraceRun], list[str]] | None:
    """Run the named solvers on `maze`, recording, one after another: (runs, refusals), or
    None when the race was cancelled through `control`. `on_start` hears each one's title."""
    runs, refused = [], []
    budget = race_budget(maze)
    for name in names:
        spec = SOLVERS[name]
        control[CONTROL_STEPS] = 0  # the last solver's count is not this one's
        if on_start is not None:
            on_start(spec.title)
        try:
            solution = solve(name, maze, record=True, seed=seed, control=control,
                             budget=budget if spec.walker else None)
        except ValueError as error:
            refused.append(f"{spec.title}: {error}")
            continue
        if solution.stop == "cancelled":
            return None
        runs.append(TraceRun.of_solution(name, solution, maze))
    return runs, refused


@dataclass(frozen=True)
class Standing:
    """One solver's line in a race's table: its own counts of the work, from its result."""

    title: str
    found: bool
    steps: int  #: the solver's steps (`Solution.steps`): moves, ticks or cells reached
    visited: int  #: distinct cells it visited (`TraceRun.visited` at the end)
    path: int | None  #: path length (`TraceRun.path_length` at the end; None: not found)


def standings(runs: list[TraceRun]) -> list[Standing]:
    """The race's table, best first: those that found a goal, by fewest steps to it, then
    shortest path; those that did not, after them, in race order."""
    rows = []
    for run in runs:
        found = bool(run.result.found)
        rows.append(Standing(run.title, found, int(run.result.steps),
                             run.final_visited(), run.result.length))
    return sorted(rows, key=lambda r: (not r.found, r.steps if r.found else 0,
                                       r.path if r.found else 0))


def auto_speed(total: int) -> int:
    """The index of the slowest speed that plays `total` events in AUTO_SECONDS (else the top)."""
    return next((i for i, s in enumerate(SPEEDS) if s * AUTO_SECONDS >= total), len(SPEEDS) - 1)


class Playback:
    """The lab's one clock: a position up to the longest trace's length, and a speed."""

    def __init__(self) -> None:
        self.clock = 0  #: events replayed on every trace (a shorter one stops at its end)
        self.total = 0  #: length of the longest trace on show
        self.speed = SPEEDS.index(100)  #: index into SPEEDS
        self.speed_chosen = False  #: the player picked a speed: stop choosing it per trace
        self._carry = 0.0
        self._last = 0.0

    @property
    def events_per_second(self) -> int:
        """The speed, in events per second."""
        return SPEEDS[self.speed]

    @property
    def at_end(self) -> bool:
        """The clock has reached the end of the longest trace."""
        return self.clock >= self.total

    def rewind(self) -> None:
        """Back to event 0 of fresh traces, at the speed that suits them (unless chosen)."""
        self.clock = 0
        if not self.speed_chosen:
            self.speed = auto_speed(self.total)

    def seek(self, position: int) -> int:
        """Set the clock to `position`, clamped to 0..total; returns the new clock."""
        self.clock = max(0, min(int(position), self.total))
        return self.clock

    def change_speed(self, delta: int) -> None:
        """Faster (delta > 0) or slower by `delta` steps of SPEEDS, clamped; the player's pick."""
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        self.speed_chosen = True

    def start(self, now: float) -> None:
        """Frames count from `now`, with no fraction of an event carried (play or pause)."""
        self._carry = 0.0
        self._last = now

    def frame(self, now: float) -> int:
        """Whole events the frame ending at `now` plays; the fraction carries to the next."""
        dt, self._last = min(now - self._last, MAX_FRAME_SECONDS), now
        self._carry += SPEEDS[self.speed] * dt
        steps = int(self._carry)
        self._carry -= steps
        return steps
