"""Blind mazes (Suits 6.1): you see the perimeter and yourself; walls appear when bumped.

A move attempt that hits a wall you could not know costs an attempt like a move does; a
wall you know costs nothing: the outer wall (always drawn) and a wall bumped before (from
either side; known even when bumped walls are not drawn, since you felt it once). With a
budget, the game is lost when the attempts run out before the goal is reached.

On a board (`engine.board_maze.BoardMaze`) the same holds side by side: `known` keeps a
bit a side of each cell (the board's slot order), the outer wall is every side with no cell
beyond, and `display_maze` is a board maze with every side open but those, except the sides
in plain sight (`SEEN_SIDES`, by the tiling's side names: the stairs of a maze of several
floors), drawn as they are and never costing an attempt.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.grid import Maze, border_walls, mirrored
from mazegame.games.walk import Outcome, WalkGame


@dataclass
class BlindGame(WalkGame):
    """A walk where only bumped walls become known, with an optional attempt budget."""

    budget: int | None = None  #: maximum move attempts (moves + bumps); None = unlimited
    #: wall bits learned by bumping, per cell (on a board: a bit a side, set = shut)
    known: np.ndarray = field(init=False)
    #: Bumps into a known wall (the outer one, or one bumped before): free, not in `bumps`.
    known_bumps: int = field(default=0, init=False)
    left: bool = field(default=False, init=False)  #: the player left the maze unfinished

    def __post_init__(self) -> None:
        super().__post_init__()
        m = self.maze
        if isinstance(m, BoardMaze):
            self.known = np.zeros(m.size, dtype=np.uint8)
            self._outer = _rim_sides(m) | np.uint8(_seen_sides(m))
        else:
            self.known = np.zeros_like(m.walls)
            self._outer = m.walls & border_walls(m.width, m.height, m.wrap_x, m.wrap_y)

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

    def wall_known(self, cell: int, direction: int) -> bool:
        """Whether the player knows the wall on that side of `cell`: the outer wall, or one
        bumped before from this side or the other."""
        if (self._outer.flat[cell] >> direction) & 1 or (self.known.flat[cell] >> direction) & 1:
            return True
        beyond = self.maze.neighbor(cell, direction)
        back = (int(self.maze.opposite[direction]) if isinstance(self.maze, BoardMaze)
                else (direction + 2) % 4)
        return beyond >= 0 and bool((self.known.flat[beyond] >> back) & 1)

    def move(self, direction: int) -> Outcome:
        """Try a move; a bump into an unknown wall teaches it and costs an attempt, as a move
        does; a bump into a known one costs nothing."""
        if self.lost:
            return Outcome.IGNORED
        before = self.position
        known = self.wall_known(before, direction)
        outcome = super().move(direction)
        if outcome is Outcome.BUMPED:
            if known:
                self.bumps -= 1  # counted by the walk's rule; this one is free
                self.known_bumps += 1
            self.known.flat[before] |= np.uint8(1 << direction)
        if self.lost and self.finished_at is None:
            self.finished_at = self.clock()
        return outcome

    def leave(self) -> None:
        """End the game unfinished (the player left it): lost, and over."""
        if not self.over:
            self.left = True
            self.finished_at = self.clock()

    def display_maze(self, show_bumped: bool = True) -> Maze | BoardMaze:
        """What the player may see: the perimeter as it is (an exit's gap shows; a wrapped
        side has none, and the view draws its seam), plus bumped walls (drawn from both
        sides, since all the player learned is "no way through here")."""
        m = self.maze
        if isinstance(m, BoardMaze):
            shown = _board_display(m, self.known if show_bumped else None)
            seen = np.uint8(_seen_sides(m))  # stairs as they are
            shown.doors = (shown.doors & ~seen) | (m.doors & seen)
            return shown
        walls = m.walls & border_walls(m.width, m.height, m.wrap_x, m.wrap_y)
        if show_bumped:
            walls |= mirrored(m, self.known)
        return m.copy(walls=walls)


SEEN_SIDES = ("up", "down")  #: sides drawn as they are, never hidden (stairs)


def _seen_sides(maze: BoardMaze) -> int:
    """The bits of the sides a blind player sees anyway (`SEEN_SIDES`)."""
    names = maze.board.spec.directions
    return sum(1 << d for d, name in enumerate(names) if name in SEEN_SIDES)


def _rim_sides(maze: BoardMaze) -> np.ndarray:
    """uint8[n]: a bit for each side of each cell with no cell beyond (the outer wall)."""
    rim = maze.board.links < 0
    return (rim.astype(np.uint8) << np.arange(maze.sides, dtype=np.uint8)).sum(
        axis=1, dtype=np.uint8)


def _board_display(maze: BoardMaze, known: np.ndarray | None) -> BoardMaze:
    """The board maze as a blind player knows it: every side with a cell beyond is open
    but the ones `known` to be shut, each shut from both sides (None: nothing known)."""
    links = maze.board.links
    doors = ~_rim_sides(maze) & np.uint8((1 << maze.sides) - 1)
    if known is not None and known.any():
        cells, sides = np.nonzero((known[:, None] >> np.arange(maze.sides)) & 1)
        beyond = links[cells, sides]
        np.bitwise_and.at(doors, cells, ~(np.uint8(1) << sides.astype(np.uint8)))
        there = beyond >= 0
        back = maze.opposite[sides[there]].astype(np.uint8)
        np.bitwise_and.at(doors, beyond[there], ~(np.uint8(1) << back))
    return maze.copy(doors=doors)


def budget_for(shortest: int, factor: float | None) -> int | None:
    """A move-attempt budget as a multiple of the shortest path (None: unlimited)."""
    return None if factor is None else max(int(round(shortest * factor)), shortest + 2)


def setup_budget(setup, shortest: int) -> int | None:
    """The attempt budget a GameSetup asks for: a whole number of attempts (a campaign
    level's, `budget_moves`), else a factor of the shortest path (`budget`)."""
    settings = setup.settings
    if settings.budget_moves is not None:
        return settings.budget_moves
    return budget_for(shortest, settings.budget)


def blind_game(setup, maze: Maze, clock, starts=None) -> BlindGame:
    """The blind game a setup plays on `maze`, with its budget (the blind mode's spec names
    it)."""
    game = BlindGame(maze, clock)
    game.budget = setup_budget(setup, game.shortest)
    return game
