"""The lab's list of an algorithm's numbered steps: the rows `TraceRun.step_rows` holds.

Each registry entry's `steps` is numbered 1.. in its trace's STEP events; a `(STEP, -1, 0)`
says the trace has gone past them (only braiding does, after a generator) and gets a row of
its own, so the lab can mark it as it marks a step.
"""

from __future__ import annotations

from dataclasses import dataclass

#: What a trace does after a `(STEP, -1, 0)`, by who made the trace.
AFTER_STEPS = {"generator": "Braiding: dead ends opened after the generator.",
               "solver": "After the numbered steps."}


@dataclass(frozen=True)
class StepRow:
    """One line of the list: its label ("1." .., or "+" for the work after the numbered
    steps) and its words."""

    label: str
    text: str


def step_rows(steps: tuple[str, ...], after: bool, generator: bool) -> tuple[StepRow, ...]:
    """The rows for `steps`, with the row for the work after them when the trace has some
    (`after`: it holds a `(STEP, -1, 0)`)."""
    rows = [StepRow(f"{n}.", text) for n, text in enumerate(steps, 1)]
    if after:
        rows.append(StepRow("+", AFTER_STEPS["generator" if generator else "solver"]))
    return tuple(rows)
