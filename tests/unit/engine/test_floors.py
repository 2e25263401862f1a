"""Mazes of several floors (issue 41): perfect on networkx's reckoning, stairs only straight up
and down, few of them; the floors document round-trips and refuses what is wrong."""

from __future__ import annotations

import json

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mazegame.engine import floors
from mazegame.engine.generate.boards import board_generators, generate_board
from mazegame.engine.graph import bfs, maze_graph, path_to
from mazegame.engine.mazetext import MazeFormatError
from mazegame.engine.tilings import STAIRWELL_CELLS
from tests.unit.engine.test_board_maze import undirected


def touching(a, b) -> bool:
    """The oracle: two cells share a side when they are one apart on one floor, or one
    straight above the other."""
    (fa, ra, ca), (fb, rb, cb) = a, b
    if fa == fb:
        return abs(ra - rb) + abs(ca - cb) == 1
    return abs(fa - fb) == 1 and (ra, ca) == (rb, cb)




@pytest.mark.parametrize("seed", [0, 5, 19])
def test_every_generator_builds_perfect_floors_whose_stairs_go_straight_up(seed):
    for name in board_generators("floors"):
        maze = generate_board(name, "floors", 7, 5, seed, floors=4).maze
        g = undirected(maze)
        assert nx.is_tree(g), name
        cells = maze.board.cells
        assert all(touching(cells[a], cells[b]) for a, b in g.edges), name
        ups = [(a, b) for a, b in g.edges if cells[a][0] != cells[b][0]]
        assert {min(cells[a][0], cells[b][0]) for a, b in ups} == {0, 1, 2}  # floors joined


