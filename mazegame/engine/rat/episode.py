"""One episode of the rat, start to goal or the step cap, learning as it goes (a kernel).

`hp` holds the settings (indices below) and the working variant's running reward baseline,
which the kernel updates; numba's np.random draws the exploration noise (seed it with
`seed_rng`)."""

from __future__ import annotations

import numpy as np

from mazegame.engine.grid import step_kernel
from mazegame.engine.jit import kernel
from mazegame.engine.rat.net import (
    CONTEXT,
    TYPES,
    decide,
    literal_reward,
    open_sides,
    place_of,
    predict,
    prediction_rule,
    winner_take_all,
)

LITERAL, WORKING = 0, 1  #: variant codes
#: Indices into hp: exploration temperature, context decay, reward trace decay, prediction
#: rate, reward rate, the running baseline (working), baseline rate, the chance of a random
#: move, whether capped episodes count in the baseline, which prediction rules reach the
#: decision weights in the working variant (0 none, 1 both, 2 rule 2 only), the bound on the
#: move nodes (0: none), the value node's rate (0: no critic, the whole-episode reward), the
#: traces' decay per move with the critic (lambda), the critic's cost of a move, how much of
#: the move weights an episode run into the cap keeps (1: all), the place nodes' rate (0: no
#: place nodes), how familiar the place map finds the maze (state carried between
#: episodes), whether the habits turn with the rat (1) or keep to the compass (0). The
#: docs/rat-experiments.md says which were tried and kept.
(TEMP, DECAY, GAMMA, LR_PRED, LR_REWARD, BASELINE, BASELINE_RATE, EXPLORE, CAPPED, DRULE,
 LIMIT, CRITIC, LAMBDA, COST, FORGET, PLACE, FAMILIAR, EGO) = range(18)
HP_SIZE = 18
PLACE_BOUND = 2.0  #: the bound on the place nodes' input to a move node
#: Columns of an episode's log: the move, the predicted type, the type found; a wider (float)
#: log also gets the activations: the decision nodes, the four move nodes' input, the
#: predictor's 16 nodes (see `log_width`).
LOG_MOVE, LOG_PRED, LOG_FOUND, LOG_ACTS = 0, 1, 2, 3


def log_width(hidden: int) -> int:
    """Columns of a log that records the activations too."""
    return LOG_ACTS + hidden + 4 + TYPES


@kernel
def seed_rng(seed):
    """Seed the generator the episode kernels draw from."""
    np.random.seed(seed)


