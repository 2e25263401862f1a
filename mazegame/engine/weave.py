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

NS, EW = "ns", "ew"  #: which passage runs on top of a crossing
CROSSING_SHARE = 0.3  #: chance that an inner cell that may cross does, in the seed's order
_UP = 1  #: coordinate `level` of an under-cell
_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  #: N E S W as (row, col)


def place_crossings(width: int, height: int, seed: int,
                    share: float = CROSSING_SHARE) -> list[tuple[int, int, str]]:
    """Crossings (row, col, "ns"|"ew" on top) drawn by the seed: inner cells taken in a
    shuffled order, each crossing with chance `share` when no neighbour crosses and its
    two passages would join cells not yet joined by the crossings before it."""
    rng = np.random.default_rng([int(seed) & 0xFFFFFFFF, 41])
    parent = list(range(width * height))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    crossing = np.zeros((height, width), dtype=bool)
    out = []
    inner = [(r, c) for r in range(1, height - 1) for c in range(1, width - 1)]
    for k in rng.permutation(len(inner)):
        r, c = inner[k]
        if rng.random() >= share or any(crossing[r + dr, c + dc] for dr, dc in _STEPS):
            continue
        n, s = find((r - 1) * width + c), find((r + 1) * width + c)
        w, e = find(r * width + c - 1), find(r * width + c + 1)
        if n == s or w == e or {n, s} == {w, e}:
            continue  # a loop of passages made before any generator runs
        parent[n] = s
        parent[find(w)] = find(e)
        crossing[r, c] = True
        out.append((r, c, NS if rng.random() < 0.5 else EW))
    return sorted(out)


def weave_arrays(width: int, height: int, crossings: list[tuple[int, int, str]]
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The weave board of width x height squares with these crossings, as its cells'
    coordinates and links (`engine.tilings.weave_board` makes them a Board), and the doors
    its crossings open (each crossing's two passages, from both sides)."""
    top = {(r, c): over for r, c, over in crossings}
    cells, index = [], {}
    for r in range(height):
        for c in range(width):
            index[r, c, 0] = len(cells)
            cells.append((r, c, 0))
            if (r, c) in top:
                index[r, c, _UP] = len(cells)
                cells.append((r, c, _UP))

    def runs(r: int, c: int, vertical: bool) -> int:
        """The cell of square (r, c) a passage running that way goes through."""
        over = top.get((r, c))
        if over is None:
            return index[r, c, 0]
        return index[r, c, 0 if (over == NS) == vertical else _UP]

    links = np.full((len(cells), 4), -1, dtype=np.int32)
    doors = np.zeros(len(cells), dtype=np.uint8)
    for i, (r, c, _) in enumerate(cells):
        vertical_cell = (r, c) not in top or runs(r, c, True) == i
        horizontal_cell = (r, c) not in top or runs(r, c, False) == i
        for d, (dr, dc) in enumerate(_STEPS):
            rr, cc = r + dr, c + dc
            if not (0 <= rr < height and 0 <= cc < width):
                continue
            if not (vertical_cell if d % 2 == 0 else horizontal_cell):
                continue
            links[i, d] = runs(rr, cc, d % 2 == 0)
            if (r, c) in top or (rr, cc) in top:
                doors[i] |= 1 << d  # a crossing's passage, open before any generator
    return np.asarray(cells, dtype=np.int32).reshape(-1, 3), links, doors


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
