"""The thin client (`mazegame join` without --bot) driven by Pilot against a scripted host
(fakehost.py): the lobby, a room, a game, its end, and what goes wrong on the way."""

from __future__ import annotations

import asyncio

from textual.widgets import DataTable, Input, Static

from mazegame.net import protocol as p
from mazegame.ui.remote.app import RemoteApp
from mazegame.ui.remote.base import TooSmallScreen
from mazegame.ui.remote.board import Board
from mazegame.ui.remote.game import GameScreen
from mazegame.ui.remote.lobby import LobbyScreen
from mazegame.ui.remote.room import RoomScreen
from tests.functional.ui.remote.fakehost import FakeHost, begin, room

SIZE = (100, 32)


async def until(pilot, check, what: str, limit: float = 10.0) -> None:
    """Let the app run until `check()` holds (fails naming `what` after `limit` seconds)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not check():
        assert loop.time() < end, f"never happened: {what}"
        await pilot.pause(0.02)


def text_of(app, selector: str) -> str:
    """The plain text a Static of the screen in front shows ("" if it has none)."""
    found = app.screen.query(selector)
    return str(found.first(Static).render()) if found else ""


def board_lines(app) -> list[str]:
    """The board's rows as text, trailing blanks trimmed."""
    board = app.screen.query_one(Board)
    return [board.render_line(y).text.rstrip() for y in range(board.size.height)]


def client(host: FakeHost, **kwargs) -> RemoteApp:
    return RemoteApp(host.address, "ann", rejoin_seconds=kwargs.pop("rejoin_seconds", 60),
                     **kwargs)


async def in_lobby(pilot) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen)
                and isinstance(pilot.app.focused, DataTable), "the lobby")


async def test_the_lobby_lists_rooms_and_joins_one_by_a_typed_code():
    rooms = [p.RoomInfo(code="K7PQ2M", mode="race", creator="bob", players=1, seats=4,
                        phase="waiting")]
    async with FakeHost(rooms) as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            table = app.screen.query_one("#rooms", DataTable)
            await until(pilot, lambda: table.row_count == 1, "the room listed")
            assert [str(c) for c in table.get_row_at(0)][:3] == ["K7PQ2M", "race", "bob"]
            await pilot.press("j")
            assert isinstance(app.focused, Input) and app.focused.id == "code"
            await pilot.press(*"k7pq-2m", "enter")  # any case, a dash: still the code
            await until(pilot, lambda: host.sent(p.Join), "a Join sent")
            assert host.sent(p.Join)[0] == p.Join(code="K7PQ2M")
            await host.push(room(creator=2))
            await until(pilot, lambda: isinstance(app.screen, RoomScreen), "the room shown")
            assert "K 7 P   Q 2 M" in text_of(app, "#room-code")
            assert "Waiting for bob to start" in text_of(app, "#room-next")


async def test_a_code_mistyped_is_said_on_screen_and_nothing_is_sent():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await pilot.press("j", *"k7pq", "enter")
            await until(pilot, lambda: "not a room code" in text_of(app, "#problem"),
                        "the problem said")
            assert not host.sent(p.Join)


async def test_creating_a_room_sends_the_forms_settings():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await pilot.press("c")
            await until(pilot, lambda: app.screen.query("#width"), "the form")
            width = app.screen.query_one("#width", Input)
            width.value = "30"
            app.screen.query_one("#seats").value = 3
            app.screen.query_one("#mode").value = "chase"
            await pilot.click("#confirm")
            await until(pilot, lambda: host.sent(p.Create), "a Create sent")
            settings = host.sent(p.Create)[0].settings
            assert (settings.mode, settings.width, settings.height, settings.seats) == \
                ("chase", 30, 12, 3)


