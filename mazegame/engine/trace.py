"""The step trace shared by every generator and solver, and its replay.

A trace is an `int32[k, 3]` array of events `(op, cell, arg)`. Replaying the events onto
the starting maze rebuilds every intermediate state; an undo log filled on the way forward
lets the replay run backward too. Both directions are numba kernels, so scrubbing through
a million-event trace is instant.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import numpy as np

from mazegame.engine.grid import Maze, neighbor
from mazegame.engine.jit import kernel


class Op(IntEnum):
    """What an event does to the replay state."""

    CARVE = 0  #: open side `arg` of `cell` from both sides
    WALL = 1  #: close side `arg` of `cell` from both sides
    MARK = 2  #: set the cell's mark to `arg` (a `Mark`)
    LABEL = 3  #: set the cell's number to `arg` (distance, aroma, visit count ...)
    #: set the door mark on side `arg & 3` of `cell` to `arg >> 2`. On a board
    #: (`engine.board_maze`) a cell has up to six sides, so there the side takes three bits:
    #: arg = value << BOARD_DOOR_SHIFT | side (see `door_arg`); the square keeps << 2
    DOOR = 4
    AT = 5  #: agent `arg` now stands on `cell` (-1 leaves the board)
    NOTE = 6  #: no state change; `arg` is a message code for the lab's log
    #: the algorithm's attention is now on a rectangle of cells: `cell` its top-left corner,
    #: `arg` its rows << 16 | columns (0: on nothing); a scan row, a chamber, a run
    FOCUS = 7
    #: the algorithm begins step `arg` (1-based) of its numbered list (the registry entry's
    #: `steps`); `cell` is -1. Each event belongs to the last STEP before it (`event_steps`).
    #: Step 0 is no step of the list: the braiding pass run after a generator begins
    STEP = 8


class Mark(IntEnum):
    """Cell states the lab colours."""

    NONE = 0
    FRONTIER = 1  #: Suits' "f": a candidate next to the tree
    VISITED = 2  #: part of the tree / labelled / seen
    ACTIVE = 3  #: on the stack or the current walk
    PATH = 4  #: on the final path
    DEAD = 5  #: backtracked, filled, or ruled out


# Plain-int twins of the enums, for numba kernels (compile-time constants).
CARVE, WALL, MARK, LABEL, DOOR, AT, NOTE, FOCUS, STEP = (int(op) for op in Op)
NONE, FRONTIER, VISITED, ACTIVE, PATH, DEAD = (int(m) for m in Mark)

MAX_AGENTS = 4
DOOR_SHIFT = 2  #: a DOOR event's arg on the square: value << 2 | side (sides 0..3)
BOARD_DOOR_SHIFT = 3  #: on a board: value << 3 | side (sides 0..5, hexagons and floors)
FOCUS_SHIFT = 16  #: a FOCUS event's arg: rows << FOCUS_SHIFT | columns
_EMPTY = np.zeros((0, 3), dtype=np.int32)


@kernel
def emit(buf, k, op, cell, arg):
    """Write event number k if the buffer has room; returns k + 1 either way.

    The buffer never grows inside a kernel: reassigning an array in a hot loop costs the
    fast (not recording) path up to 2x, even when the branch never runs. A kernel returns
    `buf[:k]`, and `recorded` runs it again with a bigger buffer when that came back full.
    """
    if k < buf.shape[0]:
        buf[k, 0] = op
        buf[k, 1] = cell
        buf[k, 2] = arg
    return k + 1


def recorded(run, record: bool, expected: int, events=lambda result: result):
    """`run(buf)` with an event buffer that holds the whole trace.

    `events(result)` picks the trace out of the kernel's result. When it fills the buffer
    the trace may have been cut short, so the kernel runs again with four times the room
    (kernels are seeded: a rerun records the same events). Not recording, the buffer is a
    1-row stub that is never written.
    """
    capacity = max(16, int(expected)) if record else 1
    while True:
        result = run(np.empty((capacity, 3), dtype=np.int32))
        if not record or len(events(result)) < capacity:
            return result
        capacity *= 4


@dataclass
class Trace:
    """Events plus the maze they start from."""

    events: np.ndarray
    initial: Maze

    def __len__(self) -> int:
        return int(self.events.shape[0])

    @staticmethod
    def empty(initial: Maze) -> Trace:
        """A trace with no events over `initial`."""
        return Trace(_EMPTY.copy(), initial)


@kernel
def door_arg(side, value, shift):
    """The arg of a DOOR event writing `value` on `side`: value << shift | side, with
    `shift` DOOR_SHIFT on the square and BOARD_DOOR_SHIFT on a board."""
    return (int(value) << shift) | int(side)


@kernel
def focus_arg(rows, cols):
    """The arg of a FOCUS event on a rectangle rows x cols (0 x anything: on nothing)."""
    return (rows << FOCUS_SHIFT) | cols if rows > 0 and cols > 0 else 0


@kernel(inline="always")
def apply_marks(op, cell, arg, i, marks, labels, doors, shift, agents, focus, step, undo):
    """Event i's change to the state every replay shares (MARK, LABEL, DOOR with its side in
    the low `shift` bits, AT, FOCUS, STEP; other ops change none of it), remembering what it
    overwrote in `undo`. `Replay` and the board's (`engine.board_trace`) both call it."""
    if op == 2:
        undo[i] = marks[cell]
        marks[cell] = arg
    elif op == 3:
        undo[i] = labels[cell]
        labels[cell] = arg
    elif op == 4:
        side = arg & ((1 << shift) - 1)
        undo[i] = doors[cell, side]
        doors[cell, side] = arg >> shift
    elif op == 5:
        undo[i] = agents[arg]
        agents[arg] = cell
    elif op == 7:  # the state holds the index of the FOCUS event in force
        undo[i] = focus[0]
        focus[0] = i
    elif op == 8:
        undo[i] = step[0]
        step[0] = arg


