"""`mazegame bench --network`: players in rooms of a real host, a key to everyone's State.

N players (all in this process, one clock) connect to a real host (`bench.hostproc`), sit in
rooms of up to ROOM_SIZE, and race: each presses a fixed number of keys at a person's pace
(PACE, jittered), only keys that move (they know the maze from Begin), mostly toward the
goal; a room's creator starts the next race when one ends, while its players have keys left.
Each key is timed until every player of its room has the State that applied it
(`bench.latency`). The host's CPU (utime + stime, its whole process tree) is measured over
the keys' window, and over an idle spell before it (everyone seated, no game running).

Speaks to the host only through `mazegame.net` (the ground floor), as any player does.
"""

from __future__ import annotations

import asyncio
import math
import os
import random
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

from mazegame.bench.hostproc import Host, HostError, cpu_seconds, tree
from mazegame.bench.latency import Latencies
from mazegame.bench.report import aligned_table
from mazegame.net import protocol as p
from mazegame.net.bots import Board
from mazegame.net.connection import ConnectError, Connection, ConnectionLost, connect

ROOM_SIZE = p.MAX_PLAYERS  #: players a room at most
PACE = (5.0, 8.0)  #: keys a second a player presses, drawn between these each key
TOWARD_GOAL = 0.85  #: the share of keys on a shortest route (the others wander)
HANG_GUARD = 60.0  #: seconds beyond four times the keys' pace before a stuck run gives up
SETTLE_SECONDS = 5.0  #: the most the last keys' States may take before they count as lost
TARGET_P99_MS = 50.0  #: the issue's target at 50 players
DEFAULT_PLAYERS = (8, 24, 50)  #: --players: a row each
DEFAULT_KEYS = 100  #: --keys: keys each player presses
DEFAULT_SESSIONS = (5, 20)  #: --sessions: SSH sessions at which memory is read
IDLE = 3.0  #: seconds the idle host's CPU is watched (everyone seated, no game)


class NetworkError(Exception):
    """The network bench could not run (one line)."""


def room_sizes(players: int, most: int = ROOM_SIZE) -> list[int]:
    """Players split into as few rooms as hold them, sizes as even as can be (50 -> seven
    rooms: one of 8, six of 7)."""
    rooms = max(1, math.ceil(players / most))
    base, extra = divmod(players, rooms)
    return [base + 1] * extra + [base] * (rooms - extra)


@dataclass
class Table:
    """One room: its code, its players' ids, how many Overs of each game came in."""

    code: str
    size: int
    members: set[int] = field(default_factory=set)
    overs: dict[int, int] = field(default_factory=dict)


