"""Shared fixtures and hypothesis settings."""

import os

from hypothesis import settings

# numba compiles on a kernel's first call: no per-example deadline, few examples in CI.
settings.register_profile("mazegame", deadline=None, max_examples=25, derandomize=True)
settings.register_profile("dev", deadline=None, max_examples=60)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "mazegame"))
