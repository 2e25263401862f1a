"""The thin client of `mazegame join HOST:PORT`: the lobby, rooms and games of a game host,
drawn from its messages. It imports no numpy, no numba, nothing of the engine or games (the
host runs those): a player's process stays small, which matters most for the SSH door,
which runs one client per player.
"""

from __future__ import annotations

import getpass


def login_name() -> str:
    """The player's login name (the default name in the lobby), or "player"."""
    try:
        return getpass.getuser() or "player"
    except (OSError, KeyError):
        return "player"


def run_client(args) -> int:
    """`mazegame join HOST:PORT` without --bot: the client on this terminal until the player
    quits (status 0) or presses ctrl+c (status 130, as every command)."""
    from mazegame.net.names import clean, typed_code
    from mazegame.ui.remote.app import INTERRUPTED, RemoteApp
    from mazegame.ui.sigint import sigint_leaves

    room = None
    if args.room is not None:
        room = typed_code(args.room)
        if room is None:
            import sys

            print(f"mazegame: error: {args.room!r} is not a room code (6 letters and digits)",
                  file=sys.stderr)
            return 2
    app = RemoteApp(args.address, clean(args.name or login_name()), door=args.door, room=room,
                    watch=args.watch)
    with sigint_leaves(app):
        app.run()
    if app.return_code == INTERRUPTED:
        raise KeyboardInterrupt
    return app.return_code or 0
