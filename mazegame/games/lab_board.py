"""The lab on boards: what `games.lab`'s `TraceRun` needs of a trace, on squares or boards.

A trace over a square `Maze` replays with `engine.trace.Replay`, one over a `BoardMaze`
(hexagons, triangles) with `engine.board_trace.BoardReplay`; the counters' measures (open
doors, sides between cells, each event's effect, dead ends) come from the matching module.
Each function here picks by the maze, so `TraceRun` reads the same on every board. The
generators and solvers offered on a board are read from their registries.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.board_trace import (
    BoardReplay,
    board_dead_ends,
    board_event_effects,
    board_sides_between,
)
from mazegame.engine.generate import GENERATORS
from mazegame.engine.generate.boards import BoardGenerated, board_generators
from mazegame.engine.solve import SOLVERS
from mazegame.engine.stats import dead_end_cells
from mazegame.engine.tilings import tiling
from mazegame.engine.trace import Replay, Trace, event_effects, open_sides, sides_between_cells

SQUARE = "square"


def on_board(maze) -> bool:
    """A maze on another board than the square (a `BoardMaze`)."""
    return isinstance(maze, BoardMaze)


def maze_size(maze) -> tuple[int, int]:
    """(width, height): the square's, or a board's rows (`meta["size"]`, as generated or
    read; a board file without one: its cells in one row)."""
    if not on_board(maze):
        return maze.width, maze.height
    size = maze.meta.get("size")
    return (int(size[0]), int(size[1])) if size else (maze.size, 1)


def tiling_of(maze) -> str:
    """The board a maze lies on (`engine.tilings.TILINGS`)."""
    return maze.tiling if on_board(maze) else SQUARE


def replay_of(trace: Trace) -> Replay | BoardReplay:
    """The replay of a trace over its starting maze, square or board."""
    return BoardReplay(trace) if on_board(trace.initial) else Replay(trace)


def doors_open(maze) -> int:
    """Open sides between two cells, counted once (`trace.open_sides` on the square)."""
    return maze.door_count() if on_board(maze) else open_sides(maze)


def sides_between(maze) -> int:
    """Every side between two cells, open or shut, counted once."""
    return board_sides_between(maze) if on_board(maze) else sides_between_cells(maze)


def effects_of(trace: Trace) -> tuple[np.ndarray, np.ndarray]:
    """Each event's other cell and door change (`trace.event_effects`)."""
    return board_event_effects(trace) if on_board(trace.initial) else event_effects(trace)


def dead_ends_of(maze) -> np.ndarray:
    """bool[n]: cells with exactly one way out."""
    return board_dead_ends(maze) if on_board(maze) else dead_end_cells(maze)


def generation_trace(generated) -> Trace:
    """The trace a generation recorded: a square `Generated`'s own, or a `BoardGenerated`'s
    events over the board as it was before the generator ran."""
    if isinstance(generated, BoardGenerated):
        return Trace(generated.events, generated.blank)
    return generated.trace


def lab_generators(kind: str) -> list[str]:
    """The generators the lab offers on a board: every one on the square, those with a
    board kernel the tiling takes elsewhere (`board_generators`)."""
    return list(GENERATORS) if kind == SQUARE else board_generators(kind)


def lab_solvers(kind: str) -> list[str]:
    """The solvers the lab offers on a board: every one on the square; elsewhere those whose
    `SolverSpec.boards` holds (and that turn only where the board has left and right)."""
    if kind == SQUARE:
        return list(SOLVERS)
    turns = tiling(kind).clockwise is not None
    return [name for name, spec in SOLVERS.items()
            if spec.boards and (turns or not spec.turns)]
