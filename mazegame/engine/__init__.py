"""The engine: the maze model and its files, graph kernels, generators, solvers, matrices, the
demon and jumping mazes. numpy + numba only: nothing here imports the games, the UI or the CLI."""

from mazegame.locations import configure_numba_cache

configure_numba_cache()
