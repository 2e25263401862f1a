"""The player's-eye game (Suits 6.1): rotate left, rotate right, move forward.

The computer keeps the position and the facing; the player sees only what lies ahead.
Every forward move goes through `Maze.step`, so wrap-around and one-way doors behave as
everywhere else.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from mazegame.engine.grid import ALL_WALLS, EAST, NORTH, SOUTH, WEST, Maze, mirrored
from mazegame.eyesight import look, open_facing
from mazegame.games.modes import DIFFICULTIES
from mazegame.games.walk import Outcome, WalkGame

LEFT_OF = {NORTH: WEST, WEST: SOUTH, SOUTH: EAST, EAST: NORTH}
RIGHT_OF = {v: k for k, v in LEFT_OF.items()}


def aids(difficulty: str) -> tuple[bool, bool]:
    """(compass, mini-map) at a difficulty; an unknown name is refused with the known ones."""
    preset = DIFFICULTIES.get(difficulty)
    if preset is None:
        raise ValueError(f"unknown difficulty {difficulty!r}; known: {', '.join(DIFFICULTIES)}")
    return preset.compass, preset.minimap


@dataclass
class EyeGame(WalkGame):
    """A walker with a facing; remembers every cell it has seen (for the mini-map)."""

    facing: int = EAST
    depth: int = 8  #: how far the view reaches before the fog
    turns: int = field(default=0, init=False)
    seen: set[int] = field(default_factory=set, init=False)
    #: wall bits per cell of the sides the player has looked at from inside that cell
    looked: np.ndarray = field(init=False)
    #: the closed backs of one-way doors: walled here, open from the cell beyond (per cell)
    one_way_backs: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.looked = np.zeros_like(self.maze.walls)
        walls = self.maze.walls
        self.one_way_backs = mirrored(self.maze, ~walls & np.uint8(ALL_WALLS)) & walls
        self.facing = self.open_facing(self.facing)
        self._see()

    def open_facing(self, preferred: int) -> int:
        """Start facing an open door when there is one, so the first view is not a wall."""
        return open_facing(self.maze, self.position, preferred)

    def _see(self) -> None:
        for section in look(self.maze, self.position, self.facing, self.depth):
            facing = self.facing
            self.looked.flat[section.cell] |= np.uint8(
                (1 << facing) | (1 << LEFT_OF[facing]) | (1 << RIGHT_OF[facing]))
            self.seen.add(section.cell)
            self.seen.update(c for c in (section.left_cell, section.right_cell) if c >= 0)

    def turn_left(self) -> None:
        """Face left (a turn: no move, but the clock starts)."""
        self._turn(LEFT_OF[self.facing])

    def turn_right(self) -> None:
        """Face right."""
        self._turn(RIGHT_OF[self.facing])

    def turn_around(self) -> None:
        """Face the way you came."""
        self._turn(LEFT_OF[LEFT_OF[self.facing]])

    def _turn(self, facing: int) -> None:
        if self.over:
            return
        if self.paused:
            self.resume()
        if self.started_at is None:
            self.started_at = self.clock()
        self.facing = facing
        self.turns += 1
        self.events.append(f"r{facing}")
        self._see()

    def forward(self) -> Outcome:
        """Step the way you face (through `Maze.step`), then look."""
        logged = len(self.events)
        outcome = self.move(self.facing)
        # Its own step counted: a replay steps forward, and looks. (A real-time chase may
        # play an earlier press instead, in the way you faced then: that stays a move.)
        if self.events[logged:] == [f"m{self.facing}"]:
            self.events[-1] = "f"
        self._see()
        return outcome

    def map_of_seen(self) -> Maze:
        """The maze as far as the player has seen it: a seen cell keeps its own walls, an
        unseen one shows the walls its seen neighbours have toward it. One-way doors stay
        as the player met them (Suits 6.3): open until the player, standing past one, has
        looked back at its closed side; only then is it drawn as an arrow."""
        maze = self.maze
        seen = np.zeros(maze.size, dtype=bool)
        seen[list(self.seen)] = True
        seen = seen.reshape(maze.walls.shape)
        walls = np.where(seen, maze.walls, 0).astype(np.uint8)
        walls &= ~(self.one_way_backs & ~self.looked)
        return maze.copy(walls=np.where(seen, walls, mirrored(maze, walls)))


def eye_game(setup, maze: Maze, clock, starts=None) -> EyeGame:
    """The player's-eye game a setup plays on `maze`, seeing as far as its settings say
    (the eye mode's spec names it)."""
    return EyeGame(maze, clock, depth=setup.settings.depth)


__all__ = ["EyeGame", "LEFT_OF", "RIGHT_OF", "NORTH", "EAST", "SOUTH", "WEST"]
