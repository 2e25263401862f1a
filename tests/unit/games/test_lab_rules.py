"""The lab's rules without a screen: counters against a brute-force replay, the race, the clock."""

from __future__ import annotations

import numpy as np
import pytest

from mazegame.engine.generate import generate
from mazegame.engine.grid import Maze
from mazegame.engine.solve import solve
from mazegame.engine.solve.registry import cancel, new_control
from mazegame.engine.trace import AT, CARVE, MARK, WALL
from mazegame.games.lab import (
    AUTO_SECONDS,
    SPEEDS,
    Playback,
    TraceRun,
    auto_speed,
    dead_ends,
    race,
)


def brute_dead_ends(maze: Maze) -> set[int]:
    """Rooms with one open side, counted side by side (start and goals excepted)."""
    return {cell for cell in range(maze.size)
            if sum(not (int(maze.walls.flat[cell]) >> d) & 1 for d in range(4)) == 1
            and cell != maze.start and cell not in maze.goals
            and (maze.solid is None or not maze.solid.flat[cell])}


def touched(events: np.ndarray, ops, where=None) -> int:
    """Distinct cells touched by `ops` in `events` (within `where`, when given)."""
    return len({int(c) for op, c, _ in events if op in ops and c >= 0
                and (where is None or c in where)})


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dead_ends_are_rooms_with_one_open_side(seed):
    maze = generate("backtracker", 9, 7, seed).maze
    assert set(np.flatnonzero(dead_ends(maze))) == brute_dead_ends(maze)


@pytest.mark.parametrize("position", [0, 1, 37, 200, 10**9])
def test_generation_counters_follow_the_events(position):
    generated = generate("wilson", 9, 6, 7, record=True)
    run = TraceRun.of_generation("wilson", generated)
    run.seek(position)
    events = generated.trace.events[:run.position]
    assert run.position == min(position, len(run))
    assert dict(run.counters()) == {
        "step": f"{run.position:,}/{len(run):,}",
        "visited": f"{touched(events, (MARK, AT, CARVE)):,}",
        "doors": f"{int(np.count_nonzero(events[:, 0] == CARVE)):,}",
    }
    assert run.result is None and not run.finished and run.outcome() == ""


def test_a_wall_builder_counts_walls():
    generated = generate("recursive-division", 8, 8, 2, record=True)
    run = TraceRun.of_generation("recursive-division", generated)
    run.seek(len(run))
    walls = int(np.count_nonzero(generated.trace.events[:, 0] == WALL))
    assert not run.carves and dict(run.counters())["walls"] == f"{walls:,}"


@pytest.mark.parametrize("solver", ["bfs", "tremaux", "random-walk"])
def test_solver_counters_and_outcome(solver):
    maze = generate("backtracker", 8, 6, 3).maze
    solution = solve(solver, maze, record=True, seed=5)
    run = TraceRun.of_solution(solver, solution, maze)
    half = len(run) // 2
    seen = run.seek(half)
    assert len(seen) == half and run.seek(half).size == 0  # the events that ran, then none
    events = solution.trace.events[:half]
    counters = dict(run.counters())
    assert counters["visited"] == f"{touched(events, (MARK, AT, CARVE)):,}"
    if not run.walker:  # a search's dead ends are the dead-end rooms it has touched
        assert counters["dead ends"] == f"{touched(events, (MARK, AT), brute_dead_ends(maze)):,}"
    assert not run.finished and run.answer() == () and run.outcome() == ""
    run.seek(len(run))
    assert run.finished and list(run.answer()) == list(solution.route)
    assert run.outcome() == f"found: {solution.length:,} moves"
    if not run.walker:  # a walker's path counter is its walk (below)
        assert dict(run.counters())["path"] == f"{solution.length:,}"


def test_a_walker_counts_its_moves_and_dead_ends_on_every_visit():
    maze = generate("backtracker", 6, 5, 1).maze
    solution = solve("random-walk", maze, record=True, seed=2)
    run = TraceRun.of_solution("random-walk", solution, maze)
    run.seek(len(run))
    ev = solution.trace.events
    moves = int(np.count_nonzero((ev[:, 0] == AT) & (ev[:, 2] == 0)))
    dead = brute_dead_ends(maze)
    visits = sum(1 for op, c, _ in ev if op == AT and c in dead)
    counters = dict(run.counters())
    assert counters["path"] == f"{max(0, moves - 1):,}"
    assert counters["dead ends"] == f"{visits:,}"
    assert run.follows_agent


def test_an_unsolvable_search_says_why_it_stopped():
    maze = Maze.closed(3, 1)  # every wall up: no goal in reach
    solution = solve("bfs", maze, record=True)
    run = TraceRun.of_solution("bfs", solution, maze)
    run.seek(len(run))
    assert run.finished and not solution.found and run.answer() == ()
    assert run.outcome() == f"{solution.reason} ({solution.steps:,} steps)"
    assert dict(run.counters())["path"] == "none"


def test_race_runs_each_solver_and_lists_refusals():
    maze = generate("backtracker", 6, 5, 1, wrap_x=True).maze
    heard = []
    runs, refused = race(maze, ["bfs", "left-hand", "random-walk"], 3, new_control(),
                         on_start=heard.append)
    assert [run.result.algorithm for run in runs] == ["bfs", "random-walk"]
    assert len(refused) == 1 and refused[0].startswith("Left-hand walk: ")
    assert heard == ["Breadth-first labelling", "Left-hand walk", "Random walk"]


def test_a_cancelled_race_gives_nothing():
    control = new_control()
    cancel(control)
    assert race(generate("backtracker", 6, 5, 1).maze, ["bfs", "random-walk"], 3, control) is None


# -- the clock ------------------------------------------------------------------------------
def test_seek_clamps_to_the_longest_trace():
    clock = Playback()
    clock.total = 500
    assert clock.seek(-3) == 0 and clock.seek(10**9) == 500 and clock.at_end
    assert clock.seek(250) == 250 and not clock.at_end


@pytest.mark.parametrize("total", [0, 1, 12, 13, 1_200, 1_201, 10**8])
def test_fresh_traces_play_in_about_auto_seconds(total):
    index = auto_speed(total)
    fits = [i for i, s in enumerate(SPEEDS) if s * AUTO_SECONDS >= total]
    assert index == (fits[0] if fits else len(SPEEDS) - 1)
    clock = Playback()
    clock.total, clock.clock = total, 7
    clock.rewind()
    assert clock.clock == 0 and clock.speed == index


def test_a_chosen_speed_is_kept_and_clamped():
    clock = Playback()
    clock.change_speed(-100)
    assert clock.speed == 0 and clock.events_per_second == SPEEDS[0] and clock.speed_chosen
    clock.change_speed(100)
    assert clock.events_per_second == SPEEDS[-1]
    clock.total = 10
    clock.rewind()
    assert clock.events_per_second == SPEEDS[-1]  # the player's pick survives a new trace


def test_frames_carry_fractions_and_a_stall_is_not_a_leap():
    clock = Playback()
    clock.speed = SPEEDS.index(2)
    clock.start(100.0)
    # 2 events a second, frames of a quarter second: half an event each, carried over.
    assert [clock.frame(100.0 + 0.25 * k) for k in range(1, 7)] == [0, 1, 0, 1, 0, 1]
    clock.speed = SPEEDS.index(100)
    clock.start(0.0)
    assert clock.frame(60.0) == 25  # a minute's stall counts as a quarter second
    clock.start(0.0)
    assert clock.frame(0.125) == 12 and clock.frame(0.25) == 13  # 12.5 + 12.5
