"""The blindfold puzzle: type one move sequence that gets out of every maze of a size at once.

You cannot see the maze: every feasible n x m maze (`engine.allmazes.mazeset`) walks your
sequence in lockstep from its upper-left corner, and a maze is out once its lower-right
corner has been visited. Levels 3x3 (par 11, the proven optimum), 3x4 (par 17, proven) and
4x4 (par 29, proven: the paper left 27-29 open, and `mazegame allmazes sat 4x4 28` shows no
28-move sequence exists). A plain state machine: no Textual.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from mazegame.engine import readfile
from mazegame.engine.allmazes.mazeset import MOVES, MazeSet
from mazegame.games.stopwatch import Stopwatch
from mazegame.locations import asset


@dataclass(frozen=True)
class Level:
    """One size of the puzzle: n rows, m columns, and par (the best known length)."""

    n: int
    m: int
    par: int
    note: str  #: what is known about par, for the reveal
    proved: bool = False  #: par is proved optimal (no shorter sequence exists)

    @property
    def name(self) -> str:
        """The level's name and saved-results key, "3x3"."""
        return f"{self.n}x{self.m}"


LEVELS = {level.name: level for level in (
    Level(3, 3, 11, "11 is optimal (proved by search)", proved=True),
    Level(3, 4, 17, "17 is optimal (proved by search)", proved=True),
    Level(4, 4, 29, "29 is optimal: a SAT solver proved 28 impossible (Funke et al. 2017 left "
                    "27-29 open)", proved=True),
)}
MODE = "blindfold"  #: the saved results' mode name (games.modes registers it)


def stars(moves: int, par: int) -> int:
    """Stars for a sequence of `moves` that solves every maze: 3 at par or better, 2 within a
    third over par, else 1."""
    if moves <= par:
        return 3
    return 2 if moves <= par + max(1, par // 3) else 1


def known_sequence(n: int, m: int) -> str | None:
    """The shipped sequence that solves every n x m maze (assets/allmazes/NxM.txt, the best
    `mazegame allmazes solve` found; `#` lines say how), or None if none ships."""
    path = asset("allmazes", f"{n}x{m}.txt")
    if not path.exists():
        return None
    lines = readfile.read_text(path, readfile.MOVES).splitlines()
    return "".join(line.strip() for line in lines if not line.startswith("#")) or None


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

    def unsolved(self) -> int:
        """How many mazes the sequence leaves unsolved."""
        return self.mazes.unsolved()

    @property
    def won(self) -> bool:
        """Whether the sequence gets out of every maze."""
        return self.unsolved() == 0

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
