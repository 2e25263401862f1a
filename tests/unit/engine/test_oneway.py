"""One-way doors (engine.oneway): no trap cells unless asked for, the fraction honoured, wrap,
seeds; trap cells and goal reachability against networkx (built from `Maze.step`)."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.grid import EAST, Maze
from mazegame.engine.oneway import (
    add_one_way_doors,
    cells_reaching_goals,
    one_way_door_count,
    one_way_target,
    trap_cells,
    two_way_door_count,
)
from tests.helpers import digraph

pytestmark = pytest.mark.usefixtures("strategy_kernels")  # before any draw

WRAPS = sorted(n for n, s in GENERATORS.items() if s.wraps)


# -- oracles (networkx and `Maze.step`, not the module under test) --------------------------
def reaching(maze: Maze) -> set[int]:
    """Cells from which some goal can be reached."""
    g = digraph(maze)
    return set(maze.goals).union(*(nx.ancestors(g, goal) for goal in maze.goals))


def traps(maze: Maze) -> set[int]:
    """Cells reachable from the start that reach no goal."""
    return ({maze.start} | nx.descendants(digraph(maze), maze.start)) - reaching(maze)


def doors(maze: Maze) -> tuple[int, int]:
    """(two-way, one-way) doors between neighbouring cells, each side counted once, from the
    step rule: a side a move passes both ways, or one way only."""
    both = one = 0
    for a in range(maze.size):
        for d in (1, 2):  # east and south: every side of the grid once
            b = maze.neighbor(a, d)
            if b < 0 or b == a:
                continue
            there, back = maze.step(a, d) == b, maze.step(b, d ^ 2) == a
            both += there and back
            one += there != back
    return both, one


@st.composite
def mazes(draw):
    """A small maze, perfect or braided, maybe wrapped on either axis, 1-3 goals."""
    name = draw(st.sampled_from(WRAPS))
    wrap_x, wrap_y = draw(st.booleans()), draw(st.booleans())
    w, h = draw(st.integers(3, 10)), draw(st.integers(3, 10))
    maze = generate(name, w, h, draw(st.integers(0, 2**31 - 1)), wrap_x=wrap_x, wrap_y=wrap_y,
                    braid=draw(st.sampled_from([0.0, 0.2, 0.5, 1.0]))).maze
    cells = st.integers(0, maze.size - 1)
    goals = sorted(draw(st.sets(cells, min_size=1, max_size=3)))
    return maze.copy(start=draw(cells), goals=tuple(goals))


fractions = st.sampled_from([0.0, 0.05, 0.1, 0.25, 0.5, 0.75, 1.0]) | st.floats(0, 1)


# -- properties ------------------------------------------------------------------------------
@settings(max_examples=80)
@given(maze=mazes(), fraction=fractions, seed=st.integers(0, 2**31 - 1))
def test_no_cell_loses_its_way_to_a_goal_and_the_fraction_is_honoured(maze, fraction, seed):
    out = add_one_way_doors(maze, fraction, seed)
    both, one = doors(maze)
    assert one == 0
    made = math.floor(fraction * both + 0.5)
    assert doors(out) == (both - made, made)
    assert reaching(out) == reaching(maze) == set(range(maze.size))
    assert traps(out) == set()
    assert trap_cells(out).tolist() == []
    # Only sides were walled: every move of the result was a move before.
    assert set(digraph(out).edges) <= set(digraph(maze).edges)
    assert np.array_equal(out.walls | maze.walls, out.walls)


@settings(max_examples=40)
@given(maze=mazes(), fraction=fractions, seed=st.integers(0, 2**31 - 1))
def test_with_traps_the_fraction_is_still_exact_and_trap_cells_match_networkx(
        maze, fraction, seed):
    out = add_one_way_doors(maze, fraction, seed, traps=True)
    both, _ = doors(maze)
    made = math.floor(fraction * both + 0.5)
    assert doors(out) == (both - made, made)
    assert trap_cells(out).tolist() == sorted(traps(out))
    assert set(np.flatnonzero(cells_reaching_goals(out))) == reaching(out)


@settings(max_examples=25)
@given(maze=mazes(), fraction=fractions, seed=st.integers(0, 2**31 - 1))
def test_same_seed_same_maze_and_the_input_is_untouched(maze, fraction, seed):
    before = maze.walls.copy()
    first = add_one_way_doors(maze, fraction, seed)
    assert np.array_equal(maze.walls, before)
    assert np.array_equal(add_one_way_doors(maze, fraction, seed).walls, first.walls)
    assert (first.start, first.goals, first.wrap_x, first.wrap_y) == (
        maze.start, maze.goals, maze.wrap_x, maze.wrap_y)


@settings(max_examples=25)
@given(name=st.sampled_from(sorted(n for n, s in GENERATORS.items() if s.perfect)),
       seed=st.integers(0, 2**31 - 1), fraction=fractions)
def test_in_a_perfect_maze_every_one_way_door_points_toward_the_goal(name, seed, fraction):
    maze = generate(name, 8, 6, seed).maze
    out = add_one_way_doors(maze, fraction, seed)
    to_goal = nx.single_target_shortest_path_length(digraph(maze), maze.goals[0])
    old = digraph(maze)
    new = digraph(out)
    for a, b in old.edges:
        if not new.has_edge(a, b):  # b -> a is what is left: b is the farther cell
            assert to_goal[b] == to_goal[a] + 1


def test_the_counts_agree_with_the_step_rule():
    maze = add_one_way_doors(generate("kruskal", 9, 7, 4, wrap_x=True, braid=0.5).maze, 0.3, 2)
    assert (two_way_door_count(maze), one_way_door_count(maze)) == doors(maze)


def test_doors_across_the_seam_are_doors_too():
    """A ring of three cells round the x seam: fraction 1 makes all three one-way (the seam
    door included) and every cell still reaches the goal."""
    ring = Maze.open(3, 1, wrap_x=True).copy(start=0, goals=(2,))
    assert doors(ring) == (3, 0) and two_way_door_count(ring) == 3
    out = add_one_way_doors(ring, 1.0, 5)
    assert doors(out) == (0, 3)
    assert out.is_open(2, EAST) != out.is_open(0, EAST ^ 2)  # the seam door is one-way
    assert reaching(out) == {0, 1, 2}


def test_rounding_is_to_the_nearest_door_halves_up():
    assert [one_way_target(f, 10) for f in (0.0, 0.04, 0.05, 0.25, 0.5, 1.0)] == [0, 0, 1, 3, 5, 10]
    assert one_way_target(0.5, 3) == 2 and one_way_target(1 / 3, 3) == 1


def test_traps_can_appear_only_when_asked_for():
    maze = generate("backtracker", 12, 8, 1).maze
    trapped = [s for s in range(20) if traps(add_one_way_doors(maze, 0.5, s, traps=True))]
    assert trapped  # a perfect maze with random arrows traps someone...
    assert all(not traps(add_one_way_doors(maze, 0.5, s)) for s in range(20))  # ...else never


@pytest.mark.parametrize("fraction", [-0.1, 1.5, math.nan, "lots", None])
def test_a_fraction_outside_0_to_1_is_refused(fraction):
    with pytest.raises(ValueError, match="one-way fraction is a number from 0 to 1"):
        add_one_way_doors(Maze.open(3, 3), fraction, 1)


def test_existing_one_way_doors_are_kept_and_not_counted():
    maze = generate("backtracker", 6, 6, 3, braid=1.0).maze
    first = add_one_way_doors(maze, 0.2, 1)
    both, one = doors(first)
    second = add_one_way_doors(first, 0.5, 2)
    made = math.floor(0.5 * both + 0.5)
    assert doors(second) == (both - made, one + made)
    assert reaching(second) == set(range(maze.size))


def test_rock_sides_are_no_doors():
    cave = generate("cavern", 9, 7, 3).maze
    out = add_one_way_doors(cave, 1.0, 3)
    assert doors(out)[0] == 0 and doors(out)[1] == doors(cave)[0]
    assert not traps(out)


def test_an_exit_in_the_outer_wall_is_not_a_one_way_door():
    """A bounded maze with a gap in its border (a level's exit) has only two-way doors."""
    maze = Maze.open(3, 2)
    maze.walls[0, 1] &= ~np.uint8(1)  # the way out, north of the middle cell
    assert not maze.is_one_way
    maze.walls[1, 1] |= np.uint8(1)  # the door below it now opens one way only
    assert maze.is_one_way


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 7), st.integers(1, 7), st.booleans(), st.booleans(), st.data())
def test_is_one_way_matches_stepping_both_ways(w, h, wrap_x, wrap_y, data):
    """A maze is one-way exactly when some move between two cells (by `Maze.step`) has no
    move back; any wall bits, wrap or not (the kernel compares each door's two sides)."""
    wrap_x, wrap_y = wrap_x and w >= 3, wrap_y and h >= 3
    bits = data.draw(st.lists(st.integers(0, 15), min_size=w * h, max_size=w * h))
    maze = Maze(np.array(bits, dtype=np.uint8).reshape(h, w), wrap_x, wrap_y)
    moves = {(v, maze.step(v, d)) for v in range(maze.size) for d in range(4)}
    one_way = any(v != u and (u, v) not in moves for v, u in moves)
    assert maze.is_one_way == one_way
