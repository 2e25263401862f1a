"""The maze of the day: its seed, the fixed setup every player gets, the day as typed,
and the line to share."""

import datetime as dt

import pytest

from mazegame.games.daily import (
    DAILY_GENERATOR,
    DAILY_SIZE,
    daily_modes,
    daily_seed,
    daily_setup,
    has_daily,
    parse_day,
    share_line,
    stars,
)
from mazegame.games.modes import MODES
from mazegame.games.setup import SEED_LIMIT

DAY = dt.date(2026, 11, 27)


def test_the_seed_is_fixed_for_a_date_and_mode_on_every_machine():
    # sha256 of "mazegame daily 2026-11-27 classic": no platform, locale or hash seed in it
    assert daily_seed(DAY, "classic") == 1216137710
    assert daily_seed(DAY, "race") == 1687216530


def test_the_seed_is_the_same_for_the_same_day_and_differs_across_modes_and_days():
    assert daily_seed(DAY, "chase") == daily_seed(dt.date(2026, 11, 27), "chase")
    seeds = {daily_seed(DAY + dt.timedelta(days=n), mode)
             for n in range(30) for mode in daily_modes()}
    assert len(seeds) == 30 * len(daily_modes())
    assert all(0 <= seed < SEED_LIMIT for seed in seeds)


def test_the_modes_with_a_maze_of_the_day_are_read_from_their_specs():
    assert daily_modes() == tuple(name for name, spec in MODES.items()
                                  if spec.maze_settings and spec.builds and spec.replay)
    for name in ("classic", "blind", "eye", "chase", "race", "trading"):
        assert name in daily_modes()
    for name in ("jump", "campaign", "lab", "rat", "editor", "allmazes", "blindfold"):
        assert not has_daily(MODES[name]), name


@pytest.mark.parametrize("mode", daily_modes())
def test_a_days_setup_is_fixed_whatever_the_players_settings(mode):
    setup = daily_setup(DAY, mode)
    spec = MODES[mode]
    assert (setup.mode, setup.seed, setup.daily) == (mode, daily_seed(DAY, mode), "2026-11-27")
    assert setup.algorithm == DAILY_GENERATOR == "backtracker"
    assert setup.size == (spec.default_size or DAILY_SIZE)  # never "fit the screen"
    assert (setup.wrap_x, setup.wrap_y, setup.one_way, setup.level) == (False, False, 0.0, None)
    assert dict(setup.options) == {c.key: c.default_value for c in spec.choices}
    setup.check_settings()


def test_the_chase_of_the_day_is_played_at_normal_from_above():
    settings = daily_setup(DAY, "chase").settings
    assert (settings.difficulty, settings.seen_in, settings.turn_based) == \
        ("normal", "birds-eye", False)


def test_the_same_day_builds_the_same_maze_on_any_screen():
    from mazegame.games.replay import build_maze

    one = build_maze(daily_setup(DAY, "classic"), (9, 5))
    two = build_maze(daily_setup(DAY, "classic"), (61, 30))
    assert (one.width, one.height) == DAILY_SIZE
    assert (one.walls == two.walls).all()
    other = build_maze(daily_setup(DAY + dt.timedelta(days=1), "classic"), (9, 5))
    assert not (one.walls == other.walls).all()


def test_a_mode_without_a_maze_of_the_day_is_refused():
    with pytest.raises(LookupError, match="no maze of the day"):
        daily_setup(DAY, "jump")


@pytest.mark.parametrize("text", ["2026-11-27", "2024-02-29", "1999-01-01"])
def test_a_day_typed_is_read(text):
    assert parse_day(text, DAY) == dt.date.fromisoformat(text)


@pytest.mark.parametrize(("text", "said"), [
    ("2026-11-28", "has not come yet"), ("2025-02-29", "no date"), ("2026-13-01", "no date"),
    ("27/11/2026", "YYYY-MM-DD"), ("２０２６-11-27", "YYYY-MM-DD"), ("2026-1-27", "YYYY-MM-DD"),
    ("20261127", "YYYY-MM-DD"), ("", "YYYY-MM-DD"), (" 2026-11-27", "YYYY-MM-DD"),
])
def test_a_bad_day_is_refused_saying_why(text, said):
    with pytest.raises(ValueError, match=said):
        parse_day(text, DAY)


@pytest.mark.parametrize(("moves", "got", "drawn"), [
    (131, 3, "★★★"), (163, 2, "★★☆"), (164, 1, "★☆☆"),
])
def test_the_share_line_for_three_two_and_one_stars(moves, got, drawn):
    assert stars(moves, 131) == got
    assert share_line(DAY, "race", moves, 131, 102.9) == \
        f"mazegame daily 2026-11-27 race: {moves} moves (par 131) {drawn} 1:42"


def test_the_issues_share_line_exactly():
    assert share_line(DAY, "race", 143, 131, 102) == \
        "mazegame daily 2026-11-27 race: 143 moves (par 131) ★★☆ 1:42"


def test_a_lost_game_shares_no_star():
    assert stars(20, 31, won=False) == 0
    assert share_line(DAY, "chase", 20, 31, 9, won=False) == \
        "mazegame daily 2026-11-27 chase: lost after 20 moves (par 31) ☆☆☆ 0:09"


def test_the_best_of_a_day_is_the_shortest_win_else_the_latest_game():
    from types import SimpleNamespace as Row

    from mazegame.games.daily import best_of_day, day_summary

    def row(mode, won, moves, at, day="2026-11-27"):
        return Row(mode=mode, won=won, moves=moves, optimum=90, seconds=60.0,
                   played_at=at, daily=day)

    rows = [row("race", False, 3, 1), row("race", True, 120, 2), row("race", True, 95, 3),
            row("chase", False, 1, 5), row("chase", False, 30, 6),
            row("classic", True, 10, 1, day="2026-11-26")]
    best = best_of_day(rows, DAY)
    assert list(best) == ["chase", "race"]  # menu order; yesterday's classic is not today's
    assert (best["race"].moves, best["chase"].moves) == (95, 30)
    assert day_summary(rows, DAY) == "chase lost ☆☆☆ · race 95 moves ★★☆"
    assert share_line(DAY, "chase", 1, 9, 3, won=False).endswith(
        "lost after 1 move (par 9) ☆☆☆ 0:03")
