"""The local search that improves a treasure walk's order where the exact search cannot
run (see `treasure_search` for orders, local cells and their cost).

Two kinds of move, each priced in constant time from prefix sums over the legs: a run of
consecutive cells moved elsewhere (the legs it passes are walked by a few more or fewer
hidden cells), and a run walked backwards (a loop gone round the other way).
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.jit import kernel


@kernel
def order_total(D, order):
    """The cost of an order: each leg's length times the cells not yet found when walked."""
    n = order.shape[0]
    total = 0
    for i in range(1, n):
        total += (n - i) * D[order[i - 1], order[i]]
    return total


@kernel
def improve_order(D, order, longest, reach):
    """Local search from `order` (the start stays first): move a run of up to `longest`
    cells at most `reach` places, or walk a run of up to `reach` cells backwards, while a
    move lowers the cost; returns the order it ends with."""
    n = order.shape[0]
    o = order.copy()
    sums = np.zeros((6, n + 1), dtype=np.int64)
    _sums(D, o, sums)
    improved = True
    while improved:
        improved = False
        for a in range(1, n):
            for b in range(a, min(n, a + longest)):
                best, where = 0, -1
                for c in range(b + 1, min(n, b + 1 + reach)):  # the run after o[c]
                    delta = _later(D, o, sums[0], sums[1], n, a, b, c)
                    if delta < best:
                        best, where = delta, c
                for c in range(max(1, a - reach), a):  # the run before o[c]
                    delta = _earlier(D, o, sums[0], sums[1], n, a, b, c)
                    if delta < best:
                        best, where = delta, c
                if where >= 0:
                    run = o[a:b + 1].copy()
                    if where > b:
                        o[a:a + where - b] = o[b + 1:where + 1].copy()
                        o[a + where - b:where + 1] = run
                    else:
                        o[where + b - a + 1:b + 1] = o[where:a].copy()
                        o[where:where + b - a + 1] = run
                    _sums(D, o, sums)
                    improved = True
            for b in range(a + 1, min(n, a + reach)):
                if _reversed(D, o, sums, n, a, b) < 0:
                    o[a:b + 1] = o[a:b + 1][::-1].copy()
                    _sums(D, o, sums)
                    improved = True
    return o


@kernel(inline="always")
def _sums(D, o, sums):
    """Per leg i (into o[i]) and summed up to i: 0: its length, 1: the lengths so far,
    2: i x length, 3: the leg walked backwards (o[i] to o[i-1]), 4: i x that, 5: how many
    backward legs no way leads along."""
    for i in range(1, o.shape[0]):
        leg, back = D[o[i - 1], o[i]], D[o[i], o[i - 1]]
        sums[0, i] = leg
        sums[1, i] = sums[1, i - 1] + leg
        sums[2, i] = sums[2, i - 1] + i * leg
        sums[3, i] = sums[3, i - 1] + back
        sums[4, i] = sums[4, i - 1] + i * back
        sums[5, i] = sums[5, i - 1] + (back < 0)


@kernel(inline="always")
def _reversed(D, o, sums, n, a, b):
    """The cost change of walking the run o[a..b] backwards (b > a)."""
    into, out = D[o[a - 1], o[b]], D[o[a], o[b + 1]] if b + 1 < n else 0
    if into < 0 or out < 0 or sums[5, b] - sums[5, a] > 0:
        return 0  # a leg no way leads along: no move
    # old legs a+1..b weigh n - j; walked backwards, leg j weighs n - a - b - 1 + j
    old = n * (sums[1, b] - sums[1, a]) - (sums[2, b] - sums[2, a])
    new = (n - a - b - 1) * (sums[3, b] - sums[3, a]) + (sums[4, b] - sums[4, a])
    delta = new - old + (n - a) * (into - sums[0, a])
    if b + 1 < n:
        delta += (n - b - 1) * (out - sums[0, b + 1])
    return delta


@kernel(inline="always")
def _later(D, o, legs, prefix, n, a, b, c):
    """The cost change of moving the run o[a..b] to just after o[c] (c > b)."""
    shift = c - b
    m = b - a + 1
    if D[o[a - 1], o[b + 1]] < 0 or D[o[c], o[a]] < 0 or (c + 1 < n and D[o[b], o[c + 1]] < 0):
        return 0  # a leg no way leads along: no move
    delta = -(n - a) * legs[a] - (n - b - 1) * legs[b + 1]
    delta += (n - a) * D[o[a - 1], o[b + 1]] + (n - a - shift) * D[o[c], o[a]]
    if c + 1 < n:
        delta += (n - c - 1) * (D[o[b], o[c + 1]] - legs[c + 1])
    delta += m * (prefix[c] - prefix[b + 1])  # the passed legs are walked m cells sooner
    delta -= shift * (prefix[b] - prefix[a])  # the run's own legs, shift cells later
    return delta


@kernel(inline="always")
def _earlier(D, o, legs, prefix, n, a, b, c):
    """The cost change of moving the run o[a..b] to just before o[c] (c < a)."""
    shift = a - c
    m = b - a + 1
    if D[o[c - 1], o[a]] < 0 or D[o[b], o[c]] < 0 or (b + 1 < n and D[o[a - 1], o[b + 1]] < 0):
        return 0  # a leg no way leads along: no move
    delta = -(n - c) * legs[c] - (n - a) * legs[a]
    delta += (n - c) * D[o[c - 1], o[a]] + (n - c - m) * D[o[b], o[c]]
    if b + 1 < n:
        delta += (n - b - 1) * (D[o[a - 1], o[b + 1]] - legs[b + 1])
    delta -= m * (prefix[a - 1] - prefix[c])  # the passed legs are walked m cells later
    delta += shift * (prefix[b] - prefix[a])  # the run's own legs, shift cells sooner
    return delta
