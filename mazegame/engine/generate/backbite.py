"""The backbite walk (Oberdorf et al.): Hamiltonian paths of a grid graph, for unicursal mazes.

A self-avoiding random walk that, whenever it is stuck, applies one *backbite* to its moving
end: join the end to a grid neighbour already on the path and drop the path edge that would
close a loop, which reverses the tail segment and gives a new end. Repeating it until the
walk covers every vertex gives a Hamiltonian path from a fixed start; more backbites then
move the free end (`steer`). Paths are `path` (index -> cell) with `pos` (cell -> index).
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.generate.common import below
from mazegame.engine.grid import neighbor, set_door
from mazegame.engine.jit import kernel
from mazegame.engine.trace import ACTIVE, AT, CARVE, MARK, STEP, WALL, emit


@kernel
def side_toward(w, a, b):
    """Side of cell a that faces its grid neighbour b (no wrap)."""
    if b == a - w:
        return 0
    if b == a + w:  # checked before a+1 so that width 1 reads as south
        return 2
    return 1 if b == a + 1 else 3


@kernel
def reverse_segment(path, pos, lo, hi):
    """Reverse path[lo:hi] in place, keeping pos (vertex -> index) in step."""
    i, j = lo, hi - 1
    while i < j:
        a, b = path[i], path[j]
        path[i], pos[b] = b, i
        path[j], pos[a] = a, j
        i += 1
        j -= 1


@kernel
def backbite(path, pos, length, h, w, walls, record, buf, k, step):
    """One backbite on the path's end; a no-op when the random neighbour is unusable.

    The path lives on the maze's cells: the edge changes are carved and walled (and traced,
    after a STEP event naming `step`, the caller's step that bites; none for a no-op).
    """
    tail = path[length - 1]
    d = np.random.randint(0, 4)
    v = neighbor(h, w, False, False, tail, d)
    if v < 0 or pos[v] < 0 or (length > 1 and v == path[length - 2]):
        return k
    i = pos[v]
    set_door(walls, False, False, tail, d, True)
    if record:
        k = emit(buf, k, STEP, -1, step)
        k = emit(buf, k, CARVE, tail, d)
    cut = side_toward(w, v, path[i + 1])  # the edge that would close a loop
    set_door(walls, False, False, v, cut, False)
    if record:
        k = emit(buf, k, WALL, v, cut)
    reverse_segment(path, pos, i + 1, length)
    if record:
        k = emit(buf, k, AT, path[length - 1], 0)
    return k


@kernel
def hamiltonian_walk(path, pos, h, w, start, budget, walls, record, buf, k):
    """Try to fill `path` with a Hamiltonian path of the h x w grid graph from `start`,
    carving it into `walls`.

    Returns (k, length): length < h*w when `budget` backbites did not finish the walk
    (tail-only backbites can circle in a class of paths that never completes). Traced as
    the unicursal maze's steps 1 (the start), 2 (a step on) and 3 (a backbite).
    """
    n = h * w
    pos[:] = -1
    path[0] = start
    pos[start] = 0
    length = 1
    bites = 0
    if record:
        k = emit(buf, k, STEP, -1, 1)
        k = emit(buf, k, AT, start, 0)
        k = emit(buf, k, MARK, start, ACTIVE)
    dirs = np.empty(4, dtype=np.int64)
    while length < n and bites < budget:
        tail = path[length - 1]
        nd = 0
        for d in range(4):
            v = neighbor(h, w, False, False, tail, d)
            if v >= 0 and pos[v] < 0:
                dirs[nd] = d
                nd += 1
        if nd == 0:  # stuck: bite, then walk on from the new end
            k = backbite(path, pos, length, h, w, walls, record, buf, k, 3)
            bites += 1
            continue
        d = dirs[below(nd)]
        v = neighbor(h, w, False, False, tail, d)
        path[length] = v
        pos[v] = length
        length += 1
        set_door(walls, False, False, tail, d, True)
        if record:
            k = emit(buf, k, STEP, -1, 2)
            k = emit(buf, k, CARVE, tail, d)
        if record:
            k = emit(buf, k, AT, v, 0)
            k = emit(buf, k, MARK, v, ACTIVE)
    return k, length


@kernel
def steer(path, pos, h, w, target, budget, walls, record, buf, k):
    """Backbite the free end until it stands on `target` (or next to the head when target
    is -1, closing a cycle); returns (k, reached). Traced as the unicursal maze's step 4."""
    n = h * w
    for _ in range(budget):
        if path[n - 1] == target or (target < 0 and _adjacent(w, path[0], path[n - 1])):
            return k, True
        k = backbite(path, pos, n, h, w, walls, record, buf, k, 4)
    return k, path[n - 1] == target or (target < 0 and _adjacent(w, path[0], path[n - 1]))


@kernel
def _adjacent(w, a, b):
    """Grid neighbours (no wrap)."""
    return b == a - w or b == a + w or (b == a + 1 and b % w != 0) or (a == b + 1 and a % w != 0)


@kernel
def erase_path(path, length, w, walls, record, buf, k):
    """Wall up the first `length` cells' path edges again, to start a fresh attempt."""
    for i in range(length - 1):
        d = side_toward(w, path[i], path[i + 1])
        set_door(walls, False, False, path[i], d, False)
        if record:
            k = emit(buf, k, WALL, path[i], d)
    return k


def walk_budget(n: int) -> int:
    """Backbites per walk or steering phase: well beyond the ~n log n a random walk needs."""
    return 20 * n * (int(np.log2(n + 1)) + 1) + 1000
