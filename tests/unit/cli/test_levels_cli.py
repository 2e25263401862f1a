"""`mazegame levels list|check|export`: the JSON keys of the issue, exit codes, exact exports."""

from __future__ import annotations

import json
import shutil

import numpy as np
import pytest

from mazegame.cli import main
from mazegame.engine.levelfile import load_levels
from mazegame.engine.mazefile import from_document, from_text
from mazegame.locations import asset

LEVELS = load_levels(asset("levels"))
KEYS = {"id", "chapter", "title", "view", "wrap", "one_way_doors", "par", "budget", "demon"}


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_list_json_has_the_issues_keys(capsys):
    status, out, err = run(capsys, "levels", "list", "--json")
    rows = json.loads(out)
    assert status == 0 and err == ""
    assert [row["id"] for row in rows] == [lv.id for lv in LEVELS]
    for row, level in zip(rows, LEVELS, strict=True):
        assert set(row) == KEYS
        assert row["wrap"] == [level.maze.wrap_x, level.maze.wrap_y]
        assert (row["par"], row["budget"], row["one_way_doors"]) == (
            level.par, level.budget, level.one_way_doors)
    by_id = {row["id"]: row for row in rows}
    assert by_id["fig23-wrapped"]["wrap"] == [True, True]
    assert by_id["one-way-1"]["one_way_doors"] > 0


def test_list_as_text(capsys):
    status, out, _ = run(capsys, "levels", "list")
    assert status == 0 and len(out.splitlines()) == len(LEVELS)
    assert "fig23-wrapped" in out and "wrap xy" in out


def test_check_the_shipped_levels(capsys):
    status, out, err = run(capsys, "levels", "check")
    assert status == 0 and out.startswith("ok:") and err == ""


def test_check_a_folder_prints_every_bad_file(capsys, tmp_path):
    for level in LEVELS[:2]:
        shutil.copy(asset("levels", f"{level.id}.toml"), tmp_path)
    good = tmp_path / f"{LEVELS[0].id}.toml"
    (tmp_path / "bad-one.toml").write_text(good.read_text(encoding="utf-8").replace(
        f'id = "{LEVELS[0].id}"', 'id = "bad-one"').replace("order = 1", "order = 0"),
        encoding="utf-8")
    (tmp_path / "bad-two.toml").write_text('id = "bad-two"\ncolour = 1\n', encoding="utf-8")
    status, out, err = run(capsys, "levels", "check", str(tmp_path))
    assert status == 2
    assert out.splitlines() == [
        f"{tmp_path / 'bad-one.toml'}:3: order must be a whole number >= 1, not 0",
        f"{tmp_path / 'bad-two.toml'}:2: unknown key 'colour'; known: id, chapter, order, "
        "title, flavour, view, wrap, start, goals, exits, budget, par, traps, hints, aids, maze, "
            "demon",
    ]
    assert err.startswith("mazegame: error: errors in 2 of 4 level files") and err.count("\n") == 1


def test_check_one_file_and_standard_input(capsys, tmp_path, monkeypatch):
    path = asset("levels", "fig23-bounded.toml")
    assert run(capsys, "levels", "check", str(path))[0] == 0
    assert run(capsys, "levels", "check", str(asset("levels", "chapters.toml")))[0] == 0
    bad = tmp_path / "fig23-bounded.toml"
    bad.write_text(path.read_text(encoding="utf-8").replace("[maze]", "par = 2\n[maze]"),
                   encoding="utf-8")
    status, out, err = run(capsys, "levels", "check", str(bad))
    assert status == 2 and out == f"{bad}:10: par 2 is below the shortest path (15 moves)\n"
    assert err == f"mazegame: error: {bad} is not a valid level file\n"
    import io
    import sys

    data = b'id = 3\nchapter = 1\norder = 1\ntitle = "t"\n[maze]\n'
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    status, out, _ = run(capsys, "levels", "check", "-")
    assert status == 2 and out.startswith("<stdin>:1: id must be a string")


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.id)
def test_export_round_trips_the_maze_as_played(capsys, level):
    status, out, _ = run(capsys, "levels", "export", level.id, "--format", "json")
    maze = from_document(json.loads(out))
    status_text, text, _ = run(capsys, "levels", "export", level.id, "--format", "text")
    drawn = from_text(text)
    assert status == status_text == 0
    for got in (maze, drawn):
        assert np.array_equal(got.walls, level.maze.walls)
        assert (got.start, got.goals, got.wrap_x, got.wrap_y) == (
            level.maze.start, level.maze.goals, level.maze.wrap_x, level.maze.wrap_y)
    doc = json.loads(out)
    for cell, side in level.exits:  # an exit is the border cell it leaves from, open that side
        assert list(level.maze.rc(cell)) in doc["goals"]
        assert not doc["walls"][cell // doc["width"]][cell % doc["width"]] & (
            1 << ("north", "east", "south", "west").index(side))


def test_export_an_unknown_level(capsys):
    status, _, err = run(capsys, "levels", "export", "no-such-level")
    assert status == 2 and "no level 'no-such-level'; levels: first-steps" in err
