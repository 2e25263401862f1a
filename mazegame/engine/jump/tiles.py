"""Jumping puzzles on hexagons and triangles (Neller et al.: "use different regular tilings").

A jump of k moves exactly k cells in a straight line along one of the tiling's six
directions, in the order E, NE, NW, W, SW, SE (so direction d's reverse is d + 3, as
the kernels' no-U-turn rule expects). Both boards are hexagons of side N, so each has
the same look at any size:

- **hex**: `engine.tilings.hexagon(N)`, cells in axial (q, r). A straight line is a
  line of the axial grid: every step crosses the same side of a hexagon (E is (+1, 0),
  NE (+1, -1), and so on), so a jump of k along E goes from (q, r) to (q + k, r).
- **triangle**: `triangle_hexagon(N)`, 6 N^2 triangles in rows (row, col), pointing up
  when row + col is even. A straight line is a *strip*: the triangles between two
  parallel grid lines, crossed side by side. Along a row (E, W) each step crosses a
  slanted side; along a slanted strip the steps cross a slanted side and a flat side
  in turn, so the side crossed depends on which way the triangle points::

        col:    0 1 2 3 4
        row 0:  ▲ ▼ c d ▲     NE from a (▲ up, ▼ down): E to b, N to c, E to d,
        row 1:  ▼ a b ▲ ▼     then N is off the board: a jump of 3 lands on d.
                              W from b: a, then (1, 0): one row, side by side.

  Up triangle (no N side): E -> E, NE -> E, NW -> W, W -> W, SW -> S, SE -> S.
  Down triangle (no S side): E -> E, NE -> N, NW -> N, W -> W, SW -> W, SE -> E.
  (`STRIP_SIDES`, in the tilings' side numbers N E S W.) A jump of 1 along E and along
  NE from an up triangle cross the same side: one move, which the state graph counts
  once. Which way a player came is then ambiguous, so triangles have no no-U-turn rule.

The landing table (cell, direction, k) -> cell is built once per board by walking the
board's `links`, and the kernels of `jump.kernels` solve and design on it as on squares.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import import_module

import numpy as np

from mazegame.engine.jump.kernels import legal_table
from mazegame.engine.jump.model import InvalidPuzzle, JumpStates
from mazegame.engine.tilings import TILINGS, Board, hexagon

#: The tilings jumping puzzles are made on, with the directions' names (E NE NW W SW SE).
DIRECTION_NAMES = ("east", "north-east", "north-west", "west", "south-west", "south-east")
#: Per triangle tiling direction: the side (tilings' N E S W = 0 1 2 3) a step crosses
#: from an up triangle, and from a down one.
STRIP_SIDES = ((1, 1), (1, 0), (3, 0), (3, 3), (2, 3), (2, 1))
MIN_SIDE, MAX_SIDE = 2, 8  #: the hexagon's side, on both tilings


def triangle_hexagon(side: int) -> Board:
    """A hexagon of triangles, `side` triangles a side: 2 `side` rows, 6 side^2 cells.

    The top row holds 2 side + 1 triangles (an up one first); each row of the upper half
    is one triangle longer at each end, the lower half mirrors it (a down one first)."""
    if not 1 <= side <= 100:
        raise ValueError(f"a hexagon's side is 1..100, not {side}")
    cells = []
    for row in range(2 * side):
        half = row if row < side else 2 * side - 1 - row  # rows from the nearer edge
        first = side - 1 - half + (side - 1) % 2  # so that (0, first) points up
        cells += [(row, col) for col in range(first, first + 2 * side + 1 + 2 * half)]
    return Board.of_cells("triangle", cells)


def hex_lines(side: int) -> tuple[Board, np.ndarray]:
    """The hexagon of hexagons of `side` and its lines: a step along line d crosses side d."""
    board = hexagon(side)
    return board, np.tile(np.arange(6), (board.size, 1))


def triangle_lines(side: int) -> tuple[Board, np.ndarray]:
    """The hexagon of triangles of `side` and its lines: the side each step crosses, by
    `STRIP_SIDES` (an up triangle's column, or a down one's)."""
    board = triangle_hexagon(side)
    up = (board.coords[:, 0] + board.coords[:, 1]) % 2 == 0
    table = np.array(STRIP_SIDES)
    return board, np.where(up[:, None], table[:, 0][None, :], table[:, 1][None, :])


def jump_tilings() -> list[str]:
    """The tilings jumping puzzles are made on beyond the square (their registry says)."""
    return [name for name, spec in TILINGS.items() if spec.jump_board is not None]


def landings(board: Board, sides: np.ndarray) -> np.ndarray:
    """The landing table int32[cells, 6, max_jump + 1] of a board whose line d crosses
    side `sides[cell, d]` from each cell: walk each line from each cell, one step a cell."""
    n = board.size
    land = [np.full((n, 6), -1, dtype=np.int32)]  # k = 0: no move
    here = np.tile(np.arange(n)[:, None], (1, 6))
    while (here >= 0).any():
        safe = np.where(here >= 0, here, 0)
        step = board.links[safe, sides[safe, np.arange(6)[None, :]]]
        here = np.where(here >= 0, step, -1)
        land.append(here.astype(np.int32))
    return np.ascontiguousarray(np.stack(land[:-1], axis=2))


@lru_cache(maxsize=16)
def board_of(tiling: str, side: int) -> tuple[Board, np.ndarray]:
    """The board of a tiling and side and its landing table (built once; shared, so never
    written to)."""
    spec = TILINGS.get(tiling)
    if spec is None or spec.jump_board is None:
        raise InvalidPuzzle(f"no jumping puzzles on {tiling!r} (tilings: "
                            f"{', '.join(jump_tilings())})")
    if not MIN_SIDE <= side <= MAX_SIDE:
        raise InvalidPuzzle(f"a {tiling} board's side is {MIN_SIDE}..{MAX_SIDE}, not {side}")
    module, _, name = spec.jump_board.partition(":")
    board, sides = getattr(import_module(module), name)(side)
    # writable, as the square boards' tables are: a read-only array is another type to
    # numba, and every kernel would be compiled again for it
    return board, landings(board, sides)


@dataclass(frozen=True, eq=False)
class TilePuzzle(JumpStates):
    """A jumping puzzle on a hexagon of hexagons or of triangles: `jumps[cell]` (0 exactly
    at the goal) over the board's cells in its order, start and goal cells, and the rule.

    It answers what `model.solve`, `games.jump.JumpGame` and the designer ask of a
    `JumpPuzzle` (`land`, `targets`, states, `digest`); construction validates everything.
    """

    tiling: str
    side: int
    jumps: np.ndarray
    start: int
    goal: int
    no_u_turn: bool = False
    wrap: bool = field(default=False, init=False)  #: no tiling board wraps
    board: Board = field(init=False, repr=False)
    land: np.ndarray = field(init=False, repr=False)

    def __post_init__(self) -> None:
        board, land = board_of(self.tiling, self.side)
        jumps = np.array(self.jumps, dtype=np.int32).ravel()
        if jumps.shape[0] != board.size:
            raise InvalidPuzzle(f"a {self.tiling} board of side {self.side} has {board.size} "
                                f"cells, not {jumps.shape[0]}")
        if self.no_u_turn and self.tiling != "hex":
            raise InvalidPuzzle("the no-U-turn rule is for hexagons (a jump of 1 from a "
                                "triangle does not tell which way it went)")
        object.__setattr__(self, "jumps", jumps)
        object.__setattr__(self, "no_u_turn", bool(self.no_u_turn))
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "land", land)
        self._check()

    def _check(self) -> None:
        n = self.cells
        for name, cell in (("start", self.start), ("goal", self.goal)):
            if not 0 <= cell < n:
                raise InvalidPuzzle(f"the {name} is cell {cell}: the board's cells are 0..{n - 1}")
        if self.start == self.goal:
            raise InvalidPuzzle("the start and the goal are the same cell")
        legal = legal_table(self.land)
        top = self.max_jump
        for cell, k in enumerate(self.jumps.tolist()):
            where = f"cell {self.coord(cell)}"
            if cell == self.goal:
                if k != 0:
                    raise InvalidPuzzle(f"{where}: the goal's jump must be 0, not {k}")
            elif k == 0:
                raise InvalidPuzzle(f"{where}: 0 is only allowed at the goal")
            elif not 1 <= k <= top:
                raise InvalidPuzzle(f"{where}: jump {k} is out of range 1..{top}")
            elif not legal[cell, k]:
                raise InvalidPuzzle(f"{where}: a jump of {k} cannot be made in any direction")

    @property
    def moves(self) -> str:
        """The rule's name, as a square puzzle's "rook" or "queen": the tiling."""
        return self.tiling

    @property
    def cells(self) -> int:
        """Cells on the board."""
        return self.board.size

    @property
    def max_jump(self) -> int:
        """The longest straight line on the board, less one."""
        return int(self.land.shape[2]) - 1

    @property
    def directions(self) -> np.ndarray:
        """The six directions, as indices into DIRECTION_NAMES."""
        return np.arange(6, dtype=np.int64)

    def coord(self, cell: int) -> tuple[int, int]:
        """A cell's coordinates: axial (q, r) on hexagons, (row, col) on triangles."""
        q, r = self.board.coords[int(cell)]
        return int(q), int(r)

    rc = coord  #: as `JumpPuzzle.rc` names a square, for what prints either kind

    def targets(self, cell: int, last: int | None = None) -> dict[int, int]:
        """Landing cell per direction for the jump at `cell` (under no-U-turn, not straight
        back along `last`, the direction of the previous jump)."""
        k = int(self.jumps[cell])
        out = {}
        for d in range(6) if k else ():
            t = int(self.land[cell, d, k])
            if t >= 0 and not (self.no_u_turn and last is not None and d == (last + 3) % 6):
                out[d] = t
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TilePuzzle) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def key(self) -> tuple:
        """Everything that makes the puzzle, as a hashable tuple."""
        return (self.tiling, self.side, self.jumps.tobytes(), self.start, self.goal,
                self.no_u_turn)

    def digest(self) -> str:
        """The puzzle's content as 16 hex digits, the key of saved progress (as
        `JumpPuzzle.digest`; never change this text's form)."""
        rules = self.tiling + "+no-u-turn" * self.no_u_turn
        text = (f"{self.tiling} side {self.side} {rules} start {self.start} goal {self.goal} "
                f"jumps {' '.join(map(str, self.jumps.tolist()))}")
        return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]
