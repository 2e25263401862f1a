"""The lab's steps without a screen: `TraceRun.step_rows` and `step_row` against the events
read in plain Python, forward and back, with a braiding pass after the numbered steps."""

from __future__ import annotations

import numpy as np

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.trace import CARVE, STEP, Trace
from mazegame.games.lab import TraceRun
from mazegame.games.lab_steps import AFTER_STEPS


def step_in_force(events: np.ndarray, position: int) -> int | None:
    """The arg of the last STEP among the first `position` events (None: no STEP yet)."""
    args = [int(arg) for op, _, arg in events[:position] if op == STEP]
    return args[-1] if args else None


def test_rows_are_the_registry_steps_numbered():
    made = generate("backtracker", 6, 5, seed=4, record=True)
    run = TraceRun.of_generation("backtracker", made)
    steps = GENERATORS["backtracker"].steps
    assert run.steps == steps and run.algorithm == "backtracker"
    assert [(r.label, r.text) for r in run.step_rows] == \
        [(f"{n}.", s) for n, s in enumerate(steps, 1)]  # no STEP 0: no braiding row


def test_the_row_being_run_follows_the_events_both_ways():
    made = generate("backtracker", 6, 5, seed=4, record=True)
    # A braiding pass after the generator, as braid records it: STEP 0, then its CARVEs.
    tail = np.array([[STEP, -1, 0], [CARVE, 0, 1], [CARVE, 7, 2]], dtype=np.int32)
    events = np.concatenate([made.trace.events, tail])
    run = TraceRun.of_generation("backtracker", made)
    run = TraceRun(run.title, Trace(events, made.trace.initial), made.maze, run.layers,
                   algorithm="backtracker", steps=run.steps)
    assert run.step_rows[-1].label == "+"
    assert run.step_rows[-1].text == AFTER_STEPS["generator"]
    positions = list(range(len(events) + 1))
    for position in positions + positions[::-1]:
        run.seek(position)
        arg = step_in_force(events, position)
        expected = -1 if arg is None else (len(run.step_rows) - 1 if arg == 0 else arg - 1)
        assert run.step_row() == expected, position
        assert run.after_steps == (arg == 0)
        assert run.current_step == (arg or 0)


def test_a_maze_from_a_file_has_no_steps():
    run = TraceRun.of_maze("x.txt", generate("kruskal", 4, 4, seed=1).maze)
    assert run.step_rows == () and run.step_row() == -1 and run.algorithm == ""
