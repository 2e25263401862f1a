"""What every interpreted maze shares: scenes, options, and the registry of kinds.

A Scene is one cell as the player meets it: a line of text and one Option for each of the
four sides, open or closed, in the order shown. An open option leads through its door to a
neighbouring cell; a closed one leads nowhere (the kind says how it refuses). Everything is
a pure function of (maze, seed, cell): the same seed gives the same game, word for word.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from mazegame.engine.grid import Maze

DOOR_LETTERS = "NESW"  #: side d (0..3, engine.grid's N, E, S, W) as the export names it


@dataclass(frozen=True)
class Option:
    """One choice in a scene: the side of the cell it stands for and what the player sees."""

    door: int  #: 0..3 = N, E, S, W
    open: bool
    text: str
    to: int | None = None  #: the cell it leads to (None: a closed door)
    value: float | None = None  #: trading: what the item offered is worth
    difficulty: int | None = None  #: instructional: how hard the problem is
    extra: dict = field(default_factory=dict, compare=False)  #: a kind's own data (a problem)


@dataclass(frozen=True)
class Scene:
    """One cell as the player meets it: its text and its four options, in display order."""

    cell: int
    text: str
    options: tuple[Option, ...]


class Interpretation(Protocol):
    """A kind of interpreted maze: builds the scene of any cell, deterministically."""

    kind: str

    def scene(self, cell: int) -> Scene:
        """The scene of a cell (the same every time it is asked)."""
        ...


def goal_distances(maze: Maze):
    """Moves from each cell to the nearest goal (-1: none), over the directed door graph."""
    from mazegame.engine.oneway import goal_distances as distances

    return distances(maze)


# -- what the game asks of a kind beyond `scene` (optional hooks, with defaults) -----------
def default_rival_line(distance_left: int, reached: bool) -> str:
    """The rival's progress in plain words (a kind without its own idiom)."""
    if reached:
        return "Your rival has reached the goal."
    if distance_left < 0:
        return "Your rival is lost."
    return f"Your rival is {distance_left} step{'s' * (distance_left != 1)} from the goal."


def rival_line(interpretation: Interpretation, distance_left: int, reached: bool) -> str:
    """The kind's `rival_line(distance_left, reached)` if it has one, else the default."""
    hook = getattr(interpretation, "rival_line", None)
    return hook(distance_left, reached) if hook else default_rival_line(distance_left, reached)


def refusal_text(interpretation: Interpretation, option: Option) -> str:
    """What happens when a closed option is taken: `option.extra["refusal"]`, the kind's
    `refusal(option)`, or a plain default."""
    if "refusal" in option.extra:
        return str(option.extra["refusal"])
    hook = getattr(interpretation, "refusal", None)
    return hook(option) if hook else "That leads nowhere. You are where you were."


def moved_text(interpretation: Interpretation, before: int, after: int) -> str:
    """What a move from cell `before` to `after` came to, told after it is made: the kind's
    `trade_text(before, after)` (trading: a gain or a loss), or nothing."""
    hook = getattr(interpretation, "trade_text", None)
    return hook(before, after) if hook else ""


def needs_answer(option: Option) -> bool:
    """The option is a problem to solve before it is taken (instructional: it carries
    `extra["question"]` and `extra["answer"]`)."""
    return "question" in option.extra


def _normal(text: str) -> str:
    """Case, spacing, accents and wrapping punctuation dropped: " Bogota. " -> "bogota",
    "b)" -> "b"."""
    folded = unicodedata.normalize("NFKD", " ".join(str(text).split()).casefold())
    plain = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return plain.strip(" .,;:!?()[]'\"")


def _number(text: str) -> Fraction | None:
    """The number a reply means ("1,000", "3.50", "-4", "7/2", "−4"), or None."""
    text = text.replace("\u2212", "-").replace(" ", "")
    if re.fullmatch(r"[-+]?\d{1,3}(,\d{3})+(\.\d+)?", text):
        text = text.replace(",", "")  # thousands separators
    elif re.fullmatch(r"[-+]?\d+,\d{1,2}", text):
        text = text.replace(",", ".")  # a decimal comma ("3,5")
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


def check_answer(option: Option, text: str) -> bool:
    """Whether `text` answers the option's problem: case, spacing, accents and wrapping
    punctuation do not matter, numbers compare as numbers ("4.0" and "4" are one, "1,000" is
    1000); `extra["answers"]` may list more accepted ones. A closed option takes no answer."""
    if not option.open:
        return False
    given = _normal(text)
    if not given:
        return False
    number = _number(given)
    accepted = [option.extra.get("answer"), *option.extra.get("answers", ())]
    for answer in accepted:
        if answer is None:
            continue
        if _normal(answer) == given:
            return True
        if number is not None and _number(_normal(answer)) == number:
            return True
    return False
