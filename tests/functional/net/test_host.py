"""A real `mazegame host` on 127.0.0.1 (free ports), real bots and raw sockets against it:
two bots race one maze; garbage, a too-long message, a wrong schema and a half-open socket
are dropped alone while a game goes on; a dropped player rejoins on their token; Ctrl-C
stops the host with status 130 and one line."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

import mazegame
from mazegame.net import protocol as p
from mazegame.net.connection import ConnectionLost, connect
from tests.functional.net.processes import SIGINT_AS_USUAL

ROOT = str(Path(mazegame.__file__).resolve().parent.parent)
LIMITS = "hello=1,countdown=0.3"


def free_port() -> int:
    """A port nobody listens on (bound to port 0, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: seconds any wait here may take: a guard against a hang, never a timing (a fresh
#: install's first game compiles its kernels, on a machine that may be loaded)
GUARD = 120


def environment(tmp_path, limits: str = LIMITS) -> dict:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(
        [ROOT, *filter(None, [os.environ.get("PYTHONPATH")])]),
        "MAZEGAME_DATA_DIR": str(tmp_path / "data"), "MAZEGAME_HOST_LIMITS": limits}


class Host:
    """A host process on a free port."""

    def __init__(self, tmp_path, limits: str = LIMITS) -> None:
        self.port = free_port()
        self.env = environment(tmp_path, limits)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mazegame", "host", "--port", str(self.port),
             "--ssh-port", "0"], env=self.env, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, preexec_fn=SIGINT_AS_USUAL)
        self.said: list[str] = []  #: its standard output's lines so far
        self.read_until("game port")  # printed once it listens

    def read_until(self, text: str) -> None:
        """Read the host's standard output until a line holds `text` (fails if it ends, or
        says nothing more within GUARD seconds: a hang guard)."""
        while not any(text in line for line in self.said):
            got: list[str] = []
            reader = threading.Thread(target=lambda into=got: into.append(
                self.process.stdout.readline()), daemon=True)
            reader.start()
            reader.join(GUARD)
            assert got and got[0], (f"waiting for {text!r}", self.said)
            self.said.append(got[0])

    def compiled(self) -> None:
        """Wait until the host's rooms' kernels are compiled: on a cold cache, a game
        started before compiles them in the host's loop (a test of something else need not
        wait for that on a loaded machine)."""
        self.read_until("kernels are compiled")

    @property
    def address(self) -> tuple[str, int]:
        return ("127.0.0.1", self.port)

    def bot(self, *args: str) -> subprocess.Popen:
        """`mazegame join 127.0.0.1:PORT --bot ...` started."""
        return subprocess.Popen(
            [sys.executable, "-m", "mazegame", "join", f"127.0.0.1:{self.port}",
             "--keys-per-second", "20", "--bot", *args], env=self.env,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def stop(self) -> tuple[int, str]:
        """Ctrl-C; (status, stderr)."""
        self.process.send_signal(signal.SIGINT)
        _, err = self.process.communicate(timeout=GUARD)
        return self.process.returncode, err


@pytest.fixture
def host(tmp_path):
    """A host whose rooms' kernels are compiled (games start at once)."""
    running = Host(tmp_path)
    running.compiled()
    yield running
    if running.process.poll() is None:
        running.process.kill()
        running.process.communicate()


def finished(bot: subprocess.Popen) -> list[dict]:
    """A bot's JSON lines, after it exited 0."""
    out, err = bot.communicate(timeout=120)
    assert bot.returncode == 0, err
    return [json.loads(line) for line in out.splitlines()]


def race(host, code: str, games: int = 1) -> tuple[subprocess.Popen, subprocess.Popen]:
    args = ("greedy", "--room", code, "--players", "2", "--json", "--games", str(games))
    return host.bot(*args, "--name", "ann"), host.bot(*args, "--name", "bob")


def test_two_bots_race_one_maze_and_agree(host):
    ann, bob = race(host, "ABCDEF")
    rows = finished(ann) + finished(bob)
    assert len(rows) == 2
    assert rows[0]["seed"] == rows[1]["seed"] and rows[0]["winner"] == rows[1]["winner"]
    assert rows[0]["winner"] in ("ann", "bob") and rows[0]["room"] == "ABCDEF"
    assert sorted(rows[0]["players"]) == ["ann", "bob"]


async def bad_clients(port: int) -> list[str]:
    """Garbage of every kind at the host; what each connection got before it closed."""
    seen = []
    # bytes that are no WebSocket handshake
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"\x00\xff garbage \r\n\r\n")
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(), GUARD)  # read to the end: the host closed
    seen.append("raw closed" if answer in (b"", ) or answer.startswith(b"HTTP/1.1 400")
                else repr(answer[:40]))
    writer.close()
    # a message that is no JSON, one too long, one of the wrong schema after Hello
    for payload in ("\x00not json", "x" * (p.MAX_CLIENT_BYTES + 1), '{"t": "key", "dir": 9}'):
        async with ws_connect(f"ws://127.0.0.1:{port}/") as ws:
            if payload.startswith("{"):
                await ws.send(p.encode(p.Hello(v=p.VERSION, name="mallory")).decode())
                await ws.recv()  # Welcome
            await ws.send(payload)
            try:
                while True:
                    message = p.decode_server(await asyncio.wait_for(ws.recv(), GUARD))
                    seen.append(type(message).__name__)
            except ConnectionClosed as closed:
                seen.append(f"closed {closed.rcvd.code if closed.rcvd else None}")
    return seen


