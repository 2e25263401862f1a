"""Jumping mazes: the puzzle model and solver, its numba kernels, the designer, the file forms."""
