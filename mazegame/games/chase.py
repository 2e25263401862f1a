"""Chase and Race: a player against a demon (Suits 4.2), as a plain state machine.

- **Chase**: reach an exit before the demon catches you (shares your cell).
- **Race**: you and the demon race from different starts to the same goal; no catching.

Time runs in *turns* or *ticks*. Turn-based: the demon moves when you move (a move that
lands, or `wait()`; bumping a wall is free). Real time: the UI calls `tick()` from a timer
every `rules.tick_seconds`; ticks do nothing while `paused`, before your first move, or in
turn-based games. The player moves at most once a beat: presses that come sooner wait in a
short queue the game keeps (see `ChaseGame.move`), and the UI asks `next_queued_in()` when
to call `play_queued()`. Either way the demon earns `rules.speed` steps per turn or tick (a
Fraction, e.g. 2/3) into an accumulator and takes the whole steps, after sleeping through
`rules.head_start` turns or ticks. The demon wakes at your first move.

A chase starts only when it can be won: `games.chase_setup.new_chase` places the demon with
`engine.chase_safety.place`, which checks that a route exists on which no demon of this
pace can stop you (the exact rule is in that module).

Two humans on one keyboard (`rules.two_player`): the second player moves the demon with
`move_demon` through the same step rule, spending the same earned steps; turn-based, the
turns alternate (`whose_turn`).
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from mazegame.engine.chase_safety import Pursuit
from mazegame.engine.demon import STAY, DemonBrain
from mazegame.engine.personalities import Demon, make_demon
from mazegame.eyesight import look
from mazegame.games.blind import BlindGame
from mazegame.games.chase_senses import (
    APPROACH_HORIZON,
    EARSHOT,
    Approach,
    DemonWarning,
    race_standing,
    warning_for,
)
from mazegame.games.eye import EyeGame
from mazegame.games.modes import demon_modes, races
from mazegame.games.walk import Outcome, WalkGame

DEMON_GLYPH = "Ж"  #: the demon's sprite in the player's-eye view
#: Real time: presses kept waiting for their beat. Two absorb a player tapping at the pace
#: whose press lands a little before the last one has played (a late timer, an uneven
#: finger); a held key (30 repeats a second) keeps only its latest two, not a backlog that
#: would walk on for seconds after the key is let go.
QUEUED_PRESSES = 2


# -- rules and difficulty ---------------------------------------------------------------------
@dataclass(frozen=True)
class ChaseRules:
    """How a chase is played (everything but the maze and the placements)."""

    mode: str = "chase"  #: a mode played against a demon (`games.modes.demon_modes`)
    speed: Fraction = Fraction(1)  #: demon steps per player turn (or per tick in real time)
    head_start: int = 0  #: turns (ticks) the demon sleeps after your first move
    turn_based: bool = True
    two_player: bool = False  #: a second human moves the demon
    personality: str = "tracker"
    tick_seconds: float = 0.3  #: real time: the UI's timer interval
    keen: float = 0.5  #: how sharp the demon's senses are (`engine.personalities.Demon.keen`)
    route: str | None = None  #: the placement wanted (`engine.chase_safety.ROUTES`)

    @property
    def move_seconds(self) -> float:
        """Real time: the least time between two of the player's moves. One move a demon
        tick, so the winnability check (one cell a tick) holds for a player at full pace,
        and key repeat cannot outrun the demon."""
        return self.tick_seconds

    @property
    def pursuit(self) -> Pursuit:
        """The demon's pace as the winnability check takes it."""
        return Pursuit(self.speed, self.head_start, self.race)

    @property
    def race(self) -> bool:
        """The demon races the player to one goal (no catching), as the mode's spec says."""
        return races(self.mode)

    def demon_steps(self, turns: int) -> int:
        """D(t): the most steps the demon can have taken after `turns` turns."""
        return self.pursuit.demon_steps(turns)


def parse_speed(text: str | Fraction | float) -> Fraction:
    """A speed ratio from "2/3", "1.5" or a number; must be positive."""
    speed = Fraction(text).limit_denominator(100) if not isinstance(text, Fraction) else text
    if speed <= 0:
        raise ValueError(f"the demon's speed must be positive, not {text}")
    return speed


class Result(Enum):
    """How a chase stands."""

    PLAYING = "playing"
    WON = "won"
    CAUGHT = "caught"  #: chase: the demon reached you
    BEATEN = "beaten"  #: race: the demon reached the goal first


