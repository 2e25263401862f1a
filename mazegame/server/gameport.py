"""The game port: players' WebSocket connections into the lobby, held to the host's limits.

Each connection must say Hello within `hello_seconds`, in this host's protocol version. Every
message goes through `protocol.decode_client`: a bad one (not JSON, not of the schema) gets a
Bye and that connection is closed, with one line in the host's log; nobody else notices (a
message over MAX_CLIENT_BYTES is refused by websockets itself, `max_size`). Beyond the rate
(a token bucket a connection; a Start, which builds a maze, counts as `start_cost`
messages) messages are dropped, and a connection that goes on sending
at FLOOD times the rate is let go (reading a flood costs the host a third of a core; a
held key stays under the rate). Connections are capped in total and per
IP; a player in the lobby who says nothing for `idle_seconds` is let go; websockets' pings
find half-open sockets. The lobby's clock ticks (`tick_hz`) only while a game runs (once a
second while a dropped player's seat is kept); an idle host sleeps.

Messages out are encoded once per distinct message object and written with websockets'
`broadcast` (no waiting on a slow reader); a reader more than `backlog` bytes behind is cut
off (their place is kept, as for any dropped connection) instead of holding the host's memory.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, fields, replace

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode

from mazegame.games.lobby import Lobby
from mazegame.net.protocol import (
    MAX_CLIENT_BYTES,
    BadMessage,
    Bye,
    Error,
    Hello,
    Start,
    decode_client,
    encode,
)
from mazegame.server.backlog import backlog, closing, cut

FLOOD = 10  #: times the rate (and burst) of dropped messages that end a connection
LIMITS_VARIABLE = "MAZEGAME_HOST_LIMITS"  #: tests: "hello=1,idle=2,countdown=0.2"


@dataclass(frozen=True)
class PortLimits:
    """The game port's limits (tests shorten the times through LIMITS_VARIABLE)."""

    hello: float = 10.0  #: seconds to say Hello
    idle: float = 600.0  #: seconds a player in the lobby may say nothing
    connections: int = 1000
    per_ip: int = 64  #: a classroom behind one address still fits
    #: this machine's own connections (the SSH door's players, `serve --join` here) count
    #: only in `connections`: the door caps its players by their real addresses itself
    trust_loopback: bool = True
    rate: float = 40.0  #: messages a second a connection, on average (a held key: ~30)
    burst: float = 80.0  #: ... and at once
    tick_hz: float = 20.0
    ping: float = 20.0  #: websockets' ping interval and timeout (half-open sockets)
    countdown: float = 3.0  #: seconds before a game's first key
    #: a Start (a maze built, a demon's table: ~10 ms of the host) counts as this many
    #: messages: at most two a second a connection at the default rate
    start_cost: float = 20.0
    backlog: int = 256 * 1024  #: bytes a reader may be behind (a 80x50 Begin is ~12 KB)

    @classmethod
    def from_environment(cls) -> PortLimits:
        """The defaults, with any `name=value` of LIMITS_VARIABLE applied (a bad one is
        ignored: it is for tests)."""
        limits = cls()
        known = {f.name for f in fields(cls)}
        for item in os.environ.get(LIMITS_VARIABLE, "").split(","):
            name, _, value = (part.strip() for part in item.partition("="))
            try:
                kind = type(getattr(limits, name)) if name in known else None
                limits = replace(limits, **{name: kind(float(value))}) if kind else limits
            except ValueError:
                continue
        return limits


class Bucket:
    """A token bucket: `rate` a second, at most `burst` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.last = rate, burst, burst, time.monotonic()

    def allow(self, cost: float = 1.0) -> bool:
        """Take `cost` tokens if there are as many."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False


def _loopback(ip: str) -> bool:
    """Whether a connection comes from this machine (127.0.0.0/8, ::1)."""
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        return False


def log(line: str) -> None:
    """One line in the host's log (stderr)."""
    print(f"mazegame host: {line}", file=sys.stderr, flush=True)


