"""What the rat is measured against: the random walk and two tabular Q-learners (kernels).

The memoryless learner sees what the rat sees (cell type, previous move); the mapped one
sees the cell itself. Both: reward 1 at the goal, discount 0.95, learning rate 0.5,
epsilon-greedy (0.1) among the open sides, ties broken at random. The wall follower and the
shortest path come from the solver registry (games.rat)."""

from __future__ import annotations

import numpy as np

from mazegame.engine.grid import step_kernel
from mazegame.engine.jit import kernel
from mazegame.engine.rat.net import open_sides

MEMORYLESS, POSITION = 0, 1  #: what a tabular learner's state is
ALPHA, DISCOUNT, EPSILON = 0.5, 0.95, 0.1


@kernel
def random_walk(walls, wrap_x, wrap_y, rock, start, goal, cap):
    """Moves a random walk (a random open side each time) takes to reach the goal (<= cap)."""
    cell = start
    steps = 0
    while cell != goal and steps < cap:
        t = open_sides(walls, wrap_x, wrap_y, rock, cell)
        if t == 0:
            break
        while True:
            d = np.random.randint(0, 4)
            if (t >> d) & 1:
                break
        cell = step_kernel(walls, wrap_x, wrap_y, rock, cell, d)
        steps += 1
    return steps


def q_table(kind: int, cells: int) -> np.ndarray:
    """An empty table for a learner of this kind on a maze of `cells` cells."""
    return np.zeros((16 * 5 if kind == MEMORYLESS else cells, 4))


@kernel
def tabular_episode(q, kind, walls, wrap_x, wrap_y, rock, start, goal, cap):
    """One Q-learning episode (q updated in place); returns the moves made (<= cap)."""
    cell = start
    prev = -1
    steps = 0
    t = open_sides(walls, wrap_x, wrap_y, rock, cell)
    s = t * 5 + prev + 1 if kind == 0 else cell
    while cell != goal and steps < cap:
        if t == 0:
            break
        d = _choose(q, s, t)
        nxt = step_kernel(walls, wrap_x, wrap_y, rock, cell, d)
        t2 = open_sides(walls, wrap_x, wrap_y, rock, nxt)
        s2 = t2 * 5 + d + 1 if kind == 0 else nxt
        if nxt == goal:
            target = 1.0
        else:
            best = -1e300
            for k in range(4):
                if (t2 >> k) & 1 and q[s2, k] > best:
                    best = q[s2, k]
            target = DISCOUNT * best if best > -1e300 else 0.0
        q[s, d] += ALPHA * (target - q[s, d])
        cell, t, s = nxt, t2, s2
        steps += 1
    return steps


@kernel
def _choose(q, s, t):
    """Epsilon-greedy among the open sides; ties at random."""
    if np.random.random() < EPSILON:
        while True:
            d = np.random.randint(0, 4)
            if (t >> d) & 1:
                return d
    best = -1e300
    count = 0
    pick = 0
    for d in range(4):
        if not (t >> d) & 1:
            continue
        v = q[s, d]
        if v > best:
            best, count, pick = v, 1, d
        elif v == best:
            count += 1
            if np.random.randint(0, count) == 0:
                pick = d
    return pick
