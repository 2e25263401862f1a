"""The lab's fit-to-panel zoom: half-block pictures of a maze drawn by hand, and a 200x100
maze seen whole in its panel."""

import numpy as np

from mazegame.engine.mazefile import read_maze
from mazegame.engine.trace import Mark
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.widgets.trace_zoom import (
    AGENT,
    GOAL,
    PATH,
    ROOM,
    START,
    VISITED,
    WALL,
    ZoomView,
    cell_codes,
    half_blocks,
    text_rows,
    zoom_pixels,
)

TINY = """\
+---+---+---+
| S         |
+   +   +---+
|   |     G |
+---+---+---+
"""


def tiny():
    return read_maze(TINY)


def test_a_tiny_maze_in_half_blocks():
    maze = tiny()
    codes = cell_codes(maze, None)
    # 7 x 5 pixels (walls, posts and rooms) in 7 x 3 characters, by hand:
    assert text_rows(half_blocks(zoom_pixels(maze.walls, codes, 20, 10))) == [
        "█▀▀▀▀▀█",
        "█ █ ▀▀█",
        "▀▀▀▀▀▀▀",
    ]


def test_rooms_take_their_codes_and_an_open_side_the_lesser():
    maze = tiny()
    marks = np.array([2, 2, 0, 2, 0, 0])  # Mark.VISITED on three rooms
    codes = cell_codes(maze, marks, agents=[3], path=[1])
    assert codes.tolist() == [[START, PATH, 0], [AGENT, 0, GOAL]]
    pixels = zoom_pixels(maze.walls, codes, 20, 10)
    assert pixels[1, 1:6].tolist() == [START, PATH, PATH, 0, 0]  # doors: the lesser room
    assert pixels[3, 1] == AGENT and pixels[2, 1] == START  # the door below S is open
    rows = half_blocks(pixels)
    assert rows[1][1] == ("▀", START, AGENT)  # door above, agent below: two colours
    assert rows[1][3] == (" ", WALL, 0) and rows[1][4] == ("▀", WALL, 0)  # floor; wall on top
    marks[:] = Mark.VISITED
    assert (cell_codes(maze, marks) == VISITED).sum() == 4  # start and goal stay on top


def test_too_big_for_the_bitmap_blocks_of_cells_keep_the_most_telling():
    maze = tiny()
    codes = cell_codes(maze, None, agents=[4])
    pixels = zoom_pixels(maze.walls, codes, 2, 1)  # 2 characters x 2 pixels: k = 2
    assert pixels.tolist() == [[AGENT, GOAL]]
    assert text_rows(half_blocks(pixels)) == ["▀▀"]
    plain = zoom_pixels(maze.walls, cell_codes(maze, None), 1, 1)  # k = 3: one pixel
    assert plain.tolist() == [[GOAL]]
    wide = zoom_pixels(maze.walls, np.zeros((2, 5), dtype=np.int8), 3, 1)  # k = 2
    assert wide.tolist() == [[ROOM, ROOM, ROOM]]  # plain rooms show where the maze is


async def test_a_200x100_maze_fits_its_panel_whole_with_its_agents(helpers):
    setup = GameSetup("lab", "backtracker", (200, 100), 4,
                      options=(("autoplay", False), ("solvers", ("bfs", "left-hand"))))
    app = MazeApp(setup, warm_up=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        await pilot.press("s", "f")  # the whole width for the panel, then fit
        await pilot.pause()
        await pilot.pause()
        screen.seek(screen.total // 2)
        await pilot.pause()
        panel = screen.panels[0]
        zoom = panel.query_one(ZoomView)
        assert zoom.display and not panel.view.display
        width, height = zoom.size
        lines = [zoom.render_line(y) for y in range(height)]
        drawn = zoom._strips
        assert 0 < len(drawn) <= height and max(s.cell_length for s in drawn) <= width
        assert zoom.virtual_size.height <= height  # nothing to scroll
        agent = int(panel.run.replay.agents[0])
        assert agent >= 0
        pixels = zoom_pixels(panel.run.replay.walls,
                             cell_codes(screen.maze, panel.run.replay.marks,
                                        panel.run.replay.agents), width, height)
        assert (pixels == AGENT).sum() == 1
        assert any("▀" in line.text or "▄" in line.text or line.text.strip() for line in lines)
        await pilot.press("r")
        await helpers.settle(pilot)
        assert all(p.fitted for p in screen.panels)  # a race keeps the fitted view
        await pilot.press("z")
        assert not any(p.fitted for p in screen.panels)
