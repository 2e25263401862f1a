"""The bureaucracy: "Contact Mr. X" (Suits 6.4).

Every cell is an office with an occupant (a name, a title, a department); an open door is
that neighbour's occupant, whom you may contact, and contacting them takes you to their
office. A closed door is one of the ten unhelpful persons of the fixed cast, chosen at random
(seeded) per closed door: they always refuse, so a player learns their names, which is
learning to recognise a closed door. Mr. X's office is the goal.

Titles follow rank (`[[rank]]` in the content, most senior first): the nearer an office is to
Mr. X by the maze's distance labels, the grander its occupant, so climbing the hierarchy is
the way to Mr. X. Words are in `assets/interpreted/bureaucracy.toml`; everything is a pure
function of (maze, seed, cell).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from mazegame.games.interpreted.base import Option, Scene, goal_distances
from mazegame.games.interpreted.content import Content, Rule, load_content

if TYPE_CHECKING:
    from mazegame.engine.grid import Maze

CAST_SIZE = 10  #: the unhelpful persons: exactly ten (Suits' number)
SIDES = 4  #: options a scene shows: one a side, so a scene needs this many different lines

SCHEMA = {
    "goal_name": Rule("string"), "goal_title": Rule("string"),
    "goal_department": Rule("string"), "start_name": Rule("string"),
    "start_department": Rule("string"), "start_hint": Rule("string"),
    "rank": Rule("tables", 2, {"titles": Rule("strings"), "rival": Rule("string")}),
    "departments": Rule("strings", SIDES),
    "first_names": Rule("strings", 10), "surnames": Rule("strings", 10),
    "lines": Rule("strings", SIDES), "details": Rule("strings"),
    "start_scenes": Rule("strings"), "goal_scenes": Rule("strings"),
    "goal_lines": Rule("strings"),
    "rival_names": Rule("strings"), "rival_reached": Rule("strings"),
    "cast": Rule("tables", CAST_SIZE, {
        "name": Rule("string"), "department": Rule("string"),
        "lines": Rule("strings"), "refusals": Rule("strings"),
    }),
}


@dataclass(frozen=True)
class Person:
    """Someone in the bureau: who they are, and where."""

    name: str
    title: str
    department: str

    def __str__(self) -> str:
        if not self.title:
            return f"{self.name} ({self.department})"
        return f"{self.name}, {self.title} ({self.department})"


@cache
def content() -> Content:
    """The bureau's words, loaded and checked (ContentError: file:line)."""
    return check(load_content("bureaucracy", SCHEMA))


def check(doc: Content) -> Content:
    """The bureau's own rules beyond the schema: exactly ten cast members, all different,
    and none whose surname could be an open door's person."""
    cast = doc["cast"]
    if len(cast) != CAST_SIZE:
        raise doc.fail(("cast", CAST_SIZE), f"the cast is exactly {CAST_SIZE} unhelpful "
                                            f"persons, not {len(cast)}")
    names: set[str] = set()
    surnames = set(doc["surnames"])
    for i, member in enumerate(cast):
        name = member["name"]
        if name in names:
            raise doc.fail(("cast", i, "name"), f"{name!r} is in the cast twice")
        names.add(name)
        if name.split()[-1] in surnames:
            raise doc.fail(("cast", i, "name"), f"{name.split()[-1]!r} is also in surnames: "
                                                "an open door could pass for a cast member")
    return doc


