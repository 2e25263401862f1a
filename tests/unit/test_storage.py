"""Saved results: best runs, and an unreadable file set aside rather than lost."""

from mazegame.storage import Store


def test_best_run_per_maze(tmp_path):
    store = Store(tmp_path / "s.sqlite3")
    store.record("classic", "wilson:9x6:7", won=True, moves=30, optimum=20, seconds=12.5)
    store.record("classic", "wilson:9x6:7", won=True, moves=22, optimum=20, seconds=15.0)
    store.record("classic", "wilson:9x6:7", won=False, moves=5, optimum=20, seconds=1.0)
    best = store.best("classic", "wilson:9x6:7")
    assert (best.moves, best.seconds, best.wins) == (22, 12.5, 2)
    assert store.best("classic", "other") is None
    store.close()
    assert Store(tmp_path / "s.sqlite3").best("classic", "wilson:9x6:7").wins == 2  # persisted


def test_unreadable_file_is_set_aside(tmp_path):
    path = tmp_path / "s.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    store = Store(path)
    assert "could not be read" in store.notice
    kept = list(tmp_path.glob("s.sqlite3.unreadable-*"))
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is not")
    store.record("blind", "k", won=True, moves=1, optimum=1, seconds=1.0)
    assert store.best("blind", "k").moves == 1


def test_pack_progress(tmp_path):
    store = Store(tmp_path / "s.sqlite3")
    store.record("jump", "rook#3", won=True, moves=9, optimum=7, seconds=3.0)
    store.record("jump", "rook#3", won=True, moves=7, optimum=7, seconds=3.0)
    store.record("jump", "queen#1", won=True, moves=4, optimum=4, seconds=3.0)
    assert store.solved("jump", "rook#") == {"rook#3": 7}
