"""The bench's rows as text: a table, and how a time or a ratio (exact or a bound) reads."""

from __future__ import annotations


def seconds_text(seconds: float | None, status: str | None) -> str:
    """A time for the table: exact, a lower bound ("> 10"), or why there is none."""
    if status == "failed":
        return "failed"
    if seconds is None:
        return "-"
    return f"> {seconds:g}" if status == "capped" else f"{seconds:.4f}"


def per_cell_text(value: float | None, status: str | None) -> str:
    """A per-cell figure (ns or bytes): "-" when there is none, a bound when capped."""
    if value is None or status == "failed":
        return "-"
    text = f"{value:.1f}" if value < 100 else f"{value:.0f}"
    return f"> {text}" if status == "capped" else text


def ratio_text(row: dict) -> str:
    """A ratio for the table: "12.3x", "> 300x", "< 2.0x", or "-"."""
    if row["ratio"] is None:
        return "-"
    bound = f"{row['ratio_bound']} " if row["ratio_bound"] else ""
    return f"{bound}{row['ratio']:.1f}x"


def format_table(rows: list[dict]) -> str:
    """The rows as an aligned text table; notes (failures, bounds, targets) in the last column."""
    header = ("case", "size", "seconds", "ns/cell", "B/cell", "reference", "ref seconds",
              "ratio", "note")
    body = [
        (
            r["name"], r["size"], seconds_text(r["seconds"], r["status"]),
            per_cell_text(r.get("ns_per_cell"), r["status"]),
            per_cell_text(r.get("bytes_per_cell"), r["status"]), r["reference"] or "-",
            seconds_text(r["reference_seconds"], r["reference_status"]), ratio_text(r),
            r["note"],
        )
        for r in rows
    ]
    return aligned_table(header, body, left={0, 1, 5, 8})


def aligned_table(header: tuple, rows: list[tuple], left: set[int]) -> str:
    """Rows under a header and a rule, columns aligned: those in `left` to the left, the
    others (numbers) to the right."""
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows, strict=True)]
    fmt = "  ".join(f"{{:{'<' if i in left else '>'}{w}}}" for i, w in enumerate(widths))
    lines = [header, tuple("-" * w for w in widths), *rows]
    return "\n".join(fmt.format(*line).rstrip() for line in lines)
