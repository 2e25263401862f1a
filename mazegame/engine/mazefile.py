"""Maze documents: the JSON object other tools read, and the box-drawing text form.

Both round-trip exactly: walls (one-way doors included), wrap, rock, start and goals. A
document with a "tiling" is a maze on another board: `read_document` hands it to the reader
its `TilingSpec` names (`engine.boardfile` for hexagons and triangles), `write_document`
to the writer; without one it is the square document of this module.
"""

from __future__ import annotations

import json
import re
import reprlib
from importlib import import_module

import numpy as np

from mazegame.engine.grid import MAX_SIDE, Maze
from mazegame.engine.mazetext import (  # noqa: F401  (the text form, re-exported)
    MazeFormatError,
    from_text,
    picture_lines,
    text_chunks,
    to_text,
)

FORMAT = "mazegame/maze"
VERSION = 1


_short = reprlib.Repr()
_short.maxstring = _short.maxother = 40
_short.maxlist = 4
_short.maxlevel = 2


def short_repr(value: object) -> str:
    """repr() cut short, for messages about values of any size or depth."""
    return _short.repr(value)
# -- JSON ---------------------------------------------------------------------
def to_document(maze: Maze) -> dict:
    """The JSON maze document as a dict (key order as published)."""
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "width": maze.width,
        "height": maze.height,
        "wrap": [maze.wrap_x, maze.wrap_y],
        "walls": maze.walls.astype(int).tolist(),
        "start": list(maze.rc(maze.start)),
        "goals": [list(maze.rc(g)) for g in maze.goals],
        "algorithm": maze.algorithm,
        "seed": maze.seed,
    }
    if maze.solid is not None:
        doc["solid"] = maze.solid.astype(int).tolist()
    return doc


def to_json(maze: Maze) -> str:
    """The maze as one compact line of JSON (the document of `to_document`)."""
    return json.dumps(to_document(maze), separators=(",", ":"))


def _cell(doc: dict, key: str, value, width: int, height: int) -> int:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise MazeFormatError(f"{key!r} must be a [row, column] pair, not {_short.repr(value)}")
    r, c = value
    if not (0 <= r < height and 0 <= c < width):
        raise MazeFormatError(f"{key!r} cell {value} lies outside the {width}x{height} maze")
    return r * width + c


def _grid(doc: dict, key: str, width: int, height: int, top: int) -> np.ndarray:
    """A validated uint8[height, width] grid of numbers 0..top; checked with numpy, since a
    4096x4096 maze has 16 million of them."""
    rows = doc[key]
    if not isinstance(rows, list) or len(rows) != height:
        raise MazeFormatError(f"{key!r} must have {height} rows")
    kinds: set[type] = set()
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != width:
            raise MazeFormatError(f"{key!r} row {r} must have {width} numbers")
        kinds.update(map(type, row))
    if kinds == {int}:
        grid = np.empty((height, width), dtype=np.uint8)
        for r, row in enumerate(rows):  # row by row: no 64-bit copy of the whole grid
            try:
                values = np.array(row, dtype=np.int64)
            except OverflowError:  # a number beyond 64 bits: the loop below names it
                break
            if values.min() < 0 or values.max() > top:
                break
            grid[r] = values
        else:
            return grid
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if type(v) is not int or not 0 <= v <= top:
                raise MazeFormatError(
                    f"{key!r} row {r} column {c}: {_short.repr(v)} is not in 0..{top}")
    raise AssertionError("unreachable: a bad value was found above")


def from_document(doc: object) -> Maze:
    """A Maze from a parsed JSON document, validated field by field."""
    if not isinstance(doc, dict):
        raise MazeFormatError("a maze document is a JSON object")
    if doc.get("format") != FORMAT:
        raise MazeFormatError(f"not a maze document: 'format' must be {FORMAT!r}")
    if doc.get("version") != VERSION:
        version = _short.repr(doc.get("version"))
        raise MazeFormatError(f"unsupported maze document version {version}")
    for key in ("width", "height", "walls"):
        if key not in doc:
            raise MazeFormatError(f"the maze document has no {key!r}")
    width, height = doc["width"], doc["height"]
    for key, v in (("width", width), ("height", height)):
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= MAX_SIDE:
            raise MazeFormatError(
                f"{key!r} must be a whole number 1..{MAX_SIDE}, not {_short.repr(v)}")
    wrap = doc.get("wrap", [False, False])
    if not (isinstance(wrap, list) and len(wrap) == 2 and all(isinstance(b, bool) for b in wrap)):
        raise MazeFormatError("'wrap' must be [bool, bool]")
    walls = _grid(doc, "walls", width, height, 15)
    solid = _grid(doc, "solid", width, height, 1).astype(bool) if "solid" in doc else None
    start = _cell(doc, "start", doc.get("start", [0, 0]), width, height)
    goals = doc.get("goals", [[height - 1, width - 1]])
    if not isinstance(goals, list) or not goals:
        raise MazeFormatError("'goals' must be a non-empty list of [row, column] pairs")
    # A goal listed twice is one goal (the picture can only mark it once).
    goals = dict.fromkeys(_cell(doc, "goals", g, width, height) for g in goals)
    seed = doc.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise MazeFormatError(f"'seed' must be a whole number or null, not {_short.repr(seed)}")
    algorithm = doc.get("algorithm", "")
    if not isinstance(algorithm, str):
        raise MazeFormatError(f"'algorithm' must be a name, not {_short.repr(algorithm)}")
    return Maze(
        walls,
        wrap_x=wrap[0],
        wrap_y=wrap[1],
        solid=solid,
        start=start,
        goals=tuple(goals),
        algorithm=algorithm,
        seed=seed,
    )


