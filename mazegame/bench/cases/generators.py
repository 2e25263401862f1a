"""Every registered generator, against its plain-Python reference and mazelib's counterpart."""

from __future__ import annotations

from mazegame.bench.references import GENERATORS as PYTHON_GENERATORS
from mazegame.bench.references import mazelib_ref
from mazegame.bench.registry import Prepared, Target, bench_case
from mazegame.engine.generate import GENERATORS, generate

#: mazelib runs at its modest size only; the kernels and the plain-Python references
#: also at the larger ones.
SIZES = (mazelib_ref.SIZE, (200, 200), (1000, 1000))
QUICK_SIZES = (mazelib_ref.SIZE, (200, 200))

#: Hamiltonian-path generators reverse a path segment per backbite, so they are timed at
#: sizes they build in about a second, and at the issue's figure (512x512, target 5 s).
#: Cavern needs an odd side (an even grid of inner corners), hence 51 and 513.
SLOW_SIZES = {
    "unicursal": (((50, 50), (150, 150), (512, 512)), ((50, 50),)),
    "cavern": (((51, 51), (151, 151), (513, 513)), ((51, 51),)),
}
TARGETS = {((512, 512), "unicursal"): Target(5.0), ((513, 513), "cavern"): Target(5.0)}
#: Their plain-Python references take minutes beyond the small size.
REFERENCE_MAX_CELLS = {"unicursal": 2601, "cavern": 2601}


def _generator_case(name: str) -> None:
    """Register `generate <name>`."""
    sizes, quick_sizes = SLOW_SIZES.get(name, (SIZES, QUICK_SIZES))

    def prepare(size):
        w, h = size
        refs = {}
        if name in PYTHON_GENERATORS and w * h <= REFERENCE_MAX_CELLS.get(name, w * h):
            refs["python"] = lambda: PYTHON_GENERATORS[name](w, h, 1)
        mazelib_run = mazelib_ref.generator(name, w, h) if size == mazelib_ref.SIZE else None
        if mazelib_run is not None:
            refs["mazelib"] = mazelib_run
        return Prepared(lambda: generate(name, w, h, 1), refs, TARGETS.get((size, name)))

    bench_case(f"generate {name}", sizes=sizes, quick_sizes=quick_sizes)(prepare)


for _name in GENERATORS:
    _generator_case(_name)
