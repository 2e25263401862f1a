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

from mazegame.engine.allmazes.budget import (
    NEVER,
    OutOfTime,
    Progress,
    Ticker,
    in_blocks,
    in_chunks,
)
from mazegame.engine.allmazes.family import MOVES, family, goal_distances, neighbour_table
from mazegame.engine.allmazes.kernels import reseed
from mazegame.engine.jit import kernel

MAX_DFS_CELLS = 64  #: the search keeps partial mazes in two 64-bit words


@kernel
def _solve_times_block(steps, seq, goal, out, lo, hi):
    """`solve_times` of classes lo..hi-1, into `out`."""
    for c in range(lo, hi):
        pos = 0
        out[c] = -1
        if pos == goal:
            out[c] = 0
            continue
        for i in range(seq.shape[0]):
            pos = steps[c, pos, seq[i]]
            if pos == goal:
                out[c] = i + 1
                break


def solve_times(steps: np.ndarray, seq: np.ndarray, goal: int,
                deadline: float = NEVER) -> np.ndarray:
    """int32[k]: for each class, how many moves of `seq` bring it to the goal (-1: never);
    in blocks (see `budget`). OutOfTime when the deadline passes first."""
    out = np.empty(steps.shape[0], dtype=np.int32)
    seq = np.asarray(seq, dtype=np.int8)
    if not in_blocks(lambda lo, hi: _solve_times_block(steps, seq, goal, out, lo, hi),
                     steps.shape[0], deadline):
        raise OutOfTime("the walk through every class ran out of time")
    return out


@kernel
def _search_root(nbr, cells, st_i, st_pos, st_free, st_block, dist, queue):
    """Put the search's first partial maze on its stack: both corners free, the rest
    unknown."""
    goal = cells - 1
    st_i[0], st_pos[0], st_block[0] = 0, 0, 0
    st_free[0] = np.int64(1) | (np.int64(1) << goal)
    goal_distances(nbr, ~np.int64(0), cells, dist[0], queue)


@kernel
def _search_some(nbr, seq, cells, want, sample, node_limit, st_i, st_pos, st_free,
                 st_block, dist, queue, found, found_free, state, budget):
    """Go on with the search for unsolved mazes for about `budget` units of work (a node
    or a move followed each); `state` holds [stack top, nodes, unsolved leaves]. Keeps the
    first `want` unsolved partial mazes, or with `sample` a uniform sample of `want` of
    them all (a reservoir, drawn from numba's generator). Whether the search is over (the
    tree done, `want` found when not sampling, or more than `node_limit` nodes)."""
    length = seq.shape[0]
    goal = cells - 1
    top, nodes, leaves = state[0], state[1], state[2]
    work = 0
    while top > 0 and (sample or leaves < want) and work < budget:
        top -= 1
        i, pos, free, block = st_i[top], st_pos[top], st_free[top], st_block[top]
        here = dist[top]
        nodes += 1
        work += 1
        if nodes > node_limit:
            break
        while True:  # follow the sequence while nothing is unknown
            work += 1
            if pos == goal:
                break
            if here[pos] < 0:
                break  # the goal is cut off: no feasible maze here
            if here[pos] > length - i:  # too far for the moves left: unsolved
                slot = leaves if leaves < want else np.random.randint(leaves + 1)
                if slot < want:
                    found[slot], found_free[slot] = block, free
                leaves += 1
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
            goal_distances(nbr, ~(block | bit), cells, dist[top], queue)
            top += 1
            st_i[top], st_pos[top], st_free[top], st_block[top] = i, t, free | bit, block
            top += 1
            break
    state[0], state[1], state[2] = top, nodes, leaves
    return top == 0 or (not sample and leaves >= want) or nodes > node_limit


