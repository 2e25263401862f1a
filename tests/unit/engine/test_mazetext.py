"""The text picture of a maze: every generated maze reads back as itself, or is refused."""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.grid import Maze
from mazegame.engine.mazefile import (
    MazeFormatError,
    from_document,
    from_json,
    read_maze,
    to_document,
    to_json,
    to_text,
)
from mazegame.engine.mazetext import from_text, picture_lines
from mazegame.engine.oneway import add_one_way_doors

pytestmark = pytest.mark.usefixtures("strategy_kernels")  # before any draw

WRAPS = [(False, False), (True, False), (False, True), (True, True)]


def same_maze(a, b) -> bool:
    """Walls, wrap, rock, start and goals equal (goals as a set: a picture marks, not orders)."""
    def key(m):
        doc = to_document(m)
        doc.pop("algorithm"), doc.pop("seed")
        doc["goals"] = sorted(doc["goals"])
        return doc
    return key(a) == key(b)


@st.composite
def generated_mazes(draw):
    """Any registered generator, any wrap it can build, small sizes, any seed."""
    name = draw(st.sampled_from(list(GENERATORS)))
    wrap = draw(st.sampled_from(WRAPS if GENERATORS[name].wraps else WRAPS[:1]))
    w, h = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    seed = draw(st.integers(0, 2**31 - 1))
    try:
        return generate(name, w, h, seed, wrap_x=wrap[0], wrap_y=wrap[1]).maze
    except ValueError:  # sizes a generator refuses (e.g. cavern, unicursal)
        assume(False)


@settings(max_examples=200, deadline=None)
@given(maze=generated_mazes(), style=st.sampled_from(["box", "ascii"]))
def test_every_generated_maze_round_trips_through_text_and_json(maze, style):
    text = to_text(maze, style)
    assert same_maze(from_text(text), maze), text
    assert same_maze(read_maze(to_json(from_text(text))), maze)


@settings(max_examples=60, deadline=None)
@given(maze=generated_mazes(), fraction=st.sampled_from([0.1, 0.5, 1.0]),
       seed=st.integers(0, 2**31 - 1), traps=st.booleans(), style=st.sampled_from(["box", "ascii"]))
def test_one_way_mazes_round_trip_through_text_and_json(maze, fraction, seed, traps, style):
    maze = add_one_way_doors(maze, fraction, seed, traps=traps)
    assert same_maze(from_text(to_text(maze, style)), maze), to_text(maze, style)
    assert same_maze(read_maze(to_json(maze)), maze)


@st.composite
def arbitrary_mazes(draw):
    """Any wall bits (one-way doors, open borders; sparse walls draw blank rows), any wrap,
    rock anywhere but under the start and goals."""
    w, h = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    density = draw(st.sampled_from([0.0, 0.05, 0.3, 0.5, 0.9]))
    wrap = draw(st.sampled_from(WRAPS))
    maze = Maze.closed(w, h, wrap_x=wrap[0], wrap_y=wrap[1])
    maze.walls[:] = sum((rng.random((h, w)) < density) << d for d in range(4))
    cells = rng.permutation(w * h)
    maze.start = int(cells[0])
    maze.goals = tuple(int(g) for g in cells[: draw(st.integers(1, 3))])[::-1]
    solid = rng.random((h, w)) < density / 3
    solid.flat[list(maze.goals) + [maze.start]] = False
    maze.solid = solid if solid.any() else None
    return maze


@settings(max_examples=200, deadline=None)
@given(maze=arbitrary_mazes(), style=st.sampled_from(["box", "ascii"]))
def test_any_maze_round_trips_through_text(maze, style):
    assert same_maze(from_text(to_text(maze, style)), maze), to_text(maze, style)


def test_wrapped_maze_with_blank_rows_keeps_its_size():
    # The reported case: a wrapped 3x8 maze came back as 3x7 (blank rows were dropped).
    maze = generate("connection-matrix", 3, 8, 0, wrap_x=True).maze
    back = from_text(to_text(maze))
    assert (back.width, back.height) == (3, 8)
    assert same_maze(back, maze)


def test_a_maze_open_all_round_reads_back_from_its_size_header():
    maze = generate("kruskal", 5, 4, 2, wrap_x=True, wrap_y=True).maze
    maze.walls[:] = 0  # no wall anywhere: the picture is blank but for the marks
    text = to_text(maze)
    assert "# size: 5x4" in text
    assert same_maze(from_text(text), maze)
    # Editors that trim trailing spaces do not change the maze.
    assert same_maze(from_text("\n".join(line.rstrip() for line in text.splitlines())), maze)


