"""The lab's rules without a screen: the outcome, the race, the clock (each counter against an
independent count: test_lab_counters.py)."""

from __future__ import annotations

import numpy as np
import pytest

from mazegame.engine.generate import generate
from mazegame.engine.grid import Maze
from mazegame.engine.solve import solve
from mazegame.engine.solve.registry import cancel, new_control
from mazegame.engine.trace import AT, MARK
from mazegame.games.lab import (
    AUTO_SECONDS,
    SPEEDS,
    Playback,
    TraceRun,
    auto_speed,
    race,
    standings,
)


def touched(events: np.ndarray, ops, where=None) -> int:
    """Distinct cells touched by `ops` in `events` (within `where`, when given)."""
    return len({int(c) for op, c, _ in events if op in ops and c >= 0
                and (where is None or c in where)})


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
    assert counters["visited"] == f"{touched(events, (MARK, AT)):,}"
    assert not run.finished and run.answer() == () and run.outcome() == ""
    run.seek(len(run))
    assert run.finished and list(run.answer()) == list(solution.route)
    assert run.outcome() == f"found: {solution.length:,} moves"
    assert dict(run.counters())["path"] == f"{solution.length:,}"  # test_lab_counters: all


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


# -- the race's winner and table ------------------------------------------------------------
def test_a_race_is_won_by_fewest_steps_then_shortest_path():
    maze = generate("backtracker", 8, 6, 2, braid=0.5).maze
    names = ["random-walk", "bfs", "astar", "tremaux", "left-hand"]
    runs, _ = race(maze, names, 3, new_control())
    table = standings(runs)
    results = {run.title: run.result for run in runs}
    assert sorted(row.title for row in table) == sorted(results)
    for row in table:  # each line is the solver's own result
        result = results[row.title]
        assert (row.found, row.steps, row.visited, row.path) == (
            result.found, result.steps, result.visited, result.length)
    found = [(r.steps, r.length) for r in results.values() if r.found]
    best = table[0]  # the winner: the table's first row
    assert (best.steps, best.path) == min(found)
    assert [(row.steps, row.path) for row in table if row.found] == sorted(found)


def test_a_race_nobody_finishes_has_no_winner():
    maze = Maze.closed(3, 1)
    runs, _ = race(maze, ["bfs", "random-walk"], 3, new_control())
    assert [row.found for row in standings(runs)] == [False, False]


@pytest.mark.parametrize(("name", "shows", "hides"), [
    ("kruskal", {"sets"}, {"focus", "direction", "agents", "visited"}),
    ("eller", {"sets", "visited"}, {"focus", "agents"}),
    ("wilson", {"direction", "active", "visited", "agents"}, {"sets", "focus"}),
    ("hunt-and-kill", {"focus", "active", "visited", "agents"}, {"sets", "direction"}),
    ("recursive-division", {"focus"}, {"sets", "agents", "active"}),
    ("sidewinder", {"focus", "agents"}, {"sets"}),
    ("prim", {"frontier", "visited"}, {"focus", "sets"}),
    ("binary-tree", set(), {"focus", "sets", "frontier", "agents"}),
])
def test_a_generation_names_what_it_draws_for_the_legend(name, shows, hides):
    run = TraceRun.of_generation(name, generate(name, 8, 6, 2, record=True))
    assert shows <= run.legend and not hides & run.legend


def test_a_race_names_what_its_solvers_draw_for_the_legend():
    maze = generate("backtracker", 8, 6, 2).maze
    runs, _ = race(maze, ["tremaux", "cheese", "bfs"], 2, new_control())
    tremaux, cheese, bfs = (run.legend for run in runs)
    assert {"door letters", "agents", "path"} <= tremaux and "aroma" not in tremaux
    assert {"aroma", "agents", "path"} <= cheese and "door letters" not in cheese
    assert {"numbers", "frontier", "path"} <= bfs and "aroma" not in bfs
