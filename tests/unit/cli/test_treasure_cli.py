"""`mazegame treasure MAZE [--json]`: the best walk to a treasure in an unknown cell, beside
depth-first and nearest-first; bad input is one line and status 2."""

from __future__ import annotations

import io
import json
import sys

import pytest

from mazegame.cli import main
from mazegame.cli import treasure as treasure_cli
from mazegame.engine.generate import generate
from mazegame.engine.mazefile import read_maze, to_json, to_text
from mazegame.engine.oneway import add_one_way_doors
from mazegame.engine.treasure import best_walk


def run(capsys, argv):
    """main(argv): (status, stdout, stderr)."""
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def moves_one_at_a_time(maze, cells) -> bool:
    """Each cell of the walk is one move (`maze.step`) from the one before."""
    return all(b in {maze.step(a, d) for d in range(4)}
               for a, b in zip(cells, cells[1:], strict=False))


def first_entries(maze, walk):
    first = {}
    for step, (r, c) in enumerate(walk):
        first.setdefault(maze.index(r, c), step)
    return first


def test_json_gives_an_exact_walk_and_the_other_orders(tmp_path, capsys):
    maze = generate("kruskal", 4, 4, 5, braid=0.3).maze
    path = tmp_path / "maze.json"
    path.write_text(to_json(maze))
    status, out, err = run(capsys, ["treasure", str(path), "--json"])
    assert status == 0 and err == ""
    doc = json.loads(out)
    assert doc["exact"] is True and doc["cells"] == 16
    cells = [maze.index(r, c) for r, c in doc["walk"]]
    assert cells[0] == maze.start
    assert moves_one_at_a_time(maze, cells)
    first = first_entries(maze, doc["walk"])
    assert len(first) == 16 and doc["total"] == sum(first.values())
    assert doc["expected"] == pytest.approx(doc["total"] / 16)
    assert [row["order"] for row in doc["compared"]] == ["depth-first", "nearest"]
    assert all(row["total"] >= doc["total"] for row in doc["compared"])


def test_text_shows_the_table_and_the_numbered_cells(capsys, monkeypatch):
    maze = generate("backtracker", 3, 2, 1).maze
    monkeypatch.setattr(sys, "stdin", io.StringIO(to_text(maze)))
    status, out, _ = run(capsys, ["treasure", "-"])
    assert status == 0
    lines = out.splitlines()
    table = {line.split()[0]: line.split()[1:] for line in lines
             if line.split()[:1] in (["best"], ["depth-first"], ["nearest"])}
    assert set(table) == {"best", "depth-first", "nearest"}
    assert "exact" in out
    # the picture: rooms hold the steps the walk first enters each cell, read row by row
    picture = out[out.index("┌"):]
    numbers = sorted(int(word) for line in picture.splitlines()
                     for word in line.replace("│", " ").split() if word.isdigit())
    assert numbers[0] == 0 and len(numbers) == 6
    assert sum(numbers) == int(table["best"][1])  # the total is the sum of first entries


def test_a_big_maze_gets_the_heuristic_with_a_note_and_a_listed_walk(tmp_path, capsys):
    path = tmp_path / "big.json"
    path.write_text(to_json(generate("backtracker", 45, 20, 2, braid=0.5).maze))
    status, out, _ = run(capsys, ["treasure", str(path)])
    assert status == 0
    assert "heuristic" in out and "The best walk (row,column):" in out
    doc = json.loads(run(capsys, ["treasure", str(path), "--json"])[1])
    assert doc["exact"] is False and doc["cells"] == 900
    assert all(row["total"] >= doc["total"] for row in doc["compared"])


def trapped_maze():
    """A maze whose one-way doors let no walk from its start enter every cell."""
    for seed in range(1, 200):
        maze = add_one_way_doors(generate("kruskal", 3, 3, seed, braid=0.5).maze, 0.5,
                                 seed, traps=True)
        maze = maze.copy(start=4)
        try:
            best_walk(maze)
        except ValueError:
            return maze
    raise AssertionError("no trapped maze found")


@pytest.mark.parametrize("case", ["garbage", "trapped", "too big", "missing"])
def test_bad_input_is_one_line_and_status_2(case, tmp_path, capsys, monkeypatch):
    path = tmp_path / "maze.txt"
    if case == "garbage":
        path.write_text("this is not a maze\n")
    elif case == "trapped":
        path.write_text(to_json(trapped_maze()))
    elif case == "too big":
        monkeypatch.setattr(treasure_cli, "MAX_CELLS", 20)
        path.write_text(to_json(generate("kruskal", 5, 5, 1).maze))
    status, out, err = run(capsys, ["treasure", str(path)])
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("mazegame: error:")
    if case == "trapped":
        assert "trap" in err
    if case == "too big":
        assert "at most 20 cells" in err


def test_the_json_walk_reads_back_on_the_same_maze(tmp_path, capsys):
    text = to_text(generate("prim", 5, 3, 4, wrap_x=True).maze)
    path = tmp_path / "wrapped.txt"
    path.write_text(text)
    maze = read_maze(text)
    doc = json.loads(run(capsys, ["treasure", str(path), "--json"])[1])
    cells = [maze.index(r, c) for r, c in doc["walk"]]
    assert moves_one_at_a_time(maze, cells)
    assert len(set(cells)) == 15
