"""Settings: a round trip through their own SQLite file, bad keys and values, a file that
cannot be read set aside, and the defaults a new game starts from. No App."""

import sqlite3

import pytest

from mazegame.games.modes import DEFAULT_DIFFICULTY, DIFFICULTIES
from mazegame.settings import SettingsFile, default_path
from mazegame.storage import default_path as results_path
from mazegame.ui.preferences import SETTINGS, BadSetting, Preferences, check


def test_the_settings_live_beside_the_results_in_their_own_file():
    assert default_path().parent == results_path().parent
    assert default_path() != results_path()


def test_a_value_set_is_read_back_by_a_fresh_reader(tmp_path):
    path = tmp_path / "settings.sqlite3"
    prefs = Preferences(SettingsFile(path))
    assert prefs["theme"] == "textual-dark" and not path.exists()  # reading makes no file
    prefs.set("theme", "mazegame-colour-blind")
    prefs.set("difficulty", " HARD ")  # spelled loosely, stored as the registry names it
    again = Preferences(SettingsFile(path))
    assert again["theme"] == "mazegame-colour-blind" and again["difficulty"] == "hard"
    again.set("theme", "textual-dark")  # back to the default: forgotten, not stored
    assert "theme" not in SettingsFile(path).read()
    assert again.notices == []


def test_every_setting_takes_its_default_and_its_values_come_from_the_registries():
    for key, setting in SETTINGS.items():
        assert check(key, setting.default) == setting.default
    assert list(SETTINGS["difficulty"].values()) == list(DIFFICULTIES)
    assert SETTINGS["difficulty"].default == DEFAULT_DIFFICULTY
    assert "nord" in SETTINGS["theme"].values()  # Textual's own themes are offered


@pytest.mark.parametrize(("key", "value", "named"), [
    ("theme", "neon", "'neon'"), ("colour", "red", "'colour'"), ("keys", "emacs", "'emacs'"),
    ("difficulty", "", "difficulty"), ("sound", "loud", "'loud'"),
])
def test_a_bad_key_or_value_is_refused_naming_it(key, value, named):
    with pytest.raises(BadSetting, match=named):
        check(key, value)


def test_a_stored_bad_value_is_told_and_the_default_used(tmp_path):
    file = SettingsFile(tmp_path / "s.sqlite3")
    file.write("difficulty", "impossible")
    file.write("colour", "red")
    file.write("keys", "vi")
    prefs = Preferences(file)
    assert prefs["difficulty"] == DEFAULT_DIFFICULTY and prefs["keys"] == "vi"
    assert any("'impossible'" in n for n in prefs.notices)
    assert any("'colour'" in n for n in prefs.notices)


def test_a_file_that_cannot_be_read_is_set_aside_and_the_defaults_used(tmp_path):
    path = tmp_path / "settings.sqlite3"
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 40)
    prefs = Preferences(SettingsFile(path))
    assert prefs["theme"] == "textual-dark"
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("settings.sqlite3.corrupt-")]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")
    assert any(aside[0].name in n for n in prefs.notices)
    prefs.set("glyphs", "ascii")  # the fresh file takes changes
    assert Preferences(SettingsFile(path))["glyphs"] == "ascii"


def test_a_newer_schema_is_read_where_it_can_be_and_never_changed(tmp_path):
    path = tmp_path / "settings.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT, extra BLOB)")
        db.execute("INSERT INTO settings VALUES ('glyphs', 'ascii', x'00')")
        db.execute("PRAGMA user_version = 99")
    db.close()
    before = path.read_bytes()
    prefs = Preferences(SettingsFile(path))
    assert prefs["glyphs"] == "ascii"  # read: its table is still ours
    assert any("newer version of mazegame" in n for n in prefs.notices)
    prefs.set("keys", "vi")  # in force for this run...
    assert prefs["keys"] == "vi" and "newer version" in prefs.unsaved
    assert path.read_bytes() == before  # ...and the file never changed or moved
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.sqlite3"]


def test_an_unwritable_folder_keeps_changes_for_the_session(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    prefs = Preferences(SettingsFile(blocker / "settings.sqlite3"))
    prefs.set("sound", "on")
    assert prefs.sound and prefs.file.read()["sound"] == "on"
    assert "cannot be used" in prefs.unsaved and str(blocker) in prefs.unsaved


def test_a_new_game_starts_from_the_saved_defaults(tmp_path):
    prefs = Preferences(SettingsFile(tmp_path / "s.sqlite3"))
    plain = prefs.default_setup("chase")
    assert plain.options == () and plain.size is None  # defaults: nothing added
    prefs.set("difficulty", "hard")
    prefs.set("demon", "cheese")
    prefs.set("size", "small")
    prefs.set("algo", "prim")
    setup = prefs.default_setup("chase")
    assert setup.settings.difficulty == "hard" and setup.settings.demon == "cheese"
    assert setup.size == (12, 8) and setup.algorithm == "prim"
    given = prefs.fill(plain, given={"size", "difficulty"})  # flags given win
    assert given.size is None and "difficulty" not in dict(given.options)
    assert prefs.default_setup("classic").options == ()  # classic has no difficulty


@pytest.fixture
def short_wait(monkeypatch):
    """Another program's lock is waited for 0.1 s (the tests stay short)."""
    monkeypatch.setattr(SettingsFile, "WAIT", 0.1, raising=False)


def hold(path, how="IMMEDIATE"):
    """Another program holding the settings file: a write lock (IMMEDIATE) or all of it."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute(f"BEGIN {how}")
    return other


@pytest.mark.parametrize("how", ["IMMEDIATE", "EXCLUSIVE"])
def test_a_change_while_another_program_holds_the_file_lasts_and_is_saved_later(
        tmp_path, short_wait, how):
    path = tmp_path / "settings.sqlite3"
    prefs = Preferences(SettingsFile(path))
    prefs.set("glyphs", "ascii")
    other = hold(path, how)
    prefs.set("theme", "nord")  # raised OperationalError before
    assert prefs["theme"] == "nord" and "another program holds" in prefs.unsaved
    assert str(path) in prefs.unsaved
    other.execute("ROLLBACK")
    other.close()
    prefs.set("keys", "vi")  # the next change that can be saved takes the waiting one along
    assert prefs.unsaved is None
    assert Preferences(SettingsFile(path)).values | {} == {
        **prefs.values, "glyphs": "ascii", "theme": "nord", "keys": "vi"}


def test_a_reader_leaves_a_damaged_file_as_it_is_and_says_why(tmp_path):
    path = tmp_path / "settings.sqlite3"
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 40)
    file = SettingsFile(path, read_only=True)
    assert file.read() == {} and "damaged" in file.unreadable and str(path) in file.unreadable
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.sqlite3"]


def test_a_reader_of_a_busy_file_says_so(tmp_path, short_wait):
    path = tmp_path / "settings.sqlite3"
    SettingsFile(path).write("keys", "vi")
    other = hold(path, "EXCLUSIVE")
    file = SettingsFile(path, read_only=True)
    assert file.read() == {} and "another program holds" in file.unreadable
    other.close()
