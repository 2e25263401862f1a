"""The rat's network: its weights, its forward pass and the rules that change them (kernels).

Layout (see the package docstring for the reasons): 16 cell-type input nodes (one-hot of the
4-bit open-sides mask; type 0, a closed cell, never fires), a decision subnet of H tanh nodes
fed by the input and by the Jordan context, four move nodes (winner-take-all, walls inhibit),
and a predictor subnet of 16 sigmoid nodes fed by the decision nodes and the winning move.
The place variant adds place nodes: one per displacement from the start, each with weights
to the move nodes and to the value node, and the cell type last found there.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mazegame.engine.grid import step_kernel
from mazegame.engine.jit import kernel

TYPES = 16  #: input and predictor nodes, one per open-sides mask (0 never fires)
MOVES = 4  #: move nodes N, E, S, W
CONTEXT = MOVES + TYPES  #: Jordan state nodes: the decayed moves and predictions
INHIBIT = 1.0e6  #: how strongly a wall's cell-type input inhibits its move node
REACH = 20  #: place nodes cover displacements up to this many cells from the start
SPAN = 2 * REACH + 1
PLACES = SPAN * SPAN  #: place nodes, one per displacement from the start (path integration)
#: The weight arrays, in kernel order.
WEIGHTS = ("wx", "wc", "bh", "wm", "wp", "wpm", "wv", "wq", "wvq", "wqt")


@dataclass
class RatNet:
    """The weights of one rat and the settings it was trained with."""

    wx: np.ndarray  # (H, TYPES) cell type -> decision
    wc: np.ndarray  # (H, CONTEXT) context -> decision
    bh: np.ndarray  # (H,) decision bias
    wm: np.ndarray  # (MOVES, H) decision -> move nodes
    wp: np.ndarray  # (TYPES, H) decision -> predictor
    wpm: np.ndarray  # (TYPES, MOVES) winning move -> predictor
    wv: np.ndarray  # (H + 1,) decision -> the value node (its bias last): the working critic
    wq: np.ndarray  # (MOVES, PLACES) place node -> move nodes (the place variant)
    wvq: np.ndarray  # (PLACES,) place node -> the value node (the place variant)
    wqt: np.ndarray  # (PLACES,) the cell type last found at each place (0: none yet)
    variant: str = "working"

    @classmethod
    def fresh(cls, hidden: int, seed: int, variant: str) -> RatNet:
        """Small random weights (the literal rules scale weights, so none may start at 0)."""
        rng = np.random.default_rng(seed)

        def w(*shape, scale=0.1):
            return rng.normal(0.0, scale, shape)

        # The working rat starts with silent move weights: an unbiased random walk (small
        # random ones give it a drift, often away from the goal, that costs it thousands of
        # moves before the reward can undo it).
        wm = w(MOVES, hidden, scale=0.1 if variant == "literal" else 0.0)
        return cls(w(hidden, TYPES), w(hidden, CONTEXT), w(hidden), wm,
                   w(TYPES, hidden), w(TYPES, MOVES), np.zeros(hidden + 1),
                   np.zeros((MOVES, PLACES)), np.zeros(PLACES), np.zeros(PLACES), variant)

    @property
    def hidden(self) -> int:
        """Decision nodes."""
        return int(self.bh.shape[0])

    def arrays(self) -> tuple[np.ndarray, ...]:
        """The weight arrays in kernel order."""
        return tuple(getattr(self, name) for name in WEIGHTS)

    def copy(self) -> RatNet:
        """A deep copy."""
        return RatNet(*(a.copy() for a in self.arrays()), variant=self.variant)


def expected_shapes(hidden: int) -> dict[str, tuple[int, ...]]:
    """The shape of each weight array of a net with `hidden` decision nodes."""
    return {"wx": (hidden, TYPES), "wc": (hidden, CONTEXT), "bh": (hidden,),
            "wm": (MOVES, hidden), "wp": (TYPES, hidden), "wpm": (TYPES, MOVES),
            "wv": (hidden + 1,), "wq": (MOVES, PLACES), "wvq": (PLACES,),
            "wqt": (PLACES,)}


@kernel
def open_sides(walls, wrap_x, wrap_y, rock, cell):
    """The cell's type: bit d set when a move through side d leaves the cell."""
    t = 0
    for d in range(4):
        if step_kernel(walls, wrap_x, wrap_y, rock, cell, d) != cell:
            t |= 1 << d
    return t


