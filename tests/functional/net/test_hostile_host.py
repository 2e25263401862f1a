"""A stranger against a real `mazegame host`: what once broke the host or spoiled others'
games, kept as tests (the host's limits and caps themselves: test_host.py).

- Hello (and Create) then hang up, in a loop: the kept places filled the host's 500 players
  and 200 rooms within a second, and nobody else got in for the next 60 s.
- A client that asks for the room list and never reads: the host's memory grew by the
  answers (800 MB in 25 s from 50 of them) until websockets' ping gave up.
- One token from two new connections at once: the last one got both Welcomes.
- A flood of Pings far over the rate: dropped, but read for ever (a third of a core each).
- Create, Start, Leave in a loop: a maze built at every Start (four such took a core).
- Connections that never say Hello, or say something else first: no line in the log; and a
  failure in the host's handler would have vanished (websockets' logger was muted).
And a short run of the seeded fuzz (tests/functional/hostile_host_fuzz.py) while two bots race.
Every wait looks (with a generous guard), none measures the machine's speed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import sys
from pathlib import Path

from test_host import Host
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

from mazegame.games.lobby import Limits
from mazegame.net import protocol as p
from mazegame.server.gameport import OneLine

HELLO = p.encode(p.Hello(v=p.VERSION, name="stranger")).decode()
CREATE = p.encode(p.Create()).decode()


def url(port: int) -> str:
    return f"ws://127.0.0.1:{port}/"


async def answer(ws) -> p.msgspec.Struct:
    return p.decode_server(await asyncio.wait_for(ws.recv(), 30))


async def hang_up_loops(port: int) -> tuple:
    """A room and a place for every cap's worth of hung-up strangers, then someone new."""
    for _ in range(Limits().rooms + 1):
        async with ws_connect(url(port)) as ws:
            await ws.send(HELLO), await answer(ws)
            await ws.send(CREATE), await answer(ws)
    for _ in range(Limits().players + 1):
        async with ws_connect(url(port)) as ws:
            await ws.send(HELLO), await answer(ws)
    async with ws_connect(url(port)) as ws:
        await ws.send(p.encode(p.Hello(v=p.VERSION, name="newcomer")).decode())
        welcome = await answer(ws)
        await ws.send(CREATE)
        return welcome, await answer(ws)


def test_strangers_who_hang_up_in_a_loop_leave_room_for_a_newcomer(tmp_path):
    host = Host(tmp_path)
    try:
        welcome, room = asyncio.run(hang_up_loops(host.port))
    finally:
        host.process.kill()
        host.process.communicate()
    assert isinstance(welcome, p.Welcome) and welcome.name == "newcomer"
    assert isinstance(room, p.Room), room


