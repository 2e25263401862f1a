"""Saved data under hostile conditions, with the real program where only a process shows it:
rows the game did not write, settings a player may not write, another program holding the
results file while a game is won and quit, and ctrl+c in the app (status 130)."""

import json
import math
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rich.console import Console

import mazegame
from mazegame.bench import terminal
from mazegame.bench.terminal import Exited, Launch, child_env
from mazegame.cli import main
from mazegame.games.replay import build_game, build_maze
from mazegame.games.setup import GameSetup
from mazegame.storage import Store
from mazegame.ui.screens.records import COLUMNS, table_rows
from tests.functional.conftest import KEY_OF

PACKAGE_ROOT = str(Path(mazegame.__file__).resolve().parent.parent)
NO_PTY = terminal.pty_problem()

# -- rows the game did not write ----------------------------------------------------------
#: What another program may put in any column of a results row: nothing, whole numbers,
#: reals (huge, infinite), text (markup, control characters), blobs.
ANY_VALUE = st.one_of(
    st.none(), st.integers(-2**63, 2**63 - 1), st.floats(allow_nan=False),
    st.sampled_from([1e20, -1.0, 1e308, math.inf, -math.inf, 0.5]),
    st.text(max_size=30), st.sampled_from(["yesterday", "slow", "[b]x[/b", "[/]", "\x1b[2J"]),
    st.binary(max_size=12))
NAMES = ("mode", "maze", "won", "moves", "optimum", "seconds", "played_at", "replay")
GOOD = ("classic", "backtracker:5x4:1:", 1, 11, 11, 1.5, 1_700_000_000.0, None)


def results_file(folder: Path, row: tuple) -> Path:
    """A results file of this version whose table takes any value (no column types), with
    a row of the game's and `row`."""
    path = folder / "mazegame.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE results (id INTEGER PRIMARY KEY, mode, maze, won, moves,"
                   " optimum, seconds, played_at, replay)")
        db.executemany(f"INSERT INTO results ({', '.join(NAMES)}) VALUES (?, ?, ?, ?, ?, ?,"
                       " ?, ?)", [GOOD, row])
        db.execute("PRAGMA user_version = 2")
    db.close()
    return path


def refuse(constant: str):
    """NaN and Infinity are not JSON: a script's parser refuses them."""
    raise ValueError(f"not JSON: {constant}")


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=60)
@given(column=st.sampled_from(NAMES), value=ANY_VALUE, rest=st.booleans(),
       others=st.tuples(*[ANY_VALUE] * len(NAMES)))
@example(column="played_at", value=1e20, rest=False, others=GOOD)
@example(column="played_at", value="yesterday", rest=False, others=GOOD)
@example(column="seconds", value="slow", rest=False, others=GOOD)
@example(column="maze", value=b"\x00\xff", rest=False, others=GOOD)
@example(column="maze", value="[/] [b]", rest=False, others=GOOD)
def test_any_value_in_any_column_never_crashes_records_or_the_records_screen(
        column, value, rest, others, capsys, monkeypatch):
    row = list(others if rest else GOOD)  # one odd value, or every column odd
    row[NAMES.index(column)] = value
    with tempfile.TemporaryDirectory() as folder:
        path = results_file(Path(folder), tuple(row))
        monkeypatch.setenv("MAZEGAME_DATA_DIR", folder)
        assert main(["records"]) == 0
        out = capsys.readouterr().out.splitlines()
        assert len(out) == 3 and all(line.isprintable() for line in out)
        assert main(["records", "--json"]) == 0
        rows = json.loads(capsys.readouterr().out, parse_constant=refuse)
        assert [r["id"] for r in rows if "unreadable" in r] in ([], [2])
        assert 1 in [r["id"] for r in rows]  # the game's own row is there
        store = Store(path, read_only=True)
        results = store.results()
        console = Console(file=open(os.devnull, "w"), width=100)  # noqa: SIM115
        for best in (True, False):
            for sort in range(len(COLUMNS) + best):
                for reverse in (False, True):
                    for _, cells in table_rows(results, best, sort, reverse):
                        for cell in cells:
                            console.print(cell)
        console.file.close()
        for mode, maze in {(s.mode, s.maze) for s in results}:  # the lookups trust no odd row
            best_run = store.best(mode, maze)
            assert best_run is None or (isinstance(best_run.moves, int)
                                        and isinstance(best_run.seconds, float | int))
        store.close()


# -- processes that may not write ----------------------------------------------------------
DROP_WRITE_ANYWHERE = """
import ctypes, os, sys
if os.geteuid() == 0:  # root writes anything: drop CAP_DAC_OVERRIDE, as a player has none
    libc = ctypes.CDLL(None, use_errno=True)
    header, caps = (ctypes.c_uint32 * 2)(0x20080522, 0), (ctypes.c_uint32 * 6)()
    assert libc.capget(header, caps) == 0
    caps[0] &= ~2
    caps[1] &= ~2
    assert libc.capset(header, caps) == 0, os.strerror(ctypes.get_errno())
from mazegame.cli import main
sys.exit(main(sys.argv[1:]))
"""


