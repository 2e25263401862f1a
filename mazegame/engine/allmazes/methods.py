"""The registry of search methods for one sequence solving every maze: names, descriptions,
how each runs (`search` runs them) and the sizes each is the default for. It imports
neither numpy nor numba, so the command line lists the methods without loading the
kernels."""

from __future__ import annotations

from dataclasses import dataclass

AUTO = "auto"  #: the method name that means: the registry's default for the size


@dataclass(frozen=True)
class Method:
    """A search method: its extension rule, whether it starts from a sample of mazes
    (IAS starts from none: only counterexamples), whether it restarts until the time
    limit keeping the best, and the sizes (lowest and highest number of cells) it is the
    default for, as measured (README's table)."""

    description: str
    extend: str  #: the name of its extension rule in search.EXTENSIONS
    sample: bool = True
    restarts: bool = False
    anneal: bool = False
    default_cells: tuple[int, int] | None = None
    tails: bool = False  #: then shorten the best by annealing its tails (`tails.py`)
    given: bool = False  #: start from a given sequence (--start, else the shipped one)


METHODS: dict[str, Method] = {
    "rs": Method("random sequence (paper's RS): random moves until all are solved", "random"),
    "so": Method("solve in order (paper's SO): lead each unsolved maze home in a random order",
                 "order"),
    "ias": Method("iteratively append (paper's IAS): lead each unsolved maze the checker finds "
                  "home", "first", sample=False),
    "greedy": Method("greedy lookahead (paper's GL): 3-move lookahead, least sum of squared "
                     "distances", "greedy-3-squared", default_cells=(37, 64)),
    "root": Method("greedy lookahead (4 moves) for the least sum of the square roots of the "
                   "distances: it brings walkers near the goal home first (this project's)",
                   "greedy-4-root", default_cells=(26, 36)),
    "restarts": Method("greedy lookahead (4 moves, cubed distances) with random tie-breaks, "
                       "restarted until the time limit, best kept", "greedy-4-cubed",
                       restarts=True),
    "anneal": Method("random sequence minimised, then simulated annealing one move shorter at "
                     "a time until the time limit (up to 25 cells)", "random", anneal=True,
                     default_cells=(4, 25)),
    "greedy-anneal": Method("greedy lookahead (as greedy) restarted for half the time limit, "
                            "then the best annealed one move shorter at a time until the "
                            "time limit (up to 25 cells)", "greedy-3-squared",
                            restarts=True, anneal=True),
    "greedy-tails": Method("greedy lookahead (as greedy) restarted for half the time limit, "
                           "then the best shortened as `tails` does until the time limit (up "
                           "to 36 cells)", "greedy-3-squared", restarts=True, tails=True,
                           default_cells=(25, 25)),
    "tails": Method("shorten a verified sequence (the shipped one, or --start FILE; else a "
                    "greedy run's) until the time limit: a tail, after a random move, "
                    "annealed one move shorter against the mazes not solved before it, then "
                    "the whole minimised (up to 36 cells; 6x6 peaks near 9 GB)",
                    "greedy-3-squared", tails=True, given=True),
}


def default_method(n: int, m: int) -> str:
    """The method a search named `AUTO` runs on n x m mazes: the registered one whose
    `default_cells` hold n*m; where several do, the narrowest range wins, so a method
    made for one size takes that size over by its own entry. KeyError when none does."""
    fits = [(hi - lo, name) for name, spec in METHODS.items() if spec.default_cells
            for lo, hi in [spec.default_cells] if lo <= n * m <= hi]
    if not fits:
        raise KeyError(f"no search method is the default for {n}x{m}")
    return min(fits)[1]


def defaults_text(low: int = 4, high: int = 64) -> str:
    """Which method runs by default for which sizes, for the help: 'anneal for 4-24
    cells, greedy-anneal for 25, ...' (the cells of the sizes a search takes)."""
    runs: list[list] = []  # [method, first cells, last cells]
    for cells in range(low, high + 1):
        name = default_method(1, cells)
        if runs and runs[-1][0] == name:
            runs[-1][2] = cells
        else:
            runs.append([name, cells, cells])
    return ", ".join(f"{name} for {lo}" + (f"-{hi}" if hi > lo else "")
                     + " cells" for name, lo, hi in runs)
