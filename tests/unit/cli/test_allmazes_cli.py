"""`mazegame allmazes check|solve|bound`: exit codes, the unsolved maze's picture, JSON, and a
fuzz of sizes and sequences (bad ones exit 2 with one line, never a traceback)."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mazegame.cli import main
from mazegame.engine.allmazes.search import METHODS
from mazegame.locations import asset


def test_a_solving_sequence_exits_0(capsys):
    assert main(["allmazes", "check", "3x3", "drddruurrdd"]) == 0
    assert "solves all 51 feasible 3x3 mazes" in capsys.readouterr().out


def test_an_unsolved_maze_is_drawn_and_exits_1(capsys):
    assert main(["allmazes", "check", "3x3", "DRDD RUUR RD"]) == 1  # one move short
    out = capsys.readouterr().out
    assert "leaves 13 of the 51" in out and "as rows of 0 (free) and 1 (blocked)" in out
    rows = out.split("(blocked):\n")[1].splitlines()[:3]
    assert all(len(row) == 3 and set(row) <= {"0", "1"} for row in rows)
    assert "steps from the goal" in out or "step from the goal" in out


def test_beyond_25_cells_the_search_finds_the_unsolved_maze(capsys):
    assert main(["allmazes", "check", "6x6", "rrrrrdddddd"]) == 1
    out = capsys.readouterr().out
    assert "leaves some of the 1636193228 feasible 6x6 mazes unsolved" in out


def test_a_file_holds_the_sequence(tmp_path, capsys):
    path = tmp_path / "seq.txt"
    path.write_text("# the 3x3 optimum\ndrddr uurrdd\n", encoding="utf-8")
    assert main(["allmazes", "check", "3x3", str(path)]) == 0


def test_the_shipped_sequences_solve_their_sizes(capsys):
    for path in sorted(asset("allmazes").glob("*x*.txt")):
        n, m = (int(x) for x in path.stem.split("x"))
        if n * m <= 20:
            assert main(["allmazes", "check", path.stem, str(path)]) == 0, path.name


def test_solve_prints_json(capsys):
    assert main(["allmazes", "solve", "3x3", "--method", "so", "--seed", "4", "--json",
                 "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {"n", "m", "sequence", "length", "method", "seed", "verified",
                        "lower_bound"}
    assert doc["verified"] and doc["lower_bound"] == 11 and doc["length"] == len(doc["sequence"])
    assert (doc["method"], doc["seed"]) == ("so", 4)


@pytest.fixture(scope="module")
def compiled():
    """The 3x3 searches run once: their kernels compiled (or loaded from numba's cache)."""
    from mazegame.engine.allmazes.search import solve

    for method in METHODS:
        solve(3, 3, method, seed=0, time_limit=1)


def _solved_json(capsys, *options: str) -> dict:
    """`allmazes solve 3x3 OPTIONS --json --quiet`: exit 0, the record."""
    assert main(["allmazes", "solve", "3x3", *options, "--json", "--quiet"]) == 0
    return json.loads(capsys.readouterr().out)


def test_solve_with_no_method_runs_the_default_and_finds_the_optimum(capsys, compiled):
    from mazegame.engine.allmazes.methods import default_method

    doc = _solved_json(capsys, "--time-limit", "60")  # it stops at the proved bound
    assert (doc["length"], doc["lower_bound"], doc["verified"]) == (11, 11, True)
    assert doc["method"] == f"auto: {default_method(3, 3)}"


@pytest.mark.parametrize("method", list(METHODS))
def test_solve_runs_every_method_named(method, capsys, compiled):
    doc = _solved_json(capsys, "--method", method, "--time-limit", "10")  # restarts: all 10
    assert doc["method"] == method and doc["verified"] and doc["length"] >= 11


def test_solve_says_what_it_is_doing_and_the_best_so_far(capsys, compiled):
    from mazegame.engine.allmazes.methods import default_method

    assert main(["allmazes", "solve", "3x4", "--time-limit", "5"]) == 0
    err = capsys.readouterr().err.splitlines()
    chosen = f"auto: {default_method(3, 4)} (the default for 3x4, 12 cells)"
    assert any(line.endswith(chosen) for line in err)
    assert any(" 17 moves verified" in line for line in err)  # the best so far, as it goes


def test_a_search_that_would_not_fit_in_memory_says_so(monkeypatch, capsys):
    from mazegame.engine.allmazes import listed

    monkeypatch.setattr(listed, "_available_memory", lambda: 1 << 10)  # 1 KiB free
    listed.forget_listed()
    assert main(["allmazes", "solve", "2x13", "--time-limit", "300"]) == 1  # refused up front
    err = capsys.readouterr().err
    assert "classes of the 2x13 mazes needs about" in err and "GB is free" in err


def test_solve_lists_every_method_in_its_help(capsys):
    with contextlib.suppress(SystemExit):  # --help exits
        main(["allmazes", "solve", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert all(name in out for name in METHODS)
    from mazegame.engine.allmazes.methods import defaults_text

    assert f"default auto: the best measured for the size, {defaults_text()}" in out


def test_bound_proves_3x4_needs_17(capsys):
    assert main(["allmazes", "bound", "3x4", "--json", "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["lower_bound"] == 17 and doc["optimal"]


LETTERS = st.text(alphabet="udlrUDLR xz9#-", min_size=0, max_size=12)
SIZES = st.one_of(st.builds(lambda n, m, sep: f"{n}{sep}{m}", st.integers(-2, 70),
                            st.integers(-2, 70), st.sampled_from(["x", "X", "*", ",", "x x"])),
                  st.text(max_size=6))


@settings(max_examples=60, deadline=None,  # capsys is read out; too_slow: tests/conftest.py
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(size=SIZES, seq=LETTERS)
def test_fuzzed_arguments_exit_cleanly(size, seq, capsys):
    status = main(["allmazes", "check", size, seq])
    err = capsys.readouterr().err
    assert status in (0, 1, 2)
    if status == 2:
        assert err.startswith("mazegame: error:") and len(err.strip().splitlines()) == 1
    else:
        assert err == ""
    if any(ch not in "udlrUDLR \t" for ch in seq) or not seq.strip():
        assert status == 2


def test_tails_shortens_the_start_given(tmp_path, capsys):
    start = tmp_path / "long.txt"  # RS's 64 random moves (seed 2), solving every 3x3 maze
    start.write_text("# a comment\nddrulruudlludldlrldudlrrdrdluudrlrldllrdrlrdldlduurdrrdrlrduu\n"
                     "ulu\n")
    for limit in ("3", "30"):
        assert main(["allmazes", "solve", "3x3", "--method", "tails", "--start", str(start),
                     "--time-limit", limit, "--json", "--quiet"]) == 0
        doc = json.loads(capsys.readouterr().out)
        if doc["length"] == 11:
            break
    assert doc["verified"] and doc["length"] == 11 and doc["method"] == "tails"


def test_a_start_the_method_does_not_take_or_that_fails_a_maze_is_refused(capsys):
    assert main(["allmazes", "solve", "3x3", "--method", "greedy", "--start", "drddruurrdd",
                 "--quiet"]) == 2
    assert "--start is for the methods that shorten a sequence (tails" in \
        capsys.readouterr().err
    assert main(["allmazes", "solve", "3x3", "--method", "tails", "--start", "drddruurrd",
                 "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert "leave some 3x3 mazes unsolved" in err and len(err.splitlines()) == 1
