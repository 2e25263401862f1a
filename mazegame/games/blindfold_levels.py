"""The blindfold puzzle's levels: one registry, `LEVELS`, read by the game, its setup menu,
the all-mazes lab and the replays.

A level's par is the length of the sequence shipped for its size (assets/allmazes/NxM.txt,
the best `mazegame allmazes solve` found), so a shorter sequence shipped makes par shorter
by itself; `proved` says that length is proved optimal, and `why` says how (or what is
known). Light on purpose: the setup menu reads it without loading numpy.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from mazegame.engine import readfile
from mazegame.locations import asset


@functools.cache
def known_sequence(n: int, m: int) -> str | None:
    """The shipped sequence that solves every n x m maze (assets/allmazes/NxM.txt, the best
    `mazegame allmazes solve` found; `#` lines say how), or None if none ships."""
    path = asset("allmazes", f"{n}x{m}.txt")
    if not path.exists():
        return None
    lines = readfile.read_text(path, readfile.MOVES).splitlines()
    return "".join(line.strip() for line in lines if not line.startswith("#")) or None


@dataclass(frozen=True)
class Level:
    """One size of the puzzle: n rows, m columns, how many feasible mazes it has, and what
    is known about par (`why`: "{par}" and "{shorter}", par less one, are filled in)."""

    n: int
    m: int
    mazes: int  #: feasible n x m mazes (OEIS A069343; a test counts them)
    why: str  #: what is known about par, for the help and the reveal
    proved: bool = False  #: par is proved optimal (no shorter sequence exists)

    @property
    def name(self) -> str:
        """The level's name and saved-results key, "3x3"."""
        return f"{self.n}x{self.m}"

    @property
    def par(self) -> int:
        """The shipped sequence's length: the best known (the optimum when `proved`)."""
        known = known_sequence(self.n, self.m)
        if known is None:
            raise LookupError(f"no sequence ships for {self.name} (assets/allmazes)")
        return len(known)

    @property
    def note(self) -> str:
        """What is known about par, in words."""
        return self.why.format(par=self.par, shorter=self.par - 1)


LEVELS = {level.name: level for level in (
    Level(3, 3, 51, "{par} is optimal (proved by search)", proved=True),
    Level(3, 4, 295, "{par} is optimal (proved by search)", proved=True),
    Level(3, 5, 1632, "{par} is optimal: a SAT solver proved {shorter} impossible (`mazegame "
                      "allmazes sat 3x5 {shorter}`; `allmazes prove` adds a certificate others "
                      "can check; Funke et al. 2017 left 26-67 open)", proved=True),
    Level(4, 4, 3828, "{par} is optimal: a SAT solver proved {shorter} impossible (`mazegame "
                      "allmazes sat 4x4 {shorter}`; Funke et al. 2017 left 27-29 open)",
          proved=True),
    Level(4, 5, 46557, "{par} is the best known (Funke et al. 2017: 222), not proved optimal; "
                       "at least 29 are needed (`mazegame allmazes bound 4x5`, the paper's "
                       "ESS)"),
)}


def stars(moves: int, par: int) -> int:
    """Stars for a sequence of `moves` that solves every maze: 3 at par or better, 2 within a
    third over par, else 1."""
    if moves <= par:
        return 3
    return 2 if moves <= par + max(1, par // 3) else 1
