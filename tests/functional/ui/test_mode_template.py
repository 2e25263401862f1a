"""A new mode needs one games module, one screen and one registry line: nothing else.

The toy mode (`toy_mode/toy_game.py` with its SPEC and game, `toy_mode/toy_screen.py`) is
registered the way a line in `games.modes.SPECS` registers a mode, and must then be
everywhere the registry is read: the CLI's `play` (choices, settings, --list), the menu, the
setup dialog, the screen, the help with its legend, the saved result with its replay, the
bench's reading of its screen. A table keyed by a mode's name anywhere would miss it.
"""

from __future__ import annotations

import pytest
from textual.widgets import Label, OptionList, Static

from mazegame.bench.screens import mode_ready, title_word
from mazegame.cli import build_parser, main
from mazegame.cli.play import play_setup
from mazegame.engine.grid import Maze
from mazegame.games.interpreted import KINDS
from mazegame.games.modes import MODES, demon_modes, warm_first
from mazegame.games.replay import WALK, Recording, build_game, kind_of, view_of
from mazegame.games.setup import GameSetup
from mazegame.storage import Store
from mazegame.ui.app import MazeApp
from mazegame.ui.legend import legend_for, legend_names
from mazegame.ui.screens import SCREENS
from mazegame.ui.screens.dialogs import HelpScreen, SetupScreen
from mazegame.ui.widgets.maze_view import MazeView
from tests.functional.ui.toy_mode import toy_screen
from tests.functional.ui.toy_mode.toy_game import SPEC, ToyGame

TOY = GameSetup("toy", "backtracker", (6, 5), 3)


@pytest.fixture
def toy(monkeypatch):
    """The toy mode registered, as its line in `games.modes.SPECS` would register it."""
    monkeypatch.setitem(MODES, SPEC.name, SPEC)
    return SPEC


def test_the_registry_derives_everything_from_the_spec(toy):
    assert list(MODES)[-1] == "toy" and "toy" in SCREENS and len(SCREENS) == len(MODES)
    assert SCREENS["toy"] is toy_screen.ToyScreen
    assert legend_names("toy") == toy_screen.LEGEND and legend_for("toy")
    assert kind_of("toy") is WALK and view_of(TOY) == "birds-eye"
    assert warm_first(TOY)[: len(toy.warm)] == list(toy.warm)
    assert "toy" not in demon_modes() and "toy" not in KINDS
    game = build_game(GameSetup("toy", options=(("lantern", False),)), Maze.open(3, 2),
                      lambda: 0.0)
    assert isinstance(game, ToyGame) and not game.lit
    with pytest.raises(ValueError, match="lantern"):
        GameSetup("toy", options=(("lantern", "dim"),)).check_settings()


def test_the_command_line_lists_and_takes_the_toy(toy, capsys):
    assert main(["play", "--list"]) == 0
    [line] = [row for row in capsys.readouterr().out.splitlines() if row.startswith("toy ")]
    assert "Toy walk" in line and "--lantern true|false" in line
    setup = play_setup(build_parser().parse_args(
        ["play", "toy", "--size", "6x5", "--seed", "3", "--lantern", "false"]))
    assert setup.mode == "toy" and setup.settings.lantern is False


def status_and_board(screen) -> list[str]:
    """The screen's rows as `bench --startup` reads a terminal: the status line, the maze's
    rows, the footer."""
    status = str(screen.query_one("#status", Static).render())
    view = screen.query_one(MazeView)
    return [status, *(view.render_line(y).text for y in range(view.size.height)), "footer"]


async def test_the_toy_plays_from_the_menu_to_a_saved_replay(toy, helpers):
    app = MazeApp(warm_up=False, animations=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        modes = app.screen.query_one("#modes", OptionList)
        modes.highlighted = modes.get_option_index("toy")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)  # the toy's settings are asked for
        await pilot.press("enter")  # the settings as offered
        await pilot.pause()
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, toy_screen.ToyScreen) and screen.game.lit
        rows = status_and_board(screen)
        assert title_word("toy") == "Toy" and mode_ready("toy", rows), rows
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        said = "\n".join(str(w.render()) for w in app.screen.query(Static))
        meanings = [str(w.render()) for w in app.screen.query(".help-label").results(Label)]
        assert toy.goal in said and toy.tip in said
        assert all(sample.meaning in meanings for sample in legend_for("toy"))
        await pilot.press("escape")
        game = screen.game
        for key in helpers.keys_for_path(game.maze, game.shortest_path()):
            await pilot.press(key)
        await helpers.settle(pilot)
        assert game.won and screen.query_one("#end-panel").display
    [saved] = Store().results()
    assert saved.mode == "toy" and saved.won
    replayed = Recording.from_json(saved.replay).play()
    assert isinstance(replayed, ToyGame) and replayed.won and replayed.trail == game.trail
