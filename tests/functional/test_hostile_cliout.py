"""The real `mazegame` in subprocesses, where only a process shows it: standard output
closed (fd 1 not open) or /dev/full for every command that prints, a closed pipe, and
Ctrl-C (SIGINT) at seeded random moments in long commands: one line and status 1 for output
that cannot be written, a quiet 0 for a closed pipe, 130 and "mazegame: interrupted" after
Ctrl-C, never a traceback."""

from __future__ import annotations

import os
import platform
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import mazegame
from mazegame.cli import COMMANDS
from mazegame.engine.generate import generate
from mazegame.engine.mazefile import to_json

ROOT = str(Path(mazegame.__file__).resolve().parent.parent)
WAIT = 120  #: seconds any child may take (a hang guard, not a timing)
CLOSED = b"mazegame: error: standard output is closed\n"
FULL = b"mazegame: error: cannot write standard output: no space left on device\n"
INTERRUPTED = b"mazegame: interrupted\n"

#: One command line per command that prints, enumerated from COMMANDS (None: prints, but
#: only after timing kernels for minutes; tests/unit/cli/test_output.py covers it).
PRINTING = {
    "generate": ["generate", "--size", "300x200", "--seed", "1"],  # beyond any buffer
    "solve": ["solve", "maze.json"],
    "play": ["play", "--list"],
    "bench": None,
    "jump": ["jump", "solve", "puzzle.txt"],
    "matrices": ["matrices", "maze.json"],
    "levels": ["levels", "list"],
    "interpreted": ["interpreted", "export", "trading", "--size", "4x4", "--seed", "1"],
    "selfplay": ["selfplay", "chase", "--games", "1", "--size", "12x8"],
    "rat": ["rat", "train", "--size", "3x3", "--episodes", "2"],
    "allmazes": ["allmazes", "count", "3x3"],
    "config": ["config", "list"],
    "records": ["records"],
    "daily": ["daily", "--list"],
    "stats": ["stats", "--size", "21x20", "--seeds", "3", "--quiet"],  # cavern builds 21x20
    "explain": ["explain", "tremaux"],
    "treasure": ["treasure", "maze.json"],
}
#: They open the app, serve it, host rooms or join one: nothing to print on standard output
#: (a bot's lines: tests/functional/net).
SILENT = {"edit", "serve", "replay", "host", "join"}


def test_every_command_is_either_printing_or_silent():
    assert set(PRINTING) | SILENT == set(COMMANDS) and not set(PRINTING) & SILENT


def child_env(tmp_path: Path) -> dict:
    """This worktree first on the path; saved data in a fresh folder."""
    return {**os.environ, "MAZEGAME_DATA_DIR": str(tmp_path / "data"),
            "PYTHONPATH": os.pathsep.join([ROOT, *filter(None, [os.environ.get("PYTHONPATH")])])}


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    """A folder with the files the commands read."""
    (tmp_path / "maze.json").write_text(to_json(generate("kruskal", 5, 4, 3).maze))
    (tmp_path / "puzzle.txt").write_text("2 1 2\n1 1 1\n2 1 G\n")
    return tmp_path


def run(argv: list[str], cwd: Path, **kwargs) -> subprocess.CompletedProcess:
    """`python -m mazegame ARGV` in cwd (stdin empty, stderr captured)."""
    kwargs.setdefault("stdout", subprocess.DEVNULL)
    return subprocess.run([sys.executable, "-m", "mazegame", *argv], cwd=cwd,
                          env=child_env(cwd), stdin=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, timeout=WAIT, **kwargs)


def close_stdout() -> None:
    """In the child, before Python starts: fd 1 not open (`mazegame ... >&-`)."""
    os.close(1)


@pytest.mark.parametrize("name", [n for n, argv in PRINTING.items() if argv])
def test_closed_standard_output(workdir, name):
    done = run(PRINTING[name], workdir, stdout=None, preexec_fn=close_stdout)
    assert (done.returncode, done.stderr) == (1, CLOSED)


@pytest.mark.parametrize("name", [n for n, argv in PRINTING.items() if argv])
def test_standard_output_on_a_full_disk(workdir, name):
    with open("/dev/full", "w") as full:
        done = run(PRINTING[name], workdir, stdout=full)
    assert (done.returncode, done.stderr) == (1, FULL)


def test_an_output_file_on_a_full_disk_is_named(workdir):
    done = run(["generate", "--size", "3x3", "-o", "/dev/full"], workdir)
    assert done.returncode == 1
    assert done.stderr == b"mazegame: error: cannot write /dev/full: no space left on device\n"


def test_help_to_a_closed_standard_output(workdir):
    done = run(["--help"], workdir, stdout=None, preexec_fn=close_stdout)
    assert (done.returncode, done.stderr) == (1, CLOSED)


