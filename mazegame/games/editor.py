"""The level editor as a plain state machine over a `Maze`: no Textual, fully unit-testable.

A cursor cell; edits on the cursor's sides (walls toggled from both sides at once, doors
cycled through their one-way states, exits opened in the border), start, goals, wrap,
resize and fill; bounded undo/redo over whole snapshots (a maze of a few thousand cells is
a few kilobytes); and a live analysis from the engine after each edit: the shortest path
from the start to the nearest goal, the trap cells (reachable from the start, reaching no
goal) and the goals the start cannot reach.

Every edit returns a message: "" when it was done, else why it was refused (and nothing
changed). The level's own fields (id, title, ...) live in `LevelInfo`; reading and writing
level files is `games.editor_level`.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from pathlib import Path

import numpy as np

from mazegame.engine.grid import ALL_WALLS, DIRECTION_NAMES, Maze, opposite
from mazegame.games.editor_level import LevelInfo, check_text, level_text, read_file
from mazegame.games.editor_maze import (
    Analysis,
    analyse,
    clamp,
    close_stray_gaps,
    exits_of,
    no_exit_reason,
    one_way_count,
    resized,
)
from mazegame.locations import OutsideDataFolder, writable_path

HISTORY = 200  #: undo steps kept
MAX_SIDE = 100  #: the editor's largest side (a level is played on a screen)
CLOSED = "every wall"  #: `fill` with every wall up (no generator has a space in its name)
MIN_WRAPPED = 3  #: a wrapped axis needs this many cells (2 would make double doors)
#: A door's states in the order `cycle_door` visits them: (this side walled, back walled).
DOOR_CYCLE = ((1, 1), (0, 0), (0, 1), (1, 0))
DOOR_WORDS = {(1, 1): "wall", (0, 0): "open door", (0, 1): "one-way out",
              (1, 0): "one-way in"}


@dataclass(frozen=True)
class Snapshot:
    """One state of the editor, as undo keeps it."""

    maze: Maze
    info: LevelInfo
    cursor: int
    revision: int


@dataclass
class Editor:
    """The editor's state: the maze, the level's fields, the cursor and the history."""

    maze: Maze
    info: LevelInfo = field(default_factory=LevelInfo)
    cursor: int = 0
    notes: list[str] = field(default_factory=list)  #: what loading changed, to tell
    folder: Path = field(default_factory=Path)  #: where `save` writes <id>.toml
    opened: Path | None = None  #: the level file this is (None: never saved as a level)
    revision: int = field(default=0, init=False)  #: changes with every edit (undo: back)
    saved_revision: int = field(default=0, init=False)
    _next_revision: int = field(default=1, init=False)
    _undo: deque = field(default_factory=lambda: deque(maxlen=HISTORY), init=False)
    _redo: list = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        self.maze = self.maze.copy()
        closed = close_stray_gaps(self.maze)
        if closed:
            self.notes.append(f"closed {closed} gaps in the border that were not exits")

    @classmethod
    def open(cls, path: str | Path) -> Editor:
        """An editor on a level file (.toml) or a maze file; saving goes beside it.

        Raises ValueError: what is wrong, with file:line for levels (a ReadError when the
        file cannot be read at all).
        """
        maze, info = read_file(path)
        path = Path(path)
        level = path if path.suffix.lower() == ".toml" else None
        return cls(maze, info, cursor=maze.start, folder=path.parent, opened=level)

    @property
    def save_path(self) -> Path:
        """Where `save` writes: <id>.toml in the folder (a level's file is named by its id)."""
        return self.folder / f"{self.info.id}.toml"

    def save(self) -> str:
        """Write the level to `save_path` if it validates; "" or why it was not saved."""
        problem = self.info.problem()  # an id fit for a file name before there is a path
        if problem:
            return f"not saved: {problem}"
        path = self.save_path
        try:
            text = level_text(self.maze, self.info)
        except ValueError as err:
            return f"not saved: {err}"
        problem = check_text(text, str(path))
        if problem:
            return f"not saved: {problem}"
        try:
            writable_path(path).write_text(text, encoding="utf-8")
        except OutsideDataFolder as err:  # served to a browser: the message names both
            return f"not saved: {err.strerror}"
        except OSError as err:
            return f"not saved: {err.strerror or err} ({path})"
        self.mark_saved()
        return ""

    @classmethod
    def blank(cls, width: int = 10, height: int = 8, **kwargs) -> Editor:
        """A new open room (walls only round the border), start top left, goal bottom right."""
        maze = Maze.open(width, height)
        return cls(maze.copy(start=0, goals=(maze.size - 1,)), **kwargs)

    # -- state ---------------------------------------------------------------------
    @property
    def unsaved(self) -> bool:
        """Whether the editor holds changes not yet saved."""
        return self.revision != self.saved_revision

    def mark_saved(self) -> None:
        """Note that the current state is what was saved."""
        self.saved_revision = self.revision

    @cached_property
    def analysis(self) -> Analysis:
        """The engine's view of the current maze (recomputed after each edit)."""
        return analyse(self.maze)

    @property
    def exits(self) -> list[tuple[int, int]]:
        """(cell, direction) of each exit."""
        return exits_of(self.maze)

    def door_state(self, cell: int, d: int) -> tuple[int, int] | None:
        """(this side walled, back walled) of side d of `cell`; None on a bounded border."""
        nxt = self.maze.neighbor(cell, d)
        if nxt < 0:
            return None
        flat = self.maze.walls.flat
        return (flat[cell] >> d) & 1, (flat[nxt] >> opposite(d)) & 1

    # -- history -------------------------------------------------------------------
    def _snapshot(self) -> Snapshot:
        return Snapshot(self.maze.copy(), self.info, self.cursor, self.revision)

    def _restore(self, snap: Snapshot) -> None:
        self.maze, self.info, self.cursor = snap.maze.copy(), snap.info, snap.cursor
        self.revision = snap.revision
        self.__dict__.pop("analysis", None)

    def _edit(self, change) -> str:
        """Run `change` (which edits self.maze/self.info or returns why not) as one undo step."""
        before = self._snapshot()
        problem = change()
        if problem:
            self._restore(before)
            return problem
        self._undo.append(before)
        self._redo.clear()
        self.revision, self._next_revision = self._next_revision, self._next_revision + 1
        self.__dict__.pop("analysis", None)
        return ""

    def undo(self) -> str:
        """Go back one edit."""
        if not self._undo:
            return "nothing to undo"
        self._redo.append(self._snapshot())
        self._restore(self._undo.pop())
        return ""

    def redo(self) -> str:
        """Redo the last edit undone."""
        if not self._redo:
            return "nothing to redo"
        self._undo.append(self._snapshot())
        self._restore(self._redo.pop())
        return ""

    # -- cursor ----------------------------------------------------------------------
    def move_cursor(self, d: int) -> None:
        """Move the cursor one cell (across a wrapped edge; it stops at a bounded one)."""
        nxt = self.maze.neighbor(self.cursor, d)
        if nxt >= 0:
            self.cursor = nxt

    def put_cursor(self, cell: int) -> None:
        """Put the cursor on a cell."""
        if 0 <= cell < self.maze.size:
            self.cursor = int(cell)

    # -- walls and doors -------------------------------------------------------------
    def toggle_wall(self, d: int) -> str:
        """Wall up side d of the cursor from both sides, or open it both ways (a one-way
        door becomes a wall). On a bounded border this toggles an exit there."""
        state = self.door_state(self.cursor, d)
        if state is None:
            return self.toggle_exit(d)
        return self._set_door(d, (0, 0) if state == (1, 1) else (1, 1))

    def cycle_door(self, d: int) -> str:
        """Side d of the cursor: wall -> open -> one-way (cursor to neighbour) -> one-way
        back -> wall."""
        state = self.door_state(self.cursor, d)
        if state is None:
            return f"the {DIRECTION_NAMES[d]} side is the border: X makes an exit there"
        index = DOOR_CYCLE.index(state)
        return self._set_door(d, DOOR_CYCLE[(index + 1) % len(DOOR_CYCLE)])

    def _set_door(self, d: int, state: tuple[int, int]) -> str:
        cell = self.cursor
        nxt = self.maze.neighbor(cell, d)

        def change() -> str:
            flat = self.maze.walls.flat
            flat[cell] = (flat[cell] & (ALL_WALLS & ~(1 << d))) | (state[0] << d)
            back = opposite(d)
            flat[nxt] = (flat[nxt] & (ALL_WALLS & ~(1 << back))) | (state[1] << back)
            return ""

        return self._edit(change)

    # -- start, goals, exits ---------------------------------------------------------
    def _rock(self, cell: int) -> bool:
        return self.maze.solid is not None and bool(self.maze.solid.flat[cell])

    def set_start(self) -> str:
        """Put the start on the cursor."""
        cell = self.cursor
        if cell in self.maze.goals:
            return "the start cannot be a goal: remove the goal first (G)"
        if self._rock(cell):
            return "the start cannot be rock"

        def change() -> str:
            self.maze.start = cell
            return ""

        return self._edit(change)

    def toggle_goal(self) -> str:
        """Make the cursor a goal, or no longer one (an exit there closes with it)."""
        cell, maze = self.cursor, self.maze
        if cell == maze.start:
            return "the start cannot be a goal: put the start elsewhere first (S)"
        if self._rock(cell):
            return "a goal cannot be rock"
        if maze.goals == (cell,):
            return "a level needs a goal: add another before removing this one"

        def change() -> str:
            if cell in maze.goals:
                maze.goals = tuple(g for g in maze.goals if g != cell)
                self._close_border(cell)
            else:
                maze.goals = (*maze.goals, cell)
            return ""

        return self._edit(change)

    def _close_border(self, cell: int) -> None:
        for d in range(4):
            if self.maze.neighbor(cell, d) < 0:
                self.maze.walls.flat[cell] |= np.uint8(1 << d)

    def border_sides(self, cell: int) -> list[int]:
        """The directions in which `cell` faces an unwrapped border."""
        return [d for d in range(4) if self.maze.neighbor(cell, d) < 0]

    def toggle_exit(self, d: int | None = None) -> str:
        """Open an exit through the border on side d of the cursor (default: its first
        border side), or close the cursor's exit. An exit is a goal with its outer side
        open; a wrapped axis has no border, so no exit."""
        cell, maze = self.cursor, self.maze
        sides = self.border_sides(cell)
        mine = [side for c, side in self.exits if c == cell]
        if d is None and mine:
            d = mine[0]
        if d is None:
            if not sides:
                return no_exit_reason(maze, cell)
            d = sides[0]
        if d not in sides:
            return no_exit_reason(maze, cell, d)
        if cell == maze.start:
            return "the start cannot be an exit: put the start elsewhere first (S)"
        if self._rock(cell):
            return "an exit cannot be rock"
        closing = d in mine
        if closing and maze.goals == (cell,) and len(mine) == 1:
            return "a level needs a goal: add another before removing this exit"

        def change() -> str:
            if closing:
                maze.walls.flat[cell] |= np.uint8(1 << d)
                if len(mine) == 1:
                    maze.goals = tuple(g for g in maze.goals if g != cell)
            else:
                maze.walls.flat[cell] &= np.uint8(ALL_WALLS & ~(1 << d))
                if cell not in maze.goals:
                    maze.goals = (*maze.goals, cell)
            return ""

        return self._edit(change)

    # -- wrap, size, fill --------------------------------------------------------------
    def toggle_wrap(self, axis: str) -> str:
        """Wrap the x (left-right) or y (top-bottom) axis, or stop wrapping it. Wrapping
        keeps the border walls (open passages across the seam by hand); unwrapping walls up
        the seam."""
        maze = self.maze
        on = not (maze.wrap_x if axis == "x" else maze.wrap_y)
        sides = (1, 3) if axis == "x" else (0, 2)  # east/west, north/south
        length = maze.width if axis == "x" else maze.height
        if on:
            if length < MIN_WRAPPED:
                return f"a wrapped axis needs at least {MIN_WRAPPED} cells"
            crossing = [c for c, d in self.exits if d in sides]
            if crossing:
                r, c = maze.rc(crossing[0])
                return (f"a wrapped axis has no exits: remove the exit at row {r}, column {c} "
                        "first (X)")

        def change() -> str:
            if axis == "x":
                maze.wrap_x = on
                maze.walls[:, 0] |= np.uint8(8)
                maze.walls[:, -1] |= np.uint8(2)
            else:
                maze.wrap_y = on
                maze.walls[0, :] |= np.uint8(1)
                maze.walls[-1, :] |= np.uint8(4)
            return ""

        return self._edit(change)

    def resize(self, width: int, height: int) -> str:
        """Change the size, keeping what fits: cells and doors inside both stay, new cells
        are an open room walled off from the old ones, lost goals go."""
        maze = self.maze
        if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE) or width * height < 2:
            return f"each side is 1..{MAX_SIDE} and a level needs at least 2 cells"
        if (maze.wrap_x and width < MIN_WRAPPED) or (maze.wrap_y and height < MIN_WRAPPED):
            return f"a wrapped axis needs at least {MIN_WRAPPED} cells"

        def change() -> str:
            self.maze = resized(maze, width, height)
            self.cursor = clamp(maze, self.cursor, width, height)
            return ""

        return self._edit(change)

    def fill(self, generator: str | None = None, seed: int = 0) -> str:
        """Replace the walls by an open room (None), every wall up (CLOSED) or a generated
        maze of the same size and wrap, keeping the start, the goals and the exits."""
        maze = self.maze
        if generator in (None, CLOSED):
            blank = Maze.open if generator is None else Maze.closed
            new = blank(maze.width, maze.height, wrap_x=maze.wrap_x, wrap_y=maze.wrap_y)
        else:
            from mazegame.engine.generate import generate

            try:
                new = generate(generator, maze.width, maze.height, seed,
                               wrap_x=maze.wrap_x, wrap_y=maze.wrap_y).maze
            except ValueError as err:
                return str(err)
        exits = self.exits

        def change() -> str:
            self.maze = maze.copy(walls=new.walls.copy(), solid=new.solid,
                                  algorithm=new.algorithm, seed=new.seed)
            rock = [c for c in (maze.start, *maze.goals) if self._rock(c)]
            if rock:
                return "the start or a goal would be rock in this maze: try another generator"
            for cell, d in exits:
                self.maze.walls.flat[cell] &= np.uint8(ALL_WALLS & ~(1 << d))
            return ""

        return self._edit(change)

    # -- level fields -------------------------------------------------------------------
    def set_info(self, **changes) -> str:
        """Change some of the level's fields (refused, naming why, when they are wrong)."""
        known = {f.name for f in fields(LevelInfo)}
        unknown = set(changes) - known
        if unknown:
            return f"no level field {', '.join(sorted(unknown))}"
        info = replace(self.info, **changes)
        problem = info.problem()
        if problem:
            return problem
        if info == self.info:
            return ""

        def change() -> str:
            self.info = info
            return ""

        return self._edit(change)

    # -- summary ------------------------------------------------------------------------
    def status(self) -> str:
        """One line: size, wrap, one-way doors, shortest path, traps, unsaved."""
        maze, found = self.maze, self.analysis
        wrap = ("x" if maze.wrap_x else "") + ("y" if maze.wrap_y else "")
        parts = [f"{maze.width}x{maze.height}", f"wrap {wrap}" if wrap else "no wrap",
                 f"{one_way_count(maze)} one-way"]
        parts.append(f"shortest {found.shortest}" if found.path else "no goal reachable")
        traps = len(found.traps)
        parts.append(f"{traps} trap{'s' if traps > 1 else ''}" if traps else "no traps")
        if self.unsaved:
            parts.append("unsaved")
        lost = len(found.unreachable_goals)
        if lost and found.path:
            parts.append(f"{lost} goal{'s' if lost > 1 else ''} out of reach")
        return " · ".join(parts)

