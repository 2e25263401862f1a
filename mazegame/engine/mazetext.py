"""The maze as a picture: box-drawing (or plain ASCII) text, written and read with numpy.

Grid: corners at columns 4c and lines 2r; a room is 3 characters wide. A wall segment is
drawn from both sides at once: wall, open, or an arrow for a one-way door pointing the way
it can be passed. Border segments show the edge cell's own bit.

Header lines start with ``#``: ``# wrap: x|y|xy`` and ``# size: WxH``. The writer adds the
size whenever the picture alone would not show it (a blank first or last line, or no line
reaching the right edge, as wrapped mazes often draw), and then ends the picture with a
``# end`` line, so every maze reads back exactly.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from mazegame.engine.grid import MAX_SIDE, E, Maze, N, S, W


class MazeFormatError(ValueError):
    """A maze document that cannot be read; the message says where and why."""


BOX_GLYPHS = " ╴╷┐╶─┌┬╵┘│┤└┴├┼"  # indexed by up*8 + right*4 + down*2 + left
ASCII_CORNER = "+"
HORIZONTAL = {"box": ("───", "   ", " ↓ ", " ↑ "), "ascii": ("---", "   ", " v ", " ^ ")}
VERTICAL = {"box": ("│", " ", "→", "←"), "ascii": ("|", " ", ">", "<")}
ROCK = {"box": "███", "ascii": "###"}
BAND_ROWS = 256  # maze rows drawn or read per numpy pass: bounds the temporary arrays
WRAP_AXES = {"": (False, False), "none": (False, False), "x": (True, False),
             "y": (False, True), "xy": (True, True), "yx": (True, True)}


def _codes(text: str) -> np.ndarray:
    """The code points of a string as a uint32 array."""
    return np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)


def _segment_kinds(first_closed: np.ndarray, second_closed: np.ndarray) -> np.ndarray:
    """0 wall, 1 open, 2 passable first->second, 3 passable back (HORIZONTAL/VERTICAL index):
    (1 + second + 2 * first) mod 4, in bytes."""
    kind = first_closed.view(np.uint8) * np.uint8(2)
    kind += second_closed.view(np.uint8)
    kind += np.uint8(1)
    kind &= np.uint8(3)
    return kind.view(np.int8)


def _segments(maze: Maze) -> tuple[np.ndarray, np.ndarray]:
    """Segment kinds: hseg[r, c] above row r (r = h: the bottom border), vseg[r, c] left of
    column c (c = w: the right border). Border segments show the edge cell's own bit."""
    walls, h, w = maze.walls, maze.height, maze.width
    hseg = np.empty((h + 1, w), dtype=np.int8)
    hseg[0] = np.where(walls[0] & N, 0, 1)
    hseg[h] = np.where(walls[-1] & S, 0, 1)
    hseg[1:h] = _segment_kinds((walls[:-1] & S) != 0, (walls[1:] & N) != 0)
    vseg = np.empty((h, w + 1), dtype=np.int8)
    vseg[:, 0] = np.where(walls[:, 0] & W, 0, 1)
    vseg[:, w] = np.where(walls[:, -1] & E, 0, 1)
    vseg[:, 1:w] = _segment_kinds((walls[:, :-1] & E) != 0, (walls[:, 1:] & W) != 0)
    return hseg, vseg


def _corners(hseg: np.ndarray, vseg: np.ndarray, lo: int, hi: int) -> np.ndarray:
    """Index into BOX_GLYPHS of the corners on lines 2lo..2hi (up*8 + right*4 + down*2 + left)."""
    h, w = vseg.shape[0], hseg.shape[1]
    closed_v, closed_h = vseg == 0, hseg[lo:hi + 1] == 0
    up = np.zeros((hi - lo + 1, w + 1), dtype=np.int8)
    down = np.zeros_like(up)
    up[1:] = closed_v[lo:hi]
    if lo > 0:
        up[0] = closed_v[lo - 1]
    down[:-1] = closed_v[lo:hi]
    if hi < h:
        down[-1] = closed_v[hi]
    arms = up * 8 + down * 2
    arms[:, :-1] += closed_h * 4
    arms[:, 1:] += closed_h
    return arms


