"""A browser and an SSH player in one room: a real `mazegame host` (game port and SSH door),
a real `mazegame serve --join` pointed at it, headless Chromium on the page under
`?name=webby`, and Debian's OpenSSH client in tmux as sshy. The browser creates a room and
reads its code off its screen; sshy types that code in the lobby; both see both names in the
room; the browser starts; both see the game (the maze and both players' letters).

The page draws on a canvas: its screen is read by playing the websocket's frames into a
terminal emulator (pyte) of the page's size. Every wait looks at a screen until a text
shows (bounded by WAIT as a hang guard), never a fixed sleep. Skips, saying what is missing,
without the host and serve extras, playwright's Python package, chromium, ssh or tmux.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from urllib.parse import parse_qs, urlsplit

import pytest
from test_ssh_door import ROOT, SIGINT_AS_USUAL, SSH_OPTIONS, free_port

pytest.importorskip("asyncssh", reason="the host extra is not installed")
pytest.importorskip("textual_serve", reason="the serve extra is not installed")
pyte = pytest.importorskip("pyte", reason="pyte (the test extra) is not installed")
sync_api = pytest.importorskip("playwright.sync_api",
                               reason="playwright's Python package is not installed")
if shutil.which("ssh") is None or shutil.which("tmux") is None:
    pytest.skip("needs OpenSSH's client and tmux (apt-get install openssh-client tmux)",
                allow_module_level=True)
CHROMIUM = os.environ.get("MAZEGAME_CHROMIUM") or shutil.which("chromium") or shutil.which(
    "chromium-browser")
if CHROMIUM is None:
    pytest.skip("no chromium on PATH (apt-get install chromium)", allow_module_level=True)

WAIT = 60.0  #: a hang guard for one step: under load a cold client takes its time
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update"]
#: The room's code as the room screen writes it: "Room  K 7 P   Q 2 M "
CODE_ON_SCREEN = re.compile(r"Room\s+(\w) (\w) (\w)   (\w) (\w) (\w)\b")


def eventually(check, what):
    """check()'s first true value, polled; fails after WAIT seconds naming what() (a
    function: the message shows the screen as it was at the end)."""
    deadline = time.monotonic() + WAIT
    while not (value := check()):
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what()}")
        time.sleep(0.05)
    return value


class Page:
    """A browser tab on `serve --join`, and its terminal's screen as a terminal would show
    it (the websocket's frames played into pyte at the size the page asked for)."""

    def __init__(self, browser, url: str, size: dict) -> None:
        self.page = browser.new_page(viewport=size)
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.page.on("websocket", self._watch)
        self.page.goto(url, wait_until="commit", timeout=WAIT * 1000)

    def _watch(self, websocket) -> None:
        """Size the screen as the page's terminal is, and draw what the game sends."""
        query = parse_qs(urlsplit(websocket.url).query)
        if "width" in query and "height" in query:
            self.screen.resize(int(query["height"][0]), int(query["width"][0]))
        websocket.on("framesent", self._sent)
        websocket.on("framereceived", self._received)

    def _sent(self, frame) -> None:
        with contextlib.suppress(ValueError, TypeError, KeyError):
            kind, *rest = json.loads(frame)
            if kind == "resize":
                self.screen.resize(rest[0]["height"], rest[0]["width"])

    def _received(self, frame) -> None:
        if isinstance(frame, bytes):  # the terminal's bytes (text frames are messages)
            self.stream.feed(frame)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def until(self, check, what: str) -> str:
        """The screen, once check(screen) is true."""
        def drawn():
            self.page.wait_for_timeout(50)  # (lets playwright deliver the frames)
            screen = self.text()
            return check(screen) and screen
        return eventually(drawn, lambda: f"{what} in the browser (it shows:\n{self.text()})")

    def shows(self, *texts: str) -> str:
        """The screen, once it shows every one of `texts`."""
        return self.until(lambda screen: all(t in screen for t in texts), repr(texts))

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)


