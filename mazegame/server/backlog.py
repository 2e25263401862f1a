"""How far a connection's writes are behind: the host's one read of websockets' internals.

websockets' `broadcast` never waits on a slow reader: as its documentation says, messages
pile up in the write buffer of a client who does not read until the connection times out
(ping: 40 s). Fifty such clients asking for the room list made a host grow by 800 MB in 25 s.
The size of that buffer is asyncio's public `Transport.get_write_buffer_size`, but the
transport is reached through `connection.transport`, which websockets sets in
`connection_made` and does not document: it is read here only, and
tests/unit/test_websockets_private.py fails clearly if a websockets release moves it
(pyproject bounds websockets above).
"""

from __future__ import annotations

import asyncio


def _transport(connection) -> asyncio.Transport | None:
    """The connection's asyncio transport (None before it is made)."""
    return getattr(connection, "transport", None)


def backlog(connection) -> int:
    """Bytes written to the connection and not yet taken by the network."""
    transport = _transport(connection)
    return transport.get_write_buffer_size() if transport is not None else 0


def closing(connection) -> bool:
    """The connection is being closed (cut): nothing more is written to it."""
    transport = _transport(connection)
    return transport is not None and transport.is_closing()


def cut(connection) -> None:
    """Close at once, dropping what is buffered (a polite close would queue behind it)."""
    transport = _transport(connection)
    if transport is not None:
        transport.abort()