@pytest.mark.parametrize("argv", [["generate", "--size", "300x200"], ["generate", "--list"]],
                         ids=["big", "small"])
def test_a_closed_pipe_is_a_quiet_exit(workdir, argv):
    # `mazegame generate | head`: the reader leaves at once. A small output is still in
    # the buffer when main returns: only the flush finds the pipe closed.
    read, write = os.pipe()
    os.close(read)
    try:
        done = run(argv, workdir, stdout=write)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (0, b"")


# -- Ctrl-C ---------------------------------------------------------------------------------
READ = {"x86_64": "0", "aarch64": "63"}.get(platform.machine())  #: read()'s number


def started(pid: int, argv: list[str]) -> None:
    """Wait until the child runs mazegame's own code (Linux /proc; else a fixed wait): a
    SIGINT while Python itself starts (site, the first imports) is Python's to report.
    `solve -` waits until it reads standard input; the others until numpy is loaded."""
    deadline = time.monotonic() + WAIT
    while Path(f"/proc/{pid}").is_dir() and time.monotonic() < deadline:
        try:
            if argv[:2] == ["solve", "-"]:
                if READ is None:
                    break
                if Path(f"/proc/{pid}/syscall").read_text().split()[:2] == [READ, "0x0"]:
                    return
            elif "numpy" in Path(f"/proc/{pid}/maps").read_text():
                return
        except (OSError, IndexError):
            break
        time.sleep(0.02)
    else:
        return
    time.sleep(1.5)


LONG = {  # each runs far longer than the delays below, except where it may finish first
    "sat": ["allmazes", "sat", "4x4", "28", "--quiet"],
    "selfplay": ["selfplay", "chase", "--games", "100000"],
    "generate": ["generate", "--size", "4096x4096", "--format", "text", "-o", os.devnull],
    "solve": ["solve", "-"],
    "jump generate": ["jump", "generate", "--size", "10", "--count", "100000", "--out",
                      os.devnull],
}


@pytest.mark.parametrize("moment", range(2))
@pytest.mark.parametrize("name", list(LONG))
def test_ctrl_c_at_a_random_moment(tmp_path, name, moment):
    if name == "sat":
        pytest.importorskip("pysat", reason="the sat extra is not installed")
    argv = LONG[name]
    delay = random.Random(f"{name} {moment}").uniform(0.0, 1.5)
    # A shell gives the command Ctrl-C's default; a test worker may ignore SIGINT, and an
    # ignored SIGINT is inherited.
    child = subprocess.Popen([sys.executable, "-m", "mazegame", *argv], cwd=tmp_path,
                             env=child_env(tmp_path), stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    started(child.pid, argv)
    time.sleep(delay)
    child.send_signal(signal.SIGINT)
    try:
        child.wait(timeout=WAIT)  # before communicate() closes stdin (`solve -` reads it)
    except subprocess.TimeoutExpired:
        child.kill()
        pytest.fail(f"{name}: still running {WAIT} s after SIGINT")
    _, err = child.communicate(timeout=WAIT)
    assert b"Traceback" not in err and b"Exception ignored" not in err, err.decode()
    if name == "generate" and err == b"" and child.returncode in (0, -signal.SIGINT):
        return  # it finished first (the signal then ended Python's own shutdown, if any)
    assert (child.returncode, err) == (130, INTERRUPTED), err.decode()[-2000:]


#: A command that meets Ctrl-C the ways libraries pass it on, run through the real main().
INTERRUPTED_COMMAND = '''
import ctypes, signal, sys, time
from mazegame import cli
from mazegame.cli.common import Command

def run(args):
    how = sys.argv[1]
    if how == "swallowed":  # a library catches the interrupt and carries on
        try:
            signal.raise_signal(signal.SIGINT)
            time.sleep(30)
        except KeyboardInterrupt:
            pass
    elif how == "in a C callback":  # where it cannot propagate (llvmlite while numba compiles)
        ctypes.CFUNCTYPE(None)(lambda: signal.raise_signal(signal.SIGINT))()
        time.sleep(30)  # sent again, the interrupt ends this
        print("slept through the interrupt")
    elif how == "as a SystemError":  # what a numba call makes of it
        raise SystemError("returned a result with an exception set") from KeyboardInterrupt()
    return 0

cli.COMMANDS["generate"] = Command("generate", "", lambda parser: None, run)
sys.exit(cli.main(["generate"]))
'''


@pytest.mark.parametrize("how", ["swallowed", "in a C callback", "as a SystemError"])
def test_ctrl_c_however_a_library_passes_it_on(tmp_path, how):
    done = subprocess.run([sys.executable, "-c", INTERRUPTED_COMMAND, how], cwd=tmp_path,
                          env=child_env(tmp_path), capture_output=True, timeout=WAIT,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert (done.returncode, done.stderr) == (130, INTERRUPTED), done.stderr.decode()
    assert done.stdout == b""
