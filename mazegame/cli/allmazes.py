"""`mazegame allmazes count|check|solve|bound NxM`: the simultaneous maze solving problem
(Funke, Nusser, Storandt 2017; engine.allmazes): how many n x m mazes are feasible, whether
one move sequence solves them all, a search for such a sequence, and a proved lower bound
on its length."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from mazegame.cli.allmazes_args import (
    add_time_limit,
    limit_size,
    out_of_time,
    parse_rows_cols,
    parse_runs,
    parse_seconds,
    progress_printer,
    read_sequence,
)
from mazegame.cli.common import Command, UsageError, parse_seed

MAX_CHECK_CELLS = 64  #: the checker's limit (two 64-bit words per partial maze)
MAX_EXPLICIT_CELLS = 25  #: exact searches enumerate every maze class
ESS_SECONDS, ESS_SHARE = 5.0, 0.05  #: `solve`'s quick lower bound: at most this long



def configure(p: argparse.ArgumentParser) -> None:
    """Add the actions (count, check, solve, bound) and their arguments."""
    from mazegame.engine.allmazes.methods import AUTO, METHODS, defaults_text

    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    text = "count the feasible n x m mazes (a path joins the upper-left and lower-right)"
    count = sub.add_parser("count", help=text, description=text)
    count.add_argument("size", type=parse_rows_cols, metavar="NxM", help="rows x columns")
    count.add_argument("--json", action="store_true",
                       help='print {"n", "m", "count", "seconds"}')
    add_time_limit(count, "give up after this long (default 60; exit 3)")
    count.add_argument("--quiet", action="store_true", help="no progress on standard error")
    text = ("check that a move sequence (letters u d l r) solves every feasible n x m maze: "
            "exit 0, or 1 with a maze it leaves unsolved, or 3 when the time limit comes "
            "first")
    check = sub.add_parser("check", help=text, description=text)
    check.add_argument("size", type=parse_rows_cols, metavar="NxM", help="rows x columns")
    check.add_argument("sequence", metavar="SEQ|FILE",
                       help="the moves, or a file holding them ('-': standard input; "
                            "# starts a comment)")
    add_time_limit(check, "give up after this long (default 60; exit 3)")
    check.add_argument("--quiet", action="store_true", help="no progress on standard error")
    from mazegame.cli.allmazes_cluster import add_checkpoint, configure_check_cluster

    configure_check_cluster(check, parse_runs)
    methods = "; ".join(f"{name}: {spec.description}" for name, spec in METHODS.items())
    text = ("search for one sequence that solves every feasible n x m maze (exit 3 when the "
            "time limit comes before one is verified)")
    solve = sub.add_parser("solve", help=text, description=f"{text}. Methods: {methods}.")
    solve.add_argument("size", type=parse_rows_cols, metavar="NxM", help="rows x columns")
    solve.add_argument("--method", choices=[AUTO, *METHODS], default=AUTO,
                       help=f"the search method (default {AUTO}: the best measured for the "
                            f"size, {defaults_text()})")
    solve.add_argument("--seed", type=parse_seed, default=0, help="random seed (default 0)")
    solve.add_argument("--start", metavar="SEQ|FILE", default=None,
                       help="for the methods that shorten a sequence (tails): the one to "
                            "shorten, which must solve every maze (default: the shipped "
                            "assets/allmazes/NxM.txt, when there is one)")
    add_time_limit(solve, "stop after this long (default 60), with the best sequence "
                           "verified by then")
    solve.add_argument("--json", action="store_true", help='print {"n", "m", "sequence", '
                       '"length", "method", "seed", "verified", "lower_bound"}')
    solve.add_argument("--quiet", action="store_true", help="no progress on standard error")
    cluster = solve.add_argument_group(
        "on a Dask cluster (the distributed extra: pip install 'mazegame[distributed]')")
    cluster.add_argument("--runs", type=parse_runs, default=None, metavar="R",
                         help="search from R seeds (--seed onwards) at once, each with the "
                              "time limit, and keep the shortest verified sequence")
    cluster.add_argument("--scheduler", metavar="ADDRESS", default=None,
                         help="run them on the Dask scheduler at ADDRESS (e.g. "
                              "tcp://10.0.0.5:8786); without it, local worker processes")
    cluster.add_argument("--workers", type=parse_runs, default=None, metavar="N",
                         help="local worker processes (default: the number of cores)")
    add_checkpoint(cluster, "search with restarts and checks as tasks (on --workers or "
                            "--scheduler when given), writing its state to DIR as it goes, "
                            "and go on from there after a stop")
    text = ("ask a SAT solver whether LENGTH moves can solve every n x m maze (up to 25 cells; "
            "the sat extra: pip install 'mazegame[sat]'); exit 0 found, 1 proved impossible, "
            "3 no answer in the time limit")
    sat = sub.add_parser("sat", help=text, description=text)
    sat.add_argument("size", type=parse_rows_cols, metavar="NxM", help="rows x columns")
    sat.add_argument("length", type=parse_runs, metavar="LENGTH", help="the sequence's length")
    sat.add_argument("--time-limit", type=parse_seconds, default=600.0, metavar="SECONDS",
                     help="give up after this long (default 600)")
    sat.add_argument("--json", action="store_true", help='print {"n", "m", "length", '
                     '"status", "sequence", "classes", "seconds"}')
    sat.add_argument("--quiet", action="store_true", help="no progress on standard error")
    from mazegame.cli.allmazes_prove import configure_prove

    configure_prove(sub, parse_rows_cols, parse_runs, parse_seconds)
    text = "prove a lower bound on the sequence length (the paper's ESS), within a time limit"
    bound = sub.add_parser("bound", help=text, description=text)
    bound.add_argument("size", type=parse_rows_cols, metavar="NxM", help="rows x columns")
    bound.add_argument("--time-limit", type=parse_seconds, default=60.0, metavar="SECONDS",
                       help="stop after this long (default 60)")
    bound.add_argument("--json", action="store_true", help='print {"n", "m", "lower_bound", '
                       '"optimal", "classes", "seconds"}')
    bound.add_argument("--quiet", action="store_true", help="no progress on standard error")


def picture(free, walk: list[int]) -> list[str]:
    """The maze as text: # blocked, . free, * walked, S start, G goal."""
    n, m = free.shape
    seen = set(walk)
    rows = []
    for r in range(n):
        row = ""
        for c in range(m):
            cell = r * m + c
            row += ("S" if cell == 0 else "G" if cell == n * m - 1 else
                    "#" if not free[r, c] else "*" if cell in seen else ".")
        rows.append(row)
    return rows


