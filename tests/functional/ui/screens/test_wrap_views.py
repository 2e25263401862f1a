"""Wrap-around and one-way doors as the three views show them (issue 15, "Seeing it")."""

from collections import deque

import pytest

from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST, Maze
from mazegame.engine.mazetext import from_text
from mazegame.eyesight import look
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.palette import DEFAULT
from mazegame.ui.widgets.eye_view import EyeView, depth_styles
from mazegame.ui.widgets.maze_view import MazeView

#: 5x4, wrapped both ways, five one-way doors (two of them across the top/bottom seam);
#: every cell still reaches the goal. The text form draws each border from its edge cell.
WRAPPED = "\n".join([
    "# wrap: xy",
    "╷   ╷       ╷   ╶───┐",
    "│ S │       │       │",
    "│   │   ┌───┴───╴   │",
    "│   │   │   →       │",
    "│   ╵ ↑ │   ╶───────┤",
    "│       │ G         │",
    "└───┐   ├───────┐ ↑ ╵",
    "    │   │       │    ",
    "    └───┘   ╶───┴───╴",
])
KEY = {NORTH: "up", EAST: "right", SOUTH: "down", WEST: "left"}


def shown(view: MazeView) -> list[str]:
    """The text the view shows, row by row."""
    return ["".join(seg.text for seg in view.render_line(y)) for y in range(view.size.height)]


def player_on_screen(view: MazeView) -> tuple[int, int] | None:
    """(x, y) of the player's glyph on the view, or None when it is out of sight."""
    for y, line in enumerate(shown(view)):
        if DEFAULT.GLYPH_PLAYER in line:
            return line.index(DEFAULT.GLYPH_PLAYER), y
    return None


def path_to_seam(maze, axis: str) -> tuple[list[int], int]:
    """The shortest walk from the start to a cell that can step across the seam of `axis`
    ("x" or "y"), and that step's direction."""
    crossings = (WEST, EAST) if axis == "x" else (NORTH, SOUTH)
    came = {maze.start: None}
    queue = deque([maze.start])
    while queue:
        cell = queue.popleft()
        for d in crossings:
            r, c = maze.rc(cell)
            beyond = maze.step(cell, d)
            r2, c2 = maze.rc(beyond)
            if beyond != cell and (abs(c2 - c) > 1 or abs(r2 - r) > 1):
                path = [cell]
                while came[path[-1]] is not None:
                    path.append(came[path[-1]])
                return path[::-1], d
        for d in range(4):
            beyond = maze.step(cell, d)
            if beyond not in came:
                came[beyond] = cell
                queue.append(beyond)
    raise AssertionError("no open seam")


def keys_along(maze, path):
    return [next(KEY[d] for d in KEY if maze.step(a, d) == b)
            for a, b in zip(path, path[1:], strict=False)]


