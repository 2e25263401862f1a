"""`mazegame allmazes solve --runs/--scheduler/--workers`: seeded searches on a Dask
cluster (a LocalCluster here), the shortest verified sequence kept."""

import json
import sys

import pytest

from mazegame.cli import main
from mazegame.engine.allmazes.mazeset import solves_all

distributed = pytest.importorskip("distributed", reason="the distributed extra is not installed")


def test_runs_on_the_scheduler_given_and_keep_the_best(capsys):
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        assert main(["allmazes", "solve", "3x3", "--runs", "3", "--scheduler",
                     cluster.scheduler_address, "--time-limit", "5", "--json"]) == 0
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert doc["verified"] and doc["length"] == len(doc["sequence"]) >= 11
    assert solves_all(3, 3, doc["sequence"])  # the independent check
    assert doc["seed"] in (0, 1, 2) and "seed 2:" in captured.err


def test_local_worker_processes_when_no_scheduler_is_given(capsys):
    assert main(["allmazes", "solve", "2x3", "--workers", "1", "--time-limit", "3",
                 "--quiet"]) == 0
    assert solves_all(2, 3, capsys.readouterr().out.strip())


def test_without_dask_one_line_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # an import of it fails
    assert main(["allmazes", "solve", "3x3", "--runs", "2", "--quiet"]) == 1
    assert "pip install 'mazegame[distributed]'" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--runs", "0"], ["--workers", "x"], ["--runs", "1e9"]])
def test_bad_counts_exit_2(argv, capsys):
    assert main(["allmazes", "solve", "3x3", *argv]) == 2
    assert "--" in capsys.readouterr().err  # the option is named
