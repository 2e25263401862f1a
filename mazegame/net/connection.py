"""A player's connection to a game host: one WebSocket, messages checked both ways.

`connect` opens ws://HOST:PORT/, says Hello and waits for the host's Welcome; everything
that can go wrong on the way (nobody listening, a timeout, a refusal, bytes that are not a
message) is a `ConnectError` whose text is one line a person can read. Once in, `receive`
returns the host's next message (checked by protocol.decode_server) and raises
`ConnectionLost` when the socket ends; `reconnect` opens a fresh socket and says Hello with
the Welcome's token, so the host gives the seat back (within its rejoin window, 60 s).

Ground floor: websockets, msgspec and the protocol only (the thin client and the bots use it;
neither loads numpy).
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from mazegame.net.protocol import (
    MAX_SERVER_BYTES,
    VERSION,
    BadMessage,
    Bye,
    Error,
    Hello,
    ServerMessage,
    Welcome,
    decode_server,
    encode,
)

DEFAULT_TIMEOUT = 10.0  #: seconds to reach the host and be welcomed


class ConnectError(Exception):
    """The host could not be reached or did not let us in (one line for a person)."""


class ConnectionLost(Exception):
    """The connection ended (the host closed it, said Bye, or the network went)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def where(address: tuple[str, int]) -> str:
    """'HOST:PORT' as a person writes it ([::1]:7777 for IPv6)."""
    host, port = address
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def url(address: tuple[str, int]) -> str:
    """The WebSocket address of a game host."""
    return f"ws://{where(address)}/"


class Connection:
    """An open connection to a host, after its Welcome."""

    def __init__(self, address: tuple[str, int], name: str, door: str,
                 timeout: float, socket_: ClientConnection, welcome: Welcome) -> None:
        self.address, self.name, self.door, self.timeout = address, name, door, timeout
        self._ws = socket_
        self.welcome = welcome  #: the host's Welcome: our id, cleaned name, rejoin token

    async def send(self, message) -> None:
        """Send a message to the host; a closed socket raises ConnectionLost."""
        try:
            await self._ws.send(encode(message).decode())
        except ConnectionClosed as err:
            raise ConnectionLost(_closed_reason(err)) from None

    async def receive(self) -> ServerMessage:
        """The host's next message; ConnectionLost when the socket ends or the host says
        Bye (a message that is not of the protocol ends the connection too)."""
        try:
            data = await self._ws.recv()
        except ConnectionClosed as err:
            raise ConnectionLost(_closed_reason(err)) from None
        try:
            message = decode_server(data)
        except BadMessage as err:
            await self._ws.close()
            raise ConnectionLost(f"the host sent a bad message: {err}") from None
        return message

    def __aiter__(self) -> AsyncIterator[ServerMessage]:
        return self._messages()

    async def _messages(self) -> AsyncIterator[ServerMessage]:
        """Every message until the connection ends (the Bye, if any, comes last)."""
        while True:
            try:
                message = await self.receive()
            except ConnectionLost:
                return
            yield message
            if isinstance(message, Bye):
                return

    async def close(self) -> None:
        """Close the socket (the host keeps our seat for its rejoin window)."""
        await self._ws.close()

    async def reconnect(self) -> None:
        """A fresh socket and a Hello with our token: the host gives the seat back."""
        await self.close()
        ws, welcome = await _open(self.address, self.name, self.door,
                                  self.welcome.token, self.timeout)
        self._ws, self.welcome = ws, welcome


def _closed_reason(err: ConnectionClosed) -> str:
    """Why a socket ended, in a few words."""
    frame = err.rcvd or err.sent
    if frame is not None and frame.reason:
        return frame.reason
    return "the connection ended"


async def _open(address: tuple[str, int], name: str, door: str, token: str,
                timeout: float) -> tuple[ClientConnection, Welcome]:
    """Open the socket, say Hello, wait for Welcome; ConnectError otherwise."""
    there = where(address)
    try:
        async with asyncio.timeout(timeout):
            ws = await ws_connect(url(address), max_size=MAX_SERVER_BYTES,
                                  open_timeout=None, compression=None)
    except TimeoutError:
        raise ConnectError(f"cannot reach {there}: no answer within {timeout:g} s") from None
    except ConnectionRefusedError:
        raise ConnectError(f"cannot reach {there}: connection refused") from None
    except socket.gaierror as err:
        raise ConnectError(f"cannot reach {there}: {err.strerror or err}") from None
    except (OSError, InvalidHandshake, InvalidURI) as err:
        reason = getattr(err, "strerror", None) or str(err) or type(err).__name__
        raise ConnectError(f"cannot reach {there}: {reason.lower()}") from None
    try:
        async with asyncio.timeout(timeout):
            await ws.send(encode(Hello(v=VERSION, name=name[:64] or "player", token=token,
                                       door=door)).decode())
            answer = decode_server(await ws.recv())
    except TimeoutError:
        await ws.close()
        raise ConnectError(f"{there} did not welcome us within {timeout:g} s") from None
    except ConnectionClosed as err:
        raise ConnectError(f"{there} closed the connection: {_closed_reason(err)}") from None
    except BadMessage as err:
        await ws.close()
        raise ConnectError(f"{there} is not a mazegame host ({err})") from None
    if isinstance(answer, Welcome):
        return ws, answer
    await ws.close()
    if isinstance(answer, Error | Bye):
        text = answer.text if isinstance(answer, Error) else answer.reason
        raise ConnectError(f"{there} refused us: {text}")
    raise ConnectError(f"{there} answered Hello with {type(answer).__name__}, not Welcome")


async def connect(address: tuple[str, int], name: str, *, door: str = "join",
                  token: str = "", timeout: float = DEFAULT_TIMEOUT) -> Connection:
    """Open a connection to the host at `address` as `name`; ConnectError (one line) if the
    host cannot be reached or does not let us in."""
    ws, welcome = await _open(address, name, door, token, timeout)
    return Connection(address, name, door, timeout, ws, welcome)
