"""Independent searches on a Dask cluster: the same search from several seeds at once, the
shortest verified sequence kept.

Searches for one sequence solving every maze restart well: runs from different seeds are
independent, so they spread over workers with nothing to share but the result. With a
scheduler's address the runs go to that cluster (`dask scheduler` on one machine, `dask
worker ADDRESS` on each of the others); without one, a `LocalCluster` of worker processes on
this machine. Dask is optional: `pip install 'mazegame[distributed]'`.
"""

from __future__ import annotations

import logging

from mazegame.engine.allmazes.search import Result, solve

INSTALL = "pip install 'mazegame[distributed]'"  #: how to get the optional extra


class MissingExtra(RuntimeError):
    """Dask (the distributed extra) is not installed."""


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
                for name in ("distributed", "asyncio"):
                    logging.getLogger(name).setLevel(logging.CRITICAL)
                raise
    finally:
        if owned is not None:
            owned.close()
    return best_of(results), results
