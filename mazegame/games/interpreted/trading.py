"""The trading game (Suits 6.4): a market underneath which lies a maze.

You start holding the start cell's item; every cell holds one item, and each open door is a
dealer offering the item of the cell beyond it in exchange for yours. Taking the offer is the
move. Closed doors are offers that cannot be taken (sold out, not for sale, ...).

An offer names the item, never its worth: you learn what a thing is worth by holding it
(the scene says it, and the trade's line says what the trade came to, a gain or a loss), so
the market is learnt as the bureaucracy's unhelpful persons are. Only the item's tier (junk
to treasure, by nearness to the goal) shows before you choose.

The rule, in full:

- An item's worth is a function of its cell's distance d to the goal (BFS over the door
  graph, `base.goal_distances`): a table `worth[d]`, geometric from `start_worth` far away to
  the goal item's worth at d = 0, strictly decreasing in d by at least `cut + 1` a step.
  Each cell adds a jitter below the gap to the next level nearer the goal, so every item at
  distance d is worth less than every item at d - 1: value rises toward the goal for every
  offer, and a trade one step nearer always gains more than the cut.
- The dealer keeps a cut (crowns, by difficulty) on every trade. Going back means trading
  back for what you held before, which is worth less, and paying the cut again: a trade there
  and back always loses.
- What you hold is appraised (`appraise`) as exactly as the difficulty allows.
- The score (`score(route)`): the item held at the end, its worth, the trades made, the cut
  paid, and the net (worth minus cut).

Content (`assets/interpreted/trading.toml`): currency, start_worth, rules per difficulty
(cut, appraisal: exact / rough / vague), vague appraisal words, goals (name, worth, blurb),
item tiers (adjectives x nouns, humble to grand), dealers (and which are plural), offer and
refusal templates ("[has|have]": the verb for a singular or a plural dealer), places, colour
lines, held-item lines.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mazegame.games.interpreted.base import Option, Scene
from mazegame.games.interpreted.content import Content, ContentError, Rule, load_content
from mazegame.games.interpreted.phrasing import (
    AGREEMENT,
    agree,
    cell_rng,
    distance_levels,
    entry_line,
    pick,
    sentence,
    with_article,
)

KIND = "trading"
_STREAM_SCENE, _STREAM_ITEMS, _STREAM_WORTH, _STREAM_GOAL = 1, 2, 3, 4


@dataclass(frozen=True)
class Item:
    """A thing that can be held: its name (without article) and worth in the currency."""

    name: str
    worth: int

    @property
    def a(self) -> str:
        """The name with its article: 'a brass compass', 'the Jade Elephant of Kesh'."""
        return with_article(self.name)


@dataclass(frozen=True)
class TradeScore:
    """How a trading game ended: what is held, what the trades cost, and the net."""

    held: Item
    trades: int
    cut_paid: int
    net: int
    reached_goal: bool
    text: str


SCHEMA = {
    "currency": Rule("string"),
    "start_worth": Rule("int", 1),
    "vague": Rule("tables", 1, {"words": Rule("string")}),
    "goals": Rule("tables", 1, {"name": Rule("string"), "worth": Rule("int", 100),
                                "blurb": Rule("string")}),
    "tiers": Rule("tables", 2, {"name": Rule("string"), "adjectives": Rule("strings", 4),
                                "nouns": Rule("strings", 4)}),
    "dealers": Rule("strings", 8),  # four doors a scene, none twice
    "plural_dealers": Rule("strings", 0),  # dealers who take "[has|have]"'s plural verb
    "offers": Rule("strings", 4),
    "refusals": Rule("strings", 4),
    "places": Rule("strings", 1),
    "colour": Rule("strings", 1),
    "held": Rule("strings", 1),
    "rivals": Rule("strings", 1),
}
_APPRAISALS = ("exact", "rough", "vague")
#: The placeholders each kind of template may use: an offer states no worth.
_WORDS = {"offers": {"dealer": "D", "offer": "an O", "offer_name": "O", "held": "H"},
          "refusals": {"dealer": "D", "offer": "an O", "offer_name": "O", "held": "H"},
          "held": {"held": "H", "worth": "W"}}


def check_content(doc: Content) -> None:
    """What the schema cannot say: a rule for every difficulty, vague words in rising order
    ending at inf, templates that use only the known {placeholders}."""
    from mazegame.games.modes import DIFFICULTIES

    rules = doc.get("rules")
    if not isinstance(rules, dict):
        raise doc.fail((), "missing [rules.DIFFICULTY] tables (cut, appraisal)")
    for name in DIFFICULTIES:
        rule = rules.get(name)
        if not isinstance(rule, dict):
            raise doc.fail(("rules",), f"missing [rules.{name}] (cut, appraisal)")
        cut = rule.get("cut")
        if not isinstance(cut, int) or isinstance(cut, bool) or cut < 0:
            raise doc.fail(("rules", name, "cut"), f"cut must be a whole number >= 0, not {cut!r}")
        if rule.get("appraisal") not in _APPRAISALS:
            raise doc.fail(("rules", name, "appraisal"),
                           f"appraisal must be one of {', '.join(_APPRAISALS)}")
    bounds = [v.get("below") for v in doc["vague"]]
    for i, below in enumerate(bounds):
        if not isinstance(below, int | float) or (i and below <= bounds[i - 1]):
            raise doc.fail(("vague", i, "below"), "below must be a number, rising table by table")
    if bounds[-1] != float("inf"):
        raise doc.fail(("vague", len(bounds) - 1, "below"), "the last [[vague]] needs below = inf")
    for key, words in _WORDS.items():
        for template in doc[key]:
            why = _template_problem(template, words)
            if why:
                raise ContentError(doc.located.path, entry_line(doc, key, template),
                                   f"{key} holds {template!r}: {why}")
    for i, name in enumerate(doc["plural_dealers"]):
        if name not in doc["dealers"]:
            raise doc.fail(("plural_dealers", i), f"{name!r} is not one of the dealers")


def _template_problem(template: str, words: dict) -> str:
    """Why a template cannot be used ("" if it can): a placeholder it may not use (an offer
    that states a worth), a broken one, or a "[" that is not a "[singular|plural]" pair."""
    for plural in (False, True):
        text = agree(template, plural)
        try:
            text.format(**words)
        except (KeyError, IndexError, ValueError) as err:
            why = f"unknown or broken placeholder {err} (known: {', '.join(words)})"
            if str(err) == "'worth'":
                why += "; an offer states no worth: the player learns it by holding the item"
            return why
        if "[" in text or "]" in text:
            return f'a "[" or "]" outside a [singular|plural] pair ({AGREEMENT.pattern})'
    return ""


class TradingInterpretation:
    """A maze read as a market: `scene(cell)`, the items, their worth, and the score."""

    kind = KIND

    def __init__(self, maze, seed: int, difficulty: str, content: dict) -> None:
        self.maze = maze
        self.seed = int(seed)
        self.difficulty = getattr(difficulty, "name", difficulty)
        self.content = content
        rule = content["rules"][self.difficulty]
        self.cut: int = int(rule["cut"])  #: crowns the dealer keeps on every trade
        self.appraisal: str = rule["appraisal"]
        self.currency: str = content["currency"]
        self.levels, self.far = distance_levels(maze)
        goals = content["goals"]
        self.goal_entry = goals[int(cell_rng(seed, 0, _STREAM_GOAL).integers(len(goals)))]
        self.worth_table = _worth_table(int(content["start_worth"]), int(self.goal_entry["worth"]),
                                        self.far, self.cut + 1)
        self._worth = self._cell_worths()
        self._names = self._assign_names()
        self.plural = frozenset(content.get("plural_dealers", ()))  #: "two sisters ..." have

    # -- the items -----------------------------------------------------------------------
    def item(self, cell: int) -> Item:
        """The item held in a cell (the goal cells hold the goal item)."""
        return Item(self._names[cell], int(self._worth[cell]))

    @property
    def goal_item(self) -> Item:
        """The item the player is after, named at the start."""
        return self.item(self.maze.goals[0])

    @property
    def start_item(self) -> Item:
        """The item the player starts with."""
        return self.item(self.maze.start)

    @property
    def goal_text(self) -> str:
        """One line for the screen's header: what to trade up to."""
        goal = self.goal_item
        return f"Trade up to {goal.name} ({self.money(goal.worth)})."

    @property
    def opening_text(self) -> str:
        """The story told before the first move."""
        start, goal = self.start_item, self.goal_item
        cut = (f"Every dealer keeps a cut of {self.money(self.cut)} a trade, so trading back "
               "always costs you." if self.cut else
               "The dealers take no cut today, but trading back still means holding less.")
        return (f"You come to market with nothing but {start.a}, worth "
                f"{self.appraise(start.worth)}. "
                f"Somewhere in this town is {goal.name}: {self.goal_entry['blurb']}. "
                f"Every dealer trades item for item, and you may take one offer at a time; what a "
                f"thing is worth you learn once it is yours. {cut} Trade your way up.")

    def money(self, amount: int) -> str:
        """An exact amount: '1,200 crowns', '1 crown'."""
        unit = self.currency[:-1] if amount == 1 and self.currency.endswith("s") else self.currency
        return f"{amount:,} {unit}"

    def appraise(self, amount: int) -> str:
        """What a dealer says an item is worth, as exactly as the difficulty allows."""
        if self.appraisal == "exact" or amount < 10:
            return self.money(amount)
        if self.appraisal == "rough":
            digits = 1 if amount < 100 else 2
            rounded = int(round(amount, digits - len(str(amount))))
            return f"about {self.money(rounded)}"
        return next(v["words"] for v in self.content["vague"] if amount < v["below"])

    # -- scenes --------------------------------------------------------------------------
    def scene(self, cell: int) -> Scene:
        """The market scene of a cell: where you are, what you hold, one offer a side."""
        c = self.content
        rng = cell_rng(self.seed, cell, _STREAM_SCENE)
        held = self.item(cell)
        text = " ".join((pick(rng, c["places"]) + ".", pick(rng, c["colour"]),
                         pick(rng, c["held"]).format(held=held.a, worth=self.appraise(held.worth))))
        dealers = pick(rng, c["dealers"], 4)
        offers = pick(rng, c["offers"], 4)
        refusals = pick(rng, c["refusals"], 4)
        used = {held.name}
        options = []
        for slot, side in enumerate(rng.permutation(4)):
            side = int(side)
            if self.maze.is_open(cell, side):
                to = self.maze.step(cell, side)
                offer = self.item(to)
                used.add(offer.name)
                line = self._said(offers[slot], dealers[slot]).format(
                    dealer=dealers[slot], offer=offer.a, offer_name=offer.name, held=held.name)
                options.append(Option(side, True, sentence(line), to=to, value=float(offer.worth),
                                      extra={"item": offer.name, "dealer": dealers[slot]}))
            else:
                options.append((slot, side))  # worded below, once every real offer is known
        return Scene(cell, text, tuple(
            o if isinstance(o, Option) else self._refusal(rng, cell, o, dealers, refusals, used)
            for o in options))

    def _refusal(self, rng, cell, slot_side, dealers, refusals, used) -> Option:
        """A closed door: an offer, in the scene's tier, that cannot be taken."""
        slot, side = slot_side
        tier = self.content["tiers"][self._tier(cell)]
        while True:
            name = f"{pick(rng, tier['adjectives'])} {pick(rng, tier['nouns'])}"
            if name not in used:
                break
        used.add(name)
        line = self._said(refusals[slot], dealers[slot]).format(
            dealer=dealers[slot], offer=with_article(name), offer_name=name,
            held=self._names[cell])
        refusal = f"No deal. You still hold {with_article(self._names[cell])}."
        return Option(side, False, sentence(line),
                      extra={"item": name, "dealer": dealers[slot], "refusal": refusal})

    def _said(self, template: str, dealer: str) -> str:
        """A template with its verbs agreeing with the dealer ("two sisters ... have")."""
        return agree(template, dealer in self.plural)

    def trade_text(self, before: int, after: int) -> str:
        """What a trade from cell `before` to `after` came to, told once it is made: a gain
        (a step nearer the goal) or a loss (a step away, or back), with the dealer's cut."""
        gave, got = self.item(before), self.item(after)
        net = got.worth - gave.worth - self.cut
        change = "a gain" if net > 0 else "a loss"
        if self.appraisal == "exact":
            change += f" of {self.money(abs(net))}"
        cut = f" after the dealer's cut of {self.money(self.cut)}" if self.cut else ""
        return (f"You trade your {gave.name} for {got.a}, worth {self.appraise(got.worth)}: "
                f"{change}{cut}.")

    @property
    def rival(self) -> str:
        """The rival trader's name (the seed's choice)."""
        return pick(cell_rng(self.seed, 1, _STREAM_GOAL), self.content["rivals"])

    def rival_line(self, distance_left: int, reached: bool) -> str:
        """The rival's progress, told as a trader's."""
        goal = self.goal_item.name
        if reached:
            return f"{sentence(self.rival)} has already traded up to {goal}."
        if distance_left < 0:
            return f"{sentence(self.rival)} has lost the thread of the market."
        trades = f"{distance_left} trade{'s' * (distance_left != 1)}"
        return f"{sentence(self.rival)} is {trades} away from {goal}."

    # -- the score -----------------------------------------------------------------------
    def score(self, route) -> TradeScore:
        """The score of a route (the cells visited, start first): each move is one trade."""
        route = [int(c) for c in route]
        held = self.item(route[-1])
        trades = len(route) - 1
        cut_paid = trades * self.cut
        net = held.worth - cut_paid
        reached = route[-1] in self.maze.goals
        text = (f"You end holding {held.a}, worth {self.money(held.worth)}, after "
                f"{trades} trade{'s' if trades != 1 else ''}")
        text += (f"; the dealers kept {self.money(cut_paid)}. Net: {self.money(net)}."
                 if self.cut else ". Net: " + self.money(net) + ".")
        return TradeScore(held, trades, cut_paid, net, reached, text)

    # -- building ------------------------------------------------------------------------
    def _tier(self, cell: int) -> int:
        """Which item tier a cell's level falls in (the last tier beside the goal)."""
        n = len(self.content["tiers"])
        nearness = 1.0 - self.levels[cell] / self.far
        return min(n - 1, int(nearness * n))

    def _cell_worths(self) -> np.ndarray:
        """Each cell's worth: its level's worth plus a seeded jitter of at most half the gap to
        the next level less the cut (so one step nearer always gains more than the cut)."""
        table = self.worth_table
        lv = self.levels
        gap = np.where(lv > 0, table[np.maximum(lv - 1, 0)] - table[lv], 0)
        room = np.maximum(gap - self.cut - 1, 0) // 2  # half: a level's items stay apart
        u = np.random.default_rng([self.seed & 0x7FFFFFFFFFFFFFFF, _STREAM_WORTH]).random(lv.size)
        return table[lv] + np.floor(u * (room + 1)).astype(np.int64).clip(0, room)

    def _assign_names(self) -> list[str]:
        """Item names: unique across the maze while a tier's names last, and never repeated
        between cells two grid steps apart (so no scene offers the same thing twice)."""
        maze, tiers = self.maze, self.content["tiers"]
        rng = np.random.default_rng([self.seed & 0x7FFFFFFFFFFFFFFF, _STREAM_ITEMS])
        pools = []
        for tier in tiers:
            combos = [f"{a} {n}" for a in tier["adjectives"] for n in tier["nouns"]]
            pools.append([combos[int(i)] for i in rng.permutation(len(combos))])
        order = rng.permutation(maze.size)  # cells draw in a seeded order, not row by row
        next_of = [0] * len(pools)
        names: list[str | None] = [None] * maze.size
        goals = set(maze.goals)
        for cell in (int(c) for c in order):
            if cell in goals:
                names[cell] = self.goal_entry["name"]
                continue
            t = self._tier(cell)
            near = {names[x] for x in _within_two(maze, cell)}
            pool = pools[t]
            while pool[next_of[t] % len(pool)] in near:
                next_of[t] += 1
            names[cell] = pool[next_of[t] % len(pool)]
            next_of[t] += 1
        return names