@kernel
def episode(wx, wc, bh, wm, wp, wpm, wv, wq, wvq, wqt, walls, wrap_x, wrap_y, rock, start, goal,
            cap, variant, learn, hp, log):
    """Walk from start until the goal or `cap` moves; returns the moves made. With `learn`
    the weights change (in place) by the variant's rules. `log` ([cap, 3] or empty)
    receives, per move, the move, the predicted type and the type found; a float log of
    `log_width(H)` columns the activations too."""
    hn = bh.shape[0]
    h = np.zeros(hn)
    net = np.zeros(4)
    act = np.zeros(4)
    q = np.zeros(TYPES)
    ctx = np.zeros(CONTEXT)
    pi = np.zeros(4)
    slope = np.ones(4)
    pslope = np.zeros(4)
    pg = np.zeros(4)
    # Traces: literal = how much each weight was used (decaying), working = the summed
    # gradient of log pi (decaying when GAMMA < 1).
    e1x = np.zeros_like(wx)
    e1c = np.zeros_like(wc)
    e1b = np.zeros_like(bh)
    e1m = np.zeros_like(wm)
    dh = np.zeros(hn)
    temp, decay, gamma = hp[TEMP], hp[DECAY], hp[GAMMA]
    critic = hp[CRITIC] > 0.0 and variant == WORKING
    trace = gamma * hp[LAMBDA] if critic else gamma
    ev = np.zeros(hn + 1)  # the value node's trace
    v_prev = 0.0
    places = hp[PLACE] > 0.0 and critic
    eq = np.zeros_like(wq) if places else np.zeros((4, 0))
    evq = np.zeros_like(wvq) if places else np.zeros(0)
    dx = 0
    dy = 0
    place = place_of(0, 0)
    frame = 0
    cell = start
    steps = 0
    t = open_sides(walls, wrap_x, wrap_y, rock, cell)
    while cell != goal and steps < cap:
        if t == 0:
            break  # a closed cell: nowhere to go
        te = _turn(t, frame)  # the cell as the habits see it (ahead first in the place variant)
        decide(wx, wc, bh, wm, te, ctx, h, net)
        if places:
            seen = wqt[place]
            if seen > 0.0:  # the map's memory of this place against what is here
                hp[FAMILIAR] += 0.1 * ((seen == t) - hp[FAMILIAR])
            if learn:
                wqt[place] = t
        if critic and learn:
            v = _value(wv, h) + (wvq[place] if places else 0.0)
            if steps > 0:  # what the value node expected against what it now sees
                delta = gamma * v - v_prev - hp[COST]
                _td_update(delta, hp, wx, wc, bh, wm, wv, e1x, e1c, e1b, e1m, ev)
                if places:
                    _place_update(delta, hp, wq, wvq, eq, evq)
            v_prev = v
        for k in range(4):  # a bound on the move nodes keeps every open side possible
            slope[k] = 1.0
            if hp[LIMIT] > 0.0 and (te >> k) & 1:
                y = np.tanh(net[k] / hp[LIMIT])
                net[k] = hp[LIMIT] * y
                slope[k] = 1.0 - y * y
            pslope[k] = 0.0
            if places and (te >> k) & 1:  # the map's say, bounded on its own
                y = np.tanh(hp[FAMILIAR] * wq[(frame + k) % 4, place] / PLACE_BOUND)
                net[k] += PLACE_BOUND * y
                pslope[k] = hp[FAMILIAR] * (1.0 - y * y)
        for k in range(4):  # Gumbel noise: winner-take-all then samples softmax(net / temp)
            u = np.random.random()
            act[k] = net[k] / temp - np.log(-np.log(u + 1e-300) + 1e-300)
        de = winner_take_all(act)
        if hp[EXPLORE] > 0.0 and np.random.random() < hp[EXPLORE]:
            while True:  # now and then a random open side (breaks a learned loop)
                de = np.random.randint(0, 4)
                if (te >> de) & 1:
                    break
        d = (frame + de) % 4  # the compass move
        pred = predict(wp, wpm, h, d, q)
        nxt = step_kernel(walls, wrap_x, wrap_y, rock, cell, d)
        t2 = open_sides(walls, wrap_x, wrap_y, rock, nxt)
        if log.shape[0] > steps:
            log[steps, LOG_MOVE] = d
            log[steps, LOG_PRED] = pred
            log[steps, LOG_FOUND] = t2
            if log.shape[1] >= LOG_ACTS + hn + 4 + TYPES:
                for i in range(hn):
                    log[steps, LOG_ACTS + i] = h[i]
                for k in range(4):  # by compass side
                    x = net[(k - frame) % 4]
                    log[steps, LOG_ACTS + hn + k] = x if (t >> k) & 1 else -99.0
                for k in range(TYPES):
                    log[steps, LOG_ACTS + hn + 4 + k] = q[k]
        if learn:
            if variant == LITERAL:
                prediction_rule(wx, wm, wp, wpm, h, t, d, pred, pred == t2, hp[LR_PRED], True)
                e1x *= gamma
                e1m *= gamma
                for i in range(hn):
                    e1x[i, t] += 1.0
                    e1m[d, i] += abs(h[i])
            else:
                ok = pred == t2
                both = hp[DRULE] == 1.0 or (hp[DRULE] == 2.0 and not ok)
                prediction_rule(wx, wm, wp, wpm, h, t, d, pred, ok, hp[LR_PRED], both)
                _policy_gradient(wm, h, net, temp, te, de, ctx, pi, dh, trace,
                                 e1x, e1c, e1b, e1m, slope)
                if critic:
                    ev *= trace
                    for i in range(hn):
                        ev[i] += h[i]
                    ev[hn] += 1.0
                if places:
                    eq *= trace
                    evq *= trace
                    _softmax_open(net, te, temp, pg)
                    for k in range(4):  # replacing traces: a revisit does not pile up
                        eq[(frame + k) % 4, place] = ((k == de) - pg[k]) / temp * pslope[k]
                    evq[place] = 1.0
        if hp[EGO] > 0.0:  # the habits turn with the rat: the move just made is ahead
            frame = d
        else:  # Jordan context: the state nodes keep a decaying copy of the outputs.
            for j in range(CONTEXT):
                ctx[j] *= decay
            ctx[d] += 1.0
            for k in range(TYPES):
                ctx[4 + k] += q[k]
        dx += (d == 1) - (d == 3)  # path integration: where the rat is, from its own moves
        dy += (d == 2) - (d == 0)
        place = place_of(dx, dy)
        cell = nxt
        t = t2
        steps += 1
    if learn:
        reached = cell == goal
        if variant == LITERAL:
            if reached:
                literal_reward(wx, wm, e1x, e1m, hp[LR_REWARD])
        elif critic:
            if reached:  # the goal's reward, 1, against what the value node expected
                _td_update(1.0 - v_prev, hp, wx, wc, bh, wm, wv, e1x, e1c, e1b, e1m, ev)
                if places:
                    _place_update(1.0 - v_prev, hp, wq, wvq, eq, evq)
            elif steps >= cap and hp[FORGET] > 0.0:
                wm *= hp[FORGET]  # trapped by its own drift: loosen the habits
        else:
            # Reward by how this episode's length compares with the usual (a running mean
            # of log moves): shorter pushes every traced move up, longer (a loop run into
            # the cap) pushes them down. The trace is normalised by sqrt(moves).
            logt = np.log(max(steps, 1))
            if hp[BASELINE] == 0.0:
                hp[BASELINE] = logt
            adv = hp[BASELINE] - logt
            scale = hp[LR_REWARD] * adv / np.sqrt(max(steps, 1))
            wx += scale * e1x
            wc += scale * e1c
            bh += scale * e1b
            wm += scale * e1m
            if reached or hp[CAPPED] > 0.0:
                hp[BASELINE] += hp[BASELINE_RATE] * (logt - hp[BASELINE])
    return steps


