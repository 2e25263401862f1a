"""Shared fixtures and hypothesis settings."""

import os
import tempfile

import pytest
from hypothesis import settings

# Saved results go to a throwaway folder, never the developer's own data dir...
os.environ["MAZEGAME_DATA_DIR"] = tempfile.mkdtemp(prefix="mazegame-test-data-")


@pytest.fixture(autouse=True)
def _fresh_saved_results(tmp_path, monkeypatch):
    """...and a fresh one for every test, so no test sees another's results."""
    monkeypatch.setenv("MAZEGAME_DATA_DIR", str(tmp_path / "saved"))

# numba compiles on a kernel's first call: no per-example deadline, few examples in CI.
settings.register_profile("mazegame", deadline=None, max_examples=25, derandomize=True)
settings.register_profile("dev", deadline=None, max_examples=60)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "mazegame"))
