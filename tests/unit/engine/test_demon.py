"""The demon: Suits' M^s on demand and all-pairs give the same moves, every tracker move is a
step strictly closer (directed distances from networkx), a standing target is caught in
exactly its distance, one-way doors are never passed backwards, and the personalities."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.engine.demon import NO_MOVE, STAY, DemonBrain
from mazegame.engine.generate import generate
from mazegame.engine.graph import bfs, maze_graph
from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST, Maze, set_door
from mazegame.engine.matrices import solution_moves
from mazegame.engine.personalities import PERSONALITIES, Tracker, make_demon
from tests.helpers import braided_one_way_mazes, digraph, one_way_mazes, perfect_mazes

pytestmark = pytest.mark.usefixtures("strategy_kernels")  # before any draw


@st.composite
def braided_mazes(draw):
    """Mazes with loops (so ties between equally short moves happen), maybe wrapped."""
    wrap = draw(st.booleans())
    w, h = draw(st.integers(3, 12)), draw(st.integers(3, 12))
    braid = draw(st.sampled_from([0.0, 0.5, 1.0]))
    seed = draw(st.integers(0, 2**31 - 1))
    return generate("backtracker", w, h, seed, wrap_x=wrap, wrap_y=wrap, braid=braid).maze


any_maze = st.one_of(perfect_mazes(), one_way_mazes(), braided_mazes(),
                     braided_one_way_mazes(), braided_one_way_mazes(traps=True))


def to_target(maze: Maze, target: int) -> dict[int, int]:
    """networkx: the directed walking distance from every cell that can reach `target`."""
    return nx.single_source_shortest_path_length(digraph(maze).reverse(), target)


def lowest_ms_move(maze: Maze, cell: int, target: int) -> int:
    """The first direction marked in the cell's row of M^s (matrices.solution_moves)."""
    bits = int(solution_moves(maze, target)[0].flat[cell])
    return STAY if bits == 0 else (bits & -bits).bit_length() - 1


def chase_standing(maze: Maze, brain: DemonBrain, cell: int, target: int) -> list[int]:
    """Cells the tracker walks through towards a target that stands still."""
    demon, route = Tracker(maze, brain), [cell]
    while route[-1] != target and len(route) <= maze.size:
        nxt = demon.step(route[-1], target)
        if nxt == route[-1]:
            break
        route.append(nxt)
    return route


# -- the tracker --------------------------------------------------------------------------
@settings(deadline=None, max_examples=15)
@given(maze=any_maze, data=st.data())
def test_tracker_steps_strictly_closer_and_catches_in_exactly_the_distance(maze, data):
    cells = st.integers(0, maze.size - 1)
    cell, target = data.draw(cells), data.draw(cells)
    dist = to_target(maze, target)
    brain = DemonBrain(maze, data.draw(st.sampled_from(["on-demand", "all-pairs"])))
    route = chase_standing(maze, brain, cell, target)
    if cell not in dist:  # the target cannot be reached: the demon stays put
        assert route == [cell] and brain.distance(cell, target) == -1
        return
    assert len(route) - 1 == dist[cell] == brain.distance(cell, target)
    for a, b in zip(route, route[1:], strict=False):
        assert dist[b] == dist[a] - 1  # one move strictly closer, every move
        assert any(maze.step(a, d) == b for d in range(4))


def test_tracker_never_passes_a_one_way_door_backwards():
    # A 3x3 ring round a closed centre; the door 0 -> 1 opens eastwards only, so a demon in
    # 1 chasing a player in 0 must go the long way round (7 moves, not 1).
    maze = Maze.closed(3, 3)
    for cell, d in ((0, SOUTH), (3, SOUTH), (6, EAST), (7, EAST), (8, NORTH), (5, NORTH),
                    (2, WEST)):
        set_door(maze.walls, False, False, cell, d, True)
    maze.walls.flat[0] &= ~np.uint8(1 << EAST)  # open 0 -> 1 only
    assert maze.step(1, WEST) == 1 and maze.step(0, EAST) == 1
    for strategy in ("on-demand", "all-pairs"):
        route = chase_standing(maze, DemonBrain(maze, strategy), 1, 0)
        assert route == [1, 2, 5, 8, 7, 6, 3, 0]
        for a, b in zip(route, route[1:], strict=False):
            d = next(d for d in range(4) if maze.neighbor(a, d) == b)
            assert not maze.walls.flat[a] & (1 << d)  # left through an open side of its own


