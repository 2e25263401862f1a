"""The all-mazes lab: every feasible maze of a size walking one sequence in lockstep, two
sequences side by side (`games.lab_allmazes`), played like the lab's traces: play, pause,
step, step back, rewind. Solved mazes light up; the worst one left is highlighted."""

from __future__ import annotations

import numpy as np
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from mazegame.games.lab_allmazes import AllMazesLab, Run
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
    Binding("escape,q", "app.pop_screen", "Menu", id="am-back-menu",
            tooltip="Back to the menu"),
]


def run_header(p: palette.Palette, run: Run) -> str:
    """A side's title: the sequence, the moves played so far in bold, and the count left."""
    played, rest = run.sequence[:run.at], run.sequence[run.at:]
    shown = f"[b reverse]{played}[/]{rest}" if len(run.sequence) <= 60 else \
        f"… [b reverse]{played[-20:]}[/]{rest[:20]}…"
    left = run.mazes.unsolved()
    lit = f"[{p.SOLVED}]all solved[/]" if left == 0 else f"[b]{left}[/b] unsolved"
    return (f"[b]{run.name}[/b], {len(run.sequence)} moves\n"
            f"move {run.at}: {lit} of {len(run.mazes)}\n{shown}")


class AllMazesScreen(Screen):
    """Two panels, one per sequence, each a grid of small mazes moving together."""

    DEFAULT_CSS = """
    AllMazesScreen #am-status { dock: top; height: 1; padding: 0 1; background: $panel; }
    AllMazesScreen .am-side { width: 1fr; padding: 0 1; }
    AllMazesScreen .am-head { height: auto; padding-bottom: 1; }
    AllMazesScreen .am-scroll { height: 1fr; }
    """

    BINDINGS = KEYS

    def __init__(self, size: str = "3x3") -> None:
        super().__init__()
        n, m = (int(x) for x in size.split("x"))
        self.lab = AllMazesLab(n, m)
        self._timer = None

    def compose(self) -> ComposeResult:
        """The status line, the two sides, the footer."""
        yield Static("", id="am-status")
        with Horizontal():
            for side in (0, 1):
                with Vertical(classes="am-side"):
                    yield Static("", id=f"am-head-{side}", classes="am-head")
                    with VerticalScroll(classes="am-scroll", can_focus=False):
                        yield Static("", id=f"am-grid-{side}")
        yield GameFooter()

    def on_mount(self) -> None:
        """Draw the start; the playback timer waits paused."""
        # the sequence last typed in the blindfold puzzle at this size, this session
        yours = blindfold_sequences(self.app).get(self.lab.size)
        if yours:
            self.lab = AllMazesLab(self.lab.n, self.lab.m, yours)
        self._timer = self.set_interval(TICK, self._tick, pause=True)
        self.show()

    def on_resize(self) -> None:
        """Refit the grids to the new width."""
        self.show()

    def help_intro(self) -> str:
        """The help screen's rules."""
        return (f"Every feasible {self.lab.size} maze starts in its upper-left corner and "
                "takes the same moves in step: a move into rock (█) or off the grid does "
                "nothing; a maze is solved (lit up) once its lower-right corner has been "
                "visited. Left and right play two sequences; a and b choose them (your own, "
                "the last you typed in the blindfold puzzle, is among them). 4x4 shows "
                "a sample of the mazes; the counts are over all of them.")

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
        state = "playing" if lab.playing else "paused"
        self.query_one("#am-status", Static).update(
            f"[b]All {lab.size} mazes at once[/b]  {len(lab.runs[0].mazes)} mazes  {state}")
        width = max(10, (self.size.width or 80) // 2 - 3)
        per_row = max(1, (width + 1) // (lab.m + 1))
        for side, run in enumerate(lab.runs):
            worst = run.mazes.worst()
            indices = lab.sample(SAMPLE)
            if worst is not None and worst not in indices:
                indices = np.sort(np.append(indices[:-1], worst))
            self.query_one(f"#am-head-{side}", Static).update(run_header(palette_of(self), run))
            self.query_one(f"#am-grid-{side}", Static).update(
                mini_mazes(palette_of(self), run.mazes, indices, per_row, worst))


def allmazes_screen(setup: GameSetup) -> AllMazesScreen:
    """The mode's screen for a setup: the size of mazes its settings name."""
    return AllMazesScreen(setup.settings.mazes)
