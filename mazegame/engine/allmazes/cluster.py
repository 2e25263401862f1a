"""Independent searches on a Dask cluster: the same search from several seeds at once, the
shortest verified sequence kept; and the runners that carry the tasks of a split check
and a checkpointed search (`subtrees`, `grow`): in this process, or on a cluster.

Searches for one sequence solving every maze restart well: runs from different seeds are
independent, so they spread over workers with nothing to share but the result. With a
scheduler's address the runs go to that cluster (`dask scheduler` on one machine, `dask
worker ADDRESS` on each of the others); without one, a `LocalCluster` of worker processes on
this machine. Dask is optional: `pip install 'mazegame[distributed]'`.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections import deque

from mazegame.engine.allmazes.search import Result, solve

INSTALL = "pip install 'mazegame[distributed]'"  #: how to get the optional extra


class MissingExtra(RuntimeError):
    """Dask (the distributed extra) is not installed."""


class LocalRunner:
    """Tasks run one after the other in this process, as their results are asked for."""

    workers = 1
    in_process = True  #: the tasks' CPU time is this process's

    def __init__(self) -> None:
        """No task yet."""
        self.queue: deque = deque()

    def share(self, value):
        """A value many tasks take (here: itself)."""
        return value

    def submit(self, fn, *args) -> None:
        """Queue the task `fn(*args)`."""
        self.queue.append((fn, args))

    def results(self):
        """Each task's result in turn; tasks submitted meanwhile join the queue."""
        while self.queue:
            fn, args = self.queue.popleft()
            yield fn(*args)

    def cancel(self) -> None:
        """Drop the tasks not run yet."""
        self.queue.clear()


class DaskRunner:
    """Tasks on a Dask cluster (a `distributed.Client`), their results as they finish."""

    def __init__(self, client) -> None:
        """Tasks for `client`'s workers."""
        from distributed import as_completed

        self.client = client
        self.done = as_completed()
        self.workers = max(len(client.scheduler_info().get("workers", {})), 1)

    def share(self, value):
        """A value many tasks take, sent to every worker once (under a key of its own: two
        scatters of equal values share one, and releasing either loses it for both)."""
        return self.client.scatter(value, broadcast=True, hash=False)

    def submit(self, fn, *args) -> None:
        """Send the task `fn(*args)` to the cluster."""
        self.done.add(self.client.submit(fn, *args, pure=False))

    def results(self):
        """Each task's result as it finishes; tasks submitted meanwhile join in."""
        for future in self.done:
            result = future.result()
            future.release()
            yield result

    def cancel(self) -> None:
        """Cancel the tasks not finished."""
        futures = list(self.done.futures)
        self.done.clear()
        self.client.cancel(futures)


@contextlib.contextmanager
def runner(scheduler: str | None = None, workers: int | None = None):
    """A runner for tasks: in this process when neither is given, else on the scheduler
    at `scheduler`, else on a LocalCluster of `workers` processes (closed at the end)."""
    if scheduler is None and workers is None:
        yield LocalRunner()
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise MissingExtra(f"running on a cluster needs Dask: {INSTALL}") from None
    owned = None
    if scheduler is None:
        owned = _quiet_on_ctrl_c(lambda: LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
            worker_dashboard_address=None,
            silence_logs=logging.ERROR))
    try:
        with Client(owned if owned is not None else scheduler) as client:
            try:
                yield DaskRunner(client)
            except KeyboardInterrupt:  # Dask's complaints as it stops half way are no news
                _quiet()
                raise
    finally:
        if owned is not None:
            owned.close()


def _quiet_on_ctrl_c(start):
    """`start()` with Ctrl-C ignored, so that the worker processes it starts ignore it
    (they inherit that): a Ctrl-C in the terminal stops this process, which closes them,
    instead of printing a traceback from each. (And without Dask's warning that its
    default HTTP port is taken by another cluster: it takes another.)"""
    import signal
    import warnings

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Port .* is already in use", UserWarning)
        if threading.current_thread() is not threading.main_thread():
            return start()
        before = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            return start()
        finally:
            signal.signal(signal.SIGINT, before)


def _quiet() -> None:
    """Silence Dask's logs (it complains as it is stopped half way)."""
    for name in ("distributed", "asyncio"):
        logging.getLogger(name).setLevel(logging.CRITICAL)


def best_of(results: list[Result]) -> Result:
    """The shortest verified sequence (an unverified one only when none is verified)."""
    return min(results, key=lambda r: (not r.verified, len(r.moves), r.seed))


def solve_on_cluster(n: int, m: int, method: str, seed: int, time_limit: float, runs: int,
                     scheduler: str | None = None, workers: int | None = None,
                     cluster=None) -> tuple[Result, list[Result]]:
    """Run `solve` from seeds seed .. seed + runs - 1, each with `time_limit`, on a cluster:
    `cluster` (a Dask cluster object), else the scheduler at `scheduler`, else a local
    cluster of `workers` processes. Returns (the best, every run's result)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise MissingExtra(f"searching on a cluster needs Dask: {INSTALL}") from None
    owned = None
    if cluster is None and scheduler is None:
        cluster = owned = LocalCluster(n_workers=workers or 1, threads_per_worker=1,
                                       processes=True, dashboard_address=None,
                                       silence_logs=logging.ERROR)
    try:
        with Client(cluster if cluster is not None else scheduler) as client:
            seeds = list(range(seed, seed + runs))
            futures = client.map(solve, [n] * runs, [m] * runs, [method] * runs, seeds,
                                 [time_limit] * runs, pure=False)
            try:
                results = client.gather(futures)
            except KeyboardInterrupt:  # Dask's complaints as it stops half way are no news
                _quiet()
                raise
    finally:
        if owned is not None:
            owned.close()
    return best_of(results), results
