"""`mazegame bench`: kernels timed against references measured in the same run.

A case is a name, the sizes it runs at, and a `prepare(size)` that returns the timed
kernel call plus the reference calls (each a name and a callable). Ratios are
reference_seconds / seconds: how many times faster the kernel is.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

QUICK_SIZES = ((200, 200),)
FULL_SIZES = ((200, 200), (1000, 1000))


Timed = Callable[[], object]


@dataclass(frozen=True)
class BenchCase:
    """One benchmarked kernel."""

    name: str
    prepare: Callable[[tuple[int, int]], tuple[Timed, dict[str, Timed]]]
    sizes: tuple[tuple[int, int], ...] = FULL_SIZES
    quick_sizes: tuple[tuple[int, int], ...] = QUICK_SIZES


CASES: list[BenchCase] = []


def bench_case(name: str, sizes=FULL_SIZES, quick_sizes=QUICK_SIZES):
    """Register the decorated `prepare(size)` as a benchmark case."""

    def wrap(prepare):
        CASES.append(BenchCase(name, prepare, tuple(sizes), tuple(quick_sizes)))
        return prepare

    return wrap


def best_time(fn: Callable[[], object], repeat: int = 3, budget: float = 2.0) -> float:
    """Best of up to `repeat` runs, fewer when one run already takes most of the budget."""
    best = float("inf")
    spent = 0.0
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        took = time.perf_counter() - t0
        best = min(best, took)
        spent += took
        if spent > budget:
            break
    return best


def run_cases(
    quick: bool = False, only: str | None = None, progress: TextIO | None = None
) -> list[dict]:
    """Run every registered case (after a warm-up call that pays numba's compile)."""
    from mazegame.bench import cases  # noqa: F401  (registers the cases)

    rows = []
    for case in CASES:
        if only and only not in case.name:
            continue
        for size in case.quick_sizes if quick else case.sizes:
            fast, references = case.prepare(size)
            fast()  # warm-up: compile or load from the cache
            seconds = best_time(fast)
            for ref_name, ref in references.items():
                ref_seconds = best_time(ref, repeat=1)
                rows.append({
                    "name": case.name, "size": f"{size[0]}x{size[1]}", "seconds": seconds,
                    "reference": ref_name, "reference_seconds": ref_seconds,
                    "ratio": ref_seconds / seconds if seconds > 0 else float("inf"),
                })
                if progress:
                    print(f"  {case.name} {size[0]}x{size[1]} vs {ref_name}: "
                          f"{rows[-1]['ratio']:.0f}x", file=progress, flush=True)
            if not references:
                rows.append({
                    "name": case.name, "size": f"{size[0]}x{size[1]}", "seconds": seconds,
                    "reference": None, "reference_seconds": None, "ratio": None,
                })
    return rows


def format_table(rows: list[dict]) -> str:
    """The rows as an aligned text table."""
    header = ("case", "size", "seconds", "reference", "ref seconds", "ratio")
    body = [
        (
            r["name"], r["size"], f"{r['seconds']:.4f}", r["reference"] or "-",
            "-" if r["reference_seconds"] is None else f"{r['reference_seconds']:.4f}",
            "-" if r["ratio"] is None else f"{r['ratio']:.1f}x",
        )
        for r in rows
    ]
    widths = [max(len(str(x)) for x in col) for col in zip(header, *body, strict=False)]
    fmt = "  ".join(f"{{:{'<' if i < 2 or i == 3 else '>'}{w}}}" for i, w in enumerate(widths))
    return "\n".join([fmt.format(*header), fmt.format(*("-" * w for w in widths))]
                     + [fmt.format(*row) for row in body])
