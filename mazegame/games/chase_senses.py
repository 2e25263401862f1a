"""What the player senses of the demon in the dark views, and the closest it came; in a
race, how the race stands."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class DemonWarning:
    """What the dark views tell the player about the demon."""

    level: int  #: 0 silence .. 3 right behind you
    text: str
    distance: int  #: the demon's walking distance to the player, -1 out of earshot


#: (within this many moves, level, text), nearest first.
WARNINGS = ((2, 3, "it is right behind you"), (5, 2, "breathing"), (10, 1, "footsteps"))
EARSHOT = WARNINGS[-1][0]
#: The closest approach is tracked exactly within this many moves (searching further on
#: every move would cost a search of the whole maze for a fact nobody needs).
APPROACH_HORIZON = 64


def warning_for(distance: int) -> DemonWarning:
    """The warning for a demon `distance` moves away (-1: unreachable or out of earshot)."""
    for within, level, text in WARNINGS:
        if 0 <= distance <= within:
            return DemonWarning(level, text, distance)
    return DemonWarning(0, "", distance)


#: A race is "neck and neck" while neither side is more than this many turns ahead.
NECK_AND_NECK = 2
#: The demon "is nearly there" when ahead and this close to the goal.
NEARLY_THERE = 5


def race_standing(you_left: int, demon_left: int, speed: Fraction, asleep: int = 0
                  ) -> DemonWarning:
    """A race's standing, for every view: in a race the demon runs for the goal, not for
    you, so its distance to you says nothing (a "right behind you" would be false alarm).
    The text gives both distances to the goal; the level compares the turns each side
    needs (the demon's at its `speed`, after `asleep` turns): 0 you lead, 1 neck and
    neck, 2 the demon leads, 3 it leads and is nearly there."""
    text = f"to go: you {you_left}, demon {demon_left}"
    if demon_left < 0 or speed <= 0:  # it cannot get there at all
        return DemonWarning(0, text, demon_left)
    margin = asleep + math.ceil(demon_left / Fraction(speed)) - you_left  # > 0: you lead
    if margin > NECK_AND_NECK:
        level = 0
    elif margin >= -NECK_AND_NECK:
        level = 1
    else:
        level = 3 if demon_left <= NEARLY_THERE else 2
    return DemonWarning(level, text, demon_left)


@dataclass(frozen=True)
class Approach:
    """The closest the demon came: distance and where both stood, at which turn or tick."""

    distance: int
    player: int
    demon: int
    time: int
