"""`mazegame serve` guarded, probed from 127.0.0.1 as a hostile page or a crowd would: a
websocket from another site's page (or none) is refused and only this server's page and
`--allow-origin` ones start a game; with `--max-sessions 1` a second visitor gets a polite
503 page; each game is told it is served, a huge width or height (in the query or a
resize message) is clamped, and a malformed message ends its game with one line in the log.
Real servers on loopback ports; the real `mazegame play` games, except where a stand-in game
records what textual-serve tells it."""

import asyncio
import contextlib
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_serve import WAIT, free_port, serving  # tests/functional/test_serve.py

from mazegame.net.names import clean

aiohttp = pytest.importorskip("aiohttp", reason="the serve extra is not installed")
pytest.importorskip("textual_serve", reason="the serve extra is not installed")

#: A stand-in game: says it is a Textual app, records its size and every meta packet
#: (resize, quit) textual-serve sends it as JSON lines, and ends on "quit".
STAND_IN = """
import json, os, sys
record = open(sys.argv[1], "a", encoding="utf-8")
def write(*line):
    record.write(json.dumps(line) + "\\n")
    record.flush()
write("size", os.environ.get("COLUMNS"), os.environ.get("ROWS"))
if len(sys.argv) > 2:  # serve --join: the player's name, as the command line gave it
    with open(sys.argv[1] + ".names", "a", encoding="utf-8") as names:
        names.write(sys.argv[2] + "\\n")
sys.stdout.write("__GANGLION__\\n")
sys.stdout.flush()
while len(head := sys.stdin.buffer.read(5)) == 5:
    payload = sys.stdin.buffer.read(int.from_bytes(head[1:], "big"))
    if head[:1] == b"M":
        write("meta", json.loads(payload))
        if json.loads(payload)["type"] == "quit":
            break
"""

#: mazegame's server (as `mazegame serve` makes it) serving the stand-in game; with a third
#: argument, as `serve --join` does: each game's command ends with its player's name.
STAND_IN_SERVER = """
import shlex, sys
from textual_serve.server import Server
from mazegame.cli.serve import game_server
port, command = int(sys.argv[1]), sys.argv[2]
named = (lambda name: f"{command} {shlex.quote(name)}") if sys.argv[3:] else None
game_server(Server)(command, host="127.0.0.1", port=port, title="stand-in",
                    public_url=f"http://127.0.0.1:{port}", max_sessions=2,
                    command_for=named).serve()
"""


async def handshake(url: str, origin: str | None, hold=None) -> int:
    """The HTTP status of a websocket handshake (101: a game started) from a page of this
    origin (None: no Origin header); `hold(ws)` runs while an accepted one is open."""
    headers = {} if origin is None else {"Origin": origin}
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(url, headers=headers) as ws:
                if hold is not None:
                    await hold(ws)
                return 101
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status


async def page(port: int) -> tuple[int, str]:
    """GET / from the server: (status, text)."""
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{port}/") as response:
        return response.status, await response.text()


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux's /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
    return found


def environment(pid: int) -> dict[str, str]:
    """A process's environment, from /proc."""
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


async def test_only_this_servers_page_and_allowed_origins_start_a_game(tmp_path):
    port = free_port()
    url = f"ws://127.0.0.1:{port}/ws"
    with serving(port, tmp_path, "--allow-origin", "http://friend.example:9000") as server:
        for foreign in ("http://evil.example", f"http://evil.example:{port}", None, "null",
                        f"https://127.0.0.1:{port}", f"http://127.0.0.1:{port + 1}"):
            assert await handshake(url, foreign) == 403, foreign
        assert await handshake(url, f"http://127.0.0.1:{port}") == 101  # its own page
        assert await handshake(url, "http://friend.example:9000") == 101  # --allow-origin
        server.terminate()
        said = b" ".join(server.communicate(timeout=WAIT)).decode()
    assert "refused a game to a page from http://evil.example" in " ".join(said.split())


async def test_a_full_server_says_so_and_a_game_is_told_it_is_served(tmp_path):
    port = free_port()
    url = f"ws://127.0.0.1:{port}/ws"
    origin = f"http://127.0.0.1:{port}"
    with serving(port, tmp_path, "--max-sessions", "1") as server:
        async def while_playing(ws):
            status, text = await page(port)
            assert status == 503 and "The server is full" in text and "try again" in text
            assert await handshake(url, origin) == 503  # a second game: no room
            if sys.platform.startswith("linux"):
                games = children(server.pid)
                assert len(games) == 1  # the game itself: `exec` spared the shell
                env = environment(games[0])
                assert env["MAZEGAME_SERVED"] == "1"  # it writes only in its data folder
                assert (env["COLUMNS"], env["ROWS"]) == ("500", "200")  # clamped

        assert await handshake(url + "?width=100000&height=100000", origin,
                               while_playing) == 101
        deadline = time.monotonic() + WAIT  # the game quits; its place is free again
        while (await page(port))[0] != 200:
            assert time.monotonic() < deadline, "the ended game's place was not freed"
            await asyncio.sleep(0.1)


