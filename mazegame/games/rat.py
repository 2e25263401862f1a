"""Suits' self-teaching rat at play: the episode schedule, training with its baselines on the
same mazes, running a trained rat elsewhere, saving and loading rats, the JSON documents.

With `new_goal_every=K` a fresh start and goal (seeded, distinct cells) replace the old
pair every K episodes, as section 5 hopes ("the start cell and/or the goal cell may be
changed"); the tabular learners and the random walk follow the same schedule, while
`shortest` and `wall_follower` are the first pair's.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from mazegame.engine.grid import Maze
from mazegame.engine.rat import (
    DEFAULT_HIDDEN,
    DEFAULT_VARIANT,
    VARIANTS,
    RatNet,
    episode,
    hyper,
    seed_rng,
)
from mazegame.engine.rat.baselines import (
    MEMORYLESS,
    POSITION,
    q_table,
    random_walk,
    tabular_episode,
)
from mazegame.engine.rat.modelfile import ModelError, load, save  # noqa: F401  (the files)

CAP_PER_CELL = 100  #: the step cap of an episode is this many moves per cell
RANDOM_WALKS = 200  #: random walks averaged for the random-walk baseline
LAST = 20  #: episodes of the "last 20" figures


def step_cap(maze: Maze) -> int:
    """Most moves of one episode."""
    return CAP_PER_CELL * maze.size


def schedule(maze: Maze, episodes: int, seed: int, new_goal_every: int | None):
    """(start, goal) of each episode: the maze's own pair, renewed every K episodes."""
    rng = np.random.default_rng([seed, 18])
    pair = (maze.start, maze.goals[0])
    out = []
    for k in range(episodes):
        if new_goal_every and k and k % new_goal_every == 0 and maze.size > 1:
            s, g = rng.choice(maze.size, size=2, replace=False)
            pair = (int(s), int(g))
        out.append(pair)
    return out


@dataclass
class TrainResult:
    """A training run: the rat's steps per episode, the baselines, and the trained rat."""

    net: RatNet
    size: tuple[int, int]
    seed: int
    shortest: int
    episodes: list[int]
    random_walk: float
    wall_follower: int | None  #: None where the left-hand rule does not apply
    tabular_memoryless: list[int]
    tabular_position: list[int]
    seconds: float
    extra: dict = field(default_factory=dict)

    @property
    def learned(self) -> bool:
        """The median of the last 20 episodes is at most half the random walk's mean (a
        random walk's own median sits near 0.7 of its mean: half is beyond chance)."""
        return bool(self.episodes) and last_median(self.episodes) <= 0.5 * self.random_walk

    def to_json(self) -> dict:
        """The `mazegame rat train --json` document."""
        return {
            "size": "{}x{}".format(*self.size), "seed": self.seed, "variant": self.net.variant,
            "shortest": self.shortest, "episodes": self.episodes,
            "baselines": {"random_walk": round(self.random_walk, 2),
                          "wall_follower": self.wall_follower,
                          "tabular_memoryless": self.tabular_memoryless,
                          "tabular_position": self.tabular_position},
            "learned": self.learned, "seconds": round(self.seconds, 3),
        }


def last_median(steps: list[int], n: int = LAST) -> float:
    """Median of the last n entries."""
    return float(np.median(steps[-n:]))


def _args(maze: Maze):
    """The maze as the kernels take it."""
    return maze.walls, maze.wrap_x, maze.wrap_y, maze.rock


def shortest_path(maze: Maze, start: int, goal: int) -> int:
    """Moves on a shortest path (-1 when the goal cannot be reached)."""
    from mazegame.engine.solve import solve

    sol = solve("bfs", maze.copy(start=start, goals=(goal,)))
    return len(sol.path) - 1 if sol.found else -1


def wall_follower(maze: Maze, start: int, goal: int) -> int | None:
    """Moves the left-hand walk takes (-1 when it never gets there; None on a wrapped or
    one-way maze, where the rule does not apply: the rat learns there all the same)."""
    from mazegame.engine.solve import handles, solve

    if not handles("left-hand", maze):
        return None
    sol = solve("left-hand", maze.copy(start=start, goals=(goal,)))
    return sol.steps if sol.found else -1


def train(maze: Maze, episodes: int, seed: int, variant: str = DEFAULT_VARIANT,
          new_goal_every: int | None = None, net: RatNet | None = None,
          baselines: bool = True) -> TrainResult:
    """Train a rat (a fresh one unless `net` is given) for `episodes` episodes; the
    baselines run on the same schedule with the same seed."""
    if variant not in VARIANTS:
        raise ValueError(f"variant is one of {', '.join(VARIANTS)}, not {variant!r}")
    pairs = schedule(maze, episodes, seed, new_goal_every)
    net = RatNet.fresh(DEFAULT_HIDDEN, seed, variant) if net is None else net
    hp = hyper(variant)
    cap = step_cap(maze)
    no_log = np.zeros((0, 3), np.int64)
    code = VARIANTS[variant]
    walls, wx, wy, rock = _args(maze)
    seed_rng(seed)
    episode(*net.arrays(), walls, wx, wy, rock, 0, 0, 0, code, False, hp, no_log)  # compile
    began = time.perf_counter()
    steps = [int(episode(*net.arrays(), walls, wx, wy, rock, s, g, cap, code, True, hp, no_log))
             for s, g in pairs]
    seconds = time.perf_counter() - began
    result = TrainResult(net, (maze.width, maze.height), seed,
                         shortest_path(maze, *pairs[0]), steps, 0.0, -1, [], [], seconds)
    if baselines:
        result.random_walk = mean_random_walk(maze, pairs, seed)
        result.wall_follower = wall_follower(maze, *pairs[0])
        result.tabular_memoryless = _tabular(maze, pairs, MEMORYLESS, cap)
        result.tabular_position = _tabular(maze, pairs, POSITION, cap)
    return result


def mean_random_walk(maze: Maze, pairs, seed: int) -> float:
    """Mean moves of RANDOM_WALKS random walks, cycling through the schedule's pairs, on
    the stream of seed + 1 (the same figure for a maze and seed, whatever ran before)."""
    seed_rng(seed + 1)
    walls, wx, wy, rock = _args(maze)
    cap = step_cap(maze)
    runs = max(RANDOM_WALKS, len(pairs))
    total = sum(int(random_walk(walls, wx, wy, rock, *pairs[k % len(pairs)], cap))
                for k in range(runs))
    return total / runs


def _tabular(maze: Maze, pairs, kind: int, cap: int) -> list[int]:
    """Steps per episode of a tabular learner of this kind on the schedule."""
    walls, wx, wy, rock = _args(maze)
    q = q_table(kind, maze.size)
    return [int(tabular_episode(q, kind, walls, wx, wy, rock, s, g, cap)) for s, g in pairs]


def run(net: RatNet, maze: Maze, runs: int, seed: int, learn: bool = False) -> list[int]:
    """Steps of `runs` episodes of a trained rat from the maze's start to its goal
    (weights frozen unless `learn`); the net is not changed."""
    net = net.copy()
    hp = hyper(net.variant)
    walls, wx, wy, rock = _args(maze)
    no_log = np.zeros((0, 3), np.int64)
    seed_rng(seed)
    return [int(episode(*net.arrays(), walls, wx, wy, rock, maze.start, maze.goals[0],
                        step_cap(maze), VARIANTS[net.variant], learn, hp, no_log))
            for _ in range(runs)]


