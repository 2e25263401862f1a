"""net.connection against a tiny host made here: Welcome, refusals, loss, reconnect."""

from __future__ import annotations

import asyncio
import socket

import pytest
from websockets.asyncio.server import serve

from mazegame.net import protocol as p
from mazegame.net.connection import ConnectError, ConnectionLost, connect


def free_port() -> int:
    """A port nobody listens on (bound and released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def fake_host(ws, answer="welcome"):
    """Reads a Hello; answers as told; echoes Pings as Pongs."""
    hello = p.decode_client(await ws.recv())
    if answer == "error":
        await ws.send(p.encode(p.Error(code="full", text="the host is full", fatal=True)))
        return
    if answer == "garbage":
        await ws.send(b"\x00garbage")
        return
    await ws.send(p.encode(p.Welcome(v=p.VERSION, id=1, name=hello.name,
                                     token=hello.token or "tok")))
    async for data in ws:
        message = p.decode_client(data)
        if isinstance(message, p.Ping):
            await ws.send(p.encode(p.Pong(n=message.n)))
        if isinstance(message, p.Leave):
            await ws.close(reason="bye now")


def run(coro):
    return asyncio.run(coro)


def test_refused_is_one_line():
    port = free_port()
    with pytest.raises(ConnectError, match=f"cannot reach 127.0.0.1:{port}: connection refused"):
        run(connect(("127.0.0.1", port), "ann", timeout=2))


@pytest.mark.parametrize("answer, words", [("error", "refused us: the host is full"),
                                           ("garbage", "is not a mazegame host")])
def test_a_refusal_or_garbage_instead_of_welcome(answer, words):
    async def main():
        async with serve(lambda ws: fake_host(ws, answer), "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            with pytest.raises(ConnectError, match=words):
                await connect(("127.0.0.1", port), "ann", timeout=2)
    run(main())


def test_welcome_ping_loss_and_reconnect_with_the_token():
    async def main():
        async with serve(fake_host, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            conn = await connect(("127.0.0.1", port), "ann", timeout=2)
            assert conn.welcome.name == "ann" and conn.welcome.token == "tok"
            await conn.send(p.Ping(n=7))
            assert await conn.receive() == p.Pong(n=7)
            await conn.send(p.Leave())
            with pytest.raises(ConnectionLost, match="bye now"):
                await conn.receive()
            await conn.reconnect()
            assert conn.welcome.token == "tok"
            await conn.send(p.Ping(n=8))
            got = [m async for m in _first(conn)]
            assert got == [p.Pong(n=8)]
            await conn.close()
    run(main())


async def _first(conn):
    async for message in conn:
        yield message
        return
