"""Mazes of several floors (issue 41): a floors `BoardMaze` read floor by floor, and its
JSON document.

A floors board (`engine.tilings.floors_board`) numbers its cells floor by floor and, on each
floor, row by row, so cell = floor * width * height + row * width + col; its sides are N, E,
S, W (the square's, in the square's slots) then up and down. A floor is therefore a square
maze: `floor_walls` gives its walls in the square `Maze`'s bits (set = wall), and a *stair*
is an open up side (`stairs`). The player's views draw one floor at a time from these.

The document extends the square one (`engine.mazefile`): the same "format", "version",
"width", "height", "algorithm" and "seed", and

- "tiling": "floors";
- "floors": one object a floor, bottom first, each `{"walls": rows}` with the square
  document's wall rows (N=1, E=2, S=4, W=8 set = a wall; one-way doors as on the square);
- "stairs": `[[floor, row, col], ...]`, a stair from that cell up to the one above it
  (on floor + 1), passable both ways;
- "start": `[floor, row, col]`; "goals": `[[floor, row, col], ...]`.
"""

from __future__ import annotations

import json

import numpy as np

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.grid import MAX_SIDE, Maze
from mazegame.engine.mazefile import FORMAT, VERSION, _grid, parse_json, short_repr
from mazegame.engine.mazetext import MazeFormatError, picture_lines
from mazegame.engine.tilings import MAX_CELLS, TILINGS, Board, floors_board

ALL_WALLS = 15  #: N, E, S, W: the square's four wall bits
#: The slots of a floors board's stairs, read from its registry entry.
UP = TILINGS["floors"].directions.index("up")
DOWN = TILINGS["floors"].directions.index("down")
#: The most commas a floors document may hold: every cell's wall number, three numbers a
#: stair, with room for the rest. Counted before parsing, as `mazefile.MAX_COMMAS` is.
MAX_COMMAS = 5 * MAX_CELLS + 64


# -- a floors maze, floor by floor -----------------------------------------------------------
def shape(board: Board) -> tuple[int, int, int]:
    """(floors, height, width) of a floors board."""
    if board.size == 0:
        return 0, 0, 0
    top = board.coords.max(axis=0)
    return int(top[0]) + 1, int(top[1]) + 1, int(top[2]) + 1


def floor_of(board: Board, cell: int) -> int:
    """The floor a cell is on (0: the ground floor)."""
    return int(board.coords[int(cell), 0])


def local(board: Board, cell: int) -> int:
    """A cell's number on its own floor (row * width + col), as a square maze numbers it."""
    _, height, width = shape(board)
    return int(cell) % (height * width)


def floor_walls(maze: BoardMaze, floor: int) -> np.ndarray:
    """uint8[height, width]: the floor's walls in the square `Maze`'s bits (set = a wall)."""
    _, height, width = shape(maze.board)
    layer = height * width
    doors = maze.doors[floor * layer:(floor + 1) * layer]
    return (~doors & ALL_WALLS).astype(np.uint8).reshape(height, width)


def stairs(maze: BoardMaze) -> np.ndarray:
    """The cells with a stair up (int64, ascending): an up side open from below or a down
    side open from above (a stair is walked both ways)."""
    links, doors = maze.board.links, maze.doors
    above = links[:, UP]
    up_open = ((doors >> UP) & 1).astype(bool) & (above >= 0)
    down_open = np.zeros(maze.size, dtype=bool)
    has = above >= 0
    down_open[has] = ((doors[above[has]] >> DOWN) & 1).astype(bool)
    return np.flatnonzero(up_open | down_open)


def floor_maze(maze: BoardMaze, floor: int) -> Maze:
    """One floor as a square `Maze` (its walls; start and goals are the floors maze's, each
    where it lies on its own floor): what the bird's-eye view draws the floor's walls from."""
    board = maze.board
    return Maze(floor_walls(maze, floor), start=local(board, maze.start),
                goals=tuple(local(board, g) for g in maze.goals))


def of_floors(walls: list[np.ndarray], ups: list[tuple[int, int, int]], start: int = 0,
              goals: tuple[int, ...] = (), **fields) -> BoardMaze:
    """The floors maze with these floors' walls (square bits) and stairs up from these
    (floor, row, col) cells; start and goals are cell numbers."""
    height, width = walls[0].shape
    board = floors_board(width, height, len(walls))
    doors = np.concatenate([(~w & ALL_WALLS).astype(np.uint8).ravel() for w in walls])
    layer = height * width
    for f, r, c in ups:
        cell = f * layer + r * width + c
        doors[cell] |= 1 << UP
        doors[cell + layer] |= 1 << DOWN
    return BoardMaze(board, doors, start=start, goals=goals, **fields)


def picture(maze: BoardMaze, glyphs: str = "box") -> list[str]:
    """The floors one under another as text, each headed "floor k of K" and drawn as the
    square's picture (`mazetext.picture_lines`), its rooms marked: S the start, G a goal,
    < a stair up, > a stair down, = both."""
    count, height, width = shape(maze.board)
    layer = height * width
    ups = set(stairs(maze).tolist())
    lines: list[str] = []
    for f in range(count):
        rows = [list(line) for line in picture_lines(floor_maze(maze, f), glyphs, 3)]
        for room in range(layer):
            cell = f * layer + room
            up, down = cell in ups, cell >= layer and cell - layer in ups
            mark = ("S" if cell == maze.start else "G" if cell in maze.goals
                    else "=" if up and down else "<" if up else ">" if down else " ")
            r, c = divmod(room, width)
            rows[2 * r + 1][4 * c + 1:4 * c + 4] = f" {mark} "
        lines += [f"floor {f + 1} of {count}", *("".join(row) for row in rows)]
    return lines


