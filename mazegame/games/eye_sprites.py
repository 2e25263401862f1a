"""What the player's eye hears of the demon (its pictures are `eyesight.FIGURES`).

Pure functions, no Textual: `eye_warning` says what the status line tells the player, in
the manner of 3D Monster Maze (1981): footsteps as it comes, "he is behind you" only when
it really stands in the corridor behind you (`behind`), never from the distance alone.
"""

from __future__ import annotations

from mazegame.eyesight import look
from mazegame.games.chase_senses import DemonWarning

#: "Behind you" reaches this many cells down the corridor at your back.
BEHIND_REACH = 2
#: (within this many moves, level, text), nearest first: what the player hears.
HEARING = ((5, 2, "footsteps approaching"), (10, 1, "he is hunting for you"))


def behind(maze, cell: int, facing: int, demon: int, reach: int = BEHIND_REACH) -> bool:
    """Whether the demon stands in the corridor behind the player (turning round would show
    it), at most `reach` cells away."""
    back = (facing + 2) % 4
    return any(s.depth > 0 and s.cell == demon for s in look(maze, cell, back, reach + 1))


def eye_warning(distance: int, *, at_back: bool, in_sight: bool,
                previous: int | None = None) -> DemonWarning:
    """What the player's eye hears of a demon `distance` moves away (-1: out of earshot).

    `at_back`: it stands in the corridor behind (`behind`); `in_sight`: it is drawn ahead.
    `previous` is the distance at the last warning: footsteps going away are "fading".
    """
    if at_back:
        return DemonWarning(3, "RUN! he is behind you", distance)
    if in_sight:
        return DemonWarning(3, "he has seen you", distance)
    for within, level, text in HEARING:
        if 0 <= distance <= within:
            if previous is not None and 0 <= previous < distance:
                return DemonWarning(1, "footsteps fading", distance)
            return DemonWarning(level, text, distance)
    return DemonWarning(0, "", distance)
