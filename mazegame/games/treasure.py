"""Treasure hunt (Suits 4.3): a known maze, a treasure in an unknown cell, a rival, as a
plain state machine.

The treasure lies in a cell drawn uniformly from those the start reaches (never the start
itself: a hunt over before it begins is no game), by the setup's seed and which hunt on the
maze it is (`TreasureSettings.hunt`), so a replay and the maze of the day hide it in the
same cell. It is the game's maze's goal: you find it by
entering its cell (`WalkGame.move` ends the game there), and the shortest path the end shows
is the way to it. The screen hides it until the end.

The rival searches by `engine.treasure.best_walk`: it walks that walk and finds the treasure
when its walk first enters the treasure's cell. It keeps time with you, turn by turn, at a
chase demon's pace for the difficulty: after each of your moves that lands (a bump is free)
it earns `speed` steps and takes the whole ones, after sleeping through `head_start` of your
moves. Your par is the best walk's expected steps to a treasure.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from math import floor

from mazegame.engine.graph import bfs, maze_graph
from mazegame.engine.grid import Maze
from mazegame.engine.oneway import one_way_door_count
from mazegame.engine.treasure import TreasureWalk, best_walk
from mazegame.games.daily import stars
from mazegame.games.modes import difficulty_preset
from mazegame.games.modes.treasure import DEFAULT_SIZE
from mazegame.games.replay import apply_walk, capture_walk, start_walk
from mazegame.games.replay_base import Kind
from mazegame.games.walk import Outcome, WalkGame


class Result(Enum):
    """How a hunt stands."""

    PLAYING = "playing"
    WON = "won"  #: you entered the treasure's cell first
    BEATEN = "beaten"  #: the rival's walk entered it first


def hide_treasure(search: TreasureWalk, start: int, seed: int, hunt: int = 0) -> int:
    """The treasure's cell: drawn uniformly, by `seed` and which `hunt` on the maze, from the
    cells `search` enters (every cell the start reaches) but the start. ValueError when the
    start reaches no other cell."""
    cells = sorted(cell for cell in search.first_steps() if cell != start)
    if not cells:
        raise ValueError("the start reaches no other cell: there is nowhere to hide a treasure")
    return random.Random(f"treasure {seed} {hunt}").choice(cells)


@dataclass
class TreasureGame(WalkGame):
    """You (a WalkGame whose maze's goal is the treasure) against a rival walking `search`.

    Build it with `treasure_game`, which hides the treasure; built directly, the maze's
    first goal is the treasure and `search` is the rival's walk from the start."""

    search: TreasureWalk | None = None
    speed: Fraction = Fraction(3, 4)  #: the rival's steps for each of your moves
    head_start: int = 0  #: your moves the rival sleeps through before it starts
    rival_steps: int = field(default=0, init=False)  #: steps the rival has taken
    rounds: int = field(default=0, init=False)  #: your moves that landed (the rival's turns)
    credit: Fraction = field(default=Fraction(0), init=False)  #: steps earned, not taken
    treasure_step: int = field(default=0, init=False)  #: the rival's step that finds it

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.search is None or not self.search.walk or self.search.walk[0] != self.maze.start:
            raise ValueError("a treasure hunt needs the rival's walk from the start")
        steps = self.search.first_steps()
        if self.treasure not in steps or self.treasure == self.maze.start:
            raise ValueError("the treasure must lie in a cell the start reaches, not the start")
        self.treasure_step = steps[self.treasure]

    # -- state -------------------------------------------------------------------------------
    @property
    def treasure(self) -> int:
        """The treasure's cell (the maze's goal)."""
        return self.maze.goals[0]

    @property
    def result(self) -> Result:
        """Playing, won, or beaten by the rival."""
        if self.won:
            return Result.WON
        return Result.BEATEN if self.over else Result.PLAYING

    @property
    def par(self) -> float:
        """The best walk's expected steps to a treasure: your par."""
        return self.search.expected

    @property
    def cells(self) -> int:
        """The cells the treasure could have been hidden in, the start's included (the
        cells the start reaches)."""
        return self.search.cells

    @property
    def rival_cell(self) -> int:
        """Where the rival stands."""
        return self.search.walk[self.rival_steps]

    @property
    def rival_trail(self) -> tuple[int, ...]:
        """The cells the rival has walked, in order (its searched cells)."""
        return self.search.walk[:self.rival_steps + 1]

    @property
    def rival_asleep(self) -> int:
        """Your moves left before the rival sets out (its head start)."""
        return max(0, self.head_start - self.rounds)

    def steps_left(self) -> int:
        """Moves from where you stand to the treasure (what a lost hunt lacked)."""
        dist, _, _ = bfs(maze_graph(self.maze), self.position)
        return int(dist[self.treasure])

    @property
    def star_moves(self) -> int:
        """The most moves that earn three stars: your par, or the best walk's steps to this
        very cell when that is more (bad luck is not held against you)."""
        return max(floor(self.par), self.treasure_step)

    def stars(self) -> int:
        """0 to 3, by the maze of the day's rule (`games.daily.stars`) against `star_moves`:
        three within it, two within a quarter more, one for finding the treasure at all."""
        return stars(self.moves, self.star_moves, self.won)

    # -- actions -----------------------------------------------------------------------------
    def move(self, direction: int) -> Outcome:
        """Move (through `Maze.step`); a move that lands gives the rival its turn."""
        outcome = super().move(direction)
        if outcome is Outcome.MOVED:
            self._rival_turn()
        return outcome

    def _rival_turn(self) -> None:
        """The rival earns `speed` steps (once awake) and walks the whole ones; the step that
        enters the treasure's cell ends the hunt."""
        self.rounds += 1
        if self.rounds <= self.head_start:
            return
        self.credit += self.speed
        last = len(self.search.walk) - 1
        while self.credit >= 1 and self.rival_steps < last and not self.over:
            self.credit -= 1
            self.rival_steps += 1
            if self.rival_steps == self.treasure_step:
                self.finished_at = self.clock()


def treasure_maze(setup, fit: tuple[int, int]) -> Maze:
    """The maze a hunt setup plays: the generated one, of the setup's size or else the
    mode's `DEFAULT_SIZE` (never "fit the screen", `fit` is not used: a big maze is a long
    search)."""
    return setup.build(setup.size or DEFAULT_SIZE).maze


def treasure_game(setup, maze: Maze, clock: Callable[[], float], starts=None) -> TreasureGame:
    """The hunt a setup plays on `maze`: the rival's walk, the treasure hidden by the setup's
    seed and hunt (made the maze's goal), the rival's pace by the difficulty (the treasure mode's
    spec names it; `starts` is in the maze already)."""
    if one_way_door_count(maze):  # (a maze file's: the mode builds none)
        raise ValueError("a treasure hunt needs doors that pass both ways: a one-way door "
                         "could shut you or the rival off from the treasure")
    preset = difficulty_preset(setup.settings.difficulty)
    search = best_walk(maze)
    treasure = hide_treasure(search, maze.start, setup.seed, setup.settings.hunt)
    return TreasureGame(maze.copy(goals=(treasure,)), clock, search=search,
                        speed=preset.speed, head_start=preset.head_start)


#: The hunt's replays: a walking game's recording (its events are moves), on a stage that
#: draws the rival and the cells it searched as well.
TREASURE_REPLAY = Kind("walk", "mazegame.ui.screens.treasure:TreasureStage", capture_walk,
                       start_walk, apply_walk)