def _run_check(args: argparse.Namespace) -> int:
    """Check a sequence; print the verdict (and an unsolved maze)."""
    import numpy as np

    from mazegame.engine.allmazes.budget import OutOfTime, deadline_in
    from mazegame.engine.allmazes.check import check, walk
    from mazegame.engine.allmazes.family import distances, neighbour_table

    n, m = args.size
    limit_size(args.size, 1, MAX_CHECK_CELLS, "check")
    moves = read_sequence(args.sequence)
    from mazegame.cli.allmazes_cluster import split_check, wants_split_check
    from mazegame.engine.allmazes.cluster import MissingExtra

    try:
        if wants_split_check(args):
            verdict = split_check(args, moves, progress_printer(args))
        else:
            verdict = check(n, m, moves, deadline=deadline_in(args.time_limit),
                            progress=progress_printer(args))
    except OutOfTime as err:
        return out_of_time(args, f"no verdict ({err}); a longer --time-limit may give one")
    except MissingExtra as err:
        print(err, file=sys.stderr)
        return 1
    if verdict.ok:
        print(f"solves all {verdict.total} feasible {n}x{m} mazes ({len(moves)} moves)")
        return 0
    unsolved = "some" if verdict.solved is None else f"{verdict.total - verdict.solved}"
    print(f"leaves {unsolved} of the {verdict.total} feasible {n}x{m} mazes unsolved "
          f"({len(moves)} moves);\none of them (S start, G goal, # blocked, * walked):")
    cells = walk(verdict.free, moves)
    print("\n".join(picture(verdict.free, cells)))
    print("as rows of 0 (free) and 1 (blocked):")
    print("\n".join("".join("0" if x else "1" for x in row) for row in verdict.free))
    mask = sum(1 << i for i, x in enumerate(verdict.free.reshape(-1)) if x)
    dist = distances(n, m, neighbour_table(n, m), np.array([mask], dtype=np.int64))[0]
    best = min(range(len(cells)), key=lambda i: (dist[cells[i]], i))
    end = cells[-1]
    print(f"after all {len(moves)} moves the walker stands at row {end // m + 1}, column "
          f"{end % m + 1},\n{_steps(dist[end])} from the goal; the closest it came was "
          f"{_steps(dist[cells[best]])}, after move {best}")
    return 1


