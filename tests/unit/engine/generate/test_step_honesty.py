"""The step a trace names is the step the algorithm takes (issue 40): read in plain Python,
every event does what the sentence of its step says, and a braided trace's braiding pass
is step 0, no step of the generator's list.

Each check follows the events with its own account (a union-find over the doors, the set
of cells marked so far); none reads the numba replay.
"""

from __future__ import annotations

import numpy as np
import pytest

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.generate.classic import GROWING_MODES
from mazegame.engine.trace import AT, CARVE, FOCUS, MARK, NOTE, STEP, event_steps
from tests.unit.engine.generate.test_trace_ideas import Components
from tests.unit.engine.test_steps import stepped

SEEDS = (1, 7, 2024)


@pytest.mark.parametrize("seed", SEEDS)
def test_eller_carves_each_set_of_a_row_down_in_step_three(seed):
    """Doors east are step 2's, doors down step 3's; and the doors down of one step 3 leave
    from every set the row had when the step began, and only from that row."""
    traced = generate("eller", 10, 7, seed, record=True)
    maze, events = traced.trace.initial, traced.trace.events
    w = maze.width
    parts = Components(maze)
    step, row, sets, down = 0, -1, {}, set()
    rows_down = 0
    for op, cell, arg in events.tolist():
        if op == STEP:
            if step == 3:  # step 3 is over: each of the row's sets went down
                assert down == set(sets.values())
                rows_down += 1
            step = arg
            row += arg == 2  # each step 2 holds the next row
            if arg == 3:
                sets = {c: parts.find(c) for c in range(row * w, row * w + w)}
                down = set()
        elif op == CARVE:
            assert step == (3 if arg == 2 else 2), (op, cell, arg, step)
            assert cell // w == row
            if arg == 2:
                down.add(sets[cell])
            parts.carve(cell, arg)
    assert rows_down == maze.height - 1 and row == maze.height - 1


@pytest.mark.parametrize("seed", SEEDS)
def test_hunt_and_kill_walks_in_step_two_hunts_in_three_kills_in_four(seed):
    """A door of step 2 leads from the cell in hand into a new cell; a door of step 4 from
    a new cell into the maze; step 3 only scans (its notes and rows in focus) and retires
    the walk that got stuck."""
    traced = generate("hunt-and-kill", 9, 8, seed, record=True)
    maze, events = traced.trace.initial, traced.trace.events
    in_maze: set[int] = set()
    at, doors = -1, {2: 0, 4: 0}
    for step, op, cell, arg in stepped(events):
        if op == CARVE:
            nb = maze.neighbor(cell, arg)
            if step == 2:
                assert cell == at and cell in in_maze and nb not in in_maze
            else:
                assert step == 4 and cell not in in_maze and nb in in_maze
            doors[step] += 1
        elif op == AT:
            at = cell
        elif op == MARK:
            assert step != 3 or cell in in_maze  # the hunt only retires the walk
            in_maze.add(cell)
        elif op == NOTE or (op == FOCUS and arg):
            assert step in (3, 4)
    assert doors[2] and doors[4] and doors[2] + doors[4] == maze.size - 1


@pytest.mark.parametrize("mode", GROWING_MODES)
def test_growing_tree_grows_in_step_three_and_retires_in_step_four(mode):
    """Step 3 carves from a listed cell into a new one; step 4 takes off the list a cell
    whose neighbours are all in the maze; step 2 (the choice) shows nothing."""
    traced = generate("growing-tree", 8, 6, 5, record=True, options={"mode": mode})
    maze, events = traced.trace.initial, traced.trace.events
    listed: set[int] = set()
    in_maze: set[int] = set()
    for step, op, cell, arg in stepped(events):
        assert step != 2
        if op == CARVE:
            assert step == 3 and cell in listed
            assert maze.neighbor(cell, arg) not in in_maze
        elif op == MARK and step == 4:
            assert cell in listed
            assert all(maze.neighbor(cell, d) in in_maze | {-1} for d in range(4))
            listed.discard(cell)
        elif op == MARK:
            listed.add(cell)
            in_maze.add(cell)
    assert not listed and len(in_maze) == maze.size
    assert events[-1].tolist() == [STEP, -1, 2]  # the list is empty: step 2 stops


@pytest.mark.parametrize("name", [n for n, s in GENERATORS.items() if not s.rock])
def test_a_braided_trace_is_the_generators_then_the_braiding_pass_as_step_zero(name):
    spec = GENERATORS[name]
    w, h = spec.fit_size(9, 7)
    plain = generate(name, w, h, 3, record=True).trace.events
    braided = generate(name, w, h, 3, braid=0.6, record=True).trace.events
    k = len(plain)
    assert np.array_equal(braided[:k], plain)
    assert braided[k].tolist() == [STEP, -1, 0]
    assert len(braided) > k + 1 and np.all(braided[k + 1:, 0] == CARVE)
    assert np.all(event_steps(braided)[k:] == 0)
