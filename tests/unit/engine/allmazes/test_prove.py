"""`mazegame allmazes prove NxM LENGTH`: the claims 3x3@10 and 3x4@16 proved end to end (the
kept files accepted by a fresh dratify run), a spoilt proof rejected, a false claim shown
false, the time limit, Ctrl-C, and the certificate failures (exit 4)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from mazegame.cli import main
from mazegame.engine.allmazes import prove as prove_module
from mazegame.engine.allmazes.mazeset import solves_all

pytest.importorskip("pysat", reason="the sat extra (python-sat) is not installed")
dratify = pytest.importorskip("dratify", reason="the sat extra (dratify) is not installed")
pytest.importorskip("pycryptosat", reason="the sat extra (pycryptosat) is not installed")

ROOT = str(Path(__file__).resolve().parents[4])
GUARD = 300  #: seconds before a child is called hung (a cold numba cache compiles first)


def _mazegame(*args: str, **kw) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [ROOT, *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.run([sys.executable, "-m", "mazegame", "allmazes", *args], env=env,
                          capture_output=True, text=True, timeout=GUARD, **kw)


def _check(folder: Path, label: str, engine: str = "auto"):
    """A fresh dratify run on a kept CNF and its proof."""
    formula = dratify.parse_dimacs_file(str(folder / f"{label}.cnf"))
    return dratify.check_proof(formula, (folder / f"{label}.drat").read_text(), engine=engine)


@pytest.mark.parametrize(("size", "length", "engine"), [
    ("3x3", 10, "python"), pytest.param("3x4", 16, "auto", marks=pytest.mark.slow)])
def test_a_claim_is_proved_and_its_kept_certificate_checks_afresh(size, length, engine,
                                                                   tmp_path):
    keep = tmp_path / "proof"
    done = _mazegame("prove", size, str(length), "--json", "--quiet", "--keep", str(keep))
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert (doc["verdict"], doc["sequence"]) == ("proved", None)
    search, proof, second = doc["stages"]
    assert (search["status"], proof["status"], second["status"]) == ("none", "accepted", "none")
    assert proof["figures"]["proof_lines"] > 0 and "dratify" in proof["figures"]["checker"]
    assert sorted(os.listdir(keep)) == sorted(doc["files"]) == [
        "MANIFEST.txt", "all.cnf", "all.drat", "classes.json"]
    assert _check(keep, "all", engine).ok
    classes = json.loads((keep / "classes.json").read_text())["classes"]
    assert len(classes) == search["figures"]["classes"] == proof["figures"]["classes"]
    assert "drat-trim all.cnf all.drat" in (keep / "MANIFEST.txt").read_text()


@pytest.fixture(scope="module")
def kept_3x3(tmp_path_factory) -> Path:
    """3x3@10's kept files, made in this process."""
    keep = tmp_path_factory.mktemp("kept") / "k"
    result = prove_module.prove(3, 3, 10, 120.0, None, str(keep))
    assert result.verdict == "proved", result.reason
    return keep


def _spoilt(keep: Path, tmp_path: Path, change) -> Path:
    """A copy of the kept 3x3 files with the proof's lines changed by `change`."""
    out = tmp_path / "spoilt"
    out.mkdir(parents=True)
    (out / "all.cnf").write_text((keep / "all.cnf").read_text())
    lines = (keep / "all.drat").read_text().splitlines()
    (out / "all.drat").write_text("\n".join(change(lines)) + "\n")
    return out


@pytest.mark.parametrize("engine", ["python", "auto"])
def test_a_proof_without_its_lemmas_or_with_one_changed_is_rejected(kept_3x3, tmp_path,
                                                                   engine):
    added = [i for i, line in enumerate((kept_3x3 / "all.drat").read_text().splitlines())
             if not line.startswith("d") and line != "0"]
    no_lemmas = _spoilt(kept_3x3, tmp_path / "a",
                        lambda lines: [x for x in lines if x.startswith("d") or x == "0"])
    assert not _check(no_lemmas, "all", engine).ok
    # the first lemma changed into one that does not follow: the first move is not r
    # (variable 4: step 0's moves are variables 1 to 4, u d l r)
    changed = _spoilt(kept_3x3, tmp_path / "b", lambda lines: [
        "-4 0" if i == added[0] else line for i, line in enumerate(lines)])
    verdict = _check(changed, "all", engine)
    assert not verdict.ok and verdict.failed_step == added[0] + 1
    assert _check(kept_3x3, "all", engine).ok


def test_a_rejected_proof_fails_the_certificate_with_exit_4(monkeypatch, capsys):
    jobs = prove_module._jobs

    def spoil_then_check(run, doing, todo, workers):
        if doing == "checking":  # every proof loses its lemmas before dratify reads it
            for job in todo:
                proof = Path(job.args[2])
                proof.write_text("0\n")
        return jobs(run, doing, todo, workers)

    monkeypatch.setattr(prove_module, "_jobs", spoil_then_check)
    assert main(["allmazes", "prove", "3x3", "10", "--quiet"]) == 4
    out, err = capsys.readouterr()
    assert out.startswith("failed: PROOF REJECTED: all:") and "CERTIFICATE FAILED" in err


