"""The trading game: offers are the open doors, worth rises toward the goal, trading back
costs, and the market is the same for the same seed."""

import re

import pytest

from mazegame.games.interpreted import trading
from mazegame.games.interpreted.content import ContentError, parse_content
from mazegame.games.modes import DIFFICULTIES
from mazegame.locations import asset
from tests.unit.games.interpreted.kinds_checks import (
    assert_no_line_repeats,
    assert_options_match_doors,
    assert_rises_toward_goal,
    braided,
    open_options,
    oracle_distances,
)


@pytest.fixture(scope="module")
def maze():
    return braided()


@pytest.mark.parametrize("difficulty", list(DIFFICULTIES))
def test_offers_are_the_doors_and_worth_rises_toward_the_goal(maze, difficulty):
    market = trading.build(maze, 11, difficulty)
    assert market.kind == "trading"
    assert_options_match_doors(maze, market)
    assert_rises_toward_goal(maze, market, lambda o: o.value)
    assert_no_line_repeats(maze, market)


def test_a_step_nearer_gains_more_than_the_cut_and_a_step_away_loses(maze):
    market = trading.build(maze, 5, "nightmare")
    dist = oracle_distances(maze)
    assert market.cut > 0
    for cell, o in open_options(maze, market):
        held = market.item(cell).worth
        assert o.value == market.item(o.to).worth
        if dist[o.to] < dist[cell]:
            assert o.value - held > market.cut
        else:
            assert o.value < held


def test_trading_there_and_back_loses_and_the_score_counts_trades(maze):
    market = trading.build(maze, 5, "normal")
    start = maze.start
    there = next(o.to for o in market.scene(start).options if o.open)
    stay = market.score([start])
    back = market.score([start, there, start])
    assert (stay.trades, back.trades) == (0, 2)
    assert back.held == stay.held and back.net == stay.net - 2 * market.cut < stay.net
    assert "2 trades" in back.text


def test_the_goal_is_named_at_the_start_and_held_at_the_goal(maze):
    market = trading.build(maze, 9, "easy")
    goal = market.goal_item
    assert market.item(maze.goals[0]) == goal
    assert goal.name in market.goal_text and goal.name in market.opening_text
    assert market.start_item.name in market.opening_text
    assert goal.worth > max(market.item(c).worth for c in range(maze.size) if c != maze.goals[0])
    won = market.score([maze.start, maze.goals[0]])
    assert won.reached_goal and won.held == goal


def test_closed_doors_are_offers_that_cannot_be_taken(maze):
    market = trading.build(maze, 2, "normal")
    closed = [o for c in range(maze.size) for o in market.scene(c).options if not o.open]
    assert closed
    for o in closed:
        assert o.value is None and o.extra["item"] in o.text and o.extra["dealer"]
        assert "crowns" not in o.text  # only real offers state a worth


def test_same_seed_same_market_word_for_word(maze):
    a, b = trading.build(maze, 42, "hard"), trading.build(maze, 42, "hard")
    cells = range(maze.size)
    assert [b.scene(c) for c in reversed(cells)][::-1] == [a.scene(c) for c in cells]
    other = trading.build(maze, 43, "hard")
    assert [other.scene(c).text for c in cells] != [a.scene(c).text for c in cells]


def test_appraisals_follow_the_difficulty(maze):
    exact = trading.build(maze, 1, "easy")
    assert exact.appraise(1234) == "1,234 crowns" and exact.money(1) == "1 crown"
    assert trading.build(maze, 1, "hard").appraise(1234) == "about 1,200 crowns"
    assert "crowns" in trading.build(maze, 1, "nightmare").appraise(47)


def _doc(text):
    doc = parse_content(text, "interpreted/trading.toml", trading.SCHEMA)
    trading.check_content(doc)
    return doc


def test_shipped_content_validates():
    _doc(asset("interpreted", "trading.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("old, new, needle", [
    ("cut = 2\n", "cut = -2\n", "cut = -2"),
    ('appraisal = "vague"', 'appraisal = "psychic"', "psychic"),
    ('"{dealer} will swap {offer}', '"{dealer} will swap {offr}', "{offr}"),
    ('"{dealer} will swap {offer} for', '"{dealer} will swap {offer} ({worth}) for', "({worth})"),
    ('"{dealer} [has|have] {offer} and', '"{dealer} [has|have {offer} and', "[has|have {offer}"),
    ('plural_dealers = ["two sisters', 'plural_dealers = ["three sisters', "three sisters"),
    ('"Old Mags the rag-seller", ', "", None),  # then dealers has 39 entries: still fine
])
def test_a_broken_copy_names_file_and_line(old, new, needle):
    text = asset("interpreted", "trading.toml").read_text(encoding="utf-8")
    assert old in text
    broken = text.replace(old, new, 1)
    if needle is None:
        _doc(broken)
        return
    with pytest.raises(ContentError) as err:
        _doc(broken)
    line = next(i for i, row in enumerate(broken.splitlines(), 1) if needle in row)
    assert str(err.value).startswith(f"interpreted/trading.toml:{line}:")


