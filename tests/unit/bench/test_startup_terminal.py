"""`bench --startup`'s pseudo-terminal on small stand-in programs: frames are judged whole,
a wait ends (screen, timeout or exit) and the program's whole process group dies with the
launch, whatever ends it. No timing assertions: the sleeps only order what the program does.
"""

import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path

import pytest

from mazegame.bench import startup, terminal
from mazegame.bench.terminal import Exited, Launch, child_env

pytest.importorskip("pyte")
pytestmark = pytest.mark.skipif(terminal.pty_problem() is not None,
                                reason=terminal.pty_problem() or "")

#: Asks whether the terminal has synchronized output, then draws one frame in two writes
#: 0.3 s apart: "half" on the first row, then on the second whether the terminal said yes.
FRAMED = r"""
import os, select, time, tty
tty.setraw(0)
os.write(1, b"\x1b[?2026$p")
ready, _, _ = select.select([0], [], [], 10)
reply = os.read(0, 64) if ready else b""
os.write(1, b"\x1b[?2026h\x1b[1;1Hhalf")
time.sleep(0.3)
said = b"synced" if reply == b"\x1b[?2026;2$y" else b"no reply: " + reply
os.write(1, b"\x1b[2;1H" + said + b"\x1b[?2026l")
time.sleep(60)
"""

#: Draws a first frame, then a second one whose end mark comes in two writes, then nothing.
SPLIT_MARK = r"""
import os, time
os.write(1, b"\x1b[?2026h\x1b[1;1Hfirst\x1b[?2026l")
time.sleep(0.2)
os.write(1, b"\x1b[?2026h\x1b[2;1Hsecond\x1b[?20")
time.sleep(0.3)
os.write(1, b"26l")
time.sleep(60)
"""

#: Starts a grandchild that outlives a hang-up (as a worker process might), shows both
#: process ids, and sleeps.
FAMILY = r"""
import os, subprocess, sys, time
code = "import signal, time; signal.signal(signal.SIGHUP, signal.SIG_IGN); time.sleep(60)"
child = subprocess.Popen([sys.executable, "-c", code])
print("pids", os.getpid(), child.pid, "shown", flush=True)
time.sleep(60)
"""


#: Draws two frames in one write, then answers each key typed with a frame that shows it.
ECHO_KEYS = r"""
import os, tty
tty.setraw(0)
os.write(1, b"\x1b[?2026h\x1b[1;1Hone\x1b[?2026l\x1b[?2026h\x1b[2;1Htwo\x1b[?2026l")
while True:
    key = os.read(0, 16)
    os.write(1, b"\x1b[?2026h\x1b[3;1Hgot " + key.hex().encode() + b"  \x1b[?2026l")
"""


def launch(code: str, cols: int = 40, rows: int = 5) -> Launch:
    """A stand-in program running `code` in a pty."""
    folder = tempfile.mkdtemp(prefix="mazegame-test-")
    return Launch([], child_env(folder, folder), cols, rows, program=(sys.executable, "-c", code))


def gone(pid: int) -> bool:
    """Whether a process has ended (a zombie nobody has reaped yet counts as ended)."""
    if not Path("/proc/self").is_dir():
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        return False
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def ended(pid: int) -> bool:
    """Whether a process ends within a few seconds (a signal takes a moment to land)."""
    for _ in range(100):
        if gone(pid):
            return True
        time.sleep(0.05)
    return False


def test_a_frame_is_judged_once_drawn_whole_and_the_sync_query_is_answered():
    with launch(FRAMED) as run:
        seconds = run.wait_for(lambda lines: lines[0].startswith("half"), timeout=20)
        assert seconds is not None and seconds > 0
        assert run.lines[1].rstrip() == "synced"  # not judged after the first half
        assert run.synced and run.frames == 1


def test_a_frame_mark_cut_in_two_by_a_read_still_ends_the_frame():
    with launch(SPLIT_MARK) as run:
        assert run.wait_for(lambda lines: lines[1].startswith("second"), timeout=20) is not None
        assert run.frames == 2


