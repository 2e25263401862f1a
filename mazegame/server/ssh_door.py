"""The SSH door of `mazegame host`: `ssh -p 2222 NAME@HOST` plays, with nothing installed.

asyncssh (the `host` extra) listens; any user name logs in with no password and becomes the
player's name (cleaned by `net.names.clean` first). Each session runs the thin client,
`mazegame join 127.0.0.1:GAME_PORT --name NAME --door ssh`, in a pseudo-terminal of its own
(`ssh_session`). Nothing else: no shell, command, subsystem (sftp), port forwarding, agent or
X11 forwarding; environment requests are never used.

The host key is made on the first run (ed25519) and kept in the data folder, so players'
known_hosts stay valid. Limits (`DoorLimits`): sessions at once, new connections per address
a minute, a login grace, an idle timeout, bytes a player may send a second. One line of log a
session (name, address, how it ended), never a traceback for what a client did.

`python3 -m mazegame.server.ssh_door --port P --game-port G [--command ARG ...]` runs the
door alone until Ctrl-C (tests, and measuring a session's memory).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
import time
from collections import defaultdict, deque
from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path

import asyncssh

from mazegame.engine.memory import available_memory
from mazegame.locations import data_dir
from mazegame.net.names import clean
from mazegame.server.ssh_session import GameSession

log = logging.getLogger("mazegame.ssh")

SESSION_BYTES = 60 * 2**20  #: memory set aside an SSH player (the issue's target)
MOST_SESSIONS = 200  #: the default's ceiling, whatever the memory
FALLBACK_SESSIONS = 8  #: the default when the available memory cannot be read
MOST_ADDRESSES = 4096  #: addresses remembered before the quiet ones are forgotten
KEY_FILE = Path("host") / "ssh_host_ed25519_key"  #: under the data folder
#: The program each session runs; "{name}" and "{game_port}" are filled in.
JOIN_COMMAND = (sys.executable, "-m", "mazegame", "join", "127.0.0.1:{game_port}",
                "--name", "{name}", "--door", "ssh")
NO_FORWARDING = "mazegame over SSH plays the game only: no port forwarding"
SERVER_VERSION = "mazegame"  #: what the door tells clients it is (not asyncssh's version)


def default_max_sessions(memory: int | None = None) -> int:
    """Sessions at once by default: the available memory / SESSION_BYTES, from 1 to
    MOST_SESSIONS (FALLBACK_SESSIONS when the memory cannot be read)."""
    memory = available_memory() if memory is None else memory
    if memory is None:
        return FALLBACK_SESSIONS
    return max(1, min(MOST_SESSIONS, memory // SESSION_BYTES))


@dataclass(frozen=True)
class DoorLimits:
    """What the door allows; `open_door(**limits)` takes these names."""

    max_sessions: int = 0  #: games at once (0: default_max_sessions())
    per_address: int = 20  #: new connections from one address in a minute
    login_grace: float = 30.0  #: seconds from connecting to a game started
    idle: float = 15 * 60.0  #: seconds without a key before a session ends
    bytes_per_second: int = 4096  #: what a player may type (or paste) in a second


class DoorError(Exception):
    """The door cannot open (its host key unreadable); the message says why in one line."""


def host_key(path: Path | None = None) -> asyncssh.SSHKey:
    """The door's ed25519 host key: read from `path` (default: KEY_FILE in the data folder),
    made there on the first run (the file 0600, its folder 0700)."""
    path = path or data_dir() / KEY_FILE
    if path.exists():
        try:
            return asyncssh.read_private_key(path)
        except (OSError, ValueError, asyncssh.KeyImportError) as err:
            raise DoorError(f"cannot read the SSH host key {path}: {err} (move it aside "
                            "and a new one is made; players then see a changed key)") from None
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chmod(path.parent, 0o700)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fresh = path.with_name(f".{path.name}.{os.getpid()}")
    fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
    os.replace(fresh, path)
    return key


class Door:
    """An open SSH door: its listener, its connections and its sessions."""

    def __init__(self, limits: DoorLimits, command: Sequence[str], game_port: int) -> None:
        self.limits = limits
        self.command, self.game_port = tuple(command), game_port
        self.workdir = data_dir()
        self.listener: asyncssh.SSHAcceptor | None = None
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.seats: set[GameSession] = set()  #: sessions whose game runs
        self.sessions: set[GameSession] = set()  #: every session not yet reaped
        self.arrivals: dict[str, deque[float]] = defaultdict(deque)
        self._prune_at = MOST_ADDRESSES

    @property
    def port(self) -> int:
        """The port the door listens on (the one asked for, or the one given for 0)."""
        return self.listener.get_port()

    def command_for(self, name: str) -> list[str]:
        """The program a session of this (clean) name runs."""
        return [arg.replace("{game_port}", str(self.game_port)).replace("{name}", name)
                for arg in self.command]

    def admit(self, address: str) -> bool:
        """Whether a new connection from `address` is within the limits: connections from
        it in the last minute, and connections at once (twice the sessions, and some)."""
        now = time.monotonic()
        if len(self.arrivals) > self._prune_at:
            self._forget_quiet_addresses(now)
        recent = self.arrivals[address]
        while recent and now - recent[0] > 60.0:
            recent.popleft()
        if len(recent) >= self.limits.per_address:
            return False
        if len(self.connections) >= 2 * self.limits.max_sessions + 8:
            return False
        recent.append(now)
        return True

    def _forget_quiet_addresses(self, now: float) -> None:
        """Addresses with no connection in the last minute are forgotten (one attacker with
        many addresses, as IPv6 gives, would otherwise grow `arrivals` without end); the next
        pass comes when twice as many are known."""
        for address in [a for a, times in self.arrivals.items()
                        if not times or now - times[-1] > 60.0]:
            del self.arrivals[address]
        self._prune_at = max(MOST_ADDRESSES, 2 * len(self.arrivals))

    def take_seat(self, session: GameSession) -> bool:
        """A game may start for `session` (False: the host is full, or its connection
        already plays one)."""
        mine = session.chan.get_extra_info("connection")
        if len(self.seats) >= self.limits.max_sessions or any(
                s.chan.get_extra_info("connection") is mine for s in self.seats):
            return False
        self.seats.add(session)
        self.sessions.add(session)
        return True

    def leave_seat(self, session: GameSession) -> None:
        self.seats.discard(session)
        self.sessions.discard(session)

    async def close(self) -> None:
        """Stop listening, end every session and its program (waiting for each to exit),
        and close every connection."""
        if self.listener is not None:
            self.listener.close()
            await self.listener.wait_closed()
        for session in list(self.sessions):
            session.end()
        for _ in range(100):  # SIGTERM, then SIGKILL after STOP_WAIT: at most a few seconds
            if not self.sessions:
                break
            await asyncio.sleep(0.05)
        for conn in list(self.connections):
            conn.close()


class Gate(asyncssh.SSHServer):
    """One connection: admitted or not, logged in by name alone, sessions only."""

    def __init__(self, door: Door) -> None:
        self.door = door
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.name = "player"

    def connection_made(self, conn) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?",)
        self.address = str(peer[0])
        if not self.door.admit(self.address):
            log.info("ssh: refused a connection from %s: over the limits", self.address)
            conn.close()
            return
        self.door.connections.add(conn)
        asyncio.get_running_loop().call_later(self.door.limits.login_grace, self._late)

    def connection_lost(self, exc) -> None:
        self.door.connections.discard(self.conn)

    def begin_auth(self, username: str) -> bool:
        """No password: the user name is the player's name, cleaned."""
        self.name = clean(username)
        return False

    def _late(self) -> None:
        """The login grace is over: a connection with no game running is closed."""
        if self.conn in self.door.connections and not any(
                s.chan.get_extra_info("connection") is self.conn for s in self.door.seats):
            log.info("ssh: closed a connection from %s: no game within %gs", self.address,
                     self.door.limits.login_grace)
            self.conn.close()

    def session_requested(self) -> GameSession:
        return GameSession(self.door, self.name, self.address)

    def connection_requested(self, dest_host, dest_port, orig_host, orig_port):
        """ssh -L / -D: refused, saying why."""
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                        NO_FORWARDING)

    def server_requested(self, listen_host, listen_port) -> bool:
        return False  # ssh -R

    def unix_connection_requested(self, dest_path):
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                        NO_FORWARDING)

    def unix_server_requested(self, listen_path) -> bool:
        return False

    def tun_requested(self, unit) -> bool:
        return False

    def tap_requested(self, unit) -> bool:
        return False


