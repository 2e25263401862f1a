"""The board replay (`engine.board_trace`) against the events applied in plain Python."""

from __future__ import annotations

import numpy as np
import pytest

from mazegame.engine.board_trace import (
    BoardReplay,
    board_dead_ends,
    board_event_effects,
    board_sides_between,
)
from mazegame.engine.generate.boards import board_generators, generate_board
from mazegame.engine.solve import SOLVERS, solve
from mazegame.engine.trace import Trace

KINDS = ("hex", "triangle")


def plain_replay(trace: Trace, upto: int) -> dict:
    """The state after `upto` events, applied one by one with dicts and sets."""
    m = trace.initial
    links, opposite = m.board.links.tolist(), m.board.spec.opposite
    open_sides = {(c, d) for c in range(m.size) for d in range(m.sides) if m.doors[c] >> d & 1}
    marks, labels, door_marks, agents, step = {}, {}, {}, {}, 0
    for op, cell, arg in trace.events[:upto].tolist():
        if op in (0, 1):  # CARVE, WALL: both sides of the door
            both = {(cell, arg)}
            if links[cell][arg] >= 0:
                both.add((links[cell][arg], opposite[arg]))
            open_sides = open_sides | both if op == 0 else open_sides - both
        elif op == 2:
            marks[cell] = arg
        elif op == 3:
            labels[cell] = arg
        elif op == 4:
            door_marks[(cell, arg % 8)] = arg // 8  # value << 3 | side
        elif op == 5:
            agents[arg] = cell
        elif op == 8:
            step = arg
    return {"open": open_sides, "marks": marks, "labels": labels, "doors": door_marks,
            "agents": agents, "step": step}


def assert_matches(replay: BoardReplay, expected: dict) -> None:
    n, sides = replay.doors.shape
    got_open = {(c, d) for c in range(n) for d in range(sides) if replay.passages[c] >> d & 1}
    assert got_open == expected["open"]
    assert {c: v for c, v in enumerate(replay.marks.tolist()) if v} == \
        {c: v for c, v in expected["marks"].items() if v}
    assert {c: v for c, v in enumerate(replay.labels.tolist()) if v} == \
        {c: v for c, v in expected["labels"].items() if v}
    assert {(c, d): int(replay.doors[c, d]) for c, d in np.argwhere(replay.doors).tolist()} == \
        {k: v for k, v in expected["doors"].items() if v}
    assert {a: c for a, c in enumerate(replay.agents.tolist()) if c >= 0} == \
        {a: c for a, c in expected["agents"].items() if c >= 0}
    assert replay.current_step == expected["step"]


def scrub(trace: Trace, positions) -> None:
    replay = BoardReplay(trace)
    for position in positions:
        replay.seek(position)
        assert replay.position == position
        assert_matches(replay, plain_replay(trace, position))


@pytest.mark.parametrize("kind", KINDS)
def test_every_generator_replays_forward_and_back_as_plain_python(kind):
    for name in board_generators(kind):
        built = generate_board(name, kind, 6, 5, seed=3, record=True, braid=0.3)
        trace = Trace(built.events, built.blank)
        k = len(trace)
        rng = np.random.default_rng(7)
        scrub(trace, [k, 0, *rng.integers(0, k + 1, 6).tolist(), k // 2, k // 2 - 1, k])
        replay = BoardReplay(trace)
        replay.seek(k)
        assert np.array_equal(replay.maze().doors, built.maze.doors), name


@pytest.mark.parametrize("kind", KINDS)
def test_every_board_solver_replays_as_plain_python(kind):
    maze = generate_board("backtracker", kind, 6, 5, seed=4, braid=0.4).maze
    for name, spec in SOLVERS.items():
        if not spec.boards:
            continue
        trace = solve(name, maze, record=True, seed=1).trace
        k = len(trace)
        scrub(trace, [k, k // 3, 0, 2 * k // 3, k])


def test_door_marks_take_three_bits_of_side():
    maze = generate_board("backtracker", "hex", 5, 4, seed=2, braid=0.5).maze
    trace = solve("tremaux", maze, record=True).trace
    replay = BoardReplay(trace)
    replay.seek(len(trace))
    doors = trace.events[trace.events[:, 0] == 4]
    assert len(doors) and np.any(doors[:, 2] & 7 >= 4)  # sides beyond the square's four
    assert np.count_nonzero(replay.doors) > 0


def test_effects_count_open_pairs_as_the_maze_does():
    built = generate_board("kruskal", "triangle", 7, 4, seed=5, record=True)
    trace = Trace(built.events, built.blank)
    other, delta = board_event_effects(trace)
    carves = trace.events[:, 0] == 0
    assert np.all(other[carves] >= 0) and np.all(other[~carves] == -1)
    assert built.blank.door_count() + int(delta.sum()) == built.maze.door_count()
    assert built.maze.door_count() == built.maze.size - 1  # a perfect maze: a tree
    pairs = {frozenset((a, b)) for a in range(built.maze.size)
             for b in built.maze.board.links[a].tolist() if b >= 0}
    assert board_sides_between(built.maze) == len(pairs)


def test_dead_ends_are_cells_with_one_way_out():
    maze = generate_board("backtracker", "hex", 6, 5, seed=1).maze
    graph = maze.graph()
    expected = [len(graph.indices[graph.indptr[c]:graph.indptr[c + 1]]) == 1
                for c in range(maze.size)]
    assert board_dead_ends(maze).tolist() == expected
