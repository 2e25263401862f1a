"""textual-serve's Server as `mazegame serve` runs it: the rules of `serve_guard` applied.

The one module that knows textual-serve's insides (pyproject.toml bounds its version, and
tests/unit/cli/test_serve_server.py fails naming what changed):
- public: the `templates_path` argument (our page: `assets/serve/app_index.html`, fonts from
  textual-serve's own static folder, nothing from other hosts), and the aiohttp handlers
  `handle_index`, `handle_websocket`, `on_startup`, `on_shutdown`;
- private: `_process_messages(websocket, app_service)`, overridden only to hand it an
  AppService whose resize requests are clamped (there is no public hook for them), and to
  end a game whose page sends a malformed message with one line instead of a traceback;
- `command`, the attribute `handle_websocket` starts each game with: with `serve --join`
  it is read per browser (a property on a context variable `handle_websocket` sets), so
  each game joins under its page's `?name=`. The page's script opens the websocket with a
  query of its own, so the name goes from the page to its websocket in a cookie.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Callable
from urllib.parse import quote, unquote

from aiohttp import web

from mazegame.cli.serve_guard import (
    FULL_PAGE,
    WEB_NAME,
    clamp_size,
    games,
    origin_allowed,
    own_origins,
    web_name,
)
from mazegame.locations import asset

SHUTDOWN_WAIT = 5.0  #: seconds Ctrl-C waits for the open games to quit
RETRY_AFTER = "60"  #: seconds a full server asks a browser to wait (the Retry-After header)
QUERY_DEFAULTS = {"width": 80, "height": 24}  #: textual-serve's own, for a missing or bad one
NAME_COOKIE = "mazegame-name"  #: the page's `?name=` on its way to the page's websocket
log = logging.getLogger("mazegame.serve")
#: The player name of the browser whose websocket is being served (`serve --join`).
PLAYER: contextvars.ContextVar[str] = contextvars.ContextVar("mazegame_serve_player",
                                                             default=WEB_NAME)
#: What textual-serve's message loop raises on a message it cannot read: not JSON, not a
#: list, a missing field, a field of the wrong type.
MALFORMED = (ValueError, AssertionError, LookupError, TypeError, AttributeError)


class SizeClamped:
    """An AppService whose resize requests are clamped (and ignored when not whole numbers);
    everything else passes through to the service."""

    def __init__(self, service) -> None:
        self._service = service

    def __getattr__(self, name: str):
        return getattr(self._service, name)

    async def set_terminal_size(self, width, height) -> None:
        """Tell the game its new size, within serve_guard's bounds."""
        size = clamp_size(width, height)
        if size is not None:
            await self._service.set_terminal_size(*size)


def size_clamped(request: web.Request) -> web.Request:
    """The websocket request with its width and height query clamped (each a whole number
    within bounds: a missing or bad one is textual-serve's default)."""
    sizes = []
    for name, default in QUERY_DEFAULTS.items():
        try:
            sizes.append(int(request.query.get(name, default)))
        except ValueError:
            sizes.append(default)
    width, height = clamp_size(*sizes)
    return request.clone(rel_url=request.rel_url.update_query(width=width, height=height))


def game_server(server_class: type) -> type:
    """textual-serve's Server (passed in: the serve extra is imported only when serving)
    with mazegame's page and guards, ending every open game on Ctrl-C (its own shutdown
    waits for each open tab to close, measured: 20 s, before it stops their games)."""

    class GameServer(server_class):
        """A Server that refuses foreign origins, caps its sessions and their size, and
        cancels its open sessions when it shuts down."""

        def __init__(self, command: str, *, allow_origins: tuple[str, ...] = (),
                     max_sessions: int, command_for: Callable[[str], str] | None = None,
                     **kwargs) -> None:
            self.command_for = command_for  #: a player's name -> their game's command
            super().__init__(command, templates_path=asset("serve"), **kwargs)
            self.origins = own_origins(self.public_url, self.port) | set(allow_origins)
            self.max_sessions = max_sessions
            self.sessions: set[asyncio.Task] = set()  #: one task a browser tab, while open

        @property
        def command(self) -> str:
            """The command of the game being started: with `command_for`, the one for the
            browser being served (PLAYER), else the one command given."""
            if self.command_for is not None:
                return self.command_for(PLAYER.get())
            return self._command

        @command.setter
        def command(self, value: str) -> None:
            self._command = value

        @property
        def full(self) -> bool:
            """Whether every game this server may run at once is running."""
            return len(self.sessions) >= self.max_sessions

        def full_page(self) -> web.Response:
            """503 and a short page: the server is full, try later."""
            return web.Response(status=503, content_type="text/html",
                                text=FULL_PAGE.format(games=games(self.max_sessions)),
                                headers={"Retry-After": RETRY_AFTER})

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            """The game's page, or the full page when no game can start."""
            if self.full:
                return self.full_page()
            response = await super().handle_index(request)
            if self.command_for is not None:  # the page's name, for its websocket
                if request.query.get("name", "").strip():
                    response.set_cookie(NAME_COOKIE, quote(web_name(request.query["name"])),
                                        path="/ws", httponly=True, samesite="Strict")
                else:
                    response.del_cookie(NAME_COOKIE, path="/ws")
            return response

        async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
            """Serve one tab's game, if it comes from an allowed page and there is room;
            known to on_shutdown while it runs."""
            origin = request.headers.get("Origin")
            if not origin_allowed(origin, self.origins):
                log.warning("refused a game to %s: not this server's page (mazegame serve "
                            "--allow-origin URL admits one)",
                            f"a page from {origin}" if origin else "a client with no Origin")
                raise web.HTTPForbidden(text="games are played from this server's own page\n")
            if self.full:
                return self.full_page()
            task = asyncio.current_task()
            self.sessions.add(task)
            player = PLAYER.set(web_name(request.query.get("name") or
                                         unquote(request.cookies.get(NAME_COOKIE, ""))))
            try:
                return await super().handle_websocket(size_clamped(request))
            finally:
                PLAYER.reset(player)
                self.sessions.discard(task)

        async def _process_messages(self, websocket, app_service) -> None:
            """textual-serve's message loop, its resizes clamped (see the module's note); a
            message it cannot read ends the game with one line in the log, not a traceback."""
            try:
                await super()._process_messages(websocket, SizeClamped(app_service))
            except MALFORMED as err:
                log.warning("ended a game: its page sent a message that is not one of "
                            "textual-serve's (%s: %.80s)", type(err).__name__, err)

        async def on_startup(self, app) -> None:
            """textual-serve's banner, and how many games this server runs at once."""
            await super().on_startup(app)
            self.console.print(f"At most {games(self.max_sessions)} at once (--max-sessions); "
                               "pages from other sites cannot start one (--allow-origin)",
                               highlight=False)

        async def on_shutdown(self, app) -> None:
            """Cancel the open sessions: each tells its game to quit and waits for it."""
            await super().on_shutdown(app)
            waiting = list(self.sessions)
            for task in waiting:
                task.cancel()
            if waiting:
                await asyncio.wait(waiting, timeout=SHUTDOWN_WAIT)

    return GameServer
