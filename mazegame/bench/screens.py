"""Reading an emulated terminal's text: is the menu usable, is a mode's maze drawn and playable.

`mazegame bench --startup` feeds the real program's output to a terminal emulator and asks
these questions of each finished frame. The answers rest on what the screens show (their
rows of text, as `pyte.Screen.display` gives them), never on the app's internals: the menu
lists every registered mode's title; a mode's screen names the mode on its top row, shows
the figures a running game counts (its status words) and the glyphs of its board, as its
spec's `marker` says (`games.modes.Marker`), and no "Building..." or "Preparing..."
notice is left anywhere.

Between key presses the walking modes' screens are read further: the seed and the counts
(moves, bumps) on the status line, the player's glyph, and the walls drawn around it.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator, Sequence

#: Words of a notice saying that something is still on its way (case does not matter):
#: "Building the maze…", the lab's "building backtracker 16x10…", "Preparing the algorithms".
BUSY = re.compile(r"\b(building|preparing)\b", re.IGNORECASE)


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
    from mazegame.games.modes import MODES

    marker = MODES[mode].marker
    status, board = lines[0], "\n".join(lines[1:-1])
    if not status.strip().startswith(title_word(mode)):
        return False
    return (all(word in status for word in marker.status)
            and all(any(glyph in board for glyph in group) for group in marker.board))


def tail_text(lines: Sequence[str], rows: int = 4) -> str:
    """The last non-blank rows of a screen, joined by " | ": what a crash left on screen."""
    kept = [line.strip() for line in lines if line.strip()]
    return " | ".join(kept[-rows:])


# -- a walking mode's screen, read between key presses --------------------------------------
SEED = re.compile(r"\bseed (\d+)")
COUNTS = re.compile(r"\bMoves (\d+)\s+Bumps (\d+)")
SIZE = re.compile(r"\b(\d+x\d+)\b")
PLAYER = "@"
GOAL = "◎"
#: The four ways, clockwise from north: the key's name, and the step on screen (rows,
#: columns) from a room's middle to the next room's at the default zoom (rooms three wide,
#: walls one; the wall between two rooms sits halfway).
WAYS = (("up", (-2, 0)), ("right", (0, 4)), ("down", (2, 0)), ("left", (0, -4)))


def seed_of(lines: Sequence[str]) -> str | None:
    """The seed the status line (the top row) names, or None."""
    found = SEED.search(lines[0]) if lines else None
    return found.group(1) if found else None


def size_of(lines: Sequence[str]) -> str | None:
    """The maze's size ("29x18") the status line names, or None."""
    found = SIZE.search(lines[0]) if lines else None
    return found.group(1) if found else None


def counts_of(lines: Sequence[str]) -> tuple[int, int] | None:
    """(moves, bumps) from a walking mode's status line, or None where it shows none."""
    found = COUNTS.search(lines[0]) if lines else None
    return (int(found.group(1)), int(found.group(2))) if found else None


def board_of(lines: Sequence[str]) -> tuple[str, ...]:
    """The rows between the status line and the footer: the board and its notices."""
    return tuple(lines[1:-1])


def player_at(lines: Sequence[str]) -> tuple[int, int] | None:
    """(row, column) of the player's glyph on the board (as indices into `lines`), or None."""
    for row in range(1, len(lines) - 1):
        column = lines[row].find(PLAYER)
        if column >= 0:
            return row, column
    return None


def _glyph(lines: Sequence[str], row: int, column: int) -> str:
    """The character at (row, column) of the board; "" off the board."""
    if not 1 <= row < len(lines) - 1 or not 0 <= column < len(lines[row]):
        return ""
    return lines[row][column]


def _steps(lines: Sequence[str], row: int, column: int) -> Iterator[tuple[int, int, int]]:
    """(way, row, column) of the rooms one step from the room at (row, column): no wall
    drawn between, on the board, and not the goal (a step there would end the game)."""
    for way, (_, (dr, dc)) in enumerate(WAYS):
        wall = _glyph(lines, row + dr // 2, column + dc // 2)
        room = _glyph(lines, row + dr, column + dc)
        if wall == " " and room not in ("", GOAL):
            yield way, row + dr, column + dc


def open_ways(lines: Sequence[str]) -> list[int]:
    """The ways (indices into WAYS) the player can step without a bump or a win."""
    at = player_at(lines)
    return [] if at is None else [way for way, _, _ in _steps(lines, *at)]


def next_way(lines: Sequence[str], heading: int) -> int | None:
    """The right-hand rule: the first open way of right, straight on, left and back from
    `heading` (an index into WAYS), so a walk follows corridors and never bumps; None when
    the player is walled in (or not on screen)."""
    ways = open_ways(lines)
    for turn in (1, 0, 3, 2):
        if (heading + turn) % 4 in ways:
            return (heading + turn) % 4
    return None


def route_onward(lines: Sequence[str]) -> list[int]:
    """The ways (indices into WAYS) of a shortest walk, over the rooms in view, from the
    player to the room farthest down and right that the trail has not marked yet; [] when
    no such room is in reach. Walked a step at a time and asked again after each, it takes
    the player away from the start's corner (top left), so a maze larger than the view
    scrolls soon, and never bumps."""
    start = player_at(lines)
    if start is None:
        return []
    came: dict[tuple[int, int], tuple[int, tuple[int, int]] | None] = {start: None}
    queue = deque([start])
    best, best_score = None, None
    while queue:
        room = queue.popleft()
        score = (room[0] / 2 + room[1] / 4, room[0], room[1])  # cells down plus cells right
        if room != start and lines[room[0]][room[1]] == " " and (
                best_score is None or score > best_score):
            best, best_score = room, score
        for way, row, column in _steps(lines, *room):
            if (row, column) not in came:
                came[row, column] = (way, room)
                queue.append((row, column))
    route: list[int] = []
    while best is not None and came[best] is not None:
        way, best = came[best]
        route.append(way)
    return route[::-1]
