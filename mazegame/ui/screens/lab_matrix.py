"""The lab's matrix view (Suits 2.3 and 4): M^1, its powers up to M^c, M^d and M^s for a
goal, beside the maze. A cursor picks a cell; the maze lights that cell's matrix row, and the
matrix scrolls to keep the cell's row and column in view.

Mazes up to MATRIX_MAX_CELLS cells: the engine's limit for Suits' matrix method (16x16, or
any shape of 256 cells). Up to 255 products of 256x256 matrices take about a second on one
core, so the powers are multiplied in a worker that shows how far it got; beyond that the
matrix is more screens than anyone reads (256 columns of 4 characters).
"""

from __future__ import annotations

import numpy as np
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from mazegame.engine.grid import Maze
from mazegame.engine.matrices import (
    MATRIX_METHOD_MAX_CELLS,
    PowerTable,
    connection_matrix,
    distance_matrix,
    solution_descent,
    solution_matrix,
)
from mazegame.engine.trace import Mark
from mazegame.ui.widgets.footer import GameFooter
from mazegame.ui.widgets.matrix_view import MatrixView
from mazegame.ui.widgets.trace_view import Layers, TraceView

MATRIX_MAX_CELLS = MATRIX_METHOD_MAX_CELLS  #: the matrix method's limit: 256 cells

CURSOR_KEYS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def _cursor_bindings() -> list[Binding]:
    return [Binding(key, f"cursor({dr}, {dc})", "Cell", show=key == "up", key_display="↑↓←→",
                    id=f"matrix-cursor-{key}", tooltip=f"Move the cell cursor {key}")
            for key, (dr, dc) in CURSOR_KEYS.items()]


