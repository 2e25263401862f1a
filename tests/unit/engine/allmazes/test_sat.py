"""`mazegame allmazes sat NxM LENGTH`: the SAT solver finds a sequence of that length (which
the brute-force checker accepts) or proves there is none: 3x3's 11 and 3x4's 17, optimal;
and the encoding, with every class in it, agrees with the checker on the shipped optimal
sequences and each one-move change of them (the soundness the 4x4 and 3x5 proofs rest on)."""

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


def _shipped(n: int, m: int) -> str:
    """The shipped sequence for n x m, turned so it starts to the right on a square grid
    (the encoding's symmetry clause; the diagonal mirror swaps d and r, u and l)."""
    from mazegame.locations import asset

    lines = asset("allmazes", f"{n}x{m}.txt").read_text(encoding="utf-8").splitlines()
    text = "".join(line.strip() for line in lines if not line.startswith("#"))
    return text.translate(str.maketrans("udlr", "lrud")) if n == m and text[0] == "d" else text


@pytest.mark.parametrize("size", ["3x4", pytest.param("4x4", marks=pytest.mark.slow)])
def test_the_encoding_of_every_class_agrees_with_the_checker_on_each_one_move_change(size):
    from pysat import card
    from pysat.solvers import Solver

    from mazegame.engine.allmazes.family import family, parse_sequence
    from mazegame.engine.allmazes.sat import _Encoding, check_text

    n, m = map(int, size.split("x"))
    shipped = _shipped(n, m)
    fam = family(n, m)
    enc = _Encoding(fam.steps, int(fam.goal), len(shipped), card, n == m)
    variants = [shipped] + [shipped[:i] + x + shipped[i + 1:] for i in range(len(shipped))
                            for x in "udlr" if x != shipped[i]]
    with Solver(name="cadical195", bootstrap_with=enc.clauses) as solver:
        for c in range(len(fam.masks)):
            solver.append_formula(enc.walk(c))
        for text in variants:
            allowed = text[0] == "r" or (text[0] == "d" and n != m)
            moves = parse_sequence(text)
            answer = solver.solve(assumptions=[enc.moves[t][int(d)] for t, d in enumerate(moves)])
            assert answer == (allowed and check_text(n, m, text)), text
    assert check_text(n, m, shipped)
