"""The end of a game (issue 19, "The end of a game"): the panel beside the revealed maze, the
arrows that scroll it, `v` that hides the panel, the routes drawn in their own colours and
glyphs with a legend, and the small things players hit (start marker, facing arrow)."""

import pytest
from textual.widgets import OptionList, Static

from mazegame.cli import build_parser
from mazegame.cli.play import play_setup
from mazegame.engine.grid import Maze
from mazegame.eyesight import SEAM_CHAR
from mazegame.games.chase import DEMON_GLYPH, Result
from mazegame.games.modes import DEFAULT_DIFFICULTY, DIFFICULTIES
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.palette import DEFAULT
from mazegame.ui.screens.dialogs import SetupScreen
from mazegame.ui.widgets.eye_view import EyeView
from mazegame.ui.widgets.maze_view import MazeView
from tests.functional.conftest import eye_keys

SMALL = GameSetup("classic", "wilson", (9, 6), 7)
BIG = GameSetup("classic", "backtracker", (24, 12), 3)  #: larger than the view at 80x24


def glyph_at(view: MazeView, cell: int) -> str:
    """The character drawn in the middle of a cell's room, as the view shows it now."""
    x, y = view.cell_origin(cell)
    pad_x, pad_y = view._pad()
    x += pad_x - view.scroll_offset.x + view.room_width // 2
    y += pad_y - view.scroll_offset.y
    text = "".join(segment.text for segment in view.render_line(y))
    return text[x]




def panel_text(app) -> str:
    return str(app.screen.query_one("#end-panel", Static).render())


def detour_walk(maze, path):
    """Cells of a walk along `path` with one step off it and back (and the detour cell)."""
    on_path = set(path)
    for i, cell in enumerate(path[:-1]):
        for d in range(4):
            off = maze.step(cell, d)
            if off != cell and off not in on_path and maze.step(off, (d + 2) % 4) == cell:
                return [*path[:i + 1], off, *path[i:]], off
    raise AssertionError("no detour on this maze")


