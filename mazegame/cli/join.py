"""`mazegame join HOST:PORT`: play in a room of a game host, from this terminal or as a bot.

Without `--bot` it opens the thin client (`mazegame.ui.remote`): the lobby, rooms and games
drawn from what the host sends; it imports no numpy and no numba (the host runs the engine).
With `--bot` it plays headless (`mazegame.net.bots`): it creates the room if the code is
free, waits for `--players`, plays `--games` games and prints one line a game (`--json`: an
object a line). A host that cannot be reached, or refuses, is one line and status 1; bad
arguments are status 2 as everywhere.
"""

from __future__ import annotations

import argparse
from typing import get_args

from mazegame.cli.common import Command, parse_address, whole_number
from mazegame.net.protocol import DEFAULT_PORT, RoomMode

KEYS_PER_SECOND = 6  #: a bot's default pace: a quick person's
BOTS = ("greedy", "wanderer")  #: --bot: see mazegame.net.bots
ROOM_MODES = get_args(RoomMode)  #: the modes a room plays


def _configure(p: argparse.ArgumentParser) -> None:
    """join's arguments: the address, a name, a room, and the bot's options."""
    p.add_argument("address", type=parse_address, metavar="HOST:PORT",
                   help=f"the game host (`mazegame host` listens on 127.0.0.1:{DEFAULT_PORT})")
    p.add_argument("--name", default=None, help="your name in the lobby (default: your login)")
    p.add_argument("--room", default=None, metavar="CODE",
                   help="go straight to this room (a bot creates it if the code is free)")
    p.add_argument("--watch", action="store_true", help="watch the room instead of playing")
    p.add_argument("--bot", choices=BOTS, default=None,
                   help="play headless: greedy (a shortest route) or wanderer (a random walk)")
    p.add_argument("--mode", choices=ROOM_MODES, default="race",
                   help="the room's mode when a bot creates it (default race)")
    p.add_argument("--players", type=whole_number(1, 8), default=2, metavar="N",
                   help="a bot that creates the room starts when N players are in (default 2)")
    p.add_argument("--games", type=whole_number(1, 10_000), default=1, metavar="K",
                   help="games a bot plays before it leaves (default 1)")
    p.add_argument("--keys-per-second", type=whole_number(1, 20), default=KEYS_PER_SECOND,
                   metavar="N", help=f"how fast a bot presses keys (default {KEYS_PER_SECOND}, "
                                     "a quick person's pace; at most 20, the host's rate)")
    p.add_argument("--json", action="store_true",
                   help="a bot prints each game as a JSON object: room, mode, seed, winner, "
                        "players, moves")
    p.add_argument("--door", choices=("join", "ssh", "web"), default="join",
                   help=argparse.SUPPRESS)  # how the player came in: the host's SSH door, serve


def run_join(args: argparse.Namespace) -> int:
    """Play on a host: the bot headless, or the thin client on this terminal."""
    if args.bot is not None:
        from mazegame.net.bots import run_bot

        return run_bot(args)
    from mazegame.ui.remote import run_client

    return run_client(args)


COMMAND = Command("join", "play in a room of a game host (mazegame host), from this terminal "
                  "or as a bot", _configure, run_join)
