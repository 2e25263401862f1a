"""Weave mazes played (issue 41): classic and the player's eye walk under and over a
crossing by keys, and the screens show which (the bridge's rails from above, a player
under a bridge in brackets; in the eye, the deck overhead or the parapets beside)."""

from __future__ import annotations

import networkx as nx
import pytest

from mazegame.engine.weave import crossings, is_under
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.widgets.eye_view import EyeView
from mazegame.ui.widgets.maze_view import MazeView
from mazegame.ui.widgets.weave_view import WeaveView
from tests.functional.conftest import eye_keys, keys_for_path
from tests.functional.ui.contract import SMALL, screen_text, widget_text

SEED = 3


def setup(mode: str, **options) -> GameSetup:
    return GameSetup(mode, "backtracker", (9, 7), SEED, tiling="weave",
                     options=tuple(options.items()))


def route(maze, target: int) -> list[int]:
    """The cells from the start to `target` (networkx over the maze's passages)."""
    g = nx.Graph()
    g.add_edges_from(map(tuple, maze.passages().tolist()))
    return nx.shortest_path(g, maze.start, target)


def crossing_cells(maze):
    """(deck, tunnel, row, col, over) of the maze's first crossing."""
    r, c, over = crossings(maze.board)[0]
    cells = maze.board.lookup
    return cells[r, c, 0], cells[r, c, 1], r, c, over


def room_text(view: MazeView, screen: str, cell: int) -> str:
    """The room's three characters where `cell` is drawn on the terminal."""
    x, y = view.cell_origin(cell)
    region = view.region
    line = screen.splitlines()[region.y + y - int(view.scroll_offset.y) + view._pad()[1]]
    x += region.x + view._pad()[0] - int(view.scroll_offset.x)
    return line[x:x + 3]


async def test_classic_walks_under_a_bridge_and_then_over_it(helpers):
    app = MazeApp(setup("classic"), warm_up=False, animations=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        view = screen.query_one(MazeView)
        assert isinstance(view, WeaveView)
        game = screen.game
        deck, tunnel, r, c, over = crossing_cells(game.maze)
        for key in helpers.keys_for_path(game.maze, route(game.maze, tunnel)):
            await pilot.press(key)
        await pilot.pause()
        assert game.position == tunnel and is_under(game.maze.board, tunnel)
        assert room_text(view, screen_text(app), tunnel) == "(@)"  # under the bridge
        rail = "║" if over == "ns" else "═"
        assert rail in screen_text(app)
        # straight on through the tunnel, out the other side
        along = 1 if over == "ns" else 2
        await pilot.press({1: "right", 2: "down"}[along])
        await pilot.pause()
        assert game.position == game.maze.board.lookup[
            (r, c + 1, 0) if along == 1 else (r + 1, c, 0)]
        await pilot.press("r")  # the same maze again: now onto the deck
        await helpers.settle(pilot)
        game = screen.game
        for key in helpers.keys_for_path(game.maze, route(game.maze, deck)):
            await pilot.press(key)
        await pilot.pause()
        assert game.position == deck
        assert room_text(view, screen_text(app), deck) == " @ "  # on top: no brackets


async def test_the_eye_sees_a_bridge_overhead_and_walks_under_it(helpers):
    app = MazeApp(setup("eye", difficulty="easy"), warm_up=False, animations=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        game = screen.game
        deck, tunnel, r, c, over = crossing_cells(game.maze)
        path = route(game.maze, tunnel)
        keys = eye_keys(game.maze, path, game.facing)
        eye = screen.query_one(EyeView)
        before = widget_text(app, eye)
        await pilot.press(*keys[:-1])  # one step short of the tunnel, facing it
        await pilot.pause()
        assert game.position == path[-2]
        ahead = widget_text(app, eye)
        assert "▀" in ahead and "▀" not in before  # the bridge's deck over the way ahead
        await pilot.press(keys[-1])
        await pilot.pause()
        assert game.position == tunnel
        under = widget_text(app, eye).splitlines()
        assert under[0].count("▀") > len(under[0]) // 2  # the deck right overhead
        minimap = screen.query_one(MazeView)
        assert isinstance(minimap, WeaveView) and minimap.player == tunnel
        await pilot.press("r")  # the same maze again: now onto the deck, between parapets
        await helpers.settle(pilot)
        game = screen.game
        assert "▄" not in widget_text(app, eye)
        path = route(game.maze, deck)
        await pilot.press(*eye_keys(game.maze, path, game.facing))
        await pilot.pause()
        assert game.position == deck
        assert "▄" in widget_text(app, eye)  # the low parapets beside the deck
        assert "▀" not in widget_text(app, eye)  # no deck overhead: you are on it


@pytest.mark.parametrize("mode", ["classic", "eye"])
async def test_weave_games_fit_a_small_terminal_with_their_keys(helpers, mode):
    app = MazeApp(setup(mode), warm_up=False, animations=False)
    async with app.run_test(size=SMALL) as pilot:
        await helpers.settle(pilot)
        text = screen_text(app)
        assert "Moves" in text and "Help" in text
        assert ("║" in text or "═" in text) or mode == "eye"
        game = app.screen.game
        await pilot.press("up", "right", "down")
        await pilot.pause()
        assert game.moves + getattr(game, "turns", 0) + game.bumps >= 1


def to_the_tunnel(mode: str):
    """A run_before that walks the game on screen into its first crossing's tunnel."""
    async def run_before(pilot):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        game = pilot.app.screen.game
        path = route(game.maze, crossing_cells(game.maze)[1])
        if mode == "eye":
            await pilot.press(*eye_keys(game.maze, path, game.facing))
        else:
            await pilot.press(*keys_for_path(game.maze, path))
        await pilot.pause()
    return run_before


@pytest.mark.parametrize("mode", ["classic", "eye"])
def test_under_a_bridge_snapshot(snap_compare, mode):
    app = MazeApp(setup(mode), warm_up=False, animations=False, clock=lambda: 0.0)
    assert snap_compare(app, terminal_size=SMALL, run_before=to_the_tunnel(mode))


async def test_in_plain_ascii_bridges_are_drawn_with_their_own_rails(helpers, tmp_path):
    from mazegame.settings import SettingsFile
    from mazegame.ui.preferences import Preferences

    prefs = Preferences(SettingsFile(tmp_path / "settings.sqlite3"))
    prefs.set("glyphs", "ascii")
    app = MazeApp(setup("classic"), warm_up=False, animations=False, preferences=prefs)
    async with app.run_test(size=SMALL) as pilot:
        await helpers.settle(pilot)
        view = app.screen.query_one(MazeView)
        text = widget_text(app, view)
        assert text.isascii()
        over = {o for _, _, o in crossings(app.screen.game.maze.board)}
        assert ("!" in text) == ("ns" in over) and ("=" in text) == ("ew" in over)
        for key in keys_for_path(app.screen.game.maze, route(app.screen.game.maze, crossing_cells(
                app.screen.game.maze)[1])):
            await pilot.press(key)
        await pilot.pause()
        assert "(@)" in widget_text(app, view)
