"""A maze on a board (`engine.tilings`): which sides of each cell are open, and `step`.

`doors[i]` holds one bit a side, in the board's slot order: bit d set means a passage
through side d of cell i (the opposite of the square `Maze`, whose bits are walls: a board
cell has sides with no cell beyond, and "open" is what generators write). A side open from
one cell and shut from the other is a one-way door. Everything that moves on a board
(players, the demon, solvers) goes through `step`, as on the square.

`BoardMaze` answers what the games ask of a `Maze` (`start`, `goals`, `size`, `step`,
`is_open`, `neighbor`, `copy`, `is_one_way`, `door_count`), so a `WalkGame` walks either.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from mazegame.engine.graph import CSR
from mazegame.engine.jit import kernel
from mazegame.engine.tilings import Board


@kernel
def board_step(links, doors, cell, d):
    """Where a move from `cell` through side d lands (the same cell when shut)."""
    if d < 0 or d >= links.shape[1] or not (doors[cell] >> d) & 1:
        return cell
    nxt = links[cell, d]
    return cell if nxt < 0 else nxt


@kernel
def open_side(links, opposite, doors, cell, d):
    """Open side d of `cell` from both sides (a generator's CARVE)."""
    doors[cell] |= np.uint8(1 << d)
    nxt = links[cell, d]
    if nxt >= 0:
        doors[nxt] |= np.uint8(1 << opposite[d])


@kernel
def _board_csr(links, doors):
    """The move graph: a side is a move when it is open and has a cell beyond it."""
    n, k = links.shape
    indptr = np.empty(n + 1, dtype=np.int64)
    indices = np.empty(n * k, dtype=np.int32)
    indptr[0] = 0
    m = 0
    for cell in range(n):
        bits = doors[cell]
        for d in range(k):
            nxt = links[cell, d]
            if (bits >> d) & 1 and nxt >= 0:
                indices[m] = nxt
                m += 1
        indptr[cell + 1] = m
    return indptr, indices[:m].copy()


@dataclass(eq=False)
class BoardMaze:
    """A maze on a `Board`: its open sides, start and goals (see the module docstring)."""

    board: Board
    doors: np.ndarray
    start: int = 0
    goals: tuple[int, ...] = ()
    algorithm: str = ""
    seed: int | None = None
    meta: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.doors = np.ascontiguousarray(self.doors, dtype=np.uint8)
        if self.doors.shape != (self.board.size,):
            raise ValueError(f"a maze on {self.board.size} cells has {self.board.size} "
                             f"door masks, not {self.doors.shape}")
        if not self.goals:
            self.goals = (self.size - 1,)
        self.goals = tuple(int(g) for g in self.goals)
        self.start = int(self.start)

    # -- shape ---------------------------------------------------------------------------
    @property
    def tiling(self) -> str:
        """The board's kind ("hex", "triangle", "weave", "floors")."""
        return self.board.tiling

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.board.size

    @property
    def sides(self) -> int:
        """Slots a cell has (6 on hexagons and floors, 4 on triangles and weave)."""
        return int(self.board.links.shape[1])

    @property
    def opposite(self) -> np.ndarray:
        """int64[sides]: the side facing back across side d."""
        return np.asarray(self.board.spec.opposite, dtype=np.int64)

    # -- movement ------------------------------------------------------------------------
    def step(self, cell: int, d: int) -> int:
        """Where a move from `cell` through side d lands (the same cell when blocked)."""
        return int(board_step(self.board.links, self.doors, int(cell), int(d)))

    def neighbor(self, cell: int, d: int) -> int:
        """The cell beyond side d, ignoring doors, or -1 where there is none."""
        if not 0 <= d < self.sides:
            return -1
        return int(self.board.links[int(cell), int(d)])

    def is_open(self, cell: int, d: int) -> bool:
        """True when a move from `cell` through side d is allowed."""
        return self.step(cell, d) != int(cell)

    def graph(self) -> CSR:
        """The move graph (`engine.graph.maze_graph` hands a BoardMaze here)."""
        return CSR(*_board_csr(self.board.links, self.doors))

    def passages(self) -> np.ndarray:
        """int32[m, 2]: every open side as (cell, cell beyond), each two-way door once (the
        lower cell first) and each one-way door as it may be passed."""
        links, doors = self.board.links, self.doors
        d = np.arange(self.sides)
        here = ((doors[:, None] >> d) & 1).astype(bool) & (links >= 0)
        cells, sides = np.nonzero(here)
        pairs = np.stack([cells, links[cells, sides]], axis=1).astype(np.int32)
        back = here[pairs[:, 1], self.opposite[sides]]
        keep = ~back | (pairs[:, 0] < pairs[:, 1])
        return pairs[keep]

    @property
    def is_one_way(self) -> bool:
        """True when some door opens from one side only."""
        links, doors = self.board.links, self.doors
        d = np.arange(self.sides)
        here = ((doors[:, None] >> d) & 1).astype(bool) & (links >= 0)
        cells, sides = np.nonzero(here)
        return not bool(here[links[cells, sides], self.opposite[sides]].all())

    def door_count(self) -> int:
        """Open sides counted once a pair of cells."""
        return int(len(self.passages()))

    def copy(self, **changes) -> BoardMaze:
        """A deep copy (the board is shared: it never changes), optionally with some fields
        replaced."""
        base = replace(self, doors=self.doors.copy(), meta=dict(self.meta))
        return replace(base, **changes) if changes else base

    @classmethod
    def closed(cls, board: Board) -> BoardMaze:
        """Every side shut."""
        return cls(board, np.zeros(board.size, dtype=np.uint8))

    @classmethod
    def of_passages(cls, board: Board, passages, **fields) -> BoardMaze:
        """The maze whose open doors are these (cell, cell) pairs, each opened both ways;
        ValueError for a pair of cells that share no side."""
        doors = np.zeros(board.size, dtype=np.uint8)
        opposite = board.spec.opposite
        for a, b in passages:
            sides = np.nonzero(board.links[a] == b)[0]
            if len(sides) == 0:
                raise ValueError(f"cells {a} and {b} share no side")
            d = int(sides[0])
            doors[a] |= 1 << d
            doors[b] |= 1 << opposite[d]
        return cls(board, doors, **fields)
