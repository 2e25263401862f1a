"""`mazegame stats --algo NAME|all --size WxH --seeds N [--json]`: each generator's texture
and each solver's work, averaged over the mazes of seeds 1..N (engine.texture says what each
figure is). Solvers run on one generator's mazes: `--maze-generator`, by default the one
`mazegame generate` uses."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from mazegame.cli.common import (
    Command,
    UsageError,
    add_maze_options,
    parse_size,
    whole_number,
    write_output,
)

MAX_SEEDS = 10_000
MAX_WORK = 4_000_000  #: seeds x cells at most: 100 mazes of 200x200, a few minutes at worst
PROGRESS_SECONDS = 1.0  #: a progress line on stderr at most this often (none in short runs)


def default_generator() -> str:
    """The generator `mazegame generate` uses when given no --algo."""
    parser = argparse.ArgumentParser()
    add_maze_options(parser)
    return parser.get_default("algo")


def _configure(p: argparse.ArgumentParser) -> None:
    """Add stats' options."""
    p.add_argument("--algo", default="all", help="a generator's or solver's name, or all")
    p.add_argument("--size", type=parse_size, default=(20, 20), metavar="WxH",
                   help="maze size (default 20x20)")
    p.add_argument("--seeds", type=whole_number(1, MAX_SEEDS), default=100, metavar="N",
                   help="the mazes of seeds 1..N, as `generate --seed` builds them "
                        "(default 100)")
    p.add_argument("--maze-generator", default=None, metavar="NAME",
                   help="whose mazes the solvers run on (default: generate's, "
                        f"{default_generator()})")
    p.add_argument("--json", action="store_true", help="a list of rows, one per algorithm")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")


def _names(algo: str, maze_generator: str) -> tuple[list[str], list[str]]:
    """(generators, solvers) that `--algo` names; a UsageError for an unknown one."""
    from mazegame.engine.generate import GENERATORS
    from mazegame.engine.solve import SOLVERS

    if maze_generator not in GENERATORS:
        raise UsageError(f"unknown generator {maze_generator!r} for --maze-generator; "
                         f"known: {', '.join(GENERATORS)}")
    if algo == "all":
        return list(GENERATORS), list(SOLVERS)
    generators = [algo] if algo in GENERATORS else []
    solvers = [algo] if algo in SOLVERS else []
    if not generators and not solvers:
        raise UsageError(f"unknown algorithm {algo[:40]!r}: name a generator "
                         f"({', '.join(GENERATORS)}), a solver ({', '.join(SOLVERS)}) or all")
    return generators, solvers


class Progress:
    """Progress lines on stderr ("[   2.0s] stats: kruskal 40/100"), at most one a second,
    so a short run prints none."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.began = self.last = time.monotonic()
        self.doing, self.done, self.total = "", 0, 0

    def start(self, doing: str, total: int) -> None:
        """Begin a part of `total` mazes."""
        self.doing, self.done, self.total = doing, 0, total

    def tick(self) -> None:
        """One maze done: a line when the last was a second ago."""
        self.done += 1
        now = time.monotonic()
        if not self.quiet and now - self.last >= PROGRESS_SECONDS:
            self.last = now
            sys.stderr.write(f"[{now - self.began:7.1f}s] stats: {self.doing} "
                             f"{self.done}/{self.total}\n")
            sys.stderr.flush()


def _figure(value: float, sd: float | None = None, digits: int = 1) -> str:
    """A mean (and its spread) for the table; '-' for none."""
    if math.isnan(value):
        return "-"
    return f"{value:.{digits}f}" + ("" if sd is None else f" ± {sd:.{digits}f}")


def text_table(generators, solvers, size, seeds: int, generator: str) -> str:
    """The rows as two aligned tables for people."""
    lines = []
    if generators:
        lines.append(f"Generators: {seeds} mazes of {size[0]}x{size[1]} each (seeds 1..{seeds});"
                     " shares of all their cells; river: mean cells on a dead-end branch")
        head = ("algo", "dead ends", "3-way", "4-way", "straight", "turning", "river",
                "diameter", "solution")
        rows = [(r.algo, f"{r.dead_ends:.1%}", f"{r.junctions_3:.1%}", f"{r.junctions_4:.1%}",
                 f"{r.straight:.1%}", f"{r.turning:.1%}", _figure(r.river, digits=2),
                 _figure(r.diameter, r.diameter_sd), _figure(r.solution_length,
                                                             r.solution_length_sd))
                for r in generators]
        lines += _aligned(head, rows)
    if solvers:
        lines.append("" if generators else None)
        lines.append(f"Solvers on the {generator} mazes ({seeds} of {size[0]}x{size[1]}, "
                     f"seeds 1..{seeds}); mean ± standard deviation")
        head = ("algo", "steps", "visited", "found")
        rows = [(r.algo, _figure(r.steps, r.steps_sd), _figure(r.visited, r.visited_sd),
                 f"{r.found}/{r.mazes}") for r in solvers]
        lines += _aligned(head, rows)
    return "\n".join(line for line in lines if line is not None)


def _aligned(head: tuple, rows: list[tuple]) -> list[str]:
    """Columns padded to their widest cell: the first to the left, the rest to the right."""
    widths = [max(len(str(row[i])) for row in [head, *rows]) for i in range(len(head))]
    return ["  ".join(str(cell).ljust(w) if i == 0 else str(cell).rjust(w)
                      for i, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip()
            for row in [head, *rows]]


def run_stats(args: argparse.Namespace) -> int:
    """Build the mazes, count, print the rows; 0, or 2 on bad input."""
    from mazegame.engine.texture import survey

    width, height = args.size
    if args.seeds * width * height > MAX_WORK:
        raise UsageError(f"--seeds {args.seeds} of {width}x{height} is too much work: seeds "
                         f"times cells is at most {MAX_WORK:,}")
    generator = args.maze_generator or default_generator()
    generators, solvers = _names(args.algo, generator)
    progress = Progress(args.quiet)
    try:
        done = survey(generators, solvers, generator, width, height, args.seeds,
                      start=progress.start, tick=progress.tick)
    except ValueError as err:
        raise UsageError(f"--maze-generator {generator}: {err}") from None
    for name, why in done.skipped.items():
        if args.algo != "all":
            raise UsageError(why)
        print(f"mazegame: stats: {name} skipped: {why}", file=sys.stderr)
    generator_rows, solver_rows = done.generators, done.solvers
    if args.json:
        rows = [row.as_dict() for row in [*generator_rows, *solver_rows]]
        for row in rows:
            row.update(size=f"{width}x{height}", seeds=args.seeds)
        write_output(None, json.dumps(_no_nan(rows)))
        return 0
    write_output(None, text_table(generator_rows, solver_rows, (width, height), args.seeds,
                                  generator))
    return 0


def _no_nan(rows: list[dict]) -> list[dict]:
    """NaN (a mean of nothing) as null: JSON has no NaN."""
    return [{k: None if isinstance(v, float) and math.isnan(v) else v for k, v in row.items()}
            for row in rows]


COMMAND = Command("stats", "statistics over many mazes: each generator's texture, each "
                  "solver's work", _configure, run_stats)
