"""`mazegame play`: every registered setting is accepted, everything else refused by name."""

import pytest

from mazegame.cli import build_parser, main
from mazegame.cli.common import UsageError
from mazegame.cli.play import mode_listing, mode_settings, play_setup, spelled
from mazegame.games.modes import DIFFICULTIES, MODES, eye_difficulties
from mazegame.locations import asset

MAZE_FILE = str(asset("levels", "one-way-doors.txt"))


def setup_of(*argv):
    return play_setup(build_parser().parse_args(["play", *argv]))


def flag(key: str) -> str:
    return "--" + key.replace("_", "-")


@pytest.mark.parametrize("name", list(MODES))
def test_every_setting_value_of_every_mode_is_accepted(name):
    for choice in MODES[name].choices:
        for _, value in choice.values:
            if value == "":
                continue  # the default: given by leaving the option out
            argv = [flag(choice.key)] if value is True else [flag(choice.key), spelled(value)]
            assert getattr(setup_of(name, *argv).settings, choice.key) == value


@pytest.mark.parametrize("name", list(MODES))
def test_settings_a_mode_does_not_have_are_refused(name):
    taken = {c.key for c in MODES[name].choices}
    for key, offers in mode_settings().items():
        if key in taken:
            continue
        value = spelled(offers[0][1].values[-1][1])  # a value some other mode takes
        with pytest.raises(UsageError, match=f"no {flag(key)}"):
            setup_of(name, flag(key), value)


def test_values_outside_the_mode_are_refused_with_the_known_ones():
    offered = [d.name for d in eye_difficulties()]
    (outside, *_) = [name for name in DIFFICULTIES if name not in offered]
    with pytest.raises(UsageError, match=", ".join(offered)):
        setup_of("eye", "--difficulty", outside)
    with pytest.raises(UsageError, match="tracker"):
        setup_of("chase", "--demon", "bob")


def test_files_go_to_modes_that_read_them():
    assert setup_of("classic", MAZE_FILE).level is not None
    lab = setup_of("lab", MAZE_FILE)  # the lab races solvers on a maze file
    assert lab.level is not None and lab.level.meta["file"] == MAZE_FILE
    fileless = [name for name, mode in MODES.items() if mode.files is None]
    for name in fileless[:1]:
        with pytest.raises(UsageError, match=f"{name} plays no file"):
            setup_of(name, MAZE_FILE)
    with pytest.raises(UsageError):  # a maze picture is not a puzzle pack
        setup_of("jump", MAZE_FILE)


def test_unplayable_sizes_and_stray_options_are_refused():
    with pytest.raises(UsageError, match="at least 2 cells"):
        setup_of("classic", "--size", "1x1")
    assert setup_of("classic", "--size", "2x1").size == (2, 1)
    with pytest.raises(UsageError, match="no --size"):
        setup_of("jump", "--size", "5x5")
    with pytest.raises(UsageError, match="name a mode"):
        setup_of("--difficulty", "hard")


def test_play_list_names_every_mode(capsys):
    assert main(["play", "--list"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert listed == [*MODES, "level"]  # and `play level ID`, the campaign's one level


@pytest.mark.parametrize("content,says", [
    ('{"bad": 1}', "not a maze document"),
    ("this is not a maze", ""),
    ("", ""),
])
def test_play_lab_with_a_bad_maze_file_exits_2_naming_it(tmp_path, capsys, content, says):
    path = tmp_path / "broken.json"
    path.write_text(content)
    assert main(["play", "lab", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mazegame: error: ") and str(path) in err and says in err
    assert main(["play", "lab", str(tmp_path / "missing.json")]) == 2
    assert "missing.json" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["play", "generate"])
def test_the_algo_help_points_at_a_list_of_the_generators(command, capsys):
    # `play --help` said "--algo ALGO  generator name (see --list)", and `play --list` lists
    # the modes.
    import re

    from mazegame.engine.generate import GENERATORS

    assert main([command, "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    said = re.search(r"--algo ALGO generator name \((.*?)\)", help_text).group(1)
    named = re.search(r"`mazegame ([^`]+)`", said)
    argv = named.group(1).split() if named else [command, *re.findall(r"--[a-z-]+", said)]
    assert main(argv) == 0
    listed = {line.split()[0] for line in capsys.readouterr().out.splitlines() if line.strip()}
    assert set(GENERATORS) <= listed


def test_the_blindfolds_setting_is_mazes_and_its_old_flag_level_still_plays(capsys):
    """The blindfold's "level" (a size of maze, beside a setup's level, a maze, and a
    campaign level's id) became "mazes", as all mazes at once calls it; `--level` goes on
    working for it, unlisted, and only for it."""
    assert setup_of("blindfold", "--mazes", "3x4").settings.mazes == "3x4"
    assert setup_of("blindfold", "--level", "4x4").settings.mazes == "4x4"
    assert main(["play", "--help"]) == 0
    shown = capsys.readouterr().out
    assert "--mazes" in shown and "--level" not in shown + mode_listing()
    with pytest.raises(UsageError, match="classic has no --level setting"):
        setup_of("classic", "--level", "3x3")
    with pytest.raises(UsageError, match="name a mode"):
        setup_of("--level", "3x3")
