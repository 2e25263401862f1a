"""`mazegame serve`: play in a web browser, served by textual-serve (the `serve` extra).

Each browser tab that opens the page gets its own `mazegame play` process, told it is served
(`MAZEGAME_SERVED`: it writes files only inside its data folder). With `--join HOST:PORT` it
is `mazegame join HOST:PORT` instead, the thin client of a game host (`mazegame host`): its
browsers play in that host's lobby, each under its page's `?name=` (cleaned; else "web").
Loopback addresses only by default: the game is a program running on this machine, so
serving it to a network is asked for explicitly (`--host`) and warned about. Only this
server's own page may start a game (`--allow-origin` adds others), at most `--max-sessions`
at once (`serve_guard` holds the rules, `serve_server` the server). Without textual-serve
installed, one line says how to install it and the exit status is 1 (the command was right;
the installation lacks a part); bad arguments (port, host, an address in use) exit 2 as
everywhere.
"""

from __future__ import annotations

import argparse
import functools
import ipaddress
import shlex
import sys

from mazegame.cli.common import (
    Command,
    UsageError,
    check_bindable,
    host_addresses,
    is_loopback,
    parse_address,
    whole_number,
)
from mazegame.cli.serve_guard import (
    JOIN_SESSION_BYTES,
    MOST_SESSIONS,
    SESSION_BYTES,
    allowed_origin,
    default_max_sessions,
    session_count,
    web_name,
)
from mazegame.locations import SERVED_VARIABLE

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
INSTALL_HINT = "mazegame serve needs textual-serve: pip install 'mazegame[serve]'"
MISSING_EXTRA = 1  #: exit status when the serve extra is not installed


port_number = whole_number(1, 65535)  #: --port: a TCP port (a bad one exits 2 naming it)


def _configure_serve(p: argparse.ArgumentParser) -> None:
    """Add serve's options: --host, --port, --public-url, --allow-origin, --max-sessions."""
    p.add_argument("--host", default=DEFAULT_HOST,
                   help=f"address to listen on (default {DEFAULT_HOST}, this machine only; "
                        "any other address serves the game to the network, with a warning)")
    p.add_argument("--port", type=port_number, default=DEFAULT_PORT,
                   help=f"TCP port (default {DEFAULT_PORT})")
    p.add_argument("--public-url", default=None, metavar="URL",
                   help="the address browsers reach the server at, if not http://HOST:PORT "
                        "(e.g. when listening on 0.0.0.0 or behind a proxy)")
    p.add_argument("--allow-origin", action="append", type=allowed_origin, default=[],
                   metavar="URL",
                   help="also let pages from this origin (http[s]://HOST[:PORT]) start games; "
                        "repeatable (by default only this server's own page may)")
    p.add_argument("--max-sessions", type=session_count, default=None, metavar="N",
                   help="games played at once, each a process of about 325 MB (with --join, "
                        "a thin client of about 50 MB); more browsers get a 'server is full' "
                        "page (default: the memory available at start / "
                        f"{SESSION_BYTES // 2**20} MB, or {JOIN_SESSION_BYTES // 2**20} MB "
                        f"with --join, from 1 to {MOST_SESSIONS})")
    p.add_argument("--join", type=parse_address, default=None, metavar="HOST:PORT",
                   help="put the browsers' players in the lobby of this game host (mazegame "
                        "host) instead of a game of their own; a page's ?name=NAME names "
                        "its player")


def public_url(host: str, port: int) -> str:
    """The page's address as browsers write it (an IPv6 literal goes in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def play_command() -> str:
    """The shell command textual-serve starts for each browser tab: this Python's `mazegame
    play` (so the same installation and PYTHONPATH serve it), told it is served (no browser
    can unset a variable of the command line); `exec` spares a shell process a game."""
    return f"{SERVED_VARIABLE}=1 exec {shlex.quote(sys.executable)} -m mazegame play"


def join_command(address: tuple[str, int], name: str) -> str:
    """The shell command of a browser's game with `--join`: this Python's `mazegame join
    HOST:PORT --door web --name NAME` (the name cleaned, then quoted), told it is served."""
    host, port = address
    shown = f"[{host}]" if ":" in host else host
    return (f"{SERVED_VARIABLE}=1 exec {shlex.quote(sys.executable)} -m mazegame join "
            f"{shown}:{port} --door web --name {shlex.quote(web_name(name))}")


def game_server(server_class: type) -> type:
    """textual-serve's Server with mazegame's page and guards (`serve_server`, imported
    here: it needs aiohttp, which comes with the serve extra)."""
    from mazegame.cli.serve_server import game_server as guarded

    return guarded(server_class)


def warn_network(host: str, addresses: list[str], url: str | None, port: int) -> None:
    """Warn on stderr that the game is served beyond this machine (and, listening on every
    address without --public-url, that other machines' browsers need one)."""
    shown = ", ".join(addresses)
    where = host if shown == host else f"{host} ({shown})"
    print(f"mazegame: warning: serving on {where}: anyone who can reach this machine on the "
          "network can play, and each visit starts a process here", file=sys.stderr)
    if url is None and any(ipaddress.ip_address(a).is_unspecified for a in addresses):
        print(f"mazegame: warning: browsers on other machines need --public-url "
              f"http://NAME-OF-THIS-MACHINE:{port} (the page tells them where to connect)",
              file=sys.stderr)


def run_serve(args: argparse.Namespace) -> int:
    """Serve the game until Ctrl-C (or SIGTERM); 0 after a clean stop."""
    addresses = host_addresses(args.host, args.port)  # bad host: status 2 before the import
    try:
        from textual_serve.server import Server
    except ImportError:
        print(INSTALL_HINT, file=sys.stderr)
        return MISSING_EXTRA
    check_bindable(args.host, args.port)
    if not is_loopback(addresses):
        warn_network(args.host, addresses, args.public_url, args.port)
    joined = None if args.join is None else functools.partial(join_command, args.join)
    server = game_server(Server)(
        play_command() if joined is None else joined(web_name(None)), command_for=joined,
        host=args.host, port=args.port, title="mazegame",
        public_url=args.public_url or public_url(args.host, args.port),
        allow_origins=tuple(args.allow_origin),
        max_sessions=args.max_sessions or default_max_sessions(
            per_session=SESSION_BYTES if joined is None else JOIN_SESSION_BYTES))
    try:
        server.serve()  # Ctrl-C and SIGTERM stop it gracefully (its own signal handlers)
    except OSError as err:  # the bind failed: address in use, not ours, no permission
        reason = (err.strerror or str(err)).lower()
        raise UsageError(f"cannot serve on {args.host} port {args.port}: {reason}") from None
    return 0


COMMAND = Command("serve", "play in a web browser (needs the serve extra: "
                  "pip install 'mazegame[serve]')", _configure_serve, run_serve)
