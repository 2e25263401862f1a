"""Results finished while another program holds the results file wait in a journal beside it
and go into the file at the next save or launch: none lost, none saved twice, whatever
crashes in between."""

import json
import sqlite3
import threading

import pytest

from mazegame.storage import Store
from mazegame.storage_journal import Journal, journal_path

ROW = ("classic", "wilson:9x6:7:", 1, 30, 22, 12.5, 1_700_000_000.25, '{"format": 1}',
       "2026-11-27")


def rows_in(path):
    """Every result in a file as (mode, maze, won, moves), read directly with sqlite3."""
    with sqlite3.connect(path) as db:
        found = db.execute("SELECT mode, maze, won, moves FROM results ORDER BY id").fetchall()
    db.close()
    return found


def held(path):
    """Another program holding the file, as `BEGIN EXCLUSIVE` in the sqlite3 shell does."""
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN EXCLUSIVE")
    return other


def finish(store, n, won=True):
    """Record n finished games on mazes m0, m1, ...; what each save returned."""
    return [store.record("classic", f"m{i}", won=won, moves=10 + i, optimum=10, seconds=2.0)
            for i in range(n)]


def test_results_saved_while_the_file_is_held_are_in_it_after_the_next_launch(tmp_path):
    path = tmp_path / "s.sqlite3"
    Store(path).close()
    other = held(path)
    store = Store(path, wait=0.1)
    assert finish(store, 3) == [False] * 3  # dropped before: kept in the journal now
    assert "busy" in store.notice and journal_path(path).name in store.notice
    assert store.best("classic", "m2").moves == 12  # counted meanwhile
    store.close()
    assert "3 finished games" in store.closing_note and str(journal_path(path)) in \
        store.closing_note
    assert len(Journal(journal_path(path)).read()) == 3
    other.execute("ROLLBACK")
    other.close()
    launch = Store(path)  # the next launch writes them in...
    assert launch.notices == [f"3 waiting results saved to {path}."]
    launch.close()
    assert rows_in(path) == [("classic", f"m{i}", 1, 10 + i) for i in range(3)]
    assert not journal_path(path).exists()  # ...and only then forgets them
    Store(path).close()  # once: a later launch finds nothing to add
    assert len(rows_in(path)) == 3


def test_they_go_in_with_the_next_save_once_the_file_is_free(tmp_path):
    path = tmp_path / "s.sqlite3"
    store = Store(path, wait=0.1)
    other = held(path)
    assert finish(store, 2) == [False, False]
    other.execute("ROLLBACK")
    other.close()
    assert store.record("classic", "later", won=False, moves=1, optimum=5, seconds=1.0)
    assert "3 waiting results saved" in store.notice
    assert store.pending == [] and not journal_path(path).exists()
    store.close()
    assert store.closing_note == ""
    assert [maze for _, maze, _, _ in rows_in(path)] == ["later", "m0", "m1"]


def test_a_crash_after_the_commit_saves_nothing_twice(tmp_path):
    """The rows of the journal are in the file, but the journal was not removed yet."""
    path = tmp_path / "s.sqlite3"
    Store(path).close()
    journal = Journal(journal_path(path))
    journal.append([ROW])
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO results (mode, maze, won, moves, optimum, seconds, played_at,"
                   " replay, daily) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", ROW)
    db.close()
    journal.append([(*ROW[:3], 99, *ROW[4:])])  # and one more that is not in the file yet
    Store(path).close()
    assert rows_in(path) == [("classic", ROW[1], 1, 30), ("classic", ROW[1], 1, 99)]
    assert not journal.exists()