# -- the game ---------------------------------------------------------------------------------
@dataclass
class ChaseGame(WalkGame):
    """You (a WalkGame: position, trail, clock, pause) against a demon.

    Build it with `new_chase` (which checks winnability); built directly, the demon is made
    from `rules.personality` unless given, and is None when a second human plays it. `brain`
    serves distances (warnings, the closest approach) and the computer demon's decisions.
    """

    rules: ChaseRules = field(default_factory=ChaseRules)
    demon_start: int = -1
    demon: Demon | None = None
    brain: DemonBrain | None = None
    demon_cell: int = field(default=-1, init=False)
    demon_trail: list[int] = field(init=False)  #: every cell the demon stood in, in order
    result: Result = field(default=Result.PLAYING, init=False)
    rounds: int = field(default=0, init=False)  #: turns (turn-based) or ticks (real time)
    credit: Fraction = field(default=Fraction(0), init=False)  #: earned demon steps
    closest: Approach | None = field(default=None, init=False)  #: for the win screen
    #: real time: presses that came before their beat, oldest first (QUEUED_PRESSES at most)
    queued: deque[int] = field(default_factory=lambda: deque(maxlen=QUEUED_PRESSES),
                               init=False)
    _asleep: int = field(default=0, init=False)
    _moved_at: float | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        if not 0 <= self.demon_start < self.maze.size:
            raise ValueError("a chase needs the demon's start cell")
        if self.rules.mode not in demon_modes():
            raise ValueError(f"unknown chase mode {self.rules.mode!r}; known: {demon_modes()}")
        if self.brain is None:
            self.brain = self.demon.brain if self.demon is not None else DemonBrain(self.maze)
        if self.demon is None and not self.rules.two_player:
            self.demon = make_demon(self.rules.personality, self.maze, self.brain,
                                    keen=self.rules.keen)
        self.demon_cell = self.demon_start
        self.demon_trail = [self.demon_start]
        self._asleep = self.rules.head_start
        self._observe()

    # -- state ----------------------------------------------------------------------------
    @property
    def race(self) -> bool:
        """A race to one goal (no catching), not a chase."""
        return self.rules.race

    @property
    def goal(self) -> int:
        """The race's goal (the first exit in a chase)."""
        return self.maze.goals[0]

    @property
    def target(self) -> int:
        """Where the demon is heading: you, or the race's goal."""
        return self.goal if self.race else self.position

    @property
    def caught(self) -> bool:
        """The demon reached you (a lost chase)."""
        return self.result is Result.CAUGHT

    @property
    def whose_turn(self) -> str:
        """"player", or "demon" while a human demon owes steps in a turn-based game."""
        owes = self.rules.two_player and self.rules.turn_based and self.credit >= 1
        return "demon" if owes else "player"

    def demon_distance(self, within: int | None = None) -> int:
        """The demon's walking distance to you (-1: unreachable or beyond `within`)."""
        return self.brain.distance(self.demon_cell, self.position, within)

    def demon_to_goal(self) -> int:
        """The demon's walking distance to the goal (a race's "how close it came")."""
        return self.brain.distance(self.demon_cell, self.goal)

    def warning(self) -> DemonWarning:
        """Footsteps, breathing, or right behind you: for the views that hide the demon. In a
        race the demon is not after you: how the race stands instead."""
        if self.race:
            return race_standing(self.brain.distance(self.position, self.goal),
                                 self.demon_to_goal(), self.rules.speed, self._asleep)
        return warning_for(self.demon_distance(EARSHOT))

    def demon_in_view(self, facing: int, depth: int = 8) -> int | None:
        """How many cells ahead the demon stands in the corridor you face, or None."""
        for section in look(self.maze, self.position, facing, depth):
            if section.depth > 0 and section.cell == self.demon_cell:
                return section.depth
        return None

    def sprites(self, facing: int, depth: int = 8) -> dict[int, str]:
        """`render_view`'s sprites: the demon's glyph at its depth when it is in view."""
        seen = self.demon_in_view(facing, depth)
        return {} if seen is None else {seen: DEMON_GLYPH}

    def describe(self) -> str:
        """Debug line: the demon's mind and memory."""
        who = "second player" if self.demon is None else self.demon.title
        return f"{who}; {self.brain.describe()}"

    # -- the player's actions --------------------------------------------------------------
    def move(self, direction: int) -> Outcome:
        """Move (through `Maze.step`); the demon replies in turn-based games.

        Real time: at most one move a beat (`rules.move_seconds`). A press before its beat,
        or while earlier presses still wait, joins the queue (EARLY) and is played in order
        by `play_queued` when its beat comes; a full queue drops its oldest press (the latest
        ones are what the player means now). A press that finds the oldest waiting one due
        plays that one and waits in its place, so no press overtakes another."""
        if self.over or self.whose_turn != "player":
            return Outcome.IGNORED
        if self.queued or self.move_wait() > 0:
            self.queued.append(direction)
            return self.play_queued()
        return self._move_now(direction, moved_at=None)

    def move_wait(self) -> float:
        """Seconds until the player may move again (real time; 0 when now)."""
        if self.rules.turn_based or self._moved_at is None or self.paused:
            return 0.0
        return max(0.0, self._moved_at + self.rules.move_seconds - self.clock())

    def next_queued_in(self) -> float | None:
        """Seconds until `play_queued` should be called (0: now), or None when no press
        waits: the one question a screen's timer asks."""
        if not self.queued or self.over:
            return None
        return self.move_wait()

    def play_queued(self) -> Outcome:
        """Play the oldest waiting press if its beat has come (EARLY: not yet; IGNORED: no
        press waits). Its beat counts from when it fell due, not from when a late timer
        got round to it, so the pace does not drift; but from no more than half a beat back,
        so a stalled screen never plays two moves at once."""
        if not self.queued or self.over:
            return Outcome.IGNORED
        if self.move_wait() > 0:
            return Outcome.EARLY
        now, pace = self.clock(), self.rules.move_seconds
        due = now if self._moved_at is None else self._moved_at + pace
        return self._move_now(self.queued.popleft(), moved_at=max(due, now - pace / 2))

    def _move_now(self, direction: int, moved_at: float | None) -> Outcome:
        """Move at once; in real time a move that lands starts the next beat at `moved_at`
        (None: now)."""
        outcome = super().move(direction)
        if outcome in (Outcome.MOVED, Outcome.WON):
            if not self.rules.turn_based:
                self._moved_at = self.clock() if moved_at is None else moved_at
            self._after_player()
        return outcome

    def pause(self) -> None:
        """Stop the clock; presses still waiting for their beat are dropped (a pause is a
        stop: they must not walk on when play resumes)."""
        super().pause()
        self.queued.clear()

    def wait(self) -> Outcome:
        """Stand still for a turn (turn-based; in real time it does nothing)."""
        if self.over or self.whose_turn != "player" or not self.rules.turn_based:
            return Outcome.IGNORED
        if self.paused:
            self.resume()
        if self.started_at is None:
            self.started_at = self.clock()
        self.events.append("w")
        self._end_turn()
        return Outcome.MOVED

    def tick(self) -> bool:
        """One beat of the real-time clock; True when the demon moved."""
        if self.rules.turn_based or self.over or self.paused or self.started_at is None:
            return False
        before = self.demon_cell
        self.events.append("k")  # a replay plays the ticks between the moves, as they came
        self._end_turn()
        return self.demon_cell != before

    # -- the second player's actions -------------------------------------------------------
    def move_demon(self, direction: int) -> Outcome:
        """A human demon's move: spends one earned step; blocked moves are free."""
        if self.over or self.demon is not None or self.credit < 1 or self.paused:
            return Outcome.IGNORED
        target = self.maze.step(self.demon_cell, direction)
        if target == self.demon_cell:
            return Outcome.BUMPED
        self.credit -= 1
        self.events.append(f"d{direction}")
        self._demon_to(target)
        return Outcome.MOVED

    # -- the clock --------------------------------------------------------------------------
    def _after_player(self) -> None:
        if not self.race and self.position == self.demon_cell:
            self._finish(Result.CAUGHT)  # walked into it (even on the exit)
        elif self.won:
            self._finish(Result.WON)
        else:
            self._observe()
            if self.rules.turn_based:
                self._end_turn()

    def _end_turn(self) -> None:
        """A turn (or tick) passes: the demon earns steps and a computer demon takes them."""
        self.rounds += 1
        if self._asleep > 0:
            self._asleep -= 1
            return
        self.credit += self.rules.speed
        if self.demon is None:
            if not self.rules.turn_based:  # real time: a human cannot bank a fortune of steps
                self.credit = min(self.credit, Fraction(max(1, math.ceil(self.rules.speed))))
            return
        while self.credit >= 1 and not self.over:
            self.credit -= 1
            cell = self.demon.step(self.demon_cell, self.target)
            if cell != self.demon_cell:
                self._demon_to(cell)

    def _demon_to(self, cell: int) -> None:
        self.demon_cell = cell
        self.demon_trail.append(cell)
        if self.race and cell == self.goal:
            self._finish(Result.BEATEN)
        elif not self.race and cell == self.position:
            self._finish(Result.CAUGHT)
        else:
            self._observe()

    def _finish(self, result: Result) -> None:
        self.result = result
        self.won = result is Result.WON
        if result is not Result.WON:
            self.finished_at = self.clock()
        self._observe()

    def _observe(self) -> None:
        """Update the closest approach: the full distance at the start, then only a closer
        one within APPROACH_HORIZON needs searching for."""
        if self.result is Result.CAUGHT:
            d = 0
        else:
            limit = None
            if self.closest is not None:
                limit = min(self.closest.distance - 1, APPROACH_HORIZON)
                if limit < 0:
                    return
            d = self.demon_distance(limit)
        if d >= 0 and (self.closest is None or d < self.closest.distance):
            self.closest = Approach(d, self.position, self.demon_cell, self.rounds)


@dataclass
class EyeChaseGame(ChaseGame, EyeGame):
    """A chase seen from the player's eye: turning is free, `forward` moves (and is a turn)."""

    def _move_now(self, direction: int, moved_at: float | None) -> Outcome:
        """Every step looks, a waiting press played on its beat as a step forward does."""
        outcome = super()._move_now(direction, moved_at)
        self._see()
        return outcome


@dataclass
class BlindChaseGame(ChaseGame, BlindGame):
    """A chase in the blind view: walls appear when bumped; the demon is only heard."""


GAME_CLASSES = {"birds-eye": ChaseGame, "eye": EyeChaseGame, "blind": BlindChaseGame}


__all__ = [
    "ChaseGame", "EyeChaseGame", "BlindChaseGame", "ChaseRules", "GAME_CLASSES",
    "Result", "parse_speed", "STAY", "DEMON_GLYPH",
]
