"""Weave mazes (issue 41): square mazes whose passages cross over and under one another.

A *crossing* is a cell of the square grid through which two passages run straight: one on
top (the bridge) and one beneath it. "ns" on top: north-south above, east-west below; "ew"
the other way. The weave board has a surface cell (row, col, 0) for every square and an
under-cell (row, col, 1) beneath each crossing, numbered row by row, each under-cell
right after its surface cell (so the first cell is the top-left corner and the last the
bottom-right one, as on the square). Of a crossing's two cells, the one running
north-south has only N and S sides, the other only E and W; a neighbour's side toward a
crossing leads into the one of its two cells that runs that way.

The board is built by `engine.tilings.weave_board` (the tiling's `make`: `weave_make`).
The crossings are placed first, by the seed (Jamis Buck's Kruskal weave): inner cells
only, never next to another crossing, never closing a loop of crossings; their passages
are opened before any generator runs (`make`'s doors), and a generator treats each group
of cells they join as one cell, so the maze is still a spanning tree of the board.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.jit import kernel

NS, EW = "ns", "ew"  #: which passage runs on top of a crossing
CROSSING_SHARE = 0.3  #: chance that an inner cell that may cross does, in the seed's order
_UP = 1  #: coordinate `level` of an under-cell
_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  #: N E S W as (row, col)


@kernel(inline="always")
def _root(parent, x):
    """The root of x's set (halving the path on the way)."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@kernel
def _place(width, height, order, wanted):
    """The squares that cross, in `order` (inner squares numbered row by row): each one
    `wanted` whose four neighbours do not cross and whose two passages join squares the
    crossings before it have not joined (a union-find of squares)."""
    parent = np.arange(width * height)
    crossing = np.zeros(width * height, dtype=np.bool_)
    out = np.empty(order.shape[0], dtype=np.int64)
    k = 0
    for j in range(order.shape[0]):
        idx = order[j]
        if not wanted[idx]:
            continue
        cell = (idx // (width - 2) + 1) * width + idx % (width - 2) + 1
        if crossing[cell - width] or crossing[cell + width] or crossing[cell - 1] \
                or crossing[cell + 1]:
            continue
        n, s = _root(parent, cell - width), _root(parent, cell + width)
        w, e = _root(parent, cell - 1), _root(parent, cell + 1)
        if n == s or w == e or (n == w and s == e) or (n == e and s == w):
            continue  # a loop of passages made before any generator runs
        parent[n] = s
        parent[_root(parent, w)] = _root(parent, e)
        crossing[cell] = True
        out[k] = cell
        k += 1
    return out[:k]


def place_crossings(width: int, height: int, seed: int,
                    share: float = CROSSING_SHARE) -> list[tuple[int, int, str]]:
    """Crossings (row, col, "ns"|"ew" on top) drawn by the seed: inner cells taken in a
    shuffled order, each crossing with chance `share` when no neighbour crosses and its
    two passages would join cells not yet joined by the crossings before it."""
    if width < 3 or height < 3:
        return []
    rng = np.random.default_rng([int(seed) & 0xFFFFFFFF, 41])
    inner = (width - 2) * (height - 2)
    order = rng.permutation(inner)
    wanted = rng.random(inner) < share
    ns_top = rng.random(width * height) < 0.5
    cells = np.sort(_place(width, height, order, wanted))
    return [(int(cell // width), int(cell % width), NS if ns_top[cell] else EW)
            for cell in cells]


def weave_arrays(width: int, height: int, crossings: list[tuple[int, int, str]]
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The weave board of width x height squares with these crossings, as its cells'
    coordinates and links (`engine.tilings.weave_board` makes them a Board), and the doors
    its crossings open (each crossing's two passages, from both sides); in array
    arithmetic, square by square."""
    squares = width * height
    crossing = np.zeros(squares, dtype=bool)
    ns = np.zeros(squares, dtype=bool)
    for r, c, over in crossings:
        crossing[r * width + c] = True
        ns[r * width + c] = over == NS
    # a square's surface cell, its under-cell right after it
    surface = np.arange(squares, dtype=np.int64) + np.cumsum(crossing) - crossing
    under = surface[crossing] + 1
    n = squares + int(crossing.sum())
    row, col = np.divmod(np.arange(squares, dtype=np.int64), width)
    coords = np.zeros((n, 3), dtype=np.int32)
    coords[surface, 0], coords[surface, 1] = row, col
    coords[under] = np.stack([row[crossing], col[crossing], np.ones_like(under)], axis=1)

    def runs(square: np.ndarray, vertical: bool) -> np.ndarray:
        """The cell of each square a passage running that way goes through."""
        return surface[square] + (crossing[square] & (ns[square] != vertical))

    links = np.full((n, 4), -1, dtype=np.int64)
    doors = np.zeros(n, dtype=np.uint8)
    here = np.arange(squares, dtype=np.int64)
    for d, (dr, dc) in enumerate(_STEPS):
        vertical = d % 2 == 0
        inside = (row + dr >= 0) & (row + dr < height) & (col + dc >= 0) & (col + dc < width)
        square, beyond = here[inside], (here + dr * width + dc)[inside]
        cell = runs(square, vertical)  # the cell of each square running this way
        links[cell, d] = runs(beyond, vertical)
        opened = crossing[square] | crossing[beyond]  # a crossing's passage: open already
        doors[cell[opened]] |= np.uint8(1 << d)
    return coords, links.astype(np.int32), doors


def crossings(board) -> list[tuple[int, int, str]]:
    """The crossings of a weave board, (row, col, "ns"|"ew" on top), row by row."""
    out = []
    for i in np.nonzero(board.coords[:, 2] == _UP)[0]:
        r, c, _ = (int(x) for x in board.coords[i])
        surface = int(i) - 1  # the surface cell is numbered just before its under-cell
        out.append((r, c, NS if board.links[surface, 0] >= 0 or board.links[surface, 2] >= 0
                    else EW))
    return out


def square_of(board) -> np.ndarray:
    """int64[n]: each cell's square, row * width + col (an under-cell shares its surface
    cell's square)."""
    width = int(board.coords[:, 1].max()) + 1 if board.size else 0
    return board.coords[:, 0].astype(np.int64) * width + board.coords[:, 1]


def is_under(board, cell: int) -> bool:
    """True when `cell` is an under-cell: the passage beneath a bridge."""
    return bool(board.coords[int(cell), 2] == _UP)


class WeaveGround:
    """A weave maze as the player's eye sees it (`eyesight.Ground`): its steps and goals,
    and where its bridges are (`crossing`)."""

    wrap_x = wrap_y = False

    def __init__(self, maze) -> None:
        self.maze = maze
        self.goals = maze.goals
        under = np.nonzero(maze.board.coords[:, 2] == _UP)[0]
        self._under = set(under.tolist())
        self._deck = set((under - 1).tolist())  #: the surface cell is numbered just before

    def step(self, cell: int, d: int) -> int:
        """Where a move from `cell` through side d lands (the maze's own rule)."""
        return self.maze.step(cell, d)

    def crossing(self, cell: int) -> str:
        """"over" on a bridge's deck, "under" in the tunnel beneath, "" elsewhere."""
        return "under" if cell in self._under else "over" if cell in self._deck else ""
