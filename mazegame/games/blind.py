"""Blind mazes (Suits 6.1): you see the perimeter and yourself; walls appear when bumped.

A move attempt that hits a wall costs an attempt like a move does; with a budget, the game
is lost when the attempts run out before the goal is reached.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from mazegame.engine.grid import Maze, border_walls, mirrored
from mazegame.games.walk import Outcome, WalkGame


@dataclass
class BlindGame(WalkGame):
    """A walk where only bumped walls become known, with an optional attempt budget."""

    budget: int | None = None  #: maximum move attempts (moves + bumps); None = unlimited
    known: np.ndarray = field(init=False)  #: wall bits learned by bumping, per cell

    def __post_init__(self) -> None:
        super().__post_init__()
        self.known = np.zeros_like(self.maze.walls)

    @property
    def attempts(self) -> int:
        """Move attempts so far: moves made plus walls bumped."""
        return self.moves + self.bumps

    @property
    def attempts_left(self) -> int | None:
        """Attempts the budget still allows (None: no budget)."""
        return None if self.budget is None else max(self.budget - self.attempts, 0)

    @property
    def lost(self) -> bool:
        """The budget ran out before the goal was reached."""
        return not self.won and self.budget is not None and self.attempts >= self.budget

    def move(self, direction: int) -> Outcome:
        """Try a move; a bump teaches the wall (and costs an attempt, as a move does)."""
        if self.lost:
            return Outcome.IGNORED
        before = self.position
        outcome = super().move(direction)
        if outcome is Outcome.BUMPED:
            self.known.flat[before] |= np.uint8(1 << direction)
        if self.lost and self.finished_at is None:
            self.finished_at = self.clock()
        return outcome

    def display_maze(self, show_bumped: bool = True) -> Maze:
        """What the player may see: the perimeter as it is (an exit's gap shows; a wrapped
        side has none, and the view draws its seam), plus bumped walls (drawn from both
        sides, since all the player learned is "no way through here")."""
        m = self.maze
        walls = m.walls & border_walls(m.width, m.height, m.wrap_x, m.wrap_y)
        if show_bumped:
            walls |= mirrored(m, self.known)
        return m.copy(walls=walls)


def budget_for(shortest: int, factor: float | None) -> int | None:
    """A move-attempt budget as a multiple of the shortest path (None: unlimited)."""
    return None if factor is None else max(int(round(shortest * factor)), shortest + 2)


def setup_budget(setup, shortest: int) -> int | None:
    """The attempt budget a GameSetup asks for: a campaign level's absolute one (option
    "budget_moves"), else the setup dialog's factor of the shortest path (option "budget")."""
    moves = setup.option("budget_moves")
    if moves is not None:
        return int(moves)
    return budget_for(shortest, setup.option("budget"))


def blind_game(setup, maze: Maze, clock, starts=None) -> BlindGame:
    """The blind game a setup plays on `maze`, with its budget (the blind mode's spec names
    it)."""
    game = BlindGame(maze, clock)
    game.budget = setup_budget(setup, game.shortest)
    return game
