"""Fuzz the reader of maze documents on hexagons and triangles (engine.boardfile through
mazefile.read_maze, the path of every maze file): any JSON value, any bytes, and valid
documents with a field replaced or a few bytes changed give a BoardMaze (or a square Maze)
or a ValueError whose text is one line naming the problem; never another exception."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.boardfile import from_document
from mazegame.engine.generate.boards import generate_board
from mazegame.engine.grid import Maze
from mazegame.engine.mazefile import read_maze, write_document

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
VALID = [write_document(generate_board("backtracker", kind, w, h, seed).maze)
         for kind, w, h, seed in (("hex", 4, 3, 1), ("triangle", 5, 2, 2), ("hex", 1, 2, 0))]
VALID.append({"tiling": "triangle", "cells": [[0, 0], [0, 1], [1, 0], [1, 1]],
              "passages": [[0, 1], [0, 2]], "one_way": [[2, 3]], "start": 0, "goals": [3]})
KEYS = ["tiling", "cells", "passages", "one_way", "start", "goals", "algorithm", "seed"]

scalars = (st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
           | st.sampled_from([2**31, 2**63, -(2**63), 10**40, -1, 0, 1, 4194304, 4194305, "hex",
                              "triangle", "square", "weave", "floors"]))
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(KEYS) | st.text(max_size=6), inner, max_size=6),
    max_leaves=30)
pairs = st.lists(st.lists(st.integers(-3, 12) | scalars, min_size=0, max_size=3), max_size=6)


def read(value: object) -> None:
    """The contract: a maze, or a ValueError of one line."""
    try:
        maze = read_maze(json.dumps(value), None) if not isinstance(value, bytes) else \
            read_maze(value.decode("utf-8", "replace"), None)
    except ValueError as err:
        text = str(err)
        assert text and "\n" not in text
        return
    assert isinstance(maze, (BoardMaze, Maze))
    if isinstance(maze, BoardMaze):  # what was read writes as a document that reads back
        assert write_document(from_document(write_document(maze))) == write_document(maze)


@FUZZ
@given(value=json_values)
def test_any_json_is_a_maze_or_a_value_error(value):
    read(value if not isinstance(value, dict) else {"tiling": "hex", **value})


@FUZZ
@given(data=st.binary(max_size=400))
def test_any_bytes_are_a_maze_or_a_value_error(data):
    read(data)


@FUZZ
@given(doc=st.sampled_from(VALID), key=st.sampled_from([*KEYS, "extra"]),
       value=json_values | pairs)
def test_a_document_with_a_field_replaced_is_a_maze_or_names_the_problem(doc, key, value):
    read({**doc, key: value})


@FUZZ
@given(doc=st.sampled_from(VALID), data=st.data())
def test_a_document_with_bytes_changed_is_a_maze_or_names_the_problem(doc, data):
    text = bytearray(json.dumps(doc).encode())
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        piece = data.draw(st.sampled_from([b"[", b"]", b",", b"-", b"9", b"0", b"1, 2",
                                           b'"', b"\xff"]) | st.binary(max_size=3))
        text[at:at + data.draw(st.integers(0, 2))] = piece
    read(bytes(text))
