"""Quiet when nothing moves: an idle screen runs no timer and paints nothing.

Textual only writes to the terminal when a screen is painted, and only paints what a
refresh asked for; a timer that keeps running keeps the app awake. These tests
spy on both over some idle time (simulated: nothing asserts how fast anything is), through
textual_private.py (no public Textual API lists timers or reports paints).
"""

from __future__ import annotations

import pytest

from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.dialogs import HelpScreen
from mazegame.ui.screens.menu import MenuScreen
from mazegame.ui.widgets.attract import AttractView
from tests.functional.ui.textual_private import running_timers as timers_of
from tests.functional.ui.textual_private import spy_on_paints

BIG = (120, 40)  #: room for the menu's self-building maze (under any screen opened from it)


def running_timers(screen) -> list[str]:
    """The timers of a screen and its widgets that are running (not paused, not done).

    Textual's own "screen_update" timer is left out: it runs only while a repaint is pending
    (right after a key, say); repaints are counted by `Paints`.
    """
    found = []
    for node in [screen, *screen.walk_children(with_self=False)]:
        for name, kind, interval in timers_of(node):
            if name != "screen_update":
                found.append(f"{type(node).__name__}: {name} ({kind} {interval:.3g}s)")
    return sorted(found)


class Paints:
    """Counts the app's paints (each one is a write to the terminal) and the rows painted."""

    def __init__(self, app) -> None:
        self.count = 0
        self.rows: set[int] = set()
        spy_on_paints(app, self.painted)

    def painted(self, rows: set[int]) -> None:
        """One paint of these rows (-1: of a kind that counts as a paint anywhere)."""
        self.count += 1
        self.rows.update(rows)


async def idle_paints(pilot, seconds: float = 0.5, settle: bool = True) -> Paints:
    """The paints while the app sits `seconds` with no input (the tests also check that no
    timer runs, so half a second catches what a timer would not); with `settle`, counted from
    the first quarter second without a paint (what the last key changed has landed, however
    busy the machine), or after 3 s of trying."""
    for _ in range(12 if settle else 0):
        quiet = Paints(pilot.app)
        await pilot.pause(0.25)
        if quiet.count == 0:
            break
    paints = Paints(pilot.app)
    await pilot.pause(seconds)
    return paints


def first_open_move(game) -> str:
    """An arrow key that moves the player (not into a wall)."""
    return next(key for key, d in (("up", 0), ("right", 1), ("down", 2), ("left", 3))
                if game.maze.step(game.position, d) != game.position)


GAMES = {
    "classic": GameSetup("classic", "wilson", (9, 6), 7),
    "blind": GameSetup("blind", "wilson", (9, 6), 7),
    "eye": GameSetup("eye", "backtracker", (9, 6), 3),
    "chase": GameSetup("chase", "backtracker", (12, 8), 5, options=(("turn_based", False),)),
    "chase-turns": GameSetup("chase", "backtracker", (12, 8), 5, options=(("turn_based", True),)),
    "chase-eye": GameSetup("chase", "backtracker", (12, 8), 5,
                           options=(("turn_based", False), ("view", "eye"))),
    "jump": GameSetup("jump"),
    "lab": GameSetup("lab", "backtracker", (8, 6), 1, options=(("autoplay", False),)),
}


@pytest.mark.parametrize("name", GAMES)
async def test_a_game_waiting_for_its_first_move_is_still(name, helpers):
    """Before the first move the clock shows 0 and nothing ticks, spins or repaints, though
    the menu underneath has room for its self-building maze."""
    app = MazeApp(GAMES[name], warm_up=False)
    async with app.run_test(size=BIG) as pilot:
        await helpers.settle(pilot)
        await pilot.pause(0.3)  # let the first paints land
        assert running_timers(app.screen) == []
        paints = await idle_paints(pilot)
        assert paints.count == 0, f"{paints.count} paints of rows {sorted(paints.rows)}"


async def test_the_clock_repaints_only_the_status_line_while_it_runs(helpers):
    app = MazeApp(GAMES["classic"], warm_up=False)  # the real clock
    async with app.run_test(size=BIG) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        await pilot.press(first_open_move(screen.game))
        await pilot.pause(0.1)
        # One tick pending, on the next whole second of play: no interval timer.
        assert [t.split(": ")[0] for t in running_timers(screen)] == [type(screen).__name__]
        assert "once after" in running_timers(screen)[0]
        paints = await idle_paints(pilot, 1.2)
        assert paints.rows <= {screen.query_one("#status").region.y}
        await pilot.press("p")  # paused: the clock stops
        await pilot.pause(0.1)
        assert running_timers(screen) == []
        await pilot.press(first_open_move(screen.game))  # a move resumes it
        assert len(running_timers(screen)) == 1


async def test_nothing_ticks_after_the_game_ends(helpers):
    app = MazeApp(GAMES["classic"], warm_up=False)
    async with app.run_test(size=BIG) as pilot:
        await helpers.settle(pilot)
        game = app.screen.game
        for key in helpers.keys_for_path(game.maze, game.shortest_path()):
            await pilot.press(key)
        await pilot.pause(0.3)
        assert game.won
        assert running_timers(app.screen) == []
        assert (await idle_paints(pilot)).count == 0


