"""The solvers' numbered steps are honest: each event of a recorded trace belongs to the step
that says it does that (issue 40). Read in plain Python: a STEP event opens a step, the
events after it are that step's work.
"""

from __future__ import annotations

import pytest

from mazegame.engine.generate import generate
from mazegame.engine.grid import EAST, set_door
from mazegame.engine.solve import SOLVERS, solve
from mazegame.engine.solve.registry import (
    DOOR_E,
    DOOR_R,
    DOOR_X,
    FOUND,
    LOOP,
    RETRACE,
    SWITCH_HANDS,
)
from mazegame.engine.trace import AT, DEAD, DOOR, LABEL, MARK, NOTE, PATH, STEP, event_steps
from tests.helpers import FIG15

GOAL_TEST = "If here is the goal, stop."


def by_step(events) -> list[tuple[int, list[tuple[int, int, int]]]]:
    """The trace as a list of (step, the events it made), in order; plain Python."""
    runs = []
    for op, cell, arg in events.tolist():
        if op == STEP:
            runs.append((arg, []))
        else:
            assert runs, "an event before the first STEP"
            runs[-1][1].append((op, cell, arg))
    return runs


def mazes():
    """A few small mazes, without loops and with."""
    for seed in (1, 2):
        yield generate("backtracker", 8, 6, seed=seed).maze
        yield generate("kruskal", 8, 6, seed=seed, braid=0.5).maze


def test_lru_doors_marks_in_its_marking_steps_and_moves_in_its_door_step():
    """Suits 3.3: mark all doors 0 (1); goal? (2); choose the lowest (3); mark it i and go
    through (4); mark the door come in by i (5); go to 2. Every move runs 3, 4, 5, 2."""
    for seed, maze in enumerate(mazes()):
        result = solve("lru-doors", maze, record=True, seed=seed)
        runs = by_step(result.trace.events)
        assert [step for step, _ in runs[:2]] == [1, 2]
        assert [op for op, _, _ in runs[0][1]] == [AT, MARK, LABEL]  # standing in the start
        moves = runs[2:]
        assert [step for step, _ in moves] == [3, 4, 5, 2] * (len(moves) // 4)
        here = maze.start
        for i, (choose, go, mark_back, goal) in enumerate(
                zip(*(iter(moves),) * 4, strict=True), start=1):
            assert choose[1] == []  # choosing makes no mark
            door, arrived = go[1][0], go[1][1]
            assert door[0] == DOOR and door[1] == here and door[2] >> 2 == i
            assert arrived[0] == AT and maze.step(here, door[2] & 3) == arrived[1]
            assert {op for op, _, _ in go[1][1:]} <= {AT, MARK, LABEL}
            here = arrived[1]
            assert mark_back[1] == [(DOOR, here, ((door[2] & 3) ^ 2) | (i << 2))]
            assert goal[1] == ([] if 4 * i < len(moves) else [(NOTE, here, FOUND)])
        assert result.found and runs[-1][0] == 2
        assert [op for _, made in runs for op, _, _ in made].count(AT) == len(result.walk)


@pytest.mark.parametrize("name", ["bfs", "bfs-from-goal"])
def test_breadth_first_labels_a_level_in_each_labelling_step(name):
    """Suits 3.4: label the start (goal) 0 (1); label the neighbours of the cells labelled
    i with i + 1 (2); anything new? (3); then the path is read off (4)."""
    for maze in mazes():
        result = solve(name, maze, record=True)
        runs = by_step(result.trace.events)
        origin = {maze.start} if name == "bfs" else set(maze.goals)
        assert runs[0][0] == 1
        assert {(op, cell, arg) for op, cell, arg in runs[0][1] if op == LABEL} == {
            (LABEL, cell, 0) for cell in origin}
        assert runs[-1] == (4, [])
        levels = runs[1:-1]
        assert [step for step, _ in levels] == [2, 3] * (len(levels) // 2)
        for i, (label, check) in enumerate(zip(levels[::2], levels[1::2], strict=True)):
            assert check[1] == []
            assert all(arg == i + 1 for op, _, arg in label[1] if op == LABEL)
        labelled = [made for _, made in levels[::2]]
        assert labelled[-1] and not any(op == LABEL for op, _, _ in labelled[-1])
        distances = result.extra["distances"]
        assert len(labelled) == int(distances.max()) + 1


def test_hand_walks_switch_hands_and_stop_in_their_loop_step():
    """Suits fig. 15 from cell 5 facing east: the left hand goes round the loop (its step 3
    stops it); the hand-switching walk switches hands in step 3 and reaches the goal in
    step 2. Every move is made by step 4."""
    looped = by_step(solve("left-hand", FIG15, facing=EAST, record=True).trace.events)
    assert looped[-1] == (3, [(NOTE, 4, LOOP)])
    switched = solve("hand-switch", FIG15, facing=EAST, record=True)
    runs = by_step(switched.trace.events)
    notes = [(step, arg) for step, made in runs for op, _, arg in made if op == NOTE]
    assert notes == [(3, SWITCH_HANDS), (2, FOUND)]
    moved = [cell for step, made in runs for op, cell, _ in made if op == AT and step != 1]
    assert moved == switched.walk[1:]
    assert all(step == 4 for step, made in runs if any(op == AT for op, _, _ in made)
               and step != 1)
    for name in ("random-walk", "left-hand", "right-hand", "hand-switch", "lru-doors",
                 "pledge"):
        assert SOLVERS[name].steps[1] == GOAL_TEST, name


def test_tremaux_writes_each_mark_in_the_step_that_says_so():
    """E in step 3, X (Suits' step 5) in step 4, R in step 5, a finished cell in step 6,
    the numbered way back in step 7."""
    for seed, maze in enumerate(mazes()):
        result = solve("tremaux", maze, record=True, seed=seed)
        runs = by_step(result.trace.events)
        written = {}
        for step, made in runs:
            for op, _, arg in made:
                if op == DOOR:
                    value = arg >> 2
                    kind = value if value < 0 else "number"
                    written.setdefault(kind, set()).add(step)
                elif op == MARK and arg in (DEAD, PATH):
                    written.setdefault(arg, set()).add(step)
                elif op == NOTE:
                    written.setdefault(("note", arg), set()).add(step)
        assert written[DOOR_E] == {3} and written[DOOR_R] == {5}
        assert written.get(DOOR_X, {4}) == {4} and written.get(DEAD, {6}) == {6}
        assert written["number"] == written[PATH] == written[("note", RETRACE)] == {7}
        assert runs[-1][0] == 7
        if seed % 2:
            assert DOOR_X in written  # a maze with loops: a door into a visited cell


@pytest.mark.parametrize("name", list(SOLVERS))
def test_a_search_that_ends_at_once_or_finds_nothing_still_says_its_steps(name):
    """On a maze whose start is its goal (bidirectional BFS recorded nothing there) and one
    whose goal is walled in, the trace begins with step 1 and names only listed steps."""
    maze = generate("backtracker", 5, 4, seed=2).maze
    walled = maze.copy(walls=maze.walls.copy())
    for d in range(4):
        set_door(walled.walls, False, False, walled.goals[0], d, False)
    for case in (maze.copy(goals=(maze.start,)), walled):
        events = solve(name, case, record=True, budget=500 if SOLVERS[name].walker else None
                       ).trace.events
        assert events[0].tolist() == [STEP, -1, 1]
        steps = event_steps(events)
        assert steps.min() >= 1 and steps.max() <= len(SOLVERS[name].steps)