def _worth_table(start_worth: int, goal_worth: int, far: int, step: int) -> np.ndarray:
    """int64[far + 1]: worth by distance, geometric from the goal's worth (d = 0) down to
    `start_worth` (d = far), strictly decreasing by at least `step` a level."""
    d = np.arange(far + 1)
    curve = goal_worth * (start_worth / goal_worth) ** (d / far)
    table = np.empty(far + 1, dtype=np.int64)
    table[far] = start_worth
    for k in range(far - 1, -1, -1):
        table[k] = max(int(round(curve[k])), table[k + 1] + step)
    return table


def _within_two(maze, cell: int) -> set[int]:
    """Cells one or two grid steps from `cell` (walls ignored, wrap honoured)."""
    out = set()
    for d in range(4):
        n1 = maze.neighbor(cell, d)
        if n1 < 0:
            continue
        out.add(n1)
        for e in range(4):
            n2 = maze.neighbor(n1, e)
            if n2 >= 0:
                out.add(n2)
    out.discard(cell)
    return out


def build(maze, seed: int, difficulty: str = "normal") -> TradingInterpretation:
    """The trading game on a maze: same (maze, seed, difficulty), same market, word for word."""
    content = load_content(KIND, SCHEMA)
    check_content(content)
    return TradingInterpretation(maze, seed, difficulty, content)
