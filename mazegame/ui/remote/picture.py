"""A room's maze as lines of text, from the bytes the host sends (Begin.walls), in plain Python.

The thin client cannot use the engine's picture (it would load numpy), so it draws the same
picture itself: 2h+1 lines, a corner every `room + 1` columns and rooms between, walls in
box-drawing characters (or plain ASCII) joined at their corners as the local game draws
them. A wall byte holds a cell's sides, N=1 E=2 S=4 W=8; a wall is drawn where either cell
beside it has its bit. An open seam of a wrapped maze is drawn dotted (not a wall).
A picture is also the ground the player's eye looks through (`eyesight.Ground`): `step` is
the engine's movement rule on these bytes (a move through side d is allowed iff the cell's
bit d is clear; a wrapped maze re-enters on the other side; a test holds the two equal).
Also here: each player's letter, unique in the room, so that without colour the letters alone
tell the players apart.
"""

from __future__ import annotations

from collections.abc import Sequence

N, E, S, W = 1, 2, 4, 8  #: the wall bits of a cell, as engine.grid
#: A corner's glyph by its arms (up, right, down, left), box drawing.
_CORNERS = {
    (0, 0, 0, 0): " ", (1, 0, 0, 0): "╵", (0, 1, 0, 0): "╶", (0, 0, 1, 0): "╷",
    (0, 0, 0, 1): "╴", (1, 0, 1, 0): "│", (0, 1, 0, 1): "─", (1, 1, 0, 0): "└",
    (0, 1, 1, 0): "┌", (0, 0, 1, 1): "┐", (1, 0, 0, 1): "┘", (1, 1, 1, 0): "├",
    (0, 1, 1, 1): "┬", (1, 0, 1, 1): "┤", (1, 1, 0, 1): "┴", (1, 1, 1, 1): "┼",
}
#: (horizontal wall, vertical wall, horizontal seam, vertical seam) by glyph set.
_LINES = {"box": ("─", "│", "┄", "┆"), "ascii": ("-", "|", ".", ":")}
WALL_CHARS = frozenset("".join(_CORNERS.values()) + "─│-|+") - {" "}
SEAM_CHARS = frozenset("┄┆.:")


class Picture:
    """The maze's walls as the player knows them, and their picture (`lines`)."""

    def __init__(self, width: int, height: int, walls: Sequence[int], *, wrap_x: bool = False,
                 wrap_y: bool = False, glyphs: str = "box", room: int = 3,
                 goals: Sequence[int] = ()) -> None:
        self.width, self.height = width, height
        self.goals = frozenset(goals)  #: the goal cells (for the player's eye)
        self.walls = list(walls)  #: a byte a cell, row-major (learned walls OR-ed in)
        self.wrap_x, self.wrap_y = wrap_x, wrap_y
        self.glyphs = glyphs if glyphs in _LINES else "box"
        self.room = room  #: characters a room is wide
        self.lines: list[str] = self._draw()

    def learn(self, learned: Sequence[tuple[int, int]]) -> bool:
        """OR walls a blind player learned into the picture; True if anything changed."""
        changed = False
        for cell, bits in learned:
            if 0 <= cell < len(self.walls) and bits & ~self.walls[cell] & 15:
                self.walls[cell] |= bits & 15
                changed = True
        if changed:
            self.lines = self._draw()
        return changed

    def step(self, cell: int, d: int) -> int:
        """Where a move from `cell` through side d (N, E, S, W = 0..3) lands: the same cell
        when its bit d is set or it would leave a bounded maze."""
        if self.walls[cell] & (1 << d):
            return cell
        r, c = divmod(cell, self.width)
        r, c = r + (-1, 0, 1, 0)[d], c + (0, 1, 0, -1)[d]
        if not (0 <= r < self.height or self.wrap_y) or not (0 <= c < self.width or self.wrap_x):
            return cell
        return (r % self.height) * self.width + c % self.width

    def origin(self, cell: int) -> tuple[int, int]:
        """(x, y) in the picture of a cell's room's first character."""
        r, c = divmod(cell, self.width)
        return c * (self.room + 1) + 1, 2 * r + 1

    # -- which sides are walls ----------------------------------------------------------
    def _bit(self, r: int, c: int, bit: int) -> bool:
        return bool(self.walls[r * self.width + c] & bit)

    def vertical(self, r: int, c: int) -> bool:
        """A wall on the line left of column c of row r (c = width: the right border)."""
        w = self.width
        if c in (0, w):
            if self.wrap_x:  # one seam, left and right
                return self._bit(r, 0, W) or self._bit(r, w - 1, E)
            return self._bit(r, 0, W) if c == 0 else self._bit(r, w - 1, E)
        return self._bit(r, c - 1, E) or self._bit(r, c, W)

    def horizontal(self, r: int, c: int) -> bool:
        """A wall on the line above row r of column c (r = height: the bottom border)."""
        h = self.height
        if r in (0, h):
            if self.wrap_y:  # one seam, top and bottom
                return self._bit(0, c, N) or self._bit(h - 1, c, S)
            return self._bit(0, c, N) if r == 0 else self._bit(h - 1, c, S)
        return self._bit(r - 1, c, S) or self._bit(r, c, N)

    # -- the picture --------------------------------------------------------------------
    def _draw(self) -> list[str]:
        """The 2h+1 lines of the picture (rooms left blank: the board draws them)."""
        hline, vline, hseam, vseam = _LINES[self.glyphs]
        w, h, room = self.width, self.height, self.room
        lines = []
        for r in range(h + 1):
            parts = []
            for c in range(w + 1):
                up = r > 0 and self.vertical(r - 1, c)
                down = r < h and self.vertical(r, c)
                left = c > 0 and self.horizontal(r, c - 1)
                right = c < w and self.horizontal(r, c)
                arms = (up, right, down, left)
                corner = (_CORNERS[tuple(map(int, arms))] if self.glyphs == "box"
                          else "+" if any(arms) else " ")
                if corner == " " and self.wrap_y and r in (0, h):
                    corner = hseam  # an open seam runs on through its corners
                elif corner == " " and self.wrap_x and c in (0, w):
                    corner = vseam
                parts.append(corner)
                if c < w:
                    seam = self.wrap_y and r in (0, h)
                    parts.append((hline if right else hseam if seam else " ") * room)
            lines.append("".join(parts))
            if r < h:
                row = []
                for c in range(w + 1):
                    seam = self.wrap_x and c in (0, w)
                    row.append(vline if self.vertical(r, c) else vseam if seam else " ")
                    if c < w:
                        row.append(" " * room)
                lines.append("".join(row))
        return lines


def letters(names: Sequence[tuple[int, str]]) -> dict[int, str]:
    """Player id -> a letter of their own: the name's initial, else its next letter not
    taken, else a digit (upper case: a letter alone tells players apart without colour)."""
    taken: set[str] = set()
    out: dict[int, str] = {}
    for ident, name in names:
        pick = next((ch.upper() for ch in name if ch.isalpha() and ch.upper() not in taken
                     and ch.upper().isascii()), None)
        if pick is None:  # (a room seats at most 8: a digit is always free)
            pick = next((str(d) for d in range(1, 10) if str(d) not in taken), "?")
        taken.add(pick)
        out[ident] = pick
    return out
