"""The rules of an interpreted maze, as a plain state machine over (maze, interpretation).

A WalkGame (position, moves, trail, clock, pause, shortest path) where the player never
sees a direction: `scene()` is the current cell as the kind words it, `take(index)` takes one
of its options (an open door moves you; a closed one is refused and you stay), and for a
problem to solve (instructional) `answer(index, text)` checks the answer first: a wrong one
keeps you where you are.

Every attempt is a turn: moving, being refused, answering wrongly. After each turn the
**rival** (the demon, driven by Suits' solution matrices through `DemonBrain`) earns
`speed` steps towards the goal and takes the whole ones, after sleeping `head_start` turns
(the difficulty's, `games.modes.DIFFICULTIES`). It does not stop the game when it arrives:
you can still reach the goal, second, which ends the game lost (`won` stays False: the
race was the rival's, and a saved result says so). It starts where you do, unless at this
pace it would beat even a perfect run; then it starts just far enough back that a perfect
run wins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING
from urllib.parse import quote

from mazegame.games.interpreted.base import (
    Interpretation,
    Option,
    Scene,
    check_answer,
    goal_distances,
    moved_text,
    needs_answer,
    refusal_text,
    rival_line,
)
from mazegame.games.modes import DEFAULT_DIFFICULTY, difficulty_preset
from mazegame.games.modes.interpreted import DEFAULT_SIZE
from mazegame.games.walk import Outcome as WalkOutcome
from mazegame.games.walk import WalkGame

if TYPE_CHECKING:
    from mazegame.engine.demon import DemonBrain
    from mazegame.engine.grid import Maze

MIN_BRAID = 0.25  #: interpreted mazes are multiply connected (Suits: loops of referrals)


class Outcome(Enum):
    """What one attempt did."""

    MOVED = "moved"
    REFUSED = "refused"  #: a closed door: you stay
    WRONG = "wrong"  #: a wrong answer: you stay
    ASK = "ask"  #: this option is a problem: answer it (`answer`), nothing happened
    WON = "won"
    SECOND = "second"  #: reached the goal after the rival: the game is over, lost
    IGNORED = "ignored"  #: the game is over, or no such option


@dataclass
class InterpretedGame(WalkGame):
    """One player in an interpreted maze, with a rival racing to the goal."""

    interpretation: Interpretation | None = None
    speed: Fraction = Fraction(3, 4)  #: the rival's steps per turn
    head_start: int = 4  #: turns the rival sleeps after your first
    rival_start: int = -1  #: -1: no rival
    brain: DemonBrain | None = None
    turns: int = field(default=0, init=False)  #: attempts: moves, refusals, wrong answers
    refusals: int = field(default=0, init=False)
    wrong: int = field(default=0, init=False)
    rival_cell: int = field(default=-1, init=False)
    rival_trail: list[int] = field(default_factory=list, init=False)
    rival_arrived: int | None = field(default=None, init=False)  #: the turn it reached the goal
    last_text: str = field(default="", init=False)  #: what the last attempt came to, in words
    _credit: Fraction = field(default=Fraction(0), init=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.interpretation is None:
            raise ValueError("an interpreted game needs its interpretation")
        if self.rival_start >= 0:
            if self.brain is None:
                from mazegame.engine.demon import DemonBrain

                self.brain = DemonBrain(self.maze)
            self.rival_cell = self.rival_start
            self.rival_trail = [self.rival_start]

    # -- what the player sees ---------------------------------------------------------------
    @property
    def kind(self) -> str:
        """The kind of interpreted maze ("bureaucracy", ...)."""
        return self.interpretation.kind

    @property
    def goal(self) -> int:
        """The goal the rival races to (the maze's first)."""
        return self.maze.goals[0]

    def scene(self) -> Scene:
        """The current cell as the kind words it."""
        return self.interpretation.scene(self.position)

    def option(self, index: int) -> Option | None:
        """The current scene's option at `index` (None: no such option)."""
        options = self.scene().options
        return options[index] if 0 <= index < len(options) else None

    @property
    def has_rival(self) -> bool:
        """A rival races you."""
        return self.rival_cell >= 0

    @property
    def rival_reached(self) -> bool:
        """The rival has reached the goal."""
        return self.rival_arrived is not None

    def rival_distance(self) -> int:
        """The rival's moves left to the goal (-1: no rival, or it cannot get there)."""
        if not self.has_rival:
            return -1
        return self.brain.distance(self.rival_cell, self.goal)

    def rival_line(self) -> str:
        """The rival's progress, in the kind's idiom ("" without a rival)."""
        if not self.has_rival:
            return ""
        return rival_line(self.interpretation, self.rival_distance(), self.rival_reached)

    @property
    def beat_rival(self) -> bool:
        """You reached the goal before the rival (or there is none): you won."""
        return self.won

    # -- the player's actions ---------------------------------------------------------------
    def take(self, index: int) -> Outcome:
        """Take option `index` of the current scene: through its door, or refused."""
        option = self.option(index)
        if self.over or option is None:
            return Outcome.IGNORED
        if needs_answer(option):
            return Outcome.ASK
        return self._logged(f"o{index}", lambda: self._attempt(option))

    def answer(self, index: int, text: str) -> Outcome:
        """Answer option `index`'s problem: right, and it is taken; wrong, and you stay."""
        option = self.option(index)
        if self.over or option is None:
            return Outcome.IGNORED
        return self._logged(f"a{index}:{quote(text, safe='')}",
                            lambda: self._answered(option, text))

    def _logged(self, event: str, attempt) -> Outcome:
        """Do an attempt and log it as one event (a replay retakes the option; the move it
        made is not logged apart)."""
        logged = len(self.events)
        outcome = attempt()
        del self.events[logged:]
        self.events.append(event)
        return outcome

    def _answered(self, option: Option, text: str) -> Outcome:
        if needs_answer(option) and not check_answer(option, text):
            self._start()
            self.wrong += 1
            self.last_text = "Not quite. You stay where you are."
            self._end_turn()
            return Outcome.WRONG
        return self._attempt(option)

    def _start(self) -> None:
        if self.paused:
            self.resume()
        if self.started_at is None:
            self.started_at = self.clock()

    def _attempt(self, option: Option) -> Outcome:
        self._start()
        if not option.open:
            self.refusals += 1
            self.last_text = refusal_text(self.interpretation, option)
            self._end_turn()
            return Outcome.REFUSED
        before = self.position
        moved = self.move(option.door)  # the one movement rule
        if moved is WalkOutcome.BUMPED or self.position == before:  # a kind that lied
            raise RuntimeError(f"option {option.text!r} is open but its door is not")
        self.last_text = moved_text(self.interpretation, before, self.position)
        if moved is WalkOutcome.WON:
            self.turns += 1
            if self.rival_reached:  # second: the walk's goal reached, the race lost
                self.won = False
                return Outcome.SECOND
            return Outcome.WON
        self._end_turn()
        return Outcome.MOVED

    def _end_turn(self) -> None:
        """A turn passes: the rival wakes, or earns its steps and takes them."""
        self.turns += 1
        if not self.has_rival or self.rival_reached:
            return
        if self.turns <= self.head_start:
            return
        self._credit += self.speed
        while self._credit >= 1 and not self.rival_reached:
            self._credit -= 1
            d = self.brain.next_move(self.rival_cell, self.goal)
            if d < 0:
                break
            self.rival_cell = self.maze.step(self.rival_cell, d)
            self.rival_trail.append(self.rival_cell)
            if self.rival_cell == self.goal:
                self.rival_arrived = self.turns


# -- building a game ------------------------------------------------------------------------
def interpreted_maze(size: tuple[int, int], seed: int, difficulty: str = DEFAULT_DIFFICULTY,
                     algorithm: str = "backtracker", wrap_x: bool = False,
                     wrap_y: bool = False) -> Maze:
    """The maze under an interpreted game: braided (loops), as much as the difficulty says
    and at least MIN_BRAID, when the generator allows it."""
    from mazegame.engine.generate import GENERATORS, generate

    preset = difficulty_preset(difficulty)
    spec = GENERATORS.get(algorithm)
    braid = 0.0 if spec is not None and spec.rock else max(preset.braid, MIN_BRAID)
    return generate(algorithm, size[0], size[1], seed, braid=braid,
                    wrap_x=wrap_x, wrap_y=wrap_y).maze


def interpretation_for(kind: str, maze: Maze, seed: int,
                       difficulty: str = DEFAULT_DIFFICULTY) -> Interpretation:
    """The kind's interpretation of a maze (ValueError: no such kind installed)."""
    from mazegame.games.interpreted import KINDS

    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; known: {', '.join(KINDS)}")
    difficulty_preset(difficulty)
    return KINDS[kind](maze, seed, difficulty)


def place_rival(maze: Maze, shortest: int, speed: Fraction, head_start: int,
                seed: int) -> int:
    """Where the rival starts: your start, unless at its pace it would beat a perfect run
    there; then a cell (chosen by the seed) just far enough from the goal that a perfect run
    wins by a turn, or the farthest cell."""
    from mazegame.engine.chase_safety import Pursuit

    steps = Pursuit(speed, head_start, True).demon_steps(max(shortest - 1, 0))
    if shortest > steps:
        return maze.start
    distance = goal_distances(maze.copy(goals=maze.goals[:1]))
    far = distance[distance > steps]
    want = int(far.min()) if far.size else int(distance.max())
    cells = [int(c) for c in (distance == want).nonzero()[0]]
    return random.Random(f"rival:{seed}").choice(cells)


def new_game(kind: str, size: tuple[int, int] = DEFAULT_SIZE, seed: int = 0,
             difficulty: str = DEFAULT_DIFFICULTY, *, maze: Maze | None = None, clock=None,
             rival: bool = True, algorithm: str = "backtracker", wrap_x: bool = False,
             wrap_y: bool = False) -> InterpretedGame:
    """A ready game of a kind: its maze (unless given), interpretation and rival."""
    from mazegame.engine.demon import DemonBrain

    preset = difficulty_preset(difficulty)
    if maze is None:
        maze = interpreted_maze(size, seed, difficulty, algorithm, wrap_x, wrap_y)
    interpretation = interpretation_for(kind, maze, seed, difficulty)
    extra = {} if clock is None else {"clock": clock}
    game = InterpretedGame(maze, interpretation=interpretation, speed=preset.speed,
                           head_start=preset.head_start, **extra)
    if rival and game.shortest > 0:
        brain = DemonBrain(maze)
        game.brain = brain
        game.rival_start = game.rival_cell = place_rival(
            maze, game.shortest, preset.speed, preset.head_start, seed)
        game.rival_trail = [game.rival_cell]
    return game