@kernel(inline="always")
def revert_marks(op, cell, arg, i, marks, labels, doors, shift, agents, focus, step, undo):
    """Undo what `apply_marks` did for event i."""
    if op == 2:
        marks[cell] = undo[i]
    elif op == 3:
        labels[cell] = undo[i]
    elif op == 4:
        doors[cell, arg & ((1 << shift) - 1)] = undo[i]
    elif op == 5:
        agents[arg] = undo[i]
    elif op == 7:
        focus[0] = undo[i]
    elif op == 8:
        step[0] = undo[i]


@kernel
def _apply(walls, wrap_x, wrap_y, marks, labels, doors, agents, focus, step, events, lo, hi,
           undo):
    """Apply events lo..hi-1 forward, remembering what each overwrote in `undo`."""
    h, w = walls.shape
    for i in range(lo, hi):
        op, cell, arg = events[i, 0], events[i, 1], events[i, 2]
        if op == 0 or op == 1:
            nxt = neighbor(h, w, wrap_x, wrap_y, cell, arg)
            old_b = int(walls[nxt // w, nxt % w]) if nxt >= 0 else 0
            undo[i] = int(walls[cell // w, cell % w]) | (old_b << 8)  # int: not uint8 << 8
            if op == 0:
                walls[cell // w, cell % w] &= ~np.uint8(1 << arg)
                if nxt >= 0:
                    walls[nxt // w, nxt % w] &= ~np.uint8(1 << (arg ^ 2))
            else:
                walls[cell // w, cell % w] |= np.uint8(1 << arg)
                if nxt >= 0:
                    walls[nxt // w, nxt % w] |= np.uint8(1 << (arg ^ 2))
        else:
            apply_marks(op, cell, arg, i, marks, labels, doors, DOOR_SHIFT, agents, focus,
                        step, undo)


@kernel
def _revert(walls, wrap_x, wrap_y, marks, labels, doors, agents, focus, step, events, lo, hi,
            undo):
    """Undo events hi-1 down to lo, restoring what `_apply` remembered."""
    h, w = walls.shape
    for i in range(hi - 1, lo - 1, -1):
        op, cell, arg = events[i, 0], events[i, 1], events[i, 2]
        if op == 0 or op == 1:
            walls[cell // w, cell % w] = undo[i] & 0xFF
            nxt = neighbor(h, w, wrap_x, wrap_y, cell, arg)
            if nxt >= 0 and nxt != cell:
                walls[nxt // w, nxt % w] = (undo[i] >> 8) & 0xFF
        else:
            revert_marks(op, cell, arg, i, marks, labels, doors, DOOR_SHIFT, agents, focus,
                         step, undo)


class Replay:
    """The state after the first `position` events of a trace; seek forward or backward."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        m = trace.initial
        self.walls = m.walls.copy()
        self.marks = np.zeros(m.size, dtype=np.int32)
        self.labels = np.zeros(m.size, dtype=np.int32)
        self.doors = np.zeros((m.size, 4), dtype=np.int32)
        self.agents = np.full(MAX_AGENTS, -1, dtype=np.int32)
        #: the index of the FOCUS event in force (-1: none yet); see `focus_rect`
        self.focus = np.full(1, -1, dtype=np.int32)
        #: the step of the algorithm's numbered list being run (0: none yet); `current_step`
        self.numbered = np.zeros(1, dtype=np.int32)
        self.position = 0
        self._undo = np.zeros(len(trace), dtype=np.int32)

    @property
    def at_end(self) -> bool:
        """Whether every event has been applied."""
        return self.position >= len(self.trace)

    def seek(self, position: int) -> None:
        """Move to the state after `position` events (clamped to the trace)."""
        position = max(0, min(int(position), len(self.trace)))
        args = (
            self.walls, self.trace.initial.wrap_x, self.trace.initial.wrap_y,
            self.marks, self.labels, self.doors, self.agents, self.focus, self.numbered,
            self.trace.events,
        )
        if position > self.position:
            _apply(*args, self.position, position, self._undo)
        elif position < self.position:
            _revert(*args, position, self.position, self._undo)
        self.position = position

    def step(self, count: int = 1) -> None:
        """Move `count` events forward (negative: backward)."""
        self.seek(self.position + count)

    @property
    def current_step(self) -> int:
        """The number (1-based) of the algorithm's step that made the last event replayed:
        the last STEP event's; 0 before the first, and in the braiding pass after a
        generator (`event_steps`)."""
        return int(self.numbered[0])

    def focus_rect(self) -> tuple[int, int, int, int] | None:
        """(row, column, rows, columns) of the rectangle the algorithm attends to now, or None."""
        at = int(self.focus[0])
        if at < 0:
            return None
        _, cell, arg = (int(x) for x in self.trace.events[at])
        if arg == 0:
            return None
        w = self.trace.initial.width
        return cell // w, cell % w, arg >> FOCUS_SHIFT, arg & ((1 << FOCUS_SHIFT) - 1)

    def maze(self) -> Maze:
        """The maze as it stands at this position."""
        return self.trace.initial.copy(walls=self.walls.copy())

    def count(self, op: Op, arg: int | None = None) -> int:
        """How many events of this op (and arg, if given) lie before the current position."""
        ev = self.trace.events[: self.position]
        hits = ev[:, 0] == op
        if arg is not None:
            hits &= ev[:, 2] == arg
        return int(np.count_nonzero(hits))


def event_steps(events: np.ndarray) -> np.ndarray:
    """int32[k]: the step (1-based, of the registry entry's `steps`) that made each event:
    the arg of the last STEP event at or before it; 0 for events before the first STEP, and
    for the braiding pass after a generator (it begins with a `(STEP, -1, 0)`: no step of
    the generator's list)."""
    ops = events[:, 0]
    at = np.where(ops == STEP, np.arange(len(events)), -1)
    last = np.maximum.accumulate(at) if len(events) else at
    steps = np.where(last >= 0, events[np.maximum(last, 0), 2], 0)
    return steps.astype(np.int32)


@kernel
def _event_effects(walls, wrap_x, wrap_y, events):
    """Per event: the other cell a CARVE/WALL touches (-1: none) and the change it makes to
    the number of open sides between two cells (+1 opened, -1 closed, 0 no change)."""
    h, w = walls.shape
    k = events.shape[0]
    other = np.full(k, -1, dtype=np.int32)
    delta = np.zeros(k, dtype=np.int8)
    for i in range(k):
        op, cell, arg = events[i, 0], events[i, 1], events[i, 2]
        if (op != 0 and op != 1) or cell < 0:
            continue
        nxt = neighbor(h, w, wrap_x, wrap_y, cell, arg)
        if nxt < 0:
            continue  # a side on the outer wall is no door
        other[i] = nxt
        was_open = (walls[cell // w, cell % w] >> arg) & 1 == 0
        if op == 0:
            walls[cell // w, cell % w] &= ~np.uint8(1 << arg)
            walls[nxt // w, nxt % w] &= ~np.uint8(1 << (arg ^ 2))
            if not was_open:
                delta[i] = 1
        else:
            walls[cell // w, cell % w] |= np.uint8(1 << arg)
            walls[nxt // w, nxt % w] |= np.uint8(1 << (arg ^ 2))
            if was_open:
                delta[i] = -1
    return other, delta


def event_effects(trace: Trace) -> tuple[np.ndarray, np.ndarray]:
    """(other cell, door change) of each event: the cell across the side a CARVE or WALL
    event opens or closes (-1 for other ops), and +1/-1/0 for a side between two cells
    opened, closed or left as it was (so doors at event p = initial doors + the sum before p)."""
    m = trace.initial
    return _event_effects(m.walls.copy(), m.wrap_x, m.wrap_y, trace.events)


def open_sides(maze: Maze) -> int:
    """Doors: open sides between two cells, counted once (each side is the east or south side
    of exactly one cell; the outer wall and sides facing rock are no doors)."""
    alive = np.ones(maze.walls.shape, dtype=bool) if maze.solid is None else ~maze.solid
    opened = 0
    for d, wrap, axis in ((1, maze.wrap_x, 1), (2, maze.wrap_y, 0)):
        side_open = (((maze.walls >> d) & 1) == 0) & alive & np.roll(alive, -1, axis)
        if not wrap:  # the last column's east (last row's south) side is the outer wall
            side_open = side_open[:, :-1] if axis == 1 else side_open[:-1, :]
        opened += int(np.count_nonzero(side_open))
    return opened


def sides_between_cells(maze: Maze) -> int:
    """Every side between two grid cells, open or closed, counted once."""
    h, w = maze.height, maze.width
    return (w if maze.wrap_x else w - 1) * h + (h if maze.wrap_y else h - 1) * w


@kernel
def route_lengths(events, n):
    """int64[k]: after each event, the cells on agent 0's walk with its loops erased (the
    walk's AT events; 0 before the first). Each cell is pushed once per pop: O(k) in all."""
    k = events.shape[0]
    out = np.zeros(k, dtype=np.int64)
    place = np.full(n, -1, dtype=np.int64)  # each cell's index on the route, -1: off it
    route = np.empty(n, dtype=np.int64)
    length = 0
    for i in range(k):
        cell = events[i, 1]
        if events[i, 0] == 5 and events[i, 2] == 0 and cell >= 0:
            at = place[cell]
            if at >= 0:  # back on the route: erase the loop walked since
                for j in range(at + 1, length):
                    place[route[j]] = -1
                length = at + 1
            else:
                place[cell] = length
                route[length] = cell
                length += 1
        out[i] = length
    return out
