"""Mazes on boards (`engine.tilings`): `generate_board`, the `generate` of hexagons,
triangles, weave and floors.

A generator builds on boards when its registry entry has a `board_kernel` (see
`board_kernels`); a tiling may narrow that to some (`TilingSpec.generators`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.generate import GENERATORS, braid_seed
from mazegame.engine.generate.board_kernels import door_groups
from mazegame.engine.generate.braid import board_braid_kernel
from mazegame.engine.tilings import TILINGS, tiling
from mazegame.engine.trace import recorded


@dataclass
class BoardGenerated:
    """A generated board maze and, when recorded, the trace that built it from `blank`
    (the doors open before the generator ran)."""

    maze: BoardMaze
    events: np.ndarray | None
    blank: BoardMaze


def board_generators(kind: str) -> list[str]:
    """The generators that build mazes on this tiling, in registry order."""
    spec = tiling(kind)
    names = [name for name, gen in GENERATORS.items() if gen.board_kernel is not None]
    return names if spec.generators is None else [n for n in names if n in spec.generators]


def board_tilings() -> list[str]:
    """The tilings whose mazes are `BoardMaze`s (all but the square), in registry order."""
    return [name for name, spec in TILINGS.items() if spec.model == "board"]


def generate_board(name: str, kind: str, width: int, height: int, seed: int = 0, *,
                   floors: int = 3, record: bool = False, braid: float = 0.0,
                   options: Mapping[str, object] | None = None) -> BoardGenerated:
    """A maze on a `kind` board of width x height cells (and `floors` floors for "floors")
    built by the named generator; same arguments, same maze, on every machine. The start
    is the first cell and the goal the last, as on the square. `options` are the
    generator's own (`GeneratorSpec.options`, as `generate` takes them). `braid` (0..1)
    then opens that fraction of dead ends, as `generate` does on the square (a second
    random stream, so the maze under it is the same; traced after a `(STEP, -1, 0)`).
    Doors the board opens before the generator (weave's crossings) stay open: the
    generator joins the groups of cells they make as single cells."""
    spec = tiling(kind)
    if spec.model != "board" or spec.make is None:
        raise ValueError(f"no board maze on tiling {kind!r} (these: {', '.join(board_tilings())})")
    gen = GENERATORS.get(name)
    if gen is None or name not in board_generators(kind):
        raise ValueError(f"generator {name!r} does not build {kind} mazes (these do: "
                         f"{', '.join(board_generators(kind))})")
    if not 0.0 <= braid <= 1.0:
        raise ValueError(f"braid is a fraction of dead ends between 0 and 1, not {braid}")
    extras = gen.prepare(int(height), int(width), gen.resolve(options))
    board, doors0 = spec.make(int(width), int(height), int(floors), int(seed))
    opposite = np.asarray(spec.opposite, dtype=np.int64)
    pieces = door_groups(board.links, np.full(board.size, 0xFF, dtype=np.uint8))[1]
    if pieces > 1:  # no tree spans it: the walks would wander for ever
        raise ValueError(f"a {kind} board {width} wide and {height} high falls apart into "
                         f"{pieces} pieces: no maze joins them")

    def build(buf):
        doors = doors0.copy()
        return doors, gen.board_kernel(board.links, opposite, doors, int(seed) & 0x7FFFFFFF,
                                       record, buf, *extras)

    doors, events = recorded(build, record, gen.events_per_cell * board.size,
                             lambda result: result[1])
    if braid > 0:
        def braid_it(buf):
            braided = doors.copy()
            return braided, board_braid_kernel(board.links, opposite, braided, float(braid),
                                               braid_seed(seed), record, buf)

        doors, more = recorded(braid_it, record, board.size, lambda result: result[1])
        events = np.concatenate([events, more]) if record else events
    maze = BoardMaze(board, doors, algorithm=name, seed=int(seed))
    if braid > 0:
        maze.meta["braid"] = float(braid)
    if kind == "floors":
        maze.meta["floors"] = int(floors)
    return BoardGenerated(maze, events if record else None, BoardMaze(board, doors0.copy()))
