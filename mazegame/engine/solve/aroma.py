"""The cheese algorithm (Suits section 3.6): aroma diffuses from the goal, the rat follows it.

Each time tick every cell's Total Aroma Rating (TAR) becomes the average of its own TAR and
the TARs of the cells it can move to; the goal cells hold a constant 1. The rat waits until
it smells something, then each tick moves to the reachable neighbour with the strongest
aroma if that beats its own cell. Aroma spreads along the move graph backwards, so wrap-around
and one-way doors need no special case. The kernel reads the moves from `base.moves_of`'s
table, so the rat runs on boards too (`SolverSpec.boards`).

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

from mazegame.engine.graph import maze_graph_reversed
from mazegame.engine.grid import Maze
from mazegame.engine.jit import kernel
from mazegame.engine.solve.base import (
    arrive,
    close_cut_trace,
    finish,
    goal_mask,
    moves_of,
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
    MAX_BUDGET,
    SETTLED,
    SMELL,
    UNREACHABLE,
    SolveOptions,
    SolverSpec,
    register,
)
from mazegame.engine.trace import LABEL, NONE, STEP, VISITED, emit

AROMA_LEVELS = 1000  #: label of the cheese itself
AROMA_DECADES = 30  #: label 1 stands for an aroma of 10**-AROMA_DECADES or fainter
TICK_WORK = 3_000_000_000  #: cell updates the default tick cap allows (a few seconds)
#: Most cell updates a given tick budget may ask for (some minutes; the default cap allows
#: TICK_WORK): 1,000,000 ticks up to 100,000 cells.
MAX_TICK_WORK = 100_000_000_000
#: The kernel holds aroma times 2^1000 (the cheese smells of SCALE). A power of two scales
#: every average exactly, and no sum of five values reaches 2^1024, so nothing changes
#: except that aromas down to 1e-624 (not 1e-324) stay above zero: a far rat smells the
#: cheese in about half the ticks.
SCALE = 2.0 ** 1000
WATCH = 64  #: once the aroma has reached every cell it can, ticks between settling checks


@kernel
def aroma_level(a):
    """Scaled int label of an aroma a in [0, 1]: 0 for none, else 1..AROMA_LEVELS, log scale."""
    if a <= 0.0:
        return 0
    level = int(round(AROMA_LEVELS * (1.0 + math.log10(a) / AROMA_DECADES)))
    return min(AROMA_LEVELS, max(1, level))


@kernel
def _ranked_moves(moves, order):
    """The move graph renumbered by `order` (rank i = cell order[i]): int32[m, sides] ranks
    each move leads to, m (a rank that never smells) for a blocked move or one into a cell
    that cannot reach a goal; float64[m] the divisor of each average (1 + moves); and the
    rank of every cell (-1: not ranked)."""
    n, sides = moves.shape
    m = order.shape[0]
    rank = np.full(n, -1, dtype=np.int64)
    for i in range(m):
        rank[order[i]] = i
    table = np.full((m, sides), m, dtype=np.int32)
    weight = np.ones(m, dtype=np.float64)
    for i in range(m):
        v = order[i]
        j = 0
        for d in range(sides):
            u = moves[v, d]
            if u != v:
                weight[i] += 1.0
                if rank[u] >= 0:  # kept in move order: each sum adds up as the graph lists it
                    table[i, j] = rank[u]
                    j += 1
    return table, weight, rank


@kernel(inline="always")
def _sum_around(tar, moves, i):
    """Rank i's aroma plus that of each cell it can move to, added in the table's order."""
    a = tar[i]
    for j in range(moves.shape[1]):
        a += tar[moves[i, j]]
    return a


@kernel
def _sweep(tar, nxt, moves, weight, lo, hi, watch):
    """One Jacobi tick over ranks lo..hi-1: each becomes the average of its own aroma and
    that of the cells it can move to (last tick's values).

    With `watch`, also returns whether any changed and the last rank left with some aroma
    (what smells of nothing needs no sweep); without, (True, hi - 1) and a faster loop.
    The square's four moves are summed written out (the sums the loop of `_sum_around`,
    which a board's six take, adds in the same order).
    """
    if moves.shape[1] != 4:
        changed = False
        last = lo - 1
        for i in range(lo, hi):
            a = _sum_around(tar, moves, i) / weight[i]
            changed |= a != tar[i]
            if a != 0.0:
                last = i
            nxt[i] = a
        return (changed, last) if watch else (True, hi - 1)
    if not watch:
        for i in range(lo, hi):
            nxt[i] = ((((tar[i] + tar[moves[i, 0]]) + tar[moves[i, 1]]) + tar[moves[i, 2]])
                      + tar[moves[i, 3]]) / weight[i]
        return True, hi - 1
    changed = False
    last = lo - 1
    for i in range(lo, hi):
        a = (((tar[i] + tar[moves[i, 0]]) + tar[moves[i, 1]]) + tar[moves[i, 2]]) \
            + tar[moves[i, 3]]
        a /= weight[i]
        changed |= a != tar[i]
        if a != 0.0:
            last = i
        nxt[i] = a
    return changed, last


@kernel
def cheese(moves, order, reach, ngoals, start, goals, budget, control, record, buf):
    """Tick the diffusion and move the rat until it reaches a goal, the ticks run out, the
    aroma settles for good, or the caller cancels.

    `order` lists the cells that can reach a goal by their distance to it (goals first,
    `ngoals` of them) and `reach[t]` how many lie within t moves. After t ticks only those
    can smell of anything, so the kernel works on cells renumbered in that order and tick t
    sweeps the contiguous ranks from ngoals to the aroma's front (exactly what a sweep of
    every cell would compute), with no allocation per tick. Returns `(status, ticks, mem,
    cnt, events, aroma, levels)` (see `base.new_walk`); `budget` counts time ticks. `moves`
    is `base.moves_of`'s table (the square's or a board's).
    """
    n = moves.shape[0]
    ranked, weight, rank = _ranked_moves(moves, order)
    m = order.shape[0]
    tar = np.zeros(m + 1, dtype=np.float64)  # tar[m]: the aroma of no move, always 0
    nxt = np.zeros(m + 1, dtype=np.float64)
    level = np.zeros(n, dtype=np.int32)
    mem, cnt = new_walk(n, budget)
    k = emit(buf, 0, STEP, -1, 1) if record else 0
    for i in range(ngoals):
        tar[i] = nxt[i] = SCALE
        level[order[i]] = AROMA_LEVELS
        if record:
            k = emit(buf, k, LABEL, order[i], AROMA_LEVELS)
    k = arrive(start, mem, cnt, False, record, buf, k, 0, 2)
    rat, ticks, status, smelled = start, 0, FOUND, False
    far = reach.shape[0] - 1  # the farthest distance any aroma can travel
    dist = np.empty(m, dtype=np.int64)  # distance to a goal, by rank (non-decreasing)
    for t in range(far + 1):
        dist[reach[t - 1] if t > 0 else 0:reach[t]] = t
    front = 0
    while not goals[rat]:
        if ticks >= budget:
            status = BUDGET
            break
        control[CONTROL_STEPS] = ticks
        if control[CONTROL_CANCEL] != 0:
            status = CANCELLED
            break
        if rank[rat] < 0 and ticks >= far:
            # The aroma has spread as far as it can: the rat's cell cannot lead to a goal,
            # so neither it nor any cell it can move to will ever smell of anything.
            status = UNREACHABLE
            break
        ticks += 1
        # Aroma moves one cell a tick: after this tick it can reach one step beyond the
        # farthest cell that smells now (`front`, a distance), and never beyond `ticks`.
        hi = reach[min(ticks, far, front + 1)]
        # Watch the front while it moves, then only every WATCH ticks for the settling (a
        # settled field stays settled, so noticing it a little late changes nothing).
        watch = front < far or ticks % WATCH == 0
        changed, last = _sweep(tar, nxt, ranked, weight, ngoals, hi, watch)
        front = dist[last]
        tar, nxt = nxt, tar
        if record:  # step 3 was the sweep; step 4 looks round
            k = emit(buf, k, STEP, -1, 3)
            for i in range(ngoals, last + 1):
                lv = aroma_level(tar[i] / SCALE)
                if lv != level[order[i]]:
                    level[order[i]] = lv
                    k = emit(buf, k, LABEL, order[i], lv)
            k = emit(buf, k, STEP, -1, 4)
        best, best_tar = rat, _aroma_at(tar, rank, rat, m)
        for d in range(moves.shape[1]):
            cell = moves[rat, d]
            if _aroma_at(tar, rank, cell, m) > best_tar:
                best, best_tar = cell, _aroma_at(tar, rank, cell, m)
        if best != rat:
            if not smelled:
                smelled = True
                k = note(SMELL, rat, record, buf, k)
            rat = best
            k = arrive(rat, mem, cnt, False, record, buf, k, 0, 2)
        elif watch and not changed and front >= far:
            status = SETTLED  # nothing will ever change again: the rat stays put for good
            break
        elif record:  # the rat waits
            k = emit(buf, k, STEP, -1, 2)
    k = note(status, rat, record, buf, k)
    aroma = np.zeros(n, dtype=np.float64)
    for i in range(m):
        aroma[order[i]] = tar[i] / SCALE
        if not record:
            level[order[i]] = aroma_level(tar[i] / SCALE)
    return status, ticks, mem, cnt, buf[:k], aroma, level


@kernel
def _aroma_at(tar, rank, cell, m):
    """The aroma of a cell (by its rank; 0 for a cell that cannot reach a goal)."""
    return tar[rank[cell]] if rank[cell] >= 0 else 0.0


def _aroma_reach(maze: Maze) -> tuple[np.ndarray, np.ndarray, int]:
    """The cells aroma can reach in order of their distance to the nearest goal (against
    the moves), reach[t] = how many of them lie within t moves, and how many goals."""
    dist, _, _ = bfs_from(maze_graph_reversed(maze), maze.goals)
    cells = np.flatnonzero(dist >= 0)
    order = cells[np.argsort(dist[cells], kind="stable")].astype(np.int32)
    counts = np.bincount(dist[cells], minlength=1)
    reach = np.cumsum(counts).astype(np.int64)
    return order, reach, int(reach[0])


def most_ticks(cells: int) -> int:
    """The largest tick budget a maze of `cells` cells takes: MAX_TICK_WORK cell updates
    (and no more than any budget, MAX_BUDGET)."""
    return max(1, min(MAX_TICK_WORK // max(cells, 1), MAX_BUDGET))


def cheese_ticks(cells: int) -> int:
    """The default tick cap: a tick sweeps up to `cells` cells, so the cap allows about
    TICK_WORK cell updates (a few seconds), and never fewer than 10,000 ticks, but never
    more than the maze takes (`most_ticks`: from 10 million cells on, fewer than 10,000).

    Far from the cheese the aroma is too faint for a float64 (below about 1e-624, even
    scaled by SCALE, it reads 0), so a rat d moves away waits about d^2 / 2000 ticks
    before it smells anything (when d is over a thousand), on top of the d ticks of its
    walk.
    """
    return int(min(max(10_000, TICK_WORK // max(cells, 1)), most_ticks(cells)))


def solve_cheese(maze: Maze, record: bool = False, options: SolveOptions = DEFAULTS):
    """Run the rat; `extra["aroma"]` holds the final TAR of every cell.

    The budget counts ticks (default `cheese_ticks`). Cancel it through `options.control`
    (see `registry.new_control`): the sweep polls the flag every tick."""
    n = maze.size
    budget = options.budget if options.budget is not None else cheese_ticks(n)
    if budget > most_ticks(n):  # a tick costs a sweep of the maze
        raise ValueError(f"the cheese's budget counts ticks, each a sweep of the maze: at "
                         f"most {most_ticks(n):,} for {n:,} cells, not {budget:,}")
    order, reach, ngoals = _aroma_reach(maze)
    control = options.control_array()
    status, ticks, mem, cnt, events, tar, level = run_recorded(
        lambda buf: cheese(
            moves_of(maze), order, reach, ngoals, maze.start, goal_mask(maze), int(budget),
            control, record, buf,
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
    directed=True, walker=True, labels="aroma", budget_default=cheese_ticks, boards=True,
    budget_most=most_ticks, budget_unit="ticks (each a sweep of the maze)",
    steps=(
        "Put the cheese in the goal cell: its aroma is 1 there, for good, and 0 everywhere "
        "else. The rat waits in the start cell.",
        "If the rat is on the goal, stop. If the aroma has had time to reach every cell it "
        "can and still cannot reach the rat, stop: there is no way to the cheese.",
        "A tick passes: each cell's aroma becomes the average of its own and that of the "
        "cells it has doors to.",
        "If a cell next to the rat smells stronger than its own, the rat moves to the "
        "strongest. Otherwise it waits (and if the aroma has settled, it would wait for "
        "ever: stop). Go to step 2.",
    ),
))