@settings(deadline=None, max_examples=15)
@given(maze=any_maze)
def test_both_strategies_make_identical_moves(maze):
    demand, table = DemonBrain(maze, "on-demand"), DemonBrain(maze, "all-pairs")
    n = maze.size
    rng = np.random.default_rng(n)
    pairs = [(c, t) for c in range(n) for t in range(n)] if n <= 64 else \
        [tuple(map(int, rng.integers(0, n, 2))) for _ in range(400)]
    for cell, target in pairs:
        assert demand.next_move(cell, target) == table.next_move(cell, target)
        assert demand.distance(cell, target) == table.distance(cell, target)
    for cell, target in pairs[:20]:  # and both read M^s, lowest direction first
        assert table.next_move(cell, target) == lowest_ms_move(maze, cell, target)


def test_table_entries_and_limited_distances():
    maze = generate("backtracker", 6, 5, 2).maze
    brain = DemonBrain(maze, "all-pairs")
    assert brain.table.shape == (30, 30) and brain.table.dtype == np.uint8
    assert (np.diag(brain.table) == NO_MOVE).all()  # standing on the target
    far = max(range(30), key=lambda c: brain.distance(c, 0))
    full = brain.distance(far, 0)
    for b in (brain, DemonBrain(maze, "on-demand")):
        assert b.distance(far, 0, within=full) == full
        assert b.distance(far, 0, within=full - 1) == -1


def test_strategy_is_chosen_by_size_and_reported():
    small, big = generate("kruskal", 10, 10, 1).maze, generate("kruskal", 100, 100, 1).maze
    assert DemonBrain(small).strategy == "all-pairs"
    brain = DemonBrain(big)
    assert brain.strategy == "on-demand" and brain.table is None
    assert DemonBrain(small, budget=100 * 100 - 1).strategy == "on-demand"
    table = DemonBrain(small)
    assert table.memory_bytes >= 100 * 100 and "all-pairs" in table.describe()
    before = brain.memory_bytes
    brain.next_move(0, 9999)  # the perfect maze's tree (elsewhere a search) takes memory
    assert brain.memory_bytes > before and "on-demand" in brain.describe()
    with pytest.raises(ValueError, match="unknown demon strategy"):
        DemonBrain(small, "psychic")


def test_on_demand_cache_reuses_the_search_until_the_target_moves():
    maze = generate("backtracker", 30, 30, 4, braid=0.5).maze  # loops: no tree shortcut
    brain = DemonBrain(maze, "on-demand")
    brain.next_move(899, 0)
    search = brain._searches[0]
    expanded = search.head
    brain.next_move(maze.step(899, brain.next_move(899, 0)), 0)
    assert brain._searches[0] is search and search.head == expanded  # nothing new to search


