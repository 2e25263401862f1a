"""The player's-eye game (Suits 6.1): rotate left, rotate right, move forward.

The computer keeps the position and the facing; the player sees only what lies ahead.
Every forward move goes through `Maze.step`, so wrap-around and one-way doors behave as
everywhere else. In a maze of several floors (`FloorsEyeGame`) the eye looks through
`FloorsGround`, sees the stairs in the corridor and climbs them (`climb`); in a weave maze
(`BoardEyeGame`) through `engine.weave.WeaveGround`, and sees the bridges.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from mazegame.engine import floors
from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.grid import ALL_WALLS, EAST, NORTH, SOUTH, WEST, Maze, mirrored
from mazegame.engine.weave import WeaveGround
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
        self.ground = self.maze  #: what the eye looks through (`eyesight.Ground`)
        self.looked = np.zeros_like(self.maze.walls)
        walls = self.maze.walls
        self.one_way_backs = mirrored(self.maze, ~walls & np.uint8(ALL_WALLS)) & walls
        self.facing = self.open_facing(self.facing)
        self._see()

    def open_facing(self, preferred: int) -> int:
        """Start facing an open door when there is one, so the first view is not a wall."""
        return open_facing(self.maze, self.position, preferred)

    def _see(self) -> None:
        for section in look(self.ground, self.position, self.facing, self.depth):
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


@dataclass
class BoardEyeGame(EyeGame):
    """The player's eye on a board of square sides (N E S W first: weave), a `BoardMaze`:
    a weave maze's eye sees its bridges (`engine.weave.WeaveGround`)."""

    def __post_init__(self) -> None:
        WalkGame.__post_init__(self)
        self.ground = WeaveGround(self.maze) if self.maze.tiling == "weave" else self.maze
        self.looked = np.zeros((self.maze.size, 1), dtype=np.uint8)  #: no one-way doors
        self.one_way_backs = self.looked.copy()
        self.facing = self.open_facing(self.facing)
        self._see()

    def map_of_seen(self):
        """The maze as far as the player has seen it: a seen cell keeps its doors, an
        unseen one has those its seen neighbours have towards it."""
        maze = self.maze
        links, opposite = maze.board.links, maze.opposite
        doors = np.zeros_like(maze.doors)
        seen = sorted(self.seen)
        doors[seen] = maze.doors[seen]
        for cell in seen:
            for d in range(maze.sides):
                beyond = links[cell, d]
                if (maze.doors[cell] >> d) & 1 and beyond >= 0 and beyond not in self.seen:
                    doors[beyond] |= np.uint8(1 << int(opposite[d]))
        return maze.copy(doors=doors)


class FloorsGround:
    """A maze of several floors as the eye's `Ground`: a floor's width and height, no wrap,
    the goals, the board's step (sides N E S W are the square's), and its `stairs`."""

    wrap_x = wrap_y = False

    def __init__(self, maze: BoardMaze) -> None:
        self.maze = maze
        _, self.height, self.width = floors.shape(maze.board)
        self.goals = maze.goals

    def step(self, cell: int, d: int) -> int:
        """Where a move from `cell` through side d lands (the same cell when blocked)."""
        return self.maze.step(cell, d)

    def stairs(self, cell: int) -> tuple[bool, bool]:
        """Whether a stair goes up, and down, from `cell`."""
        return (self.maze.step(cell, floors.UP) != cell,
                self.maze.step(cell, floors.DOWN) != cell)


@dataclass
class FloorsEyeGame(EyeGame):
    """The player's eye in a maze of several floors: the corridor of the player's floor,
    the stairs in it (steps up, a hole down), and `climb` to take the stair underfoot. The
    mini-map is the floors maze as seen (`map_of_seen`); it has no one-way doors."""

    def __post_init__(self) -> None:
        self.ground = FloorsGround(self.maze)
        WalkGame.__post_init__(self)  # (EyeGame's own reads a square's walls)
        self.looked = np.zeros((self.maze.size, 1), dtype=np.uint8)  #: no one-way doors
        self.one_way_backs = self.looked.copy()
        self.facing = self.open_facing(self.facing)
        self._see()

    def open_facing(self, preferred: int) -> int:
        """Start facing an open door when there is one."""
        return open_facing(self.ground, self.position, preferred)

    def _see(self) -> None:
        for section in look(self.ground, self.position, self.facing, self.depth):
            self.seen.add(section.cell)
            self.seen.update(c for c in (section.left_cell, section.right_cell) if c >= 0)

    def move(self, direction: int) -> Outcome:
        """A move (a step, or a stair taken), then a look from where it led."""
        outcome = super().move(direction)
        self._see()
        return outcome

    def floor_name(self) -> str:
        """Where the player is: "2 of 3", and "(goal: 3)" when the goal is on another."""
        board = self.maze.board
        here = floors.floor_of(board, self.position)
        goal = floors.floor_of(board, self.maze.goals[0])
        where = f"{here + 1} of {floors.shape(board)[0]}"
        return where if goal == here else f"{where} (goal: {goal + 1})"

    def stairs_here(self) -> str:
        """The stairs underfoot: "up", "down", "up and down" or ""."""
        up, down = self.ground.stairs(self.position)
        return " and ".join(way for way, there in (("up", up), ("down", down)) if there)

    def climb(self, which: str) -> Outcome:
        """Take the stair "up" or "down" underfoot (a bump where there is none)."""
        return self.move(floors.UP if which == "up" else floors.DOWN)

    def map_of_seen(self) -> BoardMaze:
        """The floors maze as far as the player has seen it: a seen cell's sides as they are;
        an unseen one open on its floor but where a seen neighbour shows a wall, with no
        stairs (so the fog has no walls of its own, as on the square's map)."""
        maze = self.maze
        seen = np.zeros(maze.size, dtype=bool)
        seen[list(self.seen)] = True
        links = maze.board.links
        doors = np.where(seen, maze.doors, ALL_WALLS).astype(np.uint8)
        for d in range(4):  # the unseen cells' sides toward seen cells, as those show them
            unseen = np.flatnonzero(~seen & (links[:, d] >= 0))
            beyond = links[unseen, d]
            back = np.uint8(1 << int(maze.opposite[d]))
            walled = seen[beyond] & ((maze.doors[beyond] & back) == 0)
            doors[unseen[walled]] &= np.uint8(~(1 << d) & 0xFF)
        return maze.copy(doors=doors)


def eye_game(setup, maze: Maze, clock, starts=None) -> EyeGame:
    """The player's-eye game a setup plays on `maze`, seeing as far as its settings say
    (the eye mode's spec names it): on a maze with stairs, the floors' eye; on another
    board (weave), the board's."""
    if not hasattr(maze, "board"):
        kind = EyeGame
    elif "up" in maze.board.spec.directions:
        kind = FloorsEyeGame
    elif maze.board.spec.directions[:4] == ("north", "east", "south", "west"):
        kind = BoardEyeGame
    else:  # the eye turns by quarters: a corridor of hexagons has no left and right
        raise ValueError(f"the player's eye walks square corridors, not {maze.tiling} ones")
    return kind(maze, clock, depth=setup.settings.depth)


__all__ = ["BoardEyeGame", "EyeGame", "FloorsEyeGame", "LEFT_OF", "RIGHT_OF", "NORTH", "EAST",
           "SOUTH", "WEST"]