def test_floors_are_mostly_flat_and_the_goal_is_upstairs():
    width, height, count = 12, 8, 3
    layer = width * height
    for seed in range(20):
        maze = generate_board("backtracker", "floors", width, height, seed, floors=count).maze
        cells = maze.board.cells
        per_pair = np.bincount([cells[c][0] for c in floors.stairs(maze)], minlength=count - 1)
        assert per_pair.min() >= 1 and per_pair.max() <= max(1, layer // STAIRWELL_CELLS)
        assert floors.floor_of(maze.board, maze.start) != floors.floor_of(maze.board,
                                                                         maze.goals[0])
        assert len(solution(maze)) > 1  # reachable across the floors


def test_a_floor_is_a_square_maze_whose_walls_are_the_board_mazes_sides():
    maze = generate_board("backtracker", "floors", 6, 4, 2, floors=3).maze
    for f in range(3):
        walls = floors.floor_walls(maze, f)
        for r in range(4):
            for c in range(6):
                cell = f * 24 + r * 6 + c
                for d in range(4):
                    assert (maze.step(cell, d) != cell) == (not walls[r, c] >> d & 1) or \
                        maze.neighbor(cell, d) < 0
    for cell in floors.stairs(maze):
        assert maze.step(int(cell), floors.UP) == cell + 24
        assert maze.step(int(cell) + 24, floors.DOWN) == cell


def test_the_document_round_trips_and_says_what_it_holds():
    maze = generate_board("backtracker", "floors", 5, 3, 9, floors=3).maze
    doc = json.loads(floors.to_json(maze))
    assert doc["tiling"] == "floors" and len(doc["floors"]) == 3
    assert doc["start"] == [0, 0, 0] and doc["goals"] == [[2, 2, 4]]
    assert all(len(s) == 3 for s in doc["stairs"])
    back = floors.from_json(floors.to_json(maze))
    assert (back.doors == maze.doors).all()
    assert (back.start, back.goals, back.algorithm, back.seed) == (
        maze.start, maze.goals, maze.algorithm, maze.seed)
    assert back.meta["size"] == (5, 3) and back.meta["floors"] == 3  # what the status shows
    assert solution(back) == solution(maze)


def solution(maze) -> list[int]:
    dist, parent, _ = bfs(maze_graph(maze), maze.start)
    return path_to(dist, parent, maze.goals[0])


def _doc(**changes):
    maze = generate_board("backtracker", "floors", 3, 2, 1, floors=2).maze
    doc = floors.to_document(maze)
    doc.update(changes)
    return doc


@pytest.mark.parametrize(("changes", "message"), [
    ({"tiling": "hex"}, "not a floors document"),
    ({"width": 0}, "'width' must be a whole number"),
    ({"floors": []}, "'floors' must be a list"),
    ({"floors": [{"walls": [[15, 15, 15], [15, 15, 15]]}, {}]}, "floor 1 must be an object"),
    ({"floors": [{"walls": [[15, 15, 15], [15, 15, 15]]}, {"walls": [[15, 99, 15], [15, 15,
                                                                                     15]]}]},
     "floor 1: 'walls' row 0 column 1"),
    ({"stairs": [[1, 0, 0]]}, "below the top"),
    ({"stairs": [[0, 5, 0]]}, "outside the 2 floors"),
    ({"stairs": [[0, 0]]}, "triple"),
    ({"stairs": {}}, "'stairs' must be a list"),
    ({"start": [0, 0, True]}, "'start' must be a"),
    ({"goals": []}, "'goals' must be a non-empty list"),
    ({"seed": "x"}, "'seed'"),
])
def test_a_bad_document_is_refused_naming_the_fault(changes, message):
    with pytest.raises(MazeFormatError, match=message):
        floors.from_document(_doc(**changes))


def test_text_that_is_no_object_is_refused_unparsed():
    with pytest.raises(MazeFormatError, match="JSON object"):
        floors.from_json("[1, 2]")


PIECES = ["{", "}", "[", "]", ",", ":", '"', "-1", "0", "3", "99", "null", "true", '"floors"',
          '"stairs"', "[0,0,0]", "[1,1,1]", "1e999", "9" * 400]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_document_is_a_floors_maze_or_one_clean_error(data):
    text = floors.to_json(generate_board("backtracker", "floors", 4, 3, 2, floors=3).maze)
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        piece = data.draw(st.sampled_from(PIECES) | st.text(max_size=3))
        text = text[:at] + piece + text[at + data.draw(st.integers(0, 3)):]
    try:
        maze = floors.from_json(text)
    except MazeFormatError as err:
        assert "\n" not in str(err)
    else:
        assert maze.size >= 1 and maze.tiling == "floors"


def test_the_maze_readers_read_a_floors_document_by_its_tiling():
    from mazegame.engine.mazefile import OtherTiling, read_maze, write_document

    maze = generate_board("backtracker", "floors", 4, 3, 6, floors=2).maze
    text = json.dumps(write_document(maze))
    back = read_maze(text, None)
    assert back.tiling == "floors" and (back.doors == maze.doors).all()
    with pytest.raises(OtherTiling, match="a floors maze"):
        read_maze(text)  # a caller of square mazes only is told what it was given


def test_the_text_picture_draws_each_floor_with_its_stairs_start_and_goal():
    maze = generate_board("backtracker", "floors", 5, 3, 1, floors=2).maze
    lines = floors.picture(maze, "ascii")
    assert lines[0] == "floor 1 of 2" and lines[8] == "floor 2 of 2" and len(lines) == 16
    rooms = [line[2::4] for block in (lines[1:8], lines[9:16]) for line in block[1::2]]
    marks = "".join(rooms)
    ups = floors.stairs(maze).tolist()
    assert marks.count("S") == 1 and marks.count("G") == 1
    assert marks.count("<") + marks.count("=") == len(ups)  # each stair up, from below
    assert marks.count(">") + marks.count("=") == len(ups)  # and down, from above
    assert all(set(line) <= set("+-| SG<>=") for line in lines if not line.startswith("floor"))


def test_solve_prints_a_floors_document_floor_by_floor(tmp_path, capsys):
    from mazegame.cli import main

    path = tmp_path / "floors.json"
    path.write_text(floors.to_json(generate_board("backtracker", "floors", 6, 4, 2,
                                                  floors=3).maze))
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("floor 1 of 3\n") and "floor 3 of 3" in out
    assert "bfs: path of" in out
