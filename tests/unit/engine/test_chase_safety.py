"""Winnability of a chase: the exact rule on hand-made corridors, safe detours, placement,
and the safe-route search against a brute-force search over (cell, turn) states."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.engine.chase_safety import Pursuit, Unwinnable, check_winnable, place
from mazegame.engine.generate import generate
from mazegame.engine.graph import bfs, maze_graph
from mazegame.engine.grid import Maze


def corridor(length: int = 7) -> Maze:
    """An east-west corridor with the exit at its east end."""
    return Maze.open(length, 1).copy(goals=(length - 1,))


def test_pursuit_counts_the_demons_steps():
    pace = Pursuit(Fraction(2, 3), head_start=2)
    assert [pace.demon_steps(t) for t in range(1, 9)] == [0, 0, 0, 1, 2, 2, 3, 4]
    assert (pace.mode, Pursuit(race=True).mode) == ("chase", "race")


def test_a_demon_guarding_the_corridor_is_refused():
    # Player at 0, exit at 6, demon at 5 at your speed: it meets you by cell 3 whatever you do.
    verdict = check_winnable(corridor(), 0, 5, (6,), Pursuit(Fraction(1)))
    assert not verdict.ok and "cut off every route" in verdict.reason
    assert verdict.route == (0, 1, 2, 3, 4, 5, 6)  # the shortest way, to show what went wrong
    # A demon in your way blocks the corridor however slow it is; one behind you does not.
    assert not check_winnable(corridor(), 0, 5, (6,), Pursuit(Fraction(1, 9))).ok
    assert check_winnable(corridor(), 2, 0, (6,), Pursuit()).ok
    assert "starts on the player's cell" in check_winnable(corridor(), 2, 2, (6,), Pursuit()).reason


def test_the_rule_counts_the_exit_before_the_demon_replies():
    # Demon at 6 (on the exit) can never be beaten; a demon 2 cells beyond the exit's
    # neighbour at speed 1 gets there one turn too late.
    assert not check_winnable(corridor(), 0, 6, (6,), Pursuit()).ok
    long = Maze.open(9, 1).copy(goals=(4,))
    # You need 4 moves; the demon at 8 is 4 from the exit and takes D(3) = 3 steps meanwhile.
    verdict = check_winnable(long, 0, 8, (4,), Pursuit())
    assert verdict.ok and verdict.route == (0, 1, 2, 3, 4) and verdict.margin == 1
    assert not check_winnable(long, 0, 7, (4,), Pursuit()).ok
    assert check_winnable(long, 0, 7, (4,), Pursuit(head_start=1)).ok  # a turn to spare
    assert check_winnable(long, 0, 7, (4,), Pursuit(Fraction(2, 3))).ok


def test_in_a_race_only_the_goal_is_contested():
    # The demon stands on your way but races for the goal: passing it is allowed.
    long = Maze.open(9, 1).copy(goals=(8,))
    assert check_winnable(long, 0, 3, (8,), Pursuit(Fraction(1, 2), race=True)).ok
    assert not check_winnable(long, 0, 3, (8,), Pursuit(Fraction(1, 2))).ok


def test_unreachable_exits_are_refused():
    closed = Maze.closed(3, 1).copy(goals=(2,))
    assert "no exit can be reached" in check_winnable(closed, 0, 1, (2,), Pursuit()).reason


def test_a_safe_detour_is_found_when_the_short_way_is_cut_off():
    maze = generate("backtracker", 8, 8, 3, braid=1.0).maze
    player, demon, verdict = place(maze, Pursuit(), seed=1)
    assert verdict.ok and verdict.route[0] == player and verdict.route[-1] in maze.goals
    assert verdict.margin >= 1


def test_placement_keeps_pinned_cells_and_refuses_what_cannot_be_won():
    maze = Maze.open(9, 1).copy(goals=(4,))
    assert place(maze, Pursuit(), player=0, demon=8)[:2] == (0, 8)
    with pytest.raises(Unwinnable, match="cannot be won"):
        place(maze, Pursuit(), player=0, demon=7)
    with pytest.raises(Unwinnable, match="no winnable chase found in 8 placements"):
        place(Maze.open(3, 1), Pursuit(Fraction(10)), tries=8)


def brute_safe_goals(maze: Maze, player: int, demon: int, goals, pace: Pursuit) -> set[int]:
    """Goals reachable by some safe route: a search over (cell, turn) states, waiting not
    allowed, turns bounded by the number of cells (a safe route never needs a repeat)."""
    graph = maze_graph(maze)
    demon_dist, _, _ = bfs(graph, demon)
    reached, frontier = set(), {player}
    for t in range(1, maze.size + 1):
        step = set()
        for v in frontier:
            if v in goals:
                continue
            for u in graph.indices[graph.indptr[v]:graph.indptr[v + 1]]:
                u = int(u)
                turns = t - 1 if u in goals else t
                if (not pace.race or u in goals) and 0 <= demon_dist[u] <= pace.demon_steps(turns):
                    continue
                step.add(u)
        reached |= step & set(goals)
        frontier = step
    return reached


@settings(deadline=None, max_examples=40)
@given(seed=st.integers(0, 10_000), braid=st.sampled_from([0.0, 0.5, 1.0]),
       speed=st.sampled_from([Fraction(1, 2), Fraction(3, 4), Fraction(1), Fraction(5, 4)]),
       head=st.integers(0, 3), race=st.booleans(), data=st.data())
def test_a_safe_route_exists_exactly_when_brute_force_finds_one(seed, braid, speed, head, race,
                                                                data):
    maze = generate("backtracker", 5, 4, seed, braid=braid).maze
    player = data.draw(st.integers(0, maze.size - 1))
    demon = data.draw(st.integers(0, maze.size - 1))
    pace = Pursuit(speed, head, race)
    verdict = check_winnable(maze, player, demon, maze.goals, pace)
    if player == demon and not race or player in maze.goals:
        return  # refused before the search / already home
    assert verdict.ok == bool(brute_safe_goals(maze, player, demon, maze.goals, pace))
    if verdict.ok:
        assert verdict.route[0] == player and verdict.route[-1] in maze.goals
