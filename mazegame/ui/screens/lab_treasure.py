"""The lab's treasure view (Suits 4.3, "a known maze, an unknown treasure"): the three orders
of `engine.treasure` side by side on the lab's maze, each with its expected steps to a
treasure hidden in a cell drawn uniformly, and each cell numbered with the step at which that
order's walk first enters it (the best walk first: its numbers are the order to search in).
Space walks the three at once, a step at a time, numbering the rooms as they are entered.

The walks are computed in a worker (the best walk searches exactly on small mazes); above
TREASURE_MAX_CELLS cells the view says so rather than open: a walk through hundreds of
numbered rooms no longer reads, and the orders take seconds of plain Python.
"""

from __future__ import annotations

import numpy as np
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from mazegame.engine.grid import Maze
from mazegame.engine.treasure import ORDERS, TreasureWalk, all_orders
from mazegame.ui.widgets.footer import GameFooter
from mazegame.ui.widgets.trace_view import Layers, TraceView

TREASURE_MAX_CELLS = 400  #: 20x20: beyond it the numbers stop reading and the walks take long
TITLES = {"best": "Best walk", "depth-first": "Depth-first", "nearest": "Nearest first"}


def headline(walk: TreasureWalk) -> str:
    """One order's title, expected steps, whether that figure is proved least, and the
    walk's length (short lines: three columns share 80 characters)."""
    how = "exact" if walk.exact else "heuristic"
    return (f"[b]{TITLES.get(walk.order, walk.order)}[/b]\n"
            f"{walk.expected:.2f} expected steps\n{how} · {len(walk.walk) - 1} moves")


def first_step_labels(maze: Maze, walk: TreasureWalk) -> np.ndarray:
    """Per cell, the step at which the walk first enters it (0: the start, or never)."""
    labels = np.zeros(maze.size, np.int32)
    for cell, step in walk.first_steps().items():
        labels[cell] = step
    return labels


class TreasureScreen(Screen):
    """The three treasure orders on one maze, side by side."""

    BINDINGS = [
        Binding("space,p", "play", "Walk", key_display="space", id="treasure-play",
                tooltip="Walk the three orders step by step from the start, or pause"),
        Binding("right,l", "step(1)", "Step", key_display="←→", id="treasure-step",
                tooltip="One step of the walks forward"),
        Binding("left,h", "step(-1)", "Back", show=False, id="treasure-step-back",
                tooltip="One step of the walks back"),
        Binding("home", "jump(0)", "Start", show=False, id="treasure-start",
                tooltip="Back to the start: no room entered yet"),
        Binding("end", "jump(-1)", "All", id="treasure-end",
                tooltip="The whole walks: every room numbered"),
        Binding("escape,q", "app.pop_screen", "Back", id="treasure-back",
                tooltip="Back to the lab"),
    ]
    FPS = 6  #: steps a second while walking
    DEFAULT_CSS = """
    #treasure-body { height: 1fr; }
    .treasure-order { width: 1fr; height: 100%; border-right: tall $primary 40%; }
    .treasure-head { height: 3; padding: 0 1; }
    .treasure-order TraceView { height: 1fr; }
    #treasure-help { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, maze: Maze) -> None:
        super().__init__()
        self.maze = maze.copy()  # its goal is not drawn: the treasure could be anywhere
        self.walks: list[TreasureWalk] = []
        self.boards: dict[str, Layers] = {}
        self.step = 0  #: the walks are shown up to this step (the last: whole)
        self.walking = False  #: the timer steps the walks

    def compose(self) -> ComposeResult:
        """The status line, one column per order (its figures over its numbered maze)."""
        yield Static("[b]Treasure[/b]  working out the three walks…", id="status")
        with Horizontal(id="treasure-body"):
            for order in ORDERS:
                with Vertical(classes="treasure-order"):
                    yield Static(TITLES.get(order, order), id=f"head-{order}",
                                 classes="treasure-head")
                    yield TraceView(id=f"walk-{order}")
        yield Static(
            "A treasure lies in a cell drawn at random; a walk finds it on first entering "
            "that cell. Each room shows the step at which the walk above it first enters: "
            "the expected steps are their mean (the start counts 0). Space walks them.",
            id="treasure-help")
        yield GameFooter()

    def on_mount(self) -> None:
        """Work out the walks in a worker; the walking timer waits, paused."""
        self._timer = self.set_interval(1 / self.FPS, self._tick, pause=True)
        self._compute()

    @work(thread=True, exclusive=True, group="treasure")
    def _compute(self) -> None:
        walks = all_orders(self.maze)
        if not get_current_worker().is_cancelled:  # cancelled: the view was left meanwhile
            self.app.call_from_thread(self._ready, walks)

    def _ready(self, walks: list[TreasureWalk]) -> None:
        if not self.is_attached:
            return  # left meanwhile
        self.walks = walks
        self.step = self.last
        for walk in walks:
            self.query_one(f"#head-{walk.order}", Static).update(headline(walk))
            self.boards[walk.order] = board = Layers.blank(self.maze)
            view = self.query_one(f"#walk-{walk.order}", TraceView)
            view.show(self.maze, board, ("labels", "agents"), "distance")
            view.maze.goals = ()  # its own copy: no goal glyph over the goal room's number
        self.draw()
        best = walks[0]
        self.query_one("#status", Static).update(
            f"[b]Treasure[/b]  best: {best.expected:.2f} expected steps "
            f"({'exact' if best.exact else 'heuristic'}) · {best.cells} cells")

    # -- walking ----------------------------------------------------------------------------
    @property
    def last(self) -> int:
        """The last step of the longest walk (0 before the walks are known)."""
        return max((len(walk.walk) - 1 for walk in self.walks), default=0)

    def draw(self) -> None:
        """Each maze numbered with the rooms its walk has entered by `step`; the walker where
        it stands then (none once every walk is whole)."""
        for walk in self.walks:
            board = self.boards[walk.order]
            board.labels[:] = 0
            for cell, step in walk.first_steps().items():
                if step <= self.step:
                    board.labels[cell] = step
            board.agents[:] = -1
            if self.step < self.last:
                board.agents[0] = walk.walk[min(self.step, len(walk.walk) - 1)]
            self.query_one(f"#walk-{walk.order}", TraceView).refresh_all()

    def action_play(self) -> None:
        """Walk from the start (or from where the walk was paused), or pause."""
        if not self.walks:
            return
        if self.walking:
            self.pause()
            return
        if self.step >= self.last:
            self.step = 0
            self.draw()
        self.walking = True
        self._timer.resume()

    def pause(self) -> None:
        """Stop walking."""
        self.walking = False
        self._timer.pause()

    def _tick(self) -> None:
        self.action_step(1, keep_playing=True)

    def action_step(self, delta: int, keep_playing: bool = False) -> None:
        """Move the walks `delta` steps (pausing a walk that plays, unless it is the timer)."""
        if not keep_playing:
            self.pause()
        self.step = min(max(0, self.step + delta), self.last)
        if self.step >= self.last:
            self.pause()
        self.draw()

    def action_jump(self, step: int) -> None:
        """To the start (0) or the whole walks (-1)."""
        self.pause()
        self.step = self.last if step < 0 else step
        self.draw()
