"""`allmazes check --workers/--scheduler/--checkpoint` (the check's search split into
Dask tasks, its certificate written) and `allmazes solve --checkpoint` (the search as
tasks, resuming after a stop): on a LocalCluster of two workers, in a subprocess killed
half way and started again, and with checkpoints that cannot be used."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from mazegame.cli import main
from mazegame.engine.allmazes.check import UnsolvedSearch, check
from mazegame.engine.allmazes.checkpoint import load
from mazegame.engine.allmazes.family import neighbour_table, parse_sequence
from mazegame.locations import asset

distributed = pytest.importorskip("distributed", reason="the distributed extra is not installed")
SHIPPED_4X4 = str(asset("allmazes", "4x4.txt"))


def whole_search_nodes(n: int, m: int, text: str) -> int:
    """The nodes of the check's search in one piece."""
    search = UnsolvedSearch(neighbour_table(n, m), parse_sequence(text), n * m, 1, seed=1)
    assert search.run()
    return search.nodes


@pytest.fixture(scope="module")
def two_workers():
    """A LocalCluster of two workers (threads: cheap to start)."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def test_the_check_on_two_workers_writes_its_certificate(two_workers, tmp_path, capsys):
    assert main(["allmazes", "check", "4x4", SHIPPED_4X4, "--scheduler", two_workers,
                 "--checkpoint", str(tmp_path), "--quiet"]) == 0
    assert "solves all 3828 feasible 4x4 mazes" in capsys.readouterr().out
    point = load(tmp_path, 4, 4)
    part = point.part
    assert part.done and len(part.clean) > 1  # split into subtrees, each one finished
    assert part.nodes == whole_search_nodes(4, 4, point.growing) == point.best_nodes
    assert (tmp_path / "best.txt").read_text().split("\n")[-2] == point.growing


def test_a_wrong_sequence_on_two_workers_names_an_unsolved_maze(two_workers, capsys):
    text = Path(SHIPPED_4X4).read_text().split("\n")[-2][:-1]  # one move short
    assert main(["allmazes", "check", "4x4", text, "--scheduler", two_workers,
                 "--quiet"]) == 1
    rows = capsys.readouterr().out.split("as rows of 0 (free) and 1 (blocked):\n")[1]
    free = np.array([[ch == "0" for ch in row] for row in rows.split("\n")[:4]])
    assert not check(4, 4, text).ok
    cells = [(r, c) for r in range(4) for c in range(4) if free[r, c]]
    assert (0, 0) in cells and (3, 3) in cells


def test_local_worker_processes_check_too(capsys):
    assert main(["allmazes", "check", "3x3", "drddruurrdd", "--workers", "2",
                 "--quiet"]) == 0
    assert "solves all 51" in capsys.readouterr().out


def test_the_search_on_two_workers_finds_a_verified_sequence(two_workers, tmp_path, capsys):
    assert main(["allmazes", "solve", "4x4", "--checkpoint", str(tmp_path), "--scheduler",
                 two_workers, "--time-limit", "120", "--json", "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["verified"] and check(4, 4, doc["sequence"]).ok
    assert doc["nodes"] == whole_search_nodes(4, 4, doc["sequence"])


def _solve(folder, limit: str = "60") -> subprocess.Popen:
    """`allmazes solve 4x5 --checkpoint folder` in a subprocess."""
    return subprocess.Popen([sys.executable, "-m", "mazegame", "allmazes", "solve", "4x5",
                             "--checkpoint", str(folder), "--time-limit", limit, "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.slow
def test_a_search_killed_half_way_goes_on_from_its_checkpoint(tmp_path):
    first = _solve(tmp_path)
    began = time.monotonic()
    while load(tmp_path, 4, 5) is None or load(tmp_path, 4, 5).rounds < 1:
        assert first.poll() is None and time.monotonic() - began < 50
        time.sleep(0.02)
    first.send_signal(signal.SIGKILL)
    first.communicate()
    stopped = load(tmp_path, 4, 5)
    second = _solve(tmp_path)
    out, err = second.communicate(timeout=120)
    assert second.returncode == 0, err
    doc = json.loads(out)
    assert doc["verified"] and check(4, 5, doc["sequence"]).ok
    if stopped.best is None:  # killed while growing: it goes on from the moves grown
        assert stopped.part.clean  # checked in part
        assert f"resuming: {len(stopped.growing)} moves" in err
        assert doc["rounds"] > stopped.rounds
    else:  # a busy machine's poll saw the search only once it was verified: kept, shortened
        assert len(doc["sequence"]) <= len(stopped.best)


def test_a_stopped_search_keeps_its_best_and_goes_on(tmp_path, capsys):
    assert main(["allmazes", "solve", "3x4", "--checkpoint", str(tmp_path), "--quiet",
                 "--time-limit", "5"]) == 0
    first = load(tmp_path, 3, 4)
    assert first.best and check(3, 4, first.best).ok
    assert main(["allmazes", "solve", "3x4", "--checkpoint", str(tmp_path), "--quiet",
                 "--time-limit", "5"]) == 0
    assert len(load(tmp_path, 3, 4).best) <= len(first.best)
    assert capsys.readouterr().out.split("\n")[-2] == load(tmp_path, 3, 4).best


@pytest.mark.parametrize("content", [b"", b"{", b"\xff\xfe", b"[" * 100_000,
                                     b'{"format": "mazegame allmazes checkpoint"}'])
@pytest.mark.parametrize("action", [["solve", "3x3"], ["check", "3x3", "drddruurrdd"]])
def test_an_unusable_checkpoint_is_refused_in_one_line_and_left_alone(tmp_path, capsys,
                                                                     content, action):
    (tmp_path / "checkpoint.json").write_bytes(content)
    assert main(["allmazes", *action, "--checkpoint", str(tmp_path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "checkpoint" in err and err.count("\n") == 1
    assert (tmp_path / "checkpoint.json").read_bytes() == content


def test_a_checkpoint_of_another_size_or_sequence_is_refused(tmp_path, capsys):
    assert main(["allmazes", "check", "3x3", "drddruurrdd", "--checkpoint", str(tmp_path),
                 "--quiet"]) == 0
    before = sorted(os.listdir(tmp_path))
    assert main(["allmazes", "solve", "4x4", "--checkpoint", str(tmp_path), "--quiet"]) == 2
    assert main(["allmazes", "check", "3x3", "drddruurrddr", "--checkpoint", str(tmp_path),
                 "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "3x3 search, not 4x4" in err and "another sequence" in err
    assert sorted(os.listdir(tmp_path)) == before


def test_runs_and_a_checkpoint_do_not_go_together(tmp_path, capsys):
    assert main(["allmazes", "solve", "3x3", "--checkpoint", str(tmp_path), "--runs", "2",
                 "--quiet"]) == 2
    assert "--runs and --checkpoint" in capsys.readouterr().err
    assert not (tmp_path / "checkpoint.json").exists()
