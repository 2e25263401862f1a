"""The thin client's player's-eye view, driven by Pilot against the scripted host: the
corridor ahead drawn from the walls the host sent (as the local game draws it), turns that
stay in the client, a step forward sent as a Key the way we face, others in sight."""

from __future__ import annotations

import numpy as np
from msgspec.structs import replace

from mazegame.engine.grid import Maze
from mazegame.eyesight import look, render_view
from mazegame.net import protocol as p
from mazegame.ui.remote.board import Board
from mazegame.ui.remote.eye import DEPTH, EyeMap, RemoteEye
from tests.functional.ui.remote.fakehost import (
    SIZE,
    WALLS,
    FakeHost,
    begin,
    client,
    in_game,
    in_lobby,
    room,
    text_of,
    until,
)

#: A straight corridor of 4 cells, west to east (outer walls only).
CORRIDOR = [13, 5, 5, 7]


def view_lines(app) -> list[str]:
    """The eye's rows as text."""
    eye = app.screen.query_one(RemoteEye)
    return [eye.render_line(y).text for y in range(eye.size.height)]


def map_lines(app) -> list[str]:
    """The mini-map's rows that show anything, trimmed."""
    eye_map = app.screen.query_one(EyeMap)
    rows = [eye_map.render_line(y).text.strip() for y in range(eye_map.size.height)]
    return [row for row in rows if row]


def local_lines(walls, width, height, cell, facing, size, sprites=None) -> list[str]:
    """What the local game's eye shows on the engine's maze of these walls."""
    maze = Maze(np.array(walls, np.uint8).reshape(height, width))
    rows = render_view(look(maze, cell, facing, DEPTH), *size, DEPTH, sprites)
    return ["".join(text for text, _ in row) for row in rows]


async def test_the_eye_draws_the_corridor_and_a_step_is_a_key_the_way_we_face():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(view="eye"), begin())
            await in_game(pilot)
            await pilot.pause()
            eye = app.screen.query_one(RemoteEye)
            assert app.screen.query_one("#eye-row").display
            assert not app.screen.query_one("#board", Board).display
            # East of the start is a wall: we face south, down a dead end of two cells
            # with a door on the left (east) of the second.
            assert "Facing south" in text_of(app, "#game-status")
            lines = view_lines(app)
            middle = lines[len(lines) // 2]
            assert middle == "█" * 22 + " " * 8 + "▏" + " " * 30 + "▕" + "▓" * 8 + "█" * 22
            assert lines == local_lines(WALLS, 3, 2, 0, 2, eye.size)
            # The mini-map: the cells in sight (0, 3 and 4 through the door), our arrow.
            assert map_lines(app) == ["┌─┐", "│▼│", "│ └─╴", "│", "└───╴"]
            await pilot.press("up")
            await until(pilot, lambda: host.sent(p.Key), "a Key sent")
            assert host.sent(p.Key) == [p.Key(dir=2, seq=1)]  # south, the way we face
            await pilot.press("left")  # to the east: a wall right ahead, nothing sent
            await until(pilot, lambda: "Facing east" in text_of(app, "#game-status"), "turned")
            assert view_lines(app) == local_lines(WALLS, 3, 2, 0, 1, eye.size) != lines
            assert map_lines(app)[1] == "│▶│"
            await pilot.press("down", "w")  # around (west), a step that way: a Key west
            await until(pilot, lambda: len(host.sent(p.Key)) == 2, "a second Key")
            assert host.sent(p.Key)[1] == p.Key(dir=3, seq=2)
            assert len(host.sent(p.Key)) == 2  # the turns sent nothing


async def test_others_in_sight_stand_in_the_corridor_and_the_maze_shows_at_the_end():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(view="eye", mode="chase"),
                            replace(begin(CORRIDOR, width=4, height=1), demon=3))
            await in_game(pilot)
            await pilot.pause()
            game, eye = app.screen, app.screen.query_one(RemoteEye)
            assert "Facing east" in text_of(app, "#game-status")
            assert view_lines(app) == local_lines(CORRIDOR, 4, 1, 0, 1, eye.size, {3: "Ж"})
            assert map_lines(app) == ["┌───────┐", "│▶     ◎│", "└───────┘"]  # the goal seen
            await host.push(p.State(game=1, tick=1, elapsed=1.0, demon=3, players=[
                p.Position(id=1, cell=0, moves=0), p.Position(id=2, cell=2, moves=2)]))
            await until(pilot, lambda: "B" in "".join(view_lines(app)), "bob in sight")
            assert view_lines(app) == local_lines(CORRIDOR, 4, 1, 0, 1, eye.size,
                                                  {2: "B", 3: "Ж"})
            await pilot.press("down")  # around: a wall, nobody in sight
            await until(pilot, lambda: "Facing west" in text_of(app, "#game-status"), "turned")
            assert not {"B", "●"} & set("".join(view_lines(app)))
            await host.push(p.Over(game=1, seed=42, winner="the demon", results=[
                p.Result(id=1, name="ann", moves=0, seconds=3.0, place=0)]))
            await until(pilot, lambda: game.query_one(Board).display, "the whole maze")
            assert not game.query_one("#eye-row").display


async def test_on_a_narrow_terminal_the_facing_is_an_arrow_and_the_status_one_line():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=(80, 24)) as pilot:
            await in_lobby(pilot)
            await host.push(room(view="eye"), begin(CORRIDOR, width=4, height=1))
            await in_game(pilot)
            await until(pilot, lambda: "▶ E" in text_of(app, "#game-status"), "the arrow")
            assert "Facing" not in text_of(app, "#game-status")
            assert len(text_of(app, "#game-status")) <= 80
