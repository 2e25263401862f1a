"""The bird's-eye view of a maze of several floors: one floor at a time, the player's.

A floor is a square maze (`engine.floors.floor_maze`), so `MazeView` draws its walls as it
draws any maze; this view keeps the whole floors maze, shows the floor the player stands on
(following them up and down the stairs), marks the stairs in the rooms (< a stair up, > a
stair down, both: the palette's `GLYPH_STAIRS`, glyphs that read without colour) and says
on its top edge which floor this is and where the goal is when it lies on another.

Every cell the screens hand it (the player, trail, path, marks, fog, sprites) is a cell of
the floors maze; only those on the floor shown are drawn. In a game the climb keys are the
screen's (`keys.climb_bindings`: a move through the side "up" or "down"); after it, while
the view is browsed, they look at the floor above or below (`keys.floor_bindings`).
"""

from __future__ import annotations

from rich.style import Style
from textual.binding import Binding

from mazegame.engine import floors as floor_plan
from mazegame.engine.board_maze import BoardMaze
from mazegame.ui.keys import floor_bindings, scroll_bindings
from mazegame.ui.widgets.maze_view import MazeView


class FloorsView(MazeView, inherit_bindings=False):
    """A floors maze seen from above, one floor at a time (see the module docstring)."""

    DEFAULT_CSS = """
    FloorsView { border-top: solid $primary; border-title-align: center;
                 border-title-style: bold; }
    """
    BINDINGS = [
        *scroll_bindings(),
        Binding("home", "page(-1, 0)", "Page left", show=False, id="scroll-page-left",
                tooltip="Scroll the maze left a screen"),
        Binding("end", "page(1, 0)", "Page right", show=False, id="scroll-page-right",
                tooltip="Scroll the maze right a screen"),
        *floor_bindings(),
    ]

    def __init__(self, maze: BoardMaze | None = None, **kwargs) -> None:
        self.plan: BoardMaze | None = None  #: the whole maze of floors
        self.floor = 0  #: the floor shown
        self._stairs: set[int] = set()
        self._layer = 1
        super().__init__(None, **kwargs)
        if maze is not None:
            self.set_maze(maze)

    # -- content -----------------------------------------------------------------------
    def set_maze(self, maze: BoardMaze, player: int | None = None) -> None:
        """Show a new floors maze, on the floor of `player` (else of its start)."""
        self.plan = maze
        self._stairs = set(floor_plan.stairs(maze).tolist())
        _, height, width = floor_plan.shape(maze.board)
        self._layer = height * width
        player = maze.start if player is None else player
        self.floor = floor_plan.floor_of(maze.board, player)
        super().set_maze(floor_plan.floor_maze(maze, self.floor), player=player)
        self._title()

    def update_walls(self, maze: BoardMaze, row: int | None = None) -> None:
        """Adopt `maze` whose doors changed (walls learned, say): redraw the floor shown."""
        self.plan = maze
        self._stairs = set(floor_plan.stairs(maze).tolist())
        self.maze = floor_plan.floor_maze(maze, self.floor)
        self._rebuild()

    def show_floor(self, floor: int) -> None:
        """Draw another floor (the player's sprite shows only on their own)."""
        floors = floor_plan.shape(self.plan.board)[0] if self.plan is not None else 0
        if self.plan is None or not 0 <= floor < floors or floor == self.floor:
            return
        self.floor = floor
        self.maze = floor_plan.floor_maze(self.plan, floor)
        self._rebuild()
        self._title()

    def move_player(self, cell: int) -> None:
        """Move the player's sprite, onto another floor when a stair took them there."""
        floor = floor_plan.floor_of(self.plan.board, cell)
        if floor != self.floor:
            self.player = cell
            self.bumped = None
            self.show_floor(floor)
            self.keep_in_view(cell)
        else:
            super().move_player(cell)
        self._title()

    def _title(self) -> None:
        """The top edge: "Floor 2 of 3", and where the goal is if not on this floor (its
        capital keeps it from reading as a legend's word after a line)."""
        if self.plan is None:
            return
        board = self.plan.board
        count = floor_plan.shape(board)[0]
        title, short = f"Floor {self.floor + 1} of {count}", f"{self.floor + 1}/{count}"
        goal_floors = sorted({floor_plan.floor_of(board, g) for g in self.plan.goals})
        if self.floor not in goal_floors:
            where = goal_floors[0]
            way = "up" if where > self.floor else "down"
            title += f" · goal on floor {where + 1} ({way})"
            short += f" goal: {where + 1} {way}"
        stair = self.stair_glyph(self.player) if self.player is not None else None
        if stair is not None:
            title += f" · stairs here: {stair}"
        fits = self.size.width == 0 or len(title) <= self.size.width - 4
        self.border_title = title if fits else short

    def on_resize(self) -> None:
        """Keep the player in sight, and the top edge's words within it."""
        super().on_resize()
        self._title()

    # -- cells of the floors maze <-> rooms of the floor shown --------------------------------
    def _here(self, cell: int) -> bool:
        return int(cell) // self._layer == self.floor

    def cell_origin(self, cell: int) -> tuple[int, int]:
        """Picture (x, y) of a cell's room on the floor shown; y is -1 for a cell on another
        floor, on no line of the picture (so no sprite of it is drawn)."""
        x, y = super().cell_origin(int(cell) % self._layer)
        return x, (y if self._here(cell) else -1)

    def keep_in_view(self, cell: int) -> None:
        """Keep a cell of the floor shown in sight (one elsewhere moves nothing)."""
        if self._here(cell):
            super().keep_in_view(cell)

    def invalidate(self, cells) -> None:
        """Re-render the rows of these cells that lie on the floor shown."""
        if self.maze is None:
            return
        rows = {self.cell_origin(c)[1] for c in cells if self._here(c)}
        for row in rows:
            self._cache.pop(row, None)
            self._refresh_row(row)

    def repaint(self, cells) -> None:
        """Repaint the rows of these cells on the floor shown (only sprites moved)."""
        if self.maze is None:
            return
        for row in {self.cell_origin(c)[1] for c in cells if self._here(c)}:
            self._refresh_row(row)

    # -- drawing -------------------------------------------------------------------------
    def stair_glyph(self, cell: int) -> str | None:
        """The glyph of the stairs in a cell: up, down, both, or None."""
        up = cell in self._stairs
        down = cell >= self._layer and cell - self._layer in self._stairs
        if not (up or down):
            return None
        glyphs = self._drawn_with.GLYPH_STAIRS
        if up and down:
            return "<>" if self.room_width >= 2 else glyphs[2]
        return glyphs[0] if up else glyphs[1]

    def _room(self, room: int) -> tuple[str, Style]:
        """A room of the floor shown: fog, the goal, stairs (on the background of the start,
        route or trail they lie on), the start, the marks, path and trail."""
        p = self._drawn_with
        cell = self.floor * self._layer + room
        plan = self.plan
        if self.unseen is not None and cell in self.unseen:
            return p.GLYPH_FOG, p.FOG
        if cell in plan.goals:
            return p.GLYPH_GOAL, p.GOAL
        under: tuple[str, Style] | None = None
        if cell == plan.start:
            under = p.GLYPH_START, p.START
        elif cell in self.marks:
            under = self.marks[cell]
        elif cell in self.path:
            under = self.path_glyph or (p.GLYPH_PATH, p.PATH)
        elif self.show_trail and cell in self.trail:
            under = p.GLYPH_TRAIL, p.TRAIL
        stair = self.stair_glyph(cell)
        if stair is not None:  # over the start, routes and trail: a stair stays in sight
            bg = under[1].bgcolor if under is not None else None
            return stair, p.ONE_WAY + Style(bgcolor=bg) if bg is not None else p.ONE_WAY
        return under or (" ", p.FLOOR)

    def _room_text(self, glyph: str) -> str:
        if len(glyph) == 2:  # both stairs, "<>" (only in rooms two or more wide)
            return glyph.ljust(self.room_width)
        return super()._room_text(glyph)

    # -- after a game: the floors one by one ------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The climb keys look at another floor after a game (while browsing); in a game
        they are the screen's (`keys.climb_bindings`)."""
        if action == "see_floor":
            return self.browsing and self.plan is not None
        return super().check_action(action, parameters)

    def action_see_floor(self, which: str) -> None:
        """Look at the floor above or below."""
        self.show_floor(self.floor + (1 if which == "up" else -1))
