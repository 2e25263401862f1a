"""Maze generators: one module per family, all in one registry, run through `generate`.

FAMILIES order is registry order (menus and `mazegame generate --list` show it): the source
texts' generators first, then the classic catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib import import_module

import numpy as np

from mazegame.engine.generate.braid import braid_kernel
from mazegame.engine.generate.registry import GENERATORS, GeneratorSpec, Option, register
from mazegame.engine.grid import MAX_SIDE, Maze
from mazegame.engine.trace import Trace, recorded

#: Family modules in registry order; importing one registers its generators.
FAMILIES = (
    "suits",  # spanning-tree, anderson, connection-matrix
    "hamiltonian",  # unicursal, cavern
    "trees",  # backtracker, kruskal, wilson
    "classic",  # aldous-broder, prim, hunt-and-kill, growing-tree
    "sweeps",  # eller, binary-tree, sidewinder, recursive-division
)
for _family in FAMILIES:
    import_module(f"{__name__}.{_family}")

__all__ = [
    "GENERATORS", "GeneratorSpec", "Generated", "Option", "generate", "register", "check_size",
    "braid_seed",
]


@dataclass
class Generated:
    """A generated maze and, when recorded, the trace that built it."""

    maze: Maze
    trace: Trace | None


def check_size(width: int, height: int) -> None:
    """Refuse sizes the engine cannot build, with a message a player can act on."""
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise ValueError(
            f"maze size {width}x{height} is out of range: each side must be 1..{MAX_SIDE}"
        )


def braid_seed(seed: int) -> int:
    """A second stream for braiding, so braiding never changes the underlying maze."""
    return (int(seed) * 2654435761 + 0x9E3779B9) & 0x7FFFFFFF


def generate(
    name: str,
    width: int,
    height: int,
    seed: int = 0,
    *,
    wrap_x: bool = False,
    wrap_y: bool = False,
    record: bool = False,
    braid: float = 0.0,
    options: Mapping[str, object] | None = None,
) -> Generated:
    """Build a maze with the named generator; same arguments, same maze, on every machine.

    `braid` (0..1) then removes that fraction of dead ends (traced as CARVE events after
    the generator's own); `options` are the generator's own (see `GeneratorSpec.options`).
    """
    spec = GENERATORS.get(name)
    if spec is None:
        raise ValueError(f"unknown generator {name!r}; known: {', '.join(GENERATORS)}")
    check_size(width, height)
    if (wrap_x or wrap_y) and not spec.wraps:
        can = ", ".join(n for n, s in GENERATORS.items() if s.wraps)
        raise ValueError(f"generator {name!r} cannot build wrap-around mazes (these can: {can})")
    if (wrap_x and width < 3) or (wrap_y and height < 3):
        raise ValueError("a wrapped axis needs at least 3 cells")
    if not 0.0 <= braid <= 1.0:
        raise ValueError(f"braid is a fraction of dead ends between 0 and 1, not {braid}")
    if braid > 0 and spec.rock:
        raise ValueError(f"{name} mazes cannot be braided: their walls face rock, not passages")
    extras = spec.prepare(height, width, spec.resolve(options))  # may refuse the size
    blank = (Maze.closed if spec.carves else Maze.open)(width, height, wrap_x=wrap_x, wrap_y=wrap_y)

    def build(buf):
        walls = blank.walls.copy()  # a rerun (trace overflow) starts from the blank again
        return walls, spec.kernel(walls, wrap_x, wrap_y, int(seed) & 0x7FFFFFFF, record, buf,
                                  *extras)

    walls, events = recorded(build, record, spec.events_per_cell * width * height,
                             lambda result: result[1])
    # A new Maze around the kernel's walls (blank.copy would copy them twice more).
    maze = Maze(walls, wrap_x, wrap_y, algorithm=name, seed=int(seed), **spec.finish(extras))
    if braid > 0:
        def braid_it(buf):
            walls = maze.walls.copy()
            return walls, braid_kernel(walls, wrap_x, wrap_y, maze.rock, float(braid),
                                       braid_seed(seed), record, buf)

        maze.walls, more = recorded(braid_it, record, width * height, lambda result: result[1])
        events = np.concatenate([events, more]) if record else events
        maze.meta["braid"] = float(braid)
    return Generated(maze, Trace(events, blank) if record else None)
