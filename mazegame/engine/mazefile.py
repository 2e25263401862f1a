"""Maze documents: the JSON object other tools read, and the box-drawing text form.

Both round-trip exactly: walls (one-way doors included), wrap, rock, start and goals.
"""

from __future__ import annotations

import json

import numpy as np

from mazegame.engine.grid import MAX_SIDE, E, Maze, N, S, W

FORMAT = "mazegame/maze"
VERSION = 1


class MazeFormatError(ValueError):
    """A maze document that cannot be read; the message says where and why."""


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
    return json.dumps(to_document(maze), separators=(",", ":"))


def _cell(doc: dict, key: str, value, width: int, height: int) -> int:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise MazeFormatError(f"{key!r} must be a [row, column] pair, not {value!r}")
    r, c = value
    if not (0 <= r < height and 0 <= c < width):
        raise MazeFormatError(f"{key!r} cell {value} lies outside the {width}x{height} maze")
    return r * width + c


def _grid(doc: dict, key: str, width: int, height: int, top: int) -> np.ndarray:
    rows = doc[key]
    if not isinstance(rows, list) or len(rows) != height:
        raise MazeFormatError(f"{key!r} must have {height} rows")
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != width:
            raise MazeFormatError(f"{key!r} row {r} must have {width} numbers")
        for c, v in enumerate(row):
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= top:
                raise MazeFormatError(f"{key!r} row {r} column {c}: {v!r} is not in 0..{top}")
    return np.array(rows, dtype=np.uint8).reshape(height, width)


def from_document(doc: object) -> Maze:
    """A Maze from a parsed JSON document, validated field by field."""
    if not isinstance(doc, dict):
        raise MazeFormatError("a maze document is a JSON object")
    if doc.get("format") != FORMAT:
        raise MazeFormatError(f"not a maze document: 'format' must be {FORMAT!r}")
    if doc.get("version") != VERSION:
        raise MazeFormatError(f"unsupported maze document version {doc.get('version')!r}")
    for key in ("width", "height", "walls"):
        if key not in doc:
            raise MazeFormatError(f"the maze document has no {key!r}")
    width, height = doc["width"], doc["height"]
    for key, v in (("width", width), ("height", height)):
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= MAX_SIDE:
            raise MazeFormatError(f"{key!r} must be a whole number 1..{MAX_SIDE}, not {v!r}")
    wrap = doc.get("wrap", [False, False])
    if not (isinstance(wrap, list) and len(wrap) == 2 and all(isinstance(b, bool) for b in wrap)):
        raise MazeFormatError("'wrap' must be [bool, bool]")
    walls = _grid(doc, "walls", width, height, 15)
    solid = _grid(doc, "solid", width, height, 1).astype(bool) if "solid" in doc else None
    start = _cell(doc, "start", doc.get("start", [0, 0]), width, height)
    goals = doc.get("goals", [[height - 1, width - 1]])
    if not isinstance(goals, list) or not goals:
        raise MazeFormatError("'goals' must be a non-empty list of [row, column] pairs")
    seed = doc.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise MazeFormatError(f"'seed' must be a whole number or null, not {seed!r}")
    return Maze(
        walls,
        wrap_x=wrap[0],
        wrap_y=wrap[1],
        solid=solid,
        start=start,
        goals=tuple(_cell(doc, "goals", g, width, height) for g in goals),
        algorithm=str(doc.get("algorithm", "")),
        seed=seed,
    )


def from_json(text: str) -> Maze:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise MazeFormatError(f"not valid JSON (line {err.lineno}, column {err.colno})") from None
    return from_document(doc)


# -- text ---------------------------------------------------------------------
# Grid: corners at even columns 4c and even lines 2r; a room is 3 characters wide.
# A wall segment is drawn from both sides at once: wall, open, or an arrow for a one-way door
# pointing the way it can be passed. Border segments show the edge cell's own bit.
BOX = {
    # (up, right, down, left) arms -> corner glyph
    (0, 0, 0, 0): " ", (1, 0, 0, 0): "╵", (0, 1, 0, 0): "╶", (0, 0, 1, 0): "╷",
    (0, 0, 0, 1): "╴", (1, 0, 1, 0): "│", (0, 1, 0, 1): "─", (1, 1, 0, 0): "└",
    (0, 1, 1, 0): "┌", (0, 0, 1, 1): "┐", (1, 0, 0, 1): "┘", (1, 1, 1, 0): "├",
    (0, 1, 1, 1): "┬", (1, 0, 1, 1): "┤", (1, 1, 0, 1): "┴", (1, 1, 1, 1): "┼",
}
ASCII_CORNER = "+"
HORIZONTAL = {"box": ("───", "   ", " ↓ ", " ↑ "), "ascii": ("---", "   ", " v ", " ^ ")}
VERTICAL = {"box": ("│", " ", "→", "←"), "ascii": ("|", " ", ">", "<")}
ROCK = {"box": "███", "ascii": "###"}


def _segment(first_closed: bool, second_closed: bool) -> int:
    """Index into HORIZONTAL/VERTICAL: 0 wall, 1 open, 2 passable first->second, 3 back."""
    if first_closed and second_closed:
        return 0
    if not first_closed and not second_closed:
        return 1
    return 2 if not first_closed else 3


