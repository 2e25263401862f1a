"""The campaign: unlocking, stars, saved progress; levels as game setups; every shipped level
validates and is won by BFS within its budget and at its par."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from mazegame.engine.graph import bfs, maze_graph, path_to
from mazegame.engine.levelfile import VIEW_NAMES, load_level, load_levels, scan_levels
from mazegame.games.blind import BlindGame, setup_budget
from mazegame.games.chase_setup import new_chase, setup_overrides
from mazegame.games.levels import (
    MODE,
    Campaign,
    level_key,
    level_mode,
    setup_for,
    stars_for,
)
from mazegame.games.modes import MODES, VIEWS
from mazegame.games.walk import WalkGame
from mazegame.locations import asset
from mazegame.storage import Store

SHIPPED = sorted(asset("levels").glob("*.toml"))


def level_text(level_id: str, chapter: int, order: int, *extra: str) -> str:
    """A tiny corridor level: start [0, 0], goal [0, 3], shortest path 3."""
    keys = "".join(f"{x}\n" for x in extra)
    return (f'id = "{level_id}"\nchapter = {chapter}\norder = {order}\ntitle = "T"\n{keys}'
            '[maze]\npicture = """\n┌───────────────┐\n│ S           G │\n└───────────────┘\n"""\n')


@pytest.fixture
def folder(tmp_path):
    levels = tmp_path / "levels"
    levels.mkdir()
    for level_id, chapter, order in (("a1", 1, 1), ("a2", 1, 2), ("b1", 2, 1), ("c1", 3, 1)):
        (levels / f"{level_id}.toml").write_text(level_text(level_id, chapter, order),
                                                 encoding="utf-8")
    (levels / "chapters.toml").write_text(
        "".join(f'[[chapter]]\nnumber = {n}\ntitle = "Ch {n}"\n' for n in (1, 2, 3)),
        encoding="utf-8")
    return levels


def campaign(folder, tmp_path) -> Campaign:
    return Campaign.load(Store(tmp_path / "results.sqlite3"), folder)


def test_view_names_are_the_registry_and_a_mode_plays_each_view(tmp_path):
    assert set(VIEW_NAMES) == set(VIEWS)
    for view in VIEWS:  # without a demon: the mode seen in that view; with one: the chase
        assert MODES[level_mode(view, demon=False)].view == view
        assert MODES[level_mode(view, demon=True)].demon == "hunts"


def test_chapters_unlock_in_order(folder, tmp_path):
    game = campaign(folder, tmp_path)
    assert [game.chapter_unlocked(n) for n in (1, 2, 3)] == [True, False, False]
    a1, a2, b1, c1 = game.levels
    assert game.next_level() is a1
    game.record(a1, won=True, moves=3, seconds=1.0)
    assert not game.chapter_unlocked(2) and game.next_level() is a2
    game.record(a2, won=False, moves=9, seconds=1.0)  # a loss unlocks nothing
    assert not game.chapter_unlocked(2)
    game.record(a2, won=True, moves=5, seconds=1.0)
    assert game.chapter_unlocked(2) and not game.chapter_unlocked(3)
    assert game.next_level(a2) is b1 and game.next_level() is b1
    game.record(b1, won=True, moves=3, seconds=1.0)
    assert game.chapter_unlocked(3) and game.next_level(b1) is c1
    game.record(c1, won=True, moves=30, seconds=1.0)
    assert game.next_level(c1) is None and game.next_level() is None
    assert game.next_level(a1) is a2  # replaying: the following level, won or not


def test_stars_and_the_best_result_is_kept(folder, tmp_path):
    game = campaign(folder, tmp_path)
    level = game.levels[0]  # par 3: 2 stars up to 3 + max(2, 0) = 5
    assert game.stars(level) == 0
    assert game.record(level, won=True, moves=9, seconds=2.0) == 1
    assert game.record(level, won=True, moves=5, seconds=2.0) == 2
    assert game.record(level, won=True, moves=7, seconds=2.0) == 1
    assert game.stars(level) == 2 and game.best(level) == 5
    assert game.record(level, won=True, moves=3, seconds=2.0) == 3
    assert game.stars(level) == 3 and game.total_stars == 3
    assert game.record(level, won=False, moves=1, seconds=2.0) == 0
    assert game.stars(level) == 3


def test_stars_use_the_budget_and_count_bumps_when_blind():
    level = load_level(level_text("x", 1, 1, "par = 4", "budget = 10"))
    assert [stars_for(level, m) for m in (None, 3, 4, 5, 10, 11)] == [0, 3, 3, 2, 2, 1]
    long = load_level(level_text("x", 1, 1, "par = 40"))  # 40 + 40 // 4
    assert stars_for(long, 50) == 2 and stars_for(long, 51) == 1
    blind = load_level(level_text("x", 1, 1, 'view = "blind"'))
    game = Campaign([blind], {}, _MemoryStore())
    assert game.record(blind, won=True, moves=3, bumps=2, seconds=1.0) == 2  # 5 attempts


class _MemoryStore:
    """The Store API the campaign uses, in memory."""

    def __init__(self):
        self.rows = []

    def record(self, mode, maze, *, won, moves, optimum, seconds, replay=None):
        self.rows.append((mode, maze, won, moves))
        return True

    def solved(self, mode, prefix):
        found = {}
        for m, key, won, moves in self.rows:
            if m == mode and won and key.startswith(prefix):
                found[key] = min(found.get(key, moves), moves)
        return found


def test_progress_survives_a_new_store_on_the_same_file(folder, tmp_path):
    store = Store(tmp_path / "results.sqlite3")
    game = Campaign.load(store, folder)
    game.record(game.levels[0], won=True, moves=3, seconds=1.0)
    game.record(game.levels[1], won=True, moves=4, seconds=1.0)
    store.close()
    again = campaign(folder, tmp_path)
    assert [again.stars(lv) for lv in again.levels] == [3, 2, 0, 0]
    assert again.chapter_unlocked(2) and again.next_level() is again.levels[2]


def test_an_edited_level_starts_fresh(folder, tmp_path):
    game = campaign(folder, tmp_path)
    game.record(game.levels[0], won=True, moves=3, seconds=1.0)
    before = level_key(game.levels[0])
    # the same id, a different maze (the goal moved one cell)
    moved = level_text("a1", 1, 1).replace("S           G", "S       G    ")
    (folder / "a1.toml").write_text(moved, encoding="utf-8")
    edited = campaign(folder, tmp_path)
    assert level_key(edited.levels[0]) != before and before.startswith("a1:")
    assert edited.stars(edited.levels[0]) == 0
    assert edited.stars(edited.levels[1]) == 0  # untouched level, never won


def test_bad_files_are_left_out_and_reported(folder, tmp_path):
    (folder / "broken.toml").write_text("id = [", encoding="utf-8")
    game = campaign(folder, tmp_path)
    assert len(game.levels) == 4 and len(game.errors) == 1
    assert str(game.errors[0]).startswith(str(folder / "broken.toml") + ":1:")


def test_results_are_stored_under_the_level_mode(folder, tmp_path):
    store = _MemoryStore()
    game = Campaign.load(store, folder)
    game.record(game.levels[0], won=True, moves=3, seconds=1.0)
    assert store.rows == [(MODE, level_key(game.levels[0]), True, 3)]


# -- levels as game setups ----------------------------------------------------------------------
def test_a_view_level_plays_in_its_mode():
    level = load_level(level_text("x", 1, 1, 'view = "blind"', "budget = 7", 'wrap = "x"'))
    setup = setup_for(level)
    assert (setup.mode, setup.level_id, setup.size) == ("blind", "x", (4, 1))
    assert setup.wrap_x and not setup.wrap_y and setup.level.start == level.maze.start
    game = BlindGame(setup.build().maze)
    assert setup_budget(setup, game.shortest) == 7
    assert setup_budget(replace(setup, options=(("budget", 2.5),)), 4) == 10
    eye = setup_for(load_level(level_text("x", 1, 1, 'view = "eye"')))
    assert eye.mode == "eye" and eye.options == (("difficulty", "normal"),)  # aids: map


def test_a_demon_level_is_a_turn_based_chase_with_its_demon():
    text = ('id = "x"\nchapter = 1\norder = 1\ntitle = "T"\nview = "eye"\n[maze]\n'
            'picture = """\n┌───────────────────────┐\n│     S               G │\n'
            '└───────────────────────┘\n"""\n'
            '[demon]\npersonality = "cheese"\nspeed = "1/2"\nstart = [0, 0]\n')
    level = load_level(text)
    setup = setup_for(level)
    assert setup.mode == "chase"
    assert setup.settings.view == "eye" and setup.settings.demon == "cheese"
    assert setup.settings.turn_based is True
    kwargs = setup_overrides(setup)
    assert kwargs == {"speed": Fraction(1, 2), "head_start": 0, "demon": 0,
                      "player": level.maze.start}
    game = new_chase(setup.level, view="eye", personality="cheese", turn_based=True, **kwargs)
    assert (game.position, game.demon_cell) == (level.maze.start, 0)
    assert game.rules.speed == Fraction(1, 2) and game.rules.head_start == 0
    assert setup_overrides(replace(setup, options=(), level_id=None)) == {}


