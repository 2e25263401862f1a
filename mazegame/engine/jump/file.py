"""Jumping-maze documents: the JSON object other tools read, JSON lines packs, plain text.

JSON (key order as published, one object per line in a pack)::

    {"format": "mazegame/jump", "version": 1, "width": W, "height": H,
     "jumps": [[...H rows of W ints; 0 at the goal...]], "start": [r, c], "goal": [r, c],
     "moves": "rook" | "queen", "wrap": bool, "no_u_turn": bool}

A puzzle on hexagons or triangles (`jump.tiles`, a hexagon of side N of either) lists
its cells as the maze documents of other tilings do, hex cells in axial (q, r), triangles
as (row, col); `jumps[i]` is cell i's number, start and goal are indices into `cells`::

    {"tiling": "hex" | "triangle", "cells": [[a, b], ...], "jumps": [...],
     "start": i, "goal": j}

plus `"no_u_turn": true` under that rule. The cells may come in any order, but must be
exactly the hexagon's. They have no plain text form.

Plain text: rows of jump numbers separated by spaces, G for the goal (a row written
without spaces is read one digit per square, e.g. ``31313``). Optional ``key: value``
lines before the board set the rest (``start: r,c``, ``moves: queen``, ``wrap: yes``,
``no-u-turn: yes``); the defaults are the top-left start and plain rook rules. ``#``
starts a comment. Rows and columns in messages count from 0, as in ``[r, c]``.
"""

from __future__ import annotations

import json

import numpy as np

from mazegame.engine.jump.model import MAX_SIDE, InvalidPuzzle, JumpPuzzle
from mazegame.engine.jump.tiles import MAX_SIDE as TILE_MAX
from mazegame.engine.jump.tiles import MIN_SIDE as TILE_MIN
from mazegame.engine.jump.tiles import TilePuzzle, board_of, jump_tilings
from mazegame.engine.mazefile import parse_json, short_repr

FORMAT = "mazegame/jump"
VERSION = 1
KEYS = ("format", "version", "width", "height", "jumps", "start", "goal", "moves", "wrap",
        "no_u_turn")


class JumpFormatError(InvalidPuzzle):
    """A jumping-maze document that cannot be read; the message says where and why."""


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _build(jumps: list[list[int]], start: tuple[int, int], goal: tuple[int, int], moves: str,
           wrap: bool, no_u_turn: bool) -> JumpPuzzle:
    w = len(jumps[0])
    if len(jumps) > MAX_SIDE or w > MAX_SIDE:
        raise JumpFormatError(f"a board is at most {MAX_SIDE} squares on each side")
    for r, row in enumerate(jumps):
        for c, v in enumerate(row):
            if not -MAX_SIDE <= v <= MAX_SIDE:  # before a 32-bit array could overflow
                raise JumpFormatError(f"row {r}, column {c}: jump {short_repr(v)} is out of "
                                      f"range (a jump is at most {MAX_SIDE - 1})")
    try:
        return JumpPuzzle(np.array(jumps, dtype=np.int32), start[0] * w + start[1],
                          goal[0] * w + goal[1], moves, wrap, no_u_turn)
    except InvalidPuzzle as err:
        raise JumpFormatError(str(err)) from None


def _check_rows(rows: list[list], width: int) -> None:
    """Ragged rows: name the first missing or extra square."""
    for r, row in enumerate(rows):
        if len(row) < width:
            raise JumpFormatError(f"row {r}, column {len(row)}: missing square "
                                  f"(the row has {len(row)} of {width})")
        if len(row) > width:
            raise JumpFormatError(f"row {r}, column {width}: one square too many "
                                  f"(the board is {width} wide)")


def _check_cell(key: str, value: object, width: int, height: int) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(map(_is_int, value))):
        raise JumpFormatError(f"{key!r} must be a [row, column] pair, not {short_repr(value)}")
    r, c = value
    if not (0 <= r < height and 0 <= c < width):
        raise JumpFormatError(f"{key!r} [{r}, {c}] lies outside the {width}x{height} board")
    return r, c


# -- JSON ----------------------------------------------------------------------------------
def to_document(p: JumpPuzzle | TilePuzzle) -> dict:
    """The JSON document as a dict, keys in the published order."""
    if isinstance(p, TilePuzzle):
        doc = {"tiling": p.tiling, "cells": [list(c) for c in p.board.cells],
               "jumps": p.jumps.tolist(), "start": p.start, "goal": p.goal}
        return doc | ({"no_u_turn": True} if p.no_u_turn else {})
    return {
        "format": FORMAT, "version": VERSION, "width": p.width, "height": p.height,
        "jumps": p.jumps.tolist(), "start": list(p.rc(p.start)), "goal": list(p.rc(p.goal)),
        "moves": p.moves, "wrap": p.wrap, "no_u_turn": p.no_u_turn,
    }


def to_json(p: JumpPuzzle) -> str:
    """One line of JSON (a pack is these lines, one per puzzle)."""
    return json.dumps(to_document(p), separators=(", ", ": "))


