"""Grid helpers the plain-Python references share: walls are flat lists of N=1/E=2/S=4/W=8 bits."""

from __future__ import annotations

DR = (-1, 0, 1, 0)
DC = (0, 1, 0, -1)


def neighbors(cell: int, w: int, h: int):
    """(direction, neighbour cell) for each side of `cell` inside the grid."""
    r, c = divmod(cell, w)
    for d in range(4):
        rr, cc = r + DR[d], c + DC[d]
        if 0 <= rr < h and 0 <= cc < w:
            yield d, rr * w + cc


def carve(walls: list[int], w: int, cell: int, d: int, other: int) -> None:
    """Open the wall between `cell` and its neighbour `other` through side d."""
    walls[cell] &= ~(1 << d)
    walls[other] &= ~(1 << (d ^ 2))


def find_root(parent: list[int], x: int) -> int:
    """Root of x's set, halving the path."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x

