"""Pieces every solver family shares: the table of moves (a square maze's or a board's), a
walker's bounded memory, arriving at a cell (with its trace events), polling the cancel
flag, capped traces, the goal mask, and turning a kernel's result into a `Solution`.

A walker kernel moves through a moves table, int32[n, sides] (`moves_of`): the cell a move
through each side lands on, the cell itself when it is blocked. The square's has four
sides (N E S W, `moves_table`), a board's one a slot of its tiling (`board_moves`), so the
same kernel walks both; where it writes on doors it is also given the side facing back
across each side (`opposite_of`) and the shift of a DOOR event's value (`door_shift`).
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.grid import Maze, step_kernel, to_bitmap
from mazegame.engine.gridbfs import move_sides
from mazegame.engine.jit import kernel
from mazegame.engine.solve.registry import (
    CONTROL_CANCEL,
    CONTROL_STEPS,
    FOUND,
    KINGS_CHAMBER,
    LOOP,
    NOTE_TEXT,
    POLL,
    STOP_CODES,
    TRACE_CUT,
    WALK_KEEP,
    Solution,
)
from mazegame.engine.trace import (
    AT,
    BOARD_DOOR_SHIFT,
    DOOR,
    DOOR_SHIFT,
    LABEL,
    MARK,
    NOTE,
    STEP,
    VISITED,
    Trace,
    emit,
)


@kernel
def moves_table(walls, wrap_x, wrap_y, solid):
    """int32[n, 4]: where each move lands (`step_kernel`, so the cell itself when blocked).

    Walkers look moves up here instead of recomputing them: a step then costs a load, not
    the divisions of a row-major index. Built from `gridbfs.move_sides`' bytes (no division
    either); only a rock cell, which those give no moves, asks `step_kernel`."""
    h, w = walls.shape
    n = h * w
    sides = move_sides(walls, wrap_x, wrap_y, solid)
    step = (-w, 1, w, -1)
    wrap = (n - w, 1 - w, w - n, w - 1)
    stone = solid.reshape(solid.size)
    table = np.empty((n, 4), dtype=np.int32)
    for v in range(n):
        bits = sides[v]
        for d in range(4):
            if bits >> d & 1:
                table[v, d] = v + (wrap[d] if bits >> (d + 4) & 1 else step[d])
            else:
                table[v, d] = v
        if solid.shape[0] > 0 and stone[v]:  # rock: moves out of it as step_kernel has them
            for d in range(4):
                table[v, d] = step_kernel(walls, wrap_x, wrap_y, solid, v, d)
    return table


@kernel
def board_moves(links, doors):
    """int32[n, sides]: where each move on a board lands (`board_maze.board_step`, so the
    cell itself through a shut side or one with no cell beyond)."""
    n, sides = links.shape
    table = np.empty((n, sides), dtype=np.int32)
    for v in range(n):
        for d in range(sides):
            nxt = links[v, d]
            table[v, d] = nxt if (doors[v] >> d) & 1 and nxt >= 0 else v
    return table


def moves_of(maze) -> np.ndarray:
    """The maze's moves table: `moves_table` on the square, `board_moves` on a board."""
    if isinstance(maze, Maze):
        return moves_table(maze.walls, maze.wrap_x, maze.wrap_y, maze.rock)
    return board_moves(maze.board.links, maze.doors)


def opposite_of(maze) -> np.ndarray:
    """int64[sides]: the side facing back across each side (N<->S, E<->W on the square)."""
    if isinstance(maze, Maze):
        return np.array([2, 3, 0, 1], dtype=np.int64)
    return maze.opposite


def door_shift(maze) -> int:
    """How far a DOOR event's value is shifted past its side (`trace.DOOR`)."""
    return DOOR_SHIFT if isinstance(maze, Maze) else BOARD_DOOR_SHIFT


@kernel
def new_walk(n, budget):
    """A walker's memory, packed in one int32 array `mem` (one array passed, not four:
    each array passed costs reference counting at every step):
    mem[:n] the visit counts, mem[n:2n] the loop-erased route (a stack of cells),
    mem[2n:3n] each cell's place on it (-1: off the route), mem[3n:] the first cells of the
    walk (at most WALK_KEEP). `cnt` holds (cells walked, route length, n)."""
    mem = np.zeros(3 * n + min(budget + 1, WALK_KEEP), dtype=np.int32)
    mem[2 * n:3 * n] = -1
    cnt = np.zeros(3, dtype=np.int64)
    cnt[2] = n
    return mem, cnt


