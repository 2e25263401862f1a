"""The JSON maze document and the text picture: exact round trips and clear refusals."""

import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazegame.engine.generate import generate
from mazegame.engine.mazefile import (
    MazeFormatError,
    from_document,
    from_json,
    from_text,
    to_document,
    to_json,
    to_text,
)
from mazegame.locations import asset


def random_walls(seed: int, width: int, height: int):
    """A maze with arbitrary wall bits: one-way doors, open borders and all."""
    maze = generate("kruskal", width, height, seed).maze
    rng = np.random.default_rng(seed)
    maze.walls[:] = rng.integers(0, 16, maze.walls.shape)
    return maze


@given(seed=st.integers(0, 10_000), w=st.integers(1, 9), h=st.integers(1, 9),
       style=st.sampled_from(["box", "ascii"]), wrap=st.booleans())
def test_text_round_trip_is_exact(seed, w, h, style, wrap):
    maze = random_walls(seed, w, h)
    maze.wrap_x = maze.wrap_y = wrap
    maze.start = seed % maze.size
    maze.goals = (maze.size - 1 - seed % maze.size,)
    back = from_text(to_text(maze, style))
    assert np.array_equal(back.walls, maze.walls)
    assert (back.wrap_x, back.wrap_y) == (wrap, wrap)
    assert back.start == maze.start and back.goals == maze.goals


@given(seed=st.integers(0, 10_000), w=st.integers(1, 9), h=st.integers(1, 9))
def test_json_round_trip_is_exact(seed, w, h):
    maze = random_walls(seed, w, h)
    maze.solid = np.random.default_rng(seed).random((h, w)) < 0.2
    back = from_json(to_json(maze))
    assert np.array_equal(back.walls, maze.walls)
    assert back.solid is None if not maze.solid.any() else np.array_equal(back.solid, maze.solid)
    assert (back.start, back.goals, back.seed) == (maze.start, maze.goals, maze.seed)


def test_document_has_the_published_shape():
    maze = generate("wilson", 4, 3, 7).maze
    doc = json.loads(to_json(maze))
    assert list(doc) == ["format", "version", "width", "height", "wrap", "walls", "start",
                         "goals", "algorithm", "seed"]
    assert doc["format"] == "mazegame/maze" and doc["version"] == 1
    assert (doc["width"], doc["height"], doc["wrap"]) == (4, 3, [False, False])
    assert doc["start"] == [0, 0] and doc["goals"] == [[2, 3]]
    assert doc["algorithm"] == "wilson" and doc["seed"] == 7
    assert len(doc["walls"]) == 3 and all(len(row) == 4 for row in doc["walls"])


@pytest.mark.parametrize(("change", "message"), [
    ({"format": "other"}, "not a maze document"),
    ({"version": 9}, "unsupported maze document version"),
    ({"width": 0}, "'width' must be a whole number"),
    ({"walls": [[1, 2]]}, "'walls' must have 3 rows"),
    ({"walls": [[1, 2, 3, 4]] * 2 + [[1, 2, 99, 4]]}, "row 2 column 2: 99"),
    ({"start": [5, 0]}, "lies outside"),
    ({"goals": []}, "non-empty list"),
    ({"wrap": "yes"}, "'wrap' must be"),
])
def test_malformed_documents_are_refused_with_a_reason(change, message):
    doc = {**to_document(generate("kruskal", 4, 3, 1).maze), **change}
    with pytest.raises(MazeFormatError, match=message):
        from_document(doc)


def test_malformed_text_is_refused_with_a_position():
    with pytest.raises(MazeFormatError, match="odd number of lines"):
        from_text("┌───┐\n│   │\n")
    with pytest.raises(MazeFormatError, match=r"line 2, column 5: cannot read vertical"):
        from_text("┌───┐\n│   x\n└───┘\n")
    with pytest.raises(MazeFormatError, match="not valid JSON"):
        from_json("{oops")


def test_shipped_one_way_level_loads():
    maze = from_text(asset("levels", "one-way-doors.txt").read_text(encoding="utf-8"))
    assert maze.is_one_way
    assert (maze.width, maze.height) == (10, 5)


def test_a_key_given_twice_is_refused_naming_it():
    from mazegame.engine.mazefile import parse_json, read_maze

    with pytest.raises(MazeFormatError, match="the key 'width' is given twice"):
        read_maze('{"format": "mazegame/maze", "version": 1, "width": 2, "width": 1, '
                  '"height": 1, "walls": [[15]]}')
    with pytest.raises(MazeFormatError, match="the key 'b' is given twice"):
        parse_json('{"a": [{"b": 1, "c": 2, "b": 1}]}')
    assert parse_json('{"a": {"b": 1}, "b": {"a": 2}}') == {"a": {"b": 1}, "b": {"a": 2}}


def test_more_numbers_than_the_largest_maze_are_refused_before_parsing(monkeypatch):
    from mazegame.engine import mazefile

    monkeypatch.setattr(mazefile, "MAX_COMMAS", 10)
    monkeypatch.setattr(mazefile, "parse_json", lambda *a: pytest.fail("parsed"))
    with pytest.raises(MazeFormatError, match="more numbers than a 4096x4096 maze"):
        mazefile.read_maze('{"walls": [' + "0," * 11 + "0]}")
    with pytest.raises(MazeFormatError, match="is a JSON object"):
        mazefile.read_maze("  \n[" + "0," * 5 + "0]")


@pytest.mark.parametrize("text", ["", "\n\n", " \t\n", "\ufeff", "\ufeff\n  "])
def test_an_empty_text_is_named_empty(text):
    from mazegame.engine.mazefile import read_maze

    with pytest.raises(MazeFormatError, match=r"^it is empty \(no maze document or picture\)$"):
        read_maze(text)