def _band(maze: Maze, hseg: np.ndarray, vseg: np.ndarray, lo: int, hi: int, style: str,
          room_width: int) -> np.ndarray:
    """Code points of lines 2lo..2hi: rows lo..hi-1 and the corner lines around them."""
    w, rows = maze.width, hi - lo
    if style == "box":
        corner = _codes(BOX_GLYPHS)[_corners(hseg, vseg, lo, hi)]
    else:
        corner = np.full((rows + 1, w + 1), ord(ASCII_CORNER), dtype=np.uint32)
    pad = (room_width - 1) // 2
    horizontal = np.stack([
        _codes(seg[1] * room_width if len(set(seg)) == 1
               else " " * pad + seg.strip() + " " * (room_width - pad - 1))
        for seg in HORIZONTAL[style]
    ])
    step = room_width + 1
    out = np.empty((2 * rows + 1, (w + 1) * step), dtype=np.uint32)
    even = out[0::2].reshape(rows + 1, w + 1, step)
    even[:, :, 0] = corner
    even[:, :w, 1:] = horizontal[hseg[lo:hi + 1]]
    odd = out[1::2].reshape(rows, w + 1, step)
    odd[:, :, 0] = _codes("".join(VERTICAL[style]))[vseg[lo:hi]]
    odd[:, :w, 1:] = ord(" ")
    if maze.solid is not None:
        odd[:, :w, 1:][maze.solid[lo:hi]] = ord(ROCK[style][0])
    marks: dict[int, str] = {g: "G" for g in maze.goals}
    marks[maze.start] = "*" if maze.start in marks else "S"
    for cell, mark in marks.items():
        r, c = divmod(cell, w)
        if lo <= r < hi and (maze.solid is None or not maze.solid[r, c]):
            odd[r - lo, c, 1 + pad] = ord(mark)
    return out[:, : w * step + 1]


def _lines(codes: np.ndarray) -> list[str]:
    """One string per row of a code point array."""
    width = codes.shape[1]
    return np.ascontiguousarray(codes).view(f"<U{width}").ravel().tolist()


def _band_codes(maze: Maze, style: str, room_width: int) -> Iterator[np.ndarray]:
    """The picture's code points in bands of BAND_ROWS maze rows, the last band ending with
    the bottom border line."""
    h = maze.height
    hseg, vseg = _segments(maze)
    for lo in range(0, h, BAND_ROWS):
        hi = min(h, lo + BAND_ROWS)
        codes = _band(maze, hseg, vseg, lo, hi, style, room_width)
        yield codes if hi == h else codes[:-1]


def _bands(maze: Maze, style: str, room_width: int) -> Iterator[list[str]]:
    """The picture in bands of lines (see _band_codes)."""
    for codes in _band_codes(maze, style, room_width):
        yield _lines(codes)


def picture_lines(maze: Maze, style: str = "box", room_width: int = 3) -> list[str]:
    """The maze drawn as 2h+1 lines: corners every `room_width + 1` columns, rooms between.

    Rooms hold S (start), G (goal), * (both) or rock; the game view draws its own rooms.
    """
    lines: list[str] = []
    for band in _bands(maze, style, room_width):
        lines.extend(band)
    return lines


def _needs_size(style: str, hseg: np.ndarray, vseg: np.ndarray) -> bool:
    """True when the picture alone would not show the maze's size: its first or last line
    is blank, or nothing is drawn in its last column (ASCII corners are never blank)."""
    if style != "box":
        return False
    blank_first = (hseg[0] == 1).all() and (vseg[0] != 0).all()
    blank_last = (hseg[-1] == 1).all() and (vseg[-1] != 0).all()
    blank_right = (vseg[:, -1] == 1).all() and (hseg[:, -1] != 0).all()
    return bool(blank_first or blank_last or blank_right)