@pytest.mark.parametrize("style", ["box", "ascii"])
@pytest.mark.parametrize("room_width", [1, 3, 5])
def test_picture_lines_match_a_cell_by_cell_drawing(style, room_width):
    maze = generate("wilson", 7, 5, 3, wrap_x=True).maze
    maze.walls[:] = np.random.default_rng(1).integers(0, 16, maze.walls.shape)
    maze.solid = np.zeros((5, 7), bool)
    maze.solid[2, 3] = True
    lines = picture_lines(maze, style, room_width)
    assert len(lines) == 11 and {len(line) for line in lines} == {7 * (room_width + 1) + 1}
    step = room_width + 1
    assert lines[5][3 * step + 1: 4 * step] == ("█" if style == "box" else "#") * room_width
    assert lines[1][step // 2] == "S"


@pytest.mark.parametrize(("text", "message"), [
    ("# wrap: q\n┌───┐\n│   │\n└───┘\n", "wrap is x, y or xy, not 'q'"),
    ("# size: 0x3\n┌───┐\n", "size looks like"),
    ("# size: 1x2\n┌───┐\n│   │\n└───┘\n", "drawn on 5 lines; this picture has 3"),
    ("# size: 1x1\n┌───┐\n│   │\n└───┘\nbfs: path of 0 moves\n", "line 5: text after"),
    ("┌───┐\n│ x │\n└───┘\n", r"line 2, column 2: cannot read room ' x '"),
    ("┌───┬───┐\n│ S │ S │\n└───┴───┘\n", "more than one start"),
    ("┌───┐\n│   │\n└───┘    │\n", "line 3 is 10 columns wide"),
    ("# size: 1x1\n┌───┐\n│   │\n└───┘    │\n", "line 4 is wider than the 1-room picture"),
    ("┌─x─┐\n│   │\n└───┘\n", r"line 1, column 2: cannot read horizontal wall segment '─x─'"),
    ("┌───y\n│   │\n└───┘\n", "line 1, column 5: cannot read corner 'y'"),
    ("┌─↓→┐\n│   │\n└───┘\n", "cannot read horizontal wall segment"),
])
def test_ambiguous_or_broken_pictures_are_refused(text, message):
    with pytest.raises(MazeFormatError, match=message):
        from_text(text)


def test_byte_order_mark_and_top_level_array():
    maze = generate("kruskal", 3, 3, 1).maze
    assert same_maze(read_maze("\ufeff" + to_text(maze)), maze)
    assert same_maze(read_maze("\ufeff" + to_json(maze)), maze)
    with pytest.raises(MazeFormatError, match="a maze document is a JSON object"):
        read_maze("[1, 2]")


def test_deeply_nested_json_is_refused():
    with pytest.raises(MazeFormatError, match="is a JSON object"):  # refused unparsed
        read_maze("[" * 100_000 + "]" * 100_000)
    with pytest.raises(MazeFormatError, match="nested too deeply"):
        read_maze('{"walls": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(MazeFormatError, match="nested too deeply"):
        from_json('{"walls": ' + "[" * 100_000 + "]" * 100_000 + "}")


@pytest.mark.parametrize(("value", "message"), [
    (True, r"row 1 column 2: True is not in 0\.\.15"),
    (2**70, r"row 1 column 2: 1180591620717411303424 is not in 0\.\.15"),
    (-1, r"row 1 column 2: -1 is not in 0\.\.15"),
    (1.0, r"row 1 column 2: 1\.0 is not in 0\.\.15"),
    ([[[1]]], r"row 1 column 2: \[\[\[\.\.\.\]\]\] is not in 0\.\.15"),
])
def test_json_grids_name_the_first_bad_value(value, message):
    doc = to_document(generate("kruskal", 4, 3, 1).maze)
    doc["walls"][1][2] = value
    with pytest.raises(MazeFormatError, match=message):
        from_document(doc)


def test_huge_number_of_digits_is_refused():
    with pytest.raises(MazeFormatError, match="not valid JSON: a number has thousands of digits"):
        from_json('{"format": "mazegame/maze", "seed": ' + "9" * 5000 + "}")


SPLIT_PICTURES = [  # (text, what from_text says: a size, or the start of the refusal)
    ("\n\n┌───┬───┐\r\n│ S │ G │\r\n└───┴───┘\n\n\n", "2x1"),
    ("# wrap: x\n\n  \n┌───┐\n│ S │\n# a comment between\n└───┘\n \t\n", "1x1"),
    ("# size: 1x1\n┌───┐\n│ S │\n└───┘\n\n\n# end\n", "1x1"),
    ("# size: 2x1\n\n│ S   G\n\n# end\n", "2x1"),  # a blank first line: wrapped, sized
    ("\n" * 30 + "┌───┐\n│ x │\n└───┘\n", "line 32, column 2: cannot read room"),
    ("# size: 1x1\n┌───┐\n│   │\n└───┘\n\n\n\nmore\n", "line 8: text after"),
    ("\n\n┌───┐\n│   │\n└───┘    │\n", "line 5 is 10 columns wide"),
    ("\n\n┌───┐\n\n│   │\n└───┘\n", "a maze picture has an odd number of lines"),
]


@pytest.mark.parametrize(("text", "says"), SPLIT_PICTURES)
@pytest.mark.parametrize("chunk", [1, 5, 17, 1 << 16])
def test_a_picture_reads_the_same_however_its_text_is_cut_into_chunks(
        monkeypatch, text, says, chunk):
    """from_text splits the text into lines a chunk at a time (engine.mazetext._CHUNK): the
    lines, their numbers and so every message are the same at any chunk size."""
    from mazegame.engine import mazetext

    monkeypatch.setattr(mazetext, "_CHUNK", chunk)
    try:
        maze = from_text(text)
    except MazeFormatError as err:
        assert str(err).startswith(says), str(err)
    else:
        assert f"{maze.width}x{maze.height}" == says


def test_blank_lines_around_a_picture_are_counted_not_kept():
    """400k blank lines on each side (quadratic before: pop(0) took a minute): the picture
    is read, and the header pass keeps no line of them."""
    from mazegame.engine import mazetext

    text = "\n" * 400_000 + "┌───┐\n│ S │\n└───┘\n" + " \n" * 400_000
    assert from_text(text).size == 1
    assert mazetext._header(text)[2:] == (400_000, 400_002, 800_003)
    assert len(mazetext._collect(text, 400_000, 400_003)) == 3


def test_more_lines_than_the_tallest_picture_are_refused_at_once():
    from mazegame.engine.grid import MAX_SIDE

    with pytest.raises(MazeFormatError, match=f"too large .* {2 * MAX_SIDE + 1} lines"):
        from_text("x\n" * (2 * MAX_SIDE + 2) + "\n" * 10)
