"""The host's board of the day: kept in a small file, today's only, best first, capped."""

from __future__ import annotations

import datetime as dt

from mazegame.server import board as board_module
from mazegame.server.board import Board, Row


def test_rows_are_kept_best_first_and_read_back(tmp_path):
    path = tmp_path / "host-daily.json"
    day = dt.date(2026, 11, 27)
    first = Board(path, today=lambda: day)
    first.add("bob", "race", 140, 90.0)
    first.add("ann", "race", 131, 80.0)
    again = Board(path, today=lambda: day)
    assert again.rows == [Row("ann", "race", 131, 80.0), Row("bob", "race", 140, 90.0)]


def test_a_new_day_starts_a_new_board_and_junk_is_ignored(tmp_path):
    path = tmp_path / "host-daily.json"
    days = [dt.date(2026, 11, 27)]
    board = Board(path, today=lambda: days[0])
    board.add("ann", "race", 131, 80.0)
    days[0] = dt.date(2026, 11, 28)
    assert Board(path, today=lambda: days[0]).rows == []  # yesterday's file: not today's
    board.add("bob", "chase", 50, 20.0)
    assert board.rows == [Row("bob", "chase", 50, 20.0)]
    path.write_text("{not json", encoding="utf-8")
    assert Board(path, today=lambda: days[0]).rows == []


def test_the_board_stays_small(tmp_path, monkeypatch):
    monkeypatch.setattr(board_module, "MOST_ROWS", 3)
    board = Board(tmp_path / "b.json", today=lambda: dt.date(2026, 11, 27))
    for moves in (9, 5, 7, 6, 8):
        board.add("x", "race", moves, 1.0)
    assert [r.moves for r in board.rows] == [5, 6, 7]
