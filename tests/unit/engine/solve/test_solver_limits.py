"""Every walk ends, and says why: step caps that scale with the maze, budgets refused when
absurd, cancelling, bounded memory (capped walks and traces), and `solve --format json`
reporting a failure as `found: false, length: null` with the steps taken and a reason code."""

from __future__ import annotations

import json
import threading

import numpy as np
import pytest

from mazegame.cli import main
from mazegame.engine.generate import generate
from mazegame.engine.grid import MAX_SIDE, set_door
from mazegame.engine.mazefile import to_document
from mazegame.engine.solve import SOLVERS, base, cancel, new_control, solve
from mazegame.engine.solve.registry import (
    CONTROL_STEPS,
    MAX_BUDGET,
    NOTE_TEXT,
    STOP_CODES,
    TRACE_CUT,
    WALK_KEEP,
    default_budget,
)
from mazegame.engine.trace import Op, Replay

WALKING = [name for name, spec in SOLVERS.items() if spec.walker]
NAMES = list(SOLVERS)


def walled_goal(w=6, h=5, seed=3):
    """A perfect maze whose goal cell has every door closed: no solver can get there."""
    maze = generate("backtracker", w, h, seed).maze
    for d in range(4):
        set_door(maze.walls, False, False, maze.goals[0], d, False)
    return maze


def test_every_stop_reason_has_a_code_and_a_text():
    assert set(STOP_CODES) <= set(NOTE_TEXT)
    assert len(set(STOP_CODES.values())) == len(STOP_CODES)


@pytest.mark.parametrize("name", NAMES)
def test_not_found_has_no_length_and_says_why(name):
    maze = walled_goal()
    result = solve(name, maze)
    assert not result.found and result.length is None
    assert result.stop in STOP_CODES.values() and result.stop != "found" and result.reason
    assert result.path[0] == maze.start
    assert len(set(result.path)) == len(result.path)  # a simple path to where it stopped


def test_the_random_walk_stops_at_a_cap_that_scales_with_the_maze():
    small, big = walled_goal(3, 3), walled_goal(9, 9)
    a, b = solve("random-walk", small), solve("random-walk", big)
    assert a.stop == b.stop == "step-cap" and "step cap" in a.reason
    assert a.steps == default_budget(small.size) < b.steps == default_budget(big.size)
    # Memory stays bounded: the walk keeps at most WALK_KEEP cells, the path is loop-free.
    assert len(b.walk) == min(b.steps + 1, WALK_KEEP) and not b.walk_complete
    assert len(set(b.path)) == len(b.path)


def test_a_given_budget_is_reported_as_the_budget():
    result = solve("random-walk", walled_goal(), budget=77)
    assert result.stop == "budget" and result.steps == 77 and len(result.walk) == 78


@pytest.mark.parametrize("budget", [0, -1, MAX_BUDGET + 1, 99999999999999999999])
def test_absurd_budgets_are_refused(budget):
    with pytest.raises(ValueError, match="budget"):
        solve("random-walk", walled_goal(), budget=budget)


