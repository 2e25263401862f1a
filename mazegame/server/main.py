"""`mazegame host`: the lobby and its rooms behind the game port, and the SSH door.

The command line (`cli/host.py`) has checked the addresses bind and warned about a host
beyond this machine. This runs the host until Ctrl-C (or SIGTERM): then every player is told
"the host is stopping" (Bye), the sockets close, and a Ctrl-C ends through the command line's
usual interrupt path (status 130, one line). Results of finished games were saved as they
ended (the day's board, `server.board`).
"""

from __future__ import annotations

import asyncio
import signal
import sys
import threading
import time

from mazegame.engine.warmup import Warmer
from mazegame.games.lobby import Limits, Lobby
from mazegame.server.board import FILE_NAME, Board
from mazegame.server.gameport import GamePort, PortLimits, log

STOPPING = "the host is stopping"
READY = "mazegame host: the rooms' kernels are compiled"  #: (stdout) games start at once now
DOOR_HINT = "the SSH door needs the host extra: pip install 'mazegame[host]' (going on without it)"
NO_DOOR = "this mazegame has no SSH door (going on without it)"


def shown(host: str, port: int) -> str:
    """HOST:PORT as a person types it ([::1]:7777 for IPv6)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def host_tasks() -> list[str]:
    """The warm-up tasks (`engine.warmup`) a room's games need: a maze and its distances,
    the demon, and every generator a room may pick."""
    from mazegame.engine.generate import GENERATORS

    return ["maze", "demon", *(f"generator {name}" for name in GENERATORS)]


def warm_in_background() -> Warmer:
    """Compile the rooms' kernels in a child process (numba's disk cache) and load them here
    in a thread, while the host already listens: on a fresh install a host is up at once
    instead of after a minute of compiling, and a cache already filled makes this quick.
    A room started before its kernels are loaded compiles them then, once."""
    wanted, began = set(host_tasks()), time.monotonic()

    def progress(done: int, total: int, label: str, compiled: bool) -> None:
        wanted.discard(label)
        if not wanted:  # the rest (the lab's, the jumping maze's, ...) no room needs
            warmer.cancel()
            print(f"{READY} ({time.monotonic() - began:.0f} s)", flush=True)

    warmer = Warmer(progress)
    warmer.prefer(host_tasks())
    threading.Thread(target=warmer.run, name="warm-up", daemon=True).start()
    return warmer


def board() -> Board:
    """The day's board, kept in the data folder (in memory only if it cannot be found)."""
    try:
        from mazegame.locations import data_dir

        return Board(data_dir() / FILE_NAME)
    except OSError:
        return Board(None)


async def open_ssh_door(host: str, port: int, game_port: int):
    """The SSH door, if this installation has it (the host extra); None otherwise."""
    try:
        from mazegame.server.ssh_door import open_door
    except ImportError as err:
        missing = err.name or ""
        hint = DOOR_HINT if not missing.startswith("mazegame") else NO_DOOR
        print(f"mazegame host: {hint}", file=sys.stderr, flush=True)
        return None
    return await open_door(host, port, game_port)


async def run_host(args) -> str:
    """Serve until a signal; returns which one ("interrupt" or "terminate")."""
    limits = PortLimits.from_environment()
    day_board = board()

    def on_daily(name: str, mode: str, moves: int, seconds: float) -> None:
        day_board.add(name, mode, moves, seconds)
        log(f"daily {mode}: {name} {moves} moves in {seconds:.1f} s")

    lobby = Lobby(time.monotonic, Limits(countdown=limits.countdown), on_daily=on_daily)
    port = GamePort(lobby, limits)
    await port.start(args.host, args.port)
    door = None
    if args.ssh_port:
        door = await open_ssh_door(args.host, args.ssh_port, args.port)
    where = shown(args.host, args.port)
    print(f"mazegame host: the game port is ws://{where}/", flush=True)
    print(f"  join from a terminal with mazegame:  mazegame join {where}", flush=True)
    if door is not None:
        print(f"  join with nothing installed:         ssh -p {args.ssh_port} NAME@{args.host}",
              flush=True)
    print("  Ctrl-C stops the host", flush=True)
    stop = asyncio.Event()
    why = ["interrupt"]
    loop = asyncio.get_running_loop()

    def stopping(reason: str) -> None:
        why[0] = reason
        stop.set()

    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:  # a script's background job
        loop.add_signal_handler(signal.SIGINT, stopping, "interrupt")  # ignores it: kept so
    loop.add_signal_handler(signal.SIGTERM, stopping, "terminate")
    began = time.monotonic()
    try:
        await stop.wait()
    finally:
        await port.stop(STOPPING)
        if door is not None:
            await door.close()
    print(f"mazegame host: stopped after {time.monotonic() - began:.0f} s: {port.received} "
          f"messages in ({port.dropped} over the rate), {port.sent} out", flush=True)
    return why[0]


def serve_rooms(args) -> int:
    """Host rooms until Ctrl-C (KeyboardInterrupt, for the CLI's 130) or SIGTERM (0)."""
    warmer = warm_in_background()
    try:
        ended = asyncio.run(run_host(args))
    finally:
        warmer.cancel()
    if ended == "interrupt":
        raise KeyboardInterrupt
    return 0
