"""Saved results: best runs, and nothing lost when the file is busy, read-only, newer or damaged."""

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import threading
from functools import cache
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import mazegame
from mazegame.results_db import SCHEMA_VERSION
from mazegame.storage import Store

PACKAGE_ROOT = str(Path(mazegame.__file__).resolve().parent.parent)
LONG = "x" * 300  # long maze keys make a many-page file quickly
GARBAGE = bytes(range(256))


def rows_in(path):
    """How many results a file holds, read directly with sqlite3."""
    with sqlite3.connect(path) as db:
        return db.execute("SELECT COUNT(*) FROM results").fetchone()[0]


def filled(path, n=2000):
    """A real multi-page results file: n results over 50 mazes."""
    Store(path).close()  # the store makes the tables; one transaction fills them
    with sqlite3.connect(path) as db:
        db.executemany(
            "INSERT INTO results (mode, maze, won, moves, optimum, seconds, played_at)"
            " VALUES ('classic', ?, 1, ?, 10, ?, 0)",
            [(f"m{i % 50}:{LONG}", 10 + i % 7, float(i % 11 + 1)) for i in range(n)])
    db.close()
    return path


def damage_middle_pages(path, pages=3):
    """Overwrite a few pages in the middle of the file with garbage, as a bad disk would."""
    with sqlite3.connect(path) as db:
        size = db.execute("PRAGMA page_size").fetchone()[0]
    count = path.stat().st_size // size
    assert count > 50, "the file should span many pages"
    with open(path, "r+b") as f:
        f.seek((count // 2) * size)
        f.write(GARBAGE * (size * pages // len(GARBAGE)))
        f.seek(24)  # bump the change counter, so open connections drop their cached pages
        counter = int.from_bytes(f.read(4), "big")
        f.seek(24)
        f.write((counter + 1).to_bytes(4, "big"))


def set_aside(folder):
    return sorted(folder.glob("*.corrupt-*"))


def test_best_run_per_maze(tmp_path):
    store = Store(tmp_path / "s.sqlite3")
    store.record("classic", "wilson:9x6:7", won=True, moves=30, optimum=20, seconds=12.5)
    store.record("classic", "wilson:9x6:7", won=True, moves=22, optimum=20, seconds=15.0)
    store.record("classic", "wilson:9x6:7", won=False, moves=5, optimum=20, seconds=1.0)
    best = store.best("classic", "wilson:9x6:7")
    assert (best.moves, best.seconds, best.wins) == (22, 12.5, 2)
    assert store.best("classic", "other") is None
    assert store.notices == []
    store.close()
    assert Store(tmp_path / "s.sqlite3").best("classic", "wilson:9x6:7").wins == 2  # persisted


def test_pack_progress(tmp_path):
    store = Store(tmp_path / "s.sqlite3")
    store.record("jump", "rook#3", won=True, moves=9, optimum=7, seconds=3.0)
    store.record("jump", "rook#3", won=True, moves=7, optimum=7, seconds=3.0)
    store.record("jump", "queen#1", won=True, moves=4, optimum=4, seconds=3.0)
    store.record("jump", "my_pack#1", won=True, moves=4, optimum=4, seconds=3.0)
    assert store.solved("jump", "rook#") == {"rook#3": 7}
    assert store.solved("jump", "my%pack#") == {}  # the prefix is literal, not a LIKE pattern


def test_wins_list_every_won_game_with_its_time(tmp_path):
    store = Store(tmp_path / "s.sqlite3")
    store.record("jump", "rook#3", won=True, moves=9, optimum=7, seconds=3.0, played_at=100.0)
    store.record("jump", "rook#4", won=False, moves=2, optimum=7, seconds=1.0)
    store.record("jump", "queen#1", won=True, moves=4, optimum=4, seconds=2.0)
    store._waiting.append(("jump", "rook#5", 1, 6, 6, 1.5, 200.0, None, None))  # busy file
    assert sorted(store.wins("jump", "rook#")) == [("rook#3", 9, 7, 3.0, 100.0),
                                                  ("rook#5", 6, 6, 1.5, 200.0)]


def test_a_file_that_is_not_a_database_is_set_aside(tmp_path):
    path = tmp_path / "s.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    heard = []
    store = Store(path, on_notice=heard.append)
    assert heard == store.notices and len(heard) == 1
    assert "damaged" in store.notice and str(path) in store.notice
    kept = set_aside(tmp_path)
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is not")
    assert kept[0].name in store.notice
    assert store.record("blind", "k", won=True, moves=1, optimum=1, seconds=1.0)
    assert store.best("blind", "k").moves == 1


def test_a_corrupt_page_is_found_at_open_and_the_file_set_aside(tmp_path):
    path = filled(tmp_path / "s.sqlite3")
    damage_middle_pages(path)
    damaged = path.read_bytes()
    store = Store(path)  # opens without an exception...
    assert "damaged" in store.notice and str(path) in store.notice  # ...and says so
    assert store.best("classic", f"m3:{LONG}") is None
    assert store.record("classic", f"m3:{LONG}", won=True, moves=9, optimum=9, seconds=2.0)
    assert store.best("classic", f"m3:{LONG}").moves == 9
    assert store.solved("classic", "m") == {f"m3:{LONG}": 9}
    store.close()
    [kept] = set_aside(tmp_path)
    assert kept.read_bytes() == damaged  # the old history is kept as it was
    assert rows_in(path) == 1


def test_a_corrupt_page_met_after_opening_never_raises(tmp_path):
    """The crash of issue 12: the file opened fine, then the best-score lookup hit a bad page."""
    path = filled(tmp_path / "s.sqlite3")
    store = Store(path)
    assert store.notice == ""
    damage_middle_pages(path)
    store.best("classic", f"m3:{LONG}")
    store.record("classic", f"m3:{LONG}", won=True, moves=9, optimum=9, seconds=2.0)
    assert store.solved("classic", "m") == {f"m3:{LONG}": 9}
    assert store.best("classic", f"m3:{LONG}").moves == 9
    assert any("damaged" in text and str(path) in text for text in store.notices)
    store.close()
    [kept] = set_aside(tmp_path)
    assert GARBAGE in kept.read_bytes()  # the damaged file, kept
    assert rows_in(path) == 1  # this game's result went into the fresh file


def test_a_lock_held_by_another_game_is_waited_for_then_results_queue(tmp_path):
    path = filled(tmp_path / "s.sqlite3", n=20)
    other = sqlite3.connect(path, isolation_level=None)  # another game, stuck mid-transaction
    other.execute("BEGIN EXCLUSIVE")
    store = Store(path, wait=0.2)
    assert "busy" in store.notice and str(path) in store.notice
    assert store.record("classic", "new", won=True, moves=3, optimum=3, seconds=1.0) is False
    assert store.best("classic", "new").moves == 3  # known in memory meanwhile
    assert "1 result kept" in store.notice
    other.execute(INSERT_OTHER)  # the other game's own save goes through
    other.execute("COMMIT")
    other.close()
    assert store.record("classic", "new", won=False, moves=1, optimum=3, seconds=1.0)
    assert "2 waiting results saved" in store.notice
    store.close()
    assert set_aside(tmp_path) == []
    assert rows_in(path) == 20 + 1 + 2  # the history, the other game's and both of ours


INSERT_OTHER = ("INSERT INTO results (mode, maze, won, moves, optimum, seconds, played_at)"
                " VALUES ('classic', 'other', 1, 5, 5, 1.0, 0)")


def test_a_lock_released_within_the_wait_costs_nothing(tmp_path):
    path = filled(tmp_path / "s.sqlite3", n=20)
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN EXCLUSIVE")
    release = threading.Timer(0.3, lambda: (other.execute("COMMIT"), other.close()))
    release.start()
    store = Store(path, wait=30.0)
    assert store.record("classic", "new", won=True, moves=3, optimum=3, seconds=1.0)
    release.join()
    assert store.notices == [] and rows_in(path) == 21


def test_a_lock_taken_during_play_is_said_when_a_result_waits(tmp_path):
    path = filled(tmp_path / "s.sqlite3", n=20)
    store = Store(path, wait=0.2)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    for _ in range(5):  # e.g. a status line that shows the best on every move
        assert store.best("classic", "m1:" + LONG) is None
    assert store.notices == []  # lookups do not nag...
    assert store.record("classic", "new", won=True, moves=3, optimum=3, seconds=1.0) is False
    [notice] = store.notices  # ...a result that has to wait is said
    assert "busy" in notice and "1 result kept" in notice and str(path) in notice
    other.execute("COMMIT")
    other.close()
    assert store.best("classic", "m1:" + LONG).wins == 1  # the history is back
    assert store.record("classic", "new", won=True, moves=3, optimum=3, seconds=1.0)
    assert "2 waiting results saved" in store.notice
    assert set_aside(tmp_path) == [] and rows_in(path) == 22


CRASH_MID_SAVE = """
import os, sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA cache_size = 1")  # spill changed pages into the file before the commit
db.execute("BEGIN IMMEDIATE")
db.execute("UPDATE results SET moves = moves + 1000")
os._exit(0)  # killed mid-save: the journal is left behind, "hot"
"""


def test_a_game_killed_mid_save_is_rolled_back_not_called_read_only(tmp_path):
    path = filled(tmp_path / "s.sqlite3", n=3000)
    subprocess.run([sys.executable, "-c", CRASH_MID_SAVE, str(path)], check=True)
    assert (tmp_path / "s.sqlite3-journal").exists()
    store = Store(path)
    assert store.notices == []
    assert store.record("classic", "new", won=True, moves=3, optimum=3, seconds=1.0)
    assert store.best("classic", "m1:" + LONG).moves < 1000  # the half-done save undone
    store.close()
    assert rows_in(path) == 3001 and set_aside(tmp_path) == []


def test_a_file_from_a_newer_version_is_left_untouched(tmp_path):
    path = filled(tmp_path / "s.sqlite3", n=20)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = path.read_bytes()
    store = Store(path)
    assert "newer" in store.notice and "not being saved" in store.notice
    assert str(path) in store.notice
    assert store.record("classic", "new", won=True, moves=3, optimum=3, seconds=1.0) is False
    assert store.best("classic", "new").moves == 3  # this session's results, in the journal
    store.close()
    assert path.read_bytes() == before
    # no SQLite journal, nothing aside; the result waits in our own journal
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.sqlite3", "s.sqlite3.unsaved.jsonl"]
    assert "kept in" in store.closing_note and "unsaved.jsonl" in store.closing_note


def test_a_newer_version_upgrading_the_file_mid_session_is_respected(tmp_path):
    path = filled(tmp_path / "s.sqlite3", n=20)
    store = Store(path)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    assert store.record("classic", "new", won=True, moves=3, optimum=3, seconds=1.0) is False
    assert "newer" in store.notice and "not being saved" in store.notice
    store.close()
    assert rows_in(path) == 20


PROBE = """
import ctypes, json, os, sys
if os.geteuid() == 0:  # root writes anything: drop CAP_DAC_OVERRIDE, as a player has none
    libc = ctypes.CDLL(None, use_errno=True)
    header, caps = (ctypes.c_uint32 * 2)(0x20080522, 0), (ctypes.c_uint32 * 6)()
    assert libc.capget(header, caps) == 0
    caps[0] &= ~2  # effective
    caps[1] &= ~2  # permitted
    assert libc.capset(header, caps) == 0, os.strerror(ctypes.get_errno())
from mazegame.storage import Store
store = Store(sys.argv[1])
out = {"best": store.best("classic", "m1") and store.best("classic", "m1").wins}
out["saved"] = store.record("classic", "m1", won=True, moves=3, optimum=3, seconds=1.0)
out["best_after"] = store.best("classic", "m1") and store.best("classic", "m1").wins
store.close()
out["notices"] = store.notices
print(json.dumps(out))
"""


@pytest.fixture
def writable_again(tmp_path):
    """A folder whose read-only parts are made writable again for the clean-up."""
    yield tmp_path
    for path in [tmp_path, *tmp_path.rglob("*")]:
        os.chmod(path, 0o777)


def probe(path):
    """Open the store in a process that may not write what the test made read-only."""
    env = {**os.environ, "PYTHONPATH": PACKAGE_ROOT, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-c", PROBE, str(path)], capture_output=True,
                          text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("read_only", ["file", "folder"])
def test_read_only_results_are_read_and_the_game_plays_on(writable_again, read_only):
    data = writable_again / "data"
    path = data / "s.sqlite3"
    data.mkdir()
    store = Store(path)
    store.record("classic", "m1", won=True, moves=5, optimum=3, seconds=1.0)
    store.close()
    os.chmod(path, 0o444 if read_only == "file" else 0o666)
    os.chmod(data, 0o777 if read_only == "file" else 0o555)
    before = path.read_bytes()
    out = probe(path)
    assert out["best"] == 1  # the history is still shown
    assert out["saved"] is False and out["best_after"] == 2  # this game counts, kept aside
    notice = out["notices"][0]  # said at open (close adds what stayed unsaved)
    assert "not being saved" in notice and "read-only" in notice
    assert str(path if read_only == "file" else data) in notice
    assert path.read_bytes() == before
    # a read-only file: the result waits in the journal beside it; a read-only folder: in
    # memory, and the note at close says it could not be kept
    journal = ["s.sqlite3.unsaved.jsonl"] if read_only == "file" else []
    assert sorted(p.name for p in data.iterdir()) == ["s.sqlite3", *journal]
    assert ("kept in" if journal else "nor kept in") in out["notices"][-1]


def test_a_read_only_folder_without_a_file_plays_on(writable_again):
    data = writable_again / "data"
    data.mkdir(mode=0o555)
    os.chmod(data, 0o555)
    out = probe(data / "s.sqlite3")
    assert out["best"] is None and out["saved"] is False and out["best_after"] == 1
    assert "not being saved" in out["notices"][0] and str(data) in out["notices"][0]
    assert list(data.iterdir()) == []


WRITER = """
import json, sys, time
from pathlib import Path
from mazegame.storage import Store
path, name, n = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
while not (path.parent / "go").exists():
    time.sleep(0.01)
store = Store(path, wait=60)  # a tight loop of saves can hold the lock for the other's whole run
for i in range(n):
    store.record("classic", f"{name}:{i % 5}", won=i % 2 == 0, moves=i, optimum=1, seconds=1.0)
    time.sleep(0.002)  # a breath between saves, so the other game gets the lock in between
store.close()
print(json.dumps({"pending": len(getattr(store, "pending", [])), "notice": store.notice}))
"""


def test_two_games_saving_at_once_keep_every_result(tmp_path):
    path = tmp_path / "data" / "s.sqlite3"  # neither game finds a file: both create it
    path.parent.mkdir()
    env = {**os.environ, "PYTHONPATH": PACKAGE_ROOT}
    n = 150
    games = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), name, str(n)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
             for name in ("a", "b")]
    (path.parent / "go").touch()
    for game in games:
        out, err = game.communicate(timeout=120)
        assert game.returncode == 0, err
        assert json.loads(out) == {"pending": 0, "notice": ""}
    assert rows_in(path) == 2 * n
    with sqlite3.connect(path) as db:
        per_game = dict(db.execute("SELECT substr(maze, 1, 1), COUNT(*) FROM results GROUP BY 1"))
    assert per_game == {"a": n, "b": n}
    assert set_aside(path.parent) == []


@cache
def healthy_file() -> bytes:
    """The bytes of a small multi-page results file, made once."""
    with tempfile.TemporaryDirectory() as folder:
        return filled(Path(folder) / "s.sqlite3", n=400).read_bytes()


@given(when=st.sampled_from(["before open", "after open"]),
       offset=st.integers(0, len(healthy_file()) - 1),
       garbage=st.binary(min_size=1, max_size=4096))
@example(when="before open", offset=3646, garbage=b"\x80")  # a UnicodeDecodeError, not sqlite3's
@example(when="after open", offset=3646, garbage=b"\x80")
@example(when="after open", offset=43, garbage=b"\x00\x00\x00\x00\x05")  # unsupported format
def test_garbage_anywhere_in_the_file_never_raises(when, offset, garbage):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.sqlite3"
        path.write_bytes(healthy_file())

        def damage():
            with open(path, "r+b") as f:
                f.seek(offset)
                f.write(garbage)
                f.seek(24)  # as a writer would: open connections drop their cached pages
                counter = int.from_bytes(f.read(4), "big")
                f.seek(24)
                f.write(((counter + 1) % 2**32).to_bytes(4, "big"))

        if when == "before open":
            damage()
        store = Store(path, wait=0.5)
        if when == "after open":
            damage()
        store.best("classic", f"m3:{LONG}")
        store.record("classic", "fuzz", won=True, moves=3, optimum=3, seconds=1.0)
        store.solved("classic", "m")
        assert store.best("classic", "fuzz").moves == 3  # in the file or, if not, in memory
        store.close()
        if not any("not being saved" in text for text in store.notices):
            assert store.pending == []
        again = Store(path, wait=0.5)  # the next start opens whatever is left, quietly or not
        again.best("classic", "fuzz")
        again.close()