@kernel
def walk_parts(mem, cnt):
    """(walk kept, route, visit counts) of a walker's memory (views into `mem`)."""
    n = cnt[2]
    walk = mem[3 * n:3 * n + min(cnt[0], mem.shape[0] - 3 * n)]
    return walk, mem[n:n + cnt[1]], mem[:n]


#: For the small helpers walkers call every step: inlined into the kernel.
inlined = kernel(inline="always")


@inlined
def arrive(cell, mem, cnt, label, record, buf, k, before, after):
    """The walker stands on `cell`: count the visit, keep the walk while it fits, erase the
    loop it just closed from the route, and trace it (AT agent 0, VISITED on the first
    visit, and with `label` the visit count as LABEL), between the STEP events of the
    numbered steps that begin just `before` and just `after` it (0: none). Returns k.

    Memory stays O(cells) however long the walk: each cell is pushed on the route once
    per pop, so the erasing costs O(1) a step on average.
    """
    n = cnt[2]
    nwalk = cnt[0]
    if 3 * n + nwalk < mem.shape[0]:
        mem[3 * n + nwalk] = cell
    cnt[0] = nwalk + 1
    at = mem[2 * n + cell]
    if at >= 0:  # back on the route: the loop walked since then is erased
        for i in range(at + 1, cnt[1]):
            mem[2 * n + mem[n + i]] = -1
        cnt[1] = at + 1
    else:
        mem[2 * n + cell] = cnt[1]
        mem[n + cnt[1]] = cell
        cnt[1] += 1
    mem[cell] += 1
    if record:
        if before:
            k = emit(buf, k, STEP, -1, before)
        k = emit(buf, k, AT, cell, 0)
        if mem[cell] == 1:
            k = emit(buf, k, MARK, cell, VISITED)
        if label:
            k = emit(buf, k, LABEL, cell, mem[cell])
        if after:
            k = emit(buf, k, STEP, -1, after)
    return k


@inlined
def poll(control, steps):
    """Every POLL steps: publish the progress; True when the caller asked to cancel."""
    if steps & (POLL - 1) == 0:
        control[CONTROL_STEPS] = steps
        return control[CONTROL_CANCEL] != 0
    return False


@kernel
def note(code, cell, record, buf, k):
    """Log a NOTE event (when recording) and pass the code on as the kernel's status."""
    if record:
        k = emit(buf, k, NOTE, cell, code)
    return k


#: Most events a solver's trace keeps; a longer one is cut and jumps to the final state.
TRACE_LIMIT = 1 << 22


def run_recorded(run, record: bool, expected: int, events_of):
    """`run(buf)` with an event buffer big enough for the trace, up to TRACE_LIMIT events.

    Like `trace.recorded`, but a trace that fills TRACE_LIMIT is returned cut short (see
    `trace_cut` and `close_cut_trace`) instead of growing without bound.
    """
    capacity = min(max(16, int(expected)), TRACE_LIMIT) if record else 1
    while True:
        result = run(np.empty((capacity, 3), dtype=np.int32))
        if not record or len(events_of(result)) < capacity or capacity >= TRACE_LIMIT:
            return result
        capacity = min(4 * capacity, TRACE_LIMIT)


def trace_cut(events: np.ndarray) -> bool:
    """Whether `run_recorded` had to cut this trace."""
    return len(events) >= TRACE_LIMIT


@kernel
def _final_state(events, n, sides, shift):
    """The marks, labels (int32[n]) and door marks (int32[n, sides]) a solver's trace leaves
    on an empty slate: the last MARK, LABEL and DOOR event of each cell (and side) wins."""
    marks = np.zeros(n, dtype=np.int32)
    labels = np.zeros(n, dtype=np.int32)
    doors = np.zeros((n, sides), dtype=np.int32)
    for i in range(events.shape[0]):
        op, cell, arg = events[i, 0], events[i, 1], events[i, 2]
        if op == MARK:
            marks[cell] = arg
        elif op == LABEL:
            labels[cell] = arg
        elif op == DOOR:
            doors[cell, arg & ((1 << shift) - 1)] = arg >> shift
    return marks, labels, doors


