"""The Pledge algorithm (Abelson and diSessa, Turtle Geometry, after John Pledge): a wall
follower that counts its turns, so it lets go of an island's wall a plain one circles.

A walker like those of `walkers` (the same memory, stops and trace; see its docstring).
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.grid import Maze
from mazegame.engine.jit import kernel
from mazegame.engine.solve.base import arrive, new_walk, note, poll
from mazegame.engine.solve.registry import (
    BUDGET,
    CANCELLED,
    DEFAULTS,
    FOUND,
    LOOP,
    STUCK,
    SolveOptions,
    SolverSpec,
    register,
)
from mazegame.engine.solve.walkers import GOAL, WALKER, run_walker, toward_goal
from mazegame.engine.trace import STEP, emit


@kernel
def pledge(moves, start, goals, prefer, budget, control, record, buf):
    """Pledge: walk straight in a preferred heading; at a wall, follow it with the left hand,
    counting quarter turns (right +1, left -1), and leave it when the count is back to zero.

    Loops are caught as exact state repeats: (cell) while walking free, and (cell, heading,
    count) within one stretch along a wall. A count drifting for ever (circling the inside
    of the outer wall) is stopped by the budget.
    """
    n = moves.shape[0]
    seen_free = np.zeros(n, dtype=np.bool_)
    seen_stretch = np.zeros(4 * n, dtype=np.int32)  # stretch id (from 1) per (cell, heading)
    seen_turns = np.zeros(4 * n, dtype=np.int64)
    mem, cnt = new_walk(n, budget)
    k = arrive(start, mem, cnt, True, record, buf, 0, 1, 2)
    cell, heading, turns, stretch, steps, status = start, prefer, 0, 0, 0, FOUND
    while not goals[cell]:
        if record:
            k = emit(buf, k, STEP, -1, 3)
        state = cell * 4 + heading
        if turns == 0:
            if seen_free[cell]:
                status = LOOP
                break
            seen_free[cell] = True
        else:
            if seen_stretch[state] == stretch and seen_turns[state] == turns:
                status = LOOP
                break
            seen_stretch[state] = stretch
            seen_turns[state] = turns
        if steps >= budget:
            status = BUDGET
            break
        if poll(control, steps):
            status = CANCELLED
            break
        moved, free = False, turns == 0  # free: step 4; along a wall: step 5
        for i in range(4):
            # Free: straight, else turn right so the wall is on the left. Along a wall: the
            # left-hand rule.
            off = (0, 1, 2, -1)[i] if free else (-1, 0, 1, 2)[i]
            d = (heading + off + 4) % 4
            nxt = moves[cell, d]
            if nxt != cell:
                if free and off != 0:
                    stretch += 1
                cell, heading, moved = nxt, d, True
                turns += off
                break
        if not moved:
            k = emit(buf, k, STEP, -1, 4 if free else 5) if record else k
            status = STUCK
            break
        steps += 1
        k = arrive(cell, mem, cnt, True, record, buf, k, 4 if free else 5, 2)
    k = note(status, cell, record, buf, k)
    return status, steps, mem, cnt, buf[:k]


def solve_pledge(maze: Maze, record: bool = False, options: SolveOptions = DEFAULTS):
    """Pledge walk; the preferred heading is `options.facing`, else towards the goal."""
    prefer = toward_goal(maze) if options.facing is None else int(options.facing) % 4
    return run_walker("pledge", pledge, maze, record, options, prefer)


register(SolverSpec(
    "pledge", "Pledge algorithm", solve_pledge,
    "Head for the goal's direction; at a wall, follow it with the left hand and count your "
    "turns; let go when the count is back to zero. Escapes islands a plain wall follower "
    "circles, though in a maze with loops a goal inside can still be missed.",
    "Abelson and diSessa, Turtle Geometry (1980), after John Pledge", directed=False,
    **WALKER,
    steps=(
        "Stand in the start cell facing the goal's direction (the preferred heading), with "
        "a turn count of 0.",
        GOAL,
        "If you have been here before in the same state (walking free; or along the same "
        "wall, facing the same way, with the same count), you are going round a loop: stop.",
        "If the count is 0, step straight on, in the preferred heading; if a wall is in the "
        "way, turn right instead (else back, else left) and add the turn to the count: the "
        "wall is now on your left. Go to step 2.",
        "Otherwise keep your left hand on the wall: turn left if you can, else go straight "
        "on, else turn right, else turn back; add 1 to the count for a right turn, take 1 "
        "off for a left one. Go to step 2.",
    ),
))
