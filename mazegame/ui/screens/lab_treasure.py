"""The lab's treasure view (Suits 4.3, "a known maze, an unknown treasure"): the three orders
of `engine.treasure` side by side on the lab's maze, each with its expected steps to a
treasure hidden in a cell drawn uniformly, and each cell numbered with the step at which that
order's walk first enters it (the best walk first: its numbers are the order to search in).

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
    """One order's title, expected steps and whether that figure is proved least."""
    how = "exact" if walk.exact else "heuristic"
    return (f"[b]{TITLES.get(walk.order, walk.order)}[/b]\n"
            f"{walk.expected:.2f} expected steps ({how})\n"
            f"{walk.total} in all over {walk.cells} cells, {len(walk.walk) - 1} moves")


def first_step_labels(maze: Maze, walk: TreasureWalk) -> np.ndarray:
    """Per cell, the step at which the walk first enters it (0: the start, or never)."""
    labels = np.zeros(maze.size, np.int32)
    for cell, step in walk.first_steps().items():
        labels[cell] = step
    return labels


class TreasureScreen(Screen):
    """The three treasure orders on one maze, side by side."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back", id="treasure-back",
                        tooltip="Back to the lab")]
    DEFAULT_CSS = """
    #treasure-body { height: 1fr; }
    .treasure-order { width: 1fr; height: 100%; border-right: tall $primary 40%; }
    .treasure-head { height: 3; padding: 0 1; }
    .treasure-order TraceView { height: 1fr; }
    #treasure-help { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, maze: Maze) -> None:
        super().__init__()
        self.maze = maze.copy()
        self.maze.goals = ()  # no goal drawn: the treasure could be anywhere
        self.walks: list[TreasureWalk] = []

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
            "the expected steps are their mean (the start counts 0).", id="treasure-help")
        yield GameFooter()

    def on_mount(self) -> None:
        """Work out the walks in a worker."""
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
        for walk in walks:
            self.query_one(f"#head-{walk.order}", Static).update(headline(walk))
            board = Layers.blank(self.maze)
            board.labels[:] = first_step_labels(self.maze, walk)
            self.query_one(f"#walk-{walk.order}", TraceView).show(
                self.maze, board, ("labels",), "distance")
        best = walks[0]
        self.query_one("#status", Static).update(
            f"[b]Treasure[/b]  best: {best.expected:.2f} expected steps "
            f"({'exact' if best.exact else 'heuristic'}) · {best.cells} cells")
