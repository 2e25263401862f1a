"""The bench's machinery on tiny cases: failures and overruns become rows, never a crash or a hang.

No timing assertions: the sleeps only make calls outlast a tiny cap.
"""

import json
import mmap
import os
import time

import pytest

from mazegame.bench import measure, runner
from mazegame.bench.registry import CASES, BenchCase, Prepared, Target
from mazegame.cli import main

CAP = 0.5


def _quick():
    """A kernel with nothing to do."""
    return sum(range(100))


def _raise():
    """A reference with a bug of its own, like mazelib's Eller."""
    raise OverflowError("Python integer 128 out of bounds for int8")


def _sleep():
    """A call that outlasts the cap."""
    time.sleep(30)


def _rows(prepare, cap=CAP):
    """The rows of a one-size case built by `prepare`."""
    case = BenchCase("tiny", lambda size: prepare(), ((3, 3),), ((3, 3),))
    return runner.case_rows(case.name, (3, 3), measure.measure_case(case, (3, 3), cap))


def test_a_reference_that_raises_is_a_failed_row():
    (row,) = _rows(lambda: Prepared(_quick, {"buggy": _raise}))
    assert row["status"] == "ok" and row["seconds"] >= 0
    assert row["reference"] == "buggy" and row["reference_status"] == "failed"
    assert row["ratio"] is None
    assert row["note"] == (
        "reference failed: OverflowError: Python integer 128 out of bounds for int8")


def test_a_reference_past_the_cap_is_stopped_and_a_lower_bound():
    slow, fast = _rows(lambda: Prepared(_quick, {"slow": _sleep, "python": _quick}))
    assert slow["reference_status"] == "capped" and slow["reference_seconds"] == CAP
    assert slow["ratio_bound"] == ">" and slow["ratio"] > 0
    assert slow["note"].startswith(f"reference > {CAP:g} s (stopped at the cap, process at ")
    assert ", ratio > " in slow["note"]
    # the call after the stopped one still runs (in a fresh child)
    assert fast["reference_status"] == "ok" and fast["ratio_bound"] is None and fast["ratio"] > 0


def test_quick_calls_repeat_and_a_slow_reference_runs_once(tmp_path):
    """Best of many for a call of a millisecond (one run is mostly noise), once for a
    reference slower than SHORT_CALL."""
    def counted(name, seconds=0.0):
        def call():
            with open(tmp_path / name, "a") as f:
                f.write(".")
            time.sleep(seconds)
        return call

    slow = measure.SHORT_CALL + 0.05
    _rows(lambda: Prepared(counted("kernel"), {"quick": counted("quick", 0.01),
                                               "slow": counted("slow", slow)}), cap=5)
    runs = {name: len((tmp_path / name).read_text()) for name in ("kernel", "quick", "slow")}
    # How many runs fit depends on the machine (REPEAT_BUDGET, SHORT_CALL are seconds): the
    # counts are bounded here, and the rule itself is held exactly by the test below.
    assert 1 + 3 <= runs["kernel"] <= 1 + measure.MAX_RUNS  # the warm-up, then best of many
    assert 1 <= runs["quick"] <= measure.SHORT_CALL / 0.01 + 1
    assert runs["slow"] == 1


def test_a_call_repeats_until_its_runs_add_up_or_a_cap_is_reached():
    """The rule behind the counts above, without a clock: a kernel best of 3 and a reference
    once, both again while their runs add up to less than SHORT_CALL; never past MAX_RUNS, and
    a kernel never past REPEAT_BUDGET."""
    enough, short = measure._enough, measure.SHORT_CALL
    assert not enough(True, short / 10, 2) and not enough(True, short / 10, 3)
    assert enough(True, short, 3) and not enough(True, short, 2)
    assert enough(False, short, 1) and not enough(False, short / 10, 1)
    assert enough(True, 0.0, measure.MAX_RUNS) and enough(False, 0.0, measure.MAX_RUNS)
    assert enough(True, measure.REPEAT_BUDGET + 0.01, 1)


def test_a_kernel_past_the_cap_is_stopped_and_the_references_still_run():
    (row,) = _rows(lambda: Prepared(_sleep, {"python": _quick}))
    assert row["status"] == "capped" and row["seconds"] == CAP
    assert row["reference_status"] == "ok" and row["ratio_bound"] == "<"
    assert row["note"].startswith(f"kernel > {CAP:g} s (stopped at the cap")


def test_a_failing_setup_and_a_crashing_child_are_failed_rows():
    (row,) = _rows(lambda: 1 / 0)
    assert row["status"] == "failed" and "ZeroDivisionError" in row["note"]
    (row,) = _rows(lambda: Prepared(_quick, {"crash": lambda: os._exit(3)}))
    assert row["reference_status"] == "failed"
    assert row["note"] == "reference failed: child process died (exit code 3)"


def test_a_setup_past_its_cap_is_stopped(monkeypatch):
    monkeypatch.setattr(measure, "SETUP_CAP", 0.2)
    (row,) = _rows(lambda: _sleep() or Prepared(_quick), cap=0.1)
    assert row["status"] == "capped" and row["note"].startswith("kernel > 0.6 s (stopped in setup")


