"""Boards beyond the plain square grid (issue 41): hexagons, triangles, weave, floors.

A board is its cells, each named by coordinates, and for each cell a fixed list of *sides*
(slots): `links[i, d]` is the cell beyond side d of cell i (-1: none). A maze on a board
opens some sides (`engine.board_maze.BoardMaze.doors`); every side d has an opposite
(`TilingSpec.opposite[d]`), the side of the cell beyond that faces back. The coordinates
are the issue's, which the maze documents use too:

- **hex**: axial (q, r); sides E (+1, 0), NE (+1, -1), NW (0, -1), W (-1, 0), SW (-1, +1),
  SE (0, +1), round the hexagon (so side d's opposite is d + 3 mod 6).
  `hexagon(side)`: every (q, r) with |q|, |r| and |q + r| below `side`;
  `hex_rows(width, height)`: `height` rows of `width` hexagons, odd rows set half a cell
  to the right ("odd-r").
- **triangle**: (row, col), pointing up when row + col is even; sides N, E, S, W as on the
  square, E and W always (col +- 1), S only for an up triangle (across its base, row + 1)
  and N only for a down one (row - 1). The arrow keys mean what they show.
- **weave**: the square grid, (row, col, 0), plus (row, col, 1) under a crossing: a
  passage running beneath the cell. Sides N, E, S, W. Which cells cross is drawn by the
  seed, so a weave board is made with its maze (`TilingSpec.make`).
- **floors**: K square floors, (floor, row, col); sides N, E, S, W, up, down.

`TILINGS` is the registry (one entry a board kind; "square" is the plain `Maze`). Cells are
numbered in the order given, row by row, so a board's CSR (`graph`) serves every graph
kernel in `engine.graph` as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from mazegame.engine.graph import CSR
from mazegame.engine.weave import place_crossings, weave_arrays

HEX_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  #: E NE NW W SW SE (q, r)
MAX_CELLS = 4_000_000  #: the most cells a board may have (a 2000x2000 maze)


@dataclass(frozen=True)
class TilingSpec:
    """One kind of board: its sides and how a board of it is made.

    `make(width, height, floors, seed) -> (Board, doors)`: the board of that size and the
    doors open before any generator runs (all shut, except weave's crossings: a generator
    treats each group they join as one cell). `generators` names the generators that build
    on it (None: every generator with a `board_kernel`). `model` is "grid" for the square
    (the classic `Maze`), else "board" (`BoardMaze`).
    """

    name: str
    title: str
    summary: str
    directions: tuple[str, ...] = ()  #: each side's name, in slot order
    opposite: tuple[int, ...] = ()  #: the side facing back across side d
    make: Callable[[int, int, int, int], tuple[Board, np.ndarray]] | None = None
    generators: tuple[str, ...] | None = None
    model: str = "board"
    #: "module:attr" of `(side) -> (Board, sides)`: the hexagon of that side a jumping
    #: puzzle is played on, and for each cell the side a step along each of its six lines
    #: crosses (`engine.jump.tiles`); None: no jumping puzzles on this tiling
    jump_board: str | None = None
    #: the side (squares: rows and columns) of its puzzle of the day and of `jump generate`
    #: without --size; 0: no jumping puzzles here
    jump_side: int = 0
    #: "module:attr" of the widget that draws a maze on it (a name, as a mode's spec names
    #: its screen, so the engine imports no UI); None: the square's `MazeView`
    view: str | None = None
    #: "module:attr" of `(maze) -> dict`, the JSON document of a maze on it, and of
    #: `(dict) -> maze`, its reader (ValueError naming what is wrong); the readers of maze
    #: files (`engine.mazefile.read_document`) pick one by a document's "tiling". None: no
    #: documents yet. Weave and floors extend the square document: their modules name theirs.
    document: str | None = None
    read_document: str | None = None
    #: A*'s lower bound on moves (`solve.astar`): `lanes(coords) -> (int64[n, m], per_move)`,
    #: numbers of each cell such that one move changes their summed absolute differences
    #: by at most `per_move`; so ceil(that sum between two cells / per_move) never counts
    #: more moves than a walk between them takes, and changes by at most 1 a move
    lanes: Callable[[np.ndarray], tuple[np.ndarray, int]] | None = None
    #: "module:attr" of `(maze, glyphs) -> lines`, the text picture of a maze on it (S at
    #: the start, G at the goals), where the boards' drawing (`ui.board_art`) has none
    picture: str | None = None
    #: the sides in clockwise order round a cell as drawn (north up), for the wall
    #: followers' left and right (`solve.walkers.hand_tries`); None: no left and right
    clockwise: tuple[int, ...] | None = None

    @property
    def sides(self) -> int:
        """How many sides a cell has room for (the slots of `Board.links`)."""
        return len(self.directions)


TILINGS: dict[str, TilingSpec] = {}


def register(spec: TilingSpec) -> TilingSpec:
    """Add a board kind to the registry (names are unique)."""
    if spec.name in TILINGS:
        raise ValueError(f"tiling {spec.name!r} registered twice")
    TILINGS[spec.name] = spec
    return spec


def tiling(name: str) -> TilingSpec:
    """The registered board kind called `name`; ValueError naming the others."""
    spec = TILINGS.get(name)
    if spec is None:
        raise ValueError(f"no tiling {name!r} (the tilings: {', '.join(TILINGS)})")
    return spec


def touching(kind: str, cell: tuple[int, ...]) -> list[tuple[int, ...] | None]:
    """The coordinates beyond each side of `cell` on an unbounded board of that kind, in
    slot order (None: that cell has no such side). Weave is no rule of coordinates."""
    if kind == "hex":
        q, r = cell
        return [(q + dq, r + dr) for dq, dr in HEX_STEPS]
    if kind == "triangle":
        row, col = cell
        up = (row + col) % 2 == 0
        return [None if up else (row - 1, col), (row, col + 1),
                (row + 1, col) if up else None, (row, col - 1)]
    if kind == "floors":
        f, row, col = cell
        return [(f, row - 1, col), (f, row, col + 1), (f, row + 1, col), (f, row, col - 1),
                (f + 1, row, col), (f - 1, row, col)]
    raise ValueError(f"no coordinate rule for tiling {kind!r}")


@dataclass(frozen=True, eq=False)
class Board:
    """Cells of one tiling (`coords`, int32[n, dims]) and the cell beyond each side of each
    (`links`, int32[n, sides], -1 for none)."""

    tiling: str
    coords: np.ndarray
    links: np.ndarray
    index: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        spec = tiling(self.tiling)
        coords = np.ascontiguousarray(self.coords, dtype=np.int32)
        links = np.ascontiguousarray(self.links, dtype=np.int32)
        if links.ndim != 2 or links.shape != (coords.shape[0], spec.sides):
            raise ValueError(f"a {self.tiling} board links {spec.sides} sides a cell")
        if coords.shape[0] > MAX_CELLS:
            raise ValueError(f"a board has at most {MAX_CELLS:,} cells, not {coords.shape[0]:,}")
        object.__setattr__(self, "coords", coords)
        object.__setattr__(self, "links", links)

    @classmethod
    def of_cells(cls, kind: str, cells) -> Board:
        """The board of these cells, each joined to the cells `touching` names that are on
        it (small boards: a dict lookup a side)."""
        cells = [tuple(int(x) for x in c) for c in cells]
        index = {c: i for i, c in enumerate(cells)}
        if len(index) != len(cells):
            raise ValueError("a board names each cell once")
        spec = tiling(kind)
        links = np.full((len(cells), spec.sides), -1, dtype=np.int32)
        for i, cell in enumerate(cells):
            for d, other in enumerate(touching(kind, cell)):
                if other is not None and other in index:
                    links[i, d] = index[other]
        dims = len(cells[0]) if cells else 2
        return cls(kind, np.asarray(cells, dtype=np.int32).reshape(len(cells), dims), links)

    @property
    def size(self) -> int:
        """Number of cells."""
        return int(self.coords.shape[0])

    @property
    def spec(self) -> TilingSpec:
        """The registry entry of this board's tiling."""
        return TILINGS[self.tiling]

    @property
    def cells(self) -> tuple[tuple[int, ...], ...]:
        """Every cell's coordinates, as tuples (for documents and tests; large boards use
        `coords`)."""
        return tuple(tuple(int(x) for x in c) for c in self.coords)

    @cached_property
    def lookup(self) -> dict[tuple[int, ...], int]:
        """Coordinates -> cell number."""
        return {c: i for i, c in enumerate(self.cells)}

    def neighbours(self, i: int) -> list[int]:
        """The cells beyond cell i's sides, in slot order (sides with no cell left out)."""
        return [int(j) for j in self.links[i] if j >= 0]

    def graph(self) -> CSR:
        """Every side two cells share, both ways: the graph a maze's passages come from."""
        present = self.links >= 0
        indptr = np.zeros(self.size + 1, dtype=np.int64)
        np.cumsum(present.sum(axis=1), out=indptr[1:])
        return CSR(indptr, self.links[present].astype(np.int32))


