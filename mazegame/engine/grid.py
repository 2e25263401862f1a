"""The Maze model: a wall grid seen from each cell, its topology, and the one `step` rule.

Cells are numbered row-major (`cell = r * w + c`). `walls[r, c]` holds one bit per side
as seen from that cell (N=1, E=2, S=4, W=8, Suits' "cell(i, side)"): a move through side d
is allowed iff the bit is clear. Consistent pairs give ordinary doors; a cell open towards a
neighbour that is walled back is a one-way door.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from mazegame.engine.jit import kernel

N, E, S, W = 1, 2, 4, 8
#: Direction indices 0..3 are N, E, S, W; the wall bit of direction d is 1 << d.
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DIRECTION_NAMES = ("north", "east", "south", "west")
DR = np.array([-1, 0, 1, 0], dtype=np.int64)
DC = np.array([0, 1, 0, -1], dtype=np.int64)
ALL_WALLS = N | E | S | W
MAX_SIDE = 4096


def opposite(d: int) -> int:
    """The direction facing back: N<->S, E<->W."""
    return d ^ 2


@kernel
def neighbor(h, w, wrap_x, wrap_y, cell, d):
    """The cell beyond side d of `cell` on the grid (wrapping where the maze wraps), or -1."""
    r = cell // w + DR[d]
    c = cell % w + DC[d]
    if r < 0 or r >= h:
        if not wrap_y:
            return -1
        r %= h
    if c < 0 or c >= w:
        if not wrap_x:
            return -1
        c %= w
    return r * w + c


@kernel
def step_kernel(walls, wrap_x, wrap_y, solid, cell, d):
    """The one movement rule: where a move from `cell` through side d lands.

    Blocked moves (a wall bit, the edge of a bounded maze, a solid cell) stay put.
    `solid` is a bool[h, w] array or an empty (0, 0) one when the maze has no rock.
    """
    h, w = walls.shape
    if walls[cell // w, cell % w] & (1 << d):
        return cell
    nxt = neighbor(h, w, wrap_x, wrap_y, cell, d)
    if nxt < 0:
        return cell
    if solid.shape[0] > 0 and solid[nxt // w, nxt % w]:
        return cell
    return nxt


@kernel
def set_door(walls, wrap_x, wrap_y, cell, d, is_open):
    """Open (or close) the wall on side d of `cell` from both sides."""
    h, w = walls.shape
    nxt = neighbor(h, w, wrap_x, wrap_y, cell, d)
    if is_open:
        walls[cell // w, cell % w] &= ~np.uint8(1 << d)
        if nxt >= 0:
            walls[nxt // w, nxt % w] &= ~np.uint8(1 << (d ^ 2))
    else:
        walls[cell // w, cell % w] |= np.uint8(1 << d)
        if nxt >= 0:
            walls[nxt // w, nxt % w] |= np.uint8(1 << (d ^ 2))


_NO_ROCK = np.zeros((0, 0), dtype=np.bool_)


@dataclass(eq=False)
class Maze:
    """A maze on a rectangular grid of cells (see the module docstring for `walls`)."""

    walls: np.ndarray
    wrap_x: bool = False
    wrap_y: bool = False
    solid: np.ndarray | None = None
    start: int = 0
    goals: tuple[int, ...] = ()
    algorithm: str = ""
    seed: int | None = None
    meta: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.walls = np.ascontiguousarray(self.walls, dtype=np.uint8)
        if self.solid is not None:
            self.solid = np.ascontiguousarray(self.solid, dtype=np.bool_)
            if not self.solid.any():
                self.solid = None
        if not self.goals:
            self.goals = (self.size - 1,)
        self.goals = tuple(int(g) for g in self.goals)
        self.start = int(self.start)

    # -- shape -------------------------------------------------------------
    @property
    def height(self) -> int:
        """Rows of cells."""
        return int(self.walls.shape[0])

    @property
    def width(self) -> int:
        """Columns of cells."""
        return int(self.walls.shape[1])

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.walls.size

    @property
    def rock(self) -> np.ndarray:
        """The solid mask as kernels want it: bool[h, w], or an empty (0, 0) array."""
        return _NO_ROCK if self.solid is None else self.solid

    def rc(self, cell: int) -> tuple[int, int]:
        """(row, column) of a cell index."""
        return divmod(int(cell), self.width)

    def index(self, r: int, c: int) -> int:
        """Cell index of (row, column)."""
        return r * self.width + c

    @property
    def is_one_way(self) -> bool:
        """True when some door between two cells can be passed in one direction only (an
        open outer side of a bounded maze, an exit, is no door)."""
        return not two_way(self.walls, self.wrap_x, self.wrap_y)

    # -- movement ----------------------------------------------------------
    def step(self, cell: int, d: int) -> int:
        """Where a move from `cell` in direction d lands (the same cell when blocked)."""
        return int(step_kernel(self.walls, self.wrap_x, self.wrap_y, self.rock, int(cell), int(d)))

    def neighbor(self, cell: int, d: int) -> int:
        """The grid neighbour beyond side d, ignoring walls, or -1 off a bounded edge."""
        return int(neighbor(self.height, self.width, self.wrap_x, self.wrap_y, int(cell), int(d)))

    def is_open(self, cell: int, d: int) -> bool:
        """True when a move from `cell` through side d is allowed (no wall, edge or rock)."""
        nxt = self.neighbor(cell, d)
        if nxt < 0 or self.walls.flat[cell] & (1 << d):
            return False
        return self.solid is None or not self.solid.flat[nxt]

    def copy(self, **changes) -> Maze:
        """A deep copy, optionally with some fields replaced."""
        solid = None if self.solid is None else self.solid.copy()
        base = replace(self, walls=self.walls.copy(), solid=solid, meta=dict(self.meta))
        return replace(base, **changes) if changes else base

    def door_count(self) -> int:
        """Number of open sides counted once per pair (one-way sides count as one door)."""
        return int(_open_pairs(self))

    # -- constructors --------------------------------------------------------
    @classmethod
    def closed(cls, width: int, height: int, *, wrap_x=False, wrap_y=False) -> Maze:
        """A maze with every wall up."""
        return cls(np.full((height, width), ALL_WALLS, np.uint8), wrap_x=wrap_x, wrap_y=wrap_y)

    @classmethod
    def open(cls, width: int, height: int, *, wrap_x=False, wrap_y=False) -> Maze:
        """A maze with no walls but the border (none across a wrapped edge)."""
        return cls(border_walls(width, height, wrap_x, wrap_y), wrap_x=wrap_x, wrap_y=wrap_y)


def border_walls(width: int, height: int, wrap_x: bool, wrap_y: bool) -> np.ndarray:
    """Wall grid of an empty room: walls only along unwrapped edges."""
    walls = np.zeros((height, width), np.uint8)
    if not wrap_y:
        walls[0, :] |= N
        walls[-1, :] |= S
    if not wrap_x:
        walls[:, 0] |= W
        walls[:, -1] |= E
    return walls


def mirrored(maze: Maze, walls: np.ndarray) -> np.ndarray:
    """`walls` plus each wall copied onto the neighbour's facing side (one-way doors close).

    Views of partial knowledge use it: knowing "no way through here" from one side is
    drawn as a plain wall.
    """
    out = walls.copy()
    for d in range(4):
        bit = ((walls >> d) & 1).astype(np.uint8)
        _set_edge(maze, bit, d, 0)
        out |= np.roll(bit, (int(DR[d]), int(DC[d])), axis=(0, 1)) << opposite(d)
    return out


def _set_edge(maze: Maze, grid: np.ndarray, d: int, value: int) -> None:
    """Set the row or column of cells whose side d faces an unwrapped border."""
    if d in (NORTH, SOUTH) and not maze.wrap_y:
        grid[0 if d == NORTH else -1, :] = value
    if d in (WEST, EAST) and not maze.wrap_x:
        grid[:, 0 if d == WEST else -1] = value


@kernel
def two_way(walls, wrap_x, wrap_y):
    """Whether every door opens both ways (no one-way doors): each wall bit matches the
    neighbour's facing one. Then the moves into a cell are the moves out of it."""
    h, w = walls.shape
    differ = 0  # counted, not returned at the first: a loop with no exit vectorises
    for r in range(h):
        below = r + 1 if r < h - 1 else 0
        for c in range(w - 1):
            differ += (walls[r, c] >> 1 & 1) != (walls[r, c + 1] >> 3 & 1)
        if wrap_x:
            differ += (walls[r, w - 1] >> 1 & 1) != (walls[r, 0] >> 3 & 1)
        if r < h - 1 or wrap_y:
            for c in range(w):
                differ += (walls[r, c] >> 2 & 1) != (walls[below, c] & 1)
    return differ == 0


