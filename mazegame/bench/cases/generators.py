"""Every registered generator, against its plain-Python reference and mazelib's counterpart."""

from __future__ import annotations

from mazegame.bench.references import GENERATORS as PYTHON_GENERATORS
from mazegame.bench.references import mazelib_ref
from mazegame.bench.registry import Prepared, Target, bench_case
from mazegame.engine.generate import GENERATORS, generate

#: mazelib runs at its modest sizes only; the kernels and the plain-Python references also
#: at the larger ones.
BIG = (4096, 4096)  #: the largest maze the CLI builds: ns and peak bytes per cell there
SIZES = (mazelib_ref.SIZE, (200, 200), (1000, 1000), BIG)
QUICK_SIZES = (mazelib_ref.SIZE, (200, 200))

#: Hamiltonian-path generators reverse a path segment per backbite, so they are timed at
#: sizes they build in about a second, and at the issue's figure (512x512, target 5 s).
#: Cavern needs an odd side (an even grid of inner corners), hence 51 and 513.
SLOW_SIZES = {
    "unicursal": (((50, 50), (150, 150), (512, 512)), ((50, 50),)),
    "cavern": (((51, 51), (151, 151), (513, 513)), ((51, 51),)),
}
TARGETS = {((512, 512), "unicursal"): Target(5.0), ((513, 513), "cavern"): Target(5.0)}
#: Their plain-Python references take minutes beyond the small size; the others' at 1000x1000
#: already take seconds, and at 4096x4096 gigabytes.
REFERENCE_MAX_CELLS = {"unicursal": 2601, "cavern": 2601}
PYTHON_MAX_CELLS = 1000 * 1000
#: Aldous-Broder's walk needs about n log^2 n steps to cover 4096x4096: minutes, not seconds.
NOT_BIG = {"aldous-broder"}
#: the issue's target at 4096x4096 for a linear-time generator: 200 ns and 40 bytes a cell
BIG_TARGET = Target(200e-9 * BIG[0] * BIG[1], 40 * BIG[0] * BIG[1] / 2**20)


def _generator_case(name: str) -> None:
    """Register `generate <name>`."""
    sizes, quick_sizes = SLOW_SIZES.get(name, (SIZES, QUICK_SIZES))
    if name in NOT_BIG:
        sizes = tuple(size for size in sizes if size != BIG)

    def prepare(size):
        w, h = size
        refs = {}
        if name in PYTHON_GENERATORS and w * h <= REFERENCE_MAX_CELLS.get(name, PYTHON_MAX_CELLS):
            refs["python"] = lambda: PYTHON_GENERATORS[name](w, h, 1)
        mazelib_run = (mazelib_ref.generator(name, w, h) if size in mazelib_ref.GENERATOR_SIZES
                       else None)
        if mazelib_run is not None:
            refs["mazelib"] = mazelib_run
        if size == BIG:
            return Prepared(lambda: generate(name, w, h, 1), refs, BIG_TARGET, memory=True)
        return Prepared(lambda: generate(name, w, h, 1), refs, TARGETS.get((size, name)))

    bench_case(f"generate {name}", sizes=sizes, quick_sizes=quick_sizes)(prepare)


for _name in GENERATORS:
    _generator_case(_name)