class UnsolvedSearch:
    """The paper's depth-first search for feasible mazes a sequence leaves unsolved (see
    the module's docstring), run a chunk at a time: the first `want` unsolved partial
    mazes, or (a `seed`) a uniform sample of `want` of all of them. Each one's known
    blocked cells (`blocks`) and known free cells (`frees`): every maze completing it that
    is feasible is unsolved, and the one with every unknown cell free is."""

    def __init__(self, nbr: np.ndarray, seq: np.ndarray, cells: int, want: int = 1,
                 seed: int = -1, node_limit: int = 1 << 62,
                 root: tuple[int, int, int, int] | None = None) -> None:
        """A search over the n x m mazes (`nbr` their neighbour table) for `seq`: the
        whole tree, or the subtree below `root` (moves done, position, free and blocked
        masks: a partial maze the search meets, see `subtrees`)."""
        self.nbr, self.cells, self.want = nbr, cells, want
        self.seq = np.asarray(seq, dtype=np.int8)
        self.seed, self.node_limit = seed, node_limit
        depth = 2 * len(self.seq) + 4
        self.st = [np.empty(depth, dtype=np.int64) for _ in range(4)]  # i, pos, free, block
        self.dist = np.empty((depth, cells), dtype=np.int16)  # the goal distance each saw
        self.queue = np.empty(cells, dtype=np.int64)
        self.found = np.empty(want, dtype=np.int64)
        self.found_free = np.empty(want, dtype=np.int64)
        self.state = np.array([1, 0, 0], dtype=np.int64)  # stack top, nodes, leaves
        self.over = False
        _search_root(nbr, cells, *self.st, self.dist, self.queue)
        if root is not None:
            for stack, value in zip(self.st, root, strict=True):
                stack[0] = value
            goal_distances(nbr, ~np.int64(root[3]), cells, self.dist[0], self.queue)

    def run(self, deadline: float = NEVER, progress: Progress | None = None) -> bool:
        """Search on until it is over (True) or the deadline passes (False)."""
        if self.seed >= 0 and self.nodes == 0:
            reseed(self.seed)
        tick = Ticker(progress)
        self.over = self.over or in_chunks(
            lambda budget: _search_some(self.nbr, self.seq, self.cells, self.want,
                                        self.seed >= 0, self.node_limit, *self.st,
                                        self.dist, self.queue, self.found, self.found_free,
                                        self.state, budget),
            deadline, tick=lambda: tick(lambda: f"searching for an unsolved maze: "
                                                f"{self.nodes:,} partial mazes, "
                                                f"{self.leaves:,} unsolved"))
        return self.over

    @property
    def nodes(self) -> int:
        """The partial mazes searched so far."""
        return int(self.state[1])

    @property
    def leaves(self) -> int:
        """How many unsolved partial mazes the search met so far."""
        return int(self.state[2])

    @property
    def status(self) -> int:
        """1 found some, 0 none exists (the search is over), -1 none found yet."""
        return 1 if self.leaves else (0 if self.over and self.nodes <= self.node_limit
                                      else -1)

    @property
    def blocks(self) -> np.ndarray:
        """The known blocked cells (bitmasks) of the unsolved partial mazes kept."""
        return self.found[:min(self.leaves, self.want)].copy()

    @property
    def frees(self) -> np.ndarray:
        """The known free cells (bitmasks) of the unsolved partial mazes kept."""
        return self.found_free[:min(self.leaves, self.want)].copy()


def find_unsolved(nbr, seq, cells, node_limit, want=1, deadline=NEVER):
    """The search for the first `want` feasible mazes `seq` leaves unsolved: (status,
    blocked masks, nodes) with status 1 found some (each maze: every cell not in its
    mask free), 0 none exists, -1 gave up (after `node_limit` nodes, or at the
    deadline) with none found."""
    search = UnsolvedSearch(nbr, seq, cells, want, -1, node_limit)
    search.run(deadline)
    return search.status, search.blocks, search.nodes


def sample_unsolved(nbr, seq, cells, node_limit, want, seed, deadline=NEVER):
    """The whole search, keeping `want` of its unsolved partial mazes drawn uniformly:
    (status, blocked masks, free masks, how many there were, nodes). Unlike the first
    `want` found, which share most of their cells, these are spread over all the ways the
    sequence fails; every maze completing one (its unknown cells free or blocked at will)
    that is feasible is unsolved. Cut short by the deadline, the sample is of the part
    searched."""
    search = UnsolvedSearch(nbr, seq, cells, want, seed, node_limit)
    search.run(deadline)
    return search.status, search.blocks, search.frees, search.leaves, search.nodes


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


def check(n: int, m: int, moves, node_limit: int = 1 << 40, deadline: float = NEVER,
          progress: Progress | None = None) -> Verdict:
    """Check the sequence (move numbers, or letters) on every feasible n x m maze.
    OutOfTime, saying how far it got, when the deadline passes first; TimeoutError when
    the search for an unsolved maze gives up after `node_limit` partial mazes."""
    from mazegame.engine.allmazes.count import count_feasible

    seq = np.asarray([MOVES.index(x) for x in moves] if isinstance(moves, str) else moves,
                     dtype=np.int8)
    total = count_feasible(n, m, deadline)
    cells = n * m
    if cells <= 25:
        fam = family(n, m, deadline)
        times = solve_times(fam.steps, seq, fam.goal, deadline)
        unsolved = np.flatnonzero(times < 0)
        solved = total - int(fam.weights[unsolved].sum())
        if unsolved.size == 0:
            return Verdict(n, m, len(seq), total, solved, None)
        mask = int(fam.masks[unsolved[0]])
        return Verdict(n, m, len(seq), total, solved, _bits_to_free(mask, n, m))
    if cells > MAX_DFS_CELLS:
        raise ValueError(f"checks go up to {MAX_DFS_CELLS} cells, not {n}x{m}")
    search = UnsolvedSearch(neighbour_table(n, m), seq, cells, 1, -1, node_limit)
    if not search.run(deadline, progress):
        raise OutOfTime(f"the search for an unsolved maze went through {search.nodes:,} "
                        "partial mazes and found none yet")
    if search.status < 0:
        raise TimeoutError(f"gave up after {search.nodes} search nodes")
    if search.status == 0:
        return Verdict(n, m, len(seq), total, total, None, search.nodes)
    free = ~_bits_to_free(int(search.blocks[0]) & ((1 << cells) - 1), n, m)
    return Verdict(n, m, len(seq), total, None, free, search.nodes)


def _bits_to_free(mask: int, n: int, m: int) -> np.ndarray:
    """bool[n, m] with the cells of the bitmask set."""
    return np.array([[(mask >> (r * m + c)) & 1 for c in range(m)] for r in range(n)],
                    dtype=bool)
