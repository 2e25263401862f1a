"""The cheese algorithm (Suits section 3.6): aroma diffuses from the goal, the rat follows it.

Each time tick every cell's Total Aroma Rating (TAR) becomes the average of its own TAR and
the TARs of the cells it can move to; the goal cells hold a constant 1. The rat waits until
it smells something, then each tick moves to the reachable neighbour with the strongest
aroma if that beats its own cell. Aroma spreads along the move graph backwards, so wrap-around
and one-way doors need no special case.

Trace labels are aroma levels on a log scale, 0 (none) .. AROMA_LEVELS (the cheese itself);
see `aroma_level`. A cell's aroma only grows, so each cell's label changes at most
AROMA_LEVELS times; a longer trace is cut (see `base.close_cut_trace`).

The rat gives up when the aroma can never reach it (no path: after the smell had time to
spread everywhere it can, neither its cell nor a neighbour smells), when the aroma has
settled (no cell changes any more and the rat has no stronger neighbour: it would wait for
ever), at the tick cap, or when cancelled.
"""

from __future__ import annotations

import math

import numpy as np

from mazegame.engine.graph import maze_graph
from mazegame.engine.grid import Maze, step_kernel
from mazegame.engine.jit import kernel
from mazegame.engine.solve.base import (
    arrive,
    close_cut_trace,
    finish,
    goal_mask,
    new_walk,
    note,
    run_recorded,
    trace_cut,
    walk_parts,
)
from mazegame.engine.solve.graph_search import bfs_from
from mazegame.engine.solve.registry import (
    BUDGET,
    CANCELLED,
    CONTROL_CANCEL,
    CONTROL_STEPS,
    DEFAULTS,
    FOUND,
    SETTLED,
    SMELL,
    UNREACHABLE,
    SolveOptions,
    SolverSpec,
    register,
)
from mazegame.engine.trace import LABEL, NONE, VISITED, emit

AROMA_LEVELS = 1000  #: label of the cheese itself
AROMA_DECADES = 30  #: label 1 stands for an aroma of 10**-AROMA_DECADES or fainter
TICK_WORK = 400_000_000  #: cell updates the default tick cap allows (about a second)


@kernel
def aroma_level(a):
    """Scaled int label of an aroma a in [0, 1]: 0 for none, else 1..AROMA_LEVELS, log scale."""
    if a <= 0.0:
        return 0
    level = int(round(AROMA_LEVELS * (1.0 + math.log10(a) / AROMA_DECADES)))
    return min(AROMA_LEVELS, max(1, level))


def aroma_from_level(level: int) -> float:
    """The aroma a label stands for (the inverse of `aroma_level`, up to rounding)."""
    return 0.0 if level <= 0 else 10.0 ** (AROMA_DECADES * (level / AROMA_LEVELS - 1.0))


