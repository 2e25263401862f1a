"""Tremaux's algorithm with Suits' counter variant (Suits section 3.5).

A depth-first walk that writes on doors: "E" on a door it explores, "R" on the door it came
in by (the way back). A door leading to a cell already visited is walked back through at
once; we mark that side "X" rather than a second "R", so every cell keeps exactly one way
back and the backtracking rule stays unambiguous. When the goal is reached, the walk is
retraced along the R marks with a counter, and each E on the way is replaced by the number
of steps from that door to the goal: a permanent, numbered path.

A door is a cell's side, so the walk runs on boards too (`SolverSpec.boards`): the kernel
moves through `base.moves_of`'s table and finds the door facing back through `opposite`.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.grid import Maze
from mazegame.engine.jit import kernel
from mazegame.engine.rng import randbelow
from mazegame.engine.solve.base import (
    arrive,
    close_cut_trace,
    door_shift,
    finish,
    goal_mask,
    inlined,
    moves_of,
    new_walk,
    note,
    opposite_of,
    poll,
    run_recorded,
    trace_cut,
    walk_parts,
)
from mazegame.engine.solve.registry import (
    BUDGET,
    CANCELLED,
    DEFAULTS,
    DOOR_E,
    DOOR_R,
    DOOR_X,
    FOUND,
    RETRACE,
    UNREACHABLE,
    SolveOptions,
    SolverSpec,
    register,
)
from mazegame.engine.trace import ACTIVE, DEAD, DOOR, MARK, PATH, STEP, VISITED, door_arg, emit


@kernel
def _mark(doors, cell, d, value, shift, record, buf, k):
    doors[cell, d] = value
    if record:
        k = emit(buf, k, DOOR, cell, door_arg(d, value, shift))
    return k


@kernel
def _set_mark(marks, cell, value, record, buf, k):
    marks[cell] = value
    if record:
        k = emit(buf, k, MARK, cell, value)
    return k


@inlined
def _step_to(cell, mem, cnt, marks, record, buf, k, after):
    """Walk onto `cell` (see `arrive`; `after`: the step that begins next, 0: none),
    keeping the final marks in step with the trace."""
    k = arrive(cell, mem, cnt, True, record, buf, k, 0, after)
    if mem[cell] == 1:  # the first visit
        marks[cell] = VISITED
    return k


@kernel
def tremaux(moves, start, goals, opposite, shift, seed, budget, control, record, buf):
    """Suits' steps 1-8 with step 6' (stop at the goal), then the numbered retrace.

    `moves` and `opposite` as `base.moves_of` and `opposite_of` give them; DOOR events
    shift their values by `shift` (`trace.door_arg`). Returns (status, steps, mem, cnt,
    events, doors, marks); see `base.new_walk`.
    """
    np.random.seed(seed)
    n, sides = moves.shape
    doors = np.zeros((n, sides), dtype=np.int32)
    back = np.full(n, -1, dtype=np.int8)  # side of the R door of each cell
    marks = np.zeros(n, dtype=np.int32)
    mem, cnt = new_walk(n, budget)
    visits = mem[:n]
    k = emit(buf, 0, STEP, -1, 1) if record else 0
    k = _step_to(start, mem, cnt, marks, record, buf, k, 2)
    p, steps, status = start, 0, FOUND
    while not goals[p]:
        if steps >= budget:
            status = BUDGET
            break
        if poll(control, steps):
            status = CANCELLED
            break
        if record:
            k = emit(buf, k, STEP, -1, 3)
        d, m = -1, 0  # an unmarked door, chosen at random (reservoir sampling)
        for side in range(sides):
            if doors[p, side] == 0 and moves[p, side] != p:
                m += 1
                if randbelow(m) == 0:
                    d = side
        if d >= 0:
            q = moves[p, d]
            k = _mark(doors, p, d, DOOR_E, shift, record, buf, k)
            seen_before = visits[q] > 0
            k = _step_to(q, mem, cnt, marks, record, buf, k, 0)
            steps += 1
            if seen_before:  # Suits' step 5: mark the door back and return through it
                k = emit(buf, k, STEP, -1, 4) if record else k
                k = _mark(doors, q, opposite[d], DOOR_X, shift, record, buf, k)
                k = _step_to(p, mem, cnt, marks, record, buf, k, 2)
                steps += 1
            else:  # Suits' step 6': a new cell becomes the present cell
                k = emit(buf, k, STEP, -1, 5) if record else k
                k = _mark(doors, q, opposite[d], DOOR_R, shift, record, buf, k)
                back[q] = opposite[d]
                k = _set_mark(marks, q, ACTIVE, record, buf, k)
                k = emit(buf, k, STEP, -1, 2) if record else k
                p = q
        elif back[p] < 0:  # Suits' step 7: no door marked R: back at the start, all explored
            k = emit(buf, k, STEP, -1, 6) if record else k
            status = UNREACHABLE
            break
        else:  # Suits' step 8: leave a finished cell through its R door
            k = emit(buf, k, STEP, -1, 6) if record else k
            k = _set_mark(marks, p, DEAD, record, buf, k)
            p = moves[p, back[p]]
            k = _step_to(p, mem, cnt, marks, record, buf, k, 2)
            steps += 1
    if status == FOUND:
        # The counter variant: follow the R marks home; the E on the door just come through
        # (seen from the new cell) becomes the number of steps to the goal.
        k = emit(buf, k, STEP, -1, 7) if record else k
        k = note(RETRACE, p, record, buf, k)
        k = _set_mark(marks, p, PATH, record, buf, k)
        c, count = p, 0
        # (An R door walled from its own side, only in a maze with one-way doors, which
        # `solve` refuses to Tremaux, ends the retrace instead of turning it in place.)
        while back[c] >= 0 and moves[c, back[c]] != c:
            count += 1
            prev = moves[c, back[c]]
            k = _mark(doors, prev, opposite[back[c]], count, shift, record, buf, k)
            k = _set_mark(marks, prev, PATH, record, buf, k)
            c = prev
    k = note(status, p, record, buf, k)
    return status, steps, mem, cnt, buf[:k], doors, marks


def solve_tremaux(maze: Maze, record: bool = False, options: SolveOptions = DEFAULTS):
    """Run Tremaux's walk; `extra["doors"]` holds the final door marks, int[n, sides]."""
    budget = options.steps(maze)
    control = options.control_array()
    moves, opposite = moves_of(maze), opposite_of(maze)
    status, steps, mem, cnt, events, doors, marks = run_recorded(
        lambda buf: tremaux(
            moves, maze.start, goal_mask(maze), opposite, door_shift(maze), options.seed,
            budget, control, record, buf,
        ), record, 24 * maze.size, lambda result: result[4])  # about 17 a cell
    kept, route, visits = walk_parts(mem, cnt)
    if record and trace_cut(events):
        events = close_cut_trace(events, maze, status, int(route[-1]), marks=marks,
                                 labels=visits, doors=doors)
    return finish("tremaux", maze, status, route, events, record, {"doors": doors},
                  visited=int(np.count_nonzero(visits)), steps=steps, walk=kept)