def _steps(k: int) -> str:
    """'1 step', '3 steps'."""
    return f"{k} step" + ("" if k == 1 else "s")


def _run_solve(args: argparse.Namespace) -> int:
    """Search, then print the sequence (or the JSON record)."""
    from mazegame.engine.allmazes.family import sequence_text
    from mazegame.engine.allmazes.search import solve

    n, m = args.size
    limit_size(args.size, 4, MAX_CHECK_CELLS, "solve")
    if min(n, m) < 2:
        raise UsageError(f"solve takes at least two rows and two columns, not {n}x{m}")
    say = progress_printer(args)
    began = time.monotonic()
    lower = _lower_bound(n, m, args.time_limit, say)
    left = args.time_limit - (time.monotonic() - began)
    start = _start_sequence(args)
    figures = {}
    if args.checkpoint is not None:
        from mazegame.cli.allmazes_cluster import run_grow
        from mazegame.engine.allmazes.cluster import MissingExtra
        from mazegame.engine.allmazes.family import parse_sequence
        from mazegame.engine.allmazes.methods import AUTO, default_method
        from mazegame.engine.allmazes.search import Result

        if args.method == AUTO:  # a grown search names the method it grows with
            args.method = default_method(n, m)
        try:
            text, verified, figures = run_grow(args, say)
        except MissingExtra as err:
            print(err, file=sys.stderr)
            return 1
        result = Result(n, m, parse_sequence(text), args.method, args.seed, verified,
                        time.monotonic() - began)
    elif args.runs is None and args.scheduler is None and args.workers is None:
        try:
            result = solve(n, m, args.method, args.seed, left, say, enough=lower,
                           start=start)
        except MemoryError as err:  # the listed classes would not fit
            print(err, file=sys.stderr)
            return 1
        except ValueError as err:  # the sequence to shorten does not solve every maze
            raise UsageError(str(err)) from None
    else:
        from mazegame.engine.allmazes.cluster import MissingExtra, solve_on_cluster

        runs = args.runs or 1
        workers = args.workers or min(runs, os.cpu_count() or 1)
        try:
            result, results = solve_on_cluster(n, m, args.method, args.seed, left, runs,
                                               args.scheduler, workers)
        except MissingExtra as err:
            print(err, file=sys.stderr)
            return 1
        if say:
            say("runs: " + ", ".join(f"seed {r.seed}: {len(r.moves)}"
                                     + ("" if r.verified else " (not verified)")
                                     for r in results))
    text = sequence_text(result.moves)
    if args.json:
        print(json.dumps({"n": n, "m": m, "sequence": text, "length": len(text),
                          "method": result.method, "seed": result.seed,
                          "verified": bool(result.verified), "lower_bound": lower,
                          **figures}))
    elif text:
        print(text)
    if say:
        say(f"{len(text)} moves, {'verified' if result.verified else 'NOT verified'}, "
            f"lower bound {lower}, {result.seconds:.1f} s")
    if not result.verified:  # printed all the same: a sequence to check, or go on from
        return out_of_time(args, f"the {len(text)} moves found so far are not verified to "
                                  "solve every maze" if text else "no sequence found yet")
    return 0


def _lower_bound(n: int, m: int, time_limit: float, say) -> int:
    """A quick lower bound on the length before a search (the paper's ESS for a few
    seconds up to 25 cells, exact for small sizes; else the path along two sides): a
    search that gets down to it stops there."""
    from mazegame.engine.allmazes.exact import ess

    if n * m > MAX_EXPLICIT_CELLS:
        return n + m - 2
    bound = ess(n, m, min(ESS_SECONDS, ESS_SHARE * time_limit))
    if say:
        say(f"lower bound {bound.lower}" + (", optimal" if bound.optimal else "")
            + f" (ESS, {bound.seconds:.1f} s)")
    return bound.lower