@kernel
def _value(wv, h):
    """The value node: the discounted reward the decision nodes expect."""
    hn = h.shape[0]
    s = wv[hn]
    for i in range(hn):
        s += wv[i] * h[i]
    return s


@kernel
def _td_update(delta, hp, wx, wc, bh, wm, wv, e1x, e1c, e1b, e1m, ev):
    """Actor-critic: the value node's surprise `delta` moves the critic along its trace and
    the decision weights along theirs (gradients of log pi of the recent moves)."""
    a = hp[LR_REWARD] * delta
    wx += a * e1x
    wc += a * e1c
    bh += a * e1b
    wm += a * e1m
    wv += hp[CRITIC] * delta * ev


@kernel
def _turn(t, frame):
    """A cell type seen facing `frame`: bit j is side (frame + j) % 4."""
    return ((t >> frame) | (t << (4 - frame))) & 15


@kernel
def _softmax_open(net, t, temp, p):
    """p: the chance of each open side, softmax(net / temp) over the open sides."""
    top = -1e300
    for k in range(4):
        if (t >> k) & 1 and net[k] > top:
            top = net[k]
    z = 0.0
    for k in range(4):
        p[k] = np.exp((net[k] - top) / temp) if (t >> k) & 1 else 0.0
        z += p[k]
    for k in range(4):
        p[k] /= z


@kernel
def _place_update(delta, hp, wq, wvq, eq, evq):
    """The place nodes' share of the actor-critic step (their own rate, PLACE)."""
    wq += hp[PLACE] * delta * eq
    wvq += hp[PLACE] * delta * evq


@kernel
def _policy_gradient(wm, h, net, temp, t, d, ctx, pi, dh, gamma, e1x, e1c, e1b, e1m, slope):
    """Add grad log pi(d) (softmax over the open sides) to the working variant's traces."""
    _softmax_open(net, t, temp, pi)
    for k in range(4):
        # d log pi / d net_k, through the bound to the move node's raw input
        pi[k] = ((1.0 if k == d else 0.0) - pi[k]) / temp * slope[k]
    hn = h.shape[0]
    for i in range(hn):
        s = 0.0
        for k in range(4):
            s += wm[k, i] * pi[k]
        dh[i] = s * (1.0 - h[i] * h[i])
    if gamma < 1.0:
        e1x *= gamma
        e1c *= gamma
        e1b *= gamma
        e1m *= gamma
    for i in range(hn):
        for k in range(4):
            g = pi[k] * h[i]
            e1m[k, i] += g
        e1x[i, t] += dh[i]
        e1b[i] += dh[i]
        for j in range(ctx.shape[0]):
            g = dh[i] * ctx[j]
            e1c[i, j] += g