class Player:
    """One bench player: a connection, the maze it races, its keys left."""

    def __init__(self, conn: Connection, keys: int, rng: random.Random,
                 latencies: Latencies) -> None:
        self.conn, self.keys_left, self.rng, self.latencies = conn, keys, rng, latencies
        self.me = conn.welcome.id
        self.table: Table | None = None
        self.creator = False
        self.starts = 0  #: Start messages sent (creator)
        self.games = 0  #: Begins received
        self.board: Board | None = None
        self.distance: dict[int, int] = {}
        self.cell = self.moves = self.seq = self.game = 0
        self.racing = False  #: the measured races began (no game starts before)
        self.go_at = math.inf  #: when keys count in the current game (inf: none running)
        self.errors: list[str] = []
        self.others_pressing = None  #: a callable: does anyone in my room still have keys?

    # -- the room -------------------------------------------------------------------------
    async def create(self, size: int) -> Table:
        """Open a room of `size` seats and sit in it as its creator."""
        settings = p.RoomSettings(mode="race", seats=size)  # a room's default maze
        await self.conn.send(p.Create(settings=settings))
        room = await self._room()
        self.table, self.creator = Table(room.code, size, {self.me}), True
        return self.table

    async def join(self, table: Table) -> None:
        """Sit in `table`'s room."""
        await self.conn.send(p.Join(code=table.code))
        await self._room()
        self.table = table
        table.members.add(self.me)

    async def _room(self) -> p.Room:
        """The host's Room answer (an Error is the bench's failure)."""
        while True:
            message = await self.conn.receive()
            if isinstance(message, p.Room):
                return message
            if isinstance(message, p.Error | p.Bye):
                raise ConnectionLost(getattr(message, "text", "") or
                                     getattr(message, "reason", ""))

    def start(self) -> None:
        """The creator asks for the next game."""
        self.starts += 1
        asyncio.ensure_future(self.conn.send(p.Start()))

    # -- reading ----------------------------------------------------------------------------
    async def read(self) -> None:
        """Every message until the connection ends."""
        loop = asyncio.get_running_loop()
        async for message in self.conn:
            now = loop.time()
            if isinstance(message, p.State):
                self.latencies.received(self.table.code, message.game, self.me,
                                        {q.id: q.moves for q in message.players},
                                        message.seq, now)
            elif isinstance(message, p.Begin):
                self._begin(message, now)
            elif isinstance(message, p.Over):
                self._over(message)
            elif isinstance(message, p.Room):
                self._room_changed(message)
            elif isinstance(message, p.Error):
                self.errors.append(f"{message.code}: {message.text}")

    def _begin(self, begin: p.Begin, now: float) -> None:
        """A game starts: its maze, my place, when keys count."""
        self.games += 1
        self.board = Board(begin)
        self.distance = distances(self.board, set(begin.goals))
        self.cell, self.moves, self.game = begin.start, 0, begin.game
        self.go_at = now + begin.countdown + 0.05  # Begin left the host before now

    def _over(self, over: p.Over) -> None:
        """A game ended: no more keys for it; the last reader of the room closes its books."""
        self.go_at = math.inf
        table = self.table
        table.overs[over.game] = table.overs.get(over.game, 0) + 1
        if table.overs[over.game] == len(table.members):
            self.latencies.ended(table.code, over.game)

    def _room_changed(self, room: p.Room) -> None:
        """The creator starts the next race once the last one is over, while keys are left."""
        full = len(room.seats) == self.table.size
        if self.racing and self.creator and full and room.phase != "playing" \
                and self.starts == self.games and self.others_pressing():
            self.start()

    # -- pressing ---------------------------------------------------------------------------
    async def press(self) -> None:
        """Press the player's keys at a person's pace while a game runs."""
        loop = asyncio.get_running_loop()
        while self.keys_left > 0:
            await asyncio.sleep(1.0 / self.rng.uniform(*PACE))
            if loop.time() < self.go_at:
                continue
            d = self.choose()
            if d is None:
                continue
            self.cell = self.board.step(self.cell, d)
            self.moves += 1
            self.seq += 1
            self.keys_left -= 1
            self.latencies.pressed(self.table.code, self.game, self.me, self.moves, self.seq,
                                   self.table.members, loop.time())
            await self.conn.send(p.Key(dir=d, seq=self.seq))

    def choose(self) -> int | None:
        """A direction that moves: mostly a step toward the goal, else any open one."""
        moves = self.board.open_moves(self.cell)
        if not moves:
            return None
        here = self.distance.get(self.cell, 0)
        closer = [d for d in moves if self.distance.get(self.board.step(self.cell, d),
                                                         here) < here]
        if closer and self.rng.random() < TOWARD_GOAL:
            return closer[0]
        return self.rng.choice(moves)


def distances(board: Board, goals: set[int]) -> dict[int, int]:
    """Moves from each cell to the nearest goal (a breadth-first search from the goals;
    the rooms' mazes have no one-way doors)."""
    found = {g: 0 for g in goals}
    queue = deque(goals)
    while queue:
        here = queue.popleft()
        for d in board.open_moves(here):
            there = board.step(here, d)
            if there not in found:
                found[there] = found[here] + 1
                queue.append(there)
    return found


def tree_cpu(pid: int) -> float:
    """CPU seconds of a process and its descendants."""
    return sum(cpu_seconds(one) for one in tree(pid))


async def seat_players(host: Host, players: int, keys: int, seed: int,
                       latencies: Latencies) -> list[Player]:
    """Connect the players and sit them in rooms (the first of each room creates it)."""
    conns = [await connect(host.address, f"bench{i}", door="bot") for i in range(players)]
    seated = [Player(c, keys, random.Random(seed * 7919 + i), latencies)
              for i, c in enumerate(conns)]
    at = 0
    for size in room_sizes(players):
        group = seated[at:at + size]
        at += size
        table = await group[0].create(size)
        for player in group[1:]:
            await player.join(table)

        def pressing(group=group) -> bool:
            return any(q.keys_left > 0 for q in group)

        for player in group:
            player.others_pressing = pressing
    return seated


