"""The level editor driven by Pilot: keys and mouse edit the maze, save and load a level,
test-play it and come back; leaving with changes asks first."""

import numpy as np

from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST
from mazegame.engine.levelfile import load_level
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.dialogs import ConfirmScreen
from mazegame.ui.screens.editor import EditorScreen
from mazegame.ui.screens.editor_dialogs import FieldsScreen, PlaytestScreen
from mazegame.ui.widgets.maze_hit import picture_hit
from mazegame.ui.widgets.maze_view import MazeView


def editor_app(**options) -> MazeApp:
    """The app opened on the editor (a new 10x8 maze unless options say otherwise)."""
    return MazeApp(GameSetup("editor", options=tuple(options.items())), warm_up=False)


async def test_keys_move_the_cursor_and_toggle_walls_and_doors(helpers):
    app = editor_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, EditorScreen)
        editor = screen.editor
        await pilot.press("right", "down", "l")
        cell = editor.maze.index(1, 2)
        assert editor.cursor == cell
        await pilot.press("shift+right", "s")  # east wall, south wall
        assert editor.door_state(cell, EAST) == (1, 1)
        assert editor.door_state(cell, SOUTH) == (1, 1)
        await pilot.press("o", "right")  # wall -> open
        assert editor.door_state(cell, EAST) == (0, 0)
        await pilot.press("o", "right")  # open -> one-way out
        assert editor.door_state(cell, EAST) == (0, 1)
        assert editor.cursor == cell  # o + arrow cycles, it does not move
        assert "1 one-way" in str(screen.query_one("#status").render())
        await pilot.press("u", "u")
        assert editor.door_state(cell, EAST) == (1, 1)
        await pilot.press("ctrl+r")
        assert editor.door_state(cell, EAST) == (0, 0)
        await pilot.press("G", "left", "S")
        assert cell in editor.maze.goals and editor.maze.start == cell - 1
        await pilot.press("right_square_bracket", "right_curly_bracket")
        assert (editor.maze.width, editor.maze.height) == (11, 9)


async def test_the_view_shows_the_path_the_traps_and_the_cursor(helpers):
    app = editor_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen, view = app.screen, app.screen.query_one(MazeView)
        editor = screen.editor
        assert view.path and editor.maze.start not in view.path
        assert view.others[editor.cursor][1] is not None  # the cursor's sprite
        await pilot.press("shift+right", "shift+down")  # wall the start in
        assert editor.analysis.traps == (editor.maze.start,)
        assert not view.path
        assert "no goal reachable" in str(screen.query_one("#status").render())


async def test_mouse_clicks_move_the_cursor_and_toggle_walls(helpers):
    app = editor_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen, view = app.screen, app.screen.query_one(MazeView)
        editor = screen.editor
        # find the screen points of a room and of the wall east of it
        room = wall = None
        for y in range(view.size.height):
            for x in range(view.size.width):
                hit = picture_hit(view, x, y)
                if hit == (editor.maze.index(2, 3), None):
                    room = room or (x, y)
                if hit == (editor.maze.index(2, 3), EAST):
                    wall = wall or (x, y)
        assert room and wall
        await pilot.click(MazeView, offset=room)
        assert editor.cursor == editor.maze.index(2, 3)
        await pilot.click(MazeView, offset=wall)
        assert editor.door_state(editor.maze.index(2, 3), EAST) == (1, 1)
        await pilot.click(MazeView, offset=wall, button=3)  # right click: the door's next state
        assert editor.door_state(editor.maze.index(2, 3), EAST) == (0, 0)
        border = next((x, y) for y in range(view.size.height) for x in range(view.size.width)
                      if picture_hit(view, x, y) == (0, NORTH))
        await pilot.click(MazeView, offset=border)
        assert editor.exits == []  # the start cannot be an exit: refused, said
        assert "start" in str(screen.query_one("#editor-message").render())
        assert picture_hit(view, 0, 0) is None  # outside the picture


