"""Reading an emulated terminal's text: is the menu usable, is a mode's maze drawn and playable.

`mazegame bench --startup` feeds the real program's output to a terminal emulator and asks
these questions of each finished frame. The answers rest on what the screens show (their
rows of text, as `pyte.Screen.display` gives them), never on the app's internals: the menu
lists every registered mode's title; a mode's screen names the mode on its top row, shows
the figures a running game counts (its status words) and the glyphs of its board, and no
"Building..." or "Preparing..." notice is left anywhere.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

#: Words of a notice saying that something is still on its way (case does not matter):
#: "Building the maze…", the lab's "building backtracker 16x10…", "Preparing the algorithms".
BUSY = re.compile(r"\b(building|preparing)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Marker:
    """What a mode's screen shows once its maze is drawn and takes keys.

    `status`: words the top row (the status line) shows only once a game runs (each one
    must be there). `board`: groups of glyphs for the rows between the status line and the
    footer; each group is a string of alternatives, one of which must be on the board.
    """

    status: tuple[str, ...]
    board: tuple[str, ...]


_WALK = Marker(status=("Moves",), board=("@", "◎"))  # the player and the goal in view

#: Each mode's marker, by the mode's name (tests check that every mode of the registry has
#: one: a mode without one could only be told apart from its loading notice by luck).
MARKERS: dict[str, Marker] = {
    "classic": _WALK,
    "blind": _WALK,  # the outer wall, the player and the goal are always in view
    "chase": _WALK,  # the default view is the bird's-eye one
    "race": _WALK,
    # the first-person view: shaded walls (near ones solid, far ones lighter)
    "eye": Marker(status=("Moves", "Turns"), board=("█▓▒░",)),
    "jump": Marker(status=("Jumps",), board=("G",)),  # the numbered board and its goal
    # the lab's maze is drawn (start and goal) and its generator plays: status shows the seed
    "lab": Marker(status=("seed",), board=("○", "◎")),
}


def title_word(mode: str) -> str:
    """The first word of a mode's title, which its status line starts with ("Blind maze"
    reads "Blind", "Player's eye" reads "Player's")."""
    from mazegame.games.modes import MODES  # here: `mazegame --help` need not load the engine

    return MODES[mode].title.split()[0]


def is_busy(lines: Sequence[str]) -> bool:
    """Whether any row still says something is being built or prepared."""
    return any(BUSY.search(line) for line in lines)


def menu_ready(lines: Sequence[str]) -> bool:
    """Whether the main menu is drawn: the title of every registered mode is on screen.

    The warm-up notice may still show: the menu takes keys meanwhile.
    """
    from mazegame.games.modes import MODES

    text = "\n".join(lines)
    return bool(MODES) and all(mode.title in text for mode in MODES.values())


def mode_ready(mode: str, lines: Sequence[str]) -> bool:
    """Whether a mode's screen shows its maze, drawn and playable.

    The top row starts with the mode's title word and holds the marker's status words; the
    board (the rows between the top row and the footer) has one glyph of each of the
    marker's groups; no row says that something is still being built or prepared.
    """
    if len(lines) < 3 or is_busy(lines):
        return False
    marker = MARKERS[mode]
    status, board = lines[0], "\n".join(lines[1:-1])
    if not status.strip().startswith(title_word(mode)):
        return False
    return (all(word in status for word in marker.status)
            and all(any(glyph in board for glyph in group) for group in marker.board))


def tail_text(lines: Sequence[str], rows: int = 4) -> str:
    """The last non-blank rows of a screen, joined by " | ": what a crash left on screen."""
    kept = [line.strip() for line in lines if line.strip()]
    return " | ".join(kept[-rows:])
