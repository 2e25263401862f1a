"""The command line on boards beyond the square (issue 41): `generate --tiling/--weave/
--floors`, the documents it writes read back, `generate --list` saying which generators build
on boards, `play MODE --tiling` as the modes' registry says, and every impossible combination
refused in one line naming what would work."""

from __future__ import annotations

import json
from dataclasses import replace

import networkx as nx
import numpy as np
import pytest

from mazegame.cli import build_parser, main
from mazegame.cli.common import UsageError, board_asked
from mazegame.cli.play import play_setup
from mazegame.engine.generate import GENERATORS
from mazegame.engine.generate.boards import board_generators, board_tilings
from mazegame.engine.mazefile import read_maze
from mazegame.engine.tilings import TILINGS
from mazegame.games.modes import MODES

BUILT = [kind for kind in board_tilings() if TILINGS[kind].make is not None]


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def refused(capsys, *argv) -> str:
    """The one line a refused command prints (exit status 2)."""
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1, (status, err)
    assert err.startswith("mazegame: error: ")
    return err


@pytest.mark.parametrize("kind", ["hex", "triangle"])
def test_generate_writes_the_document_of_a_perfect_maze_on_the_board(capsys, kind):
    status, out, _ = run(capsys, "generate", "--tiling", kind, "--size", "12x8", "--seed", "4",
                         "--format", "json")
    doc = json.loads(out)
    assert status == 0 and doc["tiling"] == kind and len(doc["cells"]) == 96
    maze = read_maze(out, None)
    assert (maze.tiling, maze.size, maze.algorithm, maze.seed) == (kind, 96, "backtracker", 4)
    tree = nx.Graph(doc["passages"])  # a spanning tree of the 96 cells
    assert nx.is_tree(tree) and tree.number_of_nodes() == 96


@pytest.mark.parametrize(("argv", "expected"), [
    (["--tiling", "hex"], ("hex", 3)), (["--weave"], ("weave", 3)),
    (["--floors", "4"], ("floors", 4)), (["--tiling", "floors", "--floors", "5"], ("floors", 5)),
    (["--tiling", "floors"], ("floors", 3)), ([], ("square", 3)),
])
def test_weave_and_floors_are_tilings_named_otherwise(argv, expected):
    assert board_asked(build_parser().parse_args(["generate", *argv])) == expected


@pytest.mark.parametrize(("argv", "says"), [
    (["--tiling", "hex", "--algo", "binary-tree"],
     "generator 'binary-tree' does not build hex mazes (these do: "),
    (["--tiling", "hexagons"], "no tiling 'hexagons'; the tilings: square, hex, triangle"),
    (["--tiling", "triangle", "--wrap", "x"], "--wrap builds square mazes only, not triangle"),
    (["--tiling", "hex", "--one-way", "0.2", "--wrap", "y"], "--wrap and --one-way build"),
    (["--weave", "--tiling", "hex"], "--tiling hex and --weave ask for different boards"),
    (["--floors", "3", "--tiling", "hex"], "--tiling hex and --floors 3 ask for different"),
    (["--floors", "1"], "--floors: expected a whole number from 2 to 8"),
    (["--floors", "9"], "from 2 to 8"),
    (["--tiling", "hex", "--bias", "ne"], "--bias is for square mazes, not hex ones"),
    (["--tiling", "hex", "--stats", "--mode", "newest"], "--mode and --stats are for square"),
    (["--tiling", "hex", "--size", "4096x4096"], "a board has at most 4,000,000 cells"),
    (["--floors", "8", "--size", "1000x1000"], "a board has at most 4,000,000 cells"),
])
def test_impossible_combinations_are_one_line_naming_what_works(capsys, argv, says):
    assert says in refused(capsys, "generate", *argv, "--format", "json")