# -- the boards of each kind ---------------------------------------------------------------
def _rows_links(kind: str, width: int, height: int) -> np.ndarray:
    """links of `height` rows of `width` cells numbered row by row, for hex ("odd-r") and
    triangle boards, in array arithmetic (a million cells in well under a second)."""
    row, col = np.divmod(np.arange(width * height, dtype=np.int32), width)
    spec = tiling(kind)
    links = np.empty((width * height, spec.sides), dtype=np.int32)  # every side is put

    def put(d, rr, cc, where=True):
        ok = where & (rr >= 0) & (rr < height) & (cc >= 0) & (cc < width)
        links[:, d] = np.where(ok, rr * width + cc, -1)

    if kind == "hex":
        odd = row % 2
        put(0, row, col + 1)
        put(1, row - 1, col + odd)
        put(2, row - 1, col + odd - 1)
        put(3, row, col - 1)
        put(4, row + 1, col + odd - 1)
        put(5, row + 1, col + odd)
    else:
        up = (row + col) % 2 == 0
        put(0, row - 1, col, ~up)
        put(1, row, col + 1)
        put(2, row + 1, col, up)
        put(3, row, col - 1)
    return links


def _check(width: int, height: int, floors: int = 1) -> None:
    if width < 1 or height < 1 or floors < 1:
        raise ValueError(f"a board is at least 1x1, not {width}x{height}")
    if width * height * floors > MAX_CELLS:
        raise ValueError(f"a board has at most {MAX_CELLS:,} cells, not "
                         f"{width * height * floors:,}")


