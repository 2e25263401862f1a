"""`mazegame rat train|run`: the JSON document, saved rats, one-line refusals."""

import json

import pytest

from mazegame.cli import main
from mazegame.cli.rat import VARIANT_NAMES
from mazegame.engine.rat import VARIANTS


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_variant_choices_follow_the_engine():
    assert list(VARIANT_NAMES) == list(VARIANTS)


@pytest.mark.slow
def test_train_json_has_exactly_the_documented_keys(capsys, tmp_path):
    model = str(tmp_path / "rat.npz")
    status, out, _ = run(capsys, "rat", "train", "--size", "4x4", "--seed", "3", "--episodes",
                         "12", "--json", "--save", model, "--new-goal-every", "5")
    doc = json.loads(out)
    assert status == 0
    assert set(doc) == {"size", "seed", "variant", "shortest", "episodes", "baselines",
                        "learned", "seconds"}
    assert set(doc["baselines"]) == {"random_walk", "wall_follower", "tabular_memoryless",
                                     "tabular_position"}
    assert len(doc["episodes"]) == len(doc["baselines"]["tabular_position"]) == 12
    assert (doc["size"], doc["seed"], doc["variant"]) == ("4x4", 3, "place")
    status, out, _ = run(capsys, "rat", "run", "--model", model, "--size", "5x3", "--seed", "1",
                         "--runs", "3", "--json")
    ran = json.loads(out)
    assert status == 0 and len(ran["runs"]) == 3 and ran["size"] == "5x3"


def test_run_compares_every_rat_with_the_same_random_walk(capsys, tmp_path):
    walks = set()
    for variant, runs in (("working", "2"), ("place", "5")):
        model = str(tmp_path / f"{variant}.npz")
        run(capsys, "rat", "train", "--size", "4x4", "--seed", "2", "--episodes", "5",
            "--variant", variant, "--save", model)
        status, out, _ = run(capsys, "rat", "run", "--model", model, "--size", "6x5",
                             "--seed", "9", "--runs", runs, "--json")
        walks.add(json.loads(out)["random_walk"])
    assert len(walks) == 1  # the baseline is the maze's, not what the rat's runs drew before


@pytest.mark.parametrize("argv", [
    ["rat", "train", "--episodes", "0"],
    ["rat", "train", "--size", "6"],
    ["rat", "train", "--variant", "clever"],
    ["rat", "train", "--maze", "/nonexistent/maze.txt"],
    ["rat", "run"],
    ["rat", "run", "--model", "/nonexistent/rat.npz"],
    ["rat"],
])
def test_bad_arguments_exit_2_with_one_line(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("content", [b"not a model", b"PK\x03\x04garbled", b""])
def test_a_garbled_model_exits_2_naming_it(capsys, tmp_path, content):
    path = tmp_path / "bad.npz"
    path.write_bytes(content)
    status, _, err = run(capsys, "rat", "run", "--model", str(path))
    assert status == 2 and "bad.npz" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("kind", ["--wrap xy", "--one-way 0.3"])
def test_the_rat_trains_and_runs_on_wrapped_and_one_way_mazes(capsys, tmp_path, kind):
    # The left-hand rule does not apply there (it was a ValueError): the baseline is n/a.
    maze, model = str(tmp_path / "maze.json"), str(tmp_path / "rat.npz")
    assert main(["generate", "--size", "5x5", "--seed", "4", "--format", "json", "-o", maze,
                 *kind.split()]) == 0
    status, out, err = run(capsys, "rat", "train", "--maze", maze, "--episodes", "4",
                           "--save", model)
    assert (status, err) == (0, "") and "wall follower n/a" in out
    status, out, _ = run(capsys, "rat", "train", "--maze", maze, "--episodes", "4", "--json")
    assert status == 0 and json.loads(out)["baselines"]["wall_follower"] is None
    status, out, _ = run(capsys, "rat", "run", "--model", model, "--maze", maze, "--runs", "2",
                         "--json")
    doc = json.loads(out)
    assert status == 0 and doc["wall_follower"] is None and len(doc["runs"]) == 2


def test_a_maze_too_big_for_the_rat_is_refused_up_front(capsys):
    # 200x200 ran one episode in one kernel call for 119 s, and Ctrl-C waited for it
    assert main(["rat", "train", "--size", "200x200", "--episodes", "1"]) == 2
    assert "2 to 1,600 cells, not 200x200" in capsys.readouterr().err
