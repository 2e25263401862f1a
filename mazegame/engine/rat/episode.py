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
#: the move weights an episode run into the cap keeps (1: all). The package docstring says
#: which were tried and kept.
(TEMP, DECAY, GAMMA, LR_PRED, LR_REWARD, BASELINE, BASELINE_RATE, EXPLORE, CAPPED, DRULE,
 LIMIT, CRITIC, LAMBDA, COST, FORGET) = range(15)
HP_SIZE = 15
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
def episode(wx, wc, bh, wm, wp, wpm, wv, walls, wrap_x, wrap_y, rock, start, goal, cap, variant,
            learn, hp, log):
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
    cell = start
    steps = 0
    t = open_sides(walls, wrap_x, wrap_y, rock, cell)
    while cell != goal and steps < cap:
        if t == 0:
            break  # a closed cell: nowhere to go
        decide(wx, wc, bh, wm, t, ctx, h, net)
        if critic and learn:
            v = _value(wv, h)
            if steps > 0:  # what the value node expected against what it now sees
                _td_update(gamma * v - v_prev - hp[COST], hp, wx, wc, bh, wm, wv,
                           e1x, e1c, e1b, e1m, ev)
            v_prev = v
        for k in range(4):  # a bound on the move nodes keeps every open side possible
            slope[k] = 1.0
            if hp[LIMIT] > 0.0 and (t >> k) & 1:
                y = np.tanh(net[k] / hp[LIMIT])
                net[k] = hp[LIMIT] * y
                slope[k] = 1.0 - y * y
        for d in range(4):  # Gumbel noise: winner-take-all then samples softmax(net / temp)
            u = np.random.random()
            act[d] = net[d] / temp - np.log(-np.log(u + 1e-300) + 1e-300)
        d = winner_take_all(act)
        if hp[EXPLORE] > 0.0 and np.random.random() < hp[EXPLORE]:
            while True:  # now and then a random open side (breaks a learned loop)
                d = np.random.randint(0, 4)
                if (t >> d) & 1:
                    break
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
                for k in range(4):
                    log[steps, LOG_ACTS + hn + k] = net[k] if (t >> k) & 1 else -99.0
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
                _policy_gradient(wm, h, net, temp, t, d, ctx, pi, dh, trace,
                                 e1x, e1c, e1b, e1m, slope)
                if critic:
                    ev *= trace
                    for i in range(hn):
                        ev[i] += h[i]
                    ev[hn] += 1.0
        # Jordan context: the state nodes keep a decaying copy of the outputs.
        for j in range(CONTEXT):
            ctx[j] *= decay
        ctx[d] += 1.0
        for k in range(TYPES):
            ctx[4 + k] += q[k]
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
def _policy_gradient(wm, h, net, temp, t, d, ctx, pi, dh, gamma, e1x, e1c, e1b, e1m, slope):
    """Add grad log pi(d) (softmax over the open sides) to the working variant's traces."""
    top = -1e300
    for k in range(4):
        if (t >> k) & 1 and net[k] > top:
            top = net[k]
    z = 0.0
    for k in range(4):
        pi[k] = np.exp((net[k] - top) / temp) if (t >> k) & 1 else 0.0
        z += pi[k]
    for k in range(4):
        # d log pi / d net_k, through the bound to the move node's raw input
        pi[k] = ((1.0 if k == d else 0.0) - pi[k] / z) / temp * slope[k]
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