@kernel
def decide(wx, wc, bh, wm, t, ctx, h, net):
    """The decision subnet: fills h (tanh nodes) and net (the move nodes' input, walls
    inhibited by the cell-type input)."""
    hn = bh.shape[0]
    for i in range(hn):
        s = bh[i] + wx[i, t]
        for j in range(ctx.shape[0]):
            s += wc[i, j] * ctx[j]
        h[i] = np.tanh(s)
    for d in range(4):
        s = 0.0
        for i in range(hn):
            s += wm[d, i] * h[i]
        if not (t >> d) & 1:
            s -= INHIBIT
        net[d] = s


@kernel
def winner_take_all(act):
    """Mutual inhibition among the move nodes until one is active; returns its index.

    Each round every node loses a fraction of the others' activity (floored at 0); the
    largest input is the last one standing. A wall's node starts hugely negative, so it is
    silent from the first round and can never win while an open side exists."""
    x = np.empty(4)
    top = act.max()
    for d in range(4):
        x[d] = max(0.0, act[d] - top + 1.0)  # the leader starts at 1, the rest below
    for _ in range(200):
        alive = 0
        for d in range(4):
            if x[d] > 0.0:
                alive += 1
        if alive <= 1:
            break
        total = x.sum()
        for d in range(4):
            x[d] = max(0.0, x[d] - 0.25 * (total - x[d]))
    best = 0
    for d in range(4):
        if x[d] > x[best]:
            best = d
    return best


@kernel
def predict(wp, wpm, h, d, q):
    """The predictor subnet: fills q (sigmoid per cell type); returns the predicted type."""
    best = 1
    for k in range(q.shape[0]):
        s = wpm[k, d]
        for i in range(h.shape[0]):
            s += wp[k, i] * h[i]
        q[k] = 1.0 / (1.0 + np.exp(-s))
        if k >= 1 and q[k] > q[best]:
            best = k
    return best


@kernel
def prediction_rule(wx, wm, wp, wpm, h, t, d, pred, correct, rate, decision_too):
    """Suits' rules 1 and 2 on the weights that made this prediction: the predicted type's
    predictor weights (and, with `decision_too`, the winning move's and the input's): away
    from zero by rate*|activity| when it came true, toward zero by that fraction when not."""
    for i in range(h.shape[0]):
        a = abs(h[i])
        _nudge(wp, pred, i, rate * a, correct)
        if decision_too:
            _nudge(wm, d, i, rate * a, correct)
            _nudge(wx, i, t, rate, correct)
    _nudge(wpm, pred, d, rate, correct)


@kernel(inline="always")
def _nudge(w, i, j, amount, away):
    """Move w[i, j] away from zero (w *= 1 + amount) or toward it (w *= 1 - amount)."""
    amount = min(amount, 1.0)
    w[i, j] *= (1.0 + amount) if away else (1.0 - amount)


@kernel
def literal_reward(wx, wm, ex, em, rate):
    """Suits' rule 3 as written: at the goal, the weights the episode used (their traces ex,
    em) move further from zero."""
    for i in range(wx.shape[0]):
        for j in range(wx.shape[1]):
            wx[i, j] *= 1.0 + min(rate * ex[i, j], 1.0)
    for i in range(wm.shape[0]):
        for j in range(wm.shape[1]):
            wm[i, j] *= 1.0 + min(rate * em[i, j], 1.0)


@kernel
def place_of(dx, dy):
    """The place node of a displacement from the start (clipped to the nodes' reach)."""
    x = min(max(dx, -REACH), REACH) + REACH
    y = min(max(dy, -REACH), REACH) + REACH
    return y * SPAN + x