def test_frames_read_together_are_judged_one_by_one_and_none_is_lost():
    with launch(ECHO_KEYS) as run:
        assert run.wait_for(lambda lines: lines[0].startswith("one"), timeout=20) is not None
        assert run.lines[1].strip() == ""  # judged before the second frame, read with it
        at = run.wait_until(lambda lines: lines[1].startswith("two"), time.monotonic() + 20)
        assert at is not None and at <= time.monotonic()


def test_keys_typed_are_answered_by_a_later_frame():
    with launch(ECHO_KEYS) as run:
        run.wait_for(lambda lines: lines[1].startswith("two"), timeout=20)
        for name, keys in terminal.ARROWS.items():
            sent = run.send(keys)
            at = run.wait_until(lambda lines, k=keys: lines[2].strip() == f"got {k.hex()}",
                                sent + 20)
            assert at is not None and at >= sent, name
        assert run.wait_until(lambda lines: False, time.monotonic() + 0.2) is None


def test_a_screen_that_never_comes_is_a_timeout():
    with launch("import time; print('hello', flush=True); time.sleep(60)") as run:
        assert run.wait_for(lambda lines: False, timeout=0.5) is None
        assert run.lines[0].startswith("hello")


def test_a_program_that_ends_first_says_how_and_what_it_left():
    code = "import sys; print('boom: no such mode'); sys.exit(3)"
    with launch(code) as run, pytest.raises(Exited, match=r"status 3\b.*boom: no such mode"):
        run.wait_for(lambda lines: False, timeout=20)


@pytest.mark.parametrize("leave", ["normally", "by an error", "by Ctrl-C"])
def test_leaving_a_launch_kills_its_whole_process_group(leave):
    def pids(run):
        assert run.wait_for(lambda lines: "shown" in lines[0], timeout=20) is not None
        return [int(word) for word in run.lines[0].split()[1:3]]

    errors = {"normally": None, "by an error": ValueError, "by Ctrl-C": KeyboardInterrupt}
    error = errors[leave]
    found = []
    with pytest.raises(error) if error else contextlib.nullcontext(), launch(FAMILY) as run:
        found = pids(run)
        assert not any(map(gone, found))
        if error:
            raise error
    assert len(found) == 2 and all(map(ended, found))
    assert run.proc is None and run.master == -1


def test_an_idle_program_writes_nothing_and_a_busy_one_does():
    with launch("import time; print('ready', end='', flush=True); time.sleep(60)") as run:
        run.wait_for(lambda lines: lines[0].startswith("ready"), timeout=20)
        quiet = run.idle(0.5)
    assert quiet["bytes_per_second"] == 0 and quiet["frames_per_second"] == 0
    assert quiet["cpu_percent"] is None or quiet["cpu_percent"] >= 0
    chatty = "import time\nwhile True:\n    print('tick', flush=True)\n    time.sleep(0.01)"
    with launch(chatty) as run:
        run.wait_for(lambda lines: "tick" in lines[0], timeout=20)
        assert run.idle(0.5)["bytes_per_second"] > 0


def test_the_child_runs_this_checkout_with_its_own_cache_and_data_folders():
    env = child_env("/tmp/numba-here", "/tmp/data-here")
    assert env["PYTHONPATH"].split(os.pathsep)[0] == terminal.PACKAGE_ROOT
    assert env["NUMBA_CACHE_DIR"] == "/tmp/numba-here"
    assert env["MAZEGAME_DATA_DIR"] == "/tmp/data-here"
    assert env["TERM"] == "xterm-256color" and "COLUMNS" not in env and "LINES" not in env
    assert startup.launch_args("menu") == [] and startup.launch_args("eye") == ["play", "eye"]


def test_ps_clock_times_read_as_seconds():
    assert terminal._clock_seconds("01:02.50") == 62.5
    assert terminal._clock_seconds("1:00:03") == 3603
    assert terminal._clock_seconds("2-00:00:01") == 2 * 86400 + 1
