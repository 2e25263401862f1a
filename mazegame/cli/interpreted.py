"""`mazegame interpreted export KIND --size WxH --seed N [--difficulty D]`: an interpreted
game as JSON (issue 16's document: every option of every side of every cell, exactly as the
game shows them)."""

from __future__ import annotations

import argparse

from mazegame.cli.common import (
    Command,
    UsageError,
    check_output,
    parse_seed,
    parse_size,
    shown,
    write_output,
)


def parse_kind(text: str) -> str:
    """A kind of interpreted maze that is installed ("bureaucracy", ...)."""
    from mazegame.games.interpreted import KINDS

    if text not in KINDS:
        raise argparse.ArgumentTypeError(
            f"unknown kind {shown(text)}; kinds: {', '.join(KINDS) or 'none installed'}")
    return text


def parse_difficulty(text: str) -> str:
    """A difficulty of `games.modes.DIFFICULTIES`."""
    from mazegame.games.modes import DIFFICULTIES

    if text not in DIFFICULTIES:
        raise argparse.ArgumentTypeError(
            f"difficulty is one of {', '.join(DIFFICULTIES)}, not {shown(text)}")
    return text


def configure(p: argparse.ArgumentParser) -> None:
    """Add the export action and its arguments."""
    from mazegame.games.modes import DEFAULT_DIFFICULTY

    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    text = "print a game's every scene and option as JSON (same seed, same bytes)"
    export = sub.add_parser("export", help=text, description=text)
    export.add_argument("kind", type=parse_kind, metavar="KIND",
                        help="bureaucracy, trading or instructional")
    export.add_argument("--size", type=parse_size, required=True, metavar="WxH",
                        help="maze size in cells, e.g. 10x10")
    export.add_argument("--seed", type=parse_seed, required=True, help="the game's seed")
    export.add_argument("--difficulty", type=parse_difficulty, default=DEFAULT_DIFFICULTY,
                        help=f"the rival's pace and the maze's loops (default "
                             f"{DEFAULT_DIFFICULTY})")
    export.add_argument("-o", "--output", default=None,
                        help="output file ('-' or none: stdout)")


def run(args: argparse.Namespace) -> int:
    """Print the export; content errors are one line (file:line: message), status 2."""
    from mazegame.games.interpreted.content import ContentError
    from mazegame.games.interpreted.export import export

    check_output(args.output)
    try:
        text = export(args.kind, args.size, args.seed, args.difficulty)
    except (ContentError, ValueError) as err:
        raise UsageError(str(err)) from None
    write_output(args.output, text)
    return 0


COMMAND = Command("interpreted", "interpreted mazes (bureaucracy, trading, instructional): "
                  "export a game as JSON", configure, run)