class OneLine(logging.Handler):
    """websockets' own errors (a handler that failed) as one line of the host's log, never
    a traceback: what failed, and the exception's kind and first line."""

    def emit(self, record: logging.LogRecord) -> None:
        err = record.exc_info[1] if record.exc_info else None
        why = f": {type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}" \
            if err is not None else ""
        log(f"websockets: {record.getMessage()}{why}")


class GamePort:
    """The lobby behind a WebSocket server (see the module's docstring)."""

    def __init__(self, lobby: Lobby, limits: PortLimits) -> None:
        self.lobby, self.limits = lobby, limits
        self.sockets: dict[int, ServerConnection] = {}  #: player id -> their connection
        self.per_ip: defaultdict[str, int] = defaultdict(int)
        self.open = 0
        self.received = self.sent = self.dropped = 0  #: counts, for the host's figures
        self._ticker: asyncio.Task | None = None
        self._flush_due = False
        self.server: Server | None = None

    async def start(self, host: str, port: int) -> Server:
        """Listen on (host, port)."""
        quiet = logging.getLogger("mazegame.host.websockets")
        if not quiet.handlers:
            quiet.addHandler(OneLine(logging.ERROR))
        quiet.propagate = False
        self.server = await serve(self.handle, host, port, max_size=MAX_CLIENT_BYTES,
                                  max_queue=8, compression=None, logger=quiet,
                                  ping_interval=self.limits.ping,
                                  ping_timeout=self.limits.ping, open_timeout=self.limits.hello,
                                  close_timeout=2, server_header=None)
        return self.server

    async def stop(self, reason: str) -> None:
        """Bye to everyone, then close every connection and the listener."""
        message = encode(Bye(reason=reason))
        broadcast(list(self.sockets.values()), message.decode())
        if self.server is not None:
            self.server.close(close_connections=True)
            await self.server.wait_closed()
        if self._ticker is not None:
            self._ticker.cancel()

    # -- one connection -------------------------------------------------------------------
    async def handle(self, ws: ServerConnection) -> None:
        """A connection from Hello to its end."""
        ip = str(ws.remote_address[0]) if ws.remote_address else "?"
        crowded = self.per_ip[ip] >= self.limits.per_ip and not (
            self.limits.trust_loopback and _loopback(ip))
        if self.open >= self.limits.connections or crowded:
            await self._bye(ws, "the host has too many connections: try again later")
            return
        self.open += 1
        self.per_ip[ip] += 1
        pid = 0
        try:
            pid = await self._welcome(ws, ip)
            if pid:
                await self._serve(ws, pid, ip)
        except ConnectionClosed as closed:
            if closed.sent is not None and closed.sent.code == CloseCode.MESSAGE_TOO_BIG:
                log(f"dropped {ip}: bad message: over {MAX_CLIENT_BYTES} bytes")
        finally:
            self.open -= 1
            self.per_ip[ip] -= 1
            if not self.per_ip[ip]:
                del self.per_ip[ip]
            if pid and self.sockets.get(pid) is ws:
                del self.sockets[pid]
                self.deliver(self.lobby.drop(pid))
                self._wake()

    async def _welcome(self, ws: ServerConnection, ip: str) -> int:
        """Wait for Hello and let the player in: their id, or 0 (the connection closed)."""
        try:
            async with asyncio.timeout(self.limits.hello):
                data = await ws.recv()
        except TimeoutError:
            log(f"dropped {ip}: no hello within {self.limits.hello:g} s")
            await self._bye(ws, f"no hello within {self.limits.hello:g} s")
            return 0
        try:
            hello = decode_client(data)
        except BadMessage as err:
            log(f"dropped {ip}: bad message (hello): {err}")
            await self._bye(ws, f"bad message: {err}")
            return 0
        if not isinstance(hello, Hello):
            log(f"dropped {ip}: {type(hello).__name__} before Hello")
            await self._bye(ws, "say hello first")
            return 0
        pid, out = self.lobby.hello(hello)
        if not pid:
            for _, message in out:
                await ws.send(encode(message).decode())
            await ws.close(reason=out[0][1].text[:120] if out else "refused")
            return 0
        old = self.sockets.get(pid)
        self.sockets[pid] = ws
        self.deliver(out)  # before waiting on the old one: a third may take over meanwhile
        self._wake()
        if old is not None:  # the same token from a new connection: the old one goes
            await self._bye(old, "you joined again from another connection")
        return pid

    async def _serve(self, ws: ServerConnection, pid: int, ip: str) -> None:
        """The player's messages until the connection ends."""
        bucket = Bucket(self.limits.rate, self.limits.burst)
        flood = Bucket(FLOOD * self.limits.rate, FLOOD * self.limits.burst)
        while True:
            player = self.lobby.players.get(pid)
            idle = self.limits.idle if player is not None and player.room is None else None
            try:
                async with asyncio.timeout(idle):
                    data = await ws.recv()
            except TimeoutError:
                await self._bye(ws, f"idle for {self.limits.idle:g} s")
                return
            self.received += 1
            if not bucket.allow():
                self.dropped += 1
                if flood.allow():
                    continue
                log(f"dropped {ip}: floods (over {FLOOD * self.limits.rate:g} messages a s)")
                await self._bye(ws, "too many messages")
                return
            try:
                message = decode_client(data)
            except BadMessage as err:
                name = player.name if player is not None else "?"
                log(f"dropped {ip} ({name}): bad message: {err}")
                await self._bye(ws, f"bad message: {err}")
                return
            if isinstance(message, Start) and not bucket.allow(self.limits.start_cost - 1):
                self.deliver([(pid, Error(code="slow-down", text="a moment before the next "
                                          "game: starting again so soon is refused"))])
                continue
            self.deliver(self.lobby.handle(pid, message))
            self._flush_soon()
            self._wake()

    async def _bye(self, ws: ServerConnection, reason: str) -> None:
        """Say Bye and close."""
        try:
            await ws.send(encode(Bye(reason=reason)).decode())
            await ws.close(reason=reason[:120])
        except ConnectionClosed:
            pass

    # -- out ------------------------------------------------------------------------------
    def deliver(self, outbox) -> None:
        """Send an outbox: each distinct message encoded once, written to its readers; a
        fatal Error closes its reader."""
        readers: dict[int, list[ServerConnection]] = defaultdict(list)
        messages: dict[int, object] = {}
        for pid, message in outbox:
            ws = self.sockets.get(pid)
            if ws is not None:
                readers[id(message)].append(ws)
                messages[id(message)] = message
        for key, sockets in readers.items():
            message = messages[key]
            sockets = [ws for ws in sockets if self._keeping_up(ws)]
            broadcast(sockets, encode(message).decode())
            self.sent += len(sockets)
            if isinstance(message, Error) and message.fatal:
                for ws in sockets:
                    asyncio.ensure_future(ws.close(reason=message.text[:120]))

    def _keeping_up(self, ws: ServerConnection) -> bool:
        """Whether a reader takes what is sent; one too far behind is cut off (one line)."""
        if closing(ws):
            return False
        behind = backlog(ws)
        if behind <= self.limits.backlog:
            return True
        ip = str(ws.remote_address[0]) if ws.remote_address else "?"
        log(f"dropped {ip}: reads too slowly ({behind} bytes behind)")
        cut(ws)
        return False

    def _flush_soon(self) -> None:
        """States owed go out once the messages already read are handled (keys arriving
        together make one State)."""
        if not self._flush_due:
            self._flush_due = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self._flush_due = False
        self.deliver(self.lobby.flush())

    def _wake(self) -> None:
        """Start the clock if the lobby needs one and it is not running."""
        if self.lobby.busy and (self._ticker is None or self._ticker.done()):
            self._ticker = asyncio.create_task(self._tick())

    async def _tick(self) -> None:
        """The lobby's clock, while it is busy: `tick_hz` while a game runs, once a second
        while only dropped players' places are kept."""
        while self.lobby.busy:
            await asyncio.sleep(1.0 / self.limits.tick_hz if self.lobby.playing else 1.0)
            self.deliver(self.lobby.tick())
            self.deliver(self.lobby.flush())
