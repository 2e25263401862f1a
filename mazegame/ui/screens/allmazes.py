"""The all-mazes lab: every feasible maze of a size walking one sequence in lockstep, two
sequences side by side (`games.lab_allmazes`), played like the lab's traces: play, pause,
step, step back, rewind. Solved mazes light up; the worst one left is highlighted. A size
with too many mazes to list (5x5) plays a seeded sample of its classes, drawn in a worker;
`s` draws another."""

from __future__ import annotations

import numpy as np
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from mazegame.engine import compiles
from mazegame.engine.allmazes.mazeset import ClassSample
from mazegame.games.lab_allmazes import AllMazesLab, Run, draw_sample, sampled
from mazegame.games.setup import GameSetup
from mazegame.ui import palette
from mazegame.ui.host import blindfold_sequences, palette_of
from mazegame.ui.widgets.allmazes_view import mini_mazes
from mazegame.ui.widgets.footer import GameFooter

#: The help's legend (`ui.legend.SAMPLES`): every small maze at once.
LEGEND = ("player", "worst", "rock", "goal", "maze-free", "maze-solved")

SAMPLE = 60  #: at most this many mazes drawn per side (4x4 has 3828)
TICK = 0.35  #: seconds per move while playing

KEYS = [  #: the lab's playback keys (as in the algorithm lab), and the sequence choosers
    Binding("space,p", "play", "Play/pause", key_display="space", id="am-play",
            tooltip="Play or pause both sequences"),
    Binding("right,l", "step(1)", "Step", key_display="←→", id="am-step",
            tooltip="One move forward"),
    Binding("left,h", "step(-1)", "Back", show=False, id="am-back", tooltip="One move back"),
    Binding("home", "rewind", "Start", id="am-start", tooltip="Back to the start"),
    Binding("end", "to_end", "End", show=False, id="am-end",
            tooltip="Play both sequences to the end"),
    Binding("a", "cycle(0)", "Left seq", id="am-left",
            tooltip="Another sequence on the left (the best, a random walk, a staircase, yours)"),
    Binding("b", "cycle(1)", "Right seq", id="am-right",
            tooltip="Another sequence on the right (the best, a random walk, a staircase, yours)"),
    Binding("s", "new_sample", "New sample", id="am-sample",
            tooltip="Draw another sample of the maze classes (5x5)"),
    Binding("escape,q", "app.pop_screen", "Menu", id="am-back-menu",
            tooltip="Back to the menu"),
]


def run_header(p: palette.Palette, run: Run, lab: AllMazesLab) -> str:
    """A side's title: the sequence, the moves played so far in bold, and the count left
    (on a sample: of those drawn and, under the shipped sequence, of all the classes)."""
    played, rest = run.sequence[:run.at], run.sequence[run.at:]
    shown = f"[b reverse]{played}[/]{rest}" if len(run.sequence) <= 60 else \
        f"… [b reverse]{played[-15:]}[/]{rest[:15]}…"
    left = run.mazes.unsolved()
    drawn = "" if lab.drawn is None else " drawn"
    lit = (f"[{p.SOLVED}]all solved[/] of {len(run.mazes)}{drawn}" if left == 0
           else f"[b]{left}[/b] unsolved of {len(run.mazes)}{drawn}")
    whole = ""  # the drawn classes' solve times are the shipped sequence's, the first source
    if lab.drawn is not None and run.sequence == next(iter(lab.sources.values())):
        whole = f"all {lab.drawn.classes:,}: {lab.drawn.unsolved_after(run.at):,} unsolved\n"
    elif lab.drawn is not None:
        whole = "(counted on the sample only)\n"
    return (f"[b]{run.name}[/b], {len(run.sequence)} moves\n"
            f"move {run.at}: {lit}\n{whole}{shown}")