async def open_door(host: str, port: int, game_port: int, *,
                    command: Sequence[str] = JOIN_COMMAND, key_path: Path | None = None,
                    **limits) -> Door:
    """Listen for SSH players on host:port, each session running `command` (by default the
    thin client joining 127.0.0.1:game_port). `limits`: DoorLimits' fields. OSError when the
    address cannot be bound; DoorError when the host key cannot be read."""
    given = DoorLimits(**limits)
    if given.max_sessions < 1:
        given = DoorLimits(**{**{f.name: getattr(given, f.name) for f in fields(given)},
                              "max_sessions": default_max_sessions()})
    asyncssh.set_log_level(logging.WARNING)  # the door logs one line a session itself
    if not log.handlers:  # the host's log: its stderr, as the game port's lines
        line = logging.StreamHandler(sys.stderr)
        line.setFormatter(logging.Formatter("mazegame host: %(message)s"))
        log.addHandler(line)
        log.setLevel(logging.INFO)
        log.propagate = False
    door = Door(given, command, game_port)
    door.workdir.mkdir(parents=True, exist_ok=True)
    door.listener = await asyncssh.listen(
        host, port, server_factory=lambda: Gate(door), server_host_keys=[host_key(key_path)],
        server_version=SERVER_VERSION, login_timeout=given.login_grace,
        keepalive_interval=30, keepalive_count_max=3, allow_pty=True,
        agent_forwarding=False, x11_forwarding=False, encoding=None, line_editor=False,
        public_key_auth=False, password_auth=False, kbdint_auth=False, gss_auth=False,
        host_based_auth=False)
    return door


async def _run_alone(args: argparse.Namespace) -> None:
    """The door alone until SIGINT or SIGTERM (see the module's note)."""
    limits = {f.name: getattr(args, f.name) for f in fields(DoorLimits)}
    door = await open_door(args.host, args.port, args.game_port,
                           command=args.command or JOIN_COMMAND, **limits)
    print(f"ssh door on {args.host}:{door.port}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, stop.set)
    await stop.wait()
    await door.close()


def main(argv: Sequence[str] | None = None) -> int:
    """`python3 -m mazegame.server.ssh_door`: the door alone, for tests and measures."""
    p = argparse.ArgumentParser(prog="python3 -m mazegame.server.ssh_door")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--game-port", type=int, default=7777)
    for limit in fields(DoorLimits):
        p.add_argument(f"--{limit.name.replace('_', '-')}", type=type(limit.default),
                       default=limit.default)
    p.add_argument("--command", nargs=argparse.REMAINDER, default=None,
                   help="the program each session runs ({name}, {game_port} filled in)")
    args = p.parse_args(argv)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_run_alone(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