def picture_lines(maze: Maze, style: str = "box", room_width: int = 3) -> list[str]:
    """The maze drawn as 2h+1 lines: corners every `room_width + 1` columns, rooms between.

    Rooms hold S (start), G (goal), * (both) or rock; the game view draws its own rooms.
    """
    h, w = maze.height, maze.width
    walls = maze.walls
    hseg = np.zeros((h + 1, w), dtype=np.int8)  # segment kind above row r
    vseg = np.zeros((h, w + 1), dtype=np.int8)  # segment kind left of column c
    hseg[0] = np.where(walls[0] & N, 0, 1)
    hseg[h] = np.where(walls[h - 1] & S, 0, 1)
    vseg[:, 0] = np.where(walls[:, 0] & W, 0, 1)
    vseg[:, w] = np.where(walls[:, w - 1] & E, 0, 1)
    for r in range(1, h):
        for c in range(w):
            hseg[r, c] = _segment(bool(walls[r - 1, c] & S), bool(walls[r, c] & N))
    for r in range(h):
        for c in range(1, w):
            vseg[r, c] = _segment(bool(walls[r, c - 1] & E), bool(walls[r, c] & W))
    pad = (room_width - 1) // 2
    horizontal = [
        seg[1] * room_width if len(set(seg)) == 1 else
        (" " * pad + seg.strip() + " " * (room_width - pad - 1))
        for seg in HORIZONTAL[style]
    ]
    goals = set(maze.goals)
    lines = []
    for r in range(h + 1):
        row = []
        for c in range(w + 1):
            arms = (
                int(r > 0 and vseg[r - 1, c] == 0),
                int(c < w and hseg[r, c] == 0),
                int(r < h and vseg[r, c] == 0),
                int(c > 0 and hseg[r, c - 1] == 0),
            )
            row.append(BOX[arms] if style == "box" else ASCII_CORNER)
            if c < w:
                row.append(horizontal[hseg[r, c]])
        lines.append("".join(row))
        if r == h:
            break
        row = []
        for c in range(w + 1):
            row.append(VERTICAL[style][vseg[r, c]])
            if c < w:
                cell = r * w + c
                if maze.solid is not None and maze.solid[r, c]:
                    row.append(ROCK[style][0] * room_width)
                else:
                    mark = {(True, False): "S", (False, True): "G", (True, True): "*"}.get(
                        (cell == maze.start, cell in goals), " "
                    )
                    row.append(" " * pad + mark + " " * (room_width - pad - 1))
        lines.append("".join(row))
    return lines


def to_text(maze: Maze, style: str = "box") -> str:
    """The maze as a picture: `box` drawing characters or plain `ascii`."""
    lines = []
    if maze.wrap_x or maze.wrap_y:
        lines.append("# wrap: " + ("x" if maze.wrap_x else "") + ("y" if maze.wrap_y else ""))
    lines.extend(picture_lines(maze, style))
    return "\n".join(lines) + "\n"


_CLOSED = set("─-│|+┼├┤┬┴┌┐└┘╵╶╷╴")
# Arrows that make a one-way door: passable first->second (down/right) or back (up/left).
_ARROWS = {"horizontal": (set("↓v"), set("↑^")), "vertical": (set("→>"), set("←<"))}


def _read_segment(text: str, where: str, orientation: str) -> tuple[bool, bool]:
    """(first side closed, second side closed) of one drawn segment."""
    chars = set(text) - {" "}
    forward, backward = _ARROWS[orientation]
    if not chars:
        return False, False
    if chars <= _CLOSED:
        return True, True
    if chars <= forward:
        return False, True
    if chars <= backward:
        return True, False
    raise MazeFormatError(f"{where}: cannot read {orientation} wall segment {text!r}")


def from_text(text: str) -> Maze:
    """Parse the picture written by `to_text` (either style)."""
    wrap_x = wrap_y = False
    lines = []
    for line in text.splitlines():
        if line.startswith("#"):
            spec = line[1:].strip()
            if spec.startswith("wrap:"):
                axes = spec[5:].strip()
                wrap_x, wrap_y = "x" in axes, "y" in axes
            continue
        if line.strip():
            lines.append(line.rstrip("\n"))
    if len(lines) < 3 or len(lines) % 2 == 0:
        raise MazeFormatError("a maze picture has an odd number of lines, at least 3")
    width = (max(len(line) for line in lines) - 1) // 4
    height = (len(lines) - 1) // 2
    if width < 1 or width > MAX_SIDE or height > MAX_SIDE:
        raise MazeFormatError("the maze picture is too narrow or too large")
    lines = [line.ljust(4 * width + 1) for line in lines]
    walls = np.zeros((height, width), dtype=np.uint8)
    solid = np.zeros((height, width), dtype=bool)
    start, goals = 0, []
    for r in range(height + 1):
        for c in range(width):
            seg = lines[2 * r][4 * c + 1 : 4 * c + 4]
            above, below = _read_segment(
                seg, f"line {2 * r + 1}, column {4 * c + 2}", "horizontal"
            )
            if r > 0:
                walls[r - 1, c] |= S if above else 0
            if r < height:
                walls[r, c] |= N if below else 0
    for r in range(height):
        line = lines[2 * r + 1]
        for c in range(width + 1):
            left, right = _read_segment(
                line[4 * c], f"line {2 * r + 2}, column {4 * c + 1}", "vertical"
            )
            if c > 0:
                walls[r, c - 1] |= E if left else 0
            if c < width:
                walls[r, c] |= W if right else 0
        for c in range(width):
            room = line[4 * c + 1 : 4 * c + 4]
            if set(room) <= set("█#") and room.strip():
                solid[r, c] = True
            elif room.strip() in ("S", "*"):
                start = r * width + c
            if room.strip() in ("G", "*"):
                goals.append(r * width + c)
    return Maze(walls, wrap_x=wrap_x, wrap_y=wrap_y, solid=solid, start=start, goals=tuple(goals))

