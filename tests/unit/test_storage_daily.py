"""Schema v3: a game of the maze of the day is saved with its day; a version-2 file (the
version before) is migrated keeping every result and replay; journals written before the
daily column still read."""

import json
import sqlite3

from mazegame.results_db import SCHEMA_VERSION
from mazegame.storage import Store
from mazegame.storage_journal import Journal, decode, journal_path

V2_SCHEMA = """CREATE TABLE results (
    id INTEGER PRIMARY KEY, mode TEXT NOT NULL, maze TEXT NOT NULL, won INTEGER NOT NULL,
    moves INTEGER NOT NULL, optimum INTEGER NOT NULL, seconds REAL NOT NULL,
    played_at REAL NOT NULL, replay TEXT);
CREATE INDEX results_by_maze ON results (mode, maze);
PRAGMA user_version = 2;"""


def v2_file(path, n=4):
    """A results file as version 2 wrote it: n results, each with a replay."""
    with sqlite3.connect(path) as db:
        db.executescript(V2_SCHEMA)
        db.executemany("INSERT INTO results (mode, maze, won, moves, optimum, seconds,"
                       " played_at, replay) VALUES ('race', ?, 1, ?, 10, 2.5, ?, ?)",
                       [(f"m{i}", 10 + i, 100.0 + i, f'{{"r": {i}}}') for i in range(n)])
    db.close()
    return path


def test_a_version_2_file_is_migrated_keeping_every_result_and_replay(tmp_path):
    path = v2_file(tmp_path / "r.sqlite3")
    store = Store(path)
    assert store.notices == []
    assert [(s.maze, s.moves, s.played_at, s.replay, s.daily) for s in store.results()] == \
        [(f"m{i}", 10 + i, 100.0 + i, f'{{"r": {i}}}', None) for i in reversed(range(4))]
    assert store.record("classic", "k", won=True, moves=12, optimum=10, seconds=3.0,
                        daily="2026-11-27")
    store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
        assert db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 5
        assert db.execute("SELECT daily FROM results WHERE id = 5").fetchone() == ("2026-11-27",)
    db.close()
    again = Store(path)
    assert [(s.mode, s.moves) for s in again.daily("2026-11-27")] == [("classic", 12)]
    assert again.daily("2026-11-26") == []
    again.close()


def test_a_read_only_version_2_file_is_read_as_it_is(tmp_path):
    path = v2_file(tmp_path / "r.sqlite3", 2)
    path.chmod(0o444)
    try:
        store = Store(path)
        assert [(s.replay, s.daily) for s in store.results()] == \
            [('{"r": 1}', None), ('{"r": 0}', None)]
        assert store.daily("2026-11-27") == []
        store.close()
    finally:
        path.chmod(0o644)


def test_a_daily_result_waiting_in_the_journal_keeps_its_day(tmp_path):
    path = tmp_path / "r.sqlite3"
    journal = Journal(journal_path(path))
    journal.append([("chase", "k", 0, 40, 31, 42.0, 1000.0, None, "2026-11-27")])
    reader = Store(path, read_only=True)
    assert [(s.mode, s.won, s.daily) for s in reader.daily("2026-11-27")] == \
        [("chase", False, "2026-11-27")]
    reader.close()
    Store(path).close()  # taken into the file
    again = Store(path)
    assert [s.daily for s in again.results()] == ["2026-11-27"]
    again.close()


def test_a_journal_line_written_before_the_daily_column_still_reads():
    line = json.dumps({"v": 1, "mode": "classic", "maze": "k", "won": True, "moves": 3,
                       "optimum": 3, "seconds": 1.5, "played_at": 9.0, "replay": None})
    assert decode(line.encode()) == ("classic", "k", 1, 3, 3, 1.5, 9.0, None, None)


def test_a_day_that_is_no_text_is_unreadable(tmp_path):
    path = tmp_path / "r.sqlite3"
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO results (mode, maze, won, moves, optimum, seconds, played_at,"
                   " daily) VALUES ('classic', 'k', 1, 3, 3, 1.0, 5.0, x'00ff')")
    db.close()
    store = Store(path)
    assert "daily is a blob of 2 bytes" in store.results()[0].unreadable
    store.close()
