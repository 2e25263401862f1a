"""Blind mazes (Suits 6.1): you see the perimeter and yourself; walls appear when bumped.

A move attempt that hits a wall you could not know costs an attempt like a move does; a
wall you know costs nothing: the outer wall (always drawn) and a wall bumped before (from
either side; known even when bumped walls are not drawn, since you felt it once). With a
budget, the game is lost when the attempts run out before the goal is reached.

On a board (`engine.board_maze.BoardMaze`), `BoardBlindGame` plays the same rules side by
side slot: the outer wall is the sides with no cell beyond, and what the player is shown is
a board maze open everywhere but the walls they know, except the sides seen without touching
(`SEEN_SIDES`, by name: the stairs of a maze of several floors are in plain sight).
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
    known: np.ndarray = field(init=False)  #: wall bits learned by bumping, per cell
    #: Bumps into a known wall (the outer one, or one bumped before): free, not in `bumps`.
    known_bumps: int = field(default=0, init=False)
    left: bool = field(default=False, init=False)  #: the player left the maze unfinished

    def __post_init__(self) -> None:
        super().__post_init__()
        self.known = np.zeros_like(self.maze.walls)
        m = self.maze
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
        return beyond >= 0 and bool((self.known.flat[beyond] >> ((direction + 2) % 4)) & 1)

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

    def display_maze(self, show_bumped: bool = True) -> Maze:
        """What the player may see: the perimeter as it is (an exit's gap shows; a wrapped
        side has none, and the view draws its seam), plus bumped walls (drawn from both
        sides, since all the player learned is "no way through here")."""
        m = self.maze
        walls = m.walls & border_walls(m.width, m.height, m.wrap_x, m.wrap_y)
        if show_bumped:
            walls |= mirrored(m, self.known)
        return m.copy(walls=walls)


SEEN_SIDES = ("up", "down")  #: sides drawn as they are, never hidden (stairs)


@dataclass
class BoardBlindGame(BlindGame):
    """A blind walk on a board maze: only bumped walls become known (see `BlindGame`)."""

    def __post_init__(self) -> None:
        WalkGame.__post_init__(self)  # (BlindGame's own reads a square's walls)
        links = self.maze.board.links
        bits = np.uint8(1) << np.arange(links.shape[1], dtype=np.uint8)
        self.known = np.zeros(self.maze.size, dtype=np.uint8)
        self._outer = np.bitwise_or.reduce(np.where(links < 0, bits, 0), axis=1).astype(np.uint8)
        names = self.maze.board.spec.directions
        self._seen = sum(1 << d for d, name in enumerate(names) if name in SEEN_SIDES)

    def wall_known(self, cell: int, direction: int) -> bool:
        """Whether the player knows the wall on that side of `cell`: the outer wall, or one
        bumped before from this side or the other; a side in plain sight (no stair here)."""
        if (self._seen >> direction) & 1:
            return True
        if (self._outer[cell] >> direction) & 1 or (self.known[cell] >> direction) & 1:
            return True
        beyond = self.maze.neighbor(cell, direction)
        back = int(self.maze.opposite[direction]) if beyond >= 0 else 0
        return beyond >= 0 and bool((self.known[beyond] >> back) & 1)

    def display_maze(self, show_bumped: bool = True) -> BoardMaze:
        """The maze as the player may see it: every side open but the outer wall and (when
        shown) the walls bumped, from both sides; the `SEEN_SIDES` as they are."""
        maze = self.maze
        links = maze.board.links
        seen = self._seen
        shut = self._outer.copy()
        if show_bumped:
            shut |= self.known
            cells, sides = np.nonzero((self.known[:, None] >> np.arange(maze.sides)) & 1)
            beyond = links[cells, sides]
            ok = beyond >= 0
            np.bitwise_or.at(shut, beyond[ok], (1 << maze.opposite[sides[ok]]).astype(np.uint8))
        doors = (~shut & np.uint8(0xFF) & ~np.uint8(seen)) | (maze.doors & np.uint8(seen))
        return maze.copy(doors=doors.astype(np.uint8))


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
    # a maze on another board: the same rules, side by side
    game = (BoardBlindGame if hasattr(maze, "board") else BlindGame)(maze, clock)
    game.budget = setup_budget(setup, game.shortest)
    return game
