"""The engine: maze model, graph kernels, generators, solvers. numpy + numba, no UI."""

from mazegame.locations import configure_numba_cache

configure_numba_cache()