def from_document(doc: object) -> JumpPuzzle:
    """A puzzle from a parsed JSON document, validated field by field."""
    if not isinstance(doc, dict):
        raise JumpFormatError("a jumping-maze document is a JSON object")
    if "tiling" in doc:
        return tile_document(doc)
    if doc.get("format") != FORMAT:
        raise JumpFormatError(f"not a jumping-maze document: 'format' must be {FORMAT!r}")
    if doc.get("version") != VERSION:
        raise JumpFormatError(f"unsupported document version {short_repr(doc.get('version'))}")
    missing = [k for k in KEYS if k not in doc]
    if missing:
        raise JumpFormatError(f"missing {', '.join(map(repr, missing))}")
    width, height = doc["width"], doc["height"]
    for key, v in (("width", width), ("height", height)):
        if not _is_int(v) or not 2 <= v <= MAX_SIDE:
            raise JumpFormatError(f"{key!r} must be a whole number in 2..{MAX_SIDE}")
    rows = doc["jumps"]
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        raise JumpFormatError("'jumps' must be a list of rows of numbers")
    if len(rows) != height:
        raise JumpFormatError(f"row {min(len(rows), height)}: 'jumps' has {len(rows)} rows, "
                              f"the height is {height}")
    _check_rows(rows, width)
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if not _is_int(v):
                raise JumpFormatError(f"row {r}, column {c}: {short_repr(v)} is not a "
                                      "whole number")
    if doc["moves"] not in ("rook", "queen"):
        raise JumpFormatError(f"'moves' must be 'rook' or 'queen', not "
                              f"{short_repr(doc['moves'])}")
    for key in ("wrap", "no_u_turn"):
        if not isinstance(doc[key], bool):
            raise JumpFormatError(f"{key!r} must be true or false, not {short_repr(doc[key])}")
    start = _check_cell("start", doc["start"], width, height)
    goal = _check_cell("goal", doc["goal"], width, height)
    return _build(rows, start, goal, doc["moves"], doc["wrap"], doc["no_u_turn"])


TILE_KEYS = ("tiling", "cells", "jumps", "start", "goal")


def _tile_side(tiling: str, count: int) -> int:
    """The side of the hexagon of `count` cells of this tiling; the error says why not."""
    for side in range(1, 101):
        cells = 3 * side * (side - 1) + 1 if tiling == "hex" else 6 * side * side
        if cells == count:
            return side
        if cells > count:
            break
    sizes = ", ".join(str(len(board_of(tiling, s)[0].cells)) for s in (2, 3, 4))
    raise JumpFormatError(f"{count} cells are no hexagon of {tiling} cells ({sizes}, ...)")


def tile_document(doc: dict) -> TilePuzzle:
    """A hex or triangle puzzle from its parsed document, validated field by field."""
    missing = [k for k in TILE_KEYS if k not in doc]
    if missing:
        raise JumpFormatError(f"missing {', '.join(map(repr, missing))}")
    extra = [k for k in doc if k not in (*TILE_KEYS, "no_u_turn")]
    if extra:
        raise JumpFormatError(f"unknown key {short_repr(extra[0])}")
    tiling = doc["tiling"]
    if not isinstance(tiling, str) or tiling not in jump_tilings():
        raise JumpFormatError(f"'tiling' must be one of {', '.join(map(repr, jump_tilings()))} (or "
                              f"leave it out for squares), not {short_repr(tiling)}")
    cells, jumps = doc["cells"], doc["jumps"]
    if not isinstance(cells, list) or not cells:
        raise JumpFormatError("'cells' must be a list of [a, b] pairs")
    for i, c in enumerate(cells):
        if not (isinstance(c, list) and len(c) == 2 and all(map(_is_int, c))):
            raise JumpFormatError(f"cell {i}: {short_repr(c)} is not an [a, b] pair")
    side = _tile_side(tiling, len(cells))
    if not TILE_MIN <= side <= TILE_MAX:
        raise JumpFormatError(f"a {tiling} board's side is {TILE_MIN}..{TILE_MAX}, not {side}")
    board = board_of(tiling, side)[0]
    order = []
    for i, c in enumerate(cells):
        at = board.lookup.get(tuple(c))
        if at is None:
            raise JumpFormatError(f"cell {i}: {c} is not on the hexagon of {len(cells)} cells")
        if at in order:
            raise JumpFormatError(f"cell {i}: {c} is listed twice")
        order.append(at)
    if not isinstance(jumps, list) or len(jumps) != len(cells):
        raise JumpFormatError(f"'jumps' must list one number a cell ({len(cells)})")
    for i, v in enumerate(jumps):
        if not _is_int(v) or not -MAX_SIDE <= v <= MAX_SIDE:
            raise JumpFormatError(f"cell {i}: jump {short_repr(v)} is not a whole number "
                                  f"0..{MAX_SIDE - 1}")
    for key in ("start", "goal"):
        if not _is_int(doc[key]) or not 0 <= doc[key] < len(cells):
            raise JumpFormatError(f"{key!r} must be a cell's index 0..{len(cells) - 1}, not "
                                  f"{short_repr(doc[key])}")
    no_u_turn = doc.get("no_u_turn", False)
    if not isinstance(no_u_turn, bool):
        raise JumpFormatError(f"'no_u_turn' must be true or false, not {short_repr(no_u_turn)}")
    ordered = np.zeros(len(cells), dtype=np.int32)
    ordered[order] = jumps
    try:
        return TilePuzzle(tiling, side, ordered, order[doc["start"]], order[doc["goal"]],
                          no_u_turn)
    except InvalidPuzzle as err:
        raise JumpFormatError(str(err)) from None


