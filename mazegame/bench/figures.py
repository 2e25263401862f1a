"""Figures of repeated runs for `bench --startup`: median, min and max, and how a figure and
its verdict read in the tables (shared by the startup, idle and key-press figures)."""

from __future__ import annotations

import math
import statistics


def summary(values: list[float | None]) -> dict:
    """Median, min and max of runs; a run without a figure (None: timed out or failed)
    counts as slower than any, so a median that falls on one is None."""
    ordered = sorted(math.inf if v is None else v for v in values)
    finite = [None if math.isinf(v) else v for v in ordered]
    return {"median": None if not ordered or math.isinf(m := statistics.median(ordered)) else m,
            "min": finite[0] if finite else None, "max": finite[-1] if finite else None,
            "runs": list(values)}


def seconds_text(seconds: float | None) -> str:
    """A time for the table, or "-" where there is none."""
    return "-" if seconds is None else f"{seconds:.2f} s"


def ms_text(seconds: float | None) -> str:
    """A short time for the table, in milliseconds, or "-"."""
    return "-" if seconds is None else f"{1000 * seconds:.1f} ms"


def rate_text(rate: float | None) -> str:
    """Bytes per second for the table: B/s below a kilobyte, KB/s above."""
    if rate is None:
        return "-"
    return f"{rate:.0f} B/s" if rate < 1000 else f"{rate / 1000:.1f} KB/s"


def percent_text(value: float | None) -> str:
    """A CPU share for the table."""
    return "-" if value is None else f"{value:.1f} %"


def number_text(value: float | None) -> str:
    """A number with one decimal, or "-"."""
    return "-" if value is None else f"{value:.1f}"


def verdict(met: bool | None, figure: dict) -> str:
    """"met", "missed" or "-", and how many runs timed out or failed."""
    text = "-" if met is None else "met" if met else "missed"
    extra = [f"{figure[k]} {k[:-1] if figure[k] == 1 else k}" for k in ("timeouts", "failures")
             if figure.get(k)]
    return text + (f" ({', '.join(extra)})" if extra else "")
