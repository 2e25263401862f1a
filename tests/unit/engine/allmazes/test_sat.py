"""`mazegame allmazes sat NxM LENGTH`: the SAT solver finds a sequence of that length (which
the brute-force checker accepts) or proves there is none: 3x3's 11 and 3x4's 17, optimal."""

import json
import sys

import pytest

from mazegame.cli import main
from mazegame.engine.allmazes.mazeset import solves_all

pytest.importorskip("pysat", reason="the sat extra (python-sat) is not installed")


@pytest.mark.parametrize(("size", "optimum"), [("3x3", 11), ("3x4", 17), ("2x4", 7)])
def test_the_optimum_is_found_and_one_move_less_is_proved_impossible(size, optimum, capsys):
    n, m = map(int, size.split("x"))
    assert main(["allmazes", "sat", size, str(optimum), "--quiet"]) == 0
    sequence = capsys.readouterr().out.strip()
    assert len(sequence) == optimum and solves_all(n, m, sequence)
    assert main(["allmazes", "sat", size, str(optimum - 1), "--json", "--quiet"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert (doc["status"], doc["sequence"], doc["length"]) == ("none", None, optimum - 1)


def test_no_answer_in_the_time_given_says_so(capsys):
    assert main(["allmazes", "sat", "4x4", "27", "--time-limit", "0.01", "--quiet"]) == 3
    assert capsys.readouterr().out.startswith("unknown:")


def test_without_python_sat_one_line_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "pysat", None)
    assert main(["allmazes", "sat", "3x3", "11", "--quiet"]) == 1
    assert "pip install 'mazegame[sat]'" in capsys.readouterr().err
