"""Schema v2: a version-1 file is migrated keeping every result; results list, delete, clear."""

import sqlite3

from mazegame.results_db import SCHEMA_VERSION
from mazegame.storage import Store

V1_SCHEMA = """CREATE TABLE results (
    id INTEGER PRIMARY KEY, mode TEXT NOT NULL, maze TEXT NOT NULL, won INTEGER NOT NULL,
    moves INTEGER NOT NULL, optimum INTEGER NOT NULL, seconds REAL NOT NULL,
    played_at REAL NOT NULL);
CREATE INDEX results_by_maze ON results (mode, maze);
PRAGMA user_version = 1;"""


def v1_file(path, n=5):
    """A results file as version 1 wrote it, with n results."""
    with sqlite3.connect(path) as db:
        db.executescript(V1_SCHEMA)
        db.executemany("INSERT INTO results (mode, maze, won, moves, optimum, seconds,"
                       " played_at) VALUES ('classic', ?, 1, ?, 10, 2.5, ?)",
                       [(f"m{i}", 10 + i, 100.0 + i) for i in range(n)])
    db.close()
    return path


def test_a_version_1_file_is_migrated_keeping_every_result(tmp_path):
    path = v1_file(tmp_path / "r.sqlite3")
    store = Store(path)
    assert store.notices == []
    saved = store.results()
    assert [(s.maze, s.moves, s.played_at, s.replay) for s in saved] == \
        [(f"m{i}", 10 + i, 100.0 + i, None) for i in reversed(range(5))]
    assert store.record("chase", "k", won=False, moves=3, optimum=7, seconds=1.0,
                        replay='{"v": 1}')
    store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 6
    db.close()
    again = Store(path)
    assert again.result(6).replay == '{"v": 1}'
    assert again.best("classic", "m3").moves == 13
    again.close()


def test_a_read_only_version_1_file_is_read_without_replays(tmp_path):
    path = v1_file(tmp_path / "r.sqlite3", 2)
    path.chmod(0o444)
    try:
        store = Store(path)
        assert [s.replay for s in store.results()] == [None, None]
        store.close()
    finally:
        path.chmod(0o644)


def test_delete_one_and_clear_all(tmp_path):
    store = Store(tmp_path / "r.sqlite3")
    for i in range(3):
        store.record("classic", f"m{i}", won=True, moves=5, optimum=5, seconds=1.0,
                     played_at=float(i))
    assert [s.id for s in store.results()] == [3, 2, 1]
    assert store.delete([2])
    assert [s.id for s in store.results()] == [3, 1]
    assert store.delete(None)
    assert store.results() == []
    store.close()