def mazegame_cli(folder: Path, *argv: str, drop_caps: bool = False) -> subprocess.CompletedProcess:
    """`mazegame ARGV` in its own process on the data folder (as a player without root's
    right to write anywhere, if `drop_caps`)."""
    env = {**os.environ, "PYTHONPATH": PACKAGE_ROOT, "MAZEGAME_DATA_DIR": str(folder),
           "PYTHONDONTWRITEBYTECODE": "1"}
    program = ["-c", DROP_WRITE_ANYWHERE] if drop_caps else ["-m", "mazegame"]
    return subprocess.run([sys.executable, *program, *argv], capture_output=True, text=True,
                          env=env, timeout=120)


@pytest.mark.skipif(sys.platform == "win32", reason="file modes")
@pytest.mark.parametrize("read_only", ["file", "folder"])
def test_config_set_on_a_read_only_file_or_folder_exits_1_in_one_line(tmp_path, read_only):
    data = tmp_path / "data"
    assert mazegame_cli(data, "config", "set", "keys", "vi").returncode == 0
    settings_file = data / "settings.sqlite3"
    before = settings_file.read_bytes()
    (settings_file if read_only == "file" else data).chmod(0o444 if read_only == "file"
                                                           else 0o555)
    try:
        done = mazegame_cli(data, "config", "set", "keys", "wasd", drop_caps=True)
        shown = mazegame_cli(data, "config", "get", "keys", drop_caps=True)
    finally:
        settings_file.chmod(0o644)
        data.chmod(0o755)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1 and "keys could not be saved" in done.stderr
    assert f"{settings_file if read_only == 'file' else data} is read-only" in done.stderr
    assert (shown.returncode, shown.stdout) == (0, "vi\n")
    assert settings_file.read_bytes() == before


HOLD = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("held", flush=True)
sys.stdin.read()  # until the test lets go
"""


class Holder:
    """Another program holding a file, as `(echo 'BEGIN EXCLUSIVE;'; sleep 40) | sqlite3 F`."""

    def __init__(self, path: Path) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.proc.stdout.readline() == "held\n"

    def release(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def arrow_keys(setup: GameSetup) -> list[bytes]:
    """What a terminal sends for the arrows that walk the setup's shortest path."""
    maze = build_maze(setup, setup.size)
    path = build_game(setup, maze, lambda: 0.0).shortest_path()
    return [terminal.ARROWS[next(KEY_OF[d] for d in KEY_OF if maze.step(a, d) == b)]
            for a, b in zip(path, path[1:], strict=False)]


def ended(run: Launch, keys: bytes, timeout: float = 60) -> int:
    """Type `keys`, then wait for the program to end; its status."""
    run.send(keys)
    with pytest.raises(Exited):
        run.wait_for(lambda lines: False, timeout)
    return run.proc.wait(timeout=10)


@pytest.mark.skipif(NO_PTY is not None, reason=NO_PTY or "")
def test_a_game_won_while_another_program_holds_the_file_is_saved_at_the_next_launch(
        tmp_path):
    pytest.importorskip("pyte")
    data = tmp_path / "data"
    Store(data / "mazegame.sqlite3").close()
    keys = arrow_keys(GameSetup("classic", size=(5, 4), seed=1))
    holder = Holder(data / "mazegame.sqlite3")
    try:
        with Launch(["play", "classic", "--size", "5x4", "--seed", "1"],
                    child_env(str(tmp_path / "numba"), str(data)), 120, 40) as run:
            assert run.wait_for(lambda lines: any("Moves 0" in line for line in lines), 120)
            for key in keys:
                run.send(key)
            # said at launch, and again as the game is won (the end panel says it too: the
            # Pilot tests read it, here the notices may cover it)
            assert run.wait_for(lambda lines: " ".join(lines).count("results are busy") == 2,
                                60)
            assert ended(run, b"\x11") == 0  # ctrl+q
            after = " ".join(line.strip() for line in run.lines)
        assert "1 finished game not in" in after and "will be saved" in after
    finally:
        holder.release()
    listed = mazegame_cli(data, "records", "--json")  # waiting in the journal: listed
    assert [(r["id"], r["won"]) for r in json.loads(listed.stdout)] == [(None, True)]
    Store(data / "mazegame.sqlite3").close()  # the next launch saves it
    for _ in range(2):  # once, however often the game starts
        listed = mazegame_cli(data, "records", "--json")
        assert [(r["id"], r["won"], r["moves"]) for r in json.loads(listed.stdout)] == \
            [(1, True, len(keys))]


@pytest.mark.skipif(NO_PTY is not None, reason=NO_PTY or "")
@pytest.mark.parametrize(("key", "status"), [(b"\x03", 130), ("SIGINT", 130), (b"\x11", 0)])
def test_ctrl_c_leaves_the_app_with_status_130_and_ctrl_q_with_0(tmp_path, key, status):
    """ctrl+c is a key to the app (the terminal is raw); SIGINT may come from outside."""
    pytest.importorskip("pyte")
    env = child_env(str(tmp_path / "numba"), str(tmp_path / "data"))
    with Launch([], env, 100, 30) as run:
        assert run.wait_for(lambda lines: any("Records" in line for line in lines), 120)
        if key == "SIGINT":
            os.kill(run.proc.pid, signal.SIGINT)
            key = b""
        assert ended(run, key) == status
        said = "\n".join(run.lines)
    assert ("mazegame: interrupted" in said) == (status == 130)
    assert "press" not in said.lower() or "ctrl+q" not in said  # not Textual's hint