def text_chunks(maze: Maze, style: str = "box") -> Iterator[str]:
    """The picture of `to_text` in pieces of a few hundred rows, to write without ever
    holding the whole text (a 4096x4096 picture is 134 million characters)."""
    hseg, vseg = _segments(maze)
    sized = _needs_size(style, hseg, vseg)
    if maze.wrap_x or maze.wrap_y:
        yield "# wrap: " + ("x" if maze.wrap_x else "") + ("y" if maze.wrap_y else "") + "\n"
    if sized:
        yield f"# size: {maze.width}x{maze.height}\n"
    for codes in _band_codes(maze, style, 3):
        # Every glyph lies in the BMP: one UTF-16 decode turns a band, newlines included,
        # into one string.
        text = np.empty((codes.shape[0], codes.shape[1] + 1), dtype=np.uint16)
        text[:, :-1] = codes
        text[:, -1] = ord("\n")
        yield text.tobytes().decode("utf-16-le")
    if sized:
        yield "# end\n"  # keeps a blank last line from being trimmed at the end of a file


def to_text(maze: Maze, style: str = "box") -> str:
    """The maze as a picture: `box` drawing characters or plain `ascii` (see module doc)."""
    return "".join(text_chunks(maze, style))


# -- reading ----------------------------------------------------------------------------
_CLOSED = "─-│|+┼├┤┬┴┌┐└┘╵╶╷╴"
# Character classes in a segment: 0 space, 1 wall, 2 arrow down/right, 3 arrow up/left.
_SPACE, _WALL, _FORWARD, _BACK, _OTHER = 0, 1, 2, 3, 4
_ARROWS = {"horizontal": ("↓v", "↑^"), "vertical": ("→>", "←<")}
_MARKS = {ord("S"): (True, False), ord("G"): (False, True), ord("*"): (True, True)}


def _class_table(orientation: str) -> np.ndarray:
    """Class of each BMP code point in a wall segment of this orientation."""
    table = np.full(0x10000, _OTHER, dtype=np.uint8)
    table[ord(" ")] = _SPACE
    forward, backward = _ARROWS[orientation]
    for chars, cls in ((_CLOSED, _WALL), (forward, _FORWARD), (backward, _BACK)):
        table[_codes(chars)] = cls
    return table


_TABLES = {name: _class_table(name) for name in _ARROWS}


def _classes(codes: np.ndarray, orientation: str) -> np.ndarray:
    """Character classes of a code point array (anything outside the BMP is _OTHER)."""
    return np.where(codes < 0x10000, _TABLES[orientation][np.minimum(codes, 0xFFFF)], _OTHER)


def _refuse(codes: np.ndarray, numbers: list[int], line: int, col: int, length: int,
            what: str) -> None:
    """Raise naming the line (as numbered in the file) and column of an unreadable piece."""
    text = "".join(map(chr, codes[line, col: col + length]))
    raise MazeFormatError(f"line {numbers[line]}, column {col + 1}: cannot read {what} {text!r}")