# -- every shipped level ---------------------------------------------------------------------
def test_every_shipped_file_loads():
    assert {p.stem for p in SHIPPED} >= {"first-steps", "fig23-bounded", "fig23-wrapped",
                                         "one-way-1", "chapters"}
    levels, errors = scan_levels(asset("levels"))
    assert errors == []
    assert len(levels) == len(SHIPPED) - 1  # all but chapters.toml


def directions(maze, path: list[int]) -> list[int]:
    """The moves (0..3) that walk a path of neighbouring cells."""
    moves = []
    for a, b in zip(path, path[1:], strict=False):
        moves.append(next(d for d in range(4) if maze.step(a, d) == b))
    return moves


@pytest.mark.parametrize("level", load_levels(asset("levels")), ids=lambda lv: lv.id)
def test_every_shipped_level_is_won_by_bfs_within_budget_and_at_par(level):
    maze = setup_for(level).build().maze
    dist, parent, _ = bfs(maze_graph(maze), maze.start)
    goal = min((g for g in maze.goals if dist[g] >= 0), key=lambda g: dist[g])
    path = path_to(dist, parent, goal)
    assert len(path) - 1 == level.shortest <= level.par
    game = BlindGame(maze, budget=level.budget) if level.view == "blind" else WalkGame(maze)
    for d in directions(maze, path):
        assert not game.won
        game.move(d)
    assert game.won and game.moves == level.shortest and game.bumps == 0
    assert level.budget is None or game.moves <= level.budget
    assert stars_for(level, game.moves) == 3