class MatrixScreen(Screen):
    """One matrix at a time; the keys step through them."""

    BINDINGS = [
        *_cursor_bindings(),
        Binding("1", "power_at(1)", "M¹", id="matrix-m1", tooltip="The connection matrix M^1"),
        Binding("right_square_bracket", "power(1)", "Next power", key_display="]",
                id="matrix-next", tooltip="The next power M^(i+1), up to M^c"),
        Binding("left_square_bracket", "power(-1)", "Prev power", key_display="[",
                id="matrix-prev", tooltip="The previous power M^(i-1)"),
        Binding("c", "complete", "Mᶜ", id="matrix-complete",
                tooltip="The complete connection matrix M^c"),
        Binding("d", "distance", "Mᵈ", id="matrix-distance",
                tooltip="The minimum distance matrix M^d"),
        Binding("s", "solution", "Mˢ", id="matrix-solution",
                tooltip="The solution matrix M^s for the goal"),
        Binding("g", "goal", "Goal here", id="matrix-goal",
                tooltip="Make the cursor's cell the goal of M^s"),
        Binding("escape,q", "app.pop_screen", "Back", id="matrix-back",
                tooltip="Back to the lab"),
    ]

    def __init__(self, maze: Maze) -> None:
        super().__init__()
        self.maze = maze.copy()
        self.cursor = maze.start
        self.goal = maze.goals[0]
        self.kind = "power"  #: "power", "distance" or "solution"
        self.power = 1
        self.powers: PowerTable | None = None  #: M^1 .. M^c, multiplied in a worker
        self.complete: int | None = None  #: c, or None when some cell cannot reach another
        self.md: np.ndarray | None = None
        self.progress = "multiplying…"  #: how far the powers are, while they are multiplied
        self.board = Layers.blank(self.maze)

    def compose(self) -> ComposeResult:
        """The status line, the maze beside its matrix, the notes and the footer."""
        yield Static("[b]Matrices[/b]  computing…", id="status")
        with Horizontal(id="matrix-body"):
            yield TraceView(id="matrix-maze")
            yield MatrixView(id="matrix")
        yield Static("", id="matrix-help")
        yield GameFooter()

    def on_mount(self) -> None:
        """Compute the matrices in a worker."""
        self._compute()

    @work(thread=True, exclusive=True, group="matrices")
    def _compute(self) -> None:
        # All-pairs BFS (the kernel may still be compiling on a first launch): M^1, M^d and
        # M^s show at once; then Suits' powers up to M^c, saying how far they got. Leaving
        # the screen cancels the worker, which stops the products.
        worker = get_current_worker()
        m1, md = connection_matrix(self.maze), distance_matrix(self.maze)
        if worker.is_cancelled:
            return  # the screen was left while M^d was computed
        self.app.call_from_thread(self._ready, PowerTable(m1, stop=lambda: True), md)

        def progress(i: int, limit: int) -> None:
            if i % 8 == 0:
                self.app.call_from_thread(self._say_progress, i, limit)

        table = PowerTable(m1, progress, lambda: worker.is_cancelled)
        if not table.cancelled:
            self.app.call_from_thread(self._ready, table, md)

    def _say_progress(self, i: int, limit: int) -> None:
        self.progress = f"multiplying… M^{i} (at most M^{limit})"
        self.redraw()

    def _ready(self, table: PowerTable, md: np.ndarray) -> None:
        """M^1 and M^d are known (`table` holds M^1 only, cancelled), or all powers too."""
        if not self.is_attached:
            return  # left meanwhile
        first = self.md is None
        self.powers, self.md = table, md
        self.complete = None if table.cancelled else table.complete
        if first:
            self._show_maze()
            self.query_one("#matrix-maze", TraceView).focus()
        self.redraw()

    @property
    def multiplying(self) -> bool:
        """The powers beyond M^1 are still being multiplied."""
        return self.powers is None or self.powers.cancelled

    def _show_maze(self) -> None:
        self.maze.goals = (self.goal,)
        self.query_one("#matrix-maze", TraceView).show(
            self.maze, self.board, ("agents", "marks", "labels"), "distance")

    # -- what is shown ------------------------------------------------------------------
    def current(self) -> tuple[np.ndarray, str, str, str]:
        """(matrix, value kind, name, explanation) of the matrix on show."""
        c, cell = self.complete, self.cursor + 1
        if self.kind == "distance":
            return self.md, "distance", "Mᵈ", (
                f"Minimum distance matrix: entry (i, j) is the fewest moves from cell i to "
                f"cell j (· unreachable). The maze shows row {cell}: distances from cell {cell}.")
        if self.kind == "solution":
            return solution_matrix(self.md, self.goal), "solution", f"Mˢ goal {self.goal + 1}", (
                f"Solution matrix for goal {self.goal + 1}: row i marks the neighbours one step "
                f"closer to the goal, each holding i's distance to it. From cell {cell} the "
                f"orange rooms lead on; following them gives the green path. g moves the goal.")
        i = self.power
        name = f"M^{i}" + (f" = Mᶜ (c = {c})" if i == c else "")
        text = (f"Connection matrix raised to the power {i}: entry (i, j) counts the ways "
                f"from cell i to cell j in {i} moves (staying put allowed), so it is nonzero "
                f"when j lies within {i} moves (++: {MatrixView.big(self.maze.size):,} ways "
                f"or more). The maze lights row {cell}.")
        if i == c:
            text += f" No zero is left: every cell reaches every other within c = {c} moves."
        return self.powers.power(i), "count", name, text

    def redraw(self) -> None:
        """Show the chosen matrix, light the cursor's row on the maze, and say what it means."""
        if self.md is None:
            return
        matrix, kind, name, text = self.current()
        self.query_one(MatrixView).show(matrix, kind, self.cursor)
        self._light_row(matrix, kind)
        self.query_one("#matrix-help", Static).update(text)
        c = (self.progress if self.multiplying else "none: not every cell connects"
             if self.complete is None else self.complete)
        self.query_one("#status", Static).update(
            f"[b]Matrices[/b]  {name}   cells numbered 1..{self.maze.size} row by row   "
            f"cursor: cell {self.cursor + 1}   c = {c}")

    def _light_row(self, matrix: np.ndarray, kind: str) -> None:
        """Draw the cursor's row of the matrix onto the maze."""
        lay, row = self.board, matrix[self.cursor]
        lay.marks[:] = np.where(row > 0, Mark.VISITED, Mark.NONE) if kind == "count" else \
            np.where(self.md[self.cursor] >= 0, Mark.VISITED, Mark.NONE)
        lay.labels[:] = 0
        if kind == "distance":
            lay.labels[:] = np.maximum(row, 0)
        elif kind == "solution":
            lay.labels[:] = np.maximum(self.md[:, self.goal], 0)
            lay.marks[:] = np.where(self.md[:, self.goal] >= 0, Mark.VISITED, Mark.NONE)
            for cell in solution_descent(matrix, self.cursor, self.goal):
                lay.marks[cell] = Mark.PATH
            lay.marks[(row >= 0) & (np.arange(row.size) != self.cursor)] = Mark.ACTIVE
        lay.agents[:] = -1
        lay.agents[0] = self.cursor
        view = self.query_one("#matrix-maze", TraceView)
        view.label_kind = "" if kind == "count" else "distance"  # counts outgrow the rooms
        view.refresh_all()
        view.keep_in_view(self.cursor)

    # -- keys ---------------------------------------------------------------------------
    def action_cursor(self, dr: int, dc: int) -> None:
        """Move the cursor cell by rows and columns."""
        r, c = self.maze.rc(self.cursor)
        r = min(max(0, r + dr), self.maze.height - 1)
        c = min(max(0, c + dc), self.maze.width - 1)
        self.cursor = self.maze.index(r, c)
        self.redraw()

    def action_power_at(self, i: int) -> None:
        """Show the connection matrix's power `i` (clamped)."""
        if self.powers is None:
            return
        if i > 1 and self.multiplying:
            self.notify("Still multiplying the powers: M¹, Mᵈ and Mˢ show meanwhile.")
        self.kind, self.power = "power", max(1, min(i, len(self.powers)))
        self.redraw()

    def action_power(self, delta: int) -> None:
        """Show the next or previous power."""
        self.action_power_at(self.power + delta if self.kind == "power" else self.power)

    def action_complete(self) -> None:
        """Show the complete connection matrix (the last power)."""
        if self.powers is None or self.multiplying:
            self.action_power_at(2)  # says why it waits
            return
        if self.complete is None:
            self.notify("This maze has no Mᶜ: some cell cannot reach another.")
        self.action_power_at(len(self.powers))

    def action_distance(self) -> None:
        """Show the minimum-distance matrix."""
        self.kind = "distance"
        self.redraw()

    def action_solution(self) -> None:
        """Show the solution matrix for the goal."""
        self.kind = "solution"
        self.redraw()

    def action_goal(self) -> None:
        """Make the cursor cell the goal and show its solution matrix."""
        self.goal = self.cursor
        self._show_maze()
        self.kind = "solution"
        self.redraw()
