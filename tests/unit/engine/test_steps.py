"""Every generator and solver carries its numbered steps, and its traces say which step made
each event (issue 40, the lab as a textbook).

The checks read the events in plain Python: a STEP event names a step of the registry
entry's list, every other event comes after one, and on a few mazes every step is run.
"""

from __future__ import annotations

import numpy as np
import pytest

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.generate.boards import board_generators, board_tilings, generate_board
from mazegame.engine.solve import SOLVERS, handles, solve
from mazegame.engine.tilings import TILINGS
from mazegame.engine.trace import STEP, Replay, event_steps

#: More runs for steps the default options never reach: (width, height, options) a name.
MORE_RUNS = {
    "unicursal": [(6, 5, {"end": (4, 5)})],  # step 4 steers the far end to a chosen cell
}


def stepped(events: np.ndarray):
    """(step in force, op, cell, arg) for each event that is not a STEP: the plain-Python
    reading the step-honesty tests check the kernels' steps by."""
    step = 0
    for op, cell, arg in events.tolist():
        if op == STEP:
            step = arg
        else:
            yield step, op, cell, arg


def check_trace_steps(events: np.ndarray, steps: tuple[str, ...]) -> set[int]:
    """Assert that the STEP events name steps of `steps` and that every other event follows
    one; returns the step numbers run."""
    ops = events[:, 0]
    assert len(events) and ops[0] == STEP, "a trace begins with the step it runs"
    named = events[ops == STEP, 2]
    assert np.all((named >= 1) & (named <= len(steps))), sorted(set(named.tolist()))
    assert np.all(event_steps(events) >= 1)
    return set(named.tolist())


@pytest.mark.parametrize("name", list(GENERATORS) + list(SOLVERS))
def test_every_algorithm_has_numbered_steps(name):
    spec = GENERATORS.get(name) or SOLVERS[name]
    assert len(spec.steps) >= 2
    assert all(isinstance(s, str) and s.strip() and s[0].isupper() for s in spec.steps)


@pytest.mark.parametrize("name", list(GENERATORS))
def test_generator_traces_run_every_step(name):
    spec = GENERATORS[name]
    run = set()
    for seed in (1, 2, 3):
        for width, height in ((8, 6), (5, 5), (12, 9)):
            w, h = spec.fit_size(width, height)
            made = generate(name, w, h, seed=seed, record=True)
            run |= check_trace_steps(made.trace.events, spec.steps)
        for w, h, options in MORE_RUNS.get(name, ()):
            made = generate(name, w, h, seed=seed, record=True, options=options)
            run |= check_trace_steps(made.trace.events, spec.steps)
    assert run == set(range(1, len(spec.steps) + 1)), f"steps never run: {spec.steps}"


#: Board kinds that build mazes, and the generators that build on any of them.
BOARDS = [kind for kind in board_tilings() if TILINGS[kind].make is not None]
BOARD_GENERATORS = [name for name in GENERATORS
                    if any(name in board_generators(kind) for kind in BOARDS)]


@pytest.mark.parametrize("name", BOARD_GENERATORS)
def test_board_generator_traces_follow_the_same_steps(name):
    """A board kernel's trace names the steps of its square twin, and runs them all."""
    spec = GENERATORS[name]
    run = set()
    for kind in BOARDS:
        if name not in board_generators(kind):
            continue
        for seed in (1, 2, 3):
            for width, height in ((8, 6), (5, 5), (2, 3)):
                made = generate_board(name, kind, width, height, seed, floors=2, record=True)
                run |= check_trace_steps(made.events, spec.steps)
    assert run == set(range(1, len(spec.steps) + 1)), f"steps never run: {spec.steps}"


@pytest.mark.parametrize("name", list(SOLVERS))
def test_solver_traces_run_every_step(name):
    spec = SOLVERS[name]
    run = set()
    for seed in (1, 2, 3):
        # a maze with loops too: Tremaux's walk back from a cell seen before needs one
        for generator, braid in (("backtracker", 0.0), ("kruskal", 0.0), ("backtracker", 0.5)):
            maze = generate(generator, 9, 7, seed=seed, braid=braid).maze
            result = solve(name, maze, record=True, seed=seed)
            run |= check_trace_steps(result.trace.events, spec.steps)
    assert run == set(range(1, len(spec.steps) + 1)), f"steps never run: {spec.steps}"


@pytest.mark.parametrize("name", [name for name, spec in SOLVERS.items() if spec.boards])
def test_board_solver_traces_run_every_step(name):
    """The same contract on small hex, triangle and floors mazes (issue 41), braided too,
    as the square's are."""
    spec = SOLVERS[name]
    run = set()
    for seed in (1, 2, 3):
        for kind in ("hex", "triangle", "floors"):
            for braid in (0.0, 0.5):
                maze = generate_board("backtracker", kind, 6, 5, seed, floors=2,
                                      braid=braid).maze
                if not handles(name, maze):  # a wall follower on floors
                    continue
                result = solve(name, maze, record=True, seed=seed)
                run |= check_trace_steps(result.trace.events, spec.steps)
    assert run == set(range(1, len(spec.steps) + 1)), f"steps never run: {spec.steps}"


def test_replay_follows_the_step_forward_and_back():
    made = generate("backtracker", 6, 5, seed=4, record=True)
    events = made.trace.events
    expected = event_steps(events)
    replay = Replay(made.trace)
    assert replay.current_step == 0
    for position in range(1, len(events) + 1):
        replay.seek(position)
        assert replay.current_step == expected[position - 1]
    for position in range(len(events) - 1, 0, -1):
        replay.seek(position)
        assert replay.current_step == expected[position - 1]
    replay.seek(0)
    assert replay.current_step == 0


def test_event_steps_fills_forward():
    events = np.array([[STEP, -1, 1], [0, 3, 1], [0, 4, 2], [STEP, -1, 3], [2, 5, 1]],
                      dtype=np.int32)
    assert event_steps(events).tolist() == [1, 1, 1, 3, 3]
    assert event_steps(np.zeros((0, 3), dtype=np.int32)).tolist() == []