def test_the_campaign_teaches_one_idea_a_chapter():
    """At least 30 levels; figure 23 opens the wrap chapter, bounded then wrapped; the later
    chapters hold what their titles promise; every shipped maze is a picture (a generator
    change cannot move a level under a player's stars)."""
    levels = load_levels(asset("levels"))
    assert len(levels) >= 30
    by_chapter = {n: [lv for lv in levels if lv.chapter == n] for n in range(1, 8)}
    assert all(by_chapter.values())
    assert {lv.view for lv in by_chapter[2]} == {"blind"}
    assert {lv.view for lv in by_chapter[3]} == {"eye"}
    wrap = by_chapter[4]
    assert [lv.id for lv in wrap[:2]] == ["fig23-bounded", "fig23-wrapped"]
    assert all(lv.maze.wrap_x or lv.maze.wrap_y for lv in wrap[1:])
    assert all(lv.one_way_doors for lv in by_chapter[5])
    dark = by_chapter[6]
    assert all(lv.view in ("eye", "blind") and lv.one_way_doors for lv in dark)
    assert any(lv.view == "eye" and lv.maze.wrap_x and lv.maze.wrap_y for lv in dark)
    assert all(lv.demon and lv.maze.wrap_x and lv.maze.wrap_y for lv in by_chapter[7])
    assert all("picture" in lv.source["maze"] for lv in levels)