register(SolverSpec(
    "tremaux", "Tremaux's algorithm", solve_tremaux,
    "Depth-first with chalk: mark E on each door you explore and R on the door you came in "
    "by; a door into a visited cell is walked straight back. When a cell has no unmarked "
    "door left, go back through R. At the goal, retrace the R marks numbering the doors: "
    "the numbers count the steps to the goal.",
    "Suits, Playing With Mazes (1994), section 3.5, after Even, Graph Algorithms (1979)",
    directed=False, walker=True, randomized=True, boards=True,
    layers=("agents", "marks", "labels", "doors"), labels="visits",
    steps=(
        "Every door starts unmarked; the start cell is the present cell p.",
        "If p is the goal, go to step 7.",
        "If p has an unmarked door, choose one at random, mark it E and go through it. "
        "Otherwise go to step 6.",
        "If you have been in this cell before, mark the door you came in by X, go back "
        "through it to p, and go to step 2.",
        "Otherwise mark the door you came in by R: this new cell is now p. Go to step 2.",
        "If p has no door marked R, stop: you are back at the start, every cell you can "
        "reach is explored, and the goal is not among them. Otherwise go back through p's "
        "R door; the cell you come to is now p. Go to step 2.",
        "Follow the R doors back to the start, counting the moves: on each door you come "
        "through, write the count in place of its E. The numbers now lead to the goal.",
    ),
))
