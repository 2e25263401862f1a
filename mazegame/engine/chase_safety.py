"""Can a chase be won? Safe routes against a demon of a given pace, and winnable placements.

A `Pursuit` is how the demon chases: its speed (steps per player turn, a Fraction), the
turns it sleeps after your first move, and whether it races you to the goal instead of
trying to catch you.

The rule (exact): after t turns the demon has taken D(t) = floor(max(0, t - head_start) *
speed) steps, however it plays. A route p_0 = start, ..., p_L = exit is *safe* when for every
0 <= t < L the demon cannot be on p_t after its moves of turn t, i.e. demon_dist(p_t) > D(t),
and the exit is free when you step onto it, demon_dist(p_L) > D(L-1) (you win on arrival,
before the demon replies); demon_dist is the demon's walking distance from its start (-1,
unreachable, is safe). A safe route beats *every* demon, so a chase starts only when one
exists. In a race only the goal is contested: winnable iff demon_dist(goal) > D(L-1) for your
shortest L. Arriving earlier is never worse (D only grows), so a BFS that enters a cell only
when it is safe at its arrival time finds a safe route whenever there is one. Real time is
checked as if you walked one cell per tick.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from mazegame.engine.graph import bfs, maze_graph, path_to
from mazegame.engine.grid import Maze
from mazegame.engine.jit import kernel


@dataclass(frozen=True)
class Pursuit:
    """How the demon chases: speed, head start, and a race for the goal instead of a catch."""

    speed: Fraction = Fraction(1)  #: demon steps per player turn (or per tick in real time)
    head_start: int = 0  #: turns (ticks) the demon sleeps after your first move
    race: bool = False  #: racing you to the goal: it never catches you on the way

    @property
    def mode(self) -> str:
        """"race" or "chase"."""
        return "race" if self.race else "chase"

    def demon_steps(self, turns: int) -> int:
        """D(t): the most steps the demon can have taken after `turns` turns."""
        return math.floor(max(0, turns - self.head_start) * self.speed)


@kernel
def _safe_bfs(indptr, indices, start, goals, demon_dist, head, num, den, catch):
    """Earliest safe arrival at every cell (see the module doc); returns (arrival, parent)."""
    n = indptr.shape[0] - 1
    arrival = np.full(n, -1, dtype=np.int32)
    parent = np.full(n, -1, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    arrival[start] = 0
    queue[0] = start
    qh, qt = 0, 1
    while qh < qt:
        v = queue[qh]
        qh += 1
        if goals[v]:
            continue  # the game ends there
        t = arrival[v] + 1
        for j in range(indptr[v], indptr[v + 1]):
            u = indices[j]
            if arrival[u] >= 0:
                continue
            # D(t) for a non-goal cell (the demon replies), D(t-1) for a goal (you win first)
            turns = t - 1 if goals[u] else t
            reach = max(0, turns - head) * num // den
            if (catch or goals[u]) and 0 <= demon_dist[u] <= reach:
                continue
            arrival[u] = t
            parent[u] = v
            queue[qt] = u
            qt += 1
    return arrival, parent


@dataclass(frozen=True)
class Verdict:
    """The winnability check's answer: a safe route (start to goal) or why there is none."""

    ok: bool
    reason: str
    route: tuple[int, ...] = ()
    margin: int = 0  #: least spare steps the demon had along the route (>= 1 when ok)


class Unwinnable(ValueError):
    """A chase setup with no winning route (or none found in the allowed re-rolls)."""


def check_winnable(maze: Maze, player: int, demon: int, goals, pursuit: Pursuit) -> Verdict:
    """Is there a route on which no demon can stop the player? (The rule: module doc.)"""
    goals = tuple(int(g) for g in goals)
    graph = maze_graph(maze)
    demon_dist, _, _ = bfs(graph, demon)
    plain, parent0, _ = bfs(graph, player)
    reachable = [g for g in goals if plain[g] >= 0]
    if not reachable:
        return Verdict(False, "no exit can be reached from the player's start")
    if not pursuit.race and player == demon:
        return Verdict(False, "the demon starts on the player's cell")
    mask = np.zeros(maze.size, dtype=np.bool_)
    mask[list(goals)] = True
    speed = pursuit.speed
    arrival, parent = _safe_bfs(graph.indptr, graph.indices, int(player), mask, demon_dist,
                                pursuit.head_start, speed.numerator, speed.denominator,
                                not pursuit.race)
    safe = [g for g in goals if arrival[g] >= 0]
    if not safe:
        best = min(reachable, key=lambda g: plain[g])
        length = int(plain[best])
        return Verdict(False, (
            f"unwinnable: at speed {speed} with a head start of {pursuit.head_start}, the demon "
            f"can cut off every route (the nearest exit is {length} moves away; the demon "
            f"is {int(demon_dist[best])} moves from it and could take "
            f"{pursuit.demon_steps(max(length - 1, 0))} steps meanwhile)"),
            tuple(path_to(plain, parent0, best)))
    goal = min(safe, key=lambda g: arrival[g])
    route = tuple(path_to(arrival, parent, goal))
    margins = [
        int(demon_dist[c]) - pursuit.demon_steps(t - 1 if c == goal else t)
        for t, c in enumerate(route)
        if demon_dist[c] >= 0 and (not pursuit.race or c == goal)
    ]
    return Verdict(True, "", route, min(margins, default=maze.size))


