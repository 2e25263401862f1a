"""The replay of a trace on a board (`engine.board_maze`): `Replay`'s twin over a BoardMaze.

The events are the square's (`engine.trace.Op`): CARVE and WALL open and close side `arg`
of `cell` from both sides, through the board's `links` and `opposite` rather than the
square's row arithmetic; a DOOR event's arg is value << BOARD_DOOR_SHIFT | side (sides
0..5); MARK, LABEL, AT and STEP are as on the square (`trace.apply_marks`, shared with
`Replay`). A board has no rectangles, so FOCUS events are kept (in `focus`) but draw
nothing. Both directions are numba kernels with an undo log, as on the square, so
scrubbing a long trace back and forth is instant.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.jit import kernel
from mazegame.engine.trace import (
    BOARD_DOOR_SHIFT,
    MAX_AGENTS,
    Replay,
    Trace,
    apply_marks,
    revert_marks,
)


@kernel
def _set_side(links, opposite, doors, cell, d, opened):
    """Open (or shut) side d of `cell` and the same side seen from the cell beyond."""
    nxt = links[cell, d]
    if opened:
        doors[cell] |= np.uint8(1 << d)
        if nxt >= 0:
            doors[nxt] |= np.uint8(1 << opposite[d])
    else:
        doors[cell] &= ~np.uint8(1 << d)
        if nxt >= 0:
            doors[nxt] &= ~np.uint8(1 << opposite[d])


@kernel
def _apply(links, opposite, doors, marks, labels, door_marks, agents, focus, step, events,
           lo, hi, undo):
    """Apply events lo..hi-1 forward, remembering what each overwrote in `undo`."""
    for i in range(lo, hi):
        op, cell, arg = events[i, 0], events[i, 1], events[i, 2]
        if op == 0 or op == 1:
            nxt = links[cell, arg]
            old_b = int(doors[nxt]) if nxt >= 0 else 0
            undo[i] = int(doors[cell]) | (old_b << 8)
            _set_side(links, opposite, doors, cell, arg, op == 0)
        else:
            apply_marks(op, cell, arg, i, marks, labels, door_marks, BOARD_DOOR_SHIFT, agents,
                        focus, step, undo)


@kernel
def _revert(links, opposite, doors, marks, labels, door_marks, agents, focus, step, events,
            lo, hi, undo):
    """Undo events hi-1 down to lo, restoring what `_apply` remembered."""
    for i in range(hi - 1, lo - 1, -1):
        op, cell, arg = events[i, 0], events[i, 1], events[i, 2]
        if op == 0 or op == 1:
            doors[cell] = undo[i] & 0xFF
            nxt = links[cell, arg]
            if nxt >= 0 and nxt != cell:
                doors[nxt] = (undo[i] >> 8) & 0xFF
        else:
            revert_marks(op, cell, arg, i, marks, labels, door_marks, BOARD_DOOR_SHIFT, agents,
                         focus, step, undo)


class BoardReplay(Replay):
    """The state after the first `position` events of a trace over a `BoardMaze`: `passages`
    (its open sides, bit d = side d, as `BoardMaze.doors`, in place of the square's
    `walls`), `marks`, `labels`, `doors` (the door marks, int32[n, sides]), `agents`; seek
    forward or backward as `Replay` does (`at_end`, `step`, `current_step`, `count` are its)."""

    def __init__(self, trace: Trace) -> None:  # its own state: a board has no walls array
        self.trace = trace
        m: BoardMaze = trace.initial
        self.passages = m.doors.copy()
        self.marks = np.zeros(m.size, dtype=np.int32)
        self.labels = np.zeros(m.size, dtype=np.int32)
        self.doors = np.zeros((m.size, m.sides), dtype=np.int32)
        self.agents = np.full(MAX_AGENTS, -1, dtype=np.int32)
        self.focus = np.full(1, -1, dtype=np.int32)
        self.numbered = np.zeros(1, dtype=np.int32)
        self.position = 0
        self._opposite = m.opposite
        self._undo = np.zeros(len(trace), dtype=np.int32)

    def seek(self, position: int) -> None:
        """Move to the state after `position` events (clamped to the trace)."""
        position = max(0, min(int(position), len(self.trace)))
        args = (self.trace.initial.board.links, self._opposite, self.passages, self.marks,
                self.labels, self.doors, self.agents, self.focus, self.numbered,
                self.trace.events)
        if position > self.position:
            _apply(*args, self.position, position, self._undo)
        elif position < self.position:
            _revert(*args, position, self.position, self._undo)
        self.position = position

    def focus_rect(self) -> None:
        """No rectangle of cells on a board: nothing is drawn in focus."""
        return None

    def maze(self) -> BoardMaze:
        """The maze as it stands at this position."""
        return self.trace.initial.copy(doors=self.passages.copy())


@kernel
def _board_effects(links, opposite, doors, events):
    """Per event: the cell across the side a CARVE/WALL opens or closes (-1: none) and the
    change in open pairs of cells it makes (+1, -1, 0)."""
    k = events.shape[0]
    other = np.full(k, -1, dtype=np.int32)
    delta = np.zeros(k, dtype=np.int8)
    for i in range(k):
        op, cell, arg = events[i, 0], events[i, 1], events[i, 2]
        if (op != 0 and op != 1) or cell < 0:
            continue
        nxt = links[cell, arg]
        if nxt < 0:
            continue
        other[i] = nxt
        was_open = ((doors[cell] >> arg) & 1) + ((doors[nxt] >> opposite[arg]) & 1) > 0
        _set_side(links, opposite, doors, cell, arg, op == 0)
        if op == 0 and not was_open:
            delta[i] = 1
        elif op == 1 and was_open:
            delta[i] = -1
    return other, delta


def board_event_effects(trace: Trace) -> tuple[np.ndarray, np.ndarray]:
    """`trace.event_effects` on a board: (other cell, door change) of each event."""
    m = trace.initial
    return _board_effects(m.board.links, m.opposite, m.doors.copy(), trace.events)


def board_sides_between(maze: BoardMaze) -> int:
    """Every side between two cells of the board, open or shut, counted once."""
    return int(np.count_nonzero(maze.board.links >= 0)) // 2


def board_dead_ends(maze: BoardMaze) -> np.ndarray:
    """bool[n]: cells with exactly one way out (the square's `dead_end_cells` on a board)."""
    return np.diff(maze.graph().indptr) == 1
