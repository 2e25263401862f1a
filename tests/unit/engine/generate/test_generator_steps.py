"""The numbered steps of the Suits, Hamiltonian, Kruskal and Wilson generators are honest:
each event of a recorded trace comes under the step that says it (issue 40).

Read in plain Python: the step in force is the last STEP event before; the sets and the
tree are followed with a plain union-find (`test_trace_ideas.Components`).
"""

from __future__ import annotations

import pytest

from mazegame.engine.generate import generate
from mazegame.engine.trace import AT, CARVE, LABEL, MARK, WALL, Mark
from tests.unit.engine.generate.test_trace_ideas import Components
from tests.unit.engine.test_steps import stepped

SEEDS = (1, 2, 5)


def joins(parts: Components, cell: int, side: int) -> bool:
    """Carve into `parts`: True when the door joined two of its parts."""
    apart = parts.find(cell) != parts.find(parts.maze.neighbor(cell, side))
    parts.carve(cell, side)
    return apart


@pytest.mark.parametrize("seed", SEEDS)
def test_kruskal_carves_only_in_the_step_that_joins_two_sets(seed):
    traced = generate("kruskal", 9, 7, seed, record=True)
    parts = Components(traced.trace.initial)
    carves = 0
    for step, op, cell, arg in stepped(traced.trace.events):
        assert op in (CARVE, LABEL) and step == 3, (step, op)
        if op == CARVE:
            assert joins(parts, cell, arg), "a door inside one set"
            carves += 1
    assert carves == 9 * 7 - 1


@pytest.mark.parametrize("seed", SEEDS)
def test_wilson_walks_in_step_3_erases_in_step_4_and_carves_in_step_5(seed):
    """Arrows (labels 1..4) and the walker's moves come from the walking step; a cell
    leaves the walk (its mark cleared) only in the erasing step; doors and the tree's
    marks only in the carving step, each door from a walk's cell to the tree."""
    traced = generate("wilson", 8, 6, seed, record=True)
    parts = Components(traced.trace.initial)
    seen = set()
    for step, op, cell, arg in stepped(traced.trace.events):
        seen.add(step)
        if op == LABEL and arg > 0:
            assert step == 3
        elif op == MARK and arg == Mark.NONE:
            assert step == 4
        elif op == CARVE:
            assert step == 5 and joins(parts, cell, arg)
        elif op == MARK and arg == Mark.VISITED:
            assert step in (1, 5)
        elif op == MARK and arg == Mark.ACTIVE:  # a walk starts, or takes a new cell
            assert step in (2, 3)
        elif op == AT:
            assert step in (2, 3, 4)
    assert seen == {1, 2, 3, 4, 5}


@pytest.mark.parametrize("seed", SEEDS)
def test_spanning_tree_marks_the_frontier_in_step_3_and_joins_it_in_step_4(seed):
    traced = generate("spanning-tree", 8, 6, seed, record=True)
    maze = traced.trace.initial
    marks = [Mark.NONE] * maze.size
    for step, op, cell, arg in stepped(traced.trace.events):
        if op == MARK and arg == Mark.FRONTIER:
            assert step == 3 and marks[cell] == Mark.NONE
        elif op == MARK:  # the first present cell in step 2, the others in step 5
            assert arg == Mark.VISITED
            assert (step, marks[cell]) in ((2, Mark.NONE), (5, Mark.FRONTIER))
        elif op == CARVE:  # the present cell, a frontier one, joins a visited neighbour
            assert step == 4 and marks[cell] == Mark.FRONTIER
            assert marks[maze.neighbor(cell, arg)] == Mark.VISITED
        if op == MARK:
            marks[cell] = arg
    assert set(marks) == {Mark.VISITED}


@pytest.mark.parametrize("seed", SEEDS)
def test_connection_matrix_opens_walls_only_between_regions_in_step_4(seed):
    traced = generate("connection-matrix", 7, 6, seed, record=True)
    parts = Components(traced.trace.initial)
    opened = 0
    for step, op, cell, arg in stepped(traced.trace.events):
        if op == CARVE and step == 4:
            assert joins(parts, cell, arg), "a wall opened inside one region"
            opened += 1
        elif op == CARVE:
            assert step == 1  # the random doors
            parts.carve(cell, arg)
    assert opened > 0
    assert len({parts.find(a) for a in range(7 * 6)}) == 1


@pytest.mark.parametrize("name", ["anderson", "cavern"])
def test_walls_and_doors_come_from_the_building_step(name):
    """Anderson builds each wall in step 3; a cavern opens its doors in step 3, after
    step 2 showed every passage pixel."""
    traced = generate(name, 9, 7, 3, record=True)
    for step, op, _, _ in stepped(traced.trace.events):
        assert op not in (WALL, CARVE) or step == 3
        assert op != MARK or step == 2


@pytest.mark.parametrize("seed", SEEDS)
def test_unicursal_walks_on_in_step_2_and_backbites_in_steps_3_and_4(seed):
    """A step on (step 2) carves into a cell not yet on the path; only a backbite (step 3
    stuck, step 4 steering to the end asked) walls up a door; the path is marked done in
    step 5."""
    traced = generate("unicursal", 6, 5, seed, record=True, options={"end": (4, 5)})
    maze = traced.trace.initial
    on_path = set()
    runs = {CARVE: set(), WALL: set()}
    for step, op, cell, arg in stepped(traced.trace.events):
        if op == MARK and arg == Mark.ACTIVE:
            on_path.add(cell)
        if op == CARVE:
            runs[CARVE].add(step)
            if step == 2:
                assert maze.neighbor(cell, arg) not in on_path
            else:
                assert step in (3, 4) and maze.neighbor(cell, arg) in on_path
        elif op == WALL:
            runs[WALL].add(step)
            assert step in (1, 3, 4)  # 1: a fresh walk walls the old one up
        elif op == MARK and arg == Mark.VISITED:
            assert step == 5
    assert runs[CARVE] >= {2, 4} and 4 in runs[WALL]
