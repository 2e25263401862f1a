"""The benchmark cases' registry: what a case is, and the decorator that registers one.

A case is a name, the sizes it runs at, and a `prepare(size)` that returns a `Prepared`:
the timed kernel call plus the reference calls (each a name and a callable), and for the
issue's figures a target in seconds (and MiB) to compare against. The defaults of the
bench's options live here too, where the command line reads them without loading the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

QUICK_SIZES = ((200, 200),)
FULL_SIZES = ((200, 200), (1000, 1000))
DEFAULT_CAP = 10.0  #: seconds one timed call may take before it is stopped
#: seconds `bench --startup` waits for a launch's screen, by numba cache (cold or warm)
STARTUP_TIMEOUTS = {"cold": 60.0, "warm": 20.0}
IDLE_SECONDS = 10.0  #: seconds `bench --startup` watches each idle screen

Size = tuple[int, int]
Timed = Callable[[], object]


@dataclass(frozen=True)
class Target:
    """A figure the issue asks for: at most `seconds`, and at most `mib` of peak memory."""

    seconds: float
    mib: float | None = None


@dataclass
class Prepared:
    """What one case runs at one size: the kernel call and the references it is timed against."""

    kernel: Timed
    references: dict[str, Timed] = field(default_factory=dict)
    target: Target | None = None
    memory: bool = False  #: also measure the kernel call's peak memory


@dataclass(frozen=True)
class BenchCase:
    """One benchmarked kernel."""

    name: str
    prepare: Callable[[Size], Prepared | tuple[Timed, dict[str, Timed]]]
    sizes: tuple[Size, ...] = FULL_SIZES
    quick_sizes: tuple[Size, ...] = QUICK_SIZES

    def prepared(self, size: Size) -> Prepared:
        """`prepare(size)`, accepting the short form `(kernel, references)`."""
        got = self.prepare(size)
        return got if isinstance(got, Prepared) else Prepared(got[0], dict(got[1]))


CASES: list[BenchCase] = []


def bench_case(name: str, sizes=FULL_SIZES, quick_sizes=QUICK_SIZES):
    """Register the decorated `prepare(size)` as a benchmark case."""

    def wrap(prepare):
        CASES.append(BenchCase(name, prepare, tuple(sizes), tuple(quick_sizes)))
        return prepare

    return wrap
