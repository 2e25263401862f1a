"""Building and checking a level's maze: picture or recipe, marks, exits, reachability, traps.

Every refusal is a `LevelError` at the line of the key at fault (picture errors at the
picture's own line). Used by `engine.levelfile`; nothing here knows about chapters or files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from mazegame.engine.graph import bfs, maze_graph
from mazegame.engine.grid import DIRECTION_NAMES, Maze, opposite
from mazegame.engine.levelscan import Located, string_first_line
from mazegame.engine.mazetext import MazeFormatError, from_text
from mazegame.words import plural

MAX_LEVEL_SIDE = 100  #: a level is at most this many cells a side
SIDES = {name: d for d, name in enumerate(DIRECTION_NAMES)}
WRAPS = {"": (False, False), "x": (True, False), "y": (False, True), "xy": (True, True)}
PICTURE = ("maze", "picture")
_LINE = re.compile(r"line (\d+)(, |: | )?")


def rc(maze: Maze, cell: int) -> list[int]:
    """[row, column] of a cell, as levels write it."""
    return list(maze.rc(cell))


@dataclass
class Picture:
    """Where a picture sits in the file, to name the line of a maze row."""

    first: int  #: file line of the picture string's first line
    rows_from: int  #: line (within the string, from 1) of the top border

    def string_line(self, n: int) -> int:
        """File line of line n (from 1) of the picture string."""
        return self.first + n - 1

    def row_line(self, row: int) -> int:
        """File line of maze row `row`'s rooms."""
        return self.string_line(self.rows_from + 2 * row + 1)


def _picture_place(doc: Located, text: str) -> Picture:
    """The picture's first file line and the line of its top border (as from_text finds it)."""
    first = string_first_line(doc.text, doc.line(("maze", "picture")))
    lines = text.splitlines()
    sized = any(line.startswith("#") and line[1:].strip().lower().startswith("size")
                for line in lines)
    rows_from = 1
    for n, line in enumerate(lines, 1):
        if line.startswith("#") or (not sized and not line.strip()):
            continue
        rows_from = n
        break
    return Picture(first, rows_from)


def _marks(text: str) -> tuple[bool, bool]:
    """(marks a start, marks a goal): rooms are the only place letters and '*' appear."""
    body = "".join(line for line in text.splitlines() if not line.startswith("#"))
    return ("S" in body or "*" in body), ("G" in body or "*" in body)


def read_picture(doc: Located, text: str, wrap: tuple[bool, bool] | None):
    """(maze, picture place, start marked, goal marked) of the picture, wrap applied."""
    place = _picture_place(doc, text)
    try:
        maze = from_text(text)
    except MazeFormatError as err:
        message, line = str(err), None
        if m := _LINE.match(message):
            line = place.string_line(int(m[1]))
            rest = message[m.end():]
            message = f"this line {rest}" if m[2] == " " else rest
        raise doc.fail(("maze", "picture"), f"picture: {message}", line) from None
    drawn = (maze.wrap_x, maze.wrap_y)
    if wrap is not None and any(drawn) and drawn != wrap:
        header, key = "x" * drawn[0] + "y" * drawn[1], "x" * wrap[0] + "y" * wrap[1]
        raise doc.fail(("wrap",), f"the picture's header says wrap {header}, but wrap = "
                       f"\"{key}\"; give one or make them agree")
    maze.wrap_x, maze.wrap_y = wrap if wrap is not None else drawn
    start_marked, goal_marked = _marks(text)
    return maze, place, start_marked, goal_marked


def check_shape(doc: Located, maze: Maze, key: tuple) -> None:
    """Refuse sizes a level cannot have (too big, one cell, a wrapped axis under 3)."""
    w, h = maze.width, maze.height
    if w > MAX_LEVEL_SIDE or h > MAX_LEVEL_SIDE or w * h < 2:
        raise doc.fail(key, f"the maze is {w}x{h}; a level is 1..{MAX_LEVEL_SIDE} cells a "
                       "side with at least 2 cells")
    if (maze.wrap_x and w < 3) or (maze.wrap_y and h < 3):
        raise doc.fail(("wrap",), f"a wrapped axis needs at least 3 cells (the maze is {w}x{h})")


