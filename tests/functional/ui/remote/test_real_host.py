"""The thin client against a real `mazegame host` (a process on a free port) and a real bot:
a room created from the form, the bot joins by its code, the creator starts, the maze the
host sent is drawn, and the game's end shows the bot's win."""

from __future__ import annotations

from mazegame.ui.remote.app import RemoteApp
from mazegame.ui.remote.game import GameScreen
from mazegame.ui.remote.room import RoomScreen
from tests.functional.net.test_host import Host
from tests.functional.ui.remote.fakehost import board_lines, in_lobby, text_of, until
from tests.functional.ui.textual_private import notifications


async def test_a_room_made_here_is_raced_by_a_bot_on_a_real_host(tmp_path, monkeypatch):
    monkeypatch.setenv("MAZEGAME_DATA_DIR", str(tmp_path / "player"))
    host = Host(tmp_path)
    host.compiled()  # (this tests the client, not a cold cache's compiling: and waiting here,
    # before the app runs, never holds the client's loop, which must answer the host's pings)
    bot = None
    try:
        app = RemoteApp(host.address, "ann")
        async with app.run_test(size=(100, 32)) as pilot:
            await in_lobby(pilot)
            await pilot.press("c")
            await until(pilot, lambda: app.screen.query("#width"), "the form")
            app.screen.query_one("#width").value = "4"
            app.screen.query_one("#height").value = "3"
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, RoomScreen), "the room")
            code = app.room.code
            bot = host.bot("greedy", "--room", code, "--name", "robo", "--players", "2")
            await until(pilot, lambda: len(app.room.seats) == 2, "the bot seated", limit=120)
            assert "robo" in text_of(app, "#room-seats")
            await pilot.press("s")
            try:
                await until(pilot, lambda: isinstance(app.screen, GameScreen)
                            and app.screen.begin_msg is not None, "the game", limit=120)
            except AssertionError as missed:  # seen once, in CI under double load: say more
                host.process.kill()
                _, err = host.process.communicate()
                raise AssertionError(f"{missed}; the client said {notifications(app)}, its "
                                     f"room {app.room}; the host's stderr: {err[-2000:]!r}, "
                                     f"stdout: {host.said[-5:]}") from None
            drawn = lambda: [line.strip() for line in board_lines(app) if line.strip()]  # noqa: E731
            await until(pilot, lambda: len(drawn()) == 7, "the maze drawn")
            lines = drawn()
            assert len(lines) == 7 and lines[0].startswith("┌") and lines[-1].startswith("└")
            assert all(len(line) == 4 * 4 + 1 for line in lines)
            await until(pilot, lambda: "robo won" in text_of(app, "#end-panel"),
                        "the bot's win on the end panel", limit=120)
        out, err = bot.communicate(timeout=60)
        assert bot.returncode == 0, err
    finally:
        if bot is not None and bot.poll() is None:
            bot.kill()
        host.stop()
