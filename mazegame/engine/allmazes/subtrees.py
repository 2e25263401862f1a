"""The check's depth-first search (`check.UnsolvedSearch`) split into independent
subtrees, each one a task a cluster can run, and the record that together they searched
everything.

A node of the search is a partial maze with the walker's place in it: (moves done,
position, free mask, blocked mask), a `Root`. Following the sequence from a node ends in a
leaf (the goal reached, the goal cut off, or an unsolved maze) or splits it into two
children at the first unknown cell. The whole search is the subtree below the first node
(both corners free, nothing else known), so a `Partition` of it holds:
- `expanded`: nodes split here (one node each), their children somewhere below;
- `clean`: subtrees searched to the end with no unsolved maze, and their node counts;
- `open`: subtrees not searched yet, or with an unsolved maze in them.
Every node of the search is in exactly one of these, so with nothing open the sequence
solves every maze and the node count is the plain search's (the certificate: the list).

Appending moves to the sequence keeps `expanded` and `clean` as they are (their leaves
came before the old end), so a search that grows its sequence re-searches only `open`.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field

import numpy as np

from mazegame.engine.allmazes.budget import NEVER, Ticker, expired
from mazegame.engine.allmazes.check import UnsolvedSearch
from mazegame.engine.allmazes.family import goal_distances, neighbour_table
from mazegame.engine.jit import kernel

Root = tuple[int, int, int, int]  #: (moves done, position, free mask, blocked mask)
SOLVED, CUT_OFF, UNSOLVED, SPLIT = 0, 1, 2, 3  #: how following a node ends


def wall_clock(deadline: float) -> float:
    """A time.monotonic() deadline as a time.time() one (what a task on another machine
    can read)."""
    return time.time() + (deadline - time.monotonic())


def signed(mask: int) -> int:
    """A 64-bit mask as the int64 the search keeps (bit 63 is the sign)."""
    mask &= (1 << 64) - 1
    return mask - (1 << 64) if mask >> 63 else mask


def first_root(cells: int) -> Root:
    """The search's first node: both corners free, nothing else known."""
    return 0, 0, signed(1 | (1 << (cells - 1))), 0


@kernel
def _follow(nbr, seq, cells, i, pos, free, block, dist, queue):
    """Follow the sequence from a node (as `check._search_some` does): (how it ends, moves
    done, position, the unknown cell it splits at or -1)."""
    goal_distances(nbr, ~block, cells, dist, queue)
    goal = cells - 1
    while True:
        if pos == goal:
            return SOLVED, i, pos, -1
        if dist[pos] < 0:
            return CUT_OFF, i, pos, -1
        if dist[pos] > seq.shape[0] - i:
            return UNSOLVED, i, pos, -1
        t = nbr[pos, seq[i]]
        i += 1
        if t < 0 or (block >> t) & 1:
            continue
        if (free >> t) & 1:
            pos = t
            continue
        return SPLIT, i, pos, t


def follow(nbr: np.ndarray, seq: np.ndarray, cells: int, root: Root) -> tuple[int, list]:
    """How following the sequence from `root` ends, and its children when it splits
    (the free one first, as the search takes them)."""
    dist = np.empty(cells, dtype=np.int16)
    queue = np.empty(cells, dtype=np.int64)
    kind, i, pos, t = _follow(nbr, seq, cells, *(np.int64(x) for x in root), dist, queue)
    if kind != SPLIT:
        return int(kind), []
    _, _, free, block = root
    return SPLIT, [(int(i), int(t), signed(free | (1 << int(t))), block),
                   (int(i), int(pos), free, signed(block | (1 << int(t))))]


