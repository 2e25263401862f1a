"""Does a move sequence solve every feasible n x m maze? And if not, one maze it leaves
unsolved.

Up to 25 cells every maze class (`family`) is walked explicitly: each class's position is
one cell index and its maze one bitmask, so a move is a table look-up, and a class stops
as soon as it is solved (most are solved early, so a 551-move 5x5 sequence over all 482443
classes takes a fraction of a second).

Beyond, up to 64 cells, the paper's search for an unsolved maze: a depth-first search over
partial mazes (cells free, blocked or unknown) following the sequence; a move into an
unknown cell splits the search (free: the walker moves; blocked: it stays). A branch ends
when it reaches the goal (solved) or when the goal is cut off by blocked cells (no feasible
maze left). It finds an unsolved maze when the sequence runs out, or earlier when the goal
is further (through the unblocked cells) than the moves left: the maze with every unknown
cell free is then feasible and unsolved.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mazegame.engine.allmazes.family import MOVES, family, neighbour_table
from mazegame.engine.jit import kernel

MAX_DFS_CELLS = 64  #: the search keeps partial mazes in two 64-bit words


@kernel
def solve_times(steps, seq, goal):
    """int32[k]: for each class, how many moves of `seq` bring it to the goal (-1: never)."""
    k = steps.shape[0]
    out = np.full(k, -1, dtype=np.int32)
    for c in range(k):
        pos = 0
        if pos == goal:
            out[c] = 0
            continue
        for i in range(seq.shape[0]):
            pos = steps[c, pos, seq[i]]
            if pos == goal:
                out[c] = i + 1
                break
    return out


@kernel
def _goal_distance(nbr, blocked, cells, dist, queue):
    """Fill `dist` with steps to the goal through the cells not blocked (-1: cut off)."""
    for c in range(cells):
        dist[c] = -1
    goal = cells - 1
    dist[goal] = 0
    queue[0] = goal
    head, tail = 0, 1
    while head < tail:
        cell = queue[head]
        head += 1
        for d in range(4):
            nb = nbr[cell, d]
            if nb >= 0 and not (blocked >> nb) & 1 and dist[nb] < 0:
                dist[nb] = dist[cell] + 1
                queue[tail] = nb
                tail += 1


@kernel
def find_unsolved(nbr, seq, cells, node_limit, want=1):
    """Depth-first search for feasible mazes `seq` leaves unsolved: (status, blocked masks,
    nodes) with status 1 found some (up to `want`; each maze: every cell not in its mask
    free), 0 none exists, -1 gave up after `node_limit` nodes with none found."""
    status, blocks, _, _, nodes = _search(nbr, seq, cells, node_limit, want, -1)
    return status, blocks, nodes


@kernel
def sample_unsolved(nbr, seq, cells, node_limit, want, seed):
    """The whole search, keeping `want` of its unsolved partial mazes drawn uniformly
    (a reservoir): (status, blocked masks, free masks, how many there were, nodes). Unlike
    the first `want` found, which share most of their cells, these are spread over all the
    ways the sequence fails; every maze completing one (its unknown cells free or blocked
    at will) that is feasible is unsolved."""
    return _search(nbr, seq, cells, node_limit, want, seed)


@kernel
def _search(nbr, seq, cells, node_limit, want, seed):
    """The search for unsolved mazes: the first `want` (seed < 0) or a uniform sample of
    `want` of all of them (seed >= 0)."""
    if seed >= 0:
        np.random.seed(seed)
    length = seq.shape[0]
    goal = cells - 1
    depth = 2 * length + 4
    st_i = np.empty(depth, dtype=np.int64)
    st_pos = np.empty(depth, dtype=np.int64)
    st_free = np.empty(depth, dtype=np.int64)
    st_block = np.empty(depth, dtype=np.int64)
    dist = np.empty((depth, cells), dtype=np.int16)  # the goal distance each entry saw
    queue = np.empty(cells, dtype=np.int64)
    top = 0
    st_i[0], st_pos[0], st_block[0] = 0, 0, 0
    st_free[0] = np.int64(1) | (np.int64(1) << goal)  # both corners are free
    _goal_distance(nbr, np.int64(0), cells, dist[0], queue)
    top = 1
    nodes = 0
    found = np.empty(want, dtype=np.int64)
    found_free = np.empty(want, dtype=np.int64)
    count = 0
    leaves = 0
    while top > 0 and (count < want or seed >= 0):
        top -= 1
        i, pos, free, block = st_i[top], st_pos[top], st_free[top], st_block[top]
        here = dist[top]
        nodes += 1
        if nodes > node_limit:
            break
        while True:  # follow the sequence while nothing is unknown
            if pos == goal:
                break
            if here[pos] < 0:
                break  # the goal is cut off: no feasible maze here
            if here[pos] > length - i:  # too far for the moves left: unsolved
                slot = leaves if leaves < want else np.random.randint(leaves + 1)
                if slot < want:
                    found[slot], found_free[slot] = block, free
                leaves += 1
                count = min(leaves, want)
                break
            d = seq[i]
            t = nbr[pos, d]
            i += 1
            if t < 0 or (block >> t) & 1:
                continue
            if (free >> t) & 1:
                pos = t
                continue
            # unknown: blocked child (below), then free child (on top, explored first)
            bit = np.int64(1) << t
            dist[top + 1, :] = here  # before `here` (the same row as the blocked child's)
            st_i[top], st_pos[top], st_free[top], st_block[top] = i, pos, free, block | bit
            _goal_distance(nbr, block | bit, cells, dist[top], queue)
            top += 1
            st_i[top], st_pos[top], st_free[top], st_block[top] = i, t, free | bit, block
            top += 1
            break
    status = 1 if count else (-1 if nodes > node_limit else 0)
    return status, found[:count].copy(), found_free[:count].copy(), leaves, nodes


@dataclass(frozen=True)
class Verdict:
    """What a check found: `total` feasible mazes, `solved` of them solved (None when the
    search cannot count), and when some are not, one of them (`free`: bool[n, m])."""

    n: int
    m: int
    length: int
    total: int
    solved: int | None
    free: np.ndarray | None
    nodes: int = 0

    @property
    def ok(self) -> bool:
        """Whether the sequence solves every feasible maze."""
        return self.free is None


def walk(free: np.ndarray, moves) -> list[int]:
    """The cells (r*m + c) a walker visits in the maze `free` (bool[n, m]), start included,
    stopping at the goal."""
    n, m = free.shape
    cells = [0]
    r = c = 0
    for d in moves:
        if r * m + c == n * m - 1:
            break
        rr, cc = r + (-1, 1, 0, 0)[d], c + (0, 0, -1, 1)[d]
        if 0 <= rr < n and 0 <= cc < m and free[rr, cc]:
            r, c = rr, cc
        cells.append(r * m + c)
    return cells


def check(n: int, m: int, moves, node_limit: int = 1 << 40) -> Verdict:
    """Check the sequence (move numbers, or letters) on every feasible n x m maze."""
    from mazegame.engine.allmazes.count import count_feasible

    seq = np.asarray([MOVES.index(x) for x in moves] if isinstance(moves, str) else moves,
                     dtype=np.int8)
    total = count_feasible(n, m)
    cells = n * m
    if cells <= 25:
        fam = family(n, m)
        times = solve_times(fam.steps, seq, fam.goal)
        unsolved = np.flatnonzero(times < 0)
        solved = total - int(fam.weights[unsolved].sum())
        if unsolved.size == 0:
            return Verdict(n, m, len(seq), total, solved, None)
        mask = int(fam.masks[unsolved[0]])
        return Verdict(n, m, len(seq), total, solved, _bits_to_free(mask, n, m))
    if cells > MAX_DFS_CELLS:
        raise ValueError(f"checks go up to {MAX_DFS_CELLS} cells, not {n}x{m}")
    status, blocks, nodes = find_unsolved(neighbour_table(n, m), seq, cells, node_limit)
    if status < 0:
        raise TimeoutError(f"gave up after {nodes} search nodes")
    if status == 0:
        return Verdict(n, m, len(seq), total, total, None, int(nodes))
    free = ~_bits_to_free(int(blocks[0]) & ((1 << cells) - 1), n, m)
    return Verdict(n, m, len(seq), total, None, free, int(nodes))


def _bits_to_free(mask: int, n: int, m: int) -> np.ndarray:
    """bool[n, m] with the cells of the bitmask set."""
    return np.array([[(mask >> (r * m + c)) & 1 for c in range(m)] for r in range(n)],
                    dtype=bool)
