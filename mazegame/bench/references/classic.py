"""Plain-Python references of the row-by-row and wall-adding generators."""

from __future__ import annotations

import random

from mazegame.bench.references.grid import carve, find_root, neighbors


def eller(w: int, h: int, seed: int) -> list[int]:
    """Eller's algorithm, one row of sets at a time."""
    rng = random.Random(seed)
    walls = [15] * (w * h)
    row = list(range(w))
    next_id = w
    for r in range(h):
        base = r * w
        for c in range(w - 1):
            if row[c] != row[c + 1] and (r == h - 1 or rng.random() < 0.5):
                old = row[c + 1]
                row = [row[c] if s == old else s for s in row]
                carve(walls, w, base + c, 1, base + c + 1)
        if r == h - 1:
            break
        members: dict[int, list[int]] = {}
        for c, s in enumerate(row):
            members.setdefault(s, []).append(c)
        below = [-1] * w
        for s, cols in members.items():
            chosen = [c for c in cols if rng.random() < 0.5] or [rng.choice(cols)]
            for c in chosen:
                carve(walls, w, base + c, 2, base + w + c)
                below[c] = s
        for c in range(w):
            if below[c] < 0:
                below[c] = next_id
                next_id += 1
        row = below
    return walls


def binary_tree(w: int, h: int, seed: int) -> list[int]:
    """Binary tree: each cell opens north or east."""
    rng = random.Random(seed)
    walls = [15] * (w * h)
    for cell in range(w * h):
        options = [(d, nb) for d, nb in neighbors(cell, w, h) if d in (0, 1)]
        if options:
            d, nb = rng.choice(options)
            carve(walls, w, cell, d, nb)
    return walls


def sidewinder(w: int, h: int, seed: int) -> list[int]:
    """Sidewinder: runs east, each closed by one door north."""
    rng = random.Random(seed)
    walls = [15] * (w * h)
    for r in range(h):
        run = []
        for c in range(w):
            cell = r * w + c
            run.append(cell)
            if c == w - 1 or (r > 0 and rng.random() < 0.5):
                if r > 0:
                    up = rng.choice(run)
                    carve(walls, w, up, 0, up - w)
                run = []
            else:
                carve(walls, w, cell, 1, cell + 1)
    return walls


def recursive_division(w: int, h: int, seed: int) -> list[int]:
    """Recursive division of an open room, with an explicit stack."""
    rng = random.Random(seed)
    walls = [0] * (w * h)
    chambers = [(0, 0, h, w)]
    while chambers:
        r0, c0, ch, cw = chambers.pop()
        if ch < 2 or cw < 2:
            continue
        if ch > cw or (ch == cw and rng.random() < 0.5):
            cut, gap = rng.randrange(ch - 1), rng.randrange(cw)
            for c in range(cw):
                if c != gap:
                    cell = (r0 + cut) * w + c0 + c
                    walls[cell] |= 4
                    walls[cell + w] |= 1
            chambers += [(r0, c0, cut + 1, cw), (r0 + cut + 1, c0, ch - cut - 1, cw)]
        else:
            cut, gap = rng.randrange(cw - 1), rng.randrange(ch)
            for r in range(ch):
                if r != gap:
                    cell = (r0 + r) * w + c0 + cut
                    walls[cell] |= 2
                    walls[cell + 1] |= 8
            chambers += [(r0, c0, ch, cut + 1), (r0, c0 + cut + 1, ch, cw - cut - 1)]
    return walls


def anderson(w: int, h: int, seed: int) -> list[int]:
    """Walls grown from the border one random segment at a time."""
    rng = random.Random(seed)
    walls = [0] * (w * h)  # open room; only interior walls matter for the timing
    cw = w + 1
    attached = [i in (0, h) or j in (0, w) for i in range(h + 1) for j in range(cw)]
    frontier = [q for q in range(len(attached)) if not attached[q]
                and any(attached[p] for _, p in neighbors(q, cw, h + 1))]
    queued = set(frontier)
    while frontier:
        j = rng.randrange(len(frontier))
        frontier[j], frontier[-1] = frontier[-1], frontier[j]
        q = frontier.pop()
        d, _ = rng.choice([(d, p) for d, p in neighbors(q, cw, h + 1) if attached[p]])
        i, jj = divmod(q, cw)
        cell, side = {0: ((i - 1) * w + jj, 3), 2: (i * w + jj, 3),
                      1: (i * w + jj, 0), 3: (i * w + jj - 1, 0)}[d]
        walls[cell] |= 1 << side
        walls[cell - (w if side == 0 else 1)] |= 1 << (side ^ 2)  # the cell across the wall
        attached[q] = True
        for _, p in neighbors(q, cw, h + 1):
            if not attached[p] and p not in queued:
                queued.add(p)
                frontier.append(p)
    return walls


def connection_matrix(w: int, h: int, seed: int) -> list[int]:
    """Random doors, then Kruskal joins what is still apart."""
    rng = random.Random(seed)
    n = w * h
    walls = [15] * n
    parent = list(range(n))
    closed = []
    for cell in range(n):
        for d, nb in neighbors(cell, w, h):
            if d in (1, 2):
                if rng.random() < 0.5:
                    carve(walls, w, cell, d, nb)
                    parent[find_root(parent, cell)] = find_root(parent, nb)
                else:
                    closed.append((cell, d, nb))
    rng.shuffle(closed)
    for cell, d, nb in closed:
        a, b = find_root(parent, cell), find_root(parent, nb)
        if a != b:
            parent[a] = b
            carve(walls, w, cell, d, nb)
    return walls

