"""Bad input to the command line: status 2 and one line, never a traceback; Ctrl-C: 130."""

import io
import os
import platform
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import mazegame
from mazegame.cli import main

ROOT = str(Path(mazegame.__file__).resolve().parent.parent)
VALID_JUMP = "2 1 2\n1 1 1\n2 1 G\n"


def run(capsys, argv, stdin: bytes = b""):
    """main(argv) with stdin bytes; (status, stdout, stderr)."""
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        status = main(argv)
    except SystemExit as exit_:  # argparse refuses arguments this way
        status = exit_.code
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return status, out, err


def maze_json(capsys) -> str:
    """A small valid maze document."""
    main(["generate", "--size", "4x3", "--seed", "1", "--format", "json"])
    return capsys.readouterr().out


DEEP = b"[" * 100_000 + b"]" * 100_000
BAD_FILES = {
    "deep array": DEEP,
    "deep in an object": b'{"walls": ' + DEEP + b"}",
    "top-level array": b"[1, 2, 3]",
    "BOM then array": b"\xef\xbb\xbf[1]",
    "not UTF-8": b"\xff\xfe\x00garbage",
    "wrap q": "# wrap: q\n┌───┐\n│   │\n└───┘\n".encode(),
    "huge jump": b"2147483648 1\n1 G\n",
    "huge jump JSON": b'{"format": "mazegame/jump", "version": 1, "width": 2, "height": 2, '
                      b'"jumps": [[100000000000000000000, 1], [1, 0]], "start": [0, 0], '
                      b'"goal": [1, 1], "moves": "rook", "wrap": false, "no_u_turn": false}',
    "superscript": "\u00b2 1\n1 G\n".encode(),
    "5000 digits": b'{"seed": ' + b"9" * 5000 + b"}",
}
READERS = [["solve", "-"], ["matrices", "-"], ["jump", "solve", "-"], ["jump", "energy", "-"],
           ["jump", "show", "-"]]


@pytest.mark.parametrize("name", list(BAD_FILES))
@pytest.mark.parametrize("argv", READERS, ids=" ".join)
def test_bad_files_exit_2_with_one_line(capsys, argv, name):
    status, _, err = run(capsys, argv, BAD_FILES[name])
    assert status == 2, err
    assert err.startswith("mazegame: error:") and len(err.strip().splitlines()) == 1


def test_byte_order_mark_is_read_past(capsys):
    doc = maze_json(capsys).encode()
    assert run(capsys, ["solve", "-", "--format", "json"], b"\xef\xbb\xbf" + doc)[0] == 0
    assert run(capsys, ["jump", "solve", "-"], b"\xef\xbb\xbf" + VALID_JUMP.encode())[0] == 0


@pytest.mark.parametrize("argv", [
    ["solve", "-", "--budget", "99999999999999999999", "--algo", "random-walk"],
    ["solve", "-", "--budget", "-1"],
    ["solve", "-", "--budget", "lots"],
])
def test_bad_budgets_exit_2(capsys, argv):
    status, _, err = run(capsys, argv, maze_json(capsys).encode())
    assert status == 2 and err.startswith("mazegame: error:") and "budget" in err


def child_env() -> dict:
    """The environment of a `python -m mazegame` child that imports this worktree."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(
        [ROOT, *filter(None, [os.environ.get("PYTHONPATH")])])}


def wait_until_reading_stdin(pid: int, timeout: float = 60.0) -> None:
    """Wait until the child sits in read(0, ...) (Linux /proc; else a fixed wait): on a cold
    numba cache under load, a fixed sleep can end before the child reaches its read."""
    read = {"x86_64": "0", "aarch64": "63"}.get(platform.machine())  # read()'s number
    deadline = time.monotonic() + timeout
    while read is not None and time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/syscall") as f:
                fields = f.read().split()
        except OSError:
            time.sleep(1.5)
            return
        if fields[:2] == [read, "0x0"]:  # read() on fd 0
            return
        time.sleep(0.05)
    time.sleep(1.5)


@pytest.mark.parametrize("argv", [
    ["solve", "-"],  # blocked reading standard input
    ["generate", "--size", "4096x4096", "--format", "text", "-o", os.devnull],  # busy
])
def test_ctrl_c_prints_one_line_and_exits_130(argv):
    # A shell gives the command Ctrl-C's default; a test worker may ignore SIGINT, and an
    # ignored SIGINT is inherited (Python then installs no KeyboardInterrupt): the child
    # sat in read() 60 s after the signal in CI.
    child = subprocess.Popen([sys.executable, "-m", "mazegame", *argv], env=child_env(),
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    if argv[0] == "solve":
        wait_until_reading_stdin(child.pid)
    else:
        time.sleep(1.5)
    child.send_signal(signal.SIGINT)
    # Wait for the exit before communicate() closes stdin: under load an EOF read before the
    # signal is handled made `solve -` end with "0 lines" (status 2) instead.
    try:
        child.wait(timeout=60)
    except subprocess.TimeoutExpired:  # say where it hung, for whoever meets this
        where = Path(f"/proc/{child.pid}/syscall").read_text() if Path("/proc").is_dir() else ""
        child.kill()
        _, err = child.communicate(timeout=60)
        pytest.fail(f"no exit 60 s after SIGINT; syscall {where.split()[:2]}; stderr {err!r}")
    _, err = child.communicate(timeout=60)
    if child.returncode in (0, -signal.SIGINT) and argv[0] == "generate" and err == b"":
        return  # a fast machine finished first (the signal then ended Python's own teardown)
    assert child.returncode == 130, err
    assert err.decode() == "mazegame: interrupted\n"


@pytest.mark.parametrize("style", ["text", "ascii"])
def test_generated_wrapped_picture_is_solved_as_itself(capsys, style):
    # The reported case: this picture was read back as a 3x7 maze.
    main(["generate", "--algo", "connection-matrix", "--size", "3x8", "--wrap", "x",
          "--seed", "0", "--format", style])
    picture = capsys.readouterr().out
    main(["generate", "--algo", "connection-matrix", "--size", "3x8", "--wrap", "x",
          "--seed", "0", "--format", "json"])
    document = capsys.readouterr().out
    answers = [run(capsys, ["solve", "-", "--format", "json"], text.encode())
               for text in (picture, document)]
    assert answers[0] == answers[1] and answers[0][0] == 0
    status, out, _ = run(capsys, ["solve", "-"], picture.encode())
    assert status == 0 and out.count("\n") == 2 * 8 + 1 + 1 + 1  # wrap header, picture, answer


@pytest.mark.parametrize("argv", [
    ["generate", "--size", "3x3", "-o", "/no/such/dir/maze.txt"],
    ["generate", "--size", "3x3", "-o", ""],
    ["jump", "generate", "--size", "4", "--progress", "--out", "/no/such/dir/pack.jsonl"],
])
def test_unwritable_output_is_refused_before_the_work(capsys, argv):
    status, out, err = run(capsys, argv)
    assert status == 2 and out == "" and err.startswith("mazegame: error: cannot write")
    assert len(err.splitlines()) == 1  # no progress bar drawn first
