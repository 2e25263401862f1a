"""The place rat (`--variant place`): habits that turn with the rat, a map of places from its
own moves, the map going quiet in a maze it does not know, and what that buys."""

import numpy as np
import pytest

from mazegame.engine.generate import generate
from mazegame.engine.grid import Maze
from mazegame.engine.rat import VARIANTS, RatNet, episode, hyper, seed_rng
from mazegame.engine.rat.episode import FAMILIAR, _turn
from mazegame.engine.rat.net import REACH, SPAN, place_of
from mazegame.games import rat

NO_LOG = np.zeros((0, 3), np.int64)


@pytest.mark.parametrize("frame", range(4))
def test_a_turned_cell_type_puts_side_frame_plus_j_at_bit_j(frame):
    for t in range(16):
        turned = _turn(t, frame)
        assert turned == sum(1 << j for j in range(4) if t >> ((frame + j) % 4) & 1)


def test_a_displacement_lights_one_place_node_and_far_walks_share_the_border():
    assert place_of(0, 0) == REACH * SPAN + REACH
    assert place_of(1, 0) == place_of(0, 0) + 1 and place_of(0, 1) == place_of(0, 0) + SPAN
    assert place_of(REACH + 5, -REACH - 9) == place_of(REACH, -REACH)
    assert len({place_of(x, y) for x in range(-REACH, REACH + 1)
                for y in range(-REACH, REACH + 1)}) == SPAN * SPAN


def _episodes(net, maze, hp, count, learn=True):
    return [int(episode(*net.arrays(), *rat._args(maze), maze.start, maze.goals[0],
                        10 * maze.size, VARIANTS["place"], learn, hp, NO_LOG))
            for _ in range(count)]


def test_the_map_learns_which_way_the_goal_lies_from_the_start():
    # A corridor of three cells, the rat in the middle, the goal to the east.
    maze = Maze.open(3, 1).copy(start=1, goals=(2,))
    net = RatNet.fresh(8, 1, "place")
    hp = hyper("place")
    seed_rng(1)
    _episodes(net, maze, hp, 30)
    home = place_of(0, 0)
    east, west = 1, 3
    assert net.wvq[home] > 0.0  # the start promises the goal
    assert net.wq[east, home] > net.wq[west, home]
    assert net.wqt[home] == 2 | 8  # it remembers the start as open east and west
    assert hp[FAMILIAR] > 0.5


def test_the_map_goes_quiet_in_a_maze_it_does_not_know():
    home = generate("backtracker", 6, 6, 1).maze
    other = generate("backtracker", 6, 6, 2).maze
    trained = rat.train(home, 100, 1, "place", baselines=False).net
    familiar = {}
    for name, maze in (("home", home), ("other", other)):
        hp = hyper("place")
        seed_rng(5)
        _episodes(trained.copy(), maze, hp, 3, learn=False)
        familiar[name] = hp[FAMILIAR]
    assert familiar["home"] > 0.9 and familiar["other"] < 0.6


def test_frozen_runs_change_no_weight():
    maze = generate("backtracker", 5, 5, 3).maze
    net = rat.train(maze, 20, 3, "place", baselines=False).net
    before = net.copy()
    hp = hyper("place")
    seed_rng(2)
    _episodes(net, maze, hp, 3, learn=False)
    assert all(np.array_equal(a, b) for a, b in zip(net.arrays(), before.arrays(), strict=True))


def test_the_place_rat_finds_a_near_shortest_route_and_carries_its_habits_to_a_new_maze():
    maze = generate("backtracker", 6, 6, 2).maze
    result = rat.train(maze, 300, 2, "place")
    assert rat.last_median(result.episodes) <= 2 * result.shortest
    other = generate("backtracker", 9, 7, 102).maze
    runs = rat.run(result.net, other, 20, 2)
    walk = rat.mean_random_walk(other, [(other.start, other.goals[0])], 2)
    assert np.mean(runs) < walk / 2


def test_a_rat_saved_before_the_place_nodes_loads_with_silent_ones(tmp_path):
    net = RatNet.fresh(8, 3, "working")
    path = tmp_path / "old.npz"
    np.savez(path, variant=np.array("working"), wx=net.wx, wc=net.wc, bh=net.bh, wm=net.wm,
             wp=net.wp, wpm=net.wpm, wv=net.wv)
    back = rat.load(str(path))
    assert not back.wq.any() and not back.wvq.any() and not back.wqt.any()
    assert back.wq.shape == (4, SPAN * SPAN)
