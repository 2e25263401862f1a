"""The registry of search methods for one sequence solving every maze: names, descriptions
and how each runs (`search` runs them). It imports neither numpy nor numba, so the command
line lists the methods without loading the kernels."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Method:
    """A search method: its extension rule, whether it starts from a sample of mazes
    (IAS starts from none: only counterexamples), and whether it restarts until the time
    limit keeping the best."""

    description: str
    extend: str  #: the name of its extension rule in search.EXTENSIONS
    sample: bool = True
    restarts: bool = False
    anneal: bool = False
    tails: bool = False  #: shorten a verified sequence by annealing its tails (`tails`)


METHODS: dict[str, Method] = {
    "rs": Method("random sequence (paper's RS): random moves until all are solved", "random"),
    "so": Method("solve in order (paper's SO): lead each unsolved maze home in a random order",
                 "order"),
    "ias": Method("iteratively append (paper's IAS): lead each unsolved maze the checker finds "
                  "home", "first", sample=False),
    "greedy": Method("greedy lookahead (paper's GL): 3-move lookahead, least sum of squared "
                     "distances", "greedy-3-squared"),
    "root": Method("greedy lookahead (4 moves) for the least sum of the square roots of the "
                   "distances: it brings walkers near the goal home first (this project's)",
                   "greedy-4-root"),
    "restarts": Method("greedy lookahead (4 moves, cubed distances) with random tie-breaks, "
                       "restarted until the time limit, best kept", "greedy-4-cubed",
                       restarts=True),
    "anneal": Method("random sequence minimised, then simulated annealing one move shorter at "
                     "a time until the time limit (up to 25 cells)", "random", anneal=True),
    "tails": Method("shorten a verified sequence (the shipped one, or --start FILE; else a "
                    "greedy run's) until the time limit: a tail, after a random move, "
                    "annealed one move shorter against the mazes not solved before it, then "
                    "the whole minimised (up to 36 cells; 6x6 peaks near 9 GB)",
                    "greedy-3-squared", tails=True),
}