def test_in_a_big_maze_a_far_demon_steers_by_where_its_target_was():
    """Over STALE_CELLS cells, a target that moved at most DRIFT steps from a searched cell
    reuses that search while the demon is FAR away: the step is M^s's towards the old
    cell; a target that moved further, or a demon that came near, gets a fresh search."""
    from mazegame.engine.demon import DRIFT, FAR, STALE_CELLS
    from mazegame.engine.graph import path_to

    maze = generate("backtracker", 260, 260, 1, braid=0.3).maze
    assert maze.size > STALE_CELLS
    brain = DemonBrain(maze, "on-demand")
    demon, player = 0, maze.size - 1
    dist, parent, _ = bfs(maze_graph(maze), demon)
    route = path_to(dist, parent, player)
    brain.next_move(demon, player)
    [search] = brain._searches.values()
    near_player = route[-1 - DRIFT]  # the player walked DRIFT moves towards the demon
    assert brain.next_move(demon, near_player) == lowest_ms_move(maze, demon, player)
    assert list(brain._searches) == [player]  # no new search
    assert brain.next_move(demon, route[-2 - DRIFT]) == lowest_ms_move(
        maze, demon, route[-2 - DRIFT])  # one move too far: a search of its own
    assert len(brain._searches) == 2
    close = route[-FAR // 2]  # a demon near the old target: exact again
    assert brain.next_move(close, near_player) == lowest_ms_move(maze, close, near_player)


@pytest.mark.parametrize("kw", [{}, {"wrap_x": True, "wrap_y": True}])
def test_in_a_perfect_maze_the_on_demand_brain_needs_no_search(kw):
    # The route is unique: the tree's intervals answer every decision, the M^s one.
    maze = generate("kruskal", 9, 7, 2, **kw).maze
    brain = DemonBrain(maze, "on-demand")
    for cell in range(maze.size):
        for target in range(0, maze.size, 5):
            assert brain.next_move(cell, target) == lowest_ms_move(maze, cell, target)
    assert brain._tree is not None and not brain._searches
    assert "perfect maze" in brain.describe()


def test_a_maze_with_a_one_way_door_is_no_tree_for_the_brain():
    maze = generate("kruskal", 6, 6, 3).maze
    maze.walls.flat[14] |= np.uint8(1 << next(d for d in range(4) if maze.step(14, d) != 14))
    brain = DemonBrain(maze, "on-demand")
    brain.next_move(0, maze.size - 1)
    assert brain._tree is None


# -- personalities ------------------------------------------------------------------------
def test_registry_lists_the_three_personalities():
    assert set(PERSONALITIES) == {"tracker", "cheese", "wanderer"}
    for name, cls in PERSONALITIES.items():
        assert cls.name == name and cls.title and cls.tagline and cls.description
    with pytest.raises(ValueError, match="unknown demon"):
        make_demon("poltergeist", Maze.open(2, 2))


@pytest.mark.parametrize("name", sorted(PERSONALITIES))
def test_every_personality_moves_by_the_step_rule(name):
    maze = generate("backtracker", 12, 12, 5, braid=0.5).maze
    maze.walls.flat[40] &= ~np.uint8(0b1111)  # some one-way openings
    demon = make_demon(name, maze, seed=3)
    cell, target = 0, maze.size - 1
    for _ in range(200):
        nxt = demon.step(cell, target)
        assert nxt == cell or any(maze.step(cell, d) == nxt for d in range(4))
        cell = nxt


def test_cheese_nose_smells_a_player_next_door_and_wanders_without_scent():
    maze = Maze.open(5, 1)
    cheese = make_demon("cheese", maze)
    assert cheese.step(3, 4) == 4  # the player's own cell smells the strongest
    far = make_demon("cheese", generate("backtracker", 40, 40, 1).maze, spread=1)
    assert far.decide(0, 1599) != STAY  # no scent reaches it yet: it still walks
    assert far.scent[0] == 0.0


def test_wanderer_tracks_only_within_earshot():
    maze = Maze.open(30, 1)
    wanderer = make_demon("wanderer", maze, sense=3, drift=0.0)
    assert wanderer.decide(10, 13) == EAST and wanderer.decide(13, 10) == WEST
    assert not wanderer.senses(10, 20)
    # Out of earshot it walks the least-recently-used door: in a corridor, it keeps going.
    cell, seen = 5, []
    for _ in range(6):
        cell = wanderer.step(cell, 29)
        seen.append(cell)
    assert len(set(seen)) >= 5


@pytest.mark.parametrize("name", list(PERSONALITIES))
def test_every_demon_finds_a_player_who_stands_still(name):
    """Every personality is a threat in the end: at normal keenness, from across a maze
    and out of earshot, it reaches a player who never moves within twice the walking
    distance (the old wanderer, a pure door walk, took up to 5x: 716 steps for 150)."""
    maze = generate("backtracker", 29, 17, 3, braid=0.1).maze
    far = DemonBrain(maze).distance(0, maze.size - 1)
    for seed in range(8):
        demon = make_demon(name, maze, seed=seed, keen=0.6)
        cell = 0
        for _ in range(2 * far):
            cell = demon.step(cell, maze.size - 1)
            if cell == maze.size - 1:
                break
        assert cell == maze.size - 1, (name, seed)
