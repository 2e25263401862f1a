"""`second.second_answer`, the second encoding's own behaviour (its answers are held to the
brute force in test_encodings.py): the answer's fields, the deadline, and Ctrl-C, which
pycryptosat's own SIGINT handler would swallow were the solver in the same process."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

pytest.importorskip("pycryptosat", reason="the sat extra (pycryptosat) is not installed")

from mazegame.engine.allmazes.budget import deadline_in  # noqa: E402
from mazegame.engine.allmazes.second import MissingSolver, second_answer  # noqa: E402


def test_an_answer_names_its_solver_and_what_it_asked():
    found = second_answer(3, 3, 11)
    assert (found.status, len(found.sequence)) == ("found", 11)
    assert found.solver.startswith("CryptoMiniSat 5.") and 0 < found.mazes <= 45
    assert found.clauses > 0 and found.seconds > 0
    none = second_answer(3, 3, 10)
    assert (none.status, none.sequence) == ("none", None)


def test_the_deadline_holds_with_unknown():
    answer = second_answer(4, 4, 27, deadline=deadline_in(1.0))
    assert (answer.status, answer.sequence) == ("unknown", None)


def test_more_than_25_cells_is_refused():
    with pytest.raises(ValueError, match="25 cells"):
        second_answer(2, 13, 20)


def test_without_pycryptosat_it_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pycryptosat", None)
    with pytest.raises(MissingSolver, match=r"pip install 'mazegame\[sat\]'"):
        second_answer(3, 3, 11)


def test_ctrl_c_interrupts_the_caller_and_ends_the_solver():
    # the script restores Python's Ctrl-C handler, as a program run from a terminal has it:
    # a test run started in the background (`.ci/run &`) hands its children SIGINT ignored
    script = textwrap.dedent("""
        import signal, sys
        signal.signal(signal.SIGINT, signal.default_int_handler)
        from mazegame.engine.allmazes.second import second_answer
        print("solving", flush=True)
        try:
            second_answer(4, 4, 27)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(130)
        print("went on", flush=True)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, start_new_session=True, text=True)
    try:
        assert proc.stdout.readline() == "solving\n"
        time.sleep(3)  # into the solver's first calls
        os.killpg(proc.pid, signal.SIGINT)  # the terminal's Ctrl-C: the process group
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:  # a run that never ended is not left behind
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130 and out == "interrupted\n"