async def test_the_demon_ticks_only_while_the_chase_clock_runs(helpers):
    app = MazeApp(GAMES["chase"], warm_up=False)
    async with app.run_test(size=BIG) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert running_timers(screen) == []  # before the first move: no demon, no clock
        await pilot.press(first_open_move(screen.game))
        assert any("every" in t for t in running_timers(screen))  # the demon's beat
        await pilot.press("p")
        await pilot.pause(0.3)  # the pause's own repaint (status, pause panel) lands first
        assert running_timers(screen) == []
        assert (await idle_paints(pilot)).count == 0


async def test_help_over_a_game_is_still(helpers):
    app = MazeApp(GAMES["classic"], warm_up=False)
    async with app.run_test(size=BIG) as pilot:
        await helpers.settle(pilot)
        await pilot.press(first_open_move(app.screen.game), "question_mark")
        await pilot.pause(0.3)
        assert isinstance(app.screen, HelpScreen)
        assert (await idle_paints(pilot)).count == 0  # the game paused under the help


async def test_the_menus_maze_plays_only_where_it_can_be_seen(helpers):
    app = MazeApp(warm_up=False)
    async with app.run_test(size=BIG) as pilot:
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        view = menu.query_one(AttractView)
        await helpers.settle(pilot)  # the first maze comes from a worker
        await pilot.pause(0.3)  # the menu's first paints
        assert view.replay is not None
        assert any("AttractView" in t for t in running_timers(menu))
        paints = await idle_paints(pilot, 0.5, settle=False)  # it animates: no settling
        top, bottom = view.region.y, view.region.bottom
        assert paints.count and all(top <= row < bottom for row in paints.rows)  # its own rows

        await pilot.press("question_mark")  # a dialog over the menu: the maze stops
        await pilot.pause(0.2)
        assert isinstance(app.screen, HelpScreen)
        assert all("Attract" not in t for t in running_timers(menu))
        assert (await idle_paints(pilot)).count == 0
        await pilot.press("escape")
        await pilot.pause(0.1)
        assert any("AttractView" in t for t in running_timers(menu))

        await pilot.resize_terminal(120, 30)  # no room: hidden, and still
        await pilot.pause(0.3)
        assert not view.display
        assert all("Attract" not in t for t in running_timers(menu))
        assert (await idle_paints(pilot)).count == 0
        await pilot.resize_terminal(*BIG)
        await pilot.pause(0.3)
        assert any("AttractView" in t for t in running_timers(menu))


async def test_a_game_opened_at_launch_builds_no_menu_until_it_is_left(helpers):
    """`mazegame play MODE`: no menu (and no self-building maze) under the game; leaving
    the game builds the menu, whose maze then plays."""
    app = MazeApp(GAMES["classic"], warm_up=False)
    async with app.run_test(size=BIG) as pilot:
        await helpers.settle(pilot)
        await pilot.pause(0.3)
        assert not any(isinstance(s, MenuScreen) for s in app.screen_stack)
        assert not list(app.screen.query(AttractView))
        await pilot.press("q")
        await helpers.wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        menu = app.screen
        assert len(app.screen_stack) == 2
        for _ in range(100):
            await pilot.pause(0.05)
            if menu.query_one(AttractView).replay is not None:
                break
        assert menu.query_one(AttractView).replay is not None  # back on the menu: it plays
        await pilot.press("down", "enter")  # and the menu works as ever: a mode's setup
        await helpers.wait_until(pilot, lambda: app.screen is not menu)


async def test_a_playing_lab_holds_while_covered_and_plays_on_after(helpers):
    lab = GameSetup("lab", "backtracker", (30, 20), 1)  # autoplay: the build replays at once
    app = MazeApp(lab, warm_up=False)
    async with app.run_test(size=BIG) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert screen.playing and running_timers(screen)
        await pilot.press("question_mark")
        await pilot.pause(0.1)
        assert isinstance(app.screen, HelpScreen)
        held = screen.clock
        assert running_timers(screen) == []
        assert (await idle_paints(pilot, 0.5)).count == 0 and screen.clock == held
        await pilot.press("escape")
        for _ in range(40):
            await pilot.pause(0.05)
            if screen.clock > held:
                break
        assert screen.playing and screen.clock > held


def test_a_game_run_in_the_terminal_settles_the_gc_once_started(monkeypatch):
    """`run` (the terminal's way in; tests use run_test) freezes what lives long out of the
    cyclic GC, whose full passes otherwise stall a chase for tens of milliseconds."""
    import gc

    from textual.app import App

    seen = []
    monkeypatch.setattr(App, "run", lambda app, *a, **k: seen.append(app.settle_gc))
    app = MazeApp(warm_up=False)
    assert not app.settle_gc
    app.run()
    assert seen == [True]
    try:
        MazeApp.freeze_long_lived()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
