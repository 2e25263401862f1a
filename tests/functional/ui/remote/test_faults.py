"""The thin client when things go wrong (driven by Pilot against a scripted host,
fakehost.py): a mistyped code, the host going away or coming back as another, its errors,
a hostile host's text and maze, a tiny terminal, and leaving (q: 0, ctrl+c: 130)."""

from __future__ import annotations

import asyncio

from mazegame.net import protocol as p
from mazegame.ui.remote.lobby import LobbyScreen
from mazegame.ui.remote.room import RoomScreen
from mazegame.ui.too_small import TooSmallScreen
from tests.functional.ui.remote.fakehost import (
    SIZE,
    FakeHost,
    begin,
    client,
    in_lobby,
    room,
    text_of,
    until,
)


async def test_a_code_mistyped_is_said_on_screen_and_nothing_is_sent():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await pilot.press("j", *"k7pq", "enter")
            await until(pilot, lambda: "not a room code" in text_of(app, "#problem"),
                        "the problem said")
            assert not host.sent(p.Join)


async def test_the_host_closing_the_socket_shows_the_reconnect_message():
    async with FakeHost() as host:
        app = client(host, rejoin_seconds=1.0)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room())
            await until(pilot, lambda: isinstance(app.screen, RoomScreen), "the room")
            host.accepting = False  # the host is gone: no rejoin
            await host.drop()
            await until(pilot, lambda: "reconnecting" in text_of(app, "#banner"),
                        "the reconnect message")
            await until(pilot, lambda: "did not come back" in text_of(app, "#connect-state"),
                        "given up, back to the connect screen", limit=15)


async def test_a_rejoin_within_the_window_carries_on_with_the_token():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.drop()
            await until(pilot, lambda: len(host.hellos) == 2, "the second Hello")
            assert host.hellos[1].token == "tok"
            await until(pilot, lambda: not app.screen.query_one("#banner").display,
                        "the banner gone")


async def test_an_error_from_the_host_is_shown_on_screen():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(p.Error(code="no-room", text="there is no room K7PQ2M"))
            await until(pilot, lambda: "no room K7PQ2M" in text_of(app, "#problem"),
                        "the error shown")


async def test_q_in_the_lobby_quits_with_status_0_and_ctrl_c_with_130():
    async with FakeHost() as host:
        for key, status in (("q", 0), ("ctrl+c", 130)):
            app = client(host)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot)
                await pilot.press(key)
                await pilot.pause()
            assert app.return_code == status


async def test_a_tiny_terminal_says_how_big_it_must_be():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=(50, 15)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TooSmallScreen)
                        and isinstance(app.screen_stack[-2], LobbyScreen), "the notice")
            assert "needs 60x18" in str(app.screen.query_one("#too-small").render())
            await pilot.resize_terminal(100, 32)
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")


async def test_a_host_that_restarted_sends_the_player_back_to_the_lobby():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room())
            await until(pilot, lambda: isinstance(app.screen, RoomScreen), "the room")
            host.token = "new"  # a new host: our token means nothing, a new one comes
            await host.drop()
            await until(pilot, lambda: "no longer knows your room" in text_of(app, "#problem"),
                        "told, in the lobby")
            assert isinstance(app.screen, LobbyScreen) and app.room is None


async def test_quitting_in_a_room_leaves_it_so_the_host_frees_the_seat_at_once():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room())
            await until(pilot, lambda: isinstance(app.screen, RoomScreen), "the room")
            await pilot.press("ctrl+c")
        for _ in range(100):
            if host.sent(p.Leave):
                break
            await asyncio.sleep(0.02)
        assert host.sent(p.Leave) == [p.Leave()]


async def test_a_hostile_hosts_escape_codes_and_bad_maze_reach_no_terminal_and_crash_nothing():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(others=(("\x1b[2Jbob\x07", 2),)))
            await until(pilot, lambda: isinstance(app.screen, RoomScreen), "the room")
            await until(pilot, lambda: "bob" in text_of(app, "#room-seats"), "bob seated")
            assert "\x1b" not in text_of(app, "#room-seats") and "[2J" not in \
                text_of(app, "#room-seats")
            await host.push(begin(walls=[0, 0, 0]))  # 3 walls for 6 cells
            await until(pilot, lambda: "does not add up (3 walls for 6 cells)"
                        in text_of(app, "#problem"), "the bad maze refused")
            assert isinstance(app.screen, RoomScreen)
            await host.push(p.Error(code="x", text="no\x1b]0;pwned\x07 way"))
            await until(pilot, lambda: "way" in text_of(app, "#problem"), "the error")
            assert "\x1b" not in text_of(app, "#problem")
