"""`mazegame bench --network` against a real host it starts: the row's fields are there and
its figures are positive (a few keys; never a timed threshold)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import mazegame

ROOT = str(Path(mazegame.__file__).resolve().parent.parent)
RACE_FIELDS = {"name", "players", "rooms", "games", "keys", "lost", "p50_ms", "p99_ms",
               "max_ms", "host_cpu_pct", "host_idle_cpu_pct", "bench_cpu_pct", "load_1min",
               "target_p99_ms", "note"}


def bench(*args: str, tmp_path) -> subprocess.CompletedProcess:
    """`python3 -m mazegame bench --network --json ARGS` (its host's data in a temp folder)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [ROOT, *filter(None, [os.environ.get("PYTHONPATH")])]),
        "MAZEGAME_DATA_DIR": str(tmp_path / "data")}
    return subprocess.run([sys.executable, "-m", "mazegame", "bench", "--network", "--json",
                           *args], env=env, capture_output=True, text=True, timeout=170)


def test_two_players_race_and_every_key_is_matched_to_its_state(tmp_path):
    done = bench("--players", "2", "--keys", "6", "--sessions", "0", "--idle", "0.5",
                 tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert len(rows) == 1
    row = rows[0]
    assert set(row) >= RACE_FIELDS
    assert row["name"] == "network race" and row["players"] == 2 and row["rooms"] == 1
    assert row["keys"] + row["lost"] == 12 and row["keys"] > 0 and row["games"] >= 1
    assert 0 < row["p50_ms"] <= row["p99_ms"] <= row["max_ms"]
    assert row["host_cpu_pct"] >= 0 and row["host_idle_cpu_pct"] >= 0
    assert row["note"] == ""


@pytest.mark.skipif(any(importlib.util.find_spec(name) is None for name in (
    "asyncssh", "mazegame.server.ssh_door", "mazegame.ui.remote.app")),
    reason="the SSH door (asyncssh) and the thin client are not all here")
def test_ssh_sessions_are_measured_on_the_hosts_process_tree(tmp_path):
    done = bench("--players", "2", "--keys", "2", "--sessions", "2", "--idle", "0",
                 tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    ssh = [r for r in json.loads(done.stdout) if r["name"] == "ssh sessions"]
    assert len(ssh) == 1 and ssh[0]["sessions"] == 2, ssh
    row = ssh[0]
    assert row["ssh_mb_per_session"] > 0 and row["ssh_rss_mb_per_session"] > 0
    assert row["processes"] >= 3  # the host and a program a session
    assert row["host_pss_mb"] > row["host_pss_mb_1"]
