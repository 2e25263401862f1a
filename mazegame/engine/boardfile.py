"""Maze documents on hexagons and triangles (issue 41): the JSON of a `BoardMaze`.

    {"tiling": "hex", "cells": [[q, r], ...], "passages": [[i, j], ...],
     "one_way": [[i, j], ...], "start": i, "goals": [j, ...], "algorithm": "...", "seed": 7}

- `tiling`: "hex" or "triangle" (a tiling whose `TilingSpec.read_document` names this module).
- `cells`: each cell's coordinates, once each: hex axial (q, r), triangles (row, col) pointing
  up when row + col is even (`engine.tilings`). A cell's number is its place in this list.
- `passages`: two-way doors, each a pair of cell numbers that share a side.
- `one_way` (optional): doors passable one way only, [i, j] from i to j (never back).
- `start` (default 0), `goals` (default [the last cell]): cell numbers.
- `algorithm`, `seed` (optional): what built it, written only when known.

Reading checks every field and names what is wrong (`MazeFormatError`, a ValueError): kinds
and types, at most `MAX_CELLS` cells, coordinates within +-`MAX_COORD`, each cell once, each
door once and only between cells that share a side, start and goals among the cells. What
this module writes reads back as the same maze and writes again as the same document.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.mazetext import MazeFormatError
from mazegame.engine.tilings import MAX_CELLS, TILINGS, Board

MAX_COORD = 1 << 22  #: the largest coordinate a document may give, either sign
#: The names a tiling's spec gives this module's reader and writer (`TilingSpec`).
READER = "mazegame.engine.boardfile:from_document"
WRITER = "mazegame.engine.boardfile:to_document"


def short(value: object) -> str:
    """A value as a message quotes it, cut short (the same repr as the square reader's)."""
    from mazegame.engine.mazefile import short_repr

    return short_repr(value)


def planar_tilings() -> list[str]:
    """The tilings whose documents this module reads, in registry order."""
    return [name for name, spec in TILINGS.items() if spec.read_document == READER]


# -- writing ----------------------------------------------------------------------------------
def to_document(maze: BoardMaze) -> dict:
    """The JSON document of a maze on hexagons or triangles, as a dict (key order as above;
    `one_way`, `algorithm` and `seed` only when there are any)."""
    pairs = maze.passages()
    back = maze.board.links[pairs[:, 1]] == pairs[:, :1]  # the sides of j facing i
    open_back = ((maze.doors[pairs[:, 1], None] >> np.arange(maze.sides)) & 1).astype(bool)
    two_way = (back & open_back).any(axis=1)
    doc: dict = {
        "tiling": maze.tiling,
        "cells": maze.board.coords.tolist(),
        "passages": pairs[two_way].tolist(),
    }
    if not two_way.all():
        doc["one_way"] = pairs[~two_way].tolist()
    doc["start"] = int(maze.start)
    doc["goals"] = [int(g) for g in maze.goals]
    if maze.algorithm:
        doc["algorithm"] = maze.algorithm
    if maze.seed is not None:
        doc["seed"] = int(maze.seed)
    return doc


# -- reading ----------------------------------------------------------------------------------
def _pairs(doc: dict, key: str, low: int, high: int, what: str) -> np.ndarray:
    """doc[key] as int64[m, 2]: a list of [a, b] pairs of whole numbers in low..high."""
    items = doc.get(key, [])
    if not isinstance(items, list):
        raise MazeFormatError(f"{key!r} must be a list of {what}, not {short(items)}")
    for at, item in enumerate(items):
        if not (type(item) is list and len(item) == 2 and all(type(v) is int for v in item)):
            raise MazeFormatError(f"{key!r} item {at} must be {what}, not {short(item)}")
        if not (low <= item[0] <= high and low <= item[1] <= high):
            raise MazeFormatError(f"{key!r} item {at}: {short(item)} is outside {low}..{high}")
    return np.array(items, dtype=np.int64).reshape(len(items), 2)


def _cell_number(doc: dict, key: str, value, cells: int) -> int:
    """One cell number of the document, checked."""
    if type(value) is not int or not 0 <= value < cells:
        raise MazeFormatError(
            f"{key!r} must name a cell (a whole number 0..{cells - 1}), not {short(value)}")
    return value


def _first_repeat(rows: np.ndarray) -> int | None:
    """The index of the first row of int64[m, 2] that repeats an earlier one (None: none)."""
    if len(rows) < 2:
        return None
    _, first, inverse = np.unique(rows, axis=0, return_index=True, return_inverse=True)
    repeats = np.flatnonzero(first[inverse.reshape(-1)] != np.arange(len(rows)))
    return int(repeats[0]) if len(repeats) else None


def _board(doc: dict, kind: str) -> Board:
    """The board of the document's cells, each named once."""
    if "cells" not in doc:
        raise MazeFormatError("the maze document has no 'cells'")
    cells = doc["cells"]
    if isinstance(cells, list) and not 1 <= len(cells) <= MAX_CELLS:
        raise MazeFormatError(f"'cells' must list 1 to {MAX_CELLS:,} cells, not {len(cells):,}")
    coords = _pairs(doc, "cells", -MAX_COORD, MAX_COORD, "[a, b] coordinates")
    again = _first_repeat(coords)
    if again is not None:
        raise MazeFormatError(f"'cells' names cell {coords[again].tolist()} twice "
                              f"(items {int(np.flatnonzero((coords == coords[again]).all(1))[0])}"
                              f" and {again})")
    return Board.of_cells(kind, coords)


def _doors(board: Board, passages: np.ndarray, one_way: np.ndarray) -> np.ndarray:
    """uint8[n]: the open sides of each cell, passages opened both ways and one-way doors from
    their first cell; MazeFormatError for a pair that shares no side or a door given twice."""
    doors = np.zeros(board.size, dtype=np.uint8)
    opposite = np.asarray(board.spec.opposite, dtype=np.int64)
    for key, pairs, both in (("passages", passages, True), ("one_way", one_way, False)):
        hits = board.links[pairs[:, 0]] == pairs[:, 1:]  # [m, sides]: sides of a facing b
        apart = np.flatnonzero(~hits.any(axis=1))
        if len(apart):
            a, b = pairs[apart[0]].tolist()
            raise MazeFormatError(f"{key!r} item {int(apart[0])}: cells {a} and {b} share no side")
        side = hits.argmax(axis=1)
        np.bitwise_or.at(doors, pairs[:, 0], (1 << side).astype(np.uint8))
        if both:
            np.bitwise_or.at(doors, pairs[:, 1], (1 << opposite[side]).astype(np.uint8))
    every = np.sort(np.concatenate([passages, one_way]), axis=1)
    again = _first_repeat(every)
    if again is not None:
        a, b = every[again].tolist()
        raise MazeFormatError(f"the door between cells {a} and {b} is given twice "
                              "(a door is one passage or one one-way door)")
    return doors


def from_document(doc: object) -> BoardMaze:
    """A maze on hexagons or triangles from its parsed JSON document, checked field by field
    (see the module docstring); MazeFormatError names the first problem."""
    if not isinstance(doc, dict):
        raise MazeFormatError("a maze document is a JSON object")
    kind = doc.get("tiling")
    if kind not in planar_tilings():
        raise MazeFormatError(f"'tiling' must be one of {', '.join(planar_tilings())}, "
                              f"not {short(kind)}")
    board = _board(doc, kind)
    n = board.size
    passages = _pairs(doc, "passages", 0, n - 1, "a [cell, cell] pair")
    one_way = _pairs(doc, "one_way", 0, n - 1, "a [from, to] pair")
    doors = _doors(board, passages, one_way)
    start = _cell_number(doc, "start", doc.get("start", 0), n)
    goals = doc.get("goals", [n - 1])
    if not isinstance(goals, list) or not goals:
        raise MazeFormatError(f"'goals' must be a non-empty list of cells, not {short(goals)}")
    goals = tuple(dict.fromkeys(_cell_number(doc, "goals", g, n) for g in goals))
    algorithm = doc.get("algorithm", "")
    if not isinstance(algorithm, str):
        raise MazeFormatError(f"'algorithm' must be a name, not {short(algorithm)}")
    seed = doc.get("seed")
    if seed is not None and type(seed) is not int:
        raise MazeFormatError(f"'seed' must be a whole number or null, not {short(seed)}")
    maze = BoardMaze(board, doors, start=start, goals=goals, algorithm=algorithm, seed=seed)
    rows = board_rows(board)
    if rows is not None:
        maze.meta["size"] = rows
    return maze


def board_rows(board: Board) -> tuple[int, int] | None:
    """(width, height) when the board's cells are exactly the rows its tiling's `make` builds
    at that size (what `generate` writes), as a generated maze keeps in meta["size"]; None
    for any other board (a hexagon, cells of any shape)."""
    spec = board.spec
    n = board.size
    for column in range(board.coords.shape[1]):
        height = len(np.unique(board.coords[:, column]))
        if spec.make is None or n % height:
            continue
        made = spec.make(n // height, height, 1, 0)[0]
        if np.array_equal(made.coords, board.coords):
            return n // height, height
    return None