async def test_a_begin_draws_the_maze_and_an_arrow_sends_a_key():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(), begin())
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
            await pilot.pause()
            lines = [line.strip() for line in board_lines(app) if line.strip()]
            # Walls where the bytes say: between cells 0|1 and under cell 1 only; ann's
            # letter on the start, the goal bottom right.
            assert lines == ["┌───┬───────┐", "│ A │       │", "│   └───╴   │",
                             "│         ◎ │", "└───────────┘"]
            await pilot.press("down")
            await until(pilot, lambda: host.sent(p.Key), "a Key sent")
            assert host.sent(p.Key)[0].dir == 2  # south
            await pilot.press("l")
            await until(pilot, lambda: len(host.sent(p.Key)) == 2, "a second Key")
            assert host.sent(p.Key)[1] == p.Key(dir=1, seq=2)


async def test_a_state_moves_the_players_letters():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(), begin())
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
            await host.push(p.State(game=1, tick=1, elapsed=2.0, players=[
                p.Position(id=1, cell=3, moves=1), p.Position(id=2, cell=2, moves=1)]))
            await until(pilot, lambda: "B" in "".join(board_lines(app)), "bob drawn")
            lines = [line.strip() for line in board_lines(app) if line.strip()]
            assert "B" in lines[1] and lines[1].index("B") > lines[1].index("│", 1)
            assert lines[3].startswith("│ A")  # ann moved down to cell 3
            assert "Moves 1" in text_of(app, "#game-status")


async def test_a_blind_view_draws_only_the_learned_walls():
    outer = [9, 1, 3, 12, 4, 6]  # only the outer walls
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(view="blind"), begin(outer))
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
            await pilot.pause()
            lines = [line.strip() for line in board_lines(app) if line.strip()]
            assert lines[0] == "┌───────────┐"  # no inner wall known yet
            assert "┬" not in "".join(lines) and "└───╴" not in "".join(lines)
            await host.push(p.State(game=1, tick=1, elapsed=1.0, players=[
                p.Position(id=1, cell=0, moves=0)], learned=[(0, 2)]))  # bumped east
            await until(pilot, lambda: "┬" in "".join(board_lines(app)), "the wall learned")
            lines = [line.strip() for line in board_lines(app) if line.strip()]
            assert lines[0] == "┌───┬───────┐" and "└───╴" not in "".join(lines)


async def test_over_shows_the_panel_with_the_share_line_and_saves_the_result(monkeypatch,
                                                                             tmp_path):
    monkeypatch.setenv("MAZEGAME_DATA_DIR", str(tmp_path))
    share = "mazegame daily 2026-11-27 race: 7 moves (par 5) ★★☆ 0:12"
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(daily=True), begin())
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
            await host.push(p.Over(game=1, seed=42, winner="ann", par=5, share=share, results=[
                p.Result(id=1, name="ann", moves=7, seconds=12.0, place=1, won=True),
                p.Result(id=2, name="bob", moves=3, seconds=20.0, place=0)]))
            await until(pilot, lambda: "ann won" in text_of(app, "#end-panel"), "the panel")
            panel = text_of(app, "#end-panel")
            assert "ann won" in panel and share in panel and "1st" in panel
            await pilot.press("c")
            assert app.clipboard == share
            assert app.store is not None and not app.store.pending  # in the file
            saved = [(r.mode, r.maze, r.won, r.moves, r.optimum) for r in app.store.results()]
            assert saved == [("net-race", "backtracker:3x2:42:", True, 7, 5)]
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, RoomScreen), "back in the room")


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


async def test_results_are_not_saved_for_a_player_through_the_ssh_door(monkeypatch, tmp_path):
    monkeypatch.setenv("MAZEGAME_DATA_DIR", str(tmp_path))
    async with FakeHost() as host:
        app = client(host, door="ssh")
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(), begin(), p.Over(game=1, seed=42, winner="ann", results=[
                p.Result(id=1, name="ann", moves=7, seconds=12.0, place=1, won=True)]))
            await until(pilot, lambda: "ann won" in text_of(app, "#end-panel"), "the panel")
            assert app.store is None and not list(tmp_path.iterdir())


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
            host.welcome_id = 7  # a new host: the token means nothing, a new player id
            await host.drop()
            await until(pilot, lambda: "no longer knows your room" in text_of(app, "#problem"),
                        "told, in the lobby")
            assert isinstance(app.screen, LobbyScreen) and app.room is None
