"""The blindfold puzzle: type one move sequence that gets out of every maze of a size at once.

You cannot see the maze: every feasible n x m maze (`engine.allmazes.mazeset`) walks your
sequence in lockstep from its upper-left corner, and a maze is out once its lower-right
corner has been visited. The levels, 3x3 to 4x5, and their par are `blindfold_levels.LEVELS`.
A win is the lockstep set's every maze out, confirmed by the project's checker
(`engine.allmazes.check`, over the maze classes). A plain state machine: no Textual.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from mazegame.engine.allmazes.mazeset import MOVES, MazeSet
from mazegame.games.blindfold_levels import LEVELS, Level, known_sequence, stars
from mazegame.games.stopwatch import Stopwatch

__all__ = ["LEVELS", "MAX_MOVES", "MODE", "BlindfoldGame", "Level", "known_sequence", "stars"]

MODE = "blindfold"  #: the saved results' mode name (games.modes registers it)
#: The longest sequence a player types (each move keeps every maze's position for undo:
#: 4x5's 46557 mazes take 93 KB a move); replays of longer ones from before still play.
MAX_MOVES = 1000


class BlindfoldGame(Stopwatch):
    """One level: the sequence typed so far and where it leaves every maze."""

    def __init__(self, level: Level, clock: Callable[[], float] = time.monotonic) -> None:
        self.level = level
        self.mazes = MazeSet(level.n, level.m)  #: every feasible maze, stepped in lockstep
        self.gave_up = False  #: the known sequence was revealed: no stars for this attempt
        self.newly_solved: list[int] = []  #: the mazes the last move got out
        #: What the player did, for a replay: a move's letter, "x" (erase), "c" (clear),
        #: "g" and the sequence revealed (give up).
        self.events: list[str] = []
        self.clock = clock
        self.started_at: float | None = None  #: the first move's time
        self.ended_at: float | None = None  #: when the sequence first solved every maze

    def _did(self, event: str) -> None:
        """Log an event; start the clock at the first, stop it at the first full solution."""
        self.events.append(event)
        self.start_clock()
        if self.ended_at is None and self.won:
            self.ended_at = self.clock()

    @property
    def sequence(self) -> str:
        """The moves typed so far, as letters udlr."""
        return "".join(self.mazes.moves)

    @property
    def total(self) -> int:
        """How many mazes there are."""
        return len(self.mazes)

    @property
    def full(self) -> bool:
        """Whether the sequence has MAX_MOVES moves: no more can be typed."""
        return len(self.mazes.moves) >= MAX_MOVES

    def unsolved(self) -> int:
        """How many mazes the sequence leaves unsolved."""
        return self.mazes.unsolved()

    @property
    def won(self) -> bool:
        """Whether the sequence gets out of every maze."""
        return self.unsolved() == 0

    def checked(self) -> bool:
        """Whether `mazegame allmazes check`'s checker finds that the sequence solves every
        feasible maze of the level (over its maze classes, independently of `mazes`)."""
        from mazegame.engine.allmazes.check import check

        return check(self.level.n, self.level.m, self.sequence).ok

    def type(self, move: str) -> int:
        """Append a move (a letter of udlr); returns how many mazes it got out."""
        if move not in MOVES:
            raise ValueError(f"a move is one of {MOVES!r}, not {move!r}")
        before = self.mazes.solved
        self.mazes.step(move)
        self.newly_solved = [int(k) for k in (self.mazes.solved & ~before).nonzero()[0]]
        self._did(move)
        return len(self.newly_solved)

    def erase(self) -> bool:
        """Take back the last move (False if there was none)."""
        self.newly_solved = []
        erased = self.mazes.back()
        if erased:
            self._did("x")
        return erased

    def clear(self) -> None:
        """Start the sequence again (a give-up stays a give-up)."""
        had_moves = bool(self.mazes.moves)
        self.mazes.reset()
        self.newly_solved = []
        if had_moves:
            self._did("c")

    def set_sequence(self, sequence: str) -> None:
        """Replace the typed moves with `sequence` (logged as a clear and its moves)."""
        self.clear()
        for move in sequence:
            self.type(move)
        self.newly_solved = []

    def give_up(self) -> str | None:
        """Reveal a known sequence (it replaces yours); None if none ships for this size."""
        known = known_sequence(self.level.n, self.level.m)
        if known is not None:
            self.reveal(known)
        return known

    def reveal(self, sequence: str) -> None:
        """Give up: `sequence` replaces yours and earns no stars (logged as "g" and the
        sequence, so a replay shows what was revealed then, whatever ships now)."""
        logged = len(self.events)
        self.gave_up = True
        self.set_sequence(sequence)
        del self.events[logged:]
        self._did("g" + sequence)

    def stars(self) -> int:
        """Stars earned by the sequence: none until it solves every maze, or after a give-up."""
        if not self.won or self.gave_up:
            return 0
        return stars(len(self.mazes.moves), self.level.par)

    def shown(self) -> int:
        """The maze to draw: the worst unsolved one (farthest from its goal), or when all are
        out, the one the sequence got out last."""
        worst = self.mazes.worst()
        if worst is not None:
            return worst
        return int(self.mazes.solved_at().argmax())

    def path(self, k: int) -> list[int]:
        """The cells maze k's walker has stood on, in order."""
        return self.mazes.path(k)
