"""The rat's network rules (Suits section 5, fig. 22): predictions, reward, winner-take-all,
determinism, and that training beats the random walk on a small maze."""

import numpy as np
import pytest

from mazegame.engine.generate import generate
from mazegame.engine.rat import VARIANTS, RatNet, hyper
from mazegame.engine.rat.net import literal_reward, prediction_rule, winner_take_all
from mazegame.games import rat


def _net():
    return RatNet.fresh(8, 5, "literal")


@pytest.mark.parametrize("correct", [True, False])
def test_a_prediction_moves_the_named_weights_away_from_or_toward_zero(correct):
    net = _net()
    before = net.copy()
    h = np.tanh(np.linspace(-1, 1, 8))
    t, d, pred = 5, 2, 7
    prediction_rule(net.wx, net.wm, net.wp, net.wpm, h, t, d, pred, correct, 0.1, True)
    named = [(net.wp[pred], before.wp[pred]), (net.wm[d], before.wm[d]),
             (net.wx[:, t], before.wx[:, t]), (net.wpm[pred, d:d + 1], before.wpm[pred, d:d + 1])]
    for after, was in named:
        grew = np.abs(after) > np.abs(was)
        shrank = np.abs(after) < np.abs(was)
        assert (grew if correct else shrank)[np.abs(h) > 0 if after.shape == h.shape else
                                            slice(None)].all()
        assert (np.sign(after) == np.sign(was)).all()  # never through zero
    # Weights that took no part stay put.
    others = np.ones_like(net.wp, bool)
    others[pred] = False
    assert np.array_equal(net.wp[others], before.wp[others])
    assert np.array_equal(net.wc, before.wc)


def test_the_goal_reward_moves_the_traced_weights_further_from_zero():
    net = _net()
    before = net.copy()
    ex = np.zeros_like(net.wx)
    em = np.zeros_like(net.wm)
    ex[:, 3] = 1.0
    em[1] = 0.5
    literal_reward(net.wx, net.wm, ex, em, 0.2)
    assert (np.abs(net.wx[:, 3]) > np.abs(before.wx[:, 3])).all()
    assert (np.abs(net.wm[1]) > np.abs(before.wm[1])).all()
    untouched = np.delete(net.wx, 3, axis=1), np.delete(before.wx, 3, axis=1)
    assert np.array_equal(*untouched)


def _log_likelihood(net, maze, log, steps):
    """Sum of log pi of the logged moves, replayed through the net (context decay 0)."""
    from mazegame.engine.rat.net import CONTEXT, TYPES, decide, open_sides, predict

    ctx, h, net_in, q = np.zeros(CONTEXT), np.zeros(8), np.zeros(4), np.zeros(TYPES)
    t = open_sides(*rat._args(maze), maze.start)
    total = 0.0
    for k in range(steps):
        decide(net.wx, net.wc, net.bh, net.wm, t, ctx, h, net_in)
        d = int(log[k, 0])
        legal = [j for j in range(4) if t >> j & 1]
        total += net_in[d] - np.log(np.sum(np.exp(net_in[legal])))
        predict(net.wp, net.wpm, h, d, q)
        ctx[:] = 0.0
        ctx[d] = 1.0
        ctx[4:] = q
        t = int(log[k, 2])
    return total


@pytest.mark.parametrize(("usual", "likelier"), [(1000.0, True), (2.0, False)])
def test_the_working_rat_is_rewarded_for_a_shorter_episode_than_usual(usual, likelier):
    from mazegame.engine.rat import episode, seed_rng

    maze = generate("backtracker", 4, 4, 0).maze
    net = RatNet.fresh(8, 1, "working")
    net.wm[:] = np.random.default_rng(0).normal(0, 0.3, net.wm.shape)
    hp = hyper("working")
    hp[5] = np.log(usual)  # the running mean of log moves
    log = np.zeros((5000, 3), np.int64)
    seed_rng(0)
    before = net.copy()
    steps = episode(*net.arrays(), *rat._args(maze), maze.start, maze.goals[0], 5000,
                    VARIANTS["working"], True, hp, log)
    assert 2 < steps < 1000
    gained = _log_likelihood(net, maze, log, steps) - _log_likelihood(before, maze, log, steps)
    assert (gained > 0) == likelier


@pytest.mark.parametrize("legal", [0b0001, 0b0110, 0b1011, 0b1111, 0b1000])
def test_winner_take_all_picks_exactly_one_open_side(legal):
    rng = np.random.default_rng(legal)
    for _ in range(200):
        act = rng.normal(0, 3, 4)
        act[[d for d in range(4) if not legal >> d & 1]] -= 1e6
        winner = winner_take_all(act)
        assert legal >> winner & 1
        assert winner == int(np.argmax(act))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_an_episode_never_walks_into_a_wall(variant):
    maze = generate("backtracker", 5, 5, 3).maze
    net = RatNet.fresh(8, 1, variant)
    log = np.full((400, 3), -1, np.int64)
    from mazegame.engine.rat import episode, seed_rng

    seed_rng(1)
    steps = episode(*net.arrays(), *rat._args(maze), maze.start, maze.goals[0], 400,
                    VARIANTS[variant], True, hyper(variant), log)
    cell = maze.start
    for d in log[:steps, 0]:
        nxt = maze.step(cell, int(d))
        assert nxt != cell
        cell = nxt


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_training_is_deterministic_for_a_seed(variant):
    maze = generate("backtracker", 5, 5, 2).maze
    a = rat.train(maze, 15, 7, variant)
    b = rat.train(maze, 15, 7, variant)
    assert a.episodes == b.episodes and a.tabular_memoryless == b.tabular_memoryless
    assert all(np.array_equal(x, y) for x, y in zip(a.net.arrays(), b.net.arrays(), strict=True))


def test_the_trained_rat_beats_the_random_walk_on_a_small_maze():
    maze = generate("backtracker", 5, 5, 1).maze
    result = rat.train(maze, 100, 1, "working")
    assert rat.last_median(result.episodes) < result.random_walk / 2
    assert result.learned


def test_save_and_load_round_trip(tmp_path):
    net = RatNet.fresh(8, 3, "working")
    path = str(tmp_path / "r.npz")
    rat.save(net, path)
    back = rat.load(path)
    assert back.variant == "working"
    assert all(np.array_equal(x, y) for x, y in zip(net.arrays(), back.arrays(), strict=True))


def test_a_model_with_a_wrong_shape_is_refused(tmp_path):
    net = RatNet.fresh(8, 3, "working")
    net.wm = net.wm[:, :5]
    path = str(tmp_path / "r.npz")
    rat.save(net, path)
    with pytest.raises(rat.ModelError, match="wm"):
        rat.load(path)


def test_a_rat_saved_before_the_value_node_loads_with_a_silent_one(tmp_path):
    net = RatNet.fresh(8, 3, "working")
    path = tmp_path / "old.npz"
    np.savez(path, variant=np.array("working"), wx=net.wx, wc=net.wc, bh=net.bh, wm=net.wm,
             wp=net.wp, wpm=net.wpm)
    back = rat.load(str(path))
    assert back.wv.shape == (9,) and not back.wv.any()
    assert np.array_equal(back.wm, net.wm)
