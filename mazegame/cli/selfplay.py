"""`mazegame selfplay chase|race --difficulty D --personality P --games N --seed S [--json]`:
the standard bot (games.selfplay) plays N games against the demon; wins, losses, win rate
and mean moves, the figures the difficulties are tuned by."""

from __future__ import annotations

import argparse
import json

from mazegame.cli.common import (
    Command,
    UsageError,
    parse_seed,
    parse_size,
    whole_number,
    write_output,
)

MAX_GAMES = 100_000  #: a bound on --games (each game takes a few milliseconds)
parse_games = whole_number(1, MAX_GAMES)  #: --games


def configure(p: argparse.ArgumentParser) -> None:
    """Add the mode and the settings of the games."""
    from mazegame.engine.personalities import PERSONALITIES
    from mazegame.games.modes import CHASE_SIZE as DEFAULT_SIZE
    from mazegame.games.modes import DEFAULT_DIFFICULTY, DIFFICULTIES, demon_modes

    p.add_argument("mode", choices=demon_modes(),
                   help="chase (reach an exit) or race (to one goal)")
    p.add_argument("--difficulty", choices=list(DIFFICULTIES), default=DEFAULT_DIFFICULTY,
                   help=f"the preset (default {DEFAULT_DIFFICULTY})")
    p.add_argument("--personality", choices=list(PERSONALITIES), default=None,
                   help="the demon (default: the difficulty's own)")
    p.add_argument("--games", type=parse_games, default=100, help="games to play (default 100)")
    p.add_argument("--seed", type=parse_seed, default=0,
                   help="the first game's seed; the next ones count up (default 0)")
    p.add_argument("--size", type=parse_size, default=DEFAULT_SIZE, metavar="WxH",
                   help="maze size (default {}x{}, the menu's at 120x40)".format(*DEFAULT_SIZE))
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def run(args: argparse.Namespace) -> int:
    """Play the games and print the tally."""
    from mazegame.engine.chase_safety import Unwinnable
    from mazegame.games.selfplay import selfplay

    try:
        tally = selfplay(args.mode, args.difficulty, args.personality, args.games, args.seed,
                         args.size)
    except (Unwinnable, ValueError) as err:
        raise UsageError(str(err)) from None
    if args.json:
        write_output(None, json.dumps(tally.to_json()))
    else:
        spare = "" if tally.spare_moves is None else \
            f", {tally.spare_moves:.1f} moves to spare when it won"
        write_output(None, f"{args.mode} · {args.difficulty} · "
                           f"{args.personality or 'default demon'}: the bot won {tally.wins} "
                           f"of {tally.games} ({tally.win_rate:.0%}), "
                           f"{tally.mean_moves:.1f} moves a game{spare}")
    return 0


COMMAND = Command("selfplay", "a standard bot plays chases or races: win rates by difficulty "
                  "and demon", configure, run)
