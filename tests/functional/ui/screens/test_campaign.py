"""The campaign screen and a level played in it, driven by keys (issue 15, "The campaign")."""

from pathlib import Path

from rich.text import Text
from textual.widgets import OptionList, Static

from mazegame.engine.graph import bfs, maze_graph, path_to
from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST
from mazegame.games.levels import Campaign, setup_for
from mazegame.games.replay import Recording
from mazegame.games.setup import GameSetup
from mazegame.locations import asset
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.campaign import CampaignScreen
from mazegame.ui.screens.walk import WalkScreen
from tests.functional.ui.textual_private import notifications

KEY = {NORTH: "up", EAST: "right", SOUTH: "down", WEST: "left"}


def route_keys(maze) -> list[str]:
    """The arrow keys of a shortest route from the maze's start to its nearest goal."""
    dist, parent, _ = bfs(maze_graph(maze), maze.start)
    goal = min((g for g in maze.goals if dist[g] >= 0), key=lambda g: dist[g])
    path = path_to(dist, parent, goal)
    return [next(KEY[d] for d in KEY if maze.step(a, d) == b)
            for a, b in zip(path, path[1:], strict=False)]


def crosses_seam(maze, keys: list[str]) -> bool:
    """Some step of the route leaves one side of the maze and enters the opposite one."""
    cell, crossed = maze.start, False
    for key in keys:
        d = next(d for d, k in KEY.items() if k == key)
        nxt = maze.step(cell, d)
        (r0, c0), (r1, c1) = maze.rc(cell), maze.rc(nxt)
        crossed |= abs(r0 - r1) > 1 or abs(c0 - c1) > 1
        cell = nxt
    return crossed


async def test_level_one_played_to_the_end_opens_the_next():
    """Enter plays the first level; its route wins three stars; Enter goes on to level 2;
    back on the campaign the level shows its stars."""
    app = MazeApp(GameSetup("campaign"), warm_up=False, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()  # the levels are read in a worker
        await pilot.pause()
        campaign_screen = app.screen
        assert isinstance(campaign_screen, CampaignScreen)
        listing = campaign_screen.query_one(OptionList)
        first = app.campaign.levels[0]
        assert listing.highlighted_option.id == first.id
        await pilot.press("enter")
        await pilot.pause()
        while app.screen.building:
            await pilot.pause(0.05)
        assert app.screen.setup.level_id == first.id
        await pilot.press(*route_keys(first.maze))
        await pilot.pause()
        panel = str(app.screen.query_one("#end-panel", Static).render())
        assert "Level complete!" in panel and "★★★" in panel
        assert app.campaign.stars(first) == 3
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, WalkScreen)
        assert app.screen.setup.level_id == app.campaign.levels[1].id
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is campaign_screen
        status = str(campaign_screen.query_one("#status", Static).render())
        assert f"1 of {len(app.campaign.levels)} levels won" in status
        # the level to play next is highlighted: the second one
        assert listing.highlighted_option.id == app.campaign.levels[1].id
        [saved] = app.store.results()  # once, as the campaign's (not also as a plain maze)
        assert (saved.mode, saved.won, saved.moves) == ("level", True, first.par)
        assert Recording.from_json(saved.replay).play().won


async def test_a_wrapped_level_is_won_across_its_seam():
    """Figure 23 wrapped: the shortest route crosses a seam, and walking it wins."""
    campaign = Campaign.load(None)
    level = campaign.get("fig23-wrapped")
    keys = route_keys(level.maze)
    assert crosses_seam(level.maze, keys)
    app = MazeApp(setup_for(level), warm_up=False, animations=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        while app.screen.building:
            await pilot.pause(0.05)
        await pilot.press(*keys)
        await pilot.pause()
        assert app.screen.game.won and app.screen.game.moves == level.par


async def test_locked_levels_cannot_be_played():
    """A fresh player sees chapter 2 locked: choosing its first level opens nothing."""
    app = MazeApp(GameSetup("campaign"), warm_up=False, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        locked = app.campaign.levels_in(2)[0]
        listing = screen.query_one(OptionList)
        assert listing.get_option(locked.id).disabled
        card = screen.query_one("#level-card", Static)
        screen.on_option_list_option_highlighted(
            OptionList.OptionHighlighted(listing, listing.get_option(locked.id), 0))
        assert "Locked" in str(card.render())
        screen.on_option_list_option_selected(
            OptionList.OptionSelected(listing, listing.get_option(locked.id), 0))
        await pilot.pause()
        assert app.screen is screen


async def test_a_bad_level_file_is_named_and_the_campaign_goes_on(tmp_path: Path):
    """A malformed level is reported as file:line and left out; the others play."""
    for name in ("chapters.toml", "first-steps.toml"):
        (tmp_path / name).write_text((asset("levels") / name).read_text(encoding="utf-8"),
                                     encoding="utf-8")
    bad = tmp_path / "broken.toml"
    bad.write_text('id = "broken"\nchapter = 1\norder = 2\ntitle = "x"\ncolour = 3\n'
                   '[maze]\ngenerator = "backtracker"\nsize = [4, 4]\nseed = 1\n')
    app = MazeApp(GameSetup("campaign"), warm_up=False, animations=False)
    app.levels_folder = tmp_path
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        said = notifications(app)
        assert any(f"{bad}:5: unknown key 'colour'" in text for text in said)
        assert [lv.id for lv in app.campaign.levels] == ["first-steps"]


def test_campaign_snapshot_at_80x24(snap_compare):
    """A fresh player's campaign at the smallest usual terminal: chapter 1 open, the rest
    locked, the first level's card."""
    app = MazeApp(GameSetup("campaign"), warm_up=False, animations=False)
    assert snap_compare(app, terminal_size=(80, 24))


async def test_your_own_levels_are_listed_open_and_playable(tmp_path: Path, monkeypatch):
    """A level saved by the editor shows under "Your levels", open from the start, and
    plays; an own level that takes a campaign level's id is named and left out."""
    own = tmp_path / "saved" / "levels"  # the editor's folder under MAZEGAME_DATA_DIR
    own.mkdir(parents=True)
    text = (asset("levels") / "first-steps.toml").read_text(encoding="utf-8")
    (own / "mine.toml").write_text(
        text.replace('id = "first-steps"', 'id = "mine"').replace(
            'title = "First steps"', 'title = "My [own] maze"'), encoding="utf-8")
    (own / "first-steps.toml").write_text(text, encoding="utf-8")
    app = MazeApp(GameSetup("campaign"), warm_up=False, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert [lv.id for lv in app.campaign.own] == ["mine"]
        listing = screen.query_one(OptionList)
        option = listing.get_option("mine")
        assert not option.disabled and "My [own] maze" in Text.from_markup(option.prompt).plain
        assert any("is a campaign level's" in m for m in notifications(app))
        listing.highlighted = listing.get_option_index("mine")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.setup.level_id == "mine"
