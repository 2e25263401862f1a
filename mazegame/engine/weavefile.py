"""Weave maze documents: the square maze document (`engine.mazefile`) with its crossings.

A weave maze is written as the square document of its surface, every crossing open on its
four sides, plus two fields::

    "tiling": "weave",
    "crossings": [[row, col, "ns"|"ew"], ...]   the passage on top: north-south or east-west

`walls` are the square's bits (N=1, E=2, S=4, W=8, set = wall); a crossing's are 0, its
neighbours' are open towards it, and it is an inner cell with no crossing beside it. The
start and goals are squares ([row, col]): the surface cell there.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine import mazefile
from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.grid import E, Maze, N, S, W
from mazegame.engine.mazetext import MazeFormatError
from mazegame.engine.tilings import weave_board
from mazegame.engine.weave import EW, NS, crossings, square_of

TILING = "weave"
_BITS = (N, E, S, W)


def surface(maze: BoardMaze) -> Maze:
    """The square maze of a weave maze's surface: a square's side is open when a passage
    leaves it that way (through either of a crossing's cells); start and goals on squares."""
    board = maze.board
    height, width = int(board.coords[:, 0].max()) + 1, int(board.coords[:, 1].max()) + 1
    squares = square_of(board)
    walls = np.full(height * width, 15, dtype=np.uint8)
    for d, bit in enumerate(_BITS):
        opens = ((maze.doors >> d) & 1).astype(bool) & (board.links[:, d] >= 0)
        np.bitwise_and.at(walls, squares[opens], np.uint8(15 ^ bit))
    return Maze(walls.reshape(height, width), start=int(squares[maze.start]),
                goals=tuple(int(squares[g]) for g in maze.goals),
                algorithm=maze.algorithm, seed=maze.seed)


def to_document(maze: BoardMaze) -> dict:
    """The JSON document of a weave maze (the square document's keys, then the weave's)."""
    doc = mazefile.to_document(surface(maze))
    del doc["wrap"]
    doc["tiling"] = TILING
    doc["crossings"] = [[r, c, over] for r, c, over in crossings(maze.board)]
    return doc


def _crossings(doc: dict, width: int, height: int) -> list[tuple[int, int, str]]:
    raw = doc.get("crossings", [])
    if not isinstance(raw, list):
        raise MazeFormatError("'crossings' must be a list of [row, column, \"ns\"|\"ew\"]")
    out: dict[tuple[int, int], str] = {}
    for item in raw:
        if (not isinstance(item, list) or len(item) != 3
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in item[:2])
                or item[2] not in (NS, EW)):
            raise MazeFormatError("a crossing is [row, column, \"ns\"|\"ew\"], not "
                                  f"{mazefile.short_repr(item)}")
        r, c, over = item
        if not (1 <= r < height - 1 and 1 <= c < width - 1):
            raise MazeFormatError(f"crossing {[r, c]} is not an inner cell of the "
                                  f"{width}x{height} maze")
        if (r, c) in out:
            raise MazeFormatError(f"crossing {[r, c]} is given twice")
        out[r, c] = over
    for r, c in out:
        if any(k in out for k in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))):
            raise MazeFormatError(f"crossing {[r, c]} is next to another crossing")
    return [(r, c, over) for (r, c), over in sorted(out.items())]


def from_document(doc: object) -> BoardMaze:
    """A weave maze from a parsed JSON document, validated field by field (MazeFormatError
    naming the field)."""
    if not isinstance(doc, dict) or doc.get("tiling") != TILING:
        raise MazeFormatError("not a weave maze document: 'tiling' must be 'weave'")
    if doc.get("wrap", [False, False]) != [False, False] or "solid" in doc:
        raise MazeFormatError("a weave maze has no wrap-around and no rock")
    square = mazefile.from_document({k: v for k, v in doc.items()
                                     if k not in ("tiling", "crossings")})
    width, height = square.width, square.height
    crossed = _crossings(doc, width, height)
    walls = square.walls
    for r, c, _ in crossed:
        if walls[r, c] or walls[r - 1, c] & S or walls[r + 1, c] & N or \
                walls[r, c - 1] & E or walls[r, c + 1] & W:
            raise MazeFormatError(f"crossing {[r, c]} must be open on its four sides and "
                                  "its neighbours open towards it")
    board, doors = weave_board(width, height, crossed)
    squares = square_of(board)
    for d, bit in enumerate(_BITS):  # a square's open sides, on the cell running that way
        runs = board.links[:, d] >= 0
        doors |= np.where(runs & ((walls.ravel()[squares] & bit) == 0), 1 << d, 0).astype(np.uint8)
    surface_cell = np.nonzero(board.coords[:, 2] == 0)[0]
    return BoardMaze(board, doors, start=int(surface_cell[square.start]),
                     goals=tuple(int(surface_cell[g]) for g in square.goals),
                     algorithm=square.algorithm, seed=square.seed,
                     meta={"size": (width, height)})


def is_weave_document(doc: object) -> bool:
    """True for a parsed document that says it is a weave maze."""
    return isinstance(doc, dict) and doc.get("tiling") == TILING


def from_json(text: str) -> BoardMaze:
    """A weave maze from the text of its JSON document."""
    if text.count(",") > mazefile.MAX_COMMAS:
        raise MazeFormatError("the document holds more numbers than the largest maze has")
    return from_document(mazefile.parse_json(text))