def test_generate_list_says_which_boards_each_generator_builds_on(capsys):
    status, out, _ = run(capsys, "generate", "--list")
    lines = dict(zip(GENERATORS, out.splitlines(), strict=True))
    for name, line in lines.items():
        on = [kind for kind in BUILT if name in board_generators(kind)]
        assert line.split()[0] == name
        assert (f"[{' '.join(on)}]" in line) == bool(on) and ("[" in line) == bool(on)
    assert "[hex triangle weave floors]" in lines["backtracker"]


@pytest.mark.parametrize("command", [["matrices"], ["treasure"]])
def test_commands_of_square_mazes_refuse_a_board_naming_it(capsys, tmp_path, command):
    path = tmp_path / "hex.json"
    main(["generate", "--tiling", "hex", "--size", "4x3", "--seed", "1", "--format", "json",
          "-o", str(path)])
    capsys.readouterr()
    err = refused(capsys, *command, str(path))
    assert f"a hex maze, and {command[0]} takes square mazes only" in err


# -- play: the modes' registry says which boards each plays on ------------------------------
def setup_of(*argv):
    return play_setup(build_parser().parse_args(["play", *argv]))


@pytest.mark.parametrize("kind", BUILT)
def test_play_takes_a_board_where_the_mode_plays_it_and_names_where_it_plays(kind):
    for name, mode in MODES.items():
        if mode.builds is None:
            continue
        flags = ["--floors", "2"] if kind == "floors" else ["--tiling", kind]
        if kind in mode.tilings:
            setup = setup_of(name, *flags, "--size", "6x5")
            assert setup.tiling == kind and setup.algorithm in board_generators(kind)
            continue
        with pytest.raises(UsageError, match=f"{name} plays on square"):
            setup_of(name, *flags)


@pytest.fixture
def classic_on_boards(monkeypatch):
    """The classic walk, as if its spec played on every board (the seam a mode opens)."""
    monkeypatch.setitem(MODES, "classic", replace(MODES["classic"], tilings=("square", *BUILT)))


def test_a_mode_that_plays_boards_gets_the_board_and_a_generator_that_builds_it(
        classic_on_boards):
    setup = setup_of("classic", "--tiling", "hex", "--size", "9x7", "--seed", "3")
    assert (setup.tiling, setup.size, setup.seed) == ("hex", (9, 7), 3)
    assert setup.algorithm in board_generators("hex")
    assert setup.build().maze.tiling == "hex"
    floors = setup_of("classic", "--floors", "4", "--size", "5x5")
    assert (floors.tiling, floors.floors) == ("floors", 4)
    with pytest.raises(UsageError, match="'binary-tree' does not build hex mazes"):
        setup_of("classic", "--tiling", "hex", "--algo", "binary-tree")
    with pytest.raises(UsageError, match="--wrap builds square mazes only"):
        setup_of("classic", "--tiling", "hex", "--wrap", "x")
    square_only = next(name for name, spec in MODES.items()
                       if spec.tilings == ("square",) and spec.builds is not None)
    with pytest.raises(UsageError, match=f"{square_only} plays on square boards only; "
                                         "hex boards play in classic"):
        setup_of(square_only, "--tiling", "hex")


def test_play_file_of_a_board_plays_it_where_the_mode_takes_the_board(
        classic_on_boards, tmp_path, capsys):
    path = tmp_path / "tri.json"
    main(["generate", "--tiling", "triangle", "--size", "5x4", "--seed", "2", "--format",
          "json", "-o", str(path)])
    setup = setup_of("classic", str(path))
    assert setup.tiling == "triangle" and setup.level.tiling == "triangle"
    with pytest.raises(UsageError, match="a triangle maze, and treasure takes square mazes "):
        setup_of("treasure", str(path))