async def test_after_a_win_the_arrows_scroll_the_revealed_maze(helpers):
    app = MazeApp(BIG, warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        await pilot.press(*helpers.keys_for_path(game.maze, game.shortest_path()))
        await pilot.pause()
        assert game.won and screen.query_one("#end-panel").display
        view = screen.query_one(MazeView)
        assert view.max_scroll_x > 0 and view.max_scroll_y > 0  # the maze does not fit
        before = view.scroll_offset
        up = "up" if before.y > 0 else "down"
        left = "left" if before.x > 0 else "right"
        await pilot.press(up, up, left, left)
        await pilot.pause()
        after = view.scroll_offset
        assert after.y != before.y and after.x != before.x  # the view moved...
        assert game.moves == game.shortest and game.position == game.maze.goals[0]  # ...you not
        await pilot.press("pageup", "home")
        await pilot.pause()
        assert view.scroll_offset.y <= after.y and view.scroll_offset.x <= after.x
        footer_keys = {b.binding.action for b in screen.active_bindings.values()}
        assert "scroll(0, -1)" in footer_keys and "move('north')" not in footer_keys


async def test_v_hides_and_shows_the_panel_and_the_maze_takes_the_room(helpers):
    app = MazeApp(BIG, warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        panel, view = screen.query_one("#end-panel"), screen.query_one(MazeView)
        await pilot.press("v")  # during play: nothing to hide
        await pilot.pause()
        assert not panel.display
        await pilot.press(*helpers.keys_for_path(game.maze, game.shortest_path()))
        await pilot.pause()
        assert panel.display and "v" in panel_text(app)
        narrow = view.size.width
        await pilot.press("v")
        await pilot.pause()
        assert not panel.display and view.size.width > narrow
        await pilot.press("v")
        await pilot.pause()
        assert panel.display and view.size.width == narrow
        await pilot.press("n")  # a new maze: the move keys move again
        await helpers.settle(pilot)
        assert not panel.display and not view.browsing
        await pilot.press("right", "down")
        assert screen.game.moves + screen.game.bumps == 2


async def test_your_route_and_the_shortest_are_drawn_in_two_colours_with_a_legend(helpers):
    app = MazeApp(SMALL, warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        path = game.shortest_path()
        walk, off = detour_walk(game.maze, path)
        await pilot.press(*helpers.keys_for_path(game.maze, walk))
        await pilot.pause()
        assert game.won and game.moves == game.shortest + 2
        view = screen.query_one(MazeView)
        assert view.marks[off] == (DEFAULT.GLYPH_YOUR_ROUTE, DEFAULT.YOUR_ROUTE)  # your detour
        middle = path[len(path) // 2]
        # yours along it
        assert view.marks[middle] == (DEFAULT.GLYPH_ON_SHORTEST, DEFAULT.ON_SHORTEST)
        assert glyph_at(view, off) == DEFAULT.GLYPH_YOUR_ROUTE and glyph_at(view, middle) == "•"
        assert DEFAULT.YOUR_ROUTE.color != DEFAULT.SHORTEST.color  # two colours (and other glyphs)
        assert glyph_at(view, game.maze.start) == DEFAULT.GLYPH_START
        legend = panel_text(app)
        assert "your route" in legend and "the shortest path" in legend
        assert DEFAULT.GLYPH_YOUR_ROUTE in legend and DEFAULT.GLYPH_SHORTEST in legend
        await pilot.press("t")  # the trail key hides your route: the shortest stays
        await pilot.pause()
        assert off not in view.marks
        assert view.marks[middle] == (DEFAULT.GLYPH_SHORTEST, DEFAULT.SHORTEST)


async def test_out_of_moves_shows_the_shortest_path_you_missed(helpers, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")  # the glyphs alone tell the routes apart
    setup = GameSetup("blind", "kruskal", (8, 6), 4, options=(("budget_moves", 3),))
    app = MazeApp(setup, warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        there = helpers.keys_for_path(game.maze, game.shortest_path())[0]
        back = {"up": "down", "down": "up", "left": "right", "right": "left"}[there]
        await pilot.press(there, back, there)  # three attempts (the outer wall is free)
        await pilot.pause()
        assert game.over and not game.won
        view = screen.query_one(MazeView)
        goal_side = game.shortest_path()[-2]
        assert view.marks[goal_side] == (DEFAULT.GLYPH_SHORTEST, DEFAULT.SHORTEST)
        assert glyph_at(view, goal_side) == DEFAULT.GLYPH_SHORTEST
        assert DEFAULT.GLYPH_SHORTEST in panel_text(app)


async def test_the_start_marker_shows_over_the_trail(helpers):
    app = MazeApp(SMALL, warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        await pilot.press(helpers.keys_for_path(game.maze, game.shortest_path())[0])
        await pilot.pause()
        view = screen.query_one(MazeView)
        assert game.position != game.maze.start and game.maze.start in view.trail
        assert glyph_at(view, game.maze.start) == DEFAULT.GLYPH_START


async def test_a_won_level_keeps_enter_and_scrolls(helpers):
    app = MazeApp(GameSetup("campaign"), warm_up=False, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        first, second = app.campaign.levels[:2]
        await pilot.press("enter")
        await pilot.pause()
        while app.screen.building:
            await pilot.pause(0.05)
        screen, game = app.screen, app.screen.game
        await pilot.press(*helpers.keys_for_path(game.maze, game.shortest_path()))
        await pilot.pause()
        assert game.won and "Level complete!" in panel_text(app)
        moves = game.moves
        await pilot.press("up", "left", "v")  # scroll, hide the panel...
        await pilot.pause()
        assert game.moves == moves and not screen.query_one("#end-panel").display
        assert screen.query_one(MazeView).browsing
        await pilot.press("enter")  # ...and Enter still opens the next level
        await pilot.pause()
        assert app.screen.setup.level_id == second.id != first.id


async def test_the_eye_view_ends_on_a_map_you_can_scroll(helpers):
    app = MazeApp(GameSetup("eye", "backtracker", (12, 6), 11,
                            options=(("difficulty", "easy"),)), warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        minimap = screen.query_one(MazeView)
        assert glyph_at(minimap, game.position) == DEFAULT.GLYPH_FACING[game.facing]
        await pilot.press("right")  # turn: the map's arrow turns too
        await pilot.pause()
        assert glyph_at(minimap, game.position) == DEFAULT.GLYPH_FACING[game.facing]
        await pilot.press(*eye_keys(game.maze, game.shortest_path(), game.facing))
        await pilot.pause()
        assert game.won and minimap.has_focus and minimap.browsing
        turns_before = game.turns
        await pilot.press("left", "up", "pageup")  # no more turning: the map scrolls
        await pilot.pause()
        assert game.turns == turns_before


async def test_the_eye_view_marks_the_seam_ahead(helpers):
    ring = Maze.open(6, 1, wrap_x=True)  # a ring, cut between cells 2 and 3
    ring.walls[0, 2] |= 2
    ring.walls[0, 3] |= 8
    ring.goals = (2,)
    app = MazeApp(GameSetup("eye", level=ring), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        eye = app.screen.query_one(EyeView)

        def seen() -> str:
            return "".join(seg.text for y in range(eye.size.height) for seg in eye.render_line(y))

        assert SEAM_CHAR not in seen()  # east: the cut, no seam in sight
        await pilot.press("down")  # turn round: west, off the edge and round the ring
        await pilot.pause()
        assert SEAM_CHAR in seen()


async def test_normal_eye_has_no_facing_arrow_on_the_map(helpers):
    app = MazeApp(GameSetup("eye", "backtracker", (8, 6), 11), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        assert screen.query_one(MazeView).display  # normal: a map, but no compass
        assert glyph_at(screen.query_one(MazeView), game.position) == DEFAULT.GLYPH_PLAYER


async def test_an_interpreted_maze_ends_on_a_maze_you_can_scroll(helpers):
    app = MazeApp(GameSetup("bureaucracy", "backtracker", (24, 12), 4), warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        for cell in game.shortest_path()[1:]:
            index = next(i for i, o in enumerate(game.scene().options) if o.to == cell)
            await pilot.press(str(index + 1))
        await pilot.pause()
        view = screen.query_one(MazeView)
        assert game.won and view.display and view.has_focus and view.browsing
        before = view.scroll_offset
        await pilot.press("home", "pageup")
        await pilot.pause()
        assert view.scroll_offset != before and game.moves == game.shortest
        assert "your route" in panel_text(app)


def race(seed=5, **options):
    options = {"difficulty": "hard", "turn_based": True, **options}
    return GameSetup("race", "backtracker", (12, 8), seed, options=tuple(options.items()))


async def test_a_lost_race_draws_the_demons_route_as_the_panel_says(helpers):
    app = MazeApp(race(), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        for _ in range(4 * game.maze.size):
            if game.over:
                break
            await pilot.press("space")  # wait: the demon runs for the goal
        await pilot.pause()
        assert game.result is Result.BEATEN
        view = screen.query_one(MazeView)
        demon_marks = {c for c, (glyph, style) in view.marks.items()
                       if glyph == DEFAULT.GLYPH_DEMON_ROUTE
                       and style.color == DEFAULT.DEMON_ROUTE.color}
        assert demon_marks == set(game.demon_trail)
        drawn = [c for c in game.demon_trail if c not in game.maze.goals][1:]
        assert drawn and all(glyph_at(view, c) == DEFAULT.GLYPH_DEMON_ROUTE for c in drawn)
        text = panel_text(app)
        assert f"Its route is marked {DEFAULT.GLYPH_DEMON_ROUTE}" in text
        assert "the demon's route" in text


async def test_caught_draws_the_demon_over_you(helpers):
    setup = GameSetup("chase", "backtracker", (12, 8), 5,
                      options=(("difficulty", "hard"), ("turn_based", True)))
    app = MazeApp(setup, warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        for _ in range(4 * game.maze.size):
            if game.over:
                break
            await pilot.press("space")
        await pilot.pause()
        assert game.caught and game.demon_cell == game.position
        assert glyph_at(screen.query_one(MazeView), game.position) == DEMON_GLYPH
        assert "where it caught you" in panel_text(app)


async def test_a_race_never_says_behind_you_it_gives_the_standing(helpers):
    app = MazeApp(race(seed=1, difficulty="normal"), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen, game = app.screen, app.screen.game
        nearest = game.maze.size
        for key in helpers.keys_for_path(game.maze, game.shortest_path())[:-1]:
            await pilot.press(key)
            nearest = min(nearest, game.demon_distance())
            status = str(screen.query_one("#status").render())
            assert "behind" not in status  # the demon runs for the goal, not for you
            you, demon = game.brain.distance(game.position, game.goal), game.demon_to_goal()
            assert f"to go: you {you}, demon {demon}" in status
        assert nearest <= 2  # it came close: a chase's warning would have cried wolf


@pytest.mark.parametrize("how", ["menu", "command line"])
async def test_chase_plays_one_default_difficulty_from_the_menu_and_the_command_line(
        how, helpers):
    setup = play_setup(build_parser().parse_args(["play", "chase"])) if how != "menu" else None
    app = MazeApp(setup, warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        if how == "menu":
            modes = app.screen.query_one(OptionList)
            modes.highlighted = next(i for i in range(modes.option_count)
                                     if modes.get_option_at_index(i).id == "chase")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            await pilot.press("enter")
            await helpers.settle(pilot)
        game = app.screen.game
        default = DIFFICULTIES[DEFAULT_DIFFICULTY]
        assert (game.rules.speed, game.rules.head_start) == (default.speed, default.head_start)
        assert f"· {DEFAULT_DIFFICULTY}" in str(app.screen.query_one("#status").render())


def test_end_panel_snapshot(snap_compare, helpers):
    async def run_before(pilot):
        await helpers.settle(pilot)
        game = pilot.app.screen.game
        walk, _ = detour_walk(game.maze, game.shortest_path())
        await pilot.press(*helpers.keys_for_path(game.maze, walk))
        await pilot.pause()

    app = MazeApp(GameSetup("classic", "wilson", (8, 5), 7), warm_up=False,
                  clock=lambda: 0.0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
