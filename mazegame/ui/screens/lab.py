"""The Algorithm Lab: watch a generator build a maze, then race up to four solvers on it.

Generation and solving run in thread workers (the kernels release the GIL); playback is a
timer that moves one shared clock and seeks every panel's `Replay` to it. Seeking is a numba
kernel, so a jump of a million events costs about as much as one step; the panels then
re-render only the rows the events touched.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import replace
from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from mazegame.engine.generate import GENERATORS
from mazegame.engine.grid import Maze
from mazegame.engine.solve import SOLVERS
from mazegame.engine.solve.registry import CONTROL_STEPS, cancel, new_control
from mazegame.games.lab import FPS, Playback, TraceRun, race, race_budget, standings
from mazegame.games.lab_board import maze_size, tiling_of
from mazegame.games.lab_progress import legs
from mazegame.games.setup import SEED_LIMIT, GameSetup
from mazegame.ui.host import palette_of
from mazegame.ui.screens.lab_board import BoardLabMixin, build
from mazegame.ui.screens.lab_controls import STEPS_REPLACE_SIDE_BELOW, ControlsMixin
from mazegame.ui.screens.lab_place import PLACE_KEYS, PLACING_KEYS, PlaceMixin
from mazegame.ui.screens.lab_progress import RaceWatch
from mazegame.ui.screens.lab_text import (
    LAB_KEYS,
    explanation,
    progress_line,
    race_table,
    status_line,
)
from mazegame.ui.screens.lab_views import ViewsMixin
from mazegame.ui.widgets.footer import GameFooter
from mazegame.ui.widgets.lab_panel import TracePanel
from mazegame.ui.widgets.lab_picker import (
    DEFAULT_SIZE,
    DEFAULT_SOLVERS,
    MAX_SOLVERS,
    GenerateRequest,
    LabPicker,
)
from mazegame.ui.widgets.lab_steps import StepsBox
from mazegame.ui.widgets.scrubber import Scrubber

#: The help's legend (`ui.legend.SAMPLES`): the solvers' marks.
LEGEND = ("agent", "start", "goal", "frontier", "visited", "active", "found", "dead", "aroma",
          "step")

MORE_KEYS = [  #: the lab's keys for the whole-maze view and re-running a race
    Binding("f", "fit", "Fit", id="lab-fit",
            tooltip="Fit the whole maze in its panel (half blocks; big mazes by blocks of "
                    "cells, marks and agents as colours), or back to rooms"),
    Binding("R", "race_again", "Race, new seed", show=False, id="lab-race-again",
            tooltip="Build the maze again with a new seed and re-run the same race"),
    Binding("T", "treasure", "Treasure", show=False, id="lab-treasure",
            tooltip="Suits 4.3: the best, depth-first and nearest-first orders to search "
                    "this maze for a hidden treasure, side by side"),
    Binding("a", "statistics", "Stats", show=False, id="lab-stats",
            tooltip="Charts and tables of every generator and solver over many mazes "
                    "of this size"),
]


class LabScreen(BoardLabMixin, ControlsMixin, PlaceMixin, ViewsMixin, Screen):
    """Pickers on the left, one panel per trace, a scrubber and the footer below."""

    # The placing keys first: while placing they take the arrows, enter and escape.
    BINDINGS = [*PLACING_KEYS, *LAB_KEYS, *PLACE_KEYS, *MORE_KEYS]

    #: Nothing focused at first, so the lab's keys work before the first maze is built
    #: (a focused picker would swallow them); tab reaches the pickers.
    AUTO_FOCUS = None

    playing: reactive[bool] = reactive(False, init=False)

    def __init__(self, request: GenerateRequest, solvers=DEFAULT_SOLVERS, *,
                 autoplay: bool = True, maze_file: Maze | None = None,
                 stats_seeds: int = 20) -> None:
        super().__init__()
        self.request = request
        self.maze_file = maze_file  #: a maze read from a file, raced instead of a first build
        self.initial_solvers = tuple(solvers)
        self.autoplay = autoplay  #: start playing every fresh trace (tests turn it off)
        self.maze: Maze | None = None  #: the finished maze of the current build
        self.phase = ""  #: "generate" or "race"
        self.building = False  #: a maze is being built: a race asked for meanwhile waits
        self.race_waiting = False
        self.runs: list[TraceRun] = []
        self._panels: list[TracePanel] = []
        self.playback = Playback()  #: the shared clock and its speed
        self.room_width: int | None = None  #: None: the widest that fits
        self.board_form: str | None = None  #: a board's form picked by z (None: the fitting)
        self._notes = ""  #: the side panel's notes on the algorithms on show
        self._table_shown = False  #: the race's table is on the side panel
        self.control = None  #: the running race's cancel flag and step counter (None: idle)
        self.solving = ""  #: the title of the solver running now
        self._watch = RaceWatch({})  #: the running race's progress line
        self.fitted = False  #: panels show the whole maze scaled (f), not rooms
        self.side_chosen: bool | None = None  #: the side panel shown (s) or hidden by hand
        self.steps_chosen: bool | None = None  #: the steps shown or hidden by hand (e)
        self._steps_of: TraceRun | None = None  #: whose steps a race too wide for all shows
        self.stats_seeds = stats_seeds  #: mazes per algorithm in the statistics view (a)

    # -- layout --------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """The status line, the pickers and notes on the side, the panels, the scrubber."""
        yield Static("", id="status")
        with Horizontal(id="lab-body"):
            with Vertical(id="lab-side"):
                yield LabPicker(self.request, self.initial_solvers, id="lab-picker")
                with VerticalScroll(id="lab-explain-box"):
                    yield Static("", id="lab-explain")
            yield Horizontal(id="lab-panels")
            yield StepsBox(id="lab-steps")
        yield Scrubber(id="lab-scrubber")
        yield GameFooter(compact=True)  # thirteen keys: the roomy footer would cut the last off

    def on_mount(self) -> None:
        """Set up the playback and progress timers (paused) and build the first maze."""
        self._timer = self.set_interval(1 / FPS, self._tick, pause=True)
        self._progress = self.set_interval(0.25, self._show_progress, pause=True)
        self.call_after_refresh(self.action_build if self.maze_file is None else self._open_file)

    @property
    def panels(self) -> list[TracePanel]:
        """The panels on show, one per run (kept, not queried: seeking runs every frame)."""
        return self._panels

    @property
    def leaving(self) -> bool:
        """The lab was left: Textual is taking it apart (`display` is False while it prunes)."""
        return not (self.is_attached and self.display)

    @property
    def clock(self) -> int:
        """Events played on the shared clock."""
        return self.playback.clock

    @property
    def total(self) -> int:
        """Length of the longest trace on show: the clock runs up to it."""
        return self.playback.total

    # -- building and racing -------------------------------------------------------------
    def action_build(self) -> None:
        """Build the maze the pickers describe (a fresh seed if none is given)."""
        picker = self.query_one(LabPicker)
        if problem := picker.seed_problem():
            self.notify(f"Cannot build: {problem}", severity="error")
            return
        self.stop_race()  # a race still running is of the old maze
        request = picker.request()
        if request.seed is None:
            request = replace(request, seed=secrets.randbelow(SEED_LIMIT))
            picker.set_seed(request.seed)
        self.building, self.race_waiting = True, False
        self.playing = False
        self._say(f"building {request.generator} {request.size[0]}x{request.size[1]}…")
        self._generate(request)

    def action_new_seed(self) -> None:
        """Pick a fresh seed and build."""
        self.query_one(LabPicker).set_seed(secrets.randbelow(SEED_LIMIT))
        self.action_build()

    @work(thread=True, exclusive=True, group="lab")
    def _generate(self, request: GenerateRequest) -> None:
        try:  # on the square or a board (lab_board.build)
            generated = build(request, lambda note: self.app.call_from_thread(
                self.notify, note, timeout=8))
        except ValueError as error:
            self.app.call_from_thread(self._build_failed, str(error))
            return
        run = TraceRun.of_generation(request.generator, generated)  # indexes: off the UI thread
        if not get_current_worker().is_cancelled:  # a newer build replaced this one
            self.app.call_from_thread(self._show_generation, request, generated.maze, run)

    def _build_failed(self, message: str) -> None:
        self.building = self.race_waiting = False
        self.notify(message, severity="error")
        if self.maze is None:
            self._say(f"cannot build: {message}")
        else:
            self.update_status()  # the maze on show, not "building…"

    async def _show_generation(self, request: GenerateRequest, maze: Maze, run: TraceRun) -> None:
        # The request becomes the lab's only with its maze: the status describes what is shown.
        maze = run.maze = self.placed(maze)  # the start and goal the player placed, if any
        self.request, self.maze, self.building = request, maze, False
        self.phase = "generate"
        await self._load([run])
        spec = GENERATORS[request.generator]
        self._explain([(spec.title, spec.summary, spec.source)], run.legend)
        if self.race_waiting:
            self.race_waiting = False
            self.action_race()

    async def _open_file(self) -> None:
        """Show the maze file as it is (no generator to replay) and race it at once."""
        maze = self.maze_file
        name = Path(str(maze.meta.get("file", "maze file"))).name
        origin = maze.meta.get("origin", "file")  # "editor": `lab_on_maze`
        self.request = GenerateRequest(f"{origin} {name}", maze_size(maze), None,
                                       tiling=tiling_of(maze))
        self.maze, self.phase = maze, "maze"
        runs = [TraceRun.of_maze(name, maze)]
        await self._load(runs)
        about = maze.meta.get("about", "A maze read from a file")
        self._explain([(name, f"{about}: race the ticked solvers on it (r), place its start "
                        "and goal (t, c), or build a new one (g).",
                        str(maze.meta.get("file", "")))], runs[0].legend)
        self.action_race()

    def action_race(self) -> None:
        """Race the ticked solvers on the maze (once it is built)."""
        if self.building:  # race the maze being built, once it is up
            self.race_waiting = True
            return
        if self.maze is None:
            return
        names = self.query_one(LabPicker).solvers()
        if not names:
            self.notify("Tick one to four solvers on the left first.", severity="warning")
            return
        if len(names) > MAX_SOLVERS:
            self.notify(f"Racing the first {MAX_SOLVERS} ticked solvers.")
        self.playing = False
        self.stop_race()  # a race still running gives way to this one
        self.control = new_control()
        self._progress.resume()
        self._solve(self.maze, names[:MAX_SOLVERS], self.request.seed or 0, self.control)

    def action_cancel(self) -> None:
        """Stop the solvers still running, and say so."""
        if self.stop_race():
            self._say("race cancelled")

    def stop_race(self) -> bool:
        """Stop the solvers still running (the walks poll the control array); were there?"""
        if self.control is None:
            return False
        cancel(self.control)
        self.control = None
        self._progress.pause()
        return True

    def _show_progress(self) -> None:
        """While the solvers run: which one, and how many steps it has taken."""
        if self.control is not None:
            steps = int(self.control[CONTROL_STEPS])
            self._say(self._watch.line(self.solving, steps)
                      or progress_line(self.solving, steps))

    def on_screen_suspend(self) -> None:
        """Covered (by the help, say): hold the replay; it plays on when uncovered."""
        self._timer.pause()

    def on_screen_resume(self) -> None:
        """Uncovered: a replay that was playing plays on from where it was held."""
        if self.playing:
            self.playback.start(time.monotonic())
            self._timer.resume()

    def on_unmount(self) -> None:
        """Stop the race when the lab is left."""
        self.stop_race()  # leaving the lab stops its work too

    @work(thread=True, exclusive=True, group="lab")
    def _solve(self, maze: Maze, names: list[str], seed: int, control) -> None:
        self._watch = RaceWatch(legs(maze, names, race_budget(maze)))
        raced = race(maze, names, seed, control,
                     on_start=lambda title: setattr(self, "solving", title))
        # None: cancelled; a cancelled worker: a newer build or race replaced this one
        if raced is not None and not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show_race, *raced, control)

    async def _show_race(self, runs: list[TraceRun], refused: list[str], control) -> None:
        if control is not self.control:
            return  # cancelled, or replaced by a newer race
        self.control = None
        self._progress.pause()
        for message in refused:
            self.notify(message, severity="warning", timeout=8)
        if not runs:
            return
        self.phase = "race"
        await self._load(runs)
        self._explain([(SOLVERS[n].title, SOLVERS[n].summary, SOLVERS[n].source)
                       for n in (run.result.algorithm for run in runs)],
                      set().union(*(run.legend for run in runs)))

    async def _load(self, runs: list[TraceRun]) -> None:
        """Show these traces from their start, one panel each (not once the lab is left)."""
        if self.leaving:
            return
        self.runs = runs
        self.playback.total = max((len(run) for run in runs), default=0)
        box = self.query_one("#lab-panels", Horizontal)
        await box.remove_children()
        self._panels = [TracePanel(run) for run in runs]
        await box.mount_all(self._panels)
        await self.query_one(StepsBox).show(runs)
        if self.leaving:
            return  # the player left the lab while the panels were being built
        self._fit_steps()
        self._fit_rooms()
        self.call_after_refresh(self._fit_rooms)  # the steps may have taken room
        for panel in self._panels:
            panel.fit(self.fitted)
        self.playback.rewind()
        self.panels[0].view.focus()
        self.seek(0)
        self.playing = self.autoplay

    def _explain(self, items: list[tuple[str, str, str]], keys: set[str]) -> None:
        self._notes = explanation(palette_of(self), items, keys)
        self._table_shown = False
        self.query_one("#lab-explain", Static).update(self._notes)

    def _show_result(self) -> None:
        """At the end of a race, the winner and the table above the notes; else the notes."""
        over = self.phase == "race" and bool(self.runs) and self.playback.at_end
        if over == self._table_shown:
            return  # unchanged: no layout pass (this runs every frame)
        self._table_shown = over
        text = f"{race_table(standings(self.runs))}\n\n{self._notes}" if over else self._notes
        self.query_one("#lab-explain", Static).update(text)

    def action_race_again(self) -> None:
        """A new seed, the same race: build and race again once the maze is up."""
        if self.maze is None:
            return
        self.action_new_seed()
        if self.building:
            self.race_waiting = True

    def action_toggle_side(self) -> None:
        """Hide or show the pickers, giving the panels the room."""
        side = self.query_one("#lab-side")
        side.display = self.side_chosen = not side.display
        if side.display and self.size.width < STEPS_REPLACE_SIDE_BELOW:
            self.query_one(StepsBox).display = False  # narrow: the two share one place
        if not side.display and self.focused is not None and \
                side in self.focused.ancestors_with_self:
            # A hidden picker must not keep the keys (its list would open out of sight).
            self.set_focus(self.panels[0].view if self.panels else None)
        self._fit_steps()
        self.call_after_refresh(self._fit_rooms)  # the panels just changed width

    # -- status ------------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        # The status line is one row high: no layout pass needed (this runs every frame).
        self.query_one("#status", Static).update(f"[b]Algorithm Lab[/b]  {text}", layout=False)

    def update_status(self) -> None:
        """Redraw the status line for the maze on show."""
        if self.maze is None:
            return
        self._say(status_line(self.request, self.maze, self.phase, self.playing, self.playback))


#: The solvers ticked when the editor opens the lab: a wall follower and one that never
#: fails, so a maze drawn after Suits' figures 15 and 16 shows the hand losing its way.
EDITOR_SOLVERS = ("left-hand", "bfs")


def lab_on_maze(maze: Maze, title: str) -> LabScreen:
    """The lab racing EDITOR_SOLVERS on `maze` (a copy: the lab may move its start and goal),
    shown as it is, as a maze file is (walls, start, goals, wrap, one-way doors)."""
    maze = maze.copy()
    maze.meta.update(file=title, origin="editor",
                     about="The maze in the editor, as it is (q goes back to it)")
    setup = GameSetup("lab", size=(maze.width, maze.height), level=maze,
                      options=(("solvers", EDITOR_SOLVERS),))
    return lab_screen(setup)


def lab_screen(setup: GameSetup) -> LabScreen:
    """The lab for a setup: its generator, size and seed start the pickers, its settings
    (`games.modes.lab.LabSettings`) the solvers ticked, the loops and whether it plays."""
    settings = setup.settings
    request = GenerateRequest(setup.algorithm, setup.size or DEFAULT_SIZE, setup.seed,
                              dict(settings.generator_options), settings.braid, setup.tiling)
    if setup.level is not None:  # a maze file: the pickers start at its size
        request = replace(request, size=maze_size(setup.level), seed=None)
    screen = LabScreen(request, settings.solvers, autoplay=settings.autoplay,
                       maze_file=setup.level, stats_seeds=settings.stats_seeds)
    screen.setup = setup  # the help (?) opens with the lab's own blurb, not the Classic's
    return screen
