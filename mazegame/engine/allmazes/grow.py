"""A search for one sequence solving every n x m maze whose restarts and checks are tasks
on a runner (`cluster`: this process, or a Dask cluster), checkpointed (`checkpoint`) so
that it resumes where it was after a stop. Made for the sizes a single check takes hours
on (7x7), it works on any size up to 64 cells.

1. Restarts: one task per worker builds a sequence from its own seed (a sample of mazes,
   the method's extension, minimised); the shortest is grown.
2. Growing: the check of the sequence is split into subtrees (`subtrees.Partition`); each
   round searches a batch of the open ones as tasks (a sample of each one's unsolved
   mazes kept), then appends moves for a class completing each sample (`search`'s
   append, less the moves they do not need). Appending keeps every finished subtree
   finished, so the rounds work through the open ones until none is left: the sequence
   is verified, and the partition is the certificate that the check searched everything.
3. Shrinking, with the time left: the best sequence minimised against every maze learnt,
   grown back the same way; kept when it is verified shorter.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from mazegame.engine.allmazes.budget import NEVER, expired
from mazegame.engine.allmazes.checkpoint import Checkpoint, load, replace_file, save
from mazegame.engine.allmazes.family import neighbour_table, parse_sequence, sequence_text
from mazegame.engine.allmazes.methods import METHODS
from mazegame.engine.allmazes.pool import Pool, advance, completions, full_pool, sample_pool
from mazegame.engine.allmazes.search import (
    EXTENSIONS,
    FULL_POOL_CELLS,
    SAMPLE,
    _append,
    minimise,
)
from mazegame.engine.allmazes.subtrees import (
    Partition,
    record,
    search_subtree,
    wall_clock,
)

TASKS_PER_WORKER = 4  #: subtree searches per worker in a round
TASK_NODES = 20_000_000  #: a task stops after this many nodes (a few seconds)
TASK_SAMPLE = 1024  #: unsolved partial mazes a task keeps (drawn from all it meets)
LEARN_PER_ROUND = 8192  #: at most this many of them join the pool per round
PIECES = 16  #: a subtree too big for a task is split in this many
SAVE_SECONDS = 5.0  #: a step that took longer than this is saved
PASSES = 3  #: minimising passes

Progress = Callable[[str], None]


def start_pool(n: int, m: int, seed: int, deadline: float = NEVER) -> Pool:
    """Every class up to FULL_POOL_CELLS, else SAMPLE random ones."""
    return full_pool(n, m) if n * m <= FULL_POOL_CELLS else sample_pool(n, m, SAMPLE, seed,
                                                                       deadline)


def first_sequence(n: int, m: int, method: str, seed: int, until: float) -> tuple:
    """A restart (a task): the method's sequence for a fresh pool from `seed`, minimised
    against it, by the wall-clock time `until`. (moves, seed, CPU seconds)."""
    began = time.process_time()
    deadline = time.monotonic() + max(until - time.time(), 0.0)
    pool = start_pool(n, m, seed, deadline)
    rng = np.random.default_rng(seed)
    seq = EXTENSIONS[METHODS[method].extend](pool, np.empty(0, np.int8), rng, deadline)
    seq = minimise(pool, seq, PASSES, deadline)
    return seq, seed, time.process_time() - began


class Grower:
    """The search's state between tasks, and its checkpoint (see the module's
    docstring)."""

    def __init__(self, runner, point: Checkpoint, folder: Path | None, deadline: float,
                 progress: Progress) -> None:
        """Go on from `point` (a fresh one or a loaded one) on `runner`."""
        self.runner, self.point, self.folder = runner, point, folder
        self.deadline, self.say = deadline, progress
        self.n, self.m, self.cells = point.n, point.m, point.n * point.m
        self.nbr = neighbour_table(point.n, point.m)
        self.extend = EXTENSIONS[METHODS[point.method].extend]
        self.rng = np.random.default_rng([point.seed, point.rounds])
        self.began, self.cpu0, self.saved = time.monotonic(), time.process_time(), 0.0
        self.wall0, self.tasks_cpu0 = point.wall, point.cpu
        self.pool: Pool | None = None
        self.searched = [0, 0.0]
        self.seq = np.empty(0, np.int8)

    def save(self, force: bool = False) -> None:
        """Write the checkpoint if a few seconds went by since the last (or `force`)."""
        now = time.monotonic()
        self.point.wall = self.wall0 + now - self.began
        self.point.cpu = self.tasks_cpu0 + time.process_time() - self.cpu0
        if self.folder is not None and (force or now - self.saved > SAVE_SECONDS):
            p = self.point
            header = (f"# {p.n}x{p.m}: {len(p.best or '')} moves, verified by the split "
                      f"check: {p.best_nodes:,} partial mazes in {p.best_subtrees:,} "
                      f"subtrees\n")
            save(self.folder, p, header)
            self.saved = now

    def add_cpu(self, seconds: float) -> None:
        """Count a task's CPU time (when it ran in another process)."""
        if not getattr(self.runner, "in_process", False):
            self.tasks_cpu0 += seconds

    def restart(self) -> None:
        """The restarts, one task each per worker: the shortest sequence is grown."""
        p = self.point
        runs = max(self.runner.workers, 1)
        for k in range(runs):
            self.runner.submit(first_sequence, self.n, self.m, p.method, p.seed + k,
                               wall_clock(self.deadline))
        made = []
        for seq, seed, cpu in self.runner.results():
            self.add_cpu(cpu)
            made.append((len(seq), seed, seq))
            self.say(f"restart from seed {seed}: {len(seq)} moves")
        self.use(min(made, key=lambda x: x[:2])[2])

    def use(self, seq: np.ndarray) -> None:
        """Grow `seq` from here on: its whole check is open."""
        self.seq = np.asarray(seq, dtype=np.int8)
        self.point.growing = sequence_text(self.seq)
        self.point.part = Partition.whole(self.cells)
        self.walk()
        self.save(force=True)

    def walk(self) -> None:
        """Every walker of the pool where the sequence leaves it."""
        self.pool.pos[:] = 0
        advance(self.pool.steps, self.pool.pos, self.seq, self.pool.goal)

    def search_round(self) -> tuple[np.ndarray, np.ndarray, int]:
        """Search a batch of open subtrees as tasks: the unsolved partial mazes kept
        (blocked and free masks), and how many they met (`self.searched`: the nodes the
        tasks went through and their CPU seconds)."""
        part = self.point.part
        pieces = PIECES * max(self.runner.workers, 1)
        if part.open == [part.open[0]] and not part.expanded:
            part.split(self.nbr, self.seq, self.cells, part.open[0], pieces)
        count = min(len(part.open), TASKS_PER_WORKER * max(self.runner.workers, 1))
        batch = [part.open[i] for i in self.rng.choice(len(part.open), count, replace=False)]
        shared = self.runner.share(self.seq)
        for root in batch:
            self.runner.submit(search_subtree, self.n, self.m, shared, root, TASK_NODES,
                               TASK_SAMPLE, int(self.rng.integers(1 << 30)),
                               wall_clock(self.deadline))
        blocks, frees, leaves = [np.empty(0, np.int64)], [np.empty(0, np.int64)], 0
        self.searched = [0, 0.0]
        for done in self.runner.results():
            self.add_cpu(done.cpu)
            self.searched[0] += done.nodes
            self.searched[1] += done.cpu
            if record(part, done):
                part.split(self.nbr, self.seq, self.cells, done.root, PIECES)
            leaves += done.leaves
            blocks.append(done.blocks)
            frees.append(done.frees)
            self.save()
        return np.concatenate(blocks), np.concatenate(frees), leaves

    def grow(self) -> None:
        """Rounds of searching and appending until the sequence is verified, or the
        deadline, or it is no shorter than the best."""
        part, best = self.point.part, self.point.best
        while not part.done and not expired(self.deadline) and (
                best is None or len(self.seq) < len(best)):
            blocks, frees, leaves = self.search_round()
            self.point.rounds += 1
            nodes, cpu = self.searched
            self.say(f"round {self.point.rounds}: {len(self.seq)} moves; {part.nodes:,} "
                     f"partial mazes searched clean in {len(part.clean):,} subtrees, "
                     f"{len(part.open):,} open; {leaves:,} unsolved met in {nodes:,} "
                     f"({nodes / max(cpu, 1e-9):,.0f} a CPU second)")
            if leaves == 0 or expired(self.deadline):
                self.save(force=True)
                continue
            found = completions(self.nbr, self.cells, frees, blocks,
                                int(self.rng.integers(1 << 30)))
            if len(found) > LEARN_PER_ROUND:
                found = self.rng.choice(found, LEARN_PER_ROUND, replace=False)
            self.pool.add(found, self.seq)
            self.seq = _append(self.pool, self.seq, self.extend, self.rng, PASSES,
                               self.deadline, self.say)
            self.point.growing = sequence_text(self.seq)
            self.save(force=True)

    def verified(self) -> None:
        """The grown sequence is verified: keep it if it is the best."""
        p = self.point
        if p.best is None or len(self.seq) < len(p.best):
            p.best, p.best_nodes, p.best_subtrees = (p.growing, p.part.nodes,
                                                     len(p.part.clean))
            self.say(f"verified: {len(p.best)} moves ({p.best_nodes:,} partial mazes in "
                     f"{p.best_subtrees:,} subtrees)")
            if self.folder is not None:  # every verified sequence kept besides the best
                replace_file(Path(self.folder) / f"verified-{p.n}x{p.m}-{len(p.best)}.txt",
                             p.best + "\n")
        self.save(force=True)

    def run(self) -> Checkpoint:
        """Restart (unless resuming), grow, shrink until the deadline."""
        p = self.point
        self.pool = start_pool(self.n, self.m, p.seed, self.deadline)
        if p.growing is None:
            self.restart()
        else:
            self.seq = parse_sequence(p.growing)
            p.part = p.part or Partition.whole(self.cells)
            self.walk()
            self.say(f"resuming: {len(self.seq)} moves, {len(p.part.open):,} subtrees "
                     f"open, {len(p.part.clean):,} clean; best {len(p.best or '') or '-'}")
        while not expired(self.deadline):
            self.grow()
            if p.part.done:
                self.verified()
            if p.best is None or expired(self.deadline):
                break
            shorter = minimise(self.pool, parse_sequence(p.best), PASSES, self.deadline)
            if len(shorter) >= len(p.best) or expired(self.deadline):
                break
            self.say(f"shrinking: {len(p.best)} moves minimised to {len(shorter)}")
            self.use(shorter)
        self.save(force=True)
        return p


def grow_on(runner, n: int, m: int, method: str, seed: int, time_limit: float,
            folder: Path | None = None, progress: Progress | None = None) -> Checkpoint:
    """Search on `runner` for `time_limit` seconds, going on from the checkpoint in
    `folder` when there is one (CheckpointError when it cannot be used) and writing it
    there as it goes: the checkpoint at the end (its `best`, verified, or None)."""
    point = (load(folder, n, m) if folder is not None else None) or Checkpoint(
        n, m, method, seed)
    if point.method not in METHODS:
        point.method = method
    grower = Grower(runner, point, folder, time.monotonic() + time_limit,
                    progress or (lambda text: None))
    return grower.run()
