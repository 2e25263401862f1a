"""Pieces every solver family shares: growing arrays in kernels, arriving at a cell (with its
trace events), the goal mask, and turning a kernel's result into a `Solution`."""

from __future__ import annotations

import numpy as np

from mazegame.engine.grid import Maze, to_bitmap
from mazegame.engine.jit import kernel
from mazegame.engine.solve.registry import (
    FOUND,
    KINGS_CHAMBER,
    LOOP,
    NOTE_TEXT,
    Solution,
)
from mazegame.engine.trace import AT, LABEL, MARK, NOTE, VISITED, Trace, emit


@kernel
def push(arr, k, value):
    """Append to a growing int32 array (doubling, like `emit`); returns the array and count."""
    if k >= arr.shape[0]:
        grown = np.empty(max(16, 2 * arr.shape[0]), dtype=arr.dtype)
        grown[:k] = arr[:k]
        arr = grown
    arr[k] = value
    return arr, k + 1


@kernel
def arrive(cell, visits, path, npath, label, record, buf, k):
    """The walker stands on `cell`: extend the walk, count the visit, and trace it
    (AT agent 0, VISITED on the first visit, and with `label` the visit count as LABEL)."""
    path, npath = push(path, npath, cell)
    visits[cell] += 1
    if record:
        k = emit(buf, k, AT, cell, 0)
        if visits[cell] == 1:
            k = emit(buf, k, MARK, cell, VISITED)
        if label:
            k = emit(buf, k, LABEL, cell, visits[cell])
    return path, npath, k


@kernel
def note(code, cell, record, buf, k):
    """Log a NOTE event (when recording) and pass the code on as the kernel's status."""
    if record:
        k = emit(buf, k, NOTE, cell, code)
    return k


@kernel
def _loop_erase(path, n):
    last = np.full(n, -1, dtype=np.int64)
    for i in range(path.shape[0]):
        last[path[i]] = i
    out = np.empty(path.shape[0], dtype=np.int32)
    m = 0
    i = 0
    while i < path.shape[0]:  # jump from each cell to its last visit: what is left has no loop
        out[m] = path[i]
        m += 1
        i = last[path[i]] + 1
    return out[:m]


def loop_erased(path) -> list[int]:
    """The walk with its loops cut out (a simple path with the same ends)."""
    if len(path) == 0:
        return []
    arr = np.asarray(path, dtype=np.int32)
    return _loop_erase(arr, int(arr.max()) + 1).tolist()


def goal_mask(maze: Maze) -> np.ndarray:
    """bool[n]: which cells are goals (kernels test membership in O(1))."""
    mask = np.zeros(maze.size, dtype=np.bool_)
    mask[list(maze.goals)] = True
    return mask


def first_open(maze: Maze, cell: int) -> int:
    """The first side (N, E, S, W order) a walker standing on `cell` can pass; N if none."""
    return next((d for d in range(4) if maze.step(cell, d) != cell), 0)


def is_kings_chamber(maze: Maze, cell: int) -> bool:
    """Suits fig. 16: none of the cell's four corners has a wall attached to it."""
    bmp = to_bitmap(maze)
    r, c = maze.rc(cell)
    for cr in (2 * r, 2 * r + 2):  # corner points sit at even bitmap coordinates
        for cc in (2 * c, 2 * c + 2):
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                rr, ccc = cr + dr, cc + dc
                if 0 <= rr < bmp.shape[0] and 0 <= ccc < bmp.shape[1] and bmp[rr, ccc]:
                    return False
    return True


def finish(
    name: str,
    maze: Maze,
    status: int,
    path: np.ndarray,
    events: np.ndarray,
    record: bool,
    extra: dict | None = None,
    visited: int | None = None,
) -> Solution:
    """The `Solution` of a kernel that stopped with NOTE code `status`.

    A loop in front of a goal no wall leads to is reported as the king's chamber it is.
    """
    found = status == FOUND
    if status == LOOP and all(is_kings_chamber(maze, g) for g in maze.goals):
        status = KINGS_CHAMBER
        if record:
            row = np.array([[NOTE, int(path[-1]), KINGS_CHAMBER]], dtype=np.int32)
            events = np.concatenate([events, row])
    cells = np.asarray(path, dtype=np.int64)
    return Solution(
        name,
        found=found,
        path=cells.tolist(),
        visited=int(np.count_nonzero(np.bincount(cells))) if visited is None else visited,
        trace=Trace(np.ascontiguousarray(events), maze) if record else None,
        reason="" if found else NOTE_TEXT[status],
        extra={"status": status, **(extra or {})},
    )
