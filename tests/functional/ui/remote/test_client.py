"""The thin client (`mazegame join` without --bot) driven by Pilot against a scripted host
(fakehost.py): the lobby, a room, a game and its end."""

from __future__ import annotations

import datetime as dt

from msgspec.structs import replace
from textual.widgets import DataTable, Input

from mazegame.net import protocol as p
from mazegame.settings import SettingsFile
from mazegame.ui.remote.base import HelpScreen
from mazegame.ui.remote.board import Board
from mazegame.ui.remote.game import GameScreen
from mazegame.ui.remote.room import RoomScreen
from tests.functional.ui.remote.fakehost import (
    SIZE,
    FakeHost,
    begin,
    board_lines,
    client,
    in_game,
    in_lobby,
    room,
    text_of,
    until,
)
from tests.functional.ui.textual_private import notifications


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
            await until(pilot, lambda: "K 7 P   Q 2 M" in text_of(app, "#room-code"),
                        "the room shown")
            assert "Waiting for bob to start" in text_of(app, "#room-next")


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
            await pilot.pause()  # (a chase asks who plays the demon: the form grows a row)
            await pilot.click("#confirm")
            await until(pilot, lambda: host.sent(p.Create), "a Create sent")
            settings = host.sent(p.Create)[0].settings
            assert (settings.mode, settings.width, settings.height, settings.seats) == \
                ("chase", 30, p.RoomSettings().height, 3)


async def test_a_begin_draws_the_maze_and_an_arrow_sends_a_key():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(), begin())
            await in_game(pilot)
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
            await host.push(p.State(game=1, tick=1, elapsed=1.0, seq=2, players=[
                p.Position(id=1, cell=1, moves=1)]))
            await until(pilot, lambda: "lag " in text_of(app, "#game-status"),
                        "the lag of our keys shown")


async def test_a_state_moves_the_players_letters():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(), begin())
            await in_game(pilot)
            await host.push(p.State(game=1, tick=1, elapsed=2.0, players=[
                p.Position(id=1, cell=3, moves=1), p.Position(id=2, cell=2, moves=1)]))
            await until(pilot, lambda: "B" in "".join(board_lines(app)), "bob drawn")
            lines = [line.strip() for line in board_lines(app) if line.strip()]
            assert "B" in lines[1] and lines[1].index("B") > lines[1].index("│", 1)
            assert lines[3].startswith("│ A")  # ann moved down to cell 3
            assert "Moves 1" in text_of(app, "#game-status")
            await host.push(p.State(game=1, tick=2, elapsed=3.0, players=[
                p.Position(id=1, cell=5, moves=3, done=True, place=1)]))
            await until(pilot, lambda: "You are through: 1st!" in notifications(app),
                        "told we are through")
            assert "Place 1st" in text_of(app, "#game-status")


async def test_a_blind_view_draws_only_the_learned_walls():
    outer = [9, 1, 3, 12, 4, 6]  # only the outer walls
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(view="blind"), begin(outer))
            await in_game(pilot)
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
            await in_game(pilot)
            await host.push(p.Over(game=1, seed=42, winner="ann", par=5, share=share,
                                   replay='{"format":"kept as sent"}', results=[
                p.Result(id=1, name="ann", moves=7, seconds=12.0, place=1, won=True),
                p.Result(id=2, name="bob", moves=3, seconds=20.0, place=0)]))
            await until(pilot, lambda: "ann won" in text_of(app, "#end-panel"), "the panel")
            panel = text_of(app, "#end-panel")
            assert "ann won" in panel and share in panel and "1st" in panel
            await pilot.press("c")
            assert app.clipboard == share
            assert app.store is not None and not app.store.pending  # in the file
            saved = [(r.mode, r.maze, r.won, r.moves, r.optimum, r.replay)
                     for r in app.store.results()]
            assert saved == [("net-race", "backtracker:3x2:42:", True, 7, 5,
                              '{"format":"kept as sent"}')]  # the host's recording, as sent
            assert app.store.results()[0].daily == dt.datetime.now(dt.UTC).date().isoformat()
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, RoomScreen), "back in the room")


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


async def test_room_and_watch_from_the_command_line_go_straight_to_watching():
    async with FakeHost() as host:
        app = client(host, room="K7PQ2M", watch=True)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: host.sent(p.Join), "a Join sent")
            assert host.sent(p.Join) == [p.Join(code="K7PQ2M", watch=True)]
            await host.push(room(role="watcher", creator=2), begin(), p.State(
                game=1, tick=1, elapsed=1.0, players=[p.Position(id=2, cell=5, moves=4)]))
            await until(pilot, lambda: "watching 1 player" in text_of(app, "#game-status"),
                        "watching")
            await pilot.press("right")  # a watcher's keys move nobody
            await pilot.pause()
            assert not host.sent(p.Key)


async def test_help_lists_the_keys_of_the_screen_from_its_bindings():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(), begin())
            await in_game(pilot)
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
            rows = dict((label, keys) for keys, label in app.screen.rows)
            assert rows["Move north"] == "↑, k, w" and "Show the keys of this screen" in rows
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game again")


