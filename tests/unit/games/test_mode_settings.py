"""The typed settings of the modes that read an untyped bag before (the blind maze, the lab,
the rat, the editor; the classic walk and the campaign, which take none), and recordings
saved before them still read.

What every spec shares (each choice's default, a value not offered, an unknown key) is
tests/unit/games/test_modes.py's; here are the settings no dialog offers (a campaign
level's budget, the lab's solvers, the editor's paths) and the old keys."""

import json

import pytest

from mazegame.games.blind import setup_budget
from mazegame.games.replay import Recording, ReplayError
from mazegame.games.setup import GameSetup

#: Recordings as the game saved them before the settings were typed (3397d35): a blind game
#: with a budget, its trail hidden and a campaign level's budget of moves; a blindfold game
#: whose setting was still called "level".
OLD_BLIND = (
    '{"format":1,"mode":"blind","algorithm":"backtracker","size":[4,3],"seed":5,'
    '"wrap":[false,false],"one_way":0.0,"options":[["budget",4.0],["show_trail",false],'
    '["budget_moves",40]],"level_id":null,"check":"4x3:718ca431","events":"m1 m2 m1 m2 m0 m3",'
    '"starts":[0,-1],"subject":"{\\"format\\":\\"mazegame/maze\\",\\"version\\":1,'
    '\\"width\\":4,\\"height\\":3,\\"wrap\\":[false,false],\\"walls\\":[[9,5,5,7],[8,3,9,7],'
    '[14,12,4,7]],\\"start\\":[0,0],\\"goals\\":[[2,3]],\\"algorithm\\":\\"backtracker\\",'
    '\\"seed\\":5}"}')
OLD_BLINDFOLD = (
    '{"format":1,"mode":"blindfold","algorithm":"backtracker","size":null,"seed":0,'
    '"wrap":[false,false],"one_way":0.0,"options":[["level","3x4"]],"level_id":null,'
    '"check":"3x4:295","events":"d d r r","starts":null}')


def settings(mode: str, **given):
    """The settings a setup of `mode` with these options gets (ValueError: refused)."""
    return GameSetup(mode, options=tuple(given.items())).settings


# -- the blind maze ---------------------------------------------------------------------------
def test_the_blind_settings_take_a_campaign_budget_and_any_factor_the_command_line_gives():
    plain = settings("blind")
    assert (plain.budget, plain.budget_moves, plain.show_bumped, plain.show_trail,
            plain.reveal) == (None, None, True, True, True)
    assert settings("blind", budget=3).budget == 3.0  # `--budget 3x`: not a dialog value
    assert settings("blind", budget_moves=40).budget_moves == 40
    level = GameSetup("blind", options=(("budget", 2.5), ("budget_moves", 12)))
    assert setup_budget(level, 30) == 12  # a level's own count wins over a factor


@pytest.mark.parametrize(("key", "value"), [
    ("budget", 0.5), ("budget", 5000), ("budget", "lots"), ("budget", True),
    ("budget_moves", 0), ("budget_moves", 2.5), ("budget_moves", "30"), ("budget_moves", True),
    ("show_trail", "yes"), ("reveal", None),
])
def test_a_bad_blind_setting_is_refused_naming_it(key, value):
    with pytest.raises(ValueError, match=key):
        settings("blind", **{key: value})


@pytest.mark.parametrize("setting", [("budget_moves", 0), ("show_trail", "yes"),
                                     ("autoplay", False)])
def test_a_blind_recording_with_a_bad_setting_is_refused_when_read(setting):
    """Before, a blind recording's settings went unchecked: a budget of no moves was read
    (and the replay ended at once) and the lab's "autoplay" was carried along."""
    doc = json.loads(OLD_BLIND)
    doc["options"].append(list(setting))
    with pytest.raises(ReplayError, match="cannot be read"):
        Recording.from_json(json.dumps(doc))


def test_a_blind_recording_saved_before_the_settings_were_typed_still_plays():
    recording = Recording.from_json(OLD_BLIND)
    assert recording.setup.settings.budget_moves == 40
    assert recording.setup.settings.show_trail is False
    game = recording.play()
    assert game.budget == 40 and game.attempts == 5  # the outer wall's bump is free
    assert Recording.from_json(recording.to_json()) == recording  # and saves the same again