class AllMazesScreen(Screen):
    """Two panels, one per sequence, each a grid of small mazes moving together."""

    DEFAULT_CSS = """
    AllMazesScreen #am-status { dock: top; height: 1; padding: 0 1; background: $panel; }
    AllMazesScreen .am-side { width: 1fr; padding: 0 1; }
    AllMazesScreen .am-head { height: auto; padding-bottom: 1; }
    AllMazesScreen #am-about { height: auto; padding: 0 1; color: $text-muted; }
    AllMazesScreen .am-scroll { height: 1fr; }
    """

    BINDINGS = KEYS

    def __init__(self, size: str = "3x3") -> None:
        super().__init__()
        self.n, self.m = (int(x) for x in size.split("x"))
        #: the two runs; None while a sample of the classes is being drawn
        self.lab: AllMazesLab | None = None
        self.seed = 1  #: the sample's seed (sampled sizes); `s` draws the next
        self.drawing = False  #: a sample is being drawn
        self._timer = None

    def compose(self) -> ComposeResult:
        """The status line, what the sample is (sampled sizes), the two sides, the footer."""
        yield Static("", id="am-status")
        yield Static("", id="am-about")
        with Horizontal():
            for side in (0, 1):
                with Vertical(classes="am-side"):
                    yield Static("", id=f"am-head-{side}", classes="am-head")
                    with VerticalScroll(classes="am-scroll", can_focus=False):
                        yield Static("", id=f"am-grid-{side}")
        yield GameFooter()

    def on_mount(self) -> None:
        """Draw the start (a sampled size's once drawn); the playback timer waits paused."""
        self._timer = self.set_interval(TICK, self._tick, pause=True)
        if sampled(self.n, self.m):
            self._start_drawing()
        else:  # the sequence last typed in the blindfold puzzle at this size, this session
            yours = blindfold_sequences(self.app).get(f"{self.n}x{self.m}")
            self.lab = AllMazesLab(self.n, self.m, yours)
        self.show()

    def _start_drawing(self) -> None:
        """Draw the sample of seed `self.seed` in a worker; playback waits for the first."""
        self.drawing = True
        self._draw_sample(self.seed)

    @work(thread=True, exclusive=True, group="allmazes-sample")
    def _draw_sample(self, seed: int) -> None:
        """List the classes (once a process) and draw a sample of them, off the UI thread
        (compiling the kernels here rather than running them as Python on a first launch)."""
        with compiles.compiling():
            drawn = draw_sample(self.n, self.m, seed)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._sample_drawn, drawn)

    def _sample_drawn(self, drawn: ClassSample) -> None:
        """The lab on the new sample (60 classes: quick), each side as far in as it was."""
        if not self.is_attached:
            return
        self.drawing = False
        self.lab = (AllMazesLab(self.n, self.m, drawn=drawn) if self.lab is None
                    else self.lab.redrawn(drawn))
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`s` (a new sample) is for sampled sizes only; nothing plays while one is drawn."""
        if action == "new_sample":
            return sampled(self.n, self.m)
        if self.lab is None and action not in ("app.pop_screen",):
            return None
        return True

    def action_new_sample(self) -> None:
        """Draw another sample of the classes (each side stays as far in)."""
        if self.drawing:
            self.app.bell()
            return
        self.seed += 1
        self._start_drawing()
        self.show()

    def on_resize(self) -> None:
        """Refit the grids to the new width."""
        self.show()

    def help_intro(self) -> str:
        """The help screen's rules."""
        return (f"Every feasible {self.n}x{self.m} maze starts in its upper-left corner and "
                "takes the same moves in step: a move into rock (█) or off the grid does "
                "nothing; a maze is solved (lit up) once its lower-right corner has been "
                "visited. Left and right play two sequences; a and b choose them (your own, "
                "the last you typed in the blindfold puzzle, is among them). 4x4 shows "
                "a sample of the mazes; the counts are over all of them. 5x5 plays a "
                "sample of its maze classes (a class: the mazes no sequence can tell apart, "
                "those with the same cells joined to the start; drawn with the rest as "
                "rock), one from each equal slice of all the classes ordered by when the "
                "shipped sequence solves them, so the sample is solved early and late as "
                "the whole is; the counts are over the sample, and under the shipped "
                "sequence over all the classes too. s draws another sample.")

    # -- playback ------------------------------------------------------------------------
    def action_play(self) -> None:
        """Play or pause (from the start again when both sequences are over)."""
        lab = self.lab
        if not lab.playing and all(run.finished for run in lab.runs):
            lab.rewind()
        lab.playing = not lab.playing
        if lab.playing:
            self._timer.resume()
        else:
            self._timer.pause()
        self.show()

    def _tick(self) -> None:
        if not self.lab.step():
            self._timer.pause()
        self.show()

    def action_step(self, delta: int) -> None:
        """One move forward or back (pausing the playback)."""
        self.lab.playing = False
        self._timer.pause()
        if not (self.lab.step() if delta > 0 else self.lab.back()):
            self.app.bell()
        self.show()

    def action_rewind(self) -> None:
        """Both sequences back to the start."""
        self.lab.rewind()
        self.show()

    def action_to_end(self) -> None:
        """Both sequences played to the end."""
        while self.lab.step():
            pass
        self.show()

    def action_cycle(self, side: int) -> None:
        """Another sequence on one side."""
        self.lab.cycle(side)
        self.show()

    # -- drawing -------------------------------------------------------------------------
    def show(self) -> None:
        """Redraw the status line and both sides."""
        lab = self.lab
        about = self.query_one("#am-about", Static)
        about.display = sampled(self.n, self.m)
        if lab is None:
            self.query_one("#am-status", Static).update(
                f"[b]All {self.n}x{self.m} mazes at once[/b]  drawing a sample of the classes…")
            return
        state = "drawing another sample…" if self.drawing else (
            "playing" if lab.playing else "paused")
        if lab.drawn is None:
            count = f"{len(lab.runs[0].mazes)} mazes"
        else:
            drawn = lab.drawn
            count = f"{len(drawn.masks)} of {drawn.classes:,} classes  sample {drawn.seed}"
            about.update(f"a sample of the {drawn.mazes:,} mazes' classes, spread over when "
                         f"the {next(iter(lab.sources))} sequence solves them; s: another")
        self.query_one("#am-status", Static).update(
            f"[b]All {lab.size} mazes at once[/b]  {count}  {state}")
        width = max(10, (self.size.width or 80) // 2 - 3)
        per_row = max(1, (width + 1) // (lab.m + 1))
        for side, run in enumerate(lab.runs):
            worst = run.mazes.worst()
            indices = lab.sample(SAMPLE)
            if worst is not None and worst not in indices:
                indices = np.sort(np.append(indices[:-1], worst))
            self.query_one(f"#am-head-{side}", Static).update(
                run_header(palette_of(self), run, lab))
            self.query_one(f"#am-grid-{side}", Static).update(
                mini_mazes(palette_of(self), run.mazes, indices, per_row, worst))


def allmazes_screen(setup: GameSetup) -> AllMazesScreen:
    """The mode's screen for a setup: the size of mazes its settings name."""
    return AllMazesScreen(setup.settings.mazes)