def test_garbage_is_dropped_and_a_game_in_progress_finishes(host):
    ann, bob = race(host, "BCDEFG", games=2)
    time.sleep(1.0)
    seen = asyncio.run(bad_clients(host.port))
    assert seen[0] == "raw closed"
    assert seen[1:3] == ["Bye", "closed 1000"]  # no JSON: Bye, then closed
    assert seen[3] == "closed 1009"  # too long: websockets refuses it (message too big)
    assert seen[4:] == ["Bye", "closed 1000"]  # wrong schema after a good Hello
    rows = finished(ann) + finished(bob)
    assert len(rows) == 4 and {r["seed"] for r in rows[:2]} == {r["seed"] for r in rows[2:]}
    host.process.send_signal(signal.SIGINT)
    _, err = host.process.communicate(timeout=GUARD)
    assert err.count("bad message") == 3  # one line each


async def half_open(port: int) -> tuple[str, float]:
    """A WebSocket that says nothing: what it got, and after how long."""
    start = time.monotonic()
    async with ws_connect(f"ws://127.0.0.1:{port}/") as ws:
        message = p.decode_server(await asyncio.wait_for(ws.recv(), GUARD))
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(ws.recv(), GUARD)
    return message.reason, time.monotonic() - start


def test_a_half_open_connection_is_closed_after_the_hello_timeout(host):
    reason, seconds = asyncio.run(half_open(host.port))
    assert reason == "no hello within 1 s" and seconds >= 1.0  # not before its time


async def drop_and_rejoin(port: int) -> tuple:
    ann = await connect(("127.0.0.1", port), "ann")
    bob = await connect(("127.0.0.1", port), "bob")
    await ann.send(p.Create(code="CDEFGH", settings=p.RoomSettings(width=10, height=8,
                                                                   seed=5)))
    await bob.send(p.Join(code="CDEFGH"))
    while len((await until(ann, p.Room)).seats) < 2:
        pass
    await ann.send(p.Start())
    begin = await until(ann, p.Begin)
    await asyncio.sleep(begin.countdown + 0.1)
    door = next(d for d in range(4) if not begin.walls[begin.start] & (1 << d))
    await ann.send(p.Key(dir=door, seq=1))
    state = await until(ann, p.State)
    moved = [q.moves for q in state.players if q.id == ann.welcome.id][0]
    token, pid = ann.welcome.token, ann.welcome.id
    await ann.close()
    away = [True]
    while away != [False]:  # bob's Rooms until one says ann is away (10 s at most)
        away = [s.connected for s in (await until(bob, p.Room)).seats if s.id == pid]
    await ann.reconnect()
    again = (ann.welcome.id, ann.welcome.token)
    begin_again = await until(ann, p.Begin)
    state = await until(ann, p.State)
    kept = [q.moves for q in state.players if q.id == pid][0]
    await ann.close(), await bob.close()
    return (pid, token), again, away, moved, kept, begin.seed == begin_again.seed


