"""Plain-Python references the benchmark measures the kernels against.

Straightforward code over lists and dicts, the way one would write it without numba;
they build valid mazes (not the same ones: they use Python's `random`). `mazelib` holds
the adapters that time the optional third-party library of the same name.
"""

from __future__ import annotations

from mazegame.bench.references import classic, paths, trees

#: Our generator's name -> its plain-Python reference `fn(width, height, seed)`.
GENERATORS = {
    "spanning-tree": trees.spanning_tree,
    "backtracker": trees.backtracker,
    "kruskal": trees.kruskal,
    "wilson": trees.wilson,
    "aldous-broder": trees.aldous_broder,
    "prim": trees.prim,
    "hunt-and-kill": trees.hunt_and_kill,
    "growing-tree": trees.growing_tree,
    "eller": classic.eller,
    "binary-tree": classic.binary_tree,
    "sidewinder": classic.sidewinder,
    "recursive-division": classic.recursive_division,
    "anderson": classic.anderson,
    "connection-matrix": classic.connection_matrix,
    "unicursal": paths.unicursal,
    "cavern": paths.cavern,
}
