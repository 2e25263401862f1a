"""Property tests of the trading and instructional kinds over seeds and small mazes,
braided and one-way: options are the doors, and value and difficulty rise toward the goal."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazegame.engine.generate import generate
from mazegame.games.interpreted import instructional, trading
from mazegame.games.modes import DIFFICULTIES
from tests.helpers import PERFECT, one_way_mazes
from tests.unit.games.interpreted.kinds_checks import (
    assert_no_line_repeats,
    assert_options_match_doors,
    assert_rises_toward_goal,
)

pytestmark = pytest.mark.usefixtures("strategy_kernels")  # before any draw


@st.composite
def braided_mazes(draw):
    """A small braided maze (perhaps wrapped) with a random start and goal."""
    name = draw(st.sampled_from([n for n in PERFECT if n != "unicursal"]))
    wrap = draw(st.booleans()) and name not in ("binary-tree", "sidewinder", "eller",
                                                "recursive-division")
    low = 3 if wrap else 1
    w, h = draw(st.integers(low, 8)), draw(st.integers(low, 8))
    try:
        maze = generate(name, w, h, draw(st.integers(0, 2**31 - 1)), wrap_x=wrap,
                        wrap_y=wrap, braid=draw(st.sampled_from([0.0, 0.3, 1.0]))).maze
    except ValueError:  # a generator that cannot build this shape
        maze = generate("backtracker", w, h, 1, braid=0.5).maze
    cells = st.integers(0, maze.size - 1)
    return maze.copy(start=draw(cells), goals=(draw(cells),))


mazes = st.one_of(braided_mazes(), one_way_mazes())
settings = st.sampled_from(list(DIFFICULTIES))
seeds = st.integers(-(2**40), 2**40)


@given(mazes, seeds, settings)
def test_trading_offers_rise_toward_the_goal(maze, seed, difficulty):
    market = trading.build(maze, seed, difficulty)
    assert_options_match_doors(maze, market)
    assert_rises_toward_goal(maze, market, lambda o: o.value)
    assert_no_line_repeats(maze, market)


@given(mazes, seeds, settings)
def test_instructional_problems_rise_toward_the_goal(maze, seed, difficulty):
    school = instructional.build(maze, seed, difficulty)
    assert_options_match_doors(maze, school)
    assert_rises_toward_goal(maze, school, lambda o: o.difficulty)
    assert_no_line_repeats(maze, school)
