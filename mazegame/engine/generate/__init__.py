"""Maze generators: one module per family, all in one registry, run through `generate`."""

from __future__ import annotations

from dataclasses import dataclass

from mazegame.engine.generate import trees  # noqa: F401  (registers its generators)
from mazegame.engine.generate.registry import GENERATORS, GeneratorSpec, register
from mazegame.engine.grid import MAX_SIDE, Maze
from mazegame.engine.trace import Trace, new_buffer

__all__ = ["GENERATORS", "GeneratorSpec", "Generated", "generate", "register", "check_size"]


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


def generate(
    name: str,
    width: int,
    height: int,
    seed: int = 0,
    *,
    wrap_x: bool = False,
    wrap_y: bool = False,
    record: bool = False,
) -> Generated:
    """Build a maze with the named generator; same arguments, same maze, on every machine."""
    spec = GENERATORS.get(name)
    if spec is None:
        raise ValueError(f"unknown generator {name!r}; known: {', '.join(GENERATORS)}")
    check_size(width, height)
    if (wrap_x or wrap_y) and not spec.wraps:
        raise ValueError(f"generator {name!r} cannot build wrap-around mazes")
    if (wrap_x and width < 3) or (wrap_y and height < 3):
        raise ValueError("a wrapped axis needs at least 3 cells")
    blank = (Maze.closed if spec.carves else Maze.open)(width, height, wrap_x=wrap_x, wrap_y=wrap_y)
    walls = blank.walls.copy()
    buf = new_buffer(record, 4 * width * height)
    events = spec.kernel(walls, wrap_x, wrap_y, int(seed) & 0x7FFFFFFF, record, buf)
    maze = blank.copy(walls=walls, algorithm=name, seed=int(seed))
    return Generated(maze, Trace(events, blank) if record else None)