async def measure(host: Host, players: int, keys: int, idle: float, seed: int) -> dict:
    """One row: N players pressing `keys` keys each; the figures of the module's docstring."""
    latencies = Latencies()
    pid = host.process.pid
    seated = await seat_players(host, players, keys, seed, latencies)
    readers = [asyncio.ensure_future(q.read()) for q in seated]
    idle_cpu = None
    if idle > 0:
        cpu0, t0 = tree_cpu(pid), time.monotonic()
        await asyncio.sleep(idle)
        idle_cpu = (tree_cpu(pid) - cpu0) / (time.monotonic() - t0)
    load = os.getloadavg()[0]
    cpu0, mine0, t0 = tree_cpu(pid), _own_cpu(), time.monotonic()
    for q in seated:
        q.racing = True
        if q.creator:
            q.start()
    try:
        async with asyncio.timeout(HANG_GUARD + keys / PACE[0] * 4):
            await asyncio.gather(*(q.press() for q in seated))
    except TimeoutError:
        errors = "; ".join(sorted({e for q in seated for e in q.errors}))[:200]
        raise NetworkError(f"players still had keys to press after a long wait (the "
                           f"host's errors: {errors or 'none'})") from None
    settle = time.monotonic() + SETTLE_SECONDS
    while latencies.waiting and time.monotonic() < settle:
        await asyncio.sleep(0.01)
    wall = time.monotonic() - t0
    cpu, mine = (tree_cpu(pid) - cpu0) / wall, (_own_cpu() - mine0) / wall
    for q in seated:
        await q.conn.close()
    await asyncio.gather(*readers, return_exceptions=True)
    figures = latencies.summary()
    figures["lost"] += latencies.waiting
    errors = sorted({e for q in seated for e in q.errors})
    return {"name": "network race", "players": players, "rooms": len(room_sizes(players)),
            "keys_per_player": keys, **figures,
            "games": sum(q.games for q in seated if q.creator),
            "host_cpu_pct": round(100 * cpu, 1),
            "host_idle_cpu_pct": None if idle_cpu is None else round(100 * idle_cpu, 2),
            "bench_cpu_pct": round(100 * mine, 1), "seconds": round(wall, 2),
            "load_1min": round(load, 2), "target_p99_ms": TARGET_P99_MS,
            "note": "; ".join(errors)[:200]}


def _own_cpu() -> float:
    """This process's CPU seconds (the players' side shares the machine with the host)."""
    t = os.times()
    return t.user + t.system


def run_network(players: list[int], keys: int, idle: float, seed: int = 1,
                progress=None) -> list[dict]:
    """A row for each count of players, each against a fresh host."""
    rows = []
    for count in players:
        if progress is not None:
            print(f"network: {count} players, {keys} keys each ...", file=progress,
                  flush=True)
        with Host(per_ip=count + 16) as host:
            rows.append(asyncio.run(measure(host, count, keys, idle, seed)))
    return rows


def network_rows(players, keys: int, sessions, idle: float, progress=None) -> list[dict]:
    """The latency rows, then the SSH rows (a row saying why, where there is no figure)."""
    if not Path("/proc/self/smaps_rollup").exists():
        raise NetworkError("it reads the host's CPU and memory from /proc (Linux 4.14+)")
    try:
        rows = run_network(list(players), keys, idle, progress=progress)
    except (HostError, ConnectError, ConnectionLost) as err:
        raise NetworkError(str(err)) from None
    if sessions:
        from mazegame.bench.ssh_memory import SshError, run_ssh

        try:
            rows += run_ssh(list(sessions), progress=progress)
        except (HostError, SshError, OSError) as err:
            rows += [{"name": "ssh sessions", "sessions": k, "ssh_mb_per_session": None,
                      "note": str(err)[:300]} for k in sessions]
    return rows


def format_network(rows: list[dict]) -> str:
    """The rows as two tables under a line each saying what they show: players (latency,
    CPU), then SSH sessions (memory); 80 columns (rooms and games are in --json)."""
    def text(value, unit: str = "") -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        return "-" if value is None else f"{value:g}{unit}"

    races = [r for r in rows if "players" in r]
    ssh = [r for r in rows if "sessions" in r]
    parts = []
    if races:
        parts.append("A key sent to its State at every player of its room; CPU: % of a core\n"
                     + aligned_table(
            ("players", "keys", "lost", "p50 ms", "p99 ms", "max ms", "host %", "idle %",
             "bench %", "load", "note"),
            [(r["players"], r["keys"], r["lost"], text(r["p50_ms"]), text(r["p99_ms"]),
              text(r["max_ms"]), text(r["host_cpu_pct"]), text(r["host_idle_cpu_pct"]),
              text(r["bench_cpu_pct"]), r["load_1min"], r["note"]) for r in races],
            left={10}))
    if ssh:
        parts.append("SSH sessions: MiB one more costs the host (PSS, RSS of its process tree)\n"
                     + aligned_table(
            ("sessions", "PSS each", "RSS each", "host PSS", "procs", "screen s", "for 100",
             "fits", "note"),
            [(r["sessions"], text(r["ssh_mb_per_session"]),
              text(r.get("ssh_rss_mb_per_session")), text(r.get("host_pss_mb")),
              text(r.get("processes")), text(r.get("first_screen_s")),
              text(r.get("pss_mb_for_100")), text(r.get("fits_100")), r.get("note", ""))
             for r in ssh], left={8}))
    return "\n\n".join(parts)
