"""Braiding: turn a perfect maze into a multiply connected one by removing dead ends.

Suits (2.1, 2.2): "take the connected maze and randomly remove a few walls". Removing walls
at dead ends is the version that changes how the maze plays: a dead end opened toward
another dead end fixes both, so those are preferred (as in Jamis Buck's braid demo).
`board_braid_kernel` does the same on any board (`engine.tilings`).
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.board_maze import open_side
from mazegame.engine.generate.common import below, shuffle
from mazegame.engine.grid import neighbor, set_door, step_kernel
from mazegame.engine.jit import kernel
from mazegame.engine.rng import xs_below, xs_next, xs_seed
from mazegame.engine.trace import CARVE, STEP, emit


@kernel
def braid_kernel(walls, wrap_x, wrap_y, solid, fraction, seed, record, buf):
    """Visit the dead ends in random order, opening one wall at each, until round(fraction *
    dead ends) are gone; returns the CARVE events, after a `(STEP, -1, 0)`: braiding is no
    step of the generator's list, but a pass after it (`trace.event_steps`).

    An opening toward another dead end removes two; a dead end with no wall to open (the
    end of a 1xN corridor) stays.
    """
    np.random.seed(seed)
    h, w = walls.shape
    n = h * w
    rock = solid.shape[0] > 0
    exits = np.zeros(n, dtype=np.int64)
    dead = np.empty(n, dtype=np.int64)
    nd = 0
    for cell in range(n):
        if rock and solid[cell // w, cell % w]:
            continue
        for d in range(4):
            if step_kernel(walls, wrap_x, wrap_y, solid, cell, d) != cell:
                exits[cell] += 1
        if exits[cell] == 1:
            dead[nd] = cell
            nd += 1
    shuffle(dead, nd)
    target = int(np.floor(fraction * nd + 0.5))
    sides = np.empty(4, dtype=np.int64)
    k = emit(buf, 0, STEP, -1, 0) if record else 0
    removed = 0
    for i in range(nd):
        cell = dead[i]
        if removed >= target:
            break
        if exits[cell] != 1:
            continue
        ns = 0
        paired = False  # seen a side whose neighbour is a dead end too
        for d in range(4):
            nb = neighbor(h, w, wrap_x, wrap_y, cell, d)
            if nb < 0 or not walls[cell // w, cell % w] & (1 << d):
                continue
            if rock and solid[nb // w, nb % w]:
                continue
            if exits[nb] == 1 and not paired:  # drop the plain sides collected so far
                paired = True
                ns = 0
            if paired and exits[nb] != 1:
                continue
            sides[ns] = d
            ns += 1
        if ns == 0:
            continue
        d = sides[below(ns)]
        nb = neighbor(h, w, wrap_x, wrap_y, cell, d)
        set_door(walls, wrap_x, wrap_y, cell, d, True)
        if record:
            k = emit(buf, k, CARVE, cell, d)
        removed += 2 if exits[nb] == 1 else 1
        exits[cell] += 1
        exits[nb] += 1
    return buf[:k]


@kernel
def board_braid_kernel(links, opposite, doors, fraction, seed, record, buf):
    """`braid_kernel` on any board (`engine.tilings`): `doors` (a bit a side, set = open)
    edited in place, the dead ends visited in the random order of the kernels' own stream
    (`rng.xs_*`), one shut side opened at each (toward another dead end when one is next
    to it) until round(fraction * dead ends) are gone. Returns `(STEP, -1, 0)` and the
    CARVE events (cell, side)."""
    n, sides = links.shape
    exits = np.zeros(n, dtype=np.int64)
    dead = np.empty(n, dtype=np.int64)
    nd = 0
    for cell in range(n):
        for d in range(sides):
            if (doors[cell] >> d) & 1 and links[cell, d] >= 0:
                exits[cell] += 1
        if exits[cell] == 1:
            dead[nd] = cell
            nd += 1
    x = xs_seed(seed)
    for i in range(nd - 1, 0, -1):  # Fisher-Yates
        x = xs_next(x)
        j = xs_below(x, i + 1)
        dead[i], dead[j] = dead[j], dead[i]
    target = int(np.floor(fraction * nd + 0.5))
    choice = np.empty(sides, dtype=np.int64)
    k = emit(buf, 0, STEP, -1, 0) if record else 0
    removed = 0
    for i in range(nd):
        cell = dead[i]
        if removed >= target:
            break
        if exits[cell] != 1:
            continue
        m = 0
        paired = False  # seen a side whose neighbour is a dead end too
        for d in range(sides):
            nb = links[cell, d]
            if nb < 0 or (doors[cell] >> d) & 1:
                continue
            if exits[nb] == 1 and not paired:  # drop the plain sides collected so far
                paired = True
                m = 0
            if paired and exits[nb] != 1:
                continue
            choice[m] = d
            m += 1
        if m == 0:
            continue
        x = xs_next(x)
        d = choice[xs_below(x, m)]
        nb = links[cell, d]
        open_side(links, opposite, doors, cell, d)
        if record:
            k = emit(buf, k, CARVE, cell, d)
        removed += 2 if exits[nb] == 1 else 1
        exits[cell] += 1
        exits[nb] += 1
    return buf[:k]
