"""The host's one read of websockets' internals (mazegame/server/backlog.py): a connection's
asyncio transport, to see how far a slow reader is behind. This fails clearly if a websockets
release moves it (the host would otherwise stop cutting off readers who never read)."""

from __future__ import annotations

import asyncio

from websockets.asyncio.client import connect
from websockets.asyncio.server import serve

from mazegame.server.backlog import backlog, closing, cut


async def server_side() -> tuple[bool, int, bool, bool]:
    seen = []

    async def handler(ws) -> None:
        seen.append((isinstance(getattr(ws, "transport", None), asyncio.Transport),
                     backlog(ws), closing(ws)))
        cut(ws)
        seen.append(closing(ws))
        await ws.wait_closed()

    async with serve(handler, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        async with connect(f"ws://127.0.0.1:{port}/") as client:
            await client.wait_closed()
    return (*seen[0], seen[1])


def test_a_websockets_connection_has_the_asyncio_transport_the_host_reads():
    has_transport, behind, was_closing, cut_closes = asyncio.run(server_side())
    assert has_transport, "websockets moved Connection.transport: see server/backlog.py"
    assert behind == 0 and not was_closing and cut_closes
