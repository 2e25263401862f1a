"""The cheese solver's fast sweep (cells renumbered by distance, only the cells the aroma
can have reached swept) against a plain numpy oracle that sweeps every cell every tick,
on random mazes with loops, one-way doors, wrap-around and unreachable goals."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.grid import Maze, set_door
from mazegame.engine.solve import cancel, new_control, solve
from mazegame.engine.solve.aroma import MAX_TICK_WORK, cheese_ticks

pytestmark = pytest.mark.usefixtures("strategy_kernels")  # before any draw


def oracle(maze: Maze, ticks: int) -> tuple[list[int], np.ndarray]:
    """Suits 3.6 as written: `ticks` Jacobi sweeps over every cell, the rat stepping to its
    strongest neighbour when that beats its own cell; returns (walk, aroma)."""
    n = maze.size
    table = np.full((n, 4), n)  # moves in graph order, n = no move (aroma 0)
    deg = np.zeros(n)
    for v in range(n):
        moves = [u for u in (maze.step(v, d) for d in range(4)) if u != v]
        if maze.solid is not None and maze.solid.flat[v]:
            moves = []
        table[v, :len(moves)] = moves
        deg[v] = len(moves)
    goals = list(maze.goals)
    tar = np.zeros(n + 1)
    tar[goals] = 1.0
    walk = [maze.start]
    for _ in range(ticks):
        if walk[-1] in goals:
            break
        total = tar[:n].copy()
        for slot in range(4):  # left to right, as the kernel adds them
            total += tar[table[:, slot]]
        new = total / (1 + deg)
        new[goals] = 1.0
        tar[:n] = new
        rat = walk[-1]
        best = max((maze.step(rat, d) for d in range(4)), key=lambda c: tar[c])
        if tar[best] > tar[rat]:
            walk.append(best)
    return walk, tar[:n]


@st.composite
def mazes(draw):
    """Small mazes of every kind the cheese solver takes."""
    name = draw(st.sampled_from(sorted(n for n, s in GENERATORS.items() if s.wraps)))
    wrap = draw(st.booleans())
    w, h = draw(st.integers(3, 9)), draw(st.integers(3, 9))
    maze = generate(name, w, h, draw(st.integers(0, 999)), wrap_x=wrap, wrap_y=wrap,
                    braid=draw(st.sampled_from([0.0, 0.5, 1.0]))).maze
    walls = maze.walls.copy()
    for _ in range(draw(st.integers(0, 6))):  # one-way doors and closed doors
        cell, d = draw(st.integers(0, maze.size - 1)), draw(st.integers(0, 3))
        if draw(st.booleans()):
            walls.flat[cell] &= ~np.uint8(1 << d)
        else:
            set_door(walls, wrap, wrap, cell, d, False)
    cells = st.integers(0, maze.size - 1)
    return maze.copy(walls=walls, start=draw(cells), goals=(draw(cells),))


@settings(deadline=None, max_examples=60)
@given(maze=mazes(), budget=st.integers(1, 400))
def test_cheese_matches_the_every_cell_sweep(maze, budget):
    result = solve("cheese", maze, budget=budget)
    walk, aroma = oracle(maze, result.steps)
    assert result.walk == walk
    assert np.array_equal(result.extra["aroma"], aroma)
    if result.stop == "settled":  # one more tick changes nothing and the rat stays
        assert oracle(maze, result.steps + 1)[1].tolist() == aroma.tolist()


def test_an_unreachable_cheese_is_given_up_once_the_smell_has_spread():
    maze = generate("kruskal", 12, 12, 1).maze
    for d in range(4):
        set_door(maze.walls, False, False, maze.start, d, False)
    result = solve("cheese", maze)
    assert result.stop == "no-path" and result.steps <= 2 * maze.size
    assert np.count_nonzero(result.extra["aroma"]) > maze.size // 2  # it did spread


def test_the_default_tick_cap_scales_with_the_maze():
    assert cheese_ticks(100) < cheese_ticks(10) or cheese_ticks(100) == 10_000
    assert cheese_ticks(200 * 200) * 200 * 200 <= 4_000_000_000


def test_cheese_polls_the_cancel_flag():
    control = new_control()
    cancel(control)
    result = solve("cheese", generate("backtracker", 20, 20, 1).maze, control=control)
    assert result.stop == "cancelled" and result.steps == 0


def test_a_budget_of_ticks_too_big_for_the_maze_is_refused():
    maze = generate("backtracker", 200, 200, 1).maze
    with pytest.raises(ValueError, match="ticks"):
        solve("cheese", maze, budget=MAX_TICK_WORK // maze.size + 1)
    solve("cheese", maze, budget=1_000_000, control=stopped())  # what the lab asks for


def stopped():
    """A control array already cancelled: the run stops at its first tick."""
    control = new_control()
    cancel(control)
    return control