async def test_in_the_room_the_creator_configures_and_starts_and_each_picks_a_view():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(creator=2))  # bob's room: ann cannot start or configure
            await until(pilot, lambda: "Waiting for bob" in text_of(app, "#room-next"), "room")
            await pilot.press("s", "e", "v")
            await until(pilot, lambda: host.sent(p.SetView), "a SetView sent")
            assert host.sent(p.SetView) == [p.SetView(view="blind")]
            assert not host.sent(p.Start) and not host.sent(p.Configure)
            await host.push(room(creator=1, view="blind"))  # now ann's room
            await until(pilot, lambda: "You created this room" in text_of(app, "#room-next"),
                        "ann's room")
            await pilot.press("v", "e")
            await until(pilot, lambda: app.screen.query("#height"), "the form")
            app.screen.query_one("#height").value = "9"
            await pilot.press("ctrl+s")
            await until(pilot, lambda: host.sent(p.Configure), "a Configure sent")
            assert host.sent(p.Configure)[0].settings.height == 9
            assert host.sent(p.SetView)[1] == p.SetView(view="eye")  # blind -> player's eye
            await host.push(room(creator=1, view="eye"))
            await until(pilot, lambda: "player's eye" in text_of(app, "#room-seats"), "shown")
            await pilot.press("v")  # player's eye -> bird's-eye
            await until(pilot, lambda: len(host.sent(p.SetView)) == 3, "a third SetView")
            assert host.sent(p.SetView)[2] == p.SetView(view="birds-eye")
            await pilot.press("s")
            await until(pilot, lambda: host.sent(p.Start), "a Start sent")


async def test_the_players_ascii_glyphs_draw_the_maze_from_a_local_install(monkeypatch, tmp_path):
    monkeypatch.setenv("MAZEGAME_DATA_DIR", str(tmp_path))
    SettingsFile().write("glyphs", "ascii")
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(), begin())
            await in_game(pilot)
            lines = [line.strip() for line in board_lines(app) if line.strip()]
            assert lines[:3] == ["+---+---+---+", "| A |       |", "+   +---+   +"]


async def test_a_key_that_meets_a_wall_flashes_and_the_roster_says_who_is_who():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(), begin(), p.State(game=1, tick=1, elapsed=1.0, players=[
                p.Position(id=1, cell=0, moves=0), p.Position(id=2, cell=0, moves=0)]))
            await in_game(pilot)
            await until(pilot, lambda: "A ann 0" in text_of(app, "#game-players"), "roster")
            assert "B bob 0" in text_of(app, "#game-players")
            board = app.screen.query_one(Board)
            flashed = []  # the flash lasts a blink: a loaded machine may never see it lit
            original = board.flash
            board.flash = lambda cell: (flashed.append(cell), original(cell))
            await host.push(p.State(game=1, tick=2, elapsed=1.5, seq=1, players=[
                p.Position(id=1, cell=0, moves=0), p.Position(id=2, cell=1, moves=1)]))
            await until(pilot, lambda: flashed == [0], "the bump flashed")
            await until(pilot, lambda: board.bumped == -1, "and stopped")
            await host.push(p.State(game=1, tick=3, elapsed=2.0, seq=2, players=[
                p.Position(id=1, cell=3, moves=1), p.Position(id=2, cell=5, moves=3,
                                                               done=True, place=1)]))
            await until(pilot, lambda: "B bob 3 ✓1st" in text_of(app, "#game-players"),
                        "bob through")
            assert board.bumped == -1  # a key that moved us is no bump


async def test_the_creator_plays_again_from_the_end_panel_and_the_next_game_replaces_it():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(), begin(), p.Over(game=1, seed=42, winner="bob", results=[
                p.Result(id=2, name="bob", moves=5, seconds=3.0, place=1, won=True)]))
            await until(pilot, lambda: "bob won" in text_of(app, "#end-panel"), "the panel")
            await pilot.press("n")
            await until(pilot, lambda: host.sent(p.Start), "a Start sent")
            await host.push(begin(game=2))
            await in_game(pilot)
            assert app.screen.begin_msg.game == 2 and app.screen.over is None


async def test_enter_on_a_listed_room_joins_it_and_w_watches_it():
    rooms = [p.RoomInfo(code=code, mode="race", creator="bob", players=1, seats=4,
                        phase="waiting") for code in ("K7PQ2M", "XW3RTY")]
    async with FakeHost(rooms) as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            table = app.screen.query_one("#rooms", DataTable)
            await until(pilot, lambda: table.row_count == 2, "the rooms listed")
            await pilot.press("down", "w")
            await until(pilot, lambda: host.sent(p.Join), "a Join sent")
            await pilot.press("up", "enter")
            await until(pilot, lambda: len(host.sent(p.Join)) == 2, "a second Join")
            assert host.sent(p.Join) == [p.Join(code="XW3RTY", watch=True),
                                         p.Join(code="K7PQ2M")]


async def test_the_form_asks_who_plays_the_demon_only_of_a_chase():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await pilot.press("c")
            await until(pilot, lambda: app.screen.query("#demon"), "the form")
            demon = app.screen.query_one("#demon")
            await until(pilot, lambda: not demon.display, "no demon in a race")
            app.screen.query_one("#mode").value = "chase"
            await until(pilot, lambda: demon.display, "the demon asked of a chase")


async def test_a_player_who_plays_the_demon_is_drawn_as_the_demon_where_the_host_says():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            demon_room = room(mode="chase", demon="player")
            demon_room.seats[1].role = "demon"  # bob hunts
            await host.push(demon_room, replace(begin(), demon=5))
            await in_game(pilot)
            await pilot.pause()
            lines = [line.strip() for line in board_lines(app) if line.strip()]
            assert lines[3].endswith("Ж │") and "B" not in "".join(lines)
            assert "Ж bob" in text_of(app, "#game-players")