# -- bird's-eye -------------------------------------------------------------------------------
async def test_the_seams_of_a_wrapped_maze_are_dotted_and_the_same_on_both_sides(helpers):
    maze = from_text(WRAPPED)
    app = MazeApp(GameSetup("classic", level=maze), warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        view = app.screen.query_one(MazeView)
        lines = [line.strip() for line in shown(view) if line.strip()]
        top, bottom = lines[0], lines[-1]
        assert len(lines) == 9 and len(top) == 21
        segments = [top[4 * c + 1: 4 * c + 4] for c in range(5)]
        assert segments == [bottom[4 * c + 1: 4 * c + 4] for c in range(5)]  # one seam, twice
        # column 0 open across the seam, 1 and 3 one-way going up, 4 walled
        assert segments == [DEFAULT.GLYPH_SEAM_H * 3, "┄↑┄", DEFAULT.GLYPH_SEAM_H * 3, "┄↑┄", "───"]
        rows = lines[1:-1:2]  # the rooms: both ends are the vertical seam
        assert [(row[0], row[-1]) for row in rows] == \
            [("│", "│")] * 3 + [(DEFAULT.GLYPH_SEAM_V,) * 2]
        assert "→" in rows[1] and "↑" in lines[4] and "↑" in lines[6]  # doors inside too


async def test_crossing_a_seam_shows_the_player_on_the_other_side(helpers):
    maze = from_text(WRAPPED)
    app = MazeApp(GameSetup("classic", level=maze), warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        view, game = app.screen.query_one(MazeView), app.screen.game
        x, y = player_on_screen(view)
        await pilot.press("up")  # off the top: into the bottom row
        await pilot.pause()
        assert game.position == 15 and player_on_screen(view) == (x, y + 6)
        await pilot.press("left")  # off the left side: into the right column
        await pilot.pause()
        assert game.position == 19 and player_on_screen(view) == (x + 16, y + 6)
        await pilot.press("right", "down")  # and back round both seams
        await pilot.pause()
        assert game.position == 0 and player_on_screen(view) == (x, y)


@pytest.mark.parametrize("axis", ["x", "y"])
async def test_a_big_wrapped_maze_jumps_to_the_player_across_the_seam(helpers, axis):
    app = MazeApp(GameSetup("classic", "backtracker", (80, 40), 5, wrap_x=True, wrap_y=True),
                  warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        view, game = app.screen.query_one(MazeView), app.screen.game
        maze = game.maze
        path, d = path_to_seam(maze, axis)
        for key in keys_along(maze, path):
            await pilot.press(key)
        await pilot.pause()
        assert game.position == path[-1] and player_on_screen(view) is not None
        scroll = tuple(view.scroll_offset)
        await pilot.press(KEY[d])  # across the seam: the far side of the maze
        await pilot.pause()
        r, c = maze.rc(game.position)
        far_r, far_c = maze.rc(path[-1])
        assert (abs(c - far_c) if axis == "x" else abs(r - far_r)) == (
            maze.width - 1 if axis == "x" else maze.height - 1)
        assert tuple(view.scroll_offset) != scroll  # the view jumped
        x, y = player_on_screen(view)
        assert (x, y) == (view.cell_origin(game.position)[0] + 1 - view.scroll_offset.x,
                          view.cell_origin(game.position)[1] - view.scroll_offset.y)
        await pilot.press(KEY[d ^ 2])  # and straight back
        await pilot.pause()
        assert game.position == path[-1] and player_on_screen(view) is not None


# -- blind ------------------------------------------------------------------------------------
async def test_a_wrapped_blind_maze_shows_its_frame_with_the_seams_marked(helpers):
    maze = from_text(WRAPPED)
    app = MazeApp(GameSetup("blind", level=maze), warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        view, game = app.screen.query_one(MazeView), app.screen.game
        lines = [line.strip() for line in shown(view) if line.strip()]
        assert len(lines) == 9
        assert set(lines[0]) == set(lines[-1]) == {DEFAULT.GLYPH_SEAM_H}  # nothing known: all seam
        assert all(row[0] == row[-1] == DEFAULT.GLYPH_SEAM_V for row in lines[1:-1:2])
        assert "─" not in lines[0] + lines[-1] and "│" not in "".join(lines)
        await pilot.press("left")  # cell 0's west side is walled: bump it, across the seam
        await pilot.press("up", "down")  # round the top seam and back: it is open there
        await pilot.pause()
        assert game.bumps == 1 and game.position == 0
        lines = [line.strip() for line in shown(view) if line.strip()]
        assert lines[1][0] == lines[1][-1] == "│"  # learned on both copies of the seam
        assert all(row[0] == row[-1] == DEFAULT.GLYPH_SEAM_V for row in lines[3:-1:2])
        assert lines[0] == "╷" + DEFAULT.GLYPH_SEAM_H * 19 + "╷"
        assert lines[-1] == DEFAULT.GLYPH_SEAM_H * 21
        await pilot.press("up", "left", "down")  # to the bottom right, and bump the seam below
        await pilot.pause()
        assert game.bumps == 2 and game.position == 19
        lines = [line.strip() for line in shown(view) if line.strip()]
        assert lines[0][17:20] == lines[-1][17:20] == "───"  # both lines, though one row moved


async def test_a_bounded_blind_exit_is_a_gap_in_the_frame(helpers):
    text = "┌───────┬───┐\n│ S     │   │\n├───╴   ╵   ╵\n│         G\n└───────────┘\n"
    maze = from_text(text)
    app = MazeApp(GameSetup("blind", level=maze), warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        lines = [line.strip() for line in shown(app.screen.query_one(MazeView)) if line.strip()]
        assert lines[0] == "┌───────────┐" and lines[-1] == "└───────────╴"
        assert lines[1][-1] == "│" and lines[2][-1] == "╵"  # the frame stops at the exit...
        assert lines[3].endswith("◎")  # ...east of the goal: a gap, not a wall


# -- player's eye ------------------------------------------------------------------------------
async def test_the_eye_walks_through_a_one_way_door_and_sees_a_wall_behind(helpers):
    maze = from_text("┌───────────────┐\n│ S     →     G │\n└───────────────┘\n")
    app = MazeApp(GameSetup("eye", level=maze), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        eye = screen.query_one(EyeView)

        def centre_style():
            strip = eye.render_line(eye.size.height // 2)
            x = 0
            for seg in strip:
                if x + len(seg.text) > eye.size.width // 2:
                    return seg.style
                x += len(seg.text)

        assert game.facing == EAST and centre_style() != depth_styles(DEFAULT)["face-1"]
        await pilot.press("up")
        await pilot.pause()
        # the door ahead looks like any passage
        assert centre_style() != depth_styles(DEFAULT)["face-1"]
        await pilot.press("up")
        await pilot.press("down")  # through it, and turn round
        await pilot.pause()
        assert (game.position, game.facing) == (2, WEST)
        assert centre_style() == depth_styles(DEFAULT)["face-1"]  # a wall right in front
        await pilot.press("up")
        assert game.position == 2 and game.bumps == 1
        minimap = screen.query_one(MazeView)
        assert "→" in "".join(shown(minimap))  # now known, the map draws the door's arrow


async def test_the_eye_sees_across_the_seam_of_a_wrapped_maze(helpers):
    maze = Maze.open(6, 1, wrap_x=True)  # a ring cut between cells 2 and 3
    maze.walls[0, 2] |= 2
    maze.walls[0, 3] |= 8
    maze.goals = (2,)
    app = MazeApp(GameSetup("eye", level=maze), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        assert game.facing == EAST
        await pilot.press("down")  # turn round: west, off the edge
        await pilot.pause()
        eye = screen.query_one(EyeView)
        assert [s.cell for s in look(*eye.scene[:4])] == [0, 5, 4, 3]
        assert not look(*eye.scene[:4])[-1].front_open
        assert {5, 4, 3} <= game.seen
        assert DEFAULT.GLYPH_SEAM_V in "".join(shown(screen.query_one(MazeView)))


@pytest.mark.parametrize("mode", ["classic", "blind", "eye"])
async def test_no_color_draws_the_seams_and_doors_by_glyph_alone(helpers, monkeypatch, mode):
    # NO_COLOR made Textual's monochrome filter meet segments with no style (the padding
    # and blank rows of the maze view): the game crashed on its first frame.
    monkeypatch.setenv("NO_COLOR", "1")
    app = MazeApp(GameSetup(mode, level=from_text(WRAPPED)), warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        assert app.no_color
        await pilot.press("left", "up")
        await pilot.pause()
        text = "".join(shown(app.screen.query_one(MazeView)))
        assert DEFAULT.GLYPH_SEAM_H in text and DEFAULT.GLYPH_SEAM_V in text
        if mode == "classic":
            assert "→" in text and "┄↑┄" in text


# -- the look ------------------------------------------------------------------------------------
def test_wrapped_one_way_birds_eye_snapshot(snap_compare):
    async def run_before(pilot):
        await helpers_settle(pilot)
        await pilot.press("up", "left", "up")  # round both seams, then up the right column
        await pilot.pause()

    app = MazeApp(GameSetup("classic", level=from_text(WRAPPED)), warm_up=False,
                  clock=lambda: 0.0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_wrapped_one_way_blind_snapshot(snap_compare):
    async def run_before(pilot):
        await helpers_settle(pilot)
        await pilot.press("left", "up", "left", "down")  # a bump on the seam, then round it
        await pilot.pause()

    app = MazeApp(GameSetup("blind", level=from_text(WRAPPED)), warm_up=False,
                  clock=lambda: 0.0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


async def helpers_settle(pilot):
    """Let the maze build (the `helpers` fixture is not at hand inside run_before)."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