class Terminal:
    """`ssh` in a tmux window, on a tmux server of this test's own."""

    def __init__(self, socket: str, ssh_port: int, user: str) -> None:
        self.tmux = ["tmux", "-L", socket]
        command = " ".join(["ssh", "-p", str(ssh_port), *SSH_OPTIONS, f"{user}@127.0.0.1",
                            "; echo ssh-ended-$?; sleep 60"])
        subprocess.run([*self.tmux, "new-session", "-d", "-s", "player", "-x", "100", "-y",
                        "30", command], check=True)
        self.socket = subprocess.run([*self.tmux, "display-message", "-p", "#{socket_path}"],
                                     capture_output=True, text=True).stdout.strip()

    def text(self) -> str:
        return subprocess.run([*self.tmux, "capture-pane", "-p", "-t", "player"],
                              capture_output=True, text=True).stdout

    def until(self, check, what: str) -> str:
        """The screen, once check(screen) is true."""
        def drawn():
            screen = self.text()
            return check(screen) and screen
        return eventually(drawn, lambda: f"{what} over SSH (it shows:\n{self.text()})")

    def shows(self, *texts: str) -> str:
        return self.until(lambda screen: all(t in screen for t in texts), repr(texts))

    def press(self, *keys: str) -> None:
        subprocess.run([*self.tmux, "send-keys", "-t", "player", *keys], check=True)

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True)
        if self.socket:  # (tmux leaves its socket behind)
            with contextlib.suppress(OSError):
                os.unlink(self.socket)


def started(command: list[str], env: dict, cwd) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "mazegame", *command], env=env, cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=SIGINT_AS_USUAL)


def stopped(process: subprocess.Popen) -> str:
    """Ctrl-C, then its stderr (the whole group is killed if it lingers)."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
    try:
        return process.communicate(timeout=WAIT)[1].decode()
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


@pytest.fixture
def stand(tmp_path):
    """A host (game port, SSH door) and `serve --join` at it, on free ports."""
    env = {**os.environ, "MAZEGAME_DATA_DIR": str(tmp_path / "data"),
           "MAZEGAME_HOST_LIMITS": "countdown=0.5",
           "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [
               os.environ.get("PYTHONPATH")])])}
    game_port, ssh_port, web_port = free_port(), free_port(), free_port()
    host = started(["host", "--port", str(game_port), "--ssh-port", str(ssh_port)], env,
                   tmp_path)
    web = None
    try:
        banner = host.stdout.readline().decode()
        assert "game port" in banner, host.communicate(timeout=WAIT)[1].decode()[-800:]
        web = started(["serve", "--port", str(web_port), "--join", f"127.0.0.1:{game_port}"],
                      env, tmp_path)

        def listening() -> bool:
            assert web.poll() is None, web.communicate()[1].decode()[-800:]
            with socket.socket() as probe:
                return probe.connect_ex(("127.0.0.1", web_port)) == 0
        eventually(listening, lambda: "serve to listen")
        yield {"ssh": ssh_port, "web": web_port}
    finally:
        logs = [stopped(web)] if web is not None else []
        logs.append(stopped(host))
    for log in logs:
        assert "Traceback" not in log, log


def test_a_browser_and_an_ssh_player_play_in_one_room(stand, tmp_path):
    ssh = Terminal(f"mazegame-browser-ssh-{os.getpid()}", stand["ssh"], "sshy")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            web = Page(browser, f"http://127.0.0.1:{stand['web']}/?name=webby",
                       {"width": 1000, "height": 640})
            web.shows("lobby", "you are webby")
            web.page.locator(".xterm-helper-textarea").focus()  # the terminal takes keys
            web.press("c")  # the new room's form ...
            web.shows("A new room")
            web.press("Control+s")  # ... sent as it is
            code = "".join(CODE_ON_SCREEN.search(web.shows("read this code out")).groups())

            ssh.shows("lobby", "you are sshy")
            ssh.press("j")
            ssh.press("-l", code)
            ssh.press("Enter")
            for screen in (ssh, web):
                screen.shows("webby", "sshy", "seats free")
            web.shows("s starts the game")
            web.press("s")
            for screen in (ssh, web):
                screen.until(game_drawn, "the game: the maze and both players")
            web.page.screenshot(path=str(tmp_path / "game.png"))
        finally:
            browser.close()
            ssh.close()


def game_drawn(screen: str) -> bool:
    """Does the screen show a whole maze (its top and bottom walls, the goal), a player's
    letter in it, and both players by letter and name? (Both start on one cell: one letter
    shows there.)"""
    lines = [line.strip() for line in screen.splitlines()]
    top = next((i for i, line in enumerate(lines) if line[:1] in "┌+"), None)
    bottom = next((i for i, line in enumerate(lines) if line[:1] in "└+" and i != top), None)
    if top is None or bottom is None:
        return False
    maze = "\n".join(lines[top:bottom + 1])
    return ("W webby" in screen and "S sshy" in screen and "◎" in maze
            and re.search(r"[│|] *[WS]\b", maze) is not None)
