"""Maze documents on hexagons and triangles (engine.boardfile): the issue's fields, exact
round trips, one-way doors, and every malformed document refused naming its problem. The
oracle of "shares a side" is written here from the issue's neighbour rules, not taken from
engine.tilings."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.boardfile import MAX_COORD, from_document, planar_tilings, to_document
from mazegame.engine.generate import generate
from mazegame.engine.generate.boards import board_generators, generate_board
from mazegame.engine.mazefile import (
    MazeFormatError,
    OtherTiling,
    read_document,
    read_maze,
    to_json,
    write_document,
)
from mazegame.engine.tilings import MAX_CELLS, TILINGS, hexagon

KINDS = planar_tilings()


def issue_neighbours(kind: str, cell) -> set[tuple[int, int]]:
    """The issue's words: hex (+-1, 0), (0, +-1), (+1, -1), (-1, +1); a triangle (row, col +- 1)
    and across its base (row + 1 pointing up, row - 1 pointing down)."""
    a, b = cell
    if kind == "hex":
        return {(a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1), (a + 1, b - 1), (a - 1, b + 1)}
    return {(a, b + 1), (a, b - 1), (a + 1, b) if (a + b) % 2 == 0 else (a - 1, b)}


def test_the_planar_tilings_are_hex_and_triangle():
    assert KINDS == ["hex", "triangle"]
    assert all(TILINGS[kind].document for kind in KINDS)


@settings(max_examples=25, deadline=None)
@given(kind=st.sampled_from(KINDS), w=st.integers(1, 9), h=st.integers(1, 9),
       seed=st.integers(0, 2**31 - 1), data=st.data())
def test_a_generated_maze_round_trips_exactly(kind, w, h, seed, data):
    algo = data.draw(st.sampled_from(board_generators(kind)))
    maze = generate_board(algo, kind, w, h, seed).maze
    doc = json.loads(json.dumps(write_document(maze)))
    assert list(doc)[:5] == ["tiling", "cells", "passages", "start", "goals"]
    again = read_document(doc, None)
    assert np.array_equal(again.doors, maze.doors)
    assert (again.start, again.goals, again.algorithm, again.seed) == (
        maze.start, maze.goals, maze.algorithm, maze.seed)
    assert write_document(again) == doc
    # every passage joins two cells the issue calls neighbours
    cells = [tuple(c) for c in doc["cells"]]
    assert all(cells[j] in issue_neighbours(kind, cells[i]) for i, j in doc["passages"])
    assert len(doc["passages"]) == maze.size - 1  # a perfect maze: a spanning tree


def test_the_issues_document_reads_as_written():
    doc = {"tiling": "triangle", "cells": [[0, 0], [0, 1], [1, 0], [1, 1]],
           "passages": [[0, 1], [0, 2]], "one_way": [[2, 3]], "start": 0, "goals": [3]}
    maze = from_document(doc)
    assert maze.step(0, 1) == 1 and maze.step(0, 2) == 2  # east, and down across the base
    assert maze.step(2, 1) == 3 and maze.step(3, 3) == 3  # the one-way door: east only
    assert maze.is_one_way and to_document(maze) == doc


def test_one_way_doors_round_trip_on_a_hexagon():
    board = hexagon(3)
    maze = BoardMaze.of_passages(board, [(0, 1), (1, 2), (0, 3)], start=2, goals=(0, 4))
    maze.doors[3] |= 1 << 0  # 3 -> 4 east, one way
    doc = to_document(maze)
    assert doc["one_way"] == [[3, 4]] and doc["passages"] == [[0, 1], [0, 3], [1, 2]]
    assert "algorithm" not in doc and "seed" not in doc
    assert to_document(from_document(doc)) == doc


def test_read_maze_picks_the_reader_by_tiling_and_the_caller_says_which_it_takes():
    text = json.dumps(to_document(generate_board("backtracker", "hex", 3, 3, 1).maze))
    assert read_maze(text, None).tiling == "hex"
    with pytest.raises(OtherTiling, match="a hex maze, where square mazes are read"):
        read_maze(text)  # the default: square mazes only, as every older caller expects
    square = to_json(generate("kruskal", 2, 2, 1).maze)
    assert read_maze(square, None).width == 2
    with pytest.raises(OtherTiling, match="a square maze"):
        read_maze(square, ("hex",))


GOOD = {"tiling": "hex", "cells": [[0, 0], [1, 0], [0, 1]], "passages": [[0, 1]],
        "start": 0, "goals": [2]}


@pytest.mark.parametrize(("change", "says"), [
    ({"tiling": "hexagon"}, "'tiling' must be one of square, hex, triangle"),
    ({"tiling": 6}, "'tiling' must be one of"),
    ({"cells": None}, "'cells' must be a list of [a, b] coordinates, not None"),
    ({"cells": []}, "'cells' must list 1 to"),
    ({"cells": [[0, 0], [1, 0], [0]]}, "'cells' item 2 must be [a, b] coordinates"),
    ({"cells": [[0, 0], [1, 0], [0, True]]}, "'cells' item 2 must be"),
    ({"cells": [[0, 0], [1, 0], [0, 1.0]]}, "'cells' item 2 must be"),
    ({"cells": [[0, 0], [1, 0], [0, MAX_COORD + 1]]}, "'cells' item 2: [0, 4194305] is outside"),
    ({"cells": [[0, 0], [1, 0], [0, -10**40]]}, "is outside"),
    ({"cells": [[0, 0], [1, 0], [0, 0]]}, "'cells' names cell [0, 0] twice (items 0 and 2)"),
    ({"cells": [[0, 0], [1, 0], [5, 5]], "passages": [[0, 1], [1, 2]]},
     "'passages' item 1: cells 1 and 2 share no side"),
    ({"passages": [[0, 0]]}, "cells 0 and 0 share no side"),
    ({"passages": [[0, 3]]}, "'passages' item 0: [0, 3] is outside 0..2"),
    ({"passages": [[0, 1], [1, 0]]}, "the door between cells 0 and 1 is given twice"),
    ({"passages": [[0, 1]], "one_way": [[1, 0]]}, "the door between cells 0 and 1 is given"),
    ({"passages": {"0": 1}}, "'passages' must be a list of a [cell, cell] pair"),
    ({"one_way": [[0, 1, 2]]}, "'one_way' item 0 must be a [from, to] pair"),
    ({"start": 3}, "'start' must name a cell (a whole number 0..2), not 3"),
    ({"start": "0"}, "'start' must name a cell"),
    ({"goals": []}, "'goals' must be a non-empty list"),
    ({"goals": 2}, "'goals' must be a non-empty list"),
    ({"goals": [2, -1]}, "'goals' must name a cell (a whole number 0..2), not -1"),
    ({"algorithm": 5}, "'algorithm' must be a name"),
    ({"seed": "7"}, "'seed' must be a whole number or null"),
])
def test_a_malformed_document_is_refused_naming_the_problem(change, says):
    with pytest.raises(MazeFormatError) as caught:
        read_document({**GOOD, **change}, None)
    assert says in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_document_without_cells_says_so_and_without_start_and_goals_takes_the_ends():
    with pytest.raises(MazeFormatError, match="has no 'cells'"):
        from_document({"tiling": "hex"})
    maze = from_document({"tiling": "triangle", "cells": [[0, 0], [0, 1]]})
    assert (maze.start, maze.goals, maze.door_count()) == (0, (1,), 0)


def test_more_cells_than_a_board_may_have_are_refused_before_they_are_read(monkeypatch):
    import mazegame.engine.boardfile as boardfile

    monkeypatch.setattr(boardfile, "MAX_CELLS", 2)
    with pytest.raises(MazeFormatError, match="'cells' must list 1 to 2 cells, not 3"):
        from_document(GOOD)
    assert MAX_CELLS == 4_000_000


def test_a_board_of_the_generators_rows_keeps_its_size_and_any_other_has_none():
    for kind in KINDS:
        maze = generate_board("backtracker", kind, 7, 3, 2).maze
        assert from_document(to_document(maze)).meta["size"] == (7, 3)
    hexed = BoardMaze.of_passages(hexagon(3), [(0, 1)])
    assert "size" not in from_document(to_document(hexed)).meta