def test_the_rival_and_the_refusals_speak_as_traders(maze):
    market = trading.build(maze, 3, "normal")
    goal = market.goal_item.name
    assert market.rival_line(3, False).endswith(f"3 trades away from {goal}.")
    assert market.rival_line(1, False).endswith(f"1 trade away from {goal}.")
    assert goal in market.rival_line(0, True) and market.rival[1:] in market.rival_line(0, True)
    for cell in range(maze.size):
        for o in market.scene(cell).options:
            if not o.open:
                assert o.extra["refusal"].endswith(f"{market.item(cell).a}.")


# -- the play-test: offers gave the route away ("take the highest offer", 12 trades) ---------
AMOUNT = re.compile(r"\d")


def shown_amounts(text: str) -> list[int]:
    """The amounts a player could read in a line ("1,200 crowns" -> 1200)."""
    return [int(m.replace(",", "")) for m in re.findall(r"\d[\d,]*", text)]


def highest_offer_bot(market, maze, limit=60) -> list[int]:
    """The route of a player who always takes the offer with the highest worth shown (the
    first open offer when none shows one), until the goal or `limit` trades."""
    route = [maze.start]
    while route[-1] not in maze.goals and len(route) <= limit:
        offers = [o for o in market.scene(route[-1]).options if o.open]
        best = max(offers, key=lambda o: max(shown_amounts(o.text), default=0))
        route.append(best.to)
    return route


@pytest.mark.parametrize("difficulty", list(DIFFICULTIES))
def test_an_offer_states_no_worth_before_you_choose(maze, difficulty):
    market = trading.build(maze, 8, difficulty)
    vague = [v["words"] for v in market.content["vague"]]
    for cell in range(maze.size):
        for o in market.scene(cell).options:
            assert not AMOUNT.search(o.text) and market.currency not in o.text, o.text
            assert not any(words in o.text for words in vague), o.text


def test_the_highest_shown_offer_no_longer_leads_to_the_prize():
    # Before, the bot walked a shortest route on every seed: each offer's worth, shown before
    # choosing, rose toward the goal.
    shortest_walks = 0
    for seed in range(8):
        maze = braided(seed=seed)
        market = trading.build(maze, seed, "normal")
        route = highest_offer_bot(market, maze)
        dist = oracle_distances(maze)
        shortest_walks += route[-1] in maze.goals and len(route) - 1 == dist[maze.start]
    assert shortest_walks < 8


@pytest.mark.parametrize("difficulty", list(DIFFICULTIES))
def test_holding_an_item_shows_its_worth(maze, difficulty):
    market = trading.build(maze, 6, difficulty)
    start = market.start_item  # the story tells it as the scene does
    assert f"{start.a}, worth {market.appraise(start.worth)}." in market.opening_text
    for cell in range(maze.size):
        held = market.item(cell)
        assert f"{held.a}, worth {market.appraise(held.worth)}" in market.scene(cell).text


def test_a_trade_away_from_the_goal_results_in_a_loss_and_nearer_in_a_gain(maze):
    market = trading.build(maze, 5, "normal")
    dist = oracle_distances(maze)
    seen = set()
    for cell, o in open_options(maze, market):
        told = market.trade_text(cell, o.to)
        got = market.item(o.to)
        assert told.startswith(f"You trade your {market.item(cell).name} for {got.a}")
        net = got.worth - market.item(cell).worth - market.cut
        if dist[o.to] < dist[cell]:
            assert net > 0 and f"a gain of {market.money(net)}" in told
            seen.add("gain")
        else:
            assert net < 0 and f"a loss of {market.money(-net)}" in told
            seen.add("loss")
    assert seen == {"gain", "loss"}


def test_a_trade_is_told_after_it_is_made():
    from mazegame.games.interpreted.game import Outcome, new_game

    game = new_game("trading", seed=5, rival=False)
    start = game.position
    index = next(i for i, o in enumerate(game.scene().options) if o.open)
    assert game.take(index) is Outcome.MOVED
    assert game.last_text == game.interpretation.trade_text(start, game.position)


def test_plural_dealers_take_plural_verbs():
    # "Two sisters at a trestle table has a ..." (the offer templates' verbs were singular).
    sisters = "two sisters at a trestle table"
    said = []
    for seed in range(40):
        maze = braided(seed=seed % 4)
        market = trading.build(maze, seed, "normal")
        said += [o.text for c in range(maze.size) for o in market.scene(c).options
                 if o.extra["dealer"] == sisters]
    assert len(said) > 10
    singular = {"has", "is", "offers", "wants", "asks", "asks:", "holds", "eyes", "unwraps",
                "swears", "shows", "laughs"}
    for line in said:
        after = line.lower().split(sisters, 1)[1].split()
        assert not after or after[0] not in singular, line


def test_agreement_pairs_pick_the_verb_for_the_subject():
    from mazegame.games.interpreted.phrasing import agree

    assert agree("{dealer} [has|have] it and [wants|want] more", True) == \
        "{dealer} have it and want more"
    assert agree("{dealer} [has|have] it", False) == "{dealer} has it"
