"""`mazegame host`: a game server for rooms of players on other computers.

One process owns the rooms (`mazegame.server`): the mazes, the clocks and the demons; players
send keys and get the state back. Doors in: the game port (WebSocket, `--port`, for `mazegame
join`, bots and `mazegame serve --join`), and the SSH door (`--ssh-port`, the host extra's
asyncssh: `ssh -p 2222 NAME@HOST`, nothing to install). Both listen on 127.0.0.1 unless
`--host` says otherwise, with a warning naming who can then reach them. Ctrl-C ends the games
cleanly (status 130); results of finished games are saved as they end.
"""

from __future__ import annotations

import argparse
import sys

from mazegame.cli.common import (
    Command,
    UsageError,
    check_bindable,
    host_addresses,
    is_loopback,
    whole_number,
)
from mazegame.net.protocol import DEFAULT_PORT, DEFAULT_SSH_PORT

DEFAULT_HOST = "127.0.0.1"

port_number = whole_number(1, 65535)


def _configure(p: argparse.ArgumentParser) -> None:
    """host's arguments: where to listen, and the limits."""
    p.add_argument("--host", default=DEFAULT_HOST,
                   help=f"address to listen on (default {DEFAULT_HOST}, this machine only; "
                        "any other address lets the network in, with a warning)")
    p.add_argument("--port", type=port_number, default=DEFAULT_PORT,
                   help=f"the game port, WebSocket (default {DEFAULT_PORT})")
    p.add_argument("--ssh-port", type=whole_number(0, 65535), default=DEFAULT_SSH_PORT,
                   metavar="PORT",
                   help=f"the SSH door (default {DEFAULT_SSH_PORT}; 0: no SSH door)")


def warn_network(host: str, addresses: list[str], ports: list[int]) -> None:
    """Warn on stderr that the host listens beyond this machine, and who can reach it."""
    shown = ", ".join(addresses)
    where = host if shown == host else f"{host} ({shown})"
    print(f"mazegame: warning: hosting on {where}: anyone who can reach this machine on the "
          f"network can connect (port {', '.join(map(str, ports))}) and play", file=sys.stderr)


def run_host(args: argparse.Namespace) -> int:
    """Host rooms until Ctrl-C: the addresses are checked first (a bad host or a port in use
    is one line, status 2), and a host beyond this machine is warned about."""
    addresses = host_addresses(args.host, args.port)
    ports = [args.port] + ([args.ssh_port] if args.ssh_port else [])
    if len(set(ports)) < len(ports):
        raise UsageError(f"the game port and the SSH door cannot share port {args.port}")
    for port in ports:
        check_bindable(args.host, port)
    if not is_loopback(addresses):
        warn_network(args.host, addresses, ports)
    from mazegame.server.main import serve_rooms

    return serve_rooms(args)


COMMAND = Command("host", "host rooms for players on other computers: a game port and an "
                  "SSH door", _configure, run_host)