def hexagon(side: int) -> Board:
    """The hexagon of `side` cells a side (3 side (side - 1) + 1 cells), row by row."""
    if not 1 <= side <= 100:
        raise ValueError(f"a hexagon's side is 1..100, not {side}")
    n = side - 1
    return Board.of_cells("hex", [(q, r) for r in range(-n, n + 1)
                                  for q in range(max(-n, -r - n), min(n, -r + n) + 1)])


def hex_rows(width: int, height: int) -> Board:
    """`height` rows of `width` hexagons, the odd rows set half a cell to the right (an
    "odd-r" rectangle), in axial coordinates (q = col - row // 2, r = row)."""
    _check(width, height)
    row, col = np.divmod(np.arange(width * height, dtype=np.int32), width)
    return Board("hex", np.stack([col - row // 2, row], axis=1), _rows_links("hex", width, height))


def triangles(width: int, height: int) -> Board:
    """`height` rows of `width` triangles, (0, 0) pointing up."""
    _check(width, height)
    row, col = np.divmod(np.arange(width * height, dtype=np.int32), width)
    return Board("triangle", np.stack([row, col], axis=1), _rows_links("triangle", width, height))


def floors_board(width: int, height: int, floors: int) -> Board:
    """`floors` floors of `height` rows of `width` squares, stairs possible between a cell
    and the one straight above it."""
    _check(width, height, floors)
    layer = width * height
    f, rest = np.divmod(np.arange(layer * floors, dtype=np.int64), layer)
    row, col = np.divmod(rest, width)
    links = np.full((layer * floors, 6), -1, dtype=np.int64)
    here = np.arange(layer * floors, dtype=np.int64)
    links[:, 0] = np.where(row > 0, here - width, -1)
    links[:, 1] = np.where(col < width - 1, here + 1, -1)
    links[:, 2] = np.where(row < height - 1, here + width, -1)
    links[:, 3] = np.where(col > 0, here - 1, -1)
    links[:, 4] = np.where(f < floors - 1, here + layer, -1)
    links[:, 5] = np.where(f > 0, here - layer, -1)
    return Board("floors", np.stack([f, row, col], axis=1), links.astype(np.int32))


#: One stairwell (a place a stair may join two floors) for every STAIRWELL_CELLS cells of a
#: floor. With every cell a stairwell the floors are sieves (a backtracker puts a stair in 4
#: cells of 10, and the way out changes floor 48 times on 20x10x3); one in 8 leaves 12
#: stairs between two such floors and a way out that changes floor 6 times, going down
#: twice (medians over 100 seeds; the table: docs/architecture.md, "Several floors").
STAIRWELL_CELLS = 8


def stairwell_floors(width: int, height: int, floors: int, seed: int) -> Board:
    """`floors_board` with stairs possible only at a few places between each two floors:
    `layer // STAIRWELL_CELLS` cells (at least one) drawn by the seed for each pair, so any
    generator on it builds mostly flat floors joined by a few stairs."""
    board = floors_board(width, height, floors)
    layer = width * height
    links = board.links.copy()
    rng = np.random.default_rng([int(seed) & 0x7FFFFFFF, 41])
    sites = max(1, layer // STAIRWELL_CELLS)
    for f in range(floors - 1):
        shut = np.ones(layer, dtype=bool)
        shut[rng.choice(layer, size=sites, replace=False)] = False
        links[f * layer:(f + 1) * layer, 4][shut] = -1  # no stair up from here
        links[(f + 1) * layer:(f + 2) * layer, 5][shut] = -1  # nor down to it
    return Board("floors", board.coords, links)


def _shut(board: Board) -> tuple[Board, np.ndarray]:
    return board, np.zeros(board.size, dtype=np.uint8)


def weave_board(width: int, height: int, crossings) -> tuple[Board, np.ndarray]:
    """The weave board of width x height squares with these crossings ((row, col, "ns"|"ew"
    on top): `engine.weave`), and the doors its crossings open."""
    _check(width, height)
    coords, links, doors = weave_arrays(width, height, crossings)
    return Board("weave", coords, links), doors


def weave_make(width: int, height: int, floors: int, seed: int) -> tuple[Board, np.ndarray]:
    """The weave tiling's `make`: the board with the seed's crossings (`floors` unused)."""
    _check(width, height)
    return weave_board(width, height, place_crossings(width, height, seed))


# -- A*'s lanes (see `TilingSpec.lanes`) -------------------------------------------------
def hex_lanes(coords: np.ndarray) -> tuple[np.ndarray, int]:
    """Cube coordinates (q, r, -q - r): each of the six steps (HEX_STEPS) changes exactly two
    of them by one, so a move changes their summed differences by 2 (half of it is the
    hex distance on an unbounded board)."""
    q, r = coords[:, 0].astype(np.int64), coords[:, 1].astype(np.int64)
    return np.stack([q, r, -q - r], axis=1), 2


def triangle_lanes(coords: np.ndarray) -> tuple[np.ndarray, int]:
    """The three strips a triangle lies in: its row, and (col - row + 1) // 2 and
    (col + row) // 2, which count the two slanting lines crossed going east. A move crosses
    exactly one line, so it changes exactly one of them by one: east/west from an up
    triangle (row + col even) the first or the second, from a down one the other, and
    south from an up triangle (north from a down one) only the row, both others staying
    ((col - row + 1) // 2 and (col + row) // 2 agree at (row, col) and (row + 1, col) when
    row + col is even)."""
    row, col = coords[:, 0].astype(np.int64), coords[:, 1].astype(np.int64)
    return np.stack([row, (col - row + 1) // 2, (col + row) // 2], axis=1), 1


def grid_lanes(coords: np.ndarray) -> tuple[np.ndarray, int]:
    """The coordinates as they are (floors: (floor, row, col)): one move changes one of
    them by one (a stair only the floor)."""
    return coords.astype(np.int64), 1


def plan_lanes(coords: np.ndarray) -> tuple[np.ndarray, int]:
    """Weave's (row, col), the level left out: every move joins two squares side by side
    (a passage under a crossing runs through the cell's (row, col, 1)), one row or one
    column apart."""
    return coords[:, :2].astype(np.int64), 1


register(TilingSpec(
    "square", "Squares", "the classic grid: four sides a cell (the Maze model)",
    directions=("north", "east", "south", "west"), opposite=(2, 3, 0, 1), model="grid",
    jump_side=5,  # Neller's 5x5, "challenging for the average user"
    document="mazegame.engine.mazefile:to_document",
    read_document="mazegame.engine.mazefile:from_document"))
register(TilingSpec(
    "hex", "Hexagons", "six sides a cell; odd rows set half a cell to the right",
    directions=("east", "north-east", "north-west", "west", "south-west", "south-east"),
    opposite=(3, 4, 5, 0, 1, 2), lanes=hex_lanes, clockwise=(0, 5, 4, 3, 2, 1),
    jump_board="mazegame.engine.jump.tiles:hex_lines", jump_side=4,  # 37 hexagons
    view="mazegame.ui.widgets.board_view:BoardView",
    document="mazegame.engine.boardfile:to_document",
    read_document="mazegame.engine.boardfile:from_document",
    make=lambda width, height, floors, seed: _shut(hex_rows(width, height))))
register(TilingSpec(
    "triangle", "Triangles", "three sides a cell, pointing up and down in turn",
    directions=("north", "east", "south", "west"), opposite=(2, 3, 0, 1),
    lanes=triangle_lanes, clockwise=(0, 1, 2, 3),
    jump_board="mazegame.engine.jump.tiles:triangle_lines", jump_side=2,  # 24 triangles
    view="mazegame.ui.widgets.board_view:BoardView",
    document="mazegame.engine.boardfile:to_document",
    read_document="mazegame.engine.boardfile:from_document",
    make=lambda width, height, floors, seed: _shut(triangles(width, height))))
register(TilingSpec(
    "weave", "Weave", "squares whose passages cross over and under one another",
    directions=("north", "east", "south", "west"), opposite=(2, 3, 0, 1),
    lanes=plan_lanes, clockwise=(0, 1, 2, 3), make=weave_make,
    view="mazegame.ui.widgets.weave_view:WeaveView",
    picture="mazegame.ui.weave_art:picture",
    document="mazegame.engine.weavefile:to_document",
    read_document="mazegame.engine.weavefile:from_document"))
register(TilingSpec(
    "floors", "Floors", "square floors joined by stairs up and down",
    directions=("north", "east", "south", "west", "up", "down"), opposite=(2, 3, 0, 1, 5, 4),
    view="mazegame.ui.widgets.floors_view:FloorsView",
    document="mazegame.engine.floors:to_document",
    read_document="mazegame.engine.floors:from_document",
    picture="mazegame.engine.floors:picture", lanes=grid_lanes,
    make=lambda width, height, floors, seed: _shut(stairwell_floors(width, height, floors,
                                                                      seed))))
