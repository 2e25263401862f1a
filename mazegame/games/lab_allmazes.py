"""The all-mazes lab: every feasible maze of a small size walking one sequence in lockstep,
two sequences side by side (a known optimum or the best known, a random walk, a staircase).

Rules only (no Textual): `Run` is one sequence played step by step over its own `MazeSet`;
`AllMazesLab` holds two runs that step, step back and rewind together. Beyond the sizes
whose every maze a `MazeSet` lists (5x5: 482443 classes), the lab plays a seeded sample of
the maze classes (`draw_sample`, a second's work: a worker's), spread over when the shipped
sequence solves them.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.allmazes.mazeset import MAX_CELLS, MOVES, ClassSample, MazeSet, draw_classes
from mazegame.games.blindfold_levels import LEVELS, known_sequence

RANDOM_CAP = 600  #: a random walk stops after this many moves, solved or not
SAMPLE_CLASSES = 60  #: how many maze classes a sampled size draws


def sampled(n: int, m: int) -> bool:
    """Whether the lab shows a sample of the n x m maze classes (too many to list them all)."""
    return n * m > MAX_CELLS


def draw_sample(n: int, m: int, seed: int) -> ClassSample:
    """`SAMPLE_CLASSES` classes of the n x m mazes, spread over when the shipped sequence
    solves them (seeded); lists every class first (5x5: about a second)."""
    return draw_classes(n, m, known_sequence(n, m), SAMPLE_CLASSES, seed)


def random_walk(n: int, m: int, seed: int = 1, cap: int = RANDOM_CAP, masks=None) -> str:
    """Random moves (seeded) until every n x m maze (or those of `masks`) is solved, or
    `cap` moves."""
    rng = np.random.default_rng(seed)
    mazes, moves = MazeSet(n, m, masks), []
    while mazes.unsolved() and len(moves) < cap:
        moves.append(MOVES[int(rng.integers(len(MOVES)))])
        mazes.step(moves[-1])
    return "".join(moves)


def staircase(n: int, m: int, cap: int = RANDOM_CAP, masks=None) -> str:
    """"rd" over and over (then "dr"...): the first idea most people have, until it solves
    every maze (or those of `masks`) or reaches `cap` moves (it never solves a maze that
    needs a move back)."""
    mazes, moves = MazeSet(n, m, masks), []
    while mazes.unsolved() and len(moves) < min(cap, 2 * (n + m)):
        moves.append("rd"[len(moves) % 2])
        mazes.step(moves[-1])
    return "".join(moves)


def sources(n: int, m: int, yours: str | None = None, masks=None) -> dict[str, str]:
    """The sequences the lab can play for a size (on the mazes `masks`, else all), by name
    (the known one first)."""
    found = {}
    known = known_sequence(n, m)
    level = LEVELS.get(f"{n}x{m}")
    if known:
        proved = level is not None and level.proved and len(known) <= level.par
        found["optimal" if proved else "best known"] = known
    found["random walk"] = random_walk(n, m, masks=masks)
    found["staircase rd"] = staircase(n, m, masks=masks)
    if yours:
        found["yours"] = yours
    return found


class Run:
    """One named sequence played over every maze (or those of `masks`), `at` moves in."""

    def __init__(self, name: str, sequence: str, n: int, m: int, masks=None) -> None:
        self.name, self.sequence = name, sequence
        self.mazes = MazeSet(n, m, masks)

    @property
    def at(self) -> int:
        """How many moves have been played."""
        return len(self.mazes.moves)

    @property
    def finished(self) -> bool:
        """Whether every move has been played."""
        return self.at >= len(self.sequence)

    def step(self) -> bool:
        """Play the next move (False at the end)."""
        if self.finished:
            return False
        self.mazes.step(self.sequence[self.at])
        return True

    def back(self) -> bool:
        """Take back the last move (False at the start)."""
        return self.mazes.back()

    def rewind(self) -> None:
        """Back to the start."""
        self.mazes.reset()


class AllMazesLab:
    """Two runs over the mazes of one size (or over the classes of `drawn`, a sample),
    moving together."""

    def __init__(self, n: int = 3, m: int = 3, yours: str | None = None,
                 drawn: ClassSample | None = None) -> None:
        self.n, self.m = n, m
        self.drawn = drawn  #: the sample of classes the runs play on (None: every maze)
        self.masks = None if drawn is None else drawn.masks
        self.sources = sources(n, m, yours, self.masks)  #: name -> sequence
        names = list(self.sources)
        right = "yours" if yours else names[1]  # the player's own against the best
        self.runs = [self._run(names[0]), self._run(right)]  #: left, right
        self.playing = False  #: the screen's timer steps while this is set

    def _run(self, name: str) -> Run:
        return Run(name, self.sources[name], self.n, self.m, self.masks)

    def redrawn(self, drawn: ClassSample) -> AllMazesLab:
        """The lab on another sample: the same sequences, each side as far in, playing if
        this one is."""
        lab = AllMazesLab(self.n, self.m, self.sources.get("yours"), drawn)
        lab.playing = self.playing
        for side, run in enumerate(self.runs):
            lab.runs[side] = lab._run(run.name)
            for _ in range(run.at):
                lab.runs[side].step()
        return lab

    @property
    def size(self) -> str:
        """The size, "3x3"."""
        return f"{self.n}x{self.m}"

    def step(self) -> bool:
        """Both runs one move on; False when neither had a move left (playing stops)."""
        moved = [run.step() for run in self.runs]
        if not any(moved):
            self.playing = False
        return any(moved)

    def back(self) -> bool:
        """Both runs one move back (a run that has finished waits until the other is back
        at its length)."""
        longest = max(run.at for run in self.runs)
        moved = [run.back() for run in self.runs if run.at == longest]
        return any(moved)

    def rewind(self) -> None:
        """Both runs back to the start."""
        for run in self.runs:
            run.rewind()

    def cycle(self, side: int) -> None:
        """Give one side the next sequence of `sources` (the other side's is skipped), from
        the start like the other side."""
        names = list(self.sources)
        other = self.runs[1 - side].name
        i = names.index(self.runs[side].name)
        for step in range(1, len(names) + 1):
            name = names[(i + step) % len(names)]
            if name != other:
                break
        run = self._run(name)
        for _ in range(self.runs[1 - side].at):
            run.step()
        self.runs[side] = run

    def sample(self, most: int) -> np.ndarray:
        """The indices of at most `most` mazes to draw: all of them when they fit, else
        evenly spread ones."""
        total = len(self.runs[0].mazes)
        if total <= most:
            return np.arange(total)
        return np.linspace(0, total - 1, most).round().astype(int)