@dataclass
class Partition:
    """The search for one sequence split into subtrees (see the module's docstring)."""

    open: list[Root]
    clean: dict[Root, int] = field(default_factory=dict)
    expanded: list[Root] = field(default_factory=list)

    @classmethod
    def whole(cls, cells: int) -> Partition:
        """The whole search, one open subtree."""
        return cls([first_root(cells)])

    @property
    def nodes(self) -> int:
        """The nodes searched to the end: expanded ones and those of clean subtrees."""
        return len(self.expanded) + sum(self.clean.values())

    @property
    def done(self) -> bool:
        """Whether every subtree is searched and clean: the sequence solves every maze."""
        return not self.open

    def covers(self, nbr: np.ndarray, seq: np.ndarray, cells: int) -> bool:
        """Whether the partition is the whole search for `seq`, each node once: from the
        first node down, each expanded node splits (here, again) into children that are
        in it, and every entry is met so (none left over, none met twice)."""
        expanded, ends = set(self.expanded), set(self.open) | set(self.clean)
        if len(expanded) + len(ends) != len(self.expanded) + len(self.open) + len(
                self.clean) or expanded & ends:
            return False
        todo, met = [first_root(cells)], 0
        while todo:
            node = todo.pop()
            met += 1
            if node in expanded:
                kind, children = follow(nbr, seq, cells, node)
                if kind != SPLIT:
                    return False
                todo.extend(children)
            elif node not in ends:
                return False
        return met == len(expanded) + len(ends)

    def split(self, nbr: np.ndarray, seq: np.ndarray, cells: int, root: Root,
              pieces: int) -> list[Root]:
        """Replace the open subtree `root` by its nodes a few levels down, breadth first,
        until there are `pieces` of them (or none left to split); leaves met on the way
        are clean (one node) or, unsolved, stay open. The open roots added."""
        self.open.remove(root)
        todo, added = deque([root]), []
        while todo and len(todo) + len(added) < pieces:
            node = todo.popleft()
            kind, children = follow(nbr, seq, cells, node)
            if kind == SPLIT:
                self.expanded.append(node)
                todo.extend(children)
            elif kind == UNSOLVED:
                added.append(node)
            else:
                self.clean[node] = 1
        added.extend(todo)
        self.open.extend(added)
        return added


@dataclass(frozen=True)
class Searched:
    """A subtree's search: how many nodes, how many unsolved partial mazes it met (a
    sample of them kept: `blocks`, `frees`), whether it got to the end, its CPU time."""

    root: Root
    nodes: int
    leaves: int
    finished: bool
    blocks: np.ndarray
    frees: np.ndarray
    cpu: float


def search_subtree(n: int, m: int, seq: np.ndarray, root: Root, node_limit: int,
                   want: int = 1, seed: int = -1, until: float = NEVER) -> Searched:
    """A task: search the subtree below `root` for `seq`'s unsolved n x m mazes, up to
    `node_limit` nodes and the wall-clock time `until` (time.time(): the workers may be
    other machines): until the first `want` (no `seed`), or to its end keeping a sample
    of `want` drawn from all (a `seed`). Not `finished`: it stopped at a limit with the
    subtree unsearched in part."""
    began = time.process_time()
    search = UnsolvedSearch(neighbour_table(n, m), seq, n * m, want, seed, node_limit, root)
    over = search.run(time.monotonic() + max(until - time.time(), 0.0))
    finished = over and search.nodes <= node_limit
    return Searched(root, min(search.nodes, node_limit), search.leaves, finished,
                    search.blocks, search.frees, time.process_time() - began)


def record(part: Partition, done: Searched) -> bool:
    """Enter a task's search in the partition: a subtree finished clean joins `clean`;
    any other stays open. Whether it must be split to finish (no unsolved maze met, but
    too big for one task)."""
    if done.root not in part.open:
        return False  # split meanwhile, or a stale result
    if done.finished and done.leaves == 0:
        part.open.remove(done.root)
        part.clean[done.root] = done.nodes
        return False
    return not done.finished and done.leaves == 0


@dataclass
class CheckRun:
    """A check as tasks, as it goes: the partition, the first unsolved maze found (its
    blocked mask: every other cell free), the tasks' CPU seconds."""

    part: Partition
    unsolved: int | None = None
    cpu: float = 0.0
    tasks: int = 0


def check_on(runner, n: int, m: int, seq: np.ndarray, run: CheckRun, node_limit: int,
             pieces: int, deadline: float = NEVER, save=None, progress=None) -> CheckRun:
    """Search every open subtree of `run.part` as a task on `runner` (`cluster`'s),
    stopping at the first unsolved maze; a task that stops at `node_limit` is split in
    `pieces` and its pieces searched. `save(run)` is called as subtrees finish (it decides
    how often to write); returns at the deadline with the rest open."""
    nbr, cells = neighbour_table(n, m), n * m
    shared, tick = runner.share(seq), Ticker(progress)
    part = run.part
    if len(part.open) == 1 and not part.expanded:
        part.split(nbr, seq, cells, part.open[0], pieces)

    def submit(root: Root) -> None:
        run.tasks += 1
        runner.submit(search_subtree, n, m, shared, root, node_limit, 1, -1,
                      wall_clock(deadline))

    for root in list(part.open):
        submit(root)
    for done in runner.results():
        run.cpu += done.cpu
        if done.leaves and done.root in part.open:
            run.unsolved = int(done.blocks[0])
            runner.cancel()
            break
        if record(part, done):
            for root in part.split(nbr, seq, cells, done.root, pieces):
                submit(root)
        if save is not None:
            save(run)
        tick(lambda: f"check: {part.nodes:,} partial mazes searched in {len(part.clean):,} "
                     f"subtrees, {len(part.open):,} open")
        if expired(deadline):
            runner.cancel()
            break
    return run
