"""`mazegame edit`: which editor the arguments open, and unreadable files refused with exit 2."""

import pytest

from mazegame.cli import build_parser, main
from mazegame.cli.common import UsageError
from mazegame.cli.edit import edit_setup
from mazegame.cli.play import play_setup
from mazegame.locations import asset


def setup_of(*argv):
    return edit_setup(build_parser().parse_args(["edit", *argv]))


def test_no_file_is_a_new_maze_saved_in_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    setup = setup_of()
    assert setup.mode == "editor" and setup.size == (10, 8)
    assert setup.settings.folder == str(tmp_path)
    assert setup_of("--size", "7x5").size == (7, 5)


def test_a_level_or_maze_file_is_opened_and_a_new_toml_name_starts_a_level(tmp_path):
    level = asset("levels", "first-steps.toml")
    assert setup_of(str(level)).settings.file == str(level)
    maze = asset("levels", "one-way-doors.txt")
    assert setup_of(str(maze)).settings.file == str(maze)
    assert setup_of(str(tmp_path / "new.toml")).settings.new == str(tmp_path / "new.toml")


@pytest.mark.parametrize("content, says", [
    (None, "No such file"),
    ("not a maze\n", "maze picture"),
])
def test_a_file_that_cannot_be_read_exits_2_with_the_reason(tmp_path, capsys, content, says):
    path = tmp_path / "bad.txt"
    if content is not None:
        path.write_text(content)
    assert main(["edit", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and says in err and "Traceback" not in err


def test_a_broken_level_says_file_and_line(tmp_path, capsys):
    path = tmp_path / "broken.toml"
    path.write_text('id = "broken"\nchapter = 1\norder = 1\ntitle = "B"\ncolour = "red"\n'
                    '[maze]\npicture = """\n┌───┐\n│ S │\n│ G │\n└───┘\n"""\n')
    assert main(["edit", str(path)]) == 2
    assert f"{path}:5:" in capsys.readouterr().err


def test_size_is_only_for_a_new_maze():
    with pytest.raises(UsageError, match="new maze"):
        setup_of(str(asset("levels", "first-steps.toml")), "--size", "5x5")


def test_play_editor_opens_a_file_in_the_editor_too(tmp_path):
    level = str(asset("levels", "first-steps.toml"))
    assert play_setup(build_parser().parse_args(["play", "editor", level])).settings.file == level
    with pytest.raises(UsageError, match="No such file"):
        play_setup(build_parser().parse_args(["play", "editor", str(tmp_path / "none.txt")]))