def test_a_target_row_says_whether_the_kernel_meets_it():
    met, missed = (_rows(lambda t=t: Prepared(_quick, target=Target(t)))[0] for t in (60.0, 1e-9))
    assert met["reference"] == missed["reference"] == runner.TARGET
    assert met["note"].startswith("target <= 60 s: met")
    assert missed["note"].startswith("target <= 1e-09 s: missed")
    (capped,) = _rows(lambda: Prepared(_sleep, target=Target(0.1)))
    assert capped["note"].startswith("target <= 0.1 s: missed (> 0.5 s)")
    (unknown,) = _rows(lambda: Prepared(_sleep, target=Target(60.0)))  # stopped before 60 s
    assert unknown["note"].startswith("target <= 60 s: unknown, the cap is below the target")


@pytest.mark.slow
def test_memory_is_measured_and_capped(monkeypatch):
    def grab():
        block = bytearray(64 * 2**20)
        block[:: 4096] = b"x" * len(block[:: 4096])  # touch every page
        return block

    # A free hole in the parent's heap, which the child's block could reuse without
    # raising its resident size (copy on write): the bench must still see the 64 MiB.
    chunks = [bytearray(100 * 1024) for _ in range(1000)]
    sentinel = bytearray(100 * 1024)  # noqa: F841  (keeps the hole below the heap's top)
    del chunks
    (row,) = _rows(lambda: Prepared(grab, memory=True), cap=10)
    assert row["status"] == "ok", row  # a capped call has no figure: that is not a skip
    if row["peak_mib"] is None:
        pytest.skip("no /proc memory figures on this system")
    assert 60 <= row["peak_mib"] < 1024, row  # 64 MiB touched; loose above: a loaded machine
    monkeypatch.setattr(measure, "MEMORY_CAP_MIB", measure._rss_mib() + 100)

    def hog():
        blocks = []
        while True:
            blocks.append(grab())
            time.sleep(0.05)

    (row,) = _rows(lambda: Prepared(hog), cap=30)
    assert row["status"] == "capped" and "memory cap" in row["note"] and row["seconds"] < 30


@pytest.fixture
def tiny_cases(monkeypatch):
    """Two tiny cases in the registry, and no kernel warm-up."""
    from mazegame.bench import cases  # noqa: F401  (registers the real cases first)

    monkeypatch.setattr(runner, "warm_up_kernels", lambda: None)
    added = [
        BenchCase("tiny-test fine", lambda size: Prepared(_quick, {"python": _quick}), ((3, 3),),
                  ((2, 2),)),
        BenchCase("tiny-test broken", lambda size: Prepared(_quick, {"buggy": _raise,
                                                                     "slow": _sleep}),
                  ((3, 3),), ((2, 2),)),
    ]
    CASES.extend(added)
    yield
    for case in added:
        CASES.remove(case)


FIELDS = {"name", "size", "seconds", "status", "peak_mib", "reference", "reference_seconds",
          "reference_status", "ratio", "ratio_bound", "note", "ns_per_cell", "bytes_per_cell"}


def test_json_output_parses_and_has_the_fields(tiny_cases, capsys):
    status = main(["bench", "--quick", "--json", "--only", "tiny-test", "--cap", "0.5"])
    rows = json.loads(capsys.readouterr().out)
    assert status == 0 and all(set(row) == FIELDS for row in rows)
    got = {(r["name"], r["size"], r["reference"], r["reference_status"]) for r in rows}
    assert got == {("tiny-test fine", "2x2", "python", "ok"),
                   ("tiny-test broken", "2x2", "buggy", "failed"),
                   ("tiny-test broken", "2x2", "slow", "capped")}


def test_table_output_shows_failures_and_bounds(tiny_cases, capsys):
    assert main(["bench", "--only", "tiny-test broken", "--cap", "0.5"]) == 0
    out = capsys.readouterr().out
    assert "reference failed: OverflowError" in out and "> 0.5" in out and "3x3" in out


@pytest.mark.parametrize("cap", ["0", "-1", "nan", "inf", "ten"])
def test_a_bad_cap_is_refused(cap, capsys):
    assert main(["bench", "--cap", cap]) == 2
    err = capsys.readouterr().err
    assert "cap" in err and "Traceback" not in err


def test_no_matching_case_is_refused(capsys):
    assert main(["bench", "--only", "no such case"]) == 2
    err = capsys.readouterr().err
    assert err == "mazegame: error: no bench case matches --only 'no such case'\n"


def test_rows_give_time_and_memory_per_cell(monkeypatch):
    def grab():
        # Fresh pages from the kernel: a bytearray may reuse heap the worker already holds
        # resident (CI measured 3.8 of the 9 MiB touched).
        block = mmap.mmap(-1, 9 * 2**20)
        for offset in range(0, len(block), mmap.PAGESIZE):
            block[offset] = 1
        return block

    (row,) = _rows(lambda: Prepared(grab, memory=True))  # a 3x3 case: 9 cells
    assert row["ns_per_cell"] == pytest.approx(row["seconds"] * 1e9 / 9)
    if row["peak_mib"] is not None:
        assert row["bytes_per_cell"] == pytest.approx(row["peak_mib"] * 2**20 / 9)
        assert row["bytes_per_cell"] >= 2**20 * 0.9  # about 1 MiB a cell was touched
    (plain,) = _rows(lambda: Prepared(_quick))
    assert plain["bytes_per_cell"] is None and plain["ns_per_cell"] is not None
