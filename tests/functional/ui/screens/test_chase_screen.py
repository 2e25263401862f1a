"""Chase and race screens, played with key presses."""

import pytest

from mazegame.engine.chase_safety import check_winnable
from mazegame.games.chase import DEMON_GLYPH
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.palette import DEFAULT
from mazegame.ui.screens.chase import BirdsEyeChaseScreen, EyeChaseScreen
from mazegame.ui.widgets.maze_view import MazeView
from tests.functional.conftest import KEY_OF


def chase(difficulty="easy", view="birds-eye", turn_based=True, two_player=False, mode="chase"):
    options = (("difficulty", difficulty), ("view", view), ("turn_based", turn_based),
               ("two_player", two_player))
    return GameSetup(mode, "backtracker", (12, 8), 5, options=options)


async def test_turn_based_chase_won_by_walking_a_safe_route(helpers):
    app = MazeApp(chase(), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, BirdsEyeChaseScreen)
        game = screen.game
        view = screen.query_one(MazeView)
        assert game.demon_cell in view.others  # the demon is drawn
        verdict = check_winnable(game.maze, game.position, game.demon_cell, game.maze.goals,
                                 game.rules.pursuit)
        assert verdict.ok
        for key in helpers.keys_for_path(game.maze, verdict.route):
            await pilot.press(key)
        await pilot.pause()
        assert game.won and not game.caught
        assert "You escaped the demon!" in str(screen.query_one("#end-panel").render())


async def test_standing_still_gets_you_caught(helpers):
    app = MazeApp(chase("hard"), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        game = app.screen.game
        for _ in range(4 * game.maze.size):
            if game.over:
                break
            await pilot.press("space")  # wait a turn
        await pilot.pause()
        assert game.caught
        panel = str(app.screen.query_one("#end-panel").render())
        assert "Caught!" in panel
        view = app.screen.query_one(MazeView)
        # The loss screen draws the demon's route (its own glyph) and the demon over you.
        drawn = {cell for cell, (glyph, _) in view.marks.items()
                 if glyph == DEFAULT.GLYPH_DEMON_ROUTE}
        assert drawn == set(game.demon_trail)
        assert view.player_sprite[0] == DEMON_GLYPH


async def test_real_time_ticks_stop_while_paused(helpers):
    app = MazeApp(chase("normal", turn_based=False), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        game = app.screen.game
        first = next(k for k in ("up", "down", "left", "right")
                     if game.maze.step(game.position, {"up": 0, "right": 1, "down": 2,
                                                      "left": 3}[k]) != game.position)
        await pilot.press(first)  # the clock and the demon start with the first move
        await pilot.press("p")
        assert game.paused
        rounds = game.rounds
        await pilot.pause(4 * game.rules.tick_seconds)
        assert game.rounds == rounds
        await pilot.press("p")
        for _ in range(40):  # a loaded machine may fire the timer late: wait, but not forever
            await pilot.pause(game.rules.tick_seconds)
            if game.over or game.rounds > rounds:
                break
        assert game.over or game.rounds > rounds


async def test_two_players_move_the_demon_with_the_arrows(helpers):
    app = MazeApp(chase("nightmare", two_player=True, view="eye"), warm_up=False)  # no head start
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, BirdsEyeChaseScreen)  # two humans play from above
        game = screen.game
        you, demon = game.position, game.demon_cell
        runner = next(k for k, d in (("w", 0), ("d", 1), ("s", 2), ("a", 3))
                      if game.maze.step(you, d) != you)
        await pilot.press(runner)
        assert game.position != you
        hunter = next(k for k, d in (("up", 0), ("right", 1), ("down", 2), ("left", 3))
                      if game.maze.step(demon, d) != demon)
        await pilot.press(hunter)
        assert game.demon_cell != demon


async def test_demon_in_the_corridor_ahead_is_drawn(helpers):
    app = MazeApp(chase(view="eye"), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, EyeChaseScreen)
        game = screen.game
        eye = screen.query_one("#eye")
        assert eye.scene[4] == game.sprites(game.facing, game.depth)


async def test_race_mode_runs(helpers):
    app = MazeApp(chase(mode="race"), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        assert app.screen.game.race
        assert "Race" in str(app.screen.query_one("#status").render())


@pytest.mark.parametrize("view", ["birds-eye", "blind", "eye"])
@pytest.mark.parametrize("mode", ["chase", "race"])
async def test_the_status_names_the_mode_in_every_view(mode, view, helpers):
    # Before: a race in the blind or player's-eye view was titled "Blind chase" / "Chase".
    app = MazeApp(chase(mode=mode, view=view), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        title = str(app.screen.query_one("#status").render()).split("  ")[0].lower()
        other = {"chase": "race", "race": "chase"}[mode]
        assert mode in title and other not in title, title


async def test_help_lists_inherited_and_demon_keys(helpers):
    from mazegame.ui.screens.dialogs import HelpScreen

    app = MazeApp(chase(view="blind"), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        rows = dict((label, keys) for keys, label in HelpScreen.binding_rows(app.screen))
        assert "Stay put for a turn" in rows  # the demon's keys
        assert "Start a new maze" in rows and "Move north (also k,w)" in rows  # inherited
        assert "up" in rows["Move north (also k,w)"] or "↑" in rows["Move north (also k,w)"]


async def test_real_time_presses_faster_than_the_pace_all_play(helpers, monkeypatch):
    """Four presses, back and forth, in little more than one beat: the first moves, the
    others wait for their beats and each plays on its own (before, the latest press replaced
    the one waiting: 3 moves). The game's clock is the test's, so beats come when the test
    says; the demon sleeps (no ticks) so nothing ends the game. The screen never asks a
    timer for 0 s (before, `set_timer(0.0)` could raise ZeroDivisionError)."""
    from tests.helpers import FakeClock

    clock = FakeClock()
    app = MazeApp(chase(turn_based=False), warm_up=False, clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        monkeypatch.setattr(game, "tick", lambda: False)
        delays = []
        set_timer = screen.set_timer
        monkeypatch.setattr(screen, "set_timer", lambda delay, *a, **k: (
            delays.append(delay), set_timer(delay, *a, **k))[1])
        there = next(d for d in range(4) if game.maze.step(game.position, d) != game.position)
        key, back = KEY_OF[there], KEY_OF[(there + 2) % 4]

        async def next_beat(moves: int) -> None:
            clock.now += game.rules.move_seconds
            await helpers.wait_until(pilot, lambda: game.moves == moves, tries=500)

        for press in (key, back, key):
            await pilot.press(press)
        assert game.moves == 1
        await next_beat(2)
        await pilot.press(back)
        await next_beat(3)
        await next_beat(4)
        assert all(delay > 0 for delay in delays)
        assert game.events == [f"m{d}" for d in (there, (there + 2) % 4) * 2]