#: The most commas a maze document may hold: two grids of 4096x4096 numbers and their rows,
#: with room for the other keys. Counted before parsing, since json.loads holds 8 bytes a
#: number in its lists (a 200 MB "[0,0,...]" would take over a gigabyte to refuse).
MAX_COMMAS = 2 * MAX_SIDE * MAX_SIDE + 2 * MAX_SIDE + 64


def from_json(text: str, tilings: tuple[str, ...] | None = ("square",)):
    """A maze from the text of a JSON document (an object, refused unparsed otherwise; at most
    as many numbers as the largest maze has), on one of `tilings` (see `read_document`)."""
    first = _first_char(text)
    if first != "{":
        raise MazeFormatError("a maze document is a JSON object")
    if text.count(",") > MAX_COMMAS:
        raise MazeFormatError(f"the document holds more numbers than a {MAX_SIDE}x{MAX_SIDE} "
                              "maze has")
    return read_document(parse_json(text), tilings)


# -- any tiling ---------------------------------------------------------------
class OtherTiling(MazeFormatError):
    """A maze document of a tiling the reader was not asked for (`tiling` names it)."""

    def __init__(self, tiling: str, tilings: tuple[str, ...]) -> None:
        self.tiling = tiling
        super().__init__(f"a {tiling} maze, where {' or '.join(tilings)} mazes are read")


def _named(ref: str):
    """The object a "module:attr" name stands for."""
    module, attr = ref.split(":")
    return getattr(import_module(module), attr)


def read_document(doc: object, tilings: tuple[str, ...] | None = ("square",)):
    """A maze from its parsed JSON document: its "tiling" (none: "square") picks the reader
    that tiling's `TilingSpec.read_document` names. `tilings` are those the caller takes
    (None: every one with a reader); a document of another is an `OtherTiling` error."""
    from mazegame.engine.tilings import TILINGS

    kind = doc.get("tiling", "square") if isinstance(doc, dict) else "square"
    readable = [name for name, spec in TILINGS.items() if spec.read_document is not None]
    if not isinstance(kind, str) or kind not in readable:
        raise MazeFormatError(f"'tiling' must be one of {', '.join(readable)}, not "
                              f"{_short.repr(kind)}")
    if tilings is not None and kind not in tilings:
        raise OtherTiling(kind, tilings)
    return _named(TILINGS[kind].read_document)(doc)


def tiling_of(maze) -> str:
    """The tiling a maze is on: "square" for a `Maze`, a `BoardMaze`'s board's kind."""
    return "square" if isinstance(maze, Maze) else maze.tiling


def write_document(maze) -> dict:
    """The JSON document of a maze on any tiling (a square `Maze` or a `BoardMaze`), written
    by its tiling's `TilingSpec.document`."""
    from mazegame.engine.tilings import tiling

    spec = tiling(tiling_of(maze))
    if spec.document is None:
        raise ValueError(f"no documents of {spec.name} mazes yet")
    return _named(spec.document)(maze)


class _DuplicateKey(Exception):
    """A JSON object gives a key twice (raised from inside json.loads)."""


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict:
    """json's object_pairs_hook: the object, or _DuplicateKey naming the first repeated key
    (json.loads would silently keep the last)."""
    doc = dict(pairs)
    if len(doc) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return doc


def parse_json(text: str, error: type[ValueError] = MazeFormatError) -> object:
    """json.loads, with its failures (nesting too deep, a key given twice) raised as `error`:
    the one place the game parses JSON it did not just write."""
    try:
        return json.loads(text.lstrip("\ufeff"), object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as err:
        raise error(f"not valid JSON (line {err.lineno}, column {err.colno})") from None
    except _DuplicateKey as err:
        raise error(f"the key {_short.repr(err.args[0])} is given twice") from None
    except RecursionError:
        raise error("the JSON is nested too deeply") from None
    except ValueError:  # a number with more digits than Python converts (4300)
        raise error("not valid JSON: a number has thousands of digits") from None


# -- either -------------------------------------------------------------------
def _first_char(text: str) -> str:
    """The first character that is not white space ("" if none), found without copying."""
    at = _LEADING_SPACE.match(text).end()
    return text[at:at + 1]


_LEADING_SPACE = re.compile(r"[\s\ufeff]*")


def read_maze(text: str, tilings: tuple[str, ...] | None = ("square",)):
    """A maze from a JSON document or a text picture, told apart by the first character; a
    document on one of `tilings` (None: any; see `read_document`), a picture a square maze."""
    first = _first_char(text)  # a byte order mark some editors write is passed over
    if not first:
        raise MazeFormatError("it is empty (no maze document or picture)")
    if first in ("{", "["):
        return from_json(text, tilings)
    if tilings is not None and "square" not in tilings:
        raise OtherTiling("square", tilings)
    return from_text(text)
