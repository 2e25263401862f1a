"""`mazegame config`: list, get, set and reset; a bad key or value exits 2 naming it, and
no argument ever makes a traceback (fuzzed)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mazegame.cli import main
from mazegame.ui.preferences import SETTINGS


def run(capsys, *argv):
    """main(["config", *argv]): (status, stdout, stderr)."""
    try:
        status = main(["config", *argv])
    except SystemExit as exit_:  # argparse refuses arguments this way
        status = exit_.code
    out, err = capsys.readouterr()
    return status, out, err


def test_set_then_get_then_reset(capsys):
    assert run(capsys, "get", "keys") == (0, "all\n", "")
    assert run(capsys, "set", "keys", "wasd")[0] == 0
    assert run(capsys, "get", "keys") == (0, "wasd\n", "")
    status, out, _ = run(capsys, "list")
    assert status == 0 and all(line.split()[0] in SETTINGS for line in out.splitlines())
    assert "wasd" in next(line for line in out.splitlines() if line.startswith("keys"))
    assert run(capsys, "reset", "keys")[0] == 0
    assert run(capsys, "get", "keys")[1] == "all\n"


@pytest.mark.parametrize(("argv", "named"), [
    (("set", "theme", "neon"), "'neon'"),
    (("set", "volume", "11"), "'volume'"),
    (("get", "volume"), "'volume'"),
    (("set", "algo", "no-such-generator"), "'no-such-generator'"),
    (("set", "keys"), "value"),
    (("frobnicate",), "frobnicate"),
])
def test_a_bad_key_or_value_exits_2_naming_it(capsys, argv, named):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and named in err
    assert err.count("\n") == 1 and "Traceback" not in err


WORDS = st.sampled_from([*SETTINGS, "list", "get", "set", "reset", "nord", "ascii", "vi",
                         "on", "-x", "--help", ""])


@settings(max_examples=30,  # too_slow: as tests/conftest.py
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(st.one_of(WORDS, st.text(max_size=8)), max_size=4))
def test_no_arguments_make_a_traceback(capsys, argv):
    status, _, err = run(capsys, *argv)
    assert status in (0, 2), (argv, status, err)
    assert "Traceback" not in err
    if status == 2:
        assert err.strip(), argv


def test_play_starts_from_the_saved_defaults_when_a_flag_is_not_given(capsys):
    from mazegame.cli import build_parser
    from mazegame.cli.play import play_setup

    assert run(capsys, "set", "difficulty", "hard")[0] == 0
    assert run(capsys, "set", "size", "small")[0] == 0
    saved = play_setup(build_parser().parse_args(["play", "chase"]))
    assert saved.settings.difficulty == "hard" and saved.size == (12, 8)
    given = play_setup(build_parser().parse_args(["play", "chase", "--difficulty", "easy",
                                                  "--size", "9x9"]))
    assert given.settings.difficulty == "easy" and given.size == (9, 9)


def test_a_setting_that_cannot_be_saved_exits_1_saying_why(capsys, tmp_path, monkeypatch):
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("")
    monkeypatch.setenv("MAZEGAME_DATA_DIR", str(blocker))
    status, _, err = run(capsys, "set", "keys", "vi")
    assert status == 1 and "keys could not be saved" in err and str(blocker) in err
    assert err.count("\n") == 1


@pytest.fixture
def settings_path():
    """The settings file `mazegame config` uses (made, with one setting stored)."""
    from mazegame.settings import default_path

    assert main(["config", "set", "keys", "vi"]) == 0
    return default_path()


def test_set_while_another_program_holds_the_file_exits_1_in_one_line(capsys, settings_path,
                                                                      monkeypatch):
    import sqlite3

    from mazegame.settings import SettingsFile

    monkeypatch.setattr(SettingsFile, "WAIT", 0.1, raising=False)
    capsys.readouterr()
    other = sqlite3.connect(settings_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # a write lock: a traceback before
    try:
        status, out, err = run(capsys, "set", "keys", "wasd")
        assert (status, out) == (1, "") and err.count("\n") == 1
        assert "keys could not be saved: another program holds" in err
        assert run(capsys, "get", "keys") == (0, "vi\n", "")  # readers still read
        other.execute("ROLLBACK")
        other.execute("BEGIN EXCLUSIVE")  # all of it: a reader cannot even read
        status, out, err = run(capsys, "get", "keys")
        assert (status, out) == (1, "") and "could not be read: another program holds" in err
    finally:
        other.close()


def test_get_and_list_leave_a_newer_file_untouched(capsys, settings_path):
    import sqlite3

    with sqlite3.connect(settings_path) as db:
        db.execute("PRAGMA user_version = 5")
    db.close()
    before = settings_path.read_bytes()
    status, out, err = run(capsys, "get", "keys")
    assert (status, out) == (0, "vi\n") and "newer version of mazegame" in err
    assert run(capsys, "list")[0] == 0
    status, out, err = run(capsys, "set", "keys", "wasd")
    assert (status, out) == (1, "") and "newer version" in err and err.count("\n") == 1
    assert settings_path.read_bytes() == before  # moved aside by `get` before
    assert [p.name for p in settings_path.parent.glob("settings*")] == ["settings.sqlite3"]


def test_get_leaves_a_damaged_file_and_set_moves_it_aside_saying_where(capsys, settings_path):
    settings_path.write_bytes(b"a shopping list, not settings\n" * 50)
    status, out, err = run(capsys, "get", "keys")
    assert (status, out) == (1, "") and "damaged" in err and err.count("\n") == 1
    assert [p.name for p in settings_path.parent.glob("settings*")] == ["settings.sqlite3"]
    status, out, err = run(capsys, "set", "keys", "wasd")
    [aside] = settings_path.parent.glob("settings.sqlite3.corrupt-*")
    assert status == 0 and aside.name in err  # where the damaged file went
    assert aside.read_bytes().startswith(b"a shopping list")
    assert run(capsys, "get", "keys")[1] == "wasd\n"