class Bureaucracy:
    """The bureau built over one maze: the occupant of each office and each office's scene."""

    kind = "bureaucracy"

    def __init__(self, maze: Maze, seed: int, difficulty: str = "normal") -> None:
        self.maze, self.seed, self.difficulty = maze, int(seed), difficulty
        self.words = content()
        self.distances = goal_distances(maze)
        self.farthest = max(1, int(self.distances.max()))
        rng = random.Random(f"bureaucracy:{self.seed}")
        # Everyone a different surname while they last, and a different full name for
        # lcm(first names, surnames) offices (thousands): name k is (first[k % F], sur[k % S]).
        self._order = rng.sample(range(maze.size), maze.size) if maze.size <= 1 << 16 else None
        self._first = rng.sample(range(len(self.words["first_names"])),
                                 len(self.words["first_names"]))
        self._last = rng.sample(range(len(self.words["surnames"])), len(self.words["surnames"]))
        self.rival = rng.choice(self.words["rival_names"])
        self._scenes: dict[int, Scene] = {}

    # -- who is where -----------------------------------------------------------------------
    def occupant(self, cell: int) -> Person:
        """Who works in an office (Mr. X in the goal's; the front desk at the start)."""
        w = self.words
        if cell in self.maze.goals:
            return Person(w["goal_name"], w["goal_title"], w["goal_department"])
        if cell == self.maze.start:
            return Person(w["start_name"], "", w["start_department"])
        rng = random.Random(f"bureaucracy:{self.seed}:person:{cell}")
        k = self._order[cell] if self._order is not None else rng.randrange(1 << 30)
        first = w["first_names"][self._first[k % len(self._first)]]
        name = f"{first} {w['surnames'][self._last[k % len(self._last)]]}"
        return Person(name, self.title(cell), rng.choice(w["departments"]))

    def title(self, cell: int) -> str:
        """A title of the rank that goes with an office's distance from Mr. X (nearer:
        higher); which title of the rank is the seed's choice."""
        ranks = self.words["rank"]
        rng = random.Random(f"bureaucracy:{self.seed}:title:{cell}")
        return rng.choice(ranks[self.rank(cell)]["titles"])

    def rank(self, cell: int) -> int:
        """0 (the most senior, next to Mr. X) .. len(ranks) - 1, by the distance to Mr. X."""
        return self.rank_at(int(self.distances[cell]))

    def rank_at(self, d: int) -> int:
        """The rank of the offices `d` moves from Mr. X (unreachable: the lowest)."""
        last = len(self.words["rank"]) - 1
        if d < 0:
            return last
        return min(max(round((d - 1) / max(1, self.farthest - 1) * last), 0), last)

    # -- scenes ---------------------------------------------------------------------------
    def scene(self, cell: int) -> Scene:
        """An office as the player meets it, with one contact per side (open or closed)."""
        cell = int(cell)
        if cell not in self._scenes:
            self._scenes[cell] = self._scene(cell)
        return self._scenes[cell]

    def _scene(self, cell: int) -> Scene:
        w, maze = self.words, self.maze
        rng = random.Random(f"bureaucracy:{self.seed}:scene:{cell}")
        if cell == maze.start:
            text = f"{rng.choice(w['start_scenes'])} {w['start_hint']}"
        elif cell in maze.goals:
            text = rng.choice(w["goal_scenes"])
        else:
            me = self.occupant(cell)
            text = f"The office of {me}. {rng.choice(w['details'])}"
        lines = rng.sample(w["lines"], SIDES)  # different lines in one office
        cast = rng.sample(range(CAST_SIZE), SIDES)  # and different unhelpful persons
        options = []
        for door in range(SIDES):
            to = maze.step(cell, door)
            if to != cell:
                person = self.occupant(to)
                said = rng.choice(w["goal_lines"]) if to in maze.goals else lines[door]
                options.append(Option(door, True, f"{person}: “{said}”", to=to,
                                      extra={"person": person.name}))
            else:
                member = w["cast"][cast[door]]
                options.append(Option(
                    door, False, f"{member['name']} ({member['department']}): "
                                 f"“{rng.choice(member['lines'])}”",
                    extra={"person": member["name"], "cast": cast[door],
                           "refusal": rng.choice(member["refusals"])}))
        rng.shuffle(options)  # the order says nothing about the sides
        return Scene(cell, text, tuple(options))

    # -- the rival, in the idiom ----------------------------------------------------------
    @property
    def goal_text(self) -> str:
        """One line for the screen: the task."""
        return "Contact Mr. X. Each person you contact refers you to someone else."

    @property
    def opening_text(self) -> str:
        """What the player is told at the start."""
        return ("You need a signature from Mr. X, and only Mr. X. Nobody knows which office "
                "he is in, but everybody knows someone who might. Titles rise as you get "
                "closer; some people are no help at all, and you will learn their names.")

    def rival_line(self, distance_left: int, reached: bool) -> str:
        """Where the rival (another visitor with a letter for Mr. X) has got to, told by
        the rank of the offices at that distance from Mr. X (the ladder the player climbs)."""
        w = self.words
        if reached:
            return w["rival_reached"][0].format(rival=self.rival)
        return w["rank"][self.rank_at(distance_left)]["rival"].format(rival=self.rival)


def build(maze: Maze, seed: int, difficulty: str = "normal") -> Bureaucracy:
    """The bureaucracy over a maze (KINDS' entry)."""
    return Bureaucracy(maze, seed, difficulty)
