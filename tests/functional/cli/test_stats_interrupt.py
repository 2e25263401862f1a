"""`mazegame stats` on a long run, as a user runs it: progress lines on stderr, and Ctrl-C
ends it with one line and status 130. Timeouts only guard against a hang."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[3])
GUARD = 120  #: seconds before the child is called hung (a cold numba cache compiles first)


def test_ctrl_c_ends_a_long_stats_run_with_one_line_and_130():
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [ROOT, *filter(None, [os.environ.get("PYTHONPATH")])])}
    # A shell gives the command Ctrl-C's default; a test worker may ignore SIGINT.
    child = subprocess.Popen(
        [sys.executable, "-m", "mazegame", "stats", "--algo", "all", "--size", "60x60",
         "--seeds", "1000"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        first = child.stderr.readline()  # the first progress line: the run is under way
        assert first.startswith("[") and "stats: " in first, first
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=GUARD)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    said = [line for line in err.splitlines() if not line.startswith("[")]
    assert (child.returncode, said, out) == (130, ["mazegame: interrupted"], "")