async def until(conn, kind):
    """The next message of a kind."""
    while True:
        message = await asyncio.wait_for(conn.receive(), GUARD)
        if isinstance(message, kind):
            return message


def test_a_dropped_player_rejoins_on_their_token_and_keeps_seat_and_position(host):
    first, again, away, moved, kept, same_maze = asyncio.run(drop_and_rejoin(host.port))
    assert first == again and away == [False]  # (else `until` timed out)
    assert moved > 0 and kept == moved and same_maze


async def waits_for_bye(port: int, ready: asyncio.Event, got: list) -> None:
    conn = await connect(("127.0.0.1", port), "ann")
    ready.set()
    async for message in conn:
        got.append(message)


def test_ctrl_c_stops_the_host_with_130_one_line_and_bye_to_everyone(host):
    got: list = []

    async def main():
        ready = asyncio.Event()
        task = asyncio.create_task(waits_for_bye(host.port, ready, got))
        await ready.wait()
        host.process.send_signal(signal.SIGINT)
        await asyncio.wait_for(task, GUARD)

    asyncio.run(main())
    status, err = host.process.wait(timeout=GUARD), host.process.stderr.read()
    assert status == 130 and err == "mazegame: interrupted\n"
    assert got[-1] == p.Bye(reason="the host is stopping")


def test_a_bot_without_a_host_is_one_line_and_status_1(tmp_path):
    port = free_port()
    done = subprocess.run([sys.executable, "-m", "mazegame", "join", f"127.0.0.1:{port}",
                           "--bot", "greedy"], env=environment(tmp_path), capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr == f"mazegame: error: cannot reach 127.0.0.1:{port}: connection refused\n"


def test_a_port_in_use_is_one_line_and_status_2(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "mazegame", "host", "--port", str(port),
                               "--ssh-port", "0"], env=environment(tmp_path),
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.startswith("mazegame: error: cannot serve")
    assert done.stderr.count("\n") == 1


async def limits_at_work(port: int) -> dict:
    """Three connections from one address (the cap is 2), a flood of Pings, and a player who
    says nothing in the lobby (idle: 1 s)."""
    seen = {}
    first = await connect(("127.0.0.1", port), "ann")
    second = await connect(("127.0.0.1", port), "bob")
    async with ws_connect(f"ws://127.0.0.1:{port}/") as third:
        seen["third"] = p.decode_server(await asyncio.wait_for(third.recv(), GUARD))
    for n in range(200):
        await first.send(p.Ping(n=n))
    pongs = 0
    try:
        while True:
            message = await asyncio.wait_for(first.receive(), 2)
            pongs += isinstance(message, p.Pong)
            if isinstance(message, p.Bye):
                seen["idle"] = message.reason
    except (TimeoutError, ConnectionLost):
        pass
    seen["pongs"] = pongs
    await first.close(), await second.close()
    return seen


def test_per_ip_cap_rate_limit_and_idle_timeout(tmp_path):
    host = Host(tmp_path, "hello=1,idle=1,per_ip=2,rate=20,burst=40,trust_loopback=0")
    try:
        seen = asyncio.run(limits_at_work(host.port))
    finally:
        host.process.kill()
        host.process.communicate()
    assert seen["third"] == p.Bye(reason="the host has too many connections: try again later")
    assert 40 <= seen["pongs"] < 200  # the burst, and what the rate refilled meanwhile
    assert seen["idle"] == "idle for 1 s"


async def three_from_here(port: int) -> list:
    """Three players from 127.0.0.1: what each was answered."""
    conns = [await connect(("127.0.0.1", port), f"door{n}", door="ssh") for n in range(3)]
    names = [conn.welcome.name for conn in conns]
    for conn in conns:
        await conn.close()
    return names


def test_this_machines_players_are_not_capped_by_address(tmp_path):
    """The SSH door's players all dial the game port from 127.0.0.1 (the door caps them by
    their own addresses): a per-address cap of 2 lets a third in from here."""
    host = Host(tmp_path, "hello=1,per_ip=2")
    try:
        names = asyncio.run(three_from_here(host.port))
    finally:
        host.process.kill()
        host.process.communicate()
    assert names == ["door0", "door1", "door2"]