def obvious_margin(maze: Maze, player: int, demon: int, goals, pursuit: Pursuit) -> int:
    """The demon's least spare steps along the *obvious* route: a shortest walk to the
    nearest exit (Verdict.margin's measure; <= 0: the demon can cut it off). A player who
    takes the first way out that meets the eye runs this route."""
    graph = maze_graph(maze)
    demon_dist, _, _ = bfs(graph, demon)
    plain, parent, _ = bfs(graph, player)
    reachable = [int(g) for g in goals if plain[g] >= 0]
    if not reachable:
        return 0
    goal = min(reachable, key=lambda g: plain[g])
    route = path_to(plain, parent, goal)
    margins = [int(demon_dist[c]) - pursuit.demon_steps(t - 1 if c == goal else t)
               for t, c in enumerate(route)
               if demon_dist[c] >= 0 and (not pursuit.race or c == goal)]
    return min(margins, default=maze.size)


#: How far the demon may start from the obvious route, by name (a difficulty's `route`):
#: the least and most of `obvious_margin` wanted (None: no bound).
ROUTES = {
    "open": (4, None),  #: the obvious way out is safe with room to spare
    "close": (1, 3),  #: it is safe, just: the demon comes near
    "cut": (None, 0),  #: the demon can cut it off; another way out is safe
}


# -- placing the demon --------------------------------------------------------------------
def _open_cells(maze: Maze) -> list[int]:
    """Cells a player or the demon may stand on: all but rock (a board has none)."""
    solid = getattr(maze, "solid", None)
    return [c for c in range(maze.size) if solid is None or not solid.flat[c]]


def _candidates(maze: Maze, pursuit: Pursuit, player: int, goals) -> list[int]:
    """Demon starts worth trying: in a chase, cells at least half your route away from you
    (by the demon's walking distance); in a race, cells a little further from the goal
    than the demon may walk while you get there (a close race)."""
    graph = maze_graph(maze)
    if pursuit.race:
        to_goal, _, _ = bfs(graph.reversed(), goals[0])
        you = int(to_goal[player])
        least = pursuit.demon_steps(max(you - 1, 0)) + 1
        band = [c for c in _open_cells(maze)
                if least <= to_goal[c] <= least + max(3, you // 4) and c != player]
        return band or [c for c in _open_cells(maze) if to_goal[c] >= least and c != player]
    to_player, _, _ = bfs(graph.reversed(), player)
    from_player, _, _ = bfs(graph, player)
    route = min((int(from_player[g]) for g in goals if from_player[g] >= 0), default=0)
    gap = max(2, route // 2)
    return [c for c in _open_cells(maze) if to_player[c] >= gap and c not in goals]


def place(maze: Maze, pursuit: Pursuit, seed: int = 0, tries: int = 40,
          player: int | None = None, demon: int | None = None,
          route: str | None = None) -> tuple[int, int, Verdict]:
    """(player, demon, verdict) of a winnable placement, re-rolling the demon (and after
    half the tries, the player too); given cells are kept. Raises Unwinnable.

    With a `route` of ROUTES, a placement whose obvious route has that margin is preferred:
    up to `tries` more are drawn for it, and the nearest miss is taken when none has it."""
    if route is not None and (player is None or demon is None):
        return _place_for_route(maze, pursuit, seed, tries, player, demon, route)
    rng = random.Random(seed)
    goals = maze.goals
    if player is not None and demon is not None:
        verdict = check_winnable(maze, player, demon, goals, pursuit)
        if not verdict.ok:
            raise Unwinnable(f"this chase cannot be won: {verdict.reason}")
        return player, demon, verdict
    starts = [c for c in _open_cells(maze) if c not in goals]
    if player is None and not starts:  # nowhere to start but on the goal
        raise Unwinnable(f"no room for a {'race' if pursuit.race else 'chase'}: every open "
                         f"cell of this maze is a goal; try a bigger maze")
    you = maze.start if player is None else player
    pool: list[int] = []
    for attempt in range(tries):
        if player is None and attempt >= tries // 2 and attempt % 4 == 0:
            you, pool = rng.choice(starts), []  # this start looks hopeless: try another
        if demon is None and not pool:
            pool = _candidates(maze, pursuit, you, goals)
            if not pool:
                continue
        them = demon if demon is not None else rng.choice(pool)
        verdict = check_winnable(maze, you, them, goals, pursuit)
        if verdict.ok:
            return you, them, verdict
    raise Unwinnable(
        f"no winnable {pursuit.mode} found in {tries} placements at demon speed "
        f"{pursuit.speed} with a head start of {pursuit.head_start}: try an easier difficulty, "
        f"a bigger or more braided maze")


def _place_for_route(maze: Maze, pursuit: Pursuit, seed: int, tries: int,
                     player: int | None, demon: int | None, route: str):
    """`place` preferring an obvious route of the named margin (see `place`)."""
    if route not in ROUTES:
        raise ValueError(f"unknown route {route!r}; known: {', '.join(ROUTES)}")
    low, high = ROUTES[route]
    rng = random.Random(seed)
    starts = [c for c in _open_cells(maze) if c not in maze.goals]
    best, miss = None, None
    draws = min(3 * tries, max(4, 400_000 // maze.size))  # big mazes: fewer draws
    for k in range(draws):
        # the maze's start first, then other starts too: some admit no such placement
        you = player if player is not None or k < draws // 3 else rng.choice(starts)
        try:
            you, them, verdict = place(maze, pursuit, seed * 1009 + k, tries, you, demon)
        except Unwinnable:
            if best is None and k == 0:
                raise
            continue
        margin = obvious_margin(maze, you, them, maze.goals, pursuit)
        off = max(0, (low - margin) if low is not None else 0,
                  (margin - high) if high is not None else 0)
        if best is None or off < miss:
            best, miss = (you, them, verdict), off
        if off == 0:
            break
    return best