def from_json(text: str) -> JumpPuzzle:
    """A puzzle from the text of a JSON document."""
    return from_document(parse_json(text, JumpFormatError))


# -- plain text ------------------------------------------------------------------------------
_YES = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}


def to_text(p: JumpPuzzle) -> str:
    """Rows of numbers with G for the goal; header lines only where rules differ from
    the defaults, so a plain rook puzzle is just its board."""
    lines = []
    if p.start != 0:
        lines.append("start: {},{}".format(*p.rc(p.start)))
    if p.moves != "rook":
        lines.append(f"moves: {p.moves}")
    if p.wrap:
        lines.append("wrap: yes")
    if p.no_u_turn:
        lines.append("no-u-turn: yes")
    cell_width = len(str(p.max_jump))
    for r in range(p.height):
        row = ["G" if r * p.width + c == p.goal else str(int(p.jumps[r, c]))
               for c in range(p.width)]
        lines.append(" ".join(x.rjust(cell_width) for x in row))
    return "\n".join(lines) + "\n"


def from_text(text: str) -> JumpPuzzle:
    """A puzzle from the plain text form (see the module docstring)."""
    options = {"start": "0,0", "moves": "rook", "wrap": "no", "no-u-turn": "no"}
    rows: list[list[str]] = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if ":" in line:
            if rows:
                raise JumpFormatError(f"row {len(rows)}: settings go before the board")
            key, value = (part.strip().lower() for part in line.split(":", 1))
            key = key.replace("_", "-")
            if key not in options:
                raise JumpFormatError(f"unknown setting {short_repr(key)}; "
                                      f"settings: {', '.join(options)}")
            options[key] = value
            continue
        rows.append(line.split() if any(ch.isspace() for ch in line) else list(line))
    if not rows:
        raise JumpFormatError("no board: write rows of jump numbers, G for the goal")
    width, height = len(rows[0]), len(rows)
    _check_rows(rows, width)
    jumps, goal = [], None
    for r, row in enumerate(rows):
        jumps.append([])
        for c, token in enumerate(row):
            if token.upper() == "G":
                if goal is not None:
                    raise JumpFormatError(f"row {r}, column {c}: a second goal (the first is "
                                          f"at row {goal[0]}, column {goal[1]})")
                goal = (r, c)
                jumps[-1].append(0)
            elif token.isascii() and token.isdigit():  # not superscripts or other scripts
                if len(token) > 6:  # far out of range; int() of 5000 digits would refuse
                    shown = token if len(token) <= 20 else token[:20] + "..."
                    raise JumpFormatError(f"row {r}, column {c}: jump {shown} is out "
                                          f"of range (a jump is at most {MAX_SIDE - 1})")
                jumps[-1].append(int(token))
            else:
                raise JumpFormatError(f"row {r}, column {c}: {short_repr(token)} is not a "
                                      "jump number or G")
    if goal is None:
        raise JumpFormatError("no goal: mark one square G")
    for key in ("wrap", "no-u-turn"):
        if options[key] not in _YES:
            raise JumpFormatError(f"{key} must be yes or no, not {short_repr(options[key])}")
    try:
        start = tuple(int(x) for x in options["start"].split(","))
    except ValueError:
        start = ()
    if len(start) != 2:
        raise JumpFormatError("start looks like 0,0 (row,column), not "
                              f"{short_repr(options['start'])}")
    if not (0 <= start[0] < height and 0 <= start[1] < width):
        raise JumpFormatError(f"start {start[0]},{start[1]} lies outside the "
                              f"{width}x{height} board")
    return _build(jumps, start, goal, options["moves"], _YES[options["wrap"]],
                  _YES[options["no-u-turn"]])


# -- either, and packs ---------------------------------------------------------------------
def _is_json(text: str) -> bool:
    """A JSON document (object, or a list to be refused as such) rather than plain text."""
    return text.lstrip()[:1] in ("{", "[")


def read_pack(text: str) -> list[JumpPuzzle]:
    """Every puzzle of a JSON lines pack (or the one puzzle of a single document)."""
    text = text.lstrip("\ufeff")
    if not _is_json(text):
        return [from_text(text)]
    lines = [(i, line) for i, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) > 1 and all(line.lstrip().startswith("{") for _, line in lines):
        puzzles = []
        for i, line in lines:
            try:
                puzzles.append(from_json(line))
            except JumpFormatError as err:
                raise JumpFormatError(f"line {i}: {err}") from None
        return puzzles
    return [from_json(text)]


def write_pack(puzzles: list[JumpPuzzle]) -> str:
    """JSON lines, one puzzle per line."""
    return "".join(to_json(p) + "\n" for p in puzzles)
