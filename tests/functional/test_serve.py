"""`mazegame serve` in a real browser: headless Chromium opens the page, the menu draws, keys
play a game and come back, q ends the session, and Ctrl-C stops the server with status 0.
Every host but 127.0.0.1 is blocked, and the test fails if the page asks one (a font host
would learn who plays, and offline the page would wait on it); the page's font is its own.

Needs the serve extra (textual-serve), playwright's Python package (not its browsers: Debian's
chromium is used) and a chromium binary; `.ci/run` installs them, else the test skips and
says which is missing. What the terminal draws is read from the websocket's frames (the page
draws on a canvas), and a screenshot is saved beside the test's files.
"""

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
WAIT = 30.0  #: seconds any one step may take (a cold numba cache compiles the generator)
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


#: The status of the page's Roboto Mono (regular) once the fonts it uses have settled.
FONT_STATUS = """document.fonts.ready.then(() => [...document.fonts].filter(
    face => face.family.replace(/"/g, "") === "Roboto Mono" && face.style === "normal")
    .map(face => face.status).join() || "none")"""


def chromium() -> str | None:
    """Debian's chromium (or one named by MAZEGAME_CHROMIUM), if there is one."""
    named = os.environ.get("MAZEGAME_CHROMIUM")
    if named:
        return named
    return shutil.which("chromium") or shutil.which("chromium-browser")


def free_port() -> int:
    """A TCP port free on the loopback address just now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(check, what: str, poll) -> None:
    """Call poll() until check() is true; fail naming `what` after WAIT seconds."""
    deadline = time.monotonic() + WAIT
    while not check():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        poll()


@contextlib.contextmanager
def serving(port: int, tmp_path: Path, *options: str):
    """`mazegame serve` (with these options) on a loopback port, in its own process group;
    yields the process once it accepts connections, and stops the group (server and games)
    whatever happens."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]),
        "MAZEGAME_DATA_DIR": str(tmp_path / "data")}
    server = subprocess.Popen([sys.executable, "-m", "mazegame", "serve", "--port", str(port),
                               *options],
                              env=env, cwd=tmp_path, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, start_new_session=True)
    try:
        def accepts() -> bool:
            if server.poll() is not None:
                pytest.fail(f"the server exited: {server.communicate()[1].decode()[-500:]}")
            with socket.socket() as client:
                return client.connect_ex(("127.0.0.1", port)) == 0

        wait_until(accepts, "the server to listen", lambda: time.sleep(0.05))
        yield server
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)  # a no-op after a clean stop
        server.wait(10)


def test_the_menu_plays_in_a_browser(tmp_path):
    pytest.importorskip("textual_serve", reason="the serve extra is not installed "
                        "(pip install -e '.[serve]')")
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="playwright's Python package is not installed")
    browser_path = chromium()
    if browser_path is None:
        pytest.skip("no chromium on PATH (apt-get install chromium)")
    port = free_port()
    with serving(port, tmp_path) as server, sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=browser_path, args=CHROMIUM_ARGS)
        try:  # a fresh profile: playwright gives each launch a new --user-data-dir
            page = browser.new_page(viewport={"width": 1000, "height": 640})
            drawn = bytearray()  # everything the game sent to the page's terminal
            foreign: list[str] = []  # what the page asked of other hosts (and did not get)

            def only_this_machine(route):
                if urlsplit(route.request.url).hostname == "127.0.0.1":
                    route.continue_()
                else:
                    foreign.append(route.request.url)
                    route.abort("blockedbyclient")

            page.route("**/*", only_this_machine)

            def on_socket(websocket):
                if urlsplit(websocket.url).hostname != "127.0.0.1":
                    foreign.append(websocket.url)
                websocket.on("framereceived", lambda frame: drawn.extend(
                    frame if isinstance(frame, bytes) else frame.encode()))

            page.on("websocket", on_socket)
            page.goto(f"http://127.0.0.1:{port}/", wait_until="commit", timeout=WAIT * 1000)

            def shows(text: str, since: int = 0):
                """Wait until the game has drawn `text` after the first `since` bytes."""
                wait_until(lambda: text.encode() in drawn[since:], f"{text!r} to be drawn",
                           lambda: page.wait_for_timeout(50))

            def press(*keys: str) -> int:
                """Press keys in the terminal; returns how much was drawn before them."""
                mark = len(drawn)
                for key in keys:
                    page.keyboard.press(key)
                return mark

            shows("Campaign")  # the menu's first mode
            shows("Level editor")  # ... and its last: the whole list is drawn
            assert foreign == [], "the page asked other hosts"
            assert page.evaluate(FONT_STATUS) == "loaded"  # Roboto Mono, from this server
            page.locator(".xterm-helper-textarea").focus()  # the terminal takes the keys
            shows("New game: Classic", press("ArrowDown", "Enter"))  # the setup dialog
            shows("Moves", press("Enter"))  # Start: a classic game's status line
            page.screenshot(path=str(tmp_path / "classic.png"))
            shows("Campaign", press("q"))  # back to the menu
            page.screenshot(path=str(tmp_path / "menu.png"))
            press("q")  # quit: the game ends and the page says the session ended
            page.wait_for_selector("body.-closed", state="attached", timeout=WAIT * 1000)
        finally:
            browser.close()
        assert foreign == [], "the page asked other hosts"
        server.send_signal(signal.SIGINT)  # Ctrl-C
        _, err = server.communicate(timeout=WAIT)
    assert server.returncode == 0, err.decode()[-500:]
    assert b"Traceback" not in err
    assert (tmp_path / "menu.png").stat().st_size > 0
