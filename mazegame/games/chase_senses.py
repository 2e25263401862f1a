"""What the player senses of the demon in the dark views, and the closest it came."""

from __future__ import annotations

from dataclasses import dataclass


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


@dataclass(frozen=True)
class Approach:
    """The closest the demon came: distance and where both stood, at which turn or tick."""

    distance: int
    player: int
    demon: int
    time: int
