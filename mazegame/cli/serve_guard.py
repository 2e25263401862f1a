"""What `mazegame serve` allows a browser: pure rules, no server (`serve_server` applies them).

- Origins: a game session's websocket must come from this server's own page (its public URL,
  or this port on a loopback name), or from an origin named by `--allow-origin`. Browsers
  always send `Origin` on a websocket; without this check any page on any site could open a
  game on this machine.
- Sessions: each game is a `mazegame play` process (about 325 MB), so at most
  `--max-sessions` at once, by default what the available memory holds at ~400 MB a game.
- Sizes: the terminal's width and height, from the page's query or its resize messages,
  are clamped (`?height=100000` made one game take a gigabyte).
- Names (`serve --join`): the player's name from the page's `?name=` is cleaned
  (`net.names.clean`) before it reaches the game's command line or another player.
"""

from __future__ import annotations

import argparse
import contextlib
from urllib.parse import urlsplit

from mazegame.cli.common import shown, whole_number
from mazegame.engine.memory import available_memory
from mazegame.net.names import clean

MAX_WIDTH, MAX_HEIGHT = 500, 200  #: the largest terminal a browser may ask for, in cells
SESSION_BYTES = 400 * 2**20  #: memory set aside a game (measured: about 325 MB each)
#: memory set aside a browser's thin client (`serve --join`: measured ~46 MB RSS, plus the
#: server's share of its websocket)
JOIN_SESSION_BYTES = 64 * 2**20
MOST_SESSIONS = 32  #: the default's ceiling, whatever the memory
FALLBACK_SESSIONS = 4  #: the default when the available memory cannot be read
SESSIONS_LIMIT = 10_000  #: the most --max-sessions accepts
#: argparse type of --max-sessions: a whole number from 1 to SESSIONS_LIMIT.
session_count = whole_number(1, SESSIONS_LIMIT)
DEFAULT_PORTS = {"http": 80, "https": 443}
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
WEB_NAME = "web"  #: a browser's player name when its page gives none (`serve --join`)

#: The page a browser gets when no game can start (str.format: games, "1 game", "4 games").
FULL_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>mazegame: the server is full</title>
<style>body{{background:#0c181f;color:#eee;font-family:monospace;display:flex;
align-items:center;justify-content:center;height:90vh}}main{{max-width:36em;text-align:center}}
</style></head>
<body><main><h1>The server is full</h1>
<p>This server runs at most {games} at once, and all are being played.
Please try again in a few minutes.</p></main></body></html>
"""


def games(count: int) -> str:
    """"1 game", "4 games"."""
    return f"{count} game{'' if count == 1 else 's'}"


def origin_of(url: str) -> str:
    """The origin (scheme://host[:port], as a browser's Origin header writes it) of an http or
    https URL with no path beyond "/"; ValueError saying what is wrong."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as err:
        raise ValueError(f"not a URL: {shown(url)} ({err})") from None
    if parts.scheme.lower() not in DEFAULT_PORTS or not parts.hostname:
        raise ValueError(f"an origin is http://HOST[:PORT] or https://HOST[:PORT], "
                         f"not {shown(url)}")
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        raise ValueError(f"an origin has no path, query or user: {shown(url)}")
    scheme, host = parts.scheme.lower(), parts.hostname.lower()
    host = f"[{host}]" if ":" in host else host
    shown_port = "" if port in (None, DEFAULT_PORTS[scheme]) else f":{port}"
    return f"{scheme}://{host}{shown_port}"


def allowed_origin(text: str) -> str:
    """argparse type of --allow-origin: an origin, or one line (status 2) naming the fault."""
    try:
        return origin_of(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def own_origins(public_url: str, port: int) -> set[str]:
    """The origins of this server's own page: its public URL's, and this port on each
    loopback name (the page opened as localhost still talks to 127.0.0.1's websocket)."""
    origins = {f"http://{name}:{port}" for name in LOOPBACK_NAMES}
    parts = urlsplit(public_url)  # its path, if any (behind a proxy), is not its origin's
    with contextlib.suppress(ValueError):  # not an http(s) URL: only the loopback names
        origins.add(origin_of(f"{parts.scheme}://{parts.netloc}"))
    return origins


def origin_allowed(header: str | None, origins: set[str]) -> bool:
    """Whether a request's Origin header names one of `origins` (no header: refused)."""
    if not header:
        return False
    try:
        return origin_of(header) in origins
    except ValueError:  # "null" (a sandboxed or file page), or garbage
        return False


def default_max_sessions(memory: int | None = None, per_session: int = SESSION_BYTES) -> int:
    """Games at once by default: the available memory / per_session (SESSION_BYTES for a
    game, JOIN_SESSION_BYTES for the thin client of `--join`), from 1 to MOST_SESSIONS
    (FALLBACK_SESSIONS when the memory cannot be read)."""
    memory = available_memory() if memory is None else memory
    if memory is None:
        return FALLBACK_SESSIONS
    return max(1, min(MOST_SESSIONS, memory // per_session))


def web_name(raw: str | None) -> str:
    """The name of a browser's player (`serve --join`): what the page's `?name=` gave,
    cleaned, else WEB_NAME."""
    return clean(raw) if raw and raw.strip() else WEB_NAME


def clamp_size(width: object, height: object) -> tuple[int, int] | None:
    """A terminal size a browser asked for, within 1..MAX_WIDTH x 1..MAX_HEIGHT cells;
    None when either is not a whole number (the request is ignored)."""
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (width, height)):
        return None
    return min(max(width, 1), MAX_WIDTH), min(max(height, 1), MAX_HEIGHT)
