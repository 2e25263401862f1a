"""The interpreted mazes' screen, driven by Pilot at 80x24: a bureaucracy played to Mr. X by
following the shortest path's options, the refusals, and the reveal."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static

from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.interpreted import InterpretedScreen
from mazegame.ui.widgets.maze_view import MazeView

SETUP = GameSetup("bureaucracy", "backtracker", (6, 6), 4)


def text_of(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def test_following_the_shortest_path_reaches_mr_x_and_reveals_the_maze(helpers):
    app = MazeApp(SETUP, warm_up=False, clock=lambda: 0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        game = screen.game
        assert not screen.query_one(MazeView).display  # no maze in sight while playing
        path = game.shortest_path()
        for step, cell in enumerate(path[1:], 1):
            options = game.scene().options
            index = next(i for i, o in enumerate(options) if o.to == cell)
            if step % 2:
                await pilot.press(str(index + 1))  # by number
            else:
                option_list = screen.query_one(OptionList)
                option_list.highlighted = index
                await pilot.press("enter")  # or by the list
            await pilot.pause()
            assert game.position == cell
        assert game.won and game.moves == game.shortest
        view = screen.query_one(MazeView)
        assert view.display and view.maze is game.maze
        assert view.trail == set(path)  # your route, and the shortest one, drawn
        assert view.path == set(path)
        panel = text_of(app, "#end-panel")
        assert "Mr. X" in panel
        assert f"Your moves     {game.shortest}" in panel
        assert f"Shortest path  {game.shortest}" in panel
        assert "A perfect run" in panel


async def test_a_closed_door_is_refused_in_words_and_the_options_stay(helpers):
    app = MazeApp(SETUP, warm_up=False, clock=lambda: 0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        game = screen.game
        options = game.scene().options
        closed = next(i for i, o in enumerate(options) if not o.open)
        await pilot.press(str(closed + 1))
        await pilot.pause()
        assert game.position == game.maze.start and game.refusals == 1
        assert options[closed].extra["refusal"] in text_of(app, "#interp-said")
        assert "Refused 1" in text_of(app, "#status")
        shown = [str(o.prompt) for o in screen.query_one(OptionList).options]
        assert all(o.text in line for o, line in zip(options, shown, strict=True))
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, InterpretedScreen)  # back at the menu


@pytest.mark.parametrize("kind", ["bureaucracy", "trading", "instructional"])
async def test_reaching_the_goal_after_the_rival_is_shown_and_saved_as_lost(kind, helpers):
    """Dither until the rival is there, then walk the shortest path: the panel says the
    rival got there first, edged as a loss, and the saved row, its replay and the records
    say lost (before, the row said won)."""
    from mazegame.games.interpreted.base import needs_answer
    from mazegame.games.replay import Recording
    from mazegame.storage import Store, default_path

    app = MazeApp(GameSetup(kind, "backtracker", (6, 6), 2, options=(("difficulty", "hard"),)),
                  warm_up=False, clock=lambda: 0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        game = screen.game

        def choose(index: int, answer: str = "") -> None:
            """Take an option as the screen does (a problem answered `answer`)."""
            if needs_answer(game.option(index)):
                screen.play(lambda g: g.answer(index, answer))
            else:
                screen.play(lambda g: g.take(index))

        dither = next(i for i, o in enumerate(game.scene().options) if not o.open)
        while not game.rival_reached:
            choose(dither, "no idea")
            assert game.turns < 500
        path = game.shortest_path()
        for cell in path[1:]:
            index, option = next((i, o) for i, o in enumerate(game.scene().options)
                                 if o.to == cell)
            choose(index, str(option.extra.get("answer", "")))
        await pilot.pause()
        assert game.over and game.position in game.maze.goals
        panel = screen.query_one("#end-panel", Static)
        assert "Your rival got there first." in str(panel.render())
        assert panel.has_class("-lost")
        assert not Recording.from_json(screen.replay()).play().won
    [saved] = Store(default_path()).results()
    assert (saved.mode, saved.won, saved.moves) == (kind, False, game.moves)


async def test_trading_shows_an_items_worth_once_held_and_what_each_trade_came_to(helpers):
    # The play-test took the highest offer every time and reached the prize in 12 trades:
    # every offer showed its worth before the choice.
    from mazegame.engine.graph import bfs, maze_graph

    app = MazeApp(GameSetup("trading", "backtracker", (6, 6), 3), warm_up=False,
                  clock=lambda: 0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        market = game.interpretation
        shown = [str(o.prompt) for o in screen.query_one(OptionList).options]
        assert shown and not any("crown" in line for line in shown)
        held = market.item(game.position)
        assert f"worth {market.money(held.worth)}" in text_of(app, "#interp-scene")
        goal = game.maze.goals[0]
        dist, _, _ = bfs(maze_graph(game.maze.copy(goals=[game.position])), goal)
        away = next(i for i, o in enumerate(game.scene().options)  # (doors are two-way)
                    if o.open and dist[o.to] > dist[game.position])
        await pilot.press(str(away + 1))
        await pilot.pause()
        said = text_of(app, "#interp-said")
        assert said.startswith(f"You trade your {held.name}") and "a loss of" in said
        now = market.item(game.position)
        assert now.worth < held.worth
        assert f"worth {market.money(now.worth)}" in text_of(app, "#interp-scene")
