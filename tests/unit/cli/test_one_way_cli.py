"""`generate --one-way FRACTION [--traps]` and `play MODE --one-way F`: the doors come out in
every format and read back exactly, bad values exit 2 with one line, --stats counts them."""

import io
import json
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.cli import build_parser, main
from mazegame.cli.common import UsageError
from mazegame.cli.play import play_setup
from mazegame.engine.generate import generate
from mazegame.engine.mazefile import read_maze
from mazegame.engine.mazetext import from_text
from mazegame.engine.oneway import add_one_way_doors, one_way_door_count, trap_cells
from mazegame.locations import asset


def run(capsys, *argv):
    """main(argv): (status, stdout, stderr); argparse's refusals give their status too."""
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = exit_.code
    out, err = capsys.readouterr()
    return status, out, err


WRAPS = ["", "x", "y", "xy"]


@settings(max_examples=20)
@given(wrap=st.sampled_from(WRAPS), braid=st.sampled_from(["0", "0.5"]),
       fraction=st.sampled_from(["0.1", "0.25", "1"]), seed=st.integers(0, 10**6),
       style=st.sampled_from(["text", "ascii"]), traps=st.booleans())
def test_pictures_and_documents_carry_the_doors_exactly(wrap, braid, fraction, seed, style,
                                                        traps):
    capture = io.StringIO()
    argv = ["generate", "--algo", "kruskal", "--size", "7x5", "--seed", str(seed),
            "--braid", braid, "--one-way", fraction, *(["--wrap", wrap] if wrap else []),
            *(["--traps"] if traps else [])]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "stdout", capture)
        assert main([*argv, "--format", style]) == 0
        picture = capture.getvalue()
        capture.seek(0), capture.truncate()
        assert main([*argv, "--format", "json"]) == 0
        document = capture.getvalue()
    expected = add_one_way_doors(generate("kruskal", 7, 5, seed, wrap_x="x" in wrap,
                                          wrap_y="y" in wrap, braid=float(braid)).maze,
                                 float(fraction), seed, traps=traps)
    for maze in (from_text(picture), read_maze(document)):
        assert np.array_equal(maze.walls, expected.walls)
        assert (maze.wrap_x, maze.wrap_y) == (expected.wrap_x, expected.wrap_y)
        assert one_way_door_count(maze) == one_way_door_count(expected) > 0
    if not traps:
        assert trap_cells(read_maze(document)).size == 0


def test_stats_count_the_one_way_doors(capsys):
    status, out, _ = run(capsys, "generate", "--size", "10x8", "--seed", "4", "--braid", "0.5",
                         "--one-way", "0.25", "--stats", "--format", "json")
    doc = json.loads(out)
    maze = read_maze(out)
    assert status == 0 and doc["stats"]["one_way_doors"] == one_way_door_count(maze) > 0
    assert doc["stats"]["doors"] == maze.door_count()
    status, out, _ = run(capsys, "generate", "--size", "10x8", "--seed", "4", "--one-way", "0.25",
                         "--stats")
    assert status == 0 and "one-way doors" in out


def test_the_same_seed_gives_the_same_doors(capsys):
    argv = ("generate", "--size", "9x9", "--seed", "11", "--braid", "0.3", "--one-way", "0.5")
    assert run(capsys, *argv) == run(capsys, *argv)
    assert run(capsys, *argv)[1] != run(capsys, *argv[:-2])[1]


@pytest.mark.parametrize(("argv", "says"), [
    (["--one-way", "1.5"], "a fraction is a number from 0 to 1, not '1.5'"),
    (["--one-way", "-0.1"], "a fraction is a number from 0 to 1"),
    (["--one-way", "nan"], "a fraction is a number from 0 to 1"),
    (["--one-way", "lots"], "a fraction is a number from 0 to 1"),
    (["--one-way", "٠٫٥"], "a fraction is a number from 0 to 1"),
    (["--traps"], "--traps goes with --one-way"),
])
def test_bad_values_exit_2_with_one_line(capsys, argv, says):
    status, out, err = run(capsys, "generate", "--size", "4x4", *argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and says in err


def setup_of(*argv):
    return play_setup(build_parser().parse_args(["play", *argv]))


def test_play_takes_one_way_doors_where_a_maze_is_built():
    setup = setup_of("classic", "--one-way", "0.25", "--size", "12x8", "--seed", "3")
    assert setup.one_way == 0.25
    maze = setup.build().maze
    assert one_way_door_count(maze) > 0 and trap_cells(maze).size == 0
    assert setup_of("chase", "--one-way", "0.1").one_way == 0.1
    assert setup_of("classic").one_way == 0.0
    with pytest.raises(UsageError, match="jump builds no maze: it takes no --one-way"):
        setup_of("jump", "--one-way", "0.1")
    with pytest.raises(UsageError, match="lab builds mazes without one-way doors"):
        setup_of("lab", "--one-way", "0.1")
    with pytest.raises(UsageError, match="a maze file is played as it is"):
        setup_of("classic", str(asset("levels", "one-way-doors.txt")), "--one-way", "0.1")