# -- the JSON document -----------------------------------------------------------------------
def to_document(maze: BoardMaze) -> dict:
    """The floors maze as its JSON document (see the module docstring)."""
    floors, height, width = shape(maze.board)
    coords = maze.board.coords

    def place(cell: int) -> list[int]:
        return [int(x) for x in coords[int(cell)]]

    return {
        "format": FORMAT, "version": VERSION, "tiling": "floors",
        "width": width, "height": height,
        "floors": [{"walls": floor_walls(maze, f).astype(int).tolist()} for f in range(floors)],
        "stairs": [place(c) for c in stairs(maze)],
        "start": place(maze.start), "goals": [place(g) for g in maze.goals],
        "algorithm": maze.algorithm, "seed": maze.seed,
    }


def to_json(maze: BoardMaze) -> str:
    """The floors document as one compact line of JSON."""
    return json.dumps(to_document(maze), separators=(",", ":"))


def _place(key: str, value: object, floors: int, height: int, width: int) -> tuple[int, ...]:
    """A validated [floor, row, col]."""
    if (not isinstance(value, list) or len(value) != 3
            or not all(type(v) is int for v in value)):
        raise MazeFormatError(f"{key!r} must be a [floor, row, column] triple, not "
                              f"{short_repr(value)}")
    f, r, c = value
    if not (0 <= f < floors and 0 <= r < height and 0 <= c < width):
        raise MazeFormatError(f"{key!r} cell {value} lies outside the {floors} floors of "
                              f"{width}x{height}")
    return f, r, c


def _whole(doc: dict, key: str, low: int, high: int) -> int:
    value = doc.get(key)
    if type(value) is not int or not low <= value <= high:
        raise MazeFormatError(f"{key!r} must be a whole number {low}..{high}, not "
                              f"{short_repr(value)}")
    return value


def from_document(doc: object) -> BoardMaze:
    """A floors maze from its parsed JSON document, validated field by field (each fault a
    MazeFormatError naming it)."""
    if not isinstance(doc, dict):
        raise MazeFormatError("a maze document is a JSON object")
    if doc.get("format") != FORMAT:
        raise MazeFormatError(f"not a maze document: 'format' must be {FORMAT!r}")
    if doc.get("version") != VERSION:
        raise MazeFormatError(f"unsupported maze document version {short_repr(doc.get('version'))}")
    if doc.get("tiling") != "floors":
        raise MazeFormatError(f"not a floors document: 'tiling' is {short_repr(doc.get('tiling'))}")
    width, height = _whole(doc, "width", 1, MAX_SIDE), _whole(doc, "height", 1, MAX_SIDE)
    levels = doc.get("floors")
    most = max(1, MAX_CELLS // (width * height))
    if not isinstance(levels, list) or not 1 <= len(levels) <= most:
        raise MazeFormatError(f"'floors' must be a list of 1..{most} floors of {width}x{height}")
    walls = []
    for f, level in enumerate(levels):
        if not isinstance(level, dict) or "walls" not in level:
            raise MazeFormatError(f"floor {f} must be an object with its 'walls'")
        try:
            walls.append(_grid(level, "walls", width, height, ALL_WALLS))
        except MazeFormatError as err:
            raise MazeFormatError(f"floor {f}: {err}") from None
    count = len(walls)
    ups = doc.get("stairs", [])
    if not isinstance(ups, list):
        raise MazeFormatError("'stairs' must be a list of [floor, row, column] triples")
    places = [_place("stairs", s, count, height, width) for s in ups]
    if any(f == count - 1 for f, _, _ in places):
        raise MazeFormatError(f"'stairs' lead up from a floor below the top ({count - 1})")
    layer = width * height

    def cell(place: tuple[int, ...]) -> int:
        return place[0] * layer + place[1] * width + place[2]

    start = cell(_place("start", doc.get("start", [0, 0, 0]), count, height, width))
    goals = doc.get("goals", [[count - 1, height - 1, width - 1]])
    if not isinstance(goals, list) or not goals:
        raise MazeFormatError("'goals' must be a non-empty list of [floor, row, column] triples")
    goals = tuple(dict.fromkeys(cell(_place("goals", g, count, height, width)) for g in goals))
    seed = doc.get("seed")
    if seed is not None and type(seed) is not int:
        raise MazeFormatError(f"'seed' must be a whole number or null, not {short_repr(seed)}")
    algorithm = doc.get("algorithm", "")
    if not isinstance(algorithm, str):
        raise MazeFormatError(f"'algorithm' must be a name, not {short_repr(algorithm)}")
    maze = of_floors(walls, places, start, goals, algorithm=algorithm, seed=seed)
    maze.meta["floors"] = count
    maze.meta["size"] = (width, height)  # a floor's, as a generated maze keeps it
    return maze


def from_json(text: str) -> BoardMaze:
    """A floors maze from the text of its JSON document (refused unparsed when it holds more
    numbers than the largest board has)."""
    if not text.lstrip("\ufeff \t\r\n").startswith("{"):
        raise MazeFormatError("a maze document is a JSON object")
    if text.count(",") > MAX_COMMAS:
        raise MazeFormatError("the document holds more numbers than the largest board has")
    return from_document(parse_json(text))
