"""The lab on boards (hexagons, triangles): building the maze, the zoom, and what waits.

`BoardLabMixin` is mixed into `LabScreen` ahead of its other mixins. On a board the maze is
built by `generate_board` (the generator's board kernel, traced), each panel draws with a
`BoardTraceView`, and `z` cycles the board's forms (large, compact) instead of room
widths; the views made for the square's rows and columns (placing start and goal, the
matrices, the treasure orders, the statistics, the fitted view) are not offered there.
"""

from __future__ import annotations

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.generate.boards import generate_board
from mazegame.games.lab_board import SQUARE, on_board
from mazegame.ui import board_art
from mazegame.ui.widgets.board_trace_view import BoardTraceView

#: the lab's keys that read the square's rows and columns: not offered on a board
SQUARE_ONLY = frozenset({"place", "place_middle", "goal_middle", "matrices", "treasure",
                         "statistics", "fit"})


def build(request, notify):
    """The maze a `GenerateRequest` asks for, traced: a `Generated` on the square (at the
    generator's fitted size, `notify` hearing why it changed), a `BoardGenerated` on a board.
    ValueError: the generator cannot build it."""
    if request.tiling != SQUARE:
        width, height = request.size
        return generate_board(request.generator, request.tiling, width, height, request.seed,
                              record=True, braid=request.braid, options=request.options)
    spec = GENERATORS[request.generator]
    width, height = spec.fit_size(*request.size)
    if note := spec.size_note(*request.size):
        notify(f"{spec.title}: {note}")
    return generate(request.generator, width, height, request.seed, record=True,
                    options=request.options, braid=request.braid)


class BoardLabMixin:
    """The board's side of `LabScreen` (see the module docstring)."""

    @property
    def on_board(self) -> bool:
        """The maze on show lies on another board than the square."""
        return on_board(self.maze)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """The square's views are not offered on a board; the rest as the lab says."""
        if action in SQUARE_ONLY and self.on_board:
            return False
        return super().check_action(action, parameters)

    def placed(self, maze):
        """A board's maze keeps its start and goal (placing reads rows and columns)."""
        return maze if on_board(maze) else super().placed(maze)

    def _fit_rooms(self) -> None:
        """On a board: the form picked by `z`, else the largest whose picture is as wide as
        a panel (else the smallest); on squares, the room widths (`ControlsMixin`)."""
        if not self.on_board:
            super()._fit_rooms()
            return
        form = self.board_form or self._fitting_form()
        for view in self.query(BoardTraceView):
            view.set_form(form)

    def _fitting_form(self) -> str:
        """The largest form of the board whose picture fits a panel's width."""
        per_panel = self.query_one("#lab-panels").size.width // max(1, len(self.runs)) - 2
        kind = self.maze.tiling
        forms = board_art.forms(kind)
        return next((form for form in forms if board_art.picture_size(
            kind, form, *self.request.size)[0] <= per_panel), forms[-1])

    def action_zoom(self) -> None:
        """On a board: the next form of every panel (large, compact); on squares the room
        widths."""
        if not self.on_board:
            super().action_zoom()
            return
        views = self.query(BoardTraceView)
        if views:
            forms = board_art.forms(self.maze.tiling)
            current = views.first().form
            self.board_form = forms[(forms.index(current) + 1) % len(forms)] \
                if current in forms else forms[0]
            self._fit_rooms()
