"""Shared fixtures and hypothesis settings."""

import gc
import os
import tempfile

import pytest
from hypothesis import HealthCheck, settings

# A third of the suite's CPU went to the cyclic garbage collector's full passes: Textual
# keeps up to 1024 widgets' style caches alive in a method's lru_cache, and every full pass
# walks them (about 0.15 s each, some 20 per dozen apps). The young generation collected
# every 10 000 allocations instead of 700, the old ones rarely: the same apps ran on 46% less
# CPU. Memory is not short here; nothing in the suite waits on a collection.
gc.set_threshold(10_000, 20, 20)

# Saved results go to a throwaway folder, never the developer's own data dir...
os.environ["MAZEGAME_DATA_DIR"] = tempfile.mkdtemp(prefix="mazegame-test-data-")


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: one worker more than cores. A third of the suite's time is Pilot tests
    waiting on timers and tests waiting on subprocesses; a spare worker fills it (on two
    cores: 2m25 with two workers, 1m58 with three). PYTEST_XDIST_AUTO_NUM_WORKERS wins."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return int(os.environ["PYTEST_XDIST_AUTO_NUM_WORKERS"])
    return (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
            else os.cpu_count() or 1) + 1


@pytest.fixture(autouse=True)
def _fresh_saved_results(tmp_path, monkeypatch):
    """...and a fresh one for every test, so no test sees another's results."""
    monkeypatch.setenv("MAZEGAME_DATA_DIR", str(tmp_path / "saved"))

@pytest.fixture(scope="session")
def strategy_kernels():
    """The kernels the hypothesis strategies call, compiled before the first draw. Every
    module whose strategies call a kernel uses it (`pytestmark`)."""
    from tests.helpers import warm_strategy_kernels

    warm_strategy_kernels()


# numba compiles on a kernel's first call: no per-example deadline, few examples in CI.
# Nor a limit on how long drawing takes (HealthCheck.too_slow): like the deadline, that
# measures the machine, not the code. A strategy builds mazes through numba kernels, and on
# a loaded machine, or with a kernel still to compile (a fresh clone, an edited engine),
# drawing took 10-20 s and the test failed with nothing wrong. `strategy_kernels` keeps the
# compiles out of the draws; this keeps a busy machine from failing a test.
SPEED_FREE = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("mazegame", max_examples=25, derandomize=True, **SPEED_FREE)
settings.register_profile("dev", max_examples=60, **SPEED_FREE)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "mazegame"))
