"""The hot loops of the heuristic searches: greedy lookahead, shortest paths from a
walker's cell, and minimisation (drop every move that is not needed); each runs in
chunks, to a deadline (see `budget`)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from mazegame.engine.allmazes.budget import NEVER, Progress, Ticker, in_blocks, in_chunks
from mazegame.engine.jit import kernel


@kernel
def reseed(seed):
    """Seed numba's random generator (this thread's): the kernels called after it draw
    from where it stands, one chunk after another (see `budget`)."""
    np.random.seed(seed)


@kernel
def path_moves(steps, dist, c, start, goal):
    """The moves of a shortest path from `start` to the goal in class `c`."""
    out = np.empty(max(dist[c, start], 0), dtype=np.int8)
    p = start
    i = 0
    while p != goal:
        for d in range(4):
            q = steps[c, p, d]
            if q != p and dist[c, q] == dist[c, p] - 1:
                out[i] = d
                i += 1
                p = q
                break
    return out


@kernel
def _greedy_some(steps, dist, pos, goal, depth, power, max_moves, values, state, budget):
    """Append moves (returned; `pos` is moved along) for about `budget` units of work (a
    class's walk through every lookahead each), at most `max_moves`, until every walker
    is at the goal: each round appends the `depth`-move lookahead that leaves the least
    sum of distance^power over the unsolved classes (ties broken by numba's generator), so
    the sum falls every round. When no lookahead lowers the sum, the walker furthest
    away is led home by a shortest path. A round's sums over the classes may span calls:
    `values` holds them, state[0] how many of the unsolved classes they cover."""
    out = np.empty(max_moves, dtype=np.int8)
    length = 0
    alive = np.flatnonzero(pos != goal)
    options = 4 ** depth
    work = 0
    while alive.size > 0 and length < max_moves and work < budget:
        if state[0] == 0:
            values[:] = 0.0
        while state[0] < alive.size and work < budget:
            c = alive[state[0]]
            for s in range(options):
                p = pos[c]
                code = s
                for _ in range(depth):
                    if p == goal:
                        break
                    p = steps[c, p, code & 3]
                    code >>= 2
                values[s] += float(dist[c, p]) ** power
            state[0] += 1
            work += options
        if state[0] < alive.size:
            break  # the round goes on in the next call
        state[0] = 0
        now = 0.0
        for c in alive:
            now += float(dist[c, pos[c]]) ** power
        best = values.min()
        if best < now:
            ties = np.flatnonzero(values == best)
            code = ties[np.random.randint(ties.size)]
            moves = np.empty(depth, dtype=np.int8)
            for j in range(depth):
                moves[j] = code & 3
                code >>= 2
        else:  # stuck: lead the furthest walker home
            far = alive[0]
            for c in alive:
                if dist[c, pos[c]] > dist[far, pos[far]]:
                    far = c
            moves = path_moves(steps, dist, far, pos[far], goal)
        for d in moves:
            if length == max_moves:
                break
            out[length] = d
            length += 1
            for c in alive:
                if pos[c] != goal:
                    pos[c] = steps[c, pos[c], d]
        keep = np.empty(alive.size, dtype=np.bool_)
        for j in range(alive.size):
            keep[j] = pos[alive[j]] != goal
        alive = alive[keep]
    return out[:length].copy()


def greedy_extend(steps, dist, pos, goal, depth, power, max_moves, seed,
                  deadline: float = NEVER, progress: Progress | None = None) -> np.ndarray:
    """Greedy lookahead (`_greedy_some`) until every walker is at the goal, `max_moves`
    are appended, or the deadline passes: the moves appended (`pos` moved along)."""
    reseed(seed)
    parts: list[np.ndarray] = []
    made = 0
    values = np.empty(4 ** depth, dtype=np.float64)
    state = np.zeros(1, dtype=np.int64)  # unsolved classes the round's sums cover

    def step(budget: int) -> bool:
        nonlocal made
        parts.append(_greedy_some(steps, dist, pos, goal, depth, power, max_moves - made,
                                  values, state, budget))
        made += len(parts[-1])
        return made >= max_moves or not (pos != goal).any()

    tick = Ticker(progress)
    in_chunks(step, deadline, budget=1 << 16,
              tick=lambda: tick(lambda: f"greedy lookahead: {made:,} moves, "
                                        f"{int((pos != goal).sum()):,} of {len(pos):,} "
                                        "classes not home"))
    return np.concatenate(parts) if parts else np.empty(0, dtype=np.int8)


@kernel
def _order_some(steps, dist, pos, goal, order, lo, hi):
    """Solve in order, for order[lo:hi]: for each class still unsolved, the moves of a
    shortest path from where its walker stands (returned; every walker moved along)."""
    total = 0
    chunks = []
    for c in order[lo:hi]:
        if pos[c] == goal:
            continue
        moves = path_moves(steps, dist, c, pos[c], goal)
        chunks.append(moves)
        total += moves.size
        for k in range(pos.shape[0]):
            p = pos[k]
            for d in moves:
                if p == goal:
                    break
                p = steps[k, p, d]
            pos[k] = p
    out = np.empty(total, dtype=np.int8)
    i = 0
    for moves in chunks:
        out[i:i + moves.size] = moves
        i += moves.size
    return out


def order_extend(steps, dist, pos, goal, order, deadline: float = NEVER,
                 progress: Progress | None = None) -> np.ndarray:
    """Solve in order: for each class of `order` still unsolved, append a shortest path
    from where its walker stands (moving every walker along), until the deadline."""
    parts: list[np.ndarray] = []
    tick = Ticker(progress)
    in_blocks(lambda lo, hi: parts.append(_order_some(steps, dist, pos, goal, order, lo, hi)),
              len(order), deadline, budget=16,
              tick=lambda: tick(lambda: f"leading each class home: "
                                        f"{sum(map(len, parts)):,} moves, "
                                        f"{int((pos != goal).sum()):,} classes not home"))
    return np.concatenate(parts) if parts else np.empty(0, dtype=np.int8)


@kernel
def _walks_block(steps, seq, goal, start, trail, times, lo, hi):
    """Classes lo..hi-1's cell after every move into `trail` (int8[classes, moves]; a
    walker starts at `start`) and into `times` the index of the move that brings it to
    the goal (len(seq): never)."""
    length = seq.shape[0]
    for c in range(lo, hi):
        p = start[c]
        times[c] = length
        for j in range(length):
            if p != goal:
                p = steps[c, p, seq[j]]
                if p == goal:
                    times[c] = j
            trail[c, j] = p


@kernel
def _arrival_without(steps, seq, goal, start, trail, times, dropped, c, i, write):
    """The index of the move that brings class `c` to the goal with move `i` dropped (and
    the moves marked `dropped`), or -1 never: its walk from before move i goes until it
    reaches the goal or meets its old walk (the rest is then the same). With `write`, its
    trail is updated to the new walk."""
    length = seq.shape[0]
    old_arrival = times[c] if times[c] < length else -1
    p = trail[c, i - 1] if i > 0 else start[c]
    if p == goal or steps[c, p, seq[i]] == p:
        return old_arrival  # solved already, or move i does not move it: nothing changes
    if write:
        trail[c, i] = p
    for j in range(i + 1, length):
        if not dropped[j]:
            p = steps[c, p, seq[j]]
        if p == trail[c, j]:
            return old_arrival
        if write:
            trail[c, j] = p
        if p == goal:
            if write:  # it arrives sooner: at the goal from here on
                for t in range(j + 1, length):
                    if trail[c, t] == goal:
                        break
                    trail[c, t] = goal
            return j
    return -1


@kernel
def _minimise_some(steps, seq, goal, start, trail, times, order, dropped, state, budget):
    """Go on with a pass of `minimise_moves` for about `budget` units of work (a class
    tried each): try dropping each move from move state[0] - 1 down; `state` holds [the
    move after the next to try, classes late so far, the class that last refused].
    Whether the pass is over."""
    i, late, first = state[0], state[1], state[2]
    work = 0
    while i > 0 and work < budget:
        i -= 1
        # a drop at i' only changes the times of classes late at i', so those still
        # to join the late set have the times they started the pass with
        while late < order.size and times[order[late]] >= i:
            late += 1
        work += late + 1
        ok = first < 0 or _arrival_without(steps, seq, goal, start, trail, times,
                                           dropped, first, i, False) >= 0
        for j in range(late):
            if not ok:
                break
            c = order[j]
            if _arrival_without(steps, seq, goal, start, trail, times, dropped, c, i,
                                False) < 0:
                ok, first = False, c
        if ok:
            for j in range(late):
                c = order[j]
                times[c] = _arrival_without(steps, seq, goal, start, trail, times,
                                            dropped, c, i, True)
            dropped[i] = True
    state[0], state[1], state[2] = i, late, first
    return i == 0


def minimise_moves(steps, seq, goal, passes, start, deadline: float = NEVER,
                   progress: Progress | None = None) -> np.ndarray:
    """Drop moves, from the last to the first, while every class still reaches the goal
    from its cell in `start` (none may start there); repeat `passes` times or until a
    pass drops nothing. At the deadline, the moves dropped so far are gone (each drop
    kept every class solved).

    Dropping move i only concerns the classes not at the goal before move i (their earlier
    moves are untouched), a set that only grows as i falls. Each class's walk is kept
    (`_walks_block`), so trying a drop re-walks a class only until its new walk meets the
    old one, which in a maze is usually a few moves: a wall stops both the same way."""
    seq = np.asarray(seq, dtype=np.int8)
    tick = Ticker(progress)
    for done in range(passes):
        dropped, over = _minimise_pass(steps, seq, goal, start, deadline,
                                       lambda text, done=done: tick(
                                           lambda: f"minimising (pass {done + 1}): {text()}"))
        if not dropped.any():
            break
        seq = seq[~dropped].copy()
        if not over:
            break
    return seq


def _minimise_pass(steps, seq, goal, start, deadline: float,
                   tick: Callable) -> tuple[np.ndarray, bool]:
    """One pass of `minimise_moves`: the moves it drops (bool[len(seq)]) and whether it
    got through them all before the deadline."""
    k, length = steps.shape[0], seq.shape[0]
    trail = np.empty((k, length), dtype=np.int8)
    times = np.empty(k, dtype=np.int64)
    dropped = np.zeros(length, dtype=np.bool_)
    if not in_blocks(lambda lo, hi: _walks_block(steps, seq, goal, start, trail, times,
                                                 lo, hi), k, deadline):
        return dropped, False
    order = np.argsort(-times, kind="stable")
    state = np.array([length, 0, -1], dtype=np.int64)
    over = in_chunks(
        lambda budget: _minimise_some(steps, seq, goal, start, trail, times, order, dropped,
                                      state, budget), deadline,
        tick=lambda: tick(lambda: f"{int(state[0]):,} of {length:,} moves to try, "
                                  f"{int(dropped.sum()):,} dropped"))
    return dropped, over