@contextlib.asynccontextmanager
async def stand_in_server(tmp_path: Path, *join: str):
    """mazegame's server serving the stand-in game on a loopback port (`join`: "--join", as
    `serve --join` would, each game named): yields (port, the game's record, the server's
    log), once it answers; killed whatever happens."""
    port, record, log = free_port(), tmp_path / "record.jsonl", tmp_path / "server.log"
    (tmp_path / "stand_in.py").write_text(STAND_IN)
    (tmp_path / "server.py").write_text(STAND_IN_SERVER)
    command = f"{sys.executable} {tmp_path / 'stand_in.py'} {record}"
    with open(log, "wb") as output:
        server = subprocess.Popen([sys.executable, str(tmp_path / "server.py"), str(port),
                                   command, *join], stdout=output, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + WAIT
        while True:
            with contextlib.suppress(OSError):
                await page(port)
                break
            assert server.poll() is None, log.read_text()[-500:]
            assert time.monotonic() < deadline, "the server did not listen"
            await asyncio.sleep(0.1)
        yield port, record, log
    finally:
        server.kill()
        server.wait(WAIT)


async def games_told_to_quit(record: Path, count: int) -> None:
    """Wait until `count` stand-in games were told to quit."""
    deadline = time.monotonic() + WAIT
    while not record.exists() or record.read_text().count('"quit"') < count:
        assert time.monotonic() < deadline, "the stand-in game was not told to quit"
        await asyncio.sleep(0.1)


async def test_sizes_asked_in_the_query_and_in_resizes_are_clamped(tmp_path):
    async def resize(ws):
        for width, height in ((100_000, 100_000), ("wide", 10), (90, 30), (-4, 0)):
            await ws.send_json(["resize", {"width": width, "height": height}])

    async with stand_in_server(tmp_path) as (port, record, _):
        status = await handshake(f"ws://127.0.0.1:{port}/ws?width=99999&height=nope",
                                 f"http://127.0.0.1:{port}", resize)
        assert status == 101
        await games_told_to_quit(record, 1)
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert lines[0] == ["size", "500", "24"]  # width clamped, a bad height the default
    sizes = [(m["width"], m["height"]) for kind, m in lines[1:] if m["type"] == "resize"]
    assert sizes == [(500, 200), (90, 30), (1, 1)]  # "wide" ignored


@pytest.mark.parametrize("message", ["not json", "{}", "[]", '["stdin", 5]',
                                     '["resize", {"width": 80}]', '["ping"]'])
async def test_a_malformed_message_ends_its_game_with_one_line(tmp_path, message):
    async def send(ws):
        await ws.send_str(message)
        await ws.receive()  # the server closes the game's socket

    async with stand_in_server(tmp_path) as (port, record, log):
        assert await handshake(f"ws://127.0.0.1:{port}/ws", f"http://127.0.0.1:{port}",
                               send) == 101
        await games_told_to_quit(record, 1)  # the game ended cleanly
    said = " ".join(log.read_text().split())
    assert "Traceback" not in said
    assert said.count("ended a game: its page sent a message that is not one of") == 1


async def test_with_join_each_game_is_named_by_its_page_and_the_guards_hold(tmp_path):
    evil = "\x1b]0;owned\x07\x1b[31mMallory'; rm -rf ~"
    async with stand_in_server(tmp_path, "--join") as (port, record, _):
        origin, url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
        assert await handshake(url, "http://evil.example") == 403  # origins: as without
        jar = aiohttp.CookieJar(unsafe=True)  # one browser: a later page forgets the name
        for played, query in enumerate(({"name": evil}, {"name": "  "}, {}), 1):
            async with aiohttp.ClientSession(cookie_jar=jar) as browser:
                async with browser.get(f"{origin}/", params=query) as response:
                    assert response.status == 200
                async with browser.ws_connect(url, headers={"Origin": origin}) as ws:
                    await ws.close()
            await games_told_to_quit(record, played)  # (at most 2 games at once)
        assert await handshake(url + "?name=bob", origin) == 101  # the websocket's own query
        await games_told_to_quit(record, 4)
    names = Path(f"{record}.names").read_text(encoding="utf-8").splitlines()
    assert names == [clean(evil), "web", "web", "bob"]
    assert "\x1b" not in clean(evil) and "Mallory" in clean(evil)