def test_encodings_that_disagree_fail_the_certificate_with_exit_4(monkeypatch, capsys):
    monkeypatch.setattr(prove_module, "second_opinion", lambda *args: {
        "status": "found", "sequence": "rdrrdllddr", "mazes": 1, "solver": "a stand-in"})
    assert main(["allmazes", "prove", "3x3", "10", "--json", "--quiet"]) == 4
    doc = json.loads(capsys.readouterr().out)
    assert doc["verdict"] == "failed" and "THE ENCODINGS DISAGREE" in doc["reason"]
    assert [s["status"] for s in doc["stages"]] == ["none", "accepted", "disagrees"]


def test_a_false_claim_prints_a_sequence_the_checker_accepts():
    done = _mazegame("prove", "3x3", "11", "--quiet")
    assert done.returncode == 1, done.stderr
    sequence, verdict = done.stdout.splitlines()[:2]
    assert len(sequence) == 11 and solves_all(3, 3, sequence)
    assert verdict.startswith("false: this sequence of 11 moves solves every 3x3 maze")


def test_cubes_on_the_first_moves_are_each_proved_and_cover_every_prefix(tmp_path, capsys):
    keep = tmp_path / "cubes"
    assert main(["allmazes", "prove", "3x3", "10", "--split", "1", "--workers", "2",
                 "--keep", str(keep), "--json", "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["stages"][1]["figures"]["cubes"] == 4
    cubes = sorted(name[:-4] for name in os.listdir(keep) if name.endswith(".cnf"))
    assert cubes == [f"cube-{a}" for a in "dlru"]
    assert all(_check(keep, cube).ok for cube in cubes)


def test_the_time_limit_holds_in_the_search_and_in_the_proof(tmp_path, capsys):
    assert main(["allmazes", "prove", "4x4", "28", "--time-limit", "0.5", "--quiet"]) == 3
    assert capsys.readouterr().out.startswith("unknown: the search")
    given = _given_4x4_27(tmp_path)
    assert main(["allmazes", "prove", "4x4", "27", "--time-limit", "2", "--classes", given,
                 "--quiet"]) == 3
    assert capsys.readouterr().out.startswith("unknown: CaDiCaL's refutation ran out of time")


def _given_4x4_27(tmp_path: Path) -> str:
    """A classes.json whose refutation takes CaDiCaL minutes: 4x4's farthest 200 at 27."""
    import numpy as np

    from mazegame.engine.allmazes.family import family

    fam = family(4, 4)
    far = np.argsort(-fam.dist[:, 0], kind="stable")[:200]
    path = tmp_path / "classes.json"
    path.write_text(json.dumps({"n": 4, "m": 4, "length": 27,
                                "classes": [int(c) for c in far]}))
    return str(path)


def test_ctrl_c_in_the_proof_stage_ends_with_one_line_and_130(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [ROOT, *filter(None, [os.environ.get("PYTHONPATH")])])}
    child = subprocess.Popen(
        [sys.executable, "-m", "mazegame", "allmazes", "prove", "4x4", "27", "--classes",
         _given_4x4_27(tmp_path)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        line = child.stderr.readline()  # the proof stage is under way
        assert "proof: " in line, line
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=GUARD)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    said = [line for line in err.splitlines() if not line.startswith("[")]
    assert (child.returncode, said, out) == (130, ["mazegame: interrupted"], "")


@pytest.mark.parametrize("args", [["5x6", "10"], ["1x3", "4"], ["3x3", "10", "--split", "9"],
                                  ["3x3", "10", "--time-limit", "0"]])
def test_bad_arguments_exit_2_with_one_line(args, capsys):
    assert main(["allmazes", "prove", *args]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_a_keep_folder_that_is_not_empty_is_refused(tmp_path, capsys):
    (tmp_path / "old.txt").write_text("x")
    assert main(["allmazes", "prove", "3x3", "10", "--keep", str(tmp_path)]) == 2
    assert "not an empty folder" in capsys.readouterr().err


def test_a_large_proof_is_checked_a_piece_at_a_time_with_the_same_verdicts(kept_3x3, tmp_path,
                                                                           monkeypatch):
    from mazegame.engine.allmazes import prove_jobs

    monkeypatch.setattr(prove_jobs, "STREAM_BYTES", 1000)  # every proof counts as large
    good = prove_jobs.check_proof(str(kept_3x3 / "all.cnf"), str(kept_3x3 / "all.drat"))
    assert good["ok"] and good["checker"].endswith("its pure-Python engine, streamed")
    bad = _spoilt(kept_3x3, tmp_path, lambda lines: ["-4 0", *lines])
    verdict = prove_jobs.check_proof(str(bad / "all.cnf"), str(bad / "all.drat"))
    assert (verdict["ok"], verdict["failed_step"]) == (False, 1)