def _start_sequence(args: argparse.Namespace):
    """The sequence a method that shortens one starts from: --start, else the shipped
    one (None: there is none, the method finds its own)."""
    from mazegame.engine.allmazes.methods import AUTO, METHODS
    from mazegame.locations import asset

    if args.method == AUTO or not METHODS[args.method].given:
        if args.start is not None:
            raise UsageError(f"--start is for the methods that shorten a sequence "
                             f"({', '.join(k for k, v in METHODS.items() if v.given)}), "
                             f"not {args.method}")
        return None
    if args.start is not None:
        return read_sequence(args.start)
    shipped = asset("allmazes", f"{args.size[0]}x{args.size[1]}.txt")
    return read_sequence(str(shipped)) if shipped.is_file() else None


def _run_bound(args: argparse.Namespace) -> int:
    """Run ESS until the time limit; print the bound."""
    from mazegame.engine.allmazes.exact import ess

    n, m = args.size
    limit_size(args.size, 1, MAX_EXPLICIT_CELLS, "bound")
    result = ess(n, m, args.time_limit, progress_printer(args))
    if args.json:
        print(json.dumps({"n": n, "m": m, "lower_bound": result.lower,
                          "optimal": result.optimal, "classes": result.classes,
                          "seconds": round(result.seconds, 3)}))
    else:
        print(result.lower)
    return 0


SAT_EXIT = {"found": 0, "none": 1, "unknown": 3}  #: `allmazes sat`'s exit status by answer
#: the longest question `sat` asks, per cell: 5x5's 500 moves (its greedy sequences are
#: about 240) are some MB of clauses a maze; 10,000 moves took 3.7 GB before an answer
SAT_MOVES_PER_CELL = 20


def _run_sat(args: argparse.Namespace) -> int:
    """Ask the SAT solver; print the answer (or the JSON record)."""
    from mazegame.engine.allmazes.sat import MissingExtra, sat_length

    n, m = args.size
    limit_size(args.size, 4, MAX_EXPLICIT_CELLS, "sat")
    if args.length > SAT_MOVES_PER_CELL * n * m:
        raise UsageError(f"sat asks about at most {SAT_MOVES_PER_CELL * n * m} moves for "
                         f"{n}x{m} (each maze's walk is clauses for every move and cell), "
                         f"not {args.length}; `allmazes solve` finds longer sequences")
    try:
        result = sat_length(n, m, args.length, args.time_limit, progress_printer(args))
    except MissingExtra as err:
        print(err, file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"n": n, "m": m, "length": args.length, "status": result.status,
                          "sequence": result.sequence, "classes": result.classes,
                          "seconds": round(result.seconds, 3)}))
    elif result.status == "found":
        print(result.sequence)
    elif result.status == "none":
        print(f"none: no sequence of {args.length} moves solves every {n}x{m} maze (proved "
              f"in {result.seconds:.1f} s)")
    else:
        print(f"unknown: no answer within {args.time_limit:g} s ({result.classes} classes "
              "asked about)")
    return SAT_EXIT[result.status]


def _run_count(args: argparse.Namespace) -> int:
    """Count and print."""
    from mazegame.engine.allmazes.budget import OutOfTime, deadline_in
    from mazegame.engine.allmazes.count import count_feasible

    n, m = args.size
    began = time.perf_counter()
    try:
        total = count_feasible(n, m, deadline_in(args.time_limit), progress_printer(args))
    except OutOfTime as err:
        return out_of_time(args, f"{err}; a longer --time-limit may finish the count")
    seconds = time.perf_counter() - began
    if args.json:
        print(json.dumps({"n": n, "m": m, "count": total, "seconds": round(seconds, 3)}))
    else:
        print(total)
    return 0


def run(args: argparse.Namespace) -> int:
    """Run the chosen action."""
    from mazegame.cli.allmazes_prove import run_prove

    return {"count": _run_count, "check": _run_check, "solve": _run_solve,
            "bound": _run_bound, "sat": _run_sat,
            "prove": lambda a: run_prove(a, progress_printer(a))}[args.action](args)


COMMAND = Command("allmazes", "one move sequence for every maze (Funke et al. 2017): count "
                  "the feasible mazes, check, search and bound sequences", configure, run)
