"""Solvers: every registered solver on every perfect generator, lengths against networkx,
Suits' loop and king's-chamber failures, directed mazes, and traces that replay to the
reported result."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.cli import main
from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.graph import maze_graph
from mazegame.engine.grid import EAST, WEST, Maze
from mazegame.engine.solve import ORDER, SOLVERS, solve
from mazegame.engine.solve.registry import (
    BUDGET,
    KINGS_CHAMBER,
    LOOP,
    STUCK,
    SWITCH_HANDS,
    UNREACHABLE,
    loop_erased,
)
from mazegame.engine.trace import Op, Replay
from tests.helpers import FIG15, PERFECT, digraph, one_way_mazes, perfect_mazes

pytestmark = pytest.mark.usefixtures("strategy_kernels")  # before any draw

WRAPPING = sorted(name for name, spec in GENERATORS.items() if spec.perfect and spec.wraps)
DIRECTED = [name for name, spec in SOLVERS.items() if spec.directed]
UNDIRECTED = [name for name, spec in SOLVERS.items() if not spec.directed]
NAMES = [
    "random-walk", "left-hand", "right-hand", "hand-switch", "lru-doors", "bfs",
    "bfs-from-goal", "tremaux", "cheese", "pledge", "dead-end-fill", "astar",
    "bidirectional-bfs",
]


# -- helpers ------------------------------------------------------------------------------
def shortest(maze: Maze) -> int:
    """networkx: fewest moves from the start to the nearest goal."""
    lengths = nx.single_source_shortest_path_length(digraph(maze), maze.start)
    return min(lengths[g] for g in maze.goals if g in lengths)


def assert_legal(maze: Maze, path: list[int]) -> None:
    """Every consecutive pair of cells is one `step` (passes a door)."""
    for a, b in zip(path, path[1:], strict=False):
        assert any(maze.step(a, d) == b for d in range(4)), f"{a} -> {b} is no move"


def check(maze: Maze, name: str, **kw) -> None:
    """Run one solver and hold it to its registry entry."""
    spec = SOLVERS[name]
    result = solve(name, maze, **kw)
    if spec.complete:
        assert result.found, f"{name}: {result.reason}"
    if not result.found:
        assert result.reason and result.length is None and result.stop != "found"
        return
    assert result.stop == "found" and result.path[0] == maze.start
    assert result.path[-1] in maze.goals
    assert_legal(maze, result.path)
    best = shortest(maze)
    assert result.length == best if spec.shortest else result.length >= best
    route = result.route
    assert len(set(route)) == len(route) and route[0] == maze.start and route[-1] in maze.goals
    assert_legal(maze, route)
    if spec.walker:  # the walk itself: legal, and its loops erased give the path
        assert result.walk_complete and result.walk[0] == maze.start
        assert_legal(maze, result.walk)
        assert loop_erased(result.walk) == result.path
        assert len(result.walk) - 1 == result.steps or name == "cheese"  # cheese: ticks


# -- the registry ---------------------------------------------------------------------------
def test_registry_names_and_order():
    assert list(SOLVERS) == NAMES == list(ORDER)


def test_solve_list_prints_one_solver_a_line(capsys):
    assert main(["solve", "--list"]) == 0
    assert [line.split(" ")[0] for line in capsys.readouterr().out.splitlines()] == NAMES


def test_unknown_solver_and_undirected_refusal():
    with pytest.raises(ValueError, match="unknown solver"):
        solve("teleport", Maze.open(3, 3))
    wrapped = generate("backtracker", 4, 4, 1, wrap_x=True).maze
    for name in UNDIRECTED:
        with pytest.raises(ValueError, match="two-way doors"):
            solve(name, wrapped)


# -- every solver on every perfect generator ---------------------------------------------
@pytest.mark.parametrize("generator", PERFECT)
@pytest.mark.parametrize("name", NAMES)
def test_every_solver_on_every_generator(name, generator):
    maze = generate(generator, 9, 7, 5).maze
    check(maze, name)
    check(maze.copy(start=maze.size // 2, goals=(0,)), name)


@pytest.mark.parametrize("name", NAMES)
@settings(deadline=None, max_examples=10)
@given(maze=perfect_mazes())
def test_solver_on_random_perfect_mazes(name, maze):
    check(maze, name)


@pytest.mark.parametrize("name", ["random-walk", "lru-doors", "tremaux"])
@settings(deadline=None, max_examples=10)
@given(maze=perfect_mazes(), seed=st.integers(0, 2**31 - 1))
def test_randomized_solvers_follow_their_seed(name, maze, seed):
    first = solve(name, maze, seed=seed)
    assert solve(name, maze, seed=seed).walk == first.walk
    check(maze, name, seed=seed)


@pytest.mark.parametrize("name", DIRECTED)
@settings(deadline=None, max_examples=10)
@given(maze=st.one_of(perfect_mazes(WRAPPING, wrap=True), one_way_mazes()))
def test_directed_solvers_on_wrap_and_one_way_mazes(name, maze):
    check(maze, name)


def test_searches_see_one_way_doors():
    """A one-way door is a shortcut forwards only: bfs from the start takes it, and a
    search from the goal must not use it backwards."""
    maze = Maze.open(5, 1).copy(start=0, goals=(4,))
    maze.walls[0, 1] |= 2  # wall between cells 1 and 2 seen from 1 ...
    maze.walls[0, 2] &= ~np.uint8(8)  # ... but open seen from 2: 2 -> 1 only
    for name in DIRECTED:
        result = solve(name, maze)
        assert not result.found and result.reason, name
    back = maze.copy(start=4, goals=(0,))
    for name in ("bfs", "bfs-from-goal", "astar", "bidirectional-bfs", "cheese"):
        assert solve(name, back).path == [4, 3, 2, 1, 0], name


# -- Suits' failures -------------------------------------------------------------------------
def test_fig15_left_hand_facing_east_loops():
    """Suits: from cell 5 facing east the left hand circles 5, 6, 3, 2, 1, 4 for ever."""
    result = solve("left-hand", FIG15, facing=EAST)
    assert not result.found and result.extra["status"] == LOOP
    assert "loop" in result.reason and "fig. 15" in result.reason
    assert [c + 1 for c in result.walk] == [5, 6, 3, 2, 1, 4, 5]
    assert {7, 8, 9}.isdisjoint(c + 1 for c in result.walk)
    assert result.path == [4] and result.length is None and result.stop == "loop"


def test_fig15_the_other_headings_and_hands():
    assert solve("left-hand", FIG15, facing=WEST).found
    assert solve("right-hand", FIG15, facing=EAST).found
    looped = solve("right-hand", FIG15, facing=WEST)
    assert not looped.found and looped.extra["status"] == LOOP
    switched = solve("hand-switch", FIG15, facing=EAST, record=True)
    assert switched.found and switched.path[-1] == 8 and switched.walk[-1] == 8
    replay = Replay(switched.trace)
    replay.seek(len(switched.trace))
    assert replay.count(Op.NOTE, SWITCH_HANDS) == 1


@pytest.mark.parametrize("size", [5, 7, 9])
@pytest.mark.parametrize("name", ["left-hand", "right-hand", "hand-switch"])
def test_kings_chamber_defeats_the_wall_followers(name, size):
    """Suits fig. 16: a goal in the middle of a room touches no wall the hand can follow."""
    room = Maze.open(size, size).copy(start=0, goals=((size // 2) * size + size // 2,))
    hand = 1 if name != "right-hand" else -1
    # Every start with the hand on the wall (facing north or east at the corner), and the
    # default heading.
    for facing in [None] + [d for d in range(4) if room.step(0, (d - hand) % 4) == 0]:
        result = solve(name, room, facing=facing, budget=10**9)
        assert not result.found and result.extra["status"] == KINGS_CHAMBER
        assert "king's chamber" in result.reason and result.stop == "kings-chamber"
        assert_legal(room, result.walk)
    assert solve("tremaux", room).found and solve("lru-doors", room).found


def test_budget_and_unreachable_are_reported():
    maze = generate("backtracker", 30, 30, 3).maze
    tired = solve("random-walk", maze, budget=5)
    assert not tired.found and tired.extra["status"] == BUDGET and len(tired.walk) == 6
    assert tired.steps == 5 and tired.stop == "budget" and tired.length is None
    walled = maze.copy(walls=maze.walls | 15)  # every cell closed in
    for name in ("bfs", "bfs-from-goal", "astar", "bidirectional-bfs", "tremaux", "dead-end-fill"):
        result = solve(name, walled)
        assert not result.found and result.extra["status"] in (UNREACHABLE, STUCK), name
        assert result.reason and result.stop in ("no-path", "stuck") and result.length is None


# -- traces ------------------------------------------------------------------------------------
def replayed(result) -> Replay:
    replay = Replay(result.trace)
    replay.seek(len(result.trace))
    return replay


@pytest.mark.parametrize("name", NAMES)
@settings(deadline=None, max_examples=10)
@given(maze=perfect_mazes())
def test_trace_agrees_with_the_fast_run(name, maze):
    fast = solve(name, maze)
    traced = solve(name, maze, record=True)
    assert traced.path == fast.path and traced.found == fast.found
    events = traced.trace.events
    assert events.dtype == np.int32 and events.shape[1] == 3
    assert set(np.unique(events[:, 2][events[:, 0] == Op.AT])) <= set(range(SOLVERS[name].agents))
    replay = replayed(traced)
    if SOLVERS[name].walker:
        assert events[events[:, 0] == Op.AT, 1].tolist() == fast.walk
        assert replay.agents[0] == fast.path[-1] == fast.walk[-1]
    if "doors" not in SOLVERS[name].layers:
        assert not np.any(events[:, 0] == Op.DOOR)
    # Stepping back to the start undoes everything.
    replay.seek(0)
    assert not replay.marks.any() and not replay.labels.any() and not replay.doors.any()


@settings(deadline=None, max_examples=10)
@given(maze=perfect_mazes())
def test_bfs_from_goal_labels_are_distances_to_the_goal(maze):
    result = solve("bfs-from-goal", maze, record=True)
    to_goal = nx.single_source_shortest_path_length(digraph(maze).reverse(), maze.goals[0])
    labels = replayed(result).labels
    assert all(labels[c] == d for c, d in to_goal.items())
    assert result.extra["distances"].tolist() == [to_goal[c] for c in range(maze.size)]


@settings(deadline=None, max_examples=10)
@given(maze=perfect_mazes(), seed=st.integers(0, 1000))
def test_tremaux_numbers_its_return_path(maze, seed):
    """Suits' counter variant: along the route, each door towards the goal carries the
    number of steps left."""
    result = solve("tremaux", maze, record=True, seed=seed)
    doors = replayed(result).doors
    assert np.array_equal(doors, result.extra["doors"])
    route = result.route
    for i, (a, b) in enumerate(zip(route, route[1:], strict=False)):
        side = next(d for d in range(4) if maze.step(a, d) == b)
        assert doors[a, side] == len(route) - 1 - i
    assert np.all(doors[doors > 0] <= len(route) - 1)


@settings(deadline=None, max_examples=10)
@given(maze=perfect_mazes())
def test_lru_doors_carry_the_last_move_through_them(maze):
    result = solve("lru-doors", maze, record=True)
    doors = replayed(result).doors
    walk = result.walk
    for i, (a, b) in enumerate(zip(walk, walk[1:], strict=False), start=1):
        side = next(d for d in range(4) if maze.step(a, d) == b)
        last = max(j for j, (x, y) in enumerate(zip(walk, walk[1:], strict=False), start=1)
                   if {x, y} == {a, b})
        assert doors[a, side] == last >= i


def test_cheese_aroma_labels_only_grow():
    maze = generate("kruskal", 8, 8, 2).maze
    result = solve("cheese", maze, record=True)
    events = result.trace.events
    labels = events[events[:, 0] == Op.LABEL]
    for cell in np.unique(labels[:, 1]):
        series = labels[labels[:, 1] == cell, 2]
        assert np.all(np.diff(series) > 0)
    assert replayed(result).labels[maze.goals[0]] == 1000


def test_bidirectional_moves_two_agents():
    maze = generate("wilson", 12, 12, 4).maze
    result = solve("bidirectional-bfs", maze, record=True)
    events = result.trace.events
    agents = set(events[events[:, 0] == Op.AT, 2].tolist())
    assert agents == {0, 1}


def test_csr_and_networkx_agree_on_the_move_graph():
    """The oracle above is built from `step`, the solvers from CSR: they must be one graph."""
    maze = generate("backtracker", 6, 5, 9, wrap_x=True).maze
    graph = maze_graph(maze)
    edges = {(v, int(u)) for v in range(graph.n) for u in graph.successors(v)}
    assert edges == set(digraph(maze).edges)


def test_cli_solve_reports_the_loop(tmp_path, capsys):
    from mazegame.engine.mazefile import to_text

    path = tmp_path / "fig15.txt"
    path.write_text(to_text(FIG15), encoding="utf-8")
    assert main(["solve", str(path), "--algo", "left-hand", "--facing", "east"]) == 1
    assert "left-hand: not found (caught in a loop" in capsys.readouterr().out
    assert main(["solve", str(path), "--algo", "hand-switch", "--facing", "east"]) == 0
    assert main(["solve", str(path), "--algo", "random-walk", "--budget", "-1"]) == 2
    assert "budget" in capsys.readouterr().err
