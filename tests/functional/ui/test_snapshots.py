"""The look: SVG snapshots of the menu and the classic screen after real key presses."""

import pytest

from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from tests.functional.conftest import keys_for_path


async def _settle(pilot):
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_menu_snapshot(snap_compare):
    async def run_before(pilot):
        await _settle(pilot)
        await pilot.press("down", "up")

    app = MazeApp(warm_up=False, animations=False)  # the self-building maze never holds still
    assert snap_compare(app, terminal_size=(100, 30), run_before=run_before)


def test_classic_snapshot(snap_compare):
    async def run_before(pilot):
        await _settle(pilot)
        await pilot.press("right", "down", "down", "left")  # walk a little: trail and player
        await pilot.pause()

    app = MazeApp(GameSetup("classic", "wilson", (16, 9), 7), warm_up=False, clock=lambda: 0.0)
    assert snap_compare(app, terminal_size=(100, 30), run_before=run_before)


def test_players_eye_snapshot(snap_compare):
    async def run_before(pilot):
        await _settle(pilot)
        await pilot.press("up")
        await pilot.pause()

    app = MazeApp(GameSetup("eye", "backtracker", (12, 8), 3), warm_up=False, clock=lambda: 0.0)
    assert snap_compare(app, terminal_size=(120, 36), run_before=run_before)


def test_blind_snapshot(snap_compare):
    async def run_before(pilot):
        await _settle(pilot)
        await pilot.press("down", "down", "right", "up", "right")
        await pilot.pause()

    app = MazeApp(GameSetup("blind", "wilson", (14, 8), 5, options=(("budget", 4.0),)),
                  warm_up=False, clock=lambda: 0.0)
    assert snap_compare(app, terminal_size=(100, 30), run_before=run_before)


@pytest.mark.parametrize("no_color", [False, True], ids=["colour", "NO_COLOR"])
@pytest.mark.parametrize("board", ["hex", "triangle"])
def test_board_snapshot_at_80x24(snap_compare, board, no_color, monkeypatch):
    """A classic walk on hexagons and on triangles at 80x24 ("fit the screen"), a few moves
    made: walls, trail, player, start and goal; with and without colour."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)

    async def run_before(pilot):
        await _settle(pilot)
        game = pilot.app.screen.game
        await pilot.press(*keys_for_path(game.maze, game.shortest_path())[:5])
        await pilot.pause()

    app = MazeApp(GameSetup("classic", "backtracker", None, 7, tiling=board), warm_up=False,
                  clock=lambda: 0.0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
