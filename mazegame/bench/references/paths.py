"""Plain-Python references of the Hamiltonian-path generators (unicursal, cavern)."""

from __future__ import annotations

import random

from mazegame.bench.references.grid import carve, neighbors


def _backbite(path: list[int], pos: dict, w: int, h: int, rng: random.Random) -> None:
    """One backbite move: reverse the path's tail to a random neighbour of its end."""
    options = [nb for _, nb in neighbors(path[-1], w, h) if nb in pos and nb != path[-2]]
    if options:
        i = pos[rng.choice(options)]
        path[i + 1:] = path[:i:-1]
        for j in range(i + 1, len(path)):
            pos[path[j]] = j


def _hamiltonian_path(w: int, h: int, start: int, rng: random.Random) -> list[int]:
    """A Hamiltonian path grown greedily and repaired by backbite moves."""
    path, pos = [start], {start: 0}
    while len(path) < w * h:
        free = [nb for _, nb in neighbors(path[-1], w, h) if nb not in pos]
        if free:
            v = rng.choice(free)
            pos[v] = len(path)
            path.append(v)
        else:
            _backbite(path, pos, w, h, rng)
    return path


def unicursal(w: int, h: int, seed: int) -> list[int]:
    """A Hamiltonian path by backbite moves, carved as one passage."""
    rng = random.Random(seed)
    walls = [15] * (w * h)
    path = _hamiltonian_path(w, h, 0, rng)
    for a, b in zip(path, path[1:], strict=False):
        d = next(d for d, nb in neighbors(a, w, h) if nb == b)
        carve(walls, w, a, d, b)
    return walls


def cavern(w: int, h: int, seed: int) -> list[bool]:
    """A Hamiltonian cycle on the wall grid: the rock inside it is the cavern."""
    rng = random.Random(seed)
    cw, ch = w - 1, h - 1
    path = _hamiltonian_path(cw, ch, rng.randrange(cw * ch), rng)
    pos = {v: i for i, v in enumerate(path)}
    while path[0] not in {nb for _, nb in neighbors(path[-1], cw, ch)}:
        _backbite(path, pos, cw, ch, rng)
    down = set()
    for a, b in zip(path, path[1:] + path[:1], strict=False):
        if abs(a - b) == cw:
            down.add(min(a, b))
    rock = [True] * (w * h)
    for r in range(1, h - 1):
        inside = False
        for c in range(1, w - 1):
            inside ^= (r - 1) * cw + c - 1 in down
            rock[r * w + c] = not inside
    return rock