def slow_socket(port: int) -> socket.socket:
    """A connected socket that takes little at a time (a small receive buffer)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    return sock


async def never_reads(port: int) -> bool:
    """Rooms to make the list long, then a client asking for it without reading: whether
    the host cut it off (its socket ends) while another player still gets answers."""
    for _ in range(50):
        async with ws_connect(url(port)) as ws:
            await ws.send(HELLO), await answer(ws)
            await ws.send(CREATE), await answer(ws)
    slow = await ws_connect(url(port), sock=slow_socket(port), max_queue=1)
    await slow.send(HELLO)
    async with ws_connect(url(port)) as other:
        await other.send(HELLO), await answer(other)
        try:
            async with asyncio.timeout(60):
                while True:
                    await slow.send(json.dumps({"t": "list"}))
                    await asyncio.sleep(0.001)
        except ConnectionClosed:
            cut = True
        except TimeoutError:
            cut = False
        await other.send(p.encode(p.Ping(n=7)).decode())
        while not isinstance(pong := await answer(other), p.Pong):
            pass
        assert pong.n == 7
    return cut


def test_a_client_that_never_reads_is_cut_off_and_the_host_answers_others(tmp_path):
    host = Host(tmp_path, "hello=5,rate=100000,burst=100000,ping=300,backlog=65536")
    try:
        cut = asyncio.run(never_reads(host.port))
    finally:
        host.process.kill()
        _, err = host.process.communicate()
    assert cut
    assert "reads too slowly" in err and "Traceback" not in err


async def one_token_twice(port: int) -> tuple[list, list]:
    """A token sent from two new connections at once: what the one let go got (until its
    Bye), and what the one kept got (until the Pong it asked for then)."""
    async with ws_connect(url(port)) as first:
        await first.send(HELLO)
        token = (await answer(first)).token
        again = p.encode(p.Hello(v=p.VERSION, name="stranger", token=token)).decode()
        pair = [await ws_connect(url(port)), await ws_connect(url(port))]
        await asyncio.gather(*(ws.send(again) for ws in pair))
        seen: list[list[str]] = [[], []]

        async def until_bye(n: int) -> int:
            while seen[n][-1:] != ["Bye"]:
                seen[n].append(type(await answer(pair[n])).__name__)
            return n
        reading = [asyncio.ensure_future(until_bye(n)) for n in (0, 1)]
        done, pending = await asyncio.wait(reading, return_when=asyncio.FIRST_COMPLETED,
                                           timeout=30)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        gone = done.pop().result()
        kept = 1 - gone
        await pair[kept].send(p.encode(p.Ping(n=1)).decode())
        while seen[kept][-1:] != ["Pong"]:
            seen[kept].append(type(await answer(pair[kept])).__name__)
        for ws in pair:
            await ws.close()
        return seen[gone], seen[kept][:-1]


def test_one_token_from_two_connections_at_once_welcomes_each_once(tmp_path):
    host = Host(tmp_path)
    try:
        gone, kept = asyncio.run(one_token_twice(host.port))
    finally:
        host.process.kill()
        host.process.communicate()
    assert gone == ["Welcome", "Bye"] and kept == ["Welcome"]


async def flood(port: int) -> bool:
    """Pings as fast as they go, never read: whether the host closed the connection (its
    Bye may be lost: the host aborts a socket that does not answer its close)."""
    async with ws_connect(url(port), close_timeout=1) as ws:
        await ws.send(HELLO)
        ping = p.encode(p.Ping(n=1)).decode()
        try:
            async with asyncio.timeout(60):
                while True:
                    await ws.send(ping)
                    await asyncio.sleep(0)
        except ConnectionClosed:
            return True
        except TimeoutError:
            return False


def test_a_flood_far_over_the_rate_is_let_go(tmp_path):
    host = Host(tmp_path, "hello=5,rate=20,burst=40")
    try:
        closed = asyncio.run(flood(host.port))
    finally:
        host.process.kill()
        _, err = host.process.communicate()
    assert closed
    assert err.count("floods") == 1 and "Traceback" not in err


async def start_loop(port: int, loops: int) -> list[str]:
    """Create, Start, Leave, `loops` times at once, then a Ping: what came back (Begins,
    Errors' codes) before its Pong."""
    async with ws_connect(url(port)) as ws:
        await ws.send(HELLO), await answer(ws)
        create = p.encode(p.Create(settings=p.RoomSettings(mode="chase", width=80,
                                                           height=50))).decode()
        for _ in range(loops):
            for message in (create, p.encode(p.Start()).decode(),
                            p.encode(p.Leave()).decode()):
                await ws.send(message)
        await ws.send(p.encode(p.Ping(n=1)).decode())
        seen = []
        while not isinstance(message := await answer(ws), p.Pong):
            if isinstance(message, p.Begin | p.Error):
                seen.append(message.code if isinstance(message, p.Error) else "begin")
    return seen


def test_a_start_counts_as_many_messages(tmp_path):
    """With a burst of 200 and a Start worth 50 messages, 10 loops start 3 games (the rate,
    1 a second, earns a Start in 50 s); the rest are told to slow down."""
    host = Host(tmp_path, "hello=5,rate=1,burst=200,start_cost=50")
    try:
        seen = asyncio.run(start_loop(host.port, 10))
    finally:
        host.process.kill()
        _, err = host.process.communicate()
    assert 1 <= seen.count("begin") <= 5 and "slow-down" in seen, seen
    assert "Traceback" not in err


def test_a_short_fuzz_spoils_no_game_and_leaves_the_host_answering(capsys):
    sys.path.insert(0, str(Path(__file__).parent.parent))
    import hostile_host_fuzz

    status = hostile_host_fuzz.main(["--seed", "7", "--seconds", "4", "--games", "1",
                                     "--strangers", "3"])
    assert status == 0, capsys.readouterr().out


async def no_hellos(port: int) -> None:
    """One connection that says nothing, one that pings first: each until the host closes."""
    async with ws_connect(url(port)) as silent, ws_connect(url(port)) as pinger:
        await pinger.send(p.encode(p.Ping(n=1)).decode())
        for ws in (silent, pinger):
            with contextlib.suppress(ConnectionClosed):
                async with asyncio.timeout(60):
                    async for _ in ws:
                        pass


def test_a_connection_without_hello_is_one_line_in_the_log(tmp_path):
    host = Host(tmp_path)  # hello=1
    try:
        asyncio.run(no_hellos(host.port))
    finally:
        host.process.kill()
        _, err = host.process.communicate()
    assert err.count("no hello within 1 s") == 1 and err.count("Ping before Hello") == 1


def test_websockets_errors_are_one_line_never_a_traceback(capsys):
    try:
        raise RuntimeError("the handler broke\nsecond line")
    except RuntimeError:
        record = logging.LogRecord("w", logging.ERROR, "f", 1, "connection handler failed",
                                   None, sys.exc_info())
    OneLine().emit(record)
    err = capsys.readouterr().err
    assert err == ("mazegame host: websockets: connection handler failed: RuntimeError: "
                   "the handler broke\n")
