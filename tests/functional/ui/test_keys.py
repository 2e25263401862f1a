"""The one move-key map: every set of move bindings binds each direction's keys, once."""

import pytest

from mazegame.ui.keys import (
    DIAGONAL_KEYS,
    MOVE_KEYS,
    facing_bindings,
    jump_bindings,
    move_bindings,
    split_move_bindings,
)
from mazegame.ui.screens.chase import BirdsEyeChaseScreen
from mazegame.ui.screens.eye import EyeScreen
from mazegame.ui.screens.jump import JumpScreen
from mazegame.ui.screens.walk import WalkScreen


def bound_keys(bindings) -> list[str]:
    """Every key the bindings bind, repeats kept."""
    return [key for b in bindings for key in b.key.split(",")]


def test_the_map_gives_every_direction_distinct_keys():
    keys = [key for k in MOVE_KEYS.values() for key in k] + list(DIAGONAL_KEYS.values())
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("build", [move_bindings, split_move_bindings, facing_bindings])
def test_every_move_key_is_bound_once(build):
    assert sorted(bound_keys(build())) == sorted(key for k in MOVE_KEYS.values() for key in k)


def test_jumps_take_the_move_keys_and_the_diagonals():
    expected = [key for k in MOVE_KEYS.values() for key in k] + list(DIAGONAL_KEYS.values())
    assert sorted(bound_keys(jump_bindings())) == sorted(expected)


@pytest.mark.parametrize(("screen", "build"), [
    (WalkScreen, move_bindings), (BirdsEyeChaseScreen, split_move_bindings),
    (EyeScreen, facing_bindings), (JumpScreen, jump_bindings),
])
def test_screens_take_their_moves_from_the_map(screen, build):
    ids = {b.id for b in screen.BINDINGS}
    assert {b.id for b in build()} <= ids


def test_a_scheme_is_a_keymap_of_the_move_bindings_ids():
    from mazegame.ui.keys import SCHEMES, keymap

    assert keymap("all") == {}  # every key live: Textual's bindings as declared
    vi, wasd = keymap("vi"), keymap("wasd")
    assert vi["move-north"] == "k" and vi["scroll-west"] == "h" and vi["jump-east"] == "l"
    assert wasd["forward"] == "w" and wasd["turn-around"] == "s"
    assert keymap("arrows")["move-south"] == "down"
    # the diagonals and the two-player letters stay as they are in every scheme
    assert not any(ident.startswith(("letters-", "arrow-")) or ident == "jump-northwest"
                   for ident in vi)
    assert all(keys for scheme in SCHEMES for keys in keymap(scheme).values())
    with pytest.raises(ValueError, match="schemes: all, vi, wasd, arrows"):
        keymap("emacs")


def test_the_footer_and_help_show_the_schemes_keys():
    from mazegame.ui.keys import help_label, key_display

    move_north, = (b for b in move_bindings() if b.id == "move-north")
    forward, = (b for b in facing_bindings() if b.id == "forward")
    assert key_display(move_north, "vi") == "hjkl" and key_display(move_north, "wasd") == "wasd"
    assert key_display(move_north, "arrows") == "↑↓←→" and key_display(move_north, "all") is None
    assert key_display(forward, "vi") == "k"
    assert help_label(move_north, "all") == "Move north (also k,w)"
    assert help_label(move_north, "vi") == "Move north"