def test_a_torn_line_loses_itself_only(tmp_path):
    journal = Journal(tmp_path / "j.jsonl")
    journal.append([ROW, (*ROW[:3], 31, *ROW[4:])])
    with open(journal.path, "ab") as file:  # a crash mid-append
        file.write(b'{"v": 1, "mode": "classic", "maze": "wil')
    assert [row[3] for row in journal.read()] == [30, 31]
    journal.append([(*ROW[:3], 32, *ROW[4:])])  # the next append starts a line of its own
    assert [row[3] for row in journal.read()] == [30, 31, 32]
    assert journal.read()[0] == ROW  # every field, exactly
    other = Journal(tmp_path / "torn-at-once.jsonl")
    other.path.write_bytes(b"{")  # torn after its first byte
    other.append([ROW])
    assert other.read() == [ROW]


@pytest.mark.parametrize("line", [b"[]", b'{"v": 1, "mode": 3}', b'{"v": 1}', b"\xff\xfe",
                                  b'{"v": 1, "mode": "m", "maze": "k", "won": true, "moves": 1,'
                                  b' "optimum": 1, "seconds": 1e999, "played_at": 0}'])
def test_a_damaged_line_is_skipped(tmp_path, line):
    journal = Journal(tmp_path / "j.jsonl")
    journal.append([ROW])
    with open(journal.path, "ab") as file:
        file.write(line + b"\n")
    journal.append([ROW])
    assert journal.read() == [ROW, ROW]


def test_lines_of_another_version_are_kept_when_the_rest_are_taken(tmp_path):
    path = tmp_path / "s.sqlite3"
    Store(path).close()
    journal = Journal(journal_path(path))
    foreign = json.dumps({"v": 2, "whatever": "a newer mazegame wrote"}).encode() + b"\n"
    journal.path.write_bytes(foreign)
    journal.append([ROW])
    Store(path).close()
    assert len(rows_in(path)) == 1
    assert journal.path.read_bytes() == foreign


def test_appends_while_another_game_takes_lose_nothing(tmp_path):
    """Two games at once: one appends while the other takes (flock keeps them apart)."""
    journal = Journal(tmp_path / "j.jsonl")
    taken = []
    n = 300

    def append():
        for i in range(n):
            journal.append([(*ROW[:3], i, *ROW[4:])])

    writer = threading.Thread(target=append)
    writer.start()
    while writer.is_alive():
        with journal.taking() as rows:
            taken += rows
    writer.join()
    taken += journal.read()
    assert sorted(row[3] for row in taken) == list(range(n))


def test_a_journal_that_cannot_be_written_keeps_results_in_memory_and_says_so(tmp_path):
    path = tmp_path / "s.sqlite3"
    Store(path).close()
    journal_path(path).mkdir()  # a folder where the journal should go: it cannot be opened
    other = held(path)
    store = Store(path, wait=0.1)
    assert finish(store, 1) == [False]
    assert store.best("classic", "m0").wins == 1
    assert "kept in memory" in store.notice
    store.close()
    assert "1 finished game not saved" in store.closing_note
    other.execute("ROLLBACK")
    other.close()


def test_clearing_every_result_clears_the_journal_too(tmp_path):
    path = tmp_path / "s.sqlite3"
    Journal(journal_path(path)).append([ROW])
    store = Store(path)  # writes the journal's row in at launch
    assert [s.moves for s in store.results()] == [30]
    other_game = Journal(journal_path(path))
    other_game.append([ROW])  # another game's result, waiting
    assert store.delete(None)
    assert store.results() == [] and not other_game.exists()
    store.close()
    assert rows_in(path) == []


def test_a_read_only_store_shows_the_journal_and_changes_nothing(tmp_path):
    path = tmp_path / "s.sqlite3"
    Store(path).close()
    Journal(journal_path(path)).append([ROW])
    before = path.read_bytes(), journal_path(path).read_bytes()
    reader = Store(path, read_only=True)
    [waiting] = reader.results()
    assert (waiting.id, waiting.moves, waiting.replay) == (None, 30, ROW[7])
    reader.close()
    assert (path.read_bytes(), journal_path(path).read_bytes()) == before
    assert reader.closing_note == "" and reader.unreadable is None
