"""A walker in a maze: the rules every move-based mode shares.

The player moves through `Maze.step` (the one movement rule), so wrap-around and one-way
doors behave as they do for solvers and the demon. The clock is injected so tests and
replays are deterministic; it starts at the first move, so a fresh game shows 0:00.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from mazegame.engine.graph import bfs, maze_graph, path_to
from mazegame.engine.grid import Maze


class Outcome(Enum):
    """What one move attempt did."""

    MOVED = "moved"
    BUMPED = "bumped"  #: a wall (or edge, or rock) was in the way
    WON = "won"  #: moved onto a goal
    IGNORED = "ignored"  #: the game is already over
    EARLY = "early"  #: real time: faster than the game's pace; the move waits its turn


@dataclass
class WalkGame:
    """Position, moves, trail and clock of one player in one maze."""

    maze: Maze
    clock: Callable[[], float] = time.monotonic
    position: int = field(init=False)
    moves: int = field(default=0, init=False)
    bumps: int = field(default=0, init=False)
    trail: list[int] = field(init=False)
    started_at: float | None = field(default=None, init=False)
    finished_at: float | None = field(default=None, init=False)  #: when the game ended
    won: bool = field(default=False, init=False)
    paused_total: float = field(default=0.0, init=False)
    _paused_at: float | None = field(default=None, init=False)
    _shortest: list[int] | None = field(default=None, init=False)
    #: What the player (and the real-time clock) did, in order, as games.replay reads it:
    #: "m<d>" a move attempt that counted, "f" a step forward, "r<d>" a turn to face d,
    #: "k" a tick, "w" a wait, "d<d>" a human demon's move. A replay feeds it back.
    events: list[str] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        self.position = self.maze.start
        self.trail = [self.position]

    # -- state ---------------------------------------------------------------
    @property
    def over(self) -> bool:
        """True once the game has ended (won, or lost where a mode can lose)."""
        return self.finished_at is not None

    @property
    def visited(self) -> set[int]:
        """Every cell the player has stood on."""
        return set(self.trail)

    @property
    def elapsed(self) -> float:
        """Seconds of play: from the first move to the win, minus pauses."""
        if self.started_at is None:
            return 0.0
        end = self.finished_at or self._paused_at or self.clock()
        return max(0.0, end - self.started_at - self.paused_total)

    @property
    def paused(self) -> bool:
        """The clock is stopped (by `pause`, until the next move or `resume`)."""
        return self._paused_at is not None

    def shortest_path(self) -> list[int]:
        """A shortest route from the start to the nearest goal (cells, start included)."""
        if self._shortest is None:
            dist, parent, _ = bfs(maze_graph(self.maze), self.maze.start)
            reachable = [g for g in self.maze.goals if dist[g] >= 0]
            goal = min(reachable, key=lambda g: dist[g]) if reachable else None
            self._shortest = path_to(dist, parent, goal) if goal is not None else []
        return self._shortest

    @property
    def shortest(self) -> int:
        """Moves on a shortest route from the start (0 if no goal is reachable)."""
        return max(len(self.shortest_path()) - 1, 0)

    # -- actions ---------------------------------------------------------------
    def move(self, direction: int) -> Outcome:
        """Try to move one cell in a direction (0..3 = N, E, S, W)."""
        if self.over:
            return Outcome.IGNORED
        if self.paused:
            self.resume()
        if self.started_at is None:
            self.started_at = self.clock()
        target = self.maze.step(self.position, direction)
        self.events.append(f"m{direction}")
        if target == self.position:
            self.bumps += 1
            return Outcome.BUMPED
        self.position = target
        self.moves += 1
        self.trail.append(target)
        if target in self.maze.goals:
            self.won = True
            self.finished_at = self.clock()
            return Outcome.WON
        return Outcome.MOVED

    def pause(self) -> None:
        """Stop the clock (only in a started, unfinished game)."""
        if self.started_at is not None and not self.over and self._paused_at is None:
            self._paused_at = self.clock()

    def resume(self) -> None:
        """Restart the clock; the paused time does not count."""
        if self._paused_at is not None:
            self.paused_total += self.clock() - self._paused_at
            self._paused_at = None

    def efficiency(self) -> float:
        """Shortest moves / your moves (1.0 is a perfect run)."""
        return self.shortest / self.moves if self.moves else 0.0


def walk_game(setup, maze: Maze, clock: Callable[[], float], starts=None) -> WalkGame:
    """The classic walk a setup plays on `maze` (the classic mode's spec names it; nothing
    in the setup shapes it: `starts` is in the maze already)."""
    return WalkGame(maze, clock)