def test_play_list_names_the_boards_a_mode_plays_on(classic_on_boards, capsys):
    assert main(["play", "--list"]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert lines["classic"].endswith(f"--tiling {'|'.join(BUILT)}")
    assert all("--tiling" not in lines[name] for name, mode in MODES.items()
               if mode.tilings == ("square",))


def test_a_board_without_a_mode_or_for_a_mode_that_builds_none_is_refused_as_typed():
    with pytest.raises(UsageError, match="name a mode to play a file, another board"):
        setup_of("--tiling", "hex")
    fileless = next(name for name, mode in MODES.items() if mode.builds is None)
    with pytest.raises(UsageError, match=f"{fileless} builds no maze: it takes no --floors 3"):
        setup_of(fileless, "--floors", "3")
    with pytest.raises(UsageError, match="takes no --weave"):
        setup_of(fileless, "--weave")


# -- solve: the solvers that take boards (SolverSpec.boards) ---------------------------------
@pytest.mark.parametrize("kind", ["hex", "triangle"])
def test_solve_finds_the_shortest_path_of_a_board_document(capsys, tmp_path, kind):
    path = tmp_path / "board.json"
    main(["generate", "--tiling", kind, "--size", "9x6", "--seed", "8", "--format", "json",
          "-o", str(path)])
    doc = json.loads(path.read_text())
    capsys.readouterr()
    status, out, _ = run(capsys, "solve", str(path), "--format", "json")
    found = json.loads(out)
    graph = nx.Graph(doc["passages"])
    assert status == 0 and found["path"][0] == doc["start"] and found["path"][-1] in doc["goals"]
    assert found["length"] == nx.shortest_path_length(graph, doc["start"], doc["goals"][0])
    steps = zip(found["path"], found["path"][1:], strict=False)
    assert all(graph.has_edge(a, b) for a, b in steps)
    status, out, _ = run(capsys, "solve", str(path))
    assert status == 0 and "S" in out and f"path of {found['length']} moves" in out


def test_solve_refuses_what_a_board_cannot_take_naming_the_solvers_that_can(capsys, tmp_path):
    from mazegame.engine.solve import SOLVERS

    path = tmp_path / "hex.json"
    main(["generate", "--tiling", "hex", "--size", "4x3", "--seed", "1", "--format", "json",
          "-o", str(path)])
    capsys.readouterr()
    square_only = [name for name, spec in SOLVERS.items() if not spec.boards]
    takers = ", ".join(name for name, spec in SOLVERS.items() if spec.boards)
    for name in square_only:
        err = refused(capsys, "solve", str(path), "--algo", name)
        assert f"solver {name!r} does not solve this hex maze; it is solved by {takers}" in err
    floors = tmp_path / "floors.json"  # boards, but no left or right for a hand to follow
    main(["generate", "--floors", "2", "--size", "4x3", "--seed", "1", "--format", "json",
          "-o", str(floors)])
    capsys.readouterr()
    turning = [name for name, spec in SOLVERS.items() if spec.boards and spec.turns]
    assert turning
    for name in turning:
        err = refused(capsys, "solve", str(floors), "--algo", name)
        assert f"solver {name!r} does not solve this floors maze" in err and name not in \
            err.split("solved by")[1]
    assert "--facing is for walkers on square mazes" in refused(
        capsys, "solve", str(path), "--algo", "tremaux", "--facing", "east")


def test_a_board_file_played_is_recorded_and_replays_to_the_same_end(
        classic_on_boards, tmp_path):
    import random

    from mazegame.games.replay import Recording, build_game, build_maze

    path = tmp_path / "hex.json"
    main(["generate", "--tiling", "hex", "--size", "6x5", "--seed", "2", "--format", "json",
          "-o", str(path)])
    setup = replace(setup_of("classic", str(path)), seed=0)
    game = build_game(setup, build_maze(setup, setup.size), lambda: 0.0)
    rng = random.Random(5)
    for _ in range(60):
        game.move(rng.randrange(6))
    again = Recording.from_json(Recording.of(setup, game).to_json())
    assert again.setup.level.tiling == "hex"
    assert np.array_equal(again.setup.level.doors, setup.level.doors)
    assert again.play().trail == game.trail