# -- the blindfold puzzle: its setting renamed ------------------------------------------------
def test_the_blindfolds_old_setting_level_is_read_as_mazes():
    assert settings("blindfold", level="4x4").mazes == "4x4"
    assert settings("blindfold", mazes="3x4").mazes == "3x4"
    with pytest.raises(ValueError, match=r"mazes \(mazes\) is one of"):
        settings("blindfold", level="5x5")


def test_a_blindfold_recording_of_the_old_setting_level_still_plays_and_saves_the_new():
    recording = Recording.from_json(OLD_BLINDFOLD)
    game = recording.play()
    assert game.level.name == "3x4" and game.sequence == "ddrr"
    again = Recording.of(recording.setup, game)
    assert again.setup.options == (("mazes", "3x4"),)
    assert Recording.from_json(again.to_json()).play().sequence == "ddrr"


# -- the lab ----------------------------------------------------------------------------------
def test_the_lab_settings_are_its_solvers_autoplay_generator_options_and_loops():
    plain = settings("lab")
    assert (plain.solvers, plain.autoplay, plain.generator_options, plain.braid) == (
        ("bfs", "tremaux"), True, (), 0.0)
    given = settings("lab", solvers=["bfs", "cheese"], generator_options=[["bias", 0.5]],
                     braid=1)
    assert given.solvers == ("bfs", "cheese")  # as a script or JSON gives them: lists
    assert given.generator_options == (("bias", 0.5),) and given.braid == 1.0
    hash(given)  # frozen and hashable, lists and all


@pytest.mark.parametrize(("key", "value"), [
    ("solvers", ("bfs", "no-such-solver")), ("solvers", ()), ("solvers", "bfs"),
    ("solvers", ("bfs", "tremaux", "cheese", "pledge", "astar")), ("solvers", 3),
    ("autoplay", "no"), ("braid", 2.0), ("braid", "some"),
    ("generator_options", (("bias",),)), ("generator_options", "bias=1"),
])
def test_a_bad_lab_setting_is_refused_naming_it(key, value):
    with pytest.raises(ValueError, match=key):
        settings("lab", **{key: value})


# -- the rat ----------------------------------------------------------------------------------
def test_the_rats_only_setting_is_whether_it_walks_at_once():
    assert settings("rat").autoplay is True and settings("rat", autoplay=False).autoplay is False
    with pytest.raises(ValueError, match="autoplay"):
        settings("rat", autoplay="false")
    with pytest.raises(ValueError, match="no setting 'solvers'"):
        settings("rat", solvers=("bfs",))


# -- the editor -------------------------------------------------------------------------------
def test_the_editor_opens_one_of_a_file_a_new_level_and_a_folder(tmp_path):
    assert settings("editor") == settings("editor", file=None)
    assert settings("editor", new=str(tmp_path / "a.toml")).new == str(tmp_path / "a.toml")
    with pytest.raises(ValueError, match="file and new"):
        settings("editor", file="a.toml", new="b.toml")
    for key in ("file", "new", "folder"):
        with pytest.raises(ValueError, match=f"editor's {key} is a path"):
            settings("editor", **{key: 3})
        with pytest.raises(ValueError, match=f"editor's {key} is a path"):
            settings("editor", **{key: ""})


# -- the modes that take none -----------------------------------------------------------------
@pytest.mark.parametrize("mode", ["classic", "campaign"])
def test_a_mode_that_takes_no_settings_refuses_any(mode):
    """Before, a classic setup carried any key unchecked (a recording too)."""
    GameSetup(mode).check_settings()
    with pytest.raises(ValueError, match="no setting 'budget'"):
        settings(mode, budget=4.0)


def test_a_classic_recording_with_a_setting_is_refused_when_read():
    doc = json.loads(OLD_BLIND)
    doc["mode"], doc["options"] = "classic", [["show_trail", False]]
    with pytest.raises(ReplayError, match="no setting 'show_trail'"):
        Recording.from_json(json.dumps(doc))
