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
