"""Self-play: a standard bot plays chases and races, so the difficulties can be measured.

The bot (issue 19's definition) walks a shortest route to the nearest exit, re-planned
every move, and in a chase steps away when the demon is within two moves of it: to the
neighbouring cell farthest from the demon (ties: nearer the exit). A race has no catching,
so there it never steps aside: it runs the shortest route, and since a race starts only
when it can be won (engine.chase_safety), it always wins; what a race's difficulty sets is
the slack, the moves a player could waste and still win (`Tally.spare_moves`). The bot
plays at the difficulty's full pace, one move per demon tick, so a turn-based game is the
real-time game exactly (the real-time player may move at most once a tick:
`ChaseRules.move_seconds`).

`selfplay` plays N seeded games and counts wins; `mazegame selfplay` prints the figures.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from mazegame.engine.graph import bfs, maze_graph
from mazegame.games.chase import ChaseGame, Result
from mazegame.games.chase_setup import new_chase
from mazegame.games.modes import CHASE_SIZE as DEFAULT_SIZE

DANGER = 2  #: the bot steps away when the demon is this many moves away or nearer
MOVE_CAP = 20  #: a game ends as lost after this many moves per cell (a bot walking in loops)


@dataclass(frozen=True)
class Tally:
    """What N games of self-play came to."""

    games: int
    wins: int
    losses: int
    win_rate: float
    mean_moves: float  #: moves per game, won or lost
    #: races: the mean number of moves the demon still needed when the bot won, in the
    #: player's moves (what a player could have wasted); None for chases
    spare_moves: float | None = None

    def to_json(self) -> dict:
        """The figures `mazegame selfplay --json` prints."""
        return asdict(self)


class Bot:
    """The standard player: shortest route to the nearest exit; steps away from a near demon."""

    def __init__(self, game: ChaseGame) -> None:
        self.game = game
        graph = maze_graph(game.maze)
        back = graph.reversed()
        goals = [game.goal] if game.race else list(game.maze.goals)
        # distances to the nearest exit along moves, from every cell (one BFS per exit)
        self.to_exit = np.full(game.maze.size, np.iinfo(np.int32).max, dtype=np.int64)
        for g in goals:
            dist, _, _ = bfs(back, int(g))
            reach = dist >= 0
            self.to_exit[reach] = np.minimum(self.to_exit[reach], dist[reach])

    def choose(self) -> int | None:
        """The direction of the next move, or None to wait a turn."""
        game, maze, here = self.game, self.game.maze, self.game.position
        steps = [(d, maze.step(here, d)) for d in range(4) if maze.step(here, d) != here]
        if not steps:
            return None
        near = -1 if game.race else game.demon_distance(DANGER)
        if 0 <= near <= DANGER:
            def away(move):
                far = game.brain.distance(game.demon_cell, move[1], within=maze.size)
                return (far if far >= 0 else maze.size, -self.to_exit[move[1]])
            return max(steps, key=away)[0]
        return min(steps, key=lambda move: self.to_exit[move[1]])[0]


def play_one(game: ChaseGame) -> tuple[bool, int]:
    """Play one game with the bot to its end (or the move cap); (won, moves)."""
    bot = Bot(game)
    cap = MOVE_CAP * game.maze.size
    moves = 0
    while not game.over and moves < cap:
        d = bot.choose()
        if d is None:
            game.wait()
        else:
            game.move(d)
        moves += 1
    return game.result is Result.WON, moves


def selfplay(mode: str, difficulty: str, personality: str | None, games: int, seed: int = 0,
             size: tuple[int, int] = DEFAULT_SIZE, view: str = "birds-eye") -> Tally:
    """N games of the bot against the demon (seeds seed, seed+1, ...), turn by turn."""
    wins = total = 0
    spare: list[float] = []
    for k in range(games):
        game = new_chase(mode=mode, difficulty=difficulty, size=size, seed=seed + k,
                         view=view, personality=personality, turn_based=True)
        won, moves = play_one(game)
        wins += won
        total += moves
        if won and game.race:
            spare.append(float(game.demon_to_goal() / game.rules.speed))
    return Tally(games, wins, games - wins, wins / games if games else 0.0,
                 total / games if games else 0.0,
                 round(sum(spare) / len(spare), 2) if spare else None)