def open_exits(doc: Located, maze: Maze, exits: list[tuple[int, int]]) -> None:
    """Check each exit (a border cell and the side it leaves by) and open its outer wall."""
    for cell, d in exits:
        r, c = maze.rc(cell)
        name = DIRECTION_NAMES[d]
        if (d in (0, 2) and maze.wrap_y) or (d in (1, 3) and maze.wrap_x):
            raise doc.fail(("exits",), f"exit [{r}, {c}, \"{name}\"] leaves through a wrapped "
                           f"edge, where it would be a passage to the other side; use a goal "
                           f"cell instead")
        if maze.neighbor(cell, d) >= 0:
            raise doc.fail(("exits",), f"exit [{r}, {c}, \"{name}\"]: that cell is not on the "
                           f"{name} border, so its {name} side is not a way out")
        maze.walls.flat[cell] &= np.uint8(~(1 << d) & 0xFF)


def check_gaps(doc: Located, maze: Maze, exits: list[tuple[int, int]],
               place: Picture | None) -> None:
    """A gap in a bounded outer wall must be a declared exit (else it looks like one)."""
    declared = set(exits)
    for d, name in enumerate(DIRECTION_NAMES):
        if (d in (0, 2) and maze.wrap_y) or (d in (1, 3) and maze.wrap_x):
            continue
        for cell in range(maze.size):
            if (maze.neighbor(cell, d) < 0 and not maze.walls.flat[cell] & (1 << d)
                    and (cell, d) not in declared):
                r, c = maze.rc(cell)
                line = None if place is None else place.row_line(r) + (d == 2) - (d == 0)
                raise doc.fail(("maze", "picture"), f"the outer wall is open on the {name} "
                               f"side of cell [{r}, {c}]: list it in exits as [{r}, {c}, "
                               f"\"{name}\"], or close it", line)


def check_cells(doc: Located, maze: Maze, origin: dict[int, tuple]) -> None:
    """Start and goals must be open cells, and the start no goal."""
    for key, cells in (("start", [maze.start]), ("goals", list(maze.goals))):
        for cell in cells:
            if maze.solid is not None and maze.solid.flat[cell]:
                raise doc.fail(origin.get(cell, (key,)) if key == "goals" else (key,),
                               f"{key.rstrip('s')} {rc(maze, cell)} is rock")
    if maze.start in maze.goals:
        key = ("start",) if "start" in doc.doc else origin.get(maze.start, ("goals",))
        raise doc.fail(key, f"the start {rc(maze, maze.start)} is also a goal: there "
                       "would be nothing to play")


def reachability(doc: Located, maze: Maze, origin: dict[int, tuple], traps: bool,
                 trap_key: tuple, row_line) -> int:
    """The shortest path's length; refuses unreachable goals and (unless `traps`) trap cells:
    cells reachable from the start from which no goal can be reached. `row_line(cell)` is
    the picture line of a cell (None without a picture), for errors about the picture."""
    graph = maze_graph(maze)
    dist, _, _ = bfs(graph, maze.start)
    for goal in maze.goals:
        if dist[goal] < 0:
            key = origin.get(goal, ("goals",))
            what = "exit" if key == ("exits",) else "goal"
            raise doc.fail(key, f"{what} {rc(maze, goal)} cannot be reached from the start "
                           f"{rc(maze, maze.start)}", row_line(goal) if key == PICTURE else None)
    if not traps:
        back = graph.reversed()
        reaches = np.zeros(maze.size, dtype=bool)
        for goal in maze.goals:
            reaches |= bfs(back, goal)[0] >= 0
        trapped = np.flatnonzero((dist >= 0) & ~reaches)
        if trapped.size:
            cell = int(trapped[0])
            raise doc.fail(trap_key, f"cell {rc(maze, cell)} is a trap: it can be reached "
                           f"from the start, but no goal can be reached from it "
                           f"({plural(int(trapped.size), 'such cell')}; "
                           "set traps = true if that is meant)",
                           row_line(cell) if trap_key == PICTURE else None)
    return int(min(dist[g] for g in maze.goals))


def one_way_doors(maze: Maze) -> int:
    """How many sides let you through one way only (open here, walled from beyond)."""
    count = 0
    for cell in range(maze.size):
        for d in range(4):
            if maze.walls.flat[cell] & (1 << d):
                continue
            beyond = maze.neighbor(cell, d)
            if beyond >= 0 and maze.walls.flat[beyond] & (1 << opposite(d)):
                count += 1
    return count