def _partner_bits(maze: Maze, d: int) -> np.ndarray:
    """For each cell, the wall bit of its neighbour beyond side d facing back (1 off-grid)."""
    shifted = np.roll(maze.walls, (-int(DR[d]), -int(DC[d])), axis=(0, 1))
    back = (shifted >> opposite(d)) & 1
    _set_edge(maze, back, d, 1)
    return back


def _open_pairs(maze: Maze) -> int:
    """Doors counted once: open E/S sides plus one-way openings seen only from W/N."""
    count = 0
    for d in (EAST, SOUTH):
        mine = ((maze.walls >> d) & 1) == 0
        theirs = _partner_bits(maze, d) == 0
        edge = np.ones_like(mine)
        _set_edge(maze, edge, d, False)
        count += int(np.sum((mine | theirs) & edge))
    return count


# -- bitmap -------------------------------------------------------------------
def to_bitmap(maze: Maze) -> np.ndarray:
    """bool[2h+1, 2w+1] picture, True = rock; rooms at odd coordinates.

    A wall segment is rock when either side of it is walled (bitmaps have no one-way doors).
    """
    h, w = maze.height, maze.width
    bmp = np.ones((2 * h + 1, 2 * w + 1), dtype=np.bool_)
    bmp[1::2, 1::2] = False if maze.solid is None else maze.solid
    walls = maze.walls
    east_open = ((walls & E) == 0) & (_partner_bits(maze, EAST) == 0)
    south_open = ((walls & S) == 0) & (_partner_bits(maze, SOUTH) == 0)
    bmp[1::2, 2::2] = ~east_open
    bmp[2::2, 1::2] = ~south_open
    # The west/north borders mirror the east/south ones of the wrapped partner.
    bmp[1::2, 0] = bmp[1::2, -1] if maze.wrap_x else (walls[:, 0] & W) != 0
    bmp[0, 1::2] = bmp[-1, 1::2] if maze.wrap_y else (walls[0, :] & N) != 0
    return bmp


def from_bitmap(bitmap: np.ndarray, *, wrap_x=False, wrap_y=False) -> Maze:
    """The maze of a (2h+1, 2w+1) bitmap; rock rooms become solid cells."""
    bmp = np.asarray(bitmap, dtype=np.bool_)
    if bmp.ndim != 2 or bmp.shape[0] % 2 == 0 or bmp.shape[1] % 2 == 0 or min(bmp.shape) < 3:
        raise ValueError(f"a maze bitmap has odd sides of at least 3, not {bmp.shape}")
    walls = (
        bmp[0:-1:2, 1::2] * N
        + bmp[1::2, 2::2] * E
        + bmp[2::2, 1::2] * S
        + bmp[1::2, 0:-1:2] * W
    ).astype(np.uint8)
    solid = bmp[1::2, 1::2].copy()
    return Maze(walls, wrap_x=wrap_x, wrap_y=wrap_y, solid=solid if solid.any() else None)
