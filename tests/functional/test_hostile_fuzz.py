"""A sample of the hostile fuzz (hostile_fuzz.py) in every run of the suite: the real program
in its own process, with standard output closed or full, a FIFO or a device where a file
should be, deeply nested documents, and Ctrl-C at a random moment. The full run (thousands of
cases) is a command in README; this keeps every kind of blow in the suite."""

from __future__ import annotations

import functools

import pytest
from hostile_cases import build_cases
from hostile_fuzz import TIME_LIMIT, run_case

#: Each kind of blow the sample must hold, and how many cases of it.
KINDS = {"stdout closed": 4, "stdout full": 4, "fifo": 3, "device or folder": 4,
         "nesting": 4, "sigint": 6, "stdin": 2, "": 5}
SAMPLE_SIZE = sum(KINDS.values())
HANG = 60.0  #: seconds after which a run that reads a FIFO or a device counts as hung
#: seconds a run may take to end after its Ctrl-C: only a guard against a hang (the full fuzz
#: holds the program to AFTER_SIGINT; a machine loaded by other work is slower than that)
AFTER_CTRL_C = 60.0


@functools.cache
def sample() -> list:
    """The first cases of each kind from seed 37's cases (the same every run)."""
    cases = build_cases(seed=37, commands=400, files=600)
    chosen = []
    for tag, count in KINDS.items():
        fitting = [c for c in cases if c not in chosen and (
            tag in c.tags and ("working" in c.tags or not tag.startswith("stdout"))
            if tag else not c.tags)]
        chosen += fitting[:count]
    assert len(chosen) == SAMPLE_SIZE, "the seed no longer yields every kind of case"
    return chosen


@pytest.mark.parametrize("index", range(SAMPLE_SIZE))
def test_the_real_program_survives_a_hostile_case(index):
    case = sample()[index]
    blocks = {"fifo", "device or folder"} & case.tags and case.interrupt is None
    outcome = run_case(case, time_limit=HANG if blocks else TIME_LIMIT, after_sigint=AFTER_CTRL_C)
    if blocks:  # a FIFO or a device is refused, never waited on (HANG only guards the suite)
        assert not outcome.slow, f"hung on a FIFO or device: {case.describe()}"
    assert not outcome.problems, (
        f"{', '.join(outcome.problems)}: {outcome.case.describe()}\n{outcome.stderr[-3000:]}")
