"""The one registry of modes, views, difficulties and personalities (games/modes/): data
only, and every setup choice is built from the registries it names."""

import subprocess
import sys

import pytest

from mazegame.engine.personalities import PERSONALITIES
from mazegame.games.chase import GAME_CLASSES
from mazegame.games.eye import aids
from mazegame.games.modes import (
    DEFAULT_DIFFICULTY,
    DIFFICULTIES,
    MODES,
    VIEWS,
    demon_modes,
    eye_difficulties,
)


def choice_values(mode: str, key: str) -> list:
    """The values a mode's setup offers for one setting, in order."""
    (choice,) = [c for c in MODES[mode].choices if c.key == key]
    return [value for _, value in choice.values]


def test_the_registry_imports_no_textual():
    code = "import sys, mazegame.games.modes; print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("mode", demon_modes())
def test_chase_modes_offer_every_view_difficulty_and_personality(mode):
    assert choice_values(mode, "view") == list(VIEWS)
    assert choice_values(mode, "difficulty") == list(DIFFICULTIES)
    assert choice_values(mode, "demon") == ["", *PERSONALITIES]  # "": as the difficulty says


def test_every_view_has_its_game_and_every_difficulty_its_demon():
    assert set(GAME_CLASSES) == set(VIEWS)
    assert DEFAULT_DIFFICULTY in DIFFICULTIES
    for d in DIFFICULTIES.values():
        assert d.personality in PERSONALITIES
        assert aids(d.name) == (d.compass, d.minimap)


def test_eye_mode_offers_each_set_of_aids_once_the_default_first():
    offered = choice_values("eye", "difficulty")
    assert offered == [d.name for d in eye_difficulties()]
    assert offered[0] == DEFAULT_DIFFICULTY
    sets = {(d.compass, d.minimap) for d in DIFFICULTIES.values()}
    assert sorted(aids(name) for name in offered) == sorted(sets)


def test_every_mode_says_what_it_is_and_what_it_reads():
    for name, mode in MODES.items():
        assert mode.name == name and mode.title and mode.blurb
        assert mode.files in ("maze", "puzzles", "level", "level-id", None)
        for choice in mode.choices:
            assert choice.values and all(label for label, _ in choice.values)


def test_a_setting_left_out_plays_the_choice_the_dialog_preselects():
    # the dialog used to preselect "easy" while the CLI and the screens played "normal"
    from mazegame.games.modes import DEFAULT_DIFFICULTY

    for mode in MODES.values():
        for choice in mode.choices:
            if choice.key == "difficulty":
                assert choice.default_value == DEFAULT_DIFFICULTY, mode.name


def test_the_jump_mode_offers_every_shipped_pack_and_the_daily_puzzle():
    from mazegame.games.jump import DAILIES, PACK_NAMES

    assert choice_values("jump", "pack") == [*PACK_NAMES, *DAILIES]


@pytest.mark.parametrize("name", list(MODES))
def test_every_name_a_spec_gives_is_there(name):
    """A spec names its screen, legend, builders and replay kind as "module:attr" strings:
    each must import and be what the readers expect (a typo fails here, not on screen)."""
    from mazegame.games.modes import load
    from mazegame.games.replay_base import Kind
    from mazegame.ui.legend import SAMPLES

    spec = MODES[name]
    assert callable(load(spec.screen))
    legend = load(spec.legend)
    for names in (legend.values() if spec.view is None else [legend]):
        assert names and set(names) <= set(SAMPLES)
    if spec.view is None:
        assert set(legend) == set(VIEWS) and any(c.key == "view" for c in spec.choices)
    else:
        assert spec.view in VIEWS
    for builder in (spec.game, spec.maze, spec.interpretation):
        assert builder is None or callable(load(builder))
    assert spec.replay is None or isinstance(load(spec.replay), Kind)
    assert spec.level_view is None or spec.level_view == spec.view
    assert spec.marker.status and spec.marker.board


@pytest.mark.parametrize("name", [n for n, spec in MODES.items() if spec.settings])
def test_a_modes_settings_declare_every_choice_with_the_choices_default(name):
    from dataclasses import fields

    spec = MODES[name]
    defaults = {f.name: f.default for f in fields(spec.settings)}
    for choice in spec.choices:
        assert defaults[choice.key] == choice.default_value, choice.key
    if spec.view is None:  # the player picks the view: the settings say which is seen
        assert spec.settings().seen_in in VIEWS


@pytest.mark.parametrize("name", [n for n, spec in MODES.items() if spec.settings])
def test_a_modes_settings_refuse_a_value_it_does_not_offer_and_a_key_it_does_not_take(name):
    from mazegame.games.setup import GameSetup

    spec = MODES[name]
    GameSetup(name).check_settings()  # the defaults are fine
    for choice in spec.choices:
        with pytest.raises(ValueError):
            GameSetup(name, options=((choice.key, "no such value"),)).check_settings()
    with pytest.raises(ValueError, match="no setting 'colour'"):
        GameSetup(name, options=(("colour", "red"),)).check_settings()
