"""Which side a move key means on a board (games.board_moves): the arrows on hexagons."""

from __future__ import annotations

import pytest

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.tilings import TILINGS, hex_rows
from mazegame.games.board_moves import side_for

HEX = TILINGS["hex"].directions  # east, north-east, north-west, west, south-west, south-east
E, NE, NW, W, SW, SE = range(6)


def opened(*sides):
    return lambda d: d in sides


@pytest.mark.parametrize("name", HEX)
def test_a_side_named_by_the_key_is_that_side(name):
    assert side_for(HEX, name, opened()) == HEX.index(name)


def test_left_and_right_are_west_and_east_on_hexagons():
    assert side_for(HEX, "east", opened(NE, NW)) == E
    assert side_for(HEX, "west", opened(NE, NW)) == W


@pytest.mark.parametrize(("direction", "open_side"), [("north", NE), ("north", NW),
                                                      ("south", SE), ("south", SW)])
def test_up_and_down_take_the_one_open_side_of_the_two(direction, open_side):
    for last in (None, E, W, NE, NW, SE, SW):
        assert side_for(HEX, direction, opened(open_side, E, W), last) == open_side


@pytest.mark.parametrize(("last", "up", "down"), [
    (E, NE, SE), (NE, NE, SE), (SE, NE, SE),  # after a move leaning east: east again
    (W, NW, SW), (NW, NW, SW), (SW, NW, SW),  # after one leaning west: west again
    (None, NE, SE),  # the first move: east
])
def test_with_both_open_up_and_down_continue_the_last_moves_lean(last, up, down):
    everything = opened(*range(6))
    assert side_for(HEX, "north", everything, last) == up
    assert side_for(HEX, "south", everything, last) == down


def test_with_neither_open_up_bumps_into_the_wall_it_leans_to():
    assert side_for(HEX, "north", opened(E, W), last=W) == NW
    assert side_for(HEX, "south", opened(), last=None) == SE


def test_triangles_arrows_mean_what_they_show():
    names = TILINGS["triangle"].directions
    for d, name in enumerate(names):
        assert side_for(names, name, opened()) == d


def test_a_direction_the_board_has_no_side_for_is_refused():
    with pytest.raises(ValueError, match="up"):
        side_for(HEX, "up", opened())


def test_on_a_real_maze_up_goes_through_the_open_door():
    """A 3x3 odd-r board whose middle cell (odd row) opens north-east only: up from the
    middle lands on the cell beyond that side (the board's links, not the rule, say which)."""
    board = hex_rows(3, 3)
    middle = 4
    ne = int(board.links[middle, NE])
    maze = BoardMaze.of_passages(board, [(middle, ne)])
    side = side_for(HEX, "north", lambda d: maze.is_open(middle, d), last=W)
    assert maze.step(middle, side) == ne == 2  # odd row: north-east is (row 0, col 2)
