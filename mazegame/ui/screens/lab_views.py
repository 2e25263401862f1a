"""The lab's views of the maze on show, each a screen of its own over the lab: Suits'
matrices (`m`), the treasure orders (`T`) and the statistics over many mazes (`a`).

`ViewsMixin` is mixed into `LabScreen`, which owns `maze`, `request`, `stats_seeds` and
`playing`: each view pauses the replay and opens over it, or says why it cannot.
"""

from __future__ import annotations

from mazegame.engine.generate import GENERATORS
from mazegame.ui.screens.lab_matrix import MATRIX_MAX_CELLS, MatrixScreen
from mazegame.ui.screens.lab_treasure import TREASURE_MAX_CELLS, TreasureScreen
from mazegame.ui.widgets.lab_picker import LabPicker


class ViewsMixin:
    """The lab's `m`, `T` and `a`: a view of the maze on show, opened over the lab."""

    def action_matrices(self) -> None:
        """Open Suits' matrices of the maze (small mazes only)."""
        if self.maze is None:
            return
        if self.maze.size > MATRIX_MAX_CELLS:
            self.notify(f"The matrix view takes mazes up to {MATRIX_MAX_CELLS} cells (16x16); "
                        f"this one has {self.maze.size}. Pick a smaller size and build (g).",
                        severity="warning", timeout=6)
            return
        self.playing = False
        self.app.push_screen(MatrixScreen(self.maze))

    def action_treasure(self) -> None:
        """Open the treasure orders on this maze (mazes up to TREASURE_MAX_CELLS)."""
        if self.maze is None:
            return
        if self.maze.size > TREASURE_MAX_CELLS:
            self.notify(f"The treasure view takes mazes up to {TREASURE_MAX_CELLS} cells "
                        f"(20x20); this one has {self.maze.size}.", severity="warning")
            return
        self.playing = False
        self.app.push_screen(TreasureScreen(self.maze))

    def action_statistics(self) -> None:
        """Open the statistics view: the lab's generator and size, `stats_seeds` mazes."""
        from mazegame.ui.screens.lab_stats import StatsScreen

        generator = self.request.generator
        if generator not in GENERATORS:  # a maze file: the generator picked on the left
            generator = self.query_one(LabPicker).request().generator
        size = (self.maze.width, self.maze.height) if self.maze is not None \
            else GENERATORS[generator].fit_size(*self.request.size)
        self.playing = False
        self.app.push_screen(StatsScreen(generator, size, self.stats_seeds))
