"""The `mazegame` command: play (the default), generate, solve, matrices, jump, levels, bench,
edit, interpreted, explain, stats, treasure, selfplay, rat, allmazes, config, serve, host,
join, records, replay.

Each subcommand is one module of this package holding a Command: a function that adds its
arguments and one that runs it. The modules import only the shared `common` and `output`,
never this package, so COMMANDS is filled here without a cycle. However a command ends, it
is one line at most and never a traceback: bad input exits 2, output that cannot be written
1 (`output`), Ctrl-C 130 (`interrupt`).
"""

from __future__ import annotations

import argparse
import re
import sys

from mazegame import __version__
from mazegame.cli import (
    allmazes,
    bench,
    config,
    daily,
    edit,
    explain,
    generate,
    host,
    interpreted,
    interrupt,
    join,
    jump,
    levels,
    matrices,
    output,
    play,
    rat,
    records,
    selfplay,
    serve,
    solve,
    stats,
    treasure,
)
from mazegame.cli.common import Command, UsageError, one_line
from mazegame.cli.interrupt import Sigint
from mazegame.cli.output import OutputError
from mazegame.engine.memory import keep_freed_blocks

#: Every subcommand by name, in the order `mazegame --help` lists them.
COMMANDS: dict[str, Command] = {
    cmd.name: cmd
    for cmd in (generate.COMMAND, solve.COMMAND, play.COMMAND, bench.COMMAND, jump.COMMAND,
                daily.COMMAND,
                matrices.COMMAND, levels.COMMAND, edit.COMMAND, interpreted.COMMAND,
                explain.COMMAND, stats.COMMAND, treasure.COMMAND,
                selfplay.COMMAND, rat.COMMAND, allmazes.COMMAND, config.COMMAND,
                serve.COMMAND, host.COMMAND, join.COMMAND, records.RECORDS, records.REPLAY)
}


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and status 2."""

    def error(self, message: str):
        """Bad arguments: one line and status 2, as argparse does, minus the usage text."""
        self.exit(2, f"mazegame: error: {one_line(message)}\n")


def build_parser() -> argparse.ArgumentParser:
    """The `mazegame` parser with one subparser per entry of COMMANDS."""
    parser = _Parser(
        prog="mazegame",
        description="A terminal maze game and maze-algorithm lab. Run with no arguments to play.",
    )
    parser.add_argument("--version", action="version", version=f"mazegame {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for cmd in COMMANDS.values():
        cmd.configure(sub.add_parser(cmd.name, help=cmd.help, description=cmd.help))
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status: 0, 1 (an answer of no, or output that
    could not be written), 2 (bad input) or 130 (Ctrl-C)."""
    keep_freed_blocks()  # big arrays reuse freed blocks, not fresh pages (engine.memory)
    sigint = Sigint()
    try:
        with sigint.noted(), output.guarded():
            status = _run(argv)
            output.flush()  # a write to a full disk fails here, not at exit
    except BaseException as err:  # anywhere: parsing, lazy imports, numba compiles, kernels
        ending = _ending(err, sigint)
        if ending is None:
            raise
        return ending
    return _ending(None, sigint) if sigint.received else status  # an interrupt swallowed


def _ending(err: BaseException | None, sigint: Sigint) -> int | None:
    """The exit status of a command that ended with err (None: a bug, to be raised): 130 after
    Ctrl-C, 2 for bad input, 1 for output that could not be written, 0 for a closed pipe."""
    if sigint.ended(err):
        with interrupt.winding_up():
            print(interrupt.MESSAGE, file=sys.stderr)
        return interrupt.STATUS
    if isinstance(err, UsageError):
        print(f"mazegame: error: {one_line(str(err))}", file=sys.stderr)
        return 2
    if isinstance(err, OutputError):
        print(f"mazegame: error: {one_line(str(err))}", file=sys.stderr)
        output.silence()
        return 1
    if isinstance(err, BrokenPipeError):  # e.g. `mazegame generate | head`: a quiet exit
        output.silence()
        return 0
    return None


def _run(argv: list[str] | None) -> int:
    """Parse and run one subcommand."""
    args = _parse(argv)
    if isinstance(args, int):
        return args
    return COMMANDS[args.command].run(args)


def _parse(argv: list[str] | None) -> argparse.Namespace | int:
    """The parsed arguments, or the exit status argparse chose (--help: 0, bad ones: 2)."""
    argv = negative_values_joined(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            args = build_parser().parse_args(["play", *argv])
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 0 if exit_.code is None else 2
    return args


def looks_negative(word: str) -> bool:
    """'-' then a digit, but not a plain negative number ('-5', '-0.5': argparse lets those
    through as values itself)."""
    return (re.match(r"-\.?[0-9]", word) is not None
            and re.fullmatch(r"-[0-9]+|-[0-9]*\.[0-9]+", word) is None)


def negative_values_joined(argv: list[str]) -> list[str]:
    """argv with `--size -5x5` written `--size=-5x5`. argparse reads '-5x5' as an option and
    says "--size: expected one argument"; joined, the value reaches its own parser, which
    says what is wrong with it (a size is 1..4096 a side)."""
    joined: list[str] = []
    for at, word in enumerate(argv):
        if word == "--":  # the rest are positionals
            return joined + argv[at:]
        before = joined[-1] if joined else ""
        if before.startswith("--") and len(before) > 2 and "=" not in before \
                and looks_negative(word):
            joined[-1] = f"{before}={word}"
        else:
            joined.append(word)
    return joined