@pytest.mark.parametrize("budget", ["0", "-5", "99999999999999999999"])
def test_cli_refuses_absurd_budgets(tmp_path, capsys, budget):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(to_document(walled_goal())), encoding="utf-8")
    assert main(["solve", str(path), "--algo", "random-walk", "--budget", budget]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mazegame: error:") and "budget" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("name", ["random-walk", "bfs", "tremaux", "cheese"])
def test_cli_json_of_a_failure(tmp_path, capsys, name):
    maze = walled_goal()
    path = tmp_path / "m.json"
    path.write_text(json.dumps(to_document(maze)), encoding="utf-8")
    assert main(["solve", str(path), "--algo", name, "--format", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["found"] is False and doc["length"] is None and doc["path"] == []
    assert doc["reason"] in STOP_CODES.values() and doc["reason"] != "found"
    assert isinstance(doc["steps"], int) and doc["steps"] >= 0 and doc["message"]
    assert len(doc["stopped_at"]) == 2


def test_cli_json_of_a_success(tmp_path, capsys):
    maze = generate("kruskal", 7, 5, 2).maze
    path = tmp_path / "m.json"
    path.write_text(json.dumps(to_document(maze)), encoding="utf-8")
    assert main(["solve", str(path), "--algo", "random-walk", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["found"] is True and doc["reason"] == "found"
    assert doc["length"] == len(doc["path"]) - 1 <= doc["steps"]


@pytest.mark.parametrize("name", ["random-walk", "lru-doors", "tremaux", "cheese", "pledge",
                                  "left-hand"])
def test_a_raised_cancel_flag_stops_the_walk_at_once(name):
    control = new_control()
    cancel(control)
    result = solve(name, walled_goal(), control=control, record=True)
    assert result.stop == "cancelled" and result.steps == 0 and not result.found


def test_cancel_from_another_thread():
    """The lab's hook: a kernel running in a worker stops when the flag goes up, and
    publishes its progress on the way."""
    control = new_control()
    done = {}
    worker = threading.Thread(target=lambda: done.update(r=solve(
        "random-walk", walled_goal(30, 30), budget=MAX_BUDGET, control=control)))
    worker.start()
    while control[CONTROL_STEPS] == 0 and worker.is_alive():
        worker.join(0.01)
    cancel(control)
    worker.join(60)
    assert not worker.is_alive()
    assert done["r"].stop == "cancelled" and 0 < done["r"].steps < MAX_BUDGET


@pytest.mark.parametrize("name", WALKING)
def test_a_cut_trace_still_ends_in_the_final_state(monkeypatch, name):
    """Past TRACE_LIMIT events the trace jumps to the end: replayed, it shows where the
    walker stands, its visit counts, marks and door numbers as the full walk left them."""
    maze = walled_goal(8, 8) if name != "cheese" else generate("backtracker", 12, 12, 4).maze
    full = solve(name, maze, record=True)
    monkeypatch.setattr(base, "TRACE_LIMIT", 64)
    cut = solve(name, maze, record=True)
    assert len(full.trace) > 64 and cut.path == full.path and cut.stop == full.stop
    events = cut.trace.events
    assert np.any((events[:, 0] == Op.NOTE) & (events[:, 2] == TRACE_CUT))
    a, b = Replay(full.trace), Replay(cut.trace)
    a.seek(len(full.trace))
    b.seek(len(cut.trace))
    assert b.agents[0] == a.agents[0] == full.path[-1]
    for attr in ("marks", "labels", "doors"):
        assert np.array_equal(getattr(a, attr), getattr(b, attr)), attr


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("cells", [1, 100, 2000 * 2000, 10**7 + 1, MAX_SIDE * MAX_SIDE])
def test_every_solvers_default_budget_is_one_it_takes_at_every_size(name, cells):
    # `solve BIG.json --algo cheese` refused its own default above 10^7 cells ("at most
    # 5,960 ... not 10,000"); no maze is built or solved here, only the rules compared.
    spec = SOLVERS[name]
    spec.check_budget(spec.budget_default(cells), cells)
    assert 1 <= spec.budget_default(cells) <= spec.budget_most(cells) <= MAX_BUDGET


def test_the_runs_default_is_the_registrys():
    from mazegame.engine.solve.aroma import cheese_ticks
    from mazegame.engine.solve.registry import SolveOptions

    assert SOLVERS["cheese"].budget_default is cheese_ticks  # what solve_cheese falls back on
    walkers = [spec for spec in SOLVERS.values() if spec.name != "cheese"]
    maze = walled_goal()
    assert all(spec.budget_default(maze.size) == SolveOptions().steps(maze) for spec in walkers)


def test_a_budget_a_solver_cannot_take_on_this_maze_is_refused_up_front():
    maze = walled_goal(20, 20)
    most = SOLVERS["cheese"].budget_most(maze.size)
    with pytest.raises(ValueError, match=f"at most {most:,} ticks .* a maze of 400 cells"):
        solve("cheese", maze, budget=most + 1)
