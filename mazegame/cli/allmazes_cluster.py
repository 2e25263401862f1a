"""`allmazes check NxM SEQ --workers N | --scheduler ADDRESS [--checkpoint DIR]`: the
check's depth-first search split into subtrees run as Dask tasks (engine.allmazes
.subtrees); `allmazes solve NxM --checkpoint DIR`: the search whose restarts and checks
are tasks, resuming from DIR after a stop (engine.allmazes.grow)."""

from __future__ import annotations

import argparse
import time

from mazegame.cli.allmazes_args import parse_folder
from mazegame.cli.common import UsageError

CHECK_TASK_NODES = 50_000_000  #: a check's task stops (and is split) after this many nodes
CHECK_PIECES = 16  #: subtrees per worker to start with, and per split


def configure_check_cluster(check: argparse.ArgumentParser, parse_runs) -> None:
    """The options of a check split into tasks (the parent hands over its types)."""
    group = check.add_argument_group(
        "split into tasks on a Dask cluster (pip install 'mazegame[distributed]')")
    group.add_argument("--scheduler", metavar="ADDRESS", default=None,
                       help="run the subtrees of the search on the Dask scheduler at "
                            "ADDRESS; without it, --workers local processes")
    group.add_argument("--workers", type=parse_runs, default=None, metavar="N",
                       help="local worker processes for the subtrees")
    add_checkpoint(group, "write the check's subtrees (the certificate that it searched "
                          "everything, with each one's node count) to DIR/checkpoint.json "
                          "as it goes, and go on from there after a stop")


def add_checkpoint(group, text: str) -> None:
    """The --checkpoint DIR option."""
    group.add_argument("--checkpoint", metavar="DIR", type=parse_folder, default=None, help=text)


def wants_split_check(args: argparse.Namespace) -> bool:
    """Whether the check is to run as tasks."""
    return any(getattr(args, k, None) is not None
               for k in ("scheduler", "workers", "checkpoint"))


def _load(args: argparse.Namespace):
    """The checkpoint in --checkpoint (None without one); UsageError when it is
    unusable."""
    from mazegame.engine.allmazes.checkpoint import CheckpointError, load

    if args.checkpoint is None:
        return None
    n, m = args.size
    try:
        return load(args.checkpoint, n, m)
    except CheckpointError as err:
        raise UsageError(f"the checkpoint in {args.checkpoint}: {err}") from None


def _store(args: argparse.Namespace, point) -> None:
    """Write the checkpoint; UsageError when it cannot be written."""
    from mazegame.engine.allmazes.checkpoint import save

    try:
        save(args.checkpoint, point)
    except OSError as err:
        raise UsageError(f"cannot write the checkpoint in {args.checkpoint}: "
                         f"{err.strerror}") from None


def split_check(args: argparse.Namespace, moves, progress):
    """The check as tasks: a `check.Verdict`, its node count that of every subtree
    searched (OutOfTime at the time limit, MissingExtra without Dask)."""
    import numpy as np

    from mazegame.engine.allmazes.budget import OutOfTime, deadline_in
    from mazegame.engine.allmazes.check import Verdict, _bits_to_free
    from mazegame.engine.allmazes.checkpoint import Checkpoint
    from mazegame.engine.allmazes.cluster import runner
    from mazegame.engine.allmazes.count import count_feasible
    from mazegame.engine.allmazes.family import sequence_text
    from mazegame.engine.allmazes.subtrees import CheckRun, Partition, check_on

    n, m = args.size
    deadline = deadline_in(args.time_limit)
    seq, text = np.asarray(moves, dtype=np.int8), sequence_text(moves)
    point = _load(args) or Checkpoint(n, m, growing=text)
    if point.growing != text:
        raise UsageError(f"the checkpoint in {args.checkpoint} is of another sequence")
    total = count_feasible(n, m, deadline)
    run = CheckRun(point.part or Partition.whole(n * m))
    point.part, saved = run.part, [time.monotonic()]

    def save(_run) -> None:
        if args.checkpoint is not None and time.monotonic() - saved[0] > 5.0:
            _store(args, point)
            saved[0] = time.monotonic()

    with runner(args.scheduler, args.workers) as tasks:
        check_on(tasks, n, m, seq, run, CHECK_TASK_NODES, CHECK_PIECES * tasks.workers,
                 deadline, save, progress)
    if run.part.done and (point.best is None or len(point.best) > len(text)):
        point.best, point.best_nodes, point.best_subtrees = (text, run.part.nodes,
                                                             len(run.part.clean))
    if args.checkpoint is not None:
        _store(args, point)
    if run.unsolved is not None:
        free = ~_bits_to_free(run.unsolved & ((1 << (n * m)) - 1), n, m)
        return Verdict(n, m, len(seq), total, None, free, run.part.nodes)
    if not run.part.done:
        raise OutOfTime(f"{run.part.nodes:,} partial mazes searched in "
                        f"{len(run.part.clean):,} subtrees, {len(run.part.open):,} open")
    if progress is not None:
        progress(f"searched {run.part.nodes:,} partial mazes in {len(run.part.clean):,} "
                 f"subtrees ({run.tasks:,} tasks, {run.cpu:.1f} s of their CPU)")
    return Verdict(n, m, len(seq), total, total, None, run.part.nodes)


def run_grow(args: argparse.Namespace, progress) -> tuple[str, bool, dict]:
    """`solve --checkpoint`: the search as tasks, going on from DIR: (the best verified
    sequence, else the one grown; whether it is verified; figures for --json)."""
    from mazegame.engine.allmazes.checkpoint import CheckpointError
    from mazegame.engine.allmazes.cluster import runner
    from mazegame.engine.allmazes.grow import grow_on

    n, m = args.size
    if args.runs is not None:
        raise UsageError("--runs and --checkpoint do not go together: a checkpointed "
                         "search restarts once per worker")
    _load(args)  # refused before any cluster starts
    workers = args.workers
    with runner(args.scheduler, workers) as tasks:
        try:
            point = grow_on(tasks, n, m, args.method, args.seed, args.time_limit,
                            args.checkpoint, progress)
        except CheckpointError as err:
            raise UsageError(f"the checkpoint in {args.checkpoint}: {err}") from None
        except OSError as err:
            raise UsageError(f"cannot write the checkpoint in {args.checkpoint}: "
                             f"{err.strerror}") from None
    figures = {"nodes": point.best_nodes, "subtrees": point.best_subtrees,
               "rounds": point.rounds, "wall": point.wall, "cpu": point.cpu}
    if point.best is not None:
        return point.best, True, figures
    return point.growing or "", False, figures
