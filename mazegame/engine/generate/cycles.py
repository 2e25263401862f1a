"""Random Hamiltonian cycles of a grid graph in linear time, for cavern mazes (seed 004).

Growing a path by backbites costs a path reversal per move and about n^1.5 moves, so a
512x512 cavern took minutes. Here the cycle is built from a *2-factor* instead (every
vertex on exactly two chosen edges: a set of disjoint cycles covering the grid):

1. start from rings two rows (or two columns) wide, which cover any grid with an even side;
2. shake it: random *plaquette flips* swap the two parallel chosen edges of a unit square
   for the other two. Every vertex keeps two edges, so the result is again a 2-factor, and
   a flip costs O(1) with each vertex's two neighbours stored (no path order to maintain);
3. merge: a flip whose two edges lie on different cycles joins them into one. Scanning the
   squares in random order with a union-find over the cycles joins them all; if the
   scan gets stuck (no square joins two of what is left), shake the squares around the
   stranded cycles and scan again.

Everything is O(cells) per sweep: a 1024x1024 grid takes about a second.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.generate.common import find
from mazegame.engine.jit import kernel
from mazegame.engine.rng import randbelow

SHAKES = 3  #: random flips per square before merging (more: more winding, slower)
ROUNDS = 64  #: shake-and-merge rounds before giving up (merging nearly always ends in one)


@kernel
def _has(nb, a, b):
    return nb[a, 0] == b or nb[a, 1] == b


@kernel
def _swap(nb, a, old, new):
    if nb[a, 0] == old:
        nb[a, 0] = new
    else:
        nb[a, 1] = new


@kernel
def flip(nb, a, b, c, d):
    """Square a b / c d (a's right is b, below is c): swap its two parallel chosen edges
    (a-b and c-d, or a-c and b-d) for the other two. Returns whether it could."""
    if _has(nb, a, b) and _has(nb, c, d) and not _has(nb, a, c) and not _has(nb, b, d):
        _swap(nb, a, b, c)
        _swap(nb, b, a, d)
        _swap(nb, c, d, a)
        _swap(nb, d, c, b)
        return True
    if _has(nb, a, c) and _has(nb, b, d) and not _has(nb, a, b) and not _has(nb, c, d):
        _swap(nb, a, c, b)
        _swap(nb, b, d, a)
        _swap(nb, c, a, d)
        _swap(nb, d, b, c)
        return True
    return False


@kernel
def _rings(h, w):
    """A 2-factor of the h x w grid (h or w even): rings two rows high, else two wide."""
    nb = np.empty((h * w, 2), dtype=np.int32)
    for v in range(h * w):
        i, j = v // w, v % w
        if h % 2 == 0:  # the ring of rows i - i%2 and that + 1
            if i % 2 == 0:
                ahead, behind = (v + 1 if j + 1 < w else v + w), (v - 1 if j > 0 else v + w)
            else:
                ahead, behind = (v - 1 if j > 0 else v - w), (v + 1 if j + 1 < w else v - w)
        elif j % 2 == 0:
            ahead, behind = (v + w if i + 1 < h else v + 1), (v - w if i > 0 else v + 1)
        else:
            ahead, behind = (v - w if i > 0 else v - 1), (v + w if i + 1 < h else v - 1)
        nb[v, 0], nb[v, 1] = ahead, behind
    return nb


@kernel
def _shake(nb, h, w, flips):
    """`flips` random plaquette flips (each a no-op when the square does not allow it)."""
    squares = (h - 1) * (w - 1)
    for _ in range(flips):
        s = randbelow(squares)
        a = (s // (w - 1)) * w + s % (w - 1)
        flip(nb, a, a + 1, a + w, a + w + 1)


@kernel
def _label(nb, comp):
    """Number the cycles of the 2-factor (comp[v] = its cycle); returns how many."""
    comp[:] = -1
    count = 0
    for v in range(nb.shape[0]):
        if comp[v] >= 0:
            continue
        prev, cur = -1, v
        while comp[cur] < 0:
            comp[cur] = count
            nxt = nb[cur, 0] if nb[cur, 0] != prev else nb[cur, 1]
            prev, cur = cur, nxt
        count += 1
    return count


@kernel
def _merge(nb, h, w, comp, parent, order):
    """Join cycles by flips across two of them, squares in random order, until one is left
    or a whole scan joins nothing (`parent`: union-find over the cycles). Returns how many
    cycles are left."""
    left = parent.shape[0]
    joined = True
    while left > 1 and joined:
        joined = False
        np.random.shuffle(order)
        for s in order:
            a = (s // (w - 1)) * w + s % (w - 1)
            b, c, d = a + 1, a + w, a + w + 1
            ra = find(parent, comp[a])
            if _has(nb, a, b) and _has(nb, c, d):
                other = find(parent, comp[c])
            elif _has(nb, a, c) and _has(nb, b, d):
                other = find(parent, comp[b])
            else:
                continue
            if other != ra and flip(nb, a, b, c, d):
                parent[max(ra, other)] = min(ra, other)
                left -= 1
                joined = True
    return left


@kernel
def _shake_around(nb, h, w, comp, parent, keep, radius):
    """Random flips on the squares within `radius` of every cell not on cycle `keep` (the
    largest): the few cycles a merge scan left stranded get new surroundings (a cycle can
    be hemmed in by edges all square to its own, which no flip next to it changes)."""
    for v in range(nb.shape[0]):
        if find(parent, comp[v]) == keep:
            continue
        i, j = v // w, v % w
        for si in range(max(0, i - radius), min(h - 1, i + radius)):
            for sj in range(max(0, j - radius), min(w - 1, j + radius)):
                if np.random.randint(0, 2):
                    a = si * w + sj
                    flip(nb, a, a + 1, a + w, a + w + 1)


@kernel
def hamiltonian_cycle(h, w, path):
    """Fill `path` with a random Hamiltonian cycle of the h x w grid graph (h*w even, both
    sides at least 2), in cycle order from vertex 0, using numba's seeded generator.
    Returns False if no round of merging ended in a single cycle."""
    n = h * w
    nb = _rings(h, w)
    comp = np.empty(n, dtype=np.int64)
    order = np.arange((h - 1) * (w - 1))
    _shake(nb, h, w, SHAKES * order.shape[0])
    parent = np.arange(1)
    left = 0
    for rounds in range(ROUNDS):
        count = _label(nb, comp)
        parent = np.arange(count)
        left = _merge(nb, h, w, comp, parent, order)
        if left == 1:
            break
        sizes = np.zeros(count, dtype=np.int64)
        for v in range(n):
            sizes[find(parent, comp[v])] += 1
        _shake_around(nb, h, w, comp, parent, np.argmax(sizes), 2 + rounds)
    prev, cur = -1, 0
    for t in range(n):
        path[t] = cur
        nxt = nb[cur, 0] if nb[cur, 0] != prev else nb[cur, 1]
        prev, cur = cur, nxt
    return left == 1
