"""The one write rule of a game served to a browser (`MAZEGAME_SERVED`): files the player
chooses go only inside the data folder, with symlinks and `..` resolved, and nothing (not
even a folder) is made outside it. Without the variable the player writes where they like."""

import os

import pytest

from mazegame.engine.generate import generate
from mazegame.games.editor import Editor
from mazegame.games.rat_lab import RatLab
from mazegame.locations import (
    SERVED_VARIABLE,
    OutsideDataFolder,
    data_dir,
    served,
    writable_path,
    write_refusal,
)


@pytest.fixture
def data(tmp_path, monkeypatch):
    """A data folder of its own, and the game served."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("MAZEGAME_DATA_DIR", str(folder))
    monkeypatch.setenv(SERVED_VARIABLE, "1")
    return folder


@pytest.mark.parametrize("value, expected", [("1", True), ("yes", True), ("0", False),
                                             ("", False), (None, False)])
def test_the_variable_serves_unless_empty_or_0(monkeypatch, value, expected):
    if value is None:
        monkeypatch.delenv(SERVED_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(SERVED_VARIABLE, value)
    assert served() is expected


def test_inside_the_data_folder_is_writable(data):
    assert data_dir() == data
    for inside in (data / "x.toml", data / "levels" / "deep" / "x.toml", data,
                   data / "levels" / ".." / "x.toml"):
        assert write_refusal(inside) == ""
    path = writable_path(data / "levels" / "new" / "x.toml")
    assert path.parent.is_dir()  # its folder made


def test_outside_paths_are_refused_and_no_folder_is_made(data, tmp_path, monkeypatch):
    outside = tmp_path / "elsewhere"
    monkeypatch.chdir(data)
    for path in (outside / "x.toml", data / ".." / "x.toml", "../x.toml", "/x.toml",
                 data / "levels" / ".." / ".." / "elsewhere" / "x.toml"):
        refusal = write_refusal(path)
        assert "only inside its data folder" in refusal and str(data) in refusal, path
        with pytest.raises(OutsideDataFolder) as caught:
            writable_path(path)
        assert caught.value.strerror == refusal and isinstance(caught.value, OSError)
    assert not outside.exists()


def test_a_symlink_inside_leading_out_is_refused(data, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (data / "door").symlink_to(outside)
    (data / "file.toml").symlink_to(outside / "file.toml")
    (data / "loop").symlink_to(data / "loop")
    assert str(outside / "x.toml") in write_refusal(data / "door" / "x.toml")
    assert str(outside / "file.toml") in write_refusal(data / "file.toml")
    assert write_refusal(data / "loop" / "x.toml")  # a loop: refused, not a crash


def test_a_data_folder_reached_through_a_symlink_is_still_inside(tmp_path, monkeypatch):
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "alias").symlink_to(real)
    monkeypatch.setenv("MAZEGAME_DATA_DIR", str(tmp_path / "alias"))
    monkeypatch.setenv(SERVED_VARIABLE, "1")
    assert write_refusal(tmp_path / "alias" / "x.toml") == ""
    assert write_refusal(real / "x.toml") == ""


def test_not_served_the_player_writes_anywhere(tmp_path, monkeypatch):
    monkeypatch.delenv(SERVED_VARIABLE, raising=False)
    assert write_refusal(tmp_path / "anywhere" / "x.toml") == ""
    assert writable_path(tmp_path / "anywhere" / "x.toml").parent.is_dir()


def test_the_editor_refuses_to_save_outside_and_says_where(data, tmp_path):
    outside = tmp_path / "project"
    outside.mkdir()
    (outside / "pyproject.toml").write_text("mine")
    editor = Editor.blank(folder=outside)
    editor.set_info(id="pyproject")
    problem = editor.save()
    assert problem.startswith("not saved: ") and "only inside its data folder" in problem
    assert (outside / "pyproject.toml").read_text() == "mine"
    assert editor.unsaved  # still to be saved: nothing was
    editor.folder = data / "levels"
    assert editor.save() == "" and (data / "levels" / "pyproject.toml").exists()


def test_the_rat_lab_refuses_to_save_outside(data, tmp_path):
    lab = RatLab(generate("backtracker", 5, 4, 2).maze, 4)
    with pytest.raises(OutsideDataFolder):
        lab.save(tmp_path / "rats" / "r.npz")
    assert not (tmp_path / "rats").exists()
    assert lab.save().is_relative_to(data) and os.path.exists(lab.save())