async def test_a_level_is_saved_and_loaded_back(helpers, tmp_path):
    path = tmp_path / "drawn.toml"
    app = editor_app(new=str(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        editor = app.screen.editor
        await pilot.press("right", "shift+down", "o", "right", "o", "right")
        state = editor.door_state(1, EAST)
        await pilot.press("ctrl+s")
        await helpers.settle(pilot)
        assert path.exists() and not editor.unsaved
        assert "saved" in str(app.screen.query_one("#editor-message").render())
        walls = editor.maze.walls.copy()
    level = load_level(path.read_text(), str(path))
    assert level.id == "drawn" and np.array_equal(level.maze.walls, walls)
    app = editor_app(file=str(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        editor = app.screen.editor
        assert np.array_equal(editor.maze.walls, walls)
        assert editor.door_state(1, EAST) == state == (1, 0)  # open -> out -> back
        assert editor.door_state(1, SOUTH) == (1, 1)


async def open_the_save_dialog(pilot, helpers):
    """ctrl+s on a level never saved: the dialog of its fields; the editor."""
    await helpers.settle(pilot)
    editor = pilot.app.screen.editor
    await pilot.press("ctrl+s")
    await helpers.settle(pilot)
    assert isinstance(pilot.app.screen, FieldsScreen)
    return editor


async def test_a_first_save_asks_for_the_fields_and_folder(helpers, tmp_path):
    app = editor_app()
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_the_save_dialog(pilot, helpers)
        app.screen.query_one("#field-id").value = "first-one"
        app.screen.query_one("#field-title").value = "The first one"
        app.screen.query_one("#field-folder").value = str(tmp_path)
        await pilot.click("#ok")
        await helpers.settle(pilot)
        assert isinstance(app.screen, EditorScreen)
        assert (tmp_path / "first-one.toml").exists() and not editor.unsaved
        assert load_level((tmp_path / "first-one.toml").read_text()).title == "The first one"


async def test_test_play_walks_a_copy_and_comes_back(helpers):
    app = editor_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        editor_screen = app.screen
        editor = editor_screen.editor
        await pilot.press("t")
        await helpers.settle(pilot)
        play = app.screen
        assert isinstance(play, PlaytestScreen) and play.game is not None
        assert play.game.maze is not editor.maze
        keys = helpers.keys_for_path(play.game.maze, play.game.shortest_path())
        await pilot.press(*keys)
        assert play.game.won
        await pilot.press("q")
        assert app.screen is editor_screen
        await pilot.press("shift+right")  # the editor still edits
        assert editor.door_state(0, EAST) == (1, 1)


async def test_leaving_with_changes_asks_first(helpers):
    app = editor_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        editor_screen = app.screen
        await pilot.press("shift+right", "escape")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.screen is editor_screen
        await pilot.press("u", "escape")  # undone: nothing unsaved, leave at once
        assert app.screen is not editor_screen and not isinstance(app.screen, ConfirmScreen)


async def test_a_small_terminal_hides_the_panel_and_a_tiny_one_shows_a_notice(helpers):
    app = editor_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await helpers.settle(pilot)
        assert not app.screen.query_one("#editor-panel").display
        await pilot.resize_terminal(30, 10)
        await helpers.settle(pilot)
        assert "enlarge" in str(app.screen.query_one("#too-small").render())
        await pilot.resize_terminal(100, 30)
        await helpers.settle(pilot)
        assert isinstance(app.screen, EditorScreen)
        assert app.screen.query_one("#editor-panel").display
        await pilot.press("down")
        assert app.screen.editor.cursor == 10


def test_editor_snapshot(snap_compare):
    async def run_before(pilot):
        await pilot.pause()
        # a wall, a one-way door, a goal, and the cursor moved on
        await pilot.press("right", "shift+down", "down", "o", "right", "o", "right",
                          "right", "right", "G", "down")
        await pilot.pause()

    app = MazeApp(GameSetup("editor"), warm_up=False, clock=lambda: 0.0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_the_directions_the_tests_use_are_the_grids():
    assert (NORTH, EAST, SOUTH, WEST) == (0, 1, 2, 3)


async def test_the_menu_opens_the_editor_whose_levels_go_with_the_saved_data(helpers, tmp_path):
    app = MazeApp(warm_up=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        app.choose_mode("editor")  # the menu's entry: no setup dialog, straight in
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, EditorScreen)
        assert (screen.editor.maze.width, screen.editor.maze.height) == (10, 8)
        assert screen.editor.folder == tmp_path / "saved" / "levels"  # MAZEGAME_DATA_DIR
        await pilot.press("shift+right", "ctrl+s")
        await helpers.settle(pilot)
        await pilot.click("#ok")
        await helpers.settle(pilot)
        assert (tmp_path / "saved" / "levels" / "my-level.toml").exists()


async def test_enter_in_the_save_dialogs_id_field_saves(helpers, tmp_path):
    # The play-test typed an id after ctrl+s and pressed Enter: nothing (the keys were on
    # the dialog's scroll, not the id field).
    app = editor_app()
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_the_save_dialog(pilot, helpers)
        app.screen.query_one("#field-folder").value = str(tmp_path)
        await pilot.press(*"typed", "enter")
        await helpers.settle(pilot)
        assert isinstance(app.screen, EditorScreen)
        assert (tmp_path / "typed.toml").exists() and not editor.unsaved


async def test_the_footer_names_the_resize_keys(helpers):
    from mazegame.ui.widgets.footer import shown_keys

    app = editor_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        shown = {(display or key, label) for key, display, label, *_ in shown_keys(app.screen)}
        assert ("[]{}", "Size") in shown
        before = app.screen.editor.maze.width
        await pilot.press("right_square_bracket")
        assert app.screen.editor.maze.width == before + 1