def close_cut_trace(events, maze, status: int, agent: int, marks=None, labels=None,
                    doors=None) -> np.ndarray:
    """A cut trace plus the events that take its replay to the kernel's final state.

    Appends to the kept events a TRACE_CUT note, the MARK, LABEL and DOOR events where
    their state differs from the final `marks`, `labels` (int[n]) and `doors` (int[n,
    sides]) given, the agent's last cell, and the kernel's final NOTE.
    """
    shift = door_shift(maze)
    sides = 4 if doors is None else doors.shape[1]
    now_marks, now_labels, now_doors = _final_state(events, maze.size, sides, shift)
    rows = [np.array([[NOTE, agent, TRACE_CUT]], dtype=np.int64)]
    for op, now, final in ((MARK, now_marks, marks), (LABEL, now_labels, labels)):
        if final is not None:
            cells = np.flatnonzero(now != final)
            rows.append(np.column_stack([np.full(cells.size, op), cells, final[cells]]))
    if doors is not None:
        cells, sides = np.nonzero(now_doors != doors)
        rows.append(np.column_stack([np.full(cells.size, DOOR), cells,
                                     sides | (doors[cells, sides].astype(np.int64) << shift)]))
    rows.append(np.array([[AT, agent, 0], [NOTE, agent, status]], dtype=np.int64))
    return np.concatenate([events, np.concatenate(rows).astype(np.int32)])


def then_step(events: np.ndarray, step: int) -> np.ndarray:
    """A recorded trace with the STEP event of one more step at its end: a step a solver
    runs after its kernel (reading the path off the labels), which records nothing else."""
    return np.concatenate([events, np.array([[STEP, -1, step]], dtype=np.int32)])


def goal_mask(maze: Maze) -> np.ndarray:
    """bool[n]: which cells are goals (kernels test membership in O(1))."""
    mask = np.zeros(maze.size, dtype=np.bool_)
    mask[list(maze.goals)] = True
    return mask


def first_open(maze: Maze, cell: int) -> int:
    """The first side (in slot order: N, E, S, W on the square) a walker standing on
    `cell` can pass; side 0 if none."""
    return next((d for d in range(int(maze.sides) if not isinstance(maze, Maze) else 4)
                 if maze.step(cell, d) != cell), 0)


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
    path,
    events: np.ndarray,
    record: bool,
    extra: dict | None = None,
    visited: int | None = None,
    steps: int | None = None,
    walk=None,
) -> Solution:
    """The `Solution` of a kernel that stopped with NOTE code `status`.

    `path` is the simple path found (a walker's route); `walk` a walker's kept walk and
    `steps` its length in moves (default, for searches: the cells they reached). A loop in
    front of a goal no wall leads to is reported as the king's chamber it is.
    """
    found = status == FOUND
    cells = np.asarray(path, dtype=np.int64)
    if status == LOOP and isinstance(maze, Maze) and all(
            is_kings_chamber(maze, g) for g in maze.goals):
        status = KINGS_CHAMBER
        if record:
            row = np.array([[NOTE, int(cells[-1]), KINGS_CHAMBER]], dtype=np.int32)
            events = np.concatenate([events, row])
    if visited is None:
        seen = cells if walk is None else np.asarray(walk, dtype=np.int64)
        visited = int(np.count_nonzero(np.bincount(seen)))
    steps = visited if steps is None else int(steps)
    kept = None if walk is None else np.asarray(walk).tolist()
    return Solution(
        name,
        found=found,
        path=cells.tolist(),
        visited=visited,
        trace=Trace(np.ascontiguousarray(events), maze) if record else None,
        reason="" if found else NOTE_TEXT[status],
        extra={"status": status, **(extra or {})},
        steps=steps,
        stop=STOP_CODES[status],
        walk=kept,
        walk_complete=kept is None or len(kept) < WALK_KEEP or len(kept) == steps + 1,
    )
