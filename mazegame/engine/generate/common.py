"""Kernel helpers every generator family shares: carving, walling, union-find, shuffling.

They take and return the trace buffer and its count like `emit`, so a generator's fast
path and its recorded path stay one kernel.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.grid import set_door
from mazegame.engine.jit import kernel
from mazegame.engine.trace import CARVE, WALL, emit

SUITS = "Suits, Playing With Mazes (1994)"
CLASSIC = "classic catalogue (Daedalus, mazelib, Jamis Buck)"


@kernel
def carve(walls, wrap_x, wrap_y, cell, d, record, buf, k):
    """Open side d of `cell` from both sides and record a CARVE event."""
    set_door(walls, wrap_x, wrap_y, cell, d, True)
    if record:
        buf, k = emit(buf, k, CARVE, cell, d)
    return buf, k


@kernel
def build_wall(walls, wrap_x, wrap_y, cell, d, record, buf, k):
    """Close side d of `cell` from both sides and record a WALL event."""
    set_door(walls, wrap_x, wrap_y, cell, d, False)
    if record:
        buf, k = emit(buf, k, WALL, cell, d)
    return buf, k


@kernel
def find(parent, x):
    """Union-find root of x, compressing the path on the way."""
    root = x
    while parent[root] != root:
        root = parent[root]
    while parent[x] != root:
        nxt = parent[x]
        parent[x] = root
        x = nxt
    return root


@kernel
def shuffle(items, count):
    """Fisher-Yates shuffle of items[:count] in place with numba's seeded generator."""
    for i in range(count - 1, 0, -1):
        j = np.random.randint(0, i + 1)
        items[i], items[j] = items[j], items[i]
