"""Running the registered cases and turning each measurement into rows.

A row compares the kernel with one reference (or with the issue's target). Ratios are
reference_seconds / seconds: how many times faster the kernel is. A call stopped at the
cap makes its figure a bound: `ratio_bound` is ">" (at least) or "<" (at most).
"""

from __future__ import annotations

import contextlib
import os
import signal
from typing import TextIO

from mazegame.bench.measure import FORK, CaseResult, Outcome, measure_case
from mazegame.bench.registry import CASES, DEFAULT_CAP, BenchCase, Size, Target
from mazegame.bench.report import ratio_text

TARGET = "issue target"  #: the reference name of a row comparing with the issue's figure
WARM_UP_TIMEOUT = 600  #: seconds the side-by-side compiling may take before it is given up


def _run_warm_up(tasks) -> None:
    """Run warm-up tasks, ignoring failures: a broken kernel shows up in its own row."""
    for _, call in tasks:
        with contextlib.suppress(Exception):
            call()


def _warm_up_child(tasks) -> None:
    """A side-by-side compiler: Ctrl-C is the parent's, which stops it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _run_warm_up(tasks)


def warm_up_kernels(workers: int = min(os.cpu_count() or 1, 4)) -> None:
    """Compile (or load from numba's cache) every kernel once, before any case's child is
    forked, so that compiling never counts against the cap.

    With a cold cache compiling takes most of a quick run; child processes compile their
    share side by side into the disk cache first, and this process then loads it all.
    """
    from mazegame.engine.warmup import warm_up_tasks

    first, *tasks = list(warm_up_tasks())
    _run_warm_up([first])  # the kernels every generator shares, compiled once before forking
    if workers > 1:
        procs = [FORK.Process(target=_warm_up_child, args=(tasks[i::workers],), daemon=True)
                 for i in range(workers)]
        for proc in procs:
            proc.start()
        try:
            for proc in procs:
                proc.join(WARM_UP_TIMEOUT)
        finally:
            for proc in procs:
                if proc.is_alive():
                    proc.kill()
                proc.join()
    _run_warm_up(tasks)


def _ratio(kernel: Outcome, ref: Outcome) -> tuple[float | None, str | None]:
    """(ratio, bound) of a reference over the kernel; bound None when exact."""
    if kernel.status == "failed" or ref.status == "failed":
        return None, None
    if kernel.status == "capped" and ref.status == "capped":
        return None, None
    ratio = ref.seconds / kernel.seconds if kernel.seconds > 0 else float("inf")
    if ref.status == "capped":
        return ratio, ">"
    return ratio, "<" if kernel.status == "capped" else None


def _note(kernel: Outcome, ref: Outcome | None, ratio: float | None) -> str:
    """A short line saying what went wrong or what is only a bound."""
    notes = []
    if kernel.status == "failed":
        notes.append(f"kernel failed: {kernel.error}")
    elif kernel.status == "capped":
        notes.append(f"kernel > {kernel.seconds:g} s ({kernel.error})")
    if ref is not None and ref.status == "failed":
        notes.append(f"reference failed: {ref.error}")
    elif ref is not None and ref.status == "capped":
        text = f"reference > {ref.seconds:g} s ({ref.error})"
        if ratio is not None:
            text += f", ratio > {ratio:.0f}x"
        notes.append(text)
    return "; ".join(notes)


def _target_note(kernel: Outcome, target: Target) -> str:
    """Whether the kernel meets the issue's figure (time, and memory when it has one)."""
    met = kernel.status == "ok" and kernel.seconds <= target.seconds
    verdict = "met" if met else "missed"
    if kernel.status == "capped" and kernel.seconds < target.seconds:
        verdict = "unknown, the cap is below the target: run with a larger --cap"
    took = {"ok": f"{kernel.seconds:.3g} s", "capped": f"> {kernel.seconds:g} s"}
    parts = [f"target <= {target.seconds:g} s: {verdict} "
             f"({took.get(kernel.status, 'kernel failed')})"]
    if target.mib is not None and kernel.peak_mib is not None:
        ok = kernel.peak_mib <= target.mib
        parts.append(f"peak +{kernel.peak_mib:.0f} MiB, target <= {target.mib:g} MiB: "
                     f"{'met' if ok else 'missed'}")
    return "; ".join(parts)


def case_rows(name: str, size: Size, result: CaseResult) -> list[dict]:
    """The rows of one case at one size."""
    kernel = result.setup or result.outcomes.get(0) or Outcome("failed", error="not run")
    cells = max(size[0] * size[1], 1)
    base = {
        "name": name, "size": f"{size[0]}x{size[1]}",
        "seconds": kernel.seconds, "status": kernel.status, "peak_mib": kernel.peak_mib,
        # per cell, so that sizes compare: time, and the peak memory the call added
        "ns_per_cell": None if kernel.seconds is None else kernel.seconds * 1e9 / cells,
        "bytes_per_cell": None if kernel.peak_mib is None else kernel.peak_mib * 2**20 / cells,
    }
    comparisons = [
        (label, result.outcomes.get(i, Outcome("failed", error="not run")))
        for i, label in enumerate(result.labels) if i > 0
    ]
    if result.target is not None:
        comparisons.append((TARGET, Outcome("ok", result.target.seconds)))
    rows = []
    for label, ref in comparisons:
        ratio, bound = _ratio(kernel, ref)
        note = (_target_note(kernel, result.target) if label == TARGET
                else _note(kernel, ref, ratio))
        rows.append({
            **base, "reference": label, "reference_seconds": ref.seconds,
            "reference_status": ref.status, "ratio": ratio, "ratio_bound": bound, "note": note,
        })
    if not rows:
        rows.append({**base, "reference": None, "reference_seconds": None,
                     "reference_status": None, "ratio": None, "ratio_bound": None,
                     "note": _note(kernel, None, None)})
    if kernel.peak_mib is not None and (result.target is None or result.target.mib is None):
        for row in rows:
            row["note"] = "; ".join(filter(None, [f"peak +{kernel.peak_mib:.0f} MiB", row["note"]]))
    return rows


def selected_cases(quick: bool, only: str | None) -> list[tuple[BenchCase, Size]]:
    """(case, size) pairs to run: every registered case, or those whose name has `only`."""
    from mazegame.bench import cases  # noqa: F401  (registers the cases)

    return [(case, size) for case in CASES if not only or only in case.name
            for size in (case.quick_sizes if quick else case.sizes)]


def run_cases(
    quick: bool = False, only: str | None = None, progress: TextIO | None = None,
    cap: float = DEFAULT_CAP,
) -> list[dict]:
    """Run the selected cases, each call in a child process stopped at `cap` seconds."""
    selected = selected_cases(quick, only)
    if selected:
        if progress:
            print("  warming up the kernels ...", file=progress, flush=True)
        warm_up_kernels()
    rows = []
    for case, size in selected:
        new = case_rows(case.name, size, measure_case(case, size, cap))
        rows += new
        if progress:
            for row in new:
                print("  " + progress_line(row), file=progress, flush=True)
    return rows


def progress_line(row: dict) -> str:
    """One row as the line printed while the bench runs."""
    line = f"{row['name']} {row['size']}"
    if row["reference"]:
        line += f" vs {row['reference']}: {ratio_text(row)}"
    elif row["seconds"] is not None:
        line += f": {row['seconds']:.4f} s"
    return line + (f"  ({row['note']})" if row["note"] else "")