def _segment_sides(cls: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(first closed, second closed, unreadable) from classes [..., chars]: one kind per
    segment, spaces aside."""
    present = np.zeros(cls.shape[:-1], dtype=np.uint8)
    for k in range(cls.shape[-1]):
        present |= np.left_shift(1, cls[..., k]).astype(np.uint8)
    kinds = present & np.uint8(0xFF ^ (1 << _SPACE))
    bad = (kinds != 0) & (kinds != 1 << _WALL) & (kinds != 1 << _FORWARD) & (kinds != 1 << _BACK)
    first = (kinds == 1 << _WALL) | (kinds == 1 << _BACK)
    second = (kinds == 1 << _WALL) | (kinds == 1 << _FORWARD)
    return first, second, bad


def _read_band(codes: np.ndarray, numbers: list[int], walls: np.ndarray, solid: np.ndarray,
               lo: int) -> list[tuple[int, bool, bool]]:
    """Fill rows lo.. of walls/solid from lines 2lo..2hi (as code points, one row per line);
    returns the marked rooms as (cell, is start, is goal)."""
    rows, width = (codes.shape[0] - 1) // 2, walls.shape[1]
    even, odd = codes[0::2], codes[1::2]
    bad = _classes(even[:, 0::4], "horizontal") > _WALL
    if bad.any():
        i, j = np.argwhere(bad)[0]
        _refuse(codes, numbers, 2 * i, 4 * j, 1, "corner")
    seg = even[:, 1:].reshape(rows + 1, width, 4)[:, :, :3]
    above, below, bad = _segment_sides(_classes(seg, "horizontal"))
    if bad.any():
        i, j = np.argwhere(bad)[0]
        _refuse(codes, numbers, 2 * i, 4 * j + 1, 3, "horizontal wall segment")
    walls[lo:lo + rows] |= (below[:-1] * N + above[1:] * S).astype(np.uint8)
    left, right, bad = _segment_sides(_classes(odd[:, 0::4, None], "vertical"))
    if bad.any():
        i, j = np.argwhere(bad)[0]
        _refuse(codes, numbers, 2 * i + 1, 4 * j, 1, "vertical wall segment")
    walls[lo:lo + rows] |= (right[:, :-1] * W + left[:, 1:] * E).astype(np.uint8)
    rooms = odd[:, 1:].reshape(rows, width, 4)[:, :, :3]
    count = (rooms != ord(" ")).sum(axis=2)
    rock = (count == 3) & np.isin(rooms, _codes("█#")).all(axis=2)
    single = np.where(count == 1, rooms.max(axis=2), 0)  # the one non-space character
    mark = np.isin(single, list(_MARKS))
    bad = (count > 0) & ~rock & ~mark
    if bad.any():
        i, j = np.argwhere(bad)[0]
        _refuse(codes, numbers, 2 * i + 1, 4 * j + 1, 3, "room")
    solid[lo:lo + rows] = rock
    return [(int(r + lo) * width + int(c), *_MARKS[int(single[r, c])])
            for r, c in np.argwhere(mark)]


_CHUNK = 1 << 16  #: characters of text split into lines at a time
_MOST_LINES = 2 * MAX_SIDE + 1  #: the lines of the tallest picture


def _line_chunks(text: str) -> Iterator[tuple[int, list[str], bool]]:
    """(number of its first line, its lines, whether it is all white space) of each chunk of
    text, split as str.splitlines splits: a file of a million short lines is never a list of
    a million strings, and a run of blank lines costs little more than reading it."""
    number, at, size = 1, 0, len(text)
    while at < size:
        cut = text.find("\n", at + _CHUNK)  # cut after a newline: no \r\n is split
        end = size if cut < 0 else cut + 1
        chunk = text[at:end]
        lines = chunk.splitlines()
        yield number, lines, chunk.isspace()
        number += len(lines)
        at = end


def _picture_lines(text: str, skip: int = 0) -> Iterator[tuple[int, int, str]]:
    """(index among the picture's lines, number in the file, line) of each line that is not
    a `#` header, from picture line `skip` on (blank chunks before it passed over whole)."""
    index = 0
    for number, lines, blank in _line_chunks(text):
        if blank and index + len(lines) <= skip:
            index += len(lines)
            continue
        for offset, line in enumerate(lines):
            if not line.startswith("#"):
                if index >= skip:
                    yield index, number + offset, line
                index += 1


def _blank(line: str) -> bool:
    return not line or line.isspace()


def _header(text: str) -> tuple[tuple[bool, bool], tuple[int, int] | None, int, int, int]:
    """(wrap, size or None, index of the first and of the last picture line that is not
    blank (-1: none), picture lines in all) from one pass over the text. It stops at a
    non-blank line more than a picture's height below the first: that is an error anyway."""
    wrap, size = (False, False), None
    first = last = -1
    index = 0
    for start, lines, blank in _line_chunks(text):
        if blank:  # no header and nothing drawn: only count the lines
            index += len(lines)
            continue
        for number, line in enumerate(lines, start):
            if not line.startswith("#"):
                if not _blank(line):
                    first = index if first < 0 else first
                    last = index
                    if last - first >= _MOST_LINES:
                        return wrap, size, first, last, index + 1
                index += 1
                continue
            key, _, value = line[1:].partition(":")
            key, value = key.strip().lower(), value.strip().lower()
            if key == "wrap":
                if value not in WRAP_AXES:
                    raise MazeFormatError(f"line {number}: wrap is x, y or xy, not "
                                          f"{value[:20]!r}")
                wrap = WRAP_AXES[value]
            elif key == "size":
                w, _, h = value.partition("x")
                if not (all(part.isascii() and part.isdigit() and len(part) <= 5
                            for part in (w, h))
                        and 1 <= int(w) <= MAX_SIDE and 1 <= int(h) <= MAX_SIDE):
                    raise MazeFormatError(f"line {number}: size looks like 40x20 "
                                          f"(each side 1..{MAX_SIDE}), not {value[:20]!r}")
                size = int(w), int(h)
    return wrap, size, first, last, index


def _collect(text: str, lo: int, hi: int) -> list[tuple[int, str]]:
    """(number, line) of picture lines lo..hi-1 (hi - lo is at most _MOST_LINES)."""
    picture = []
    for index, number, line in _picture_lines(text, lo):
        if index >= hi:
            break
        picture.append((number, line))
    return picture


def _picture(text: str, size: tuple[int, int] | None, first: int, last: int,
             total: int) -> tuple[int, int, list]:
    """(width, height, numbered lines) of the picture proper. Unsized, blank lines around it
    are dropped; counted first, so any number of them costs nothing but the pass."""
    if size is None:
        count = last - first + 1 if first >= 0 else 0
        if count > _MOST_LINES:
            raise MazeFormatError(f"the maze picture is too large (each side at most "
                                  f"{MAX_SIDE}: {_MOST_LINES} lines)")
        if count < 3 or count % 2 == 0:
            raise MazeFormatError(f"a maze picture has an odd number of lines, at least 3 "
                                  f"(this one has {count})")
        picture = _collect(text, first, last + 1)
        number, widest = max(((n, len(line.rstrip())) for n, line in picture),
                             key=lambda item: item[1])
        if (widest - 1) % 4:
            raise MazeFormatError(f"line {number} is {widest} columns wide; a maze picture "
                                  f"is 4 columns per room plus 1")
        width, height = (widest - 1) // 4, (len(picture) - 1) // 2
    else:
        width, height = size
        lines = 2 * height + 1
        if last >= lines:
            number = next(n for _, n, line in _picture_lines(text, lines) if not _blank(line))
            raise MazeFormatError(f"line {number}: text after the {width}x{height} picture")
        if total < lines:
            raise MazeFormatError(f"a {width}x{height} maze is drawn on {lines} "
                                  f"lines; this picture has {total}")
        picture = _collect(text, 0, lines)
    if width > MAX_SIDE or height > MAX_SIDE:
        raise MazeFormatError(f"the maze picture is too large (each side at most {MAX_SIDE})")
    for number, line in picture:
        if len(line.rstrip()) > 4 * width + 1:
            raise MazeFormatError(f"line {number} is wider than the {width}-room picture")
    return width, height, picture


def from_text(text: str) -> Maze:
    """Parse the picture written by `to_text` (either style); refuse anything ambiguous."""
    if len(text) > (8 * MAX_SIDE + 8) * (2 * MAX_SIDE + 8):
        raise MazeFormatError("the text is far larger than any maze picture")
    text = text.lstrip("\ufeff")
    wrap, size, first, last, total = _header(text)
    width, height, picture = _picture(text, size, first, last, total)
    walls = np.zeros((height, width), dtype=np.uint8)
    solid = np.zeros((height, width), dtype=bool)
    marks = []
    columns = 4 * width + 1
    for lo in range(0, height, BAND_ROWS):
        hi = min(height, lo + BAND_ROWS)
        lines = picture[2 * lo: 2 * hi + 1]
        band = "".join(line.ljust(columns)[:columns] for _, line in lines)
        codes = _codes(band).reshape(-1, columns)
        marks += _read_band(codes, [number for number, _ in lines], walls, solid, lo)
    starts = [cell for cell, is_start, _ in marks if is_start]
    if len(starts) > 1:
        raise MazeFormatError("the picture marks more than one start (S or *)")
    goals = tuple(cell for cell, _, is_goal in marks if is_goal)
    return Maze(walls, wrap_x=wrap[0], wrap_y=wrap[1], solid=solid,
                start=starts[0] if starts else 0, goals=goals)
