"""Bounded time: every `allmazes` search stops at its time limit (exit 3 and one line saying
so) and ends on Ctrl-C (exit 130 and one line), wherever it is, numba kernels included.

Real processes, as a user runs them. Before: `allmazes solve 8x8 --time-limit 2` ran 590 s
and ignored Ctrl-C; `check 8x8` with 20,000 moves and `count 12x12` had no time limit.
Timeouts here only guard against a hang; nothing asserts how fast anything is.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

ROOT = str(Path(__file__).resolve().parents[2])
GUARD = 120  #: seconds before a child is called hung (a cold numba cache compiles first)


def child_env() -> dict:
    """The environment of a `python -m mazegame` child that imports this worktree."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(
        [ROOT, *filter(None, [os.environ.get("PYTHONPATH")])])}


@pytest.fixture(scope="module")
def random_moves(tmp_path_factory) -> str:
    """A file of 20,000 random moves: on 8x8 the search for an unsolved maze runs on."""
    path = tmp_path_factory.mktemp("moves") / "moves.txt"
    path.write_text("".join(np.random.default_rng(0).choice(list("udlr"), 20_000)))
    return str(path)


def run(argv: list[str]) -> subprocess.CompletedProcess:
    """`mazegame ARGV` to its end (a hang fails the test)."""
    return subprocess.run([sys.executable, "-m", "mazegame", *argv], env=child_env(),
                          capture_output=True, text=True, timeout=GUARD)


def said(err: str) -> list[str]:
    """The lines of standard error that are not progress ("[   2.0s] ...")."""
    return [line for line in err.splitlines() if not line.startswith("[")]


@pytest.mark.parametrize("argv", [
    ["allmazes", "solve", "8x8"],  # greedy, then the search for unsolved mazes
    ["allmazes", "check", "8x8", "MOVES"],  # the search for an unsolved maze
    ["allmazes", "count", "12x12"],
    ["allmazes", "solve", "4x4", "--method", "anneal"],
    ["allmazes", "solve", "2x13", "--method", "restarts"],  # listing classes on threads
    ["allmazes", "bound", "4x5"],
])
def test_ctrl_c_ends_a_search_with_one_line_and_130(argv, random_moves):
    argv = [random_moves if arg == "MOVES" else arg for arg in argv]
    # A shell gives the command Ctrl-C's default; a test worker may ignore SIGINT, and an
    # ignored SIGINT is inherited (Python then installs no KeyboardInterrupt).
    child = subprocess.Popen([sys.executable, "-m", "mazegame", *argv], env=child_env(),
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    lines: list[str] = []
    searching = threading.Event()  # the first progress line: the search is under way

    def read() -> None:
        for line in child.stderr:
            lines.append(line.rstrip("\n"))
            searching.set()
        searching.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert searching.wait(GUARD), "no progress line"
        child.send_signal(signal.SIGINT)
        child.wait(timeout=GUARD)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    reader.join(GUARD)
    assert child.returncode == 130, lines
    assert said("\n".join(lines)) == ["mazegame: interrupted"]


def test_solve_stops_at_its_time_limit_and_says_so():
    done = run(["allmazes", "solve", "8x8", "--time-limit", "1", "--quiet"])
    assert done.returncode == 3, done.stderr
    assert said(done.stderr) == [next(line for line in said(done.stderr)
                                      if line.startswith("mazegame: time limit of 1 s "
                                                         "reached: "))]
    assert set(done.stdout.strip()) <= set("udlr")  # what it had, if anything


def test_solve_json_at_the_time_limit_says_not_verified():
    import json

    done = run(["allmazes", "solve", "8x8", "--time-limit", "1", "--quiet", "--json"])
    assert done.returncode == 3
    doc = json.loads(done.stdout)
    assert doc["verified"] is False and doc["length"] == len(doc["sequence"])


def test_check_has_a_time_limit(random_moves):
    done = run(["allmazes", "check", "8x8", random_moves, "--time-limit", "1"])
    assert done.returncode == 3, done.stderr
    assert said(done.stderr) == [
        line for line in said(done.stderr)
        if line.startswith("mazegame: time limit of 1 s reached: no verdict")]
    assert len(said(done.stderr)) == 1 and done.stdout == ""


def test_count_has_a_time_limit():
    done = run(["allmazes", "count", "12x1000", "--time-limit", "1", "--quiet"])
    assert done.returncode == 3, done.stderr
    assert len(said(done.stderr)) == 1
    assert said(done.stderr)[0].startswith("mazegame: time limit of 1 s reached: counted ")
    assert done.stdout == ""


def test_ctrl_c_in_a_long_walk_is_one_line_and_130_not_a_crash(tmp_path):
    # Before: Ctrl-C while a walker's kernel ran (here 10^8 steps, a few seconds) made
    # numba's return run into the KeyboardInterrupt: a segfault (status -11), 3 of 3.
    import json

    from mazegame.engine.generate import generate
    from mazegame.engine.grid import set_door
    from mazegame.engine.mazefile import to_document

    maze = generate("backtracker", 300, 300, 1).maze
    for d in range(4):  # the goal walled in: the walk never ends early
        set_door(maze.walls, False, False, maze.goals[0], d, False)
    path = tmp_path / "walled.json"
    path.write_text(json.dumps(to_document(maze)), encoding="utf-8")
    child = subprocess.Popen([sys.executable, "-m", "mazegame", "solve", str(path), "--algo",
                              "random-walk", "--budget", "100000000"], env=child_env(),
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        child.wait(timeout=2)  # imports, the maze read: then the walk
    except subprocess.TimeoutExpired:
        child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=GUARD)
    if child.returncode == 1 and not err:  # a fast machine walked all the steps first
        return
    assert (child.returncode, err) == (130, "mazegame: interrupted\n")


def test_sat_stops_at_its_time_limit():
    # Before: CaDiCaL cannot be interrupted from outside (a traceback from the timer's
    # thread) and `sat 4x4 25 --time-limit 100` was still running after 300 s.
    pytest.importorskip("pysat", reason="the sat extra (python-sat) is not installed")
    done = run(["allmazes", "sat", "4x4", "25", "--time-limit", "2", "--quiet"])
    assert done.returncode == 3, done.stderr
    assert done.stdout.startswith("unknown: no answer within 2 s") and done.stderr == ""


def test_sat_refuses_a_question_too_long_to_write_down():
    # Before: `sat 5x5 10000` held 3.7 GB after 30 s, still writing clauses.
    done = run(["allmazes", "sat", "5x5", "10000"])
    assert done.returncode == 2 and done.stdout == ""
    assert said(done.stderr) == ["mazegame: error: sat asks about at most 500 moves for 5x5 "
                                 "(each maze's walk is clauses for every move and cell), not "
                                 "10000; `allmazes solve` finds longer sequences"]
