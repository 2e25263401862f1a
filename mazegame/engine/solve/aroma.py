"""The cheese algorithm (Suits section 3.6): aroma diffuses from the goal, the rat follows it.

Each time tick every cell's Total Aroma Rating (TAR) becomes the average of its own TAR and
the TARs of the cells it can move to; the goal cells hold a constant 1. The rat waits until
it smells something, then each tick moves to the reachable neighbour with the strongest
aroma if that beats its own cell. Aroma spreads along the move graph backwards, so wrap-around
and one-way doors need no special case.

Trace labels are aroma levels on a log scale, 0 (none) .. AROMA_LEVELS (the cheese itself);
see `aroma_level`. A cell's aroma only grows, so each cell's label changes at most
AROMA_LEVELS times and the trace stays bounded.
"""

from __future__ import annotations

import math

import numpy as np

from mazegame.engine.graph import maze_graph
from mazegame.engine.grid import Maze, step_kernel
from mazegame.engine.jit import kernel
from mazegame.engine.solve.base import arrive, finish, goal_mask, note
from mazegame.engine.solve.registry import (
    BUDGET,
    DEFAULTS,
    FOUND,
    SMELL,
    SolveOptions,
    SolverSpec,
    register,
)
from mazegame.engine.trace import LABEL, emit, recorded

AROMA_LEVELS = 1000  #: label of the cheese itself
AROMA_DECADES = 30  #: label 1 stands for an aroma of 10**-AROMA_DECADES or fainter


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
def cheese(walls, wrap_x, wrap_y, solid, indptr, indices, start, goals, budget, record, buf):
    """Tick the diffusion and move the rat until it reaches a goal or the ticks run out.

    Returns `(status, path, events, aroma)`; `budget` counts time ticks.
    """
    n = walls.size
    tar = np.zeros(n, dtype=np.float64)
    nxt_tar = np.empty(n, dtype=np.float64)
    level = np.zeros(n, dtype=np.int32)
    visits = np.zeros(n, dtype=np.int32)
    path = np.empty(1024, dtype=np.int32)
    npath, k = 0, 0
    for g in range(n):
        if goals[g]:
            tar[g] = 1.0
            level[g] = AROMA_LEVELS
            if record:
                k = emit(buf, k, LABEL, g, AROMA_LEVELS)
    path, npath, k = arrive(start, visits, path, npath, False, record, buf, k)
    rat, ticks, status, smelled = start, 0, FOUND, False
    while not goals[rat]:
        if ticks >= budget:
            status = BUDGET
            break
        ticks += 1
        for v in range(n):  # Jacobi sweep: everyone averages last tick's values
            if goals[v]:
                nxt_tar[v] = 1.0
                continue
            total = tar[v]
            for j in range(indptr[v], indptr[v + 1]):
                total += tar[indices[j]]
            nxt_tar[v] = total / (1 + indptr[v + 1] - indptr[v])
        tar, nxt_tar = nxt_tar, tar
        if record:
            for v in range(n):
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
            path, npath, k = arrive(rat, visits, path, npath, False, record, buf, k)
    k = note(status, rat, record, buf, k)
    return status, path[:npath], buf[:k], tar


def solve_cheese(maze: Maze, record: bool = False, options: SolveOptions = DEFAULTS):
    """Run the rat; `extra["aroma"]` holds the final TAR of every cell.

    The budget counts ticks; by default enough for the aroma to crawl down a corridor
    through every cell, capped so that a sweep-per-tick run stays within seconds."""
    graph = maze_graph(maze)
    n = maze.size
    budget = options.budget if options.budget is not None else min(16 * n * n, 2_000_000_000 // n)
    status, path, events, tar = recorded(lambda buf: cheese(
        maze.walls, maze.wrap_x, maze.wrap_y, maze.rock, graph.indptr, graph.indices,
        maze.start, goal_mask(maze), int(budget), record, buf,
    ), record, 64 * n, lambda result: result[2])
    return finish("cheese", maze, status, path, events, record, {"aroma": tar})


register(SolverSpec(
    "cheese", "The cheese algorithm", solve_cheese,
    "Put cheese on the goal and let its smell spread: each tick a cell's aroma becomes the "
    "average of its own and its neighbours'. The rat waits until it smells it, then always "
    "steps towards the strongest smell.",
    "Suits, Playing With Mazes (1994), section 3.6",
    directed=True, walker=True, labels="aroma",
))