@kernel
def _moves_table(walls, wrap_x, wrap_y, solid):
    """int32[n, 4]: the cell each move leads to, or n (a cell of no aroma) when blocked;
    and float64[n]: 1 + the number of moves (the divisor of the average)."""
    h, w = walls.shape
    n = h * w
    table = np.full((n, 4), n, dtype=np.int32)
    weight = np.ones(n, dtype=np.float64)
    for v in range(n):
        if solid.shape[0] > 0 and solid[v // w, v % w]:
            continue
        for d in range(4):
            u = step_kernel(walls, wrap_x, wrap_y, solid, v, d)
            if u != v:
                table[v, d] = u
                weight[v] += 1.0
    return table, weight


@kernel
def cheese(walls, wrap_x, wrap_y, solid, order, reach, reachable, start, goals, budget, control,
           record, buf):
    """Tick the diffusion and move the rat until it reaches a goal, the ticks run out, the
    aroma settles for good, or the caller cancels.

    `order` lists the cells that can reach a goal by their distance to it, `reach[t]`
    how many of them lie within t moves, and `reachable` whether the start is one. After
    t ticks only those within t can smell of anything, so tick t sweeps just them (exactly
    what a sweep of every cell would compute). The sweep reads a table of moves, allocates
    nothing, and keeps each cell's sum in the order of the move graph. Returns `(status,
    ticks, mem, cnt, events, aroma, levels)` (see `base.new_walk`); `budget` counts time ticks.
    """
    n = walls.size
    moves, weight = _moves_table(walls, wrap_x, wrap_y, solid)
    tar = np.zeros(n + 1, dtype=np.float64)  # tar[n]: the aroma of a blocked move, always 0
    nxt_tar = np.zeros(n + 1, dtype=np.float64)
    level = np.zeros(n, dtype=np.int32)
    mem, cnt = new_walk(n, budget)
    k = 0
    for g in range(n):
        if goals[g]:
            tar[g] = nxt_tar[g] = 1.0
            level[g] = AROMA_LEVELS
            if record:
                k = emit(buf, k, LABEL, g, AROMA_LEVELS)
    k = arrive(start, mem, cnt, False, record, buf, k)
    rat, ticks, status, smelled = start, 0, FOUND, False
    far = reach.shape[0] - 1  # the farthest distance any aroma can travel
    while not goals[rat]:
        if ticks >= budget:
            status = BUDGET
            break
        control[CONTROL_STEPS] = ticks
        if control[CONTROL_CANCEL] != 0:
            status = CANCELLED
            break
        if not reachable and ticks >= far:
            # The aroma has spread as far as it can: the rat's cell cannot lead to a goal,
            # so neither it nor any cell it can move to will ever smell of anything.
            status = UNREACHABLE
            break
        ticks += 1
        hi = reach[min(ticks, far)]
        changed = False
        for i in range(hi):  # Jacobi sweep: everyone averages last tick's values
            v = order[i]
            if goals[v]:
                continue
            row = moves[v]
            a = (((tar[v] + tar[row[0]]) + tar[row[1]]) + tar[row[2]]) + tar[row[3]]
            a /= weight[v]
            changed |= a != tar[v]
            nxt_tar[v] = a
        tar, nxt_tar = nxt_tar, tar
        if record:
            for i in range(hi):
                v = order[i]
                lv = aroma_level(tar[v])
                if lv != level[v]:
                    level[v] = lv
                    k = emit(buf, k, LABEL, v, lv)
        best, best_tar = rat, tar[rat]
        for d in range(4):
            cell = step_kernel(walls, wrap_x, wrap_y, solid, rat, d)
            if tar[cell] > best_tar:
                best, best_tar = cell, tar[cell]
        if best != rat:
            if not smelled:
                smelled = True
                k = note(SMELL, rat, record, buf, k)
            rat = best
            k = arrive(rat, mem, cnt, False, record, buf, k)
        elif not changed and ticks >= far:
            status = SETTLED  # nothing will ever change again: the rat stays put for good
            break
    k = note(status, rat, record, buf, k)
    if not record:
        for v in range(n):
            level[v] = aroma_level(tar[v])
    return status, ticks, mem, cnt, buf[:k], tar[:n].copy(), level


def _aroma_reach(maze: Maze) -> tuple[np.ndarray, np.ndarray, bool]:
    """The cells aroma can reach in order of their distance to the nearest goal (against
    the moves), reach[t] = how many of them lie within t moves, and whether the start is
    among them."""
    dist, _, _ = bfs_from(maze_graph(maze).reversed(), maze.goals)
    cells = np.flatnonzero(dist >= 0)
    order = cells[np.argsort(dist[cells], kind="stable")].astype(np.int32)
    counts = np.bincount(dist[cells], minlength=1)
    return order, np.cumsum(counts).astype(np.int64), bool(dist[maze.start] >= 0)


def cheese_ticks(cells: int) -> int:
    """The default tick cap: a sweep costs up to `cells`, so the cap is about TICK_WORK
    cell updates, and never fewer than 4 ticks a cell (the aroma's crawl down a corridor)."""
    return int(max(4 * cells, TICK_WORK // max(cells, 1)))


def solve_cheese(maze: Maze, record: bool = False, options: SolveOptions = DEFAULTS):
    """Run the rat; `extra["aroma"]` holds the final TAR of every cell.

    The budget counts ticks (default `cheese_ticks`). Cancel it through `options.control`
    (see `registry.new_control`): the sweep polls the flag every tick."""
    n = maze.size
    budget = options.budget if options.budget is not None else cheese_ticks(n)
    order, reach, reachable = _aroma_reach(maze)
    control = options.control_array()
    status, ticks, mem, cnt, events, tar, level = run_recorded(
        lambda buf: cheese(
            maze.walls, maze.wrap_x, maze.wrap_y, maze.rock, order, reach, reachable, maze.start,
            goal_mask(maze), int(budget), control, record, buf,
        ), record, 64 * n, lambda result: result[4])
    kept, route, visits = walk_parts(mem, cnt)
    if record and trace_cut(events):
        events = close_cut_trace(events, maze, status, int(route[-1]),
                                 marks=np.where(visits > 0, VISITED, NONE), labels=level)
    return finish("cheese", maze, status, route, events, record, {"aroma": tar},
                  visited=int(np.count_nonzero(visits)), steps=ticks, walk=kept)


register(SolverSpec(
    "cheese", "The cheese algorithm", solve_cheese,
    "Put cheese on the goal and let its smell spread: each tick a cell's aroma becomes the "
    "average of its own and its neighbours'. The rat waits until it smells it, then always "
    "steps towards the strongest smell.",
    "Suits, Playing With Mazes (1994), section 3.6",
    directed=True, walker=True, labels="aroma",
))
