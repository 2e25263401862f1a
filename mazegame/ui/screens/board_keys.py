"""A walk's keys on boards beyond the square (`WalkScreen` mixes `BoardKeys` in).

A move key names a direction; on a board it means a side of the player's cell
(`games.board_moves`: on hexagons up and down take the open one of the two sides above or
below, the one continuing the last move's lean when both are). The hexagon's four slanted
sides have letters of their own (`keys.HEX_KEYS`: y u b n and q e z c), three of which are a
walk's other keys: while they move (`slants`), a new maze is N, the zoom Z, and the menu
escape alone; after the game, and on other boards, n, q and z are what they always were.
On a board with stairs (floors) the climb keys (`keys.climb_bindings`, < > and page up and
down) move through the side "up" or "down" during play.
"""

from __future__ import annotations

from textual.binding import Binding

from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST
from mazegame.engine.tilings import tiling
from mazegame.games.board_moves import side_for
from mazegame.games.walk import Outcome, WalkGame
from mazegame.ui.host import key_scheme
from mazegame.ui.keys import HEX_KEYS, hex_bindings

DIRECTIONS = {"north": NORTH, "east": EAST, "south": SOUTH, "west": WEST}
HEX_BINDINGS = hex_bindings()
#: The way back with its keys apart: q moves north-west while the slanted sides' letters
#: move, and escape still leads back.
MENU_BINDINGS = [
    Binding("escape", "app.pop_screen", "Menu", id="back", tooltip="Back to the menu"),
    Binding("q", "menu", "Menu", show=False, id="back-q", tooltip="Back to the menu"),
]
#: While n and z move, a new maze and the zoom are N and Z.
SLANT_BINDINGS = [
    Binding("N", "new_maze(True)", "New maze", id="new-shifted",
            tooltip="Start a new maze (n moves south-east here)"),
    Binding("Z", "zoom(True)", "Zoom", id="zoom-shifted",
            tooltip="Smaller or larger cells (z moves south-west here)"),
]


class BoardKeys:
    """What a move key does on the board played, and which of n, q, z and their shifted
    keys work now (a `WalkScreen`'s: `setup`, `game`, `play`, `game_over`)."""

    last_side: int | None = None  #: the side of the player's last move (up and down's lean)

    def action_move(self, direction: str) -> None:
        """Move the player one step in `direction` (on a board: the side it means)."""
        def step(game: WalkGame) -> Outcome:
            side = self.side_for(game, direction)
            outcome = game.move(side)
            if outcome in (Outcome.MOVED, Outcome.WON):
                self.last_side = side
            return outcome

        self.play(step)

    def side_for(self, game: WalkGame, direction: str) -> int:
        """The side of the player's cell a move key means, on a square or a board."""
        maze = game.maze
        if not hasattr(maze, "board"):
            return DIRECTIONS[direction]
        cell = game.position
        return side_for(maze.board.spec.directions, direction,
                        lambda d: maze.is_open(cell, d), self.last_side)

    def action_climb(self, which: str) -> None:
        """Take the stair underfoot: a move through the side "up" or "down"."""
        self.action_move(which)

    def slants(self) -> bool:
        """Whether the slanted sides' letters move (`keys.HEX_KEYS`): during play on a board
        with those sides, under a key scheme with letters."""
        sides = tiling(self.setup.tiling).directions
        return (any(d in sides for d in HEX_KEYS) and key_scheme(self.app) != "arrows"
                and not self.game_over())

    def board_check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The board's say on a key: the slanted sides move where `slants`, and then n, q
        and z give way (N and Z do their work); None where it has no say."""
        if action == "move" and parameters and parameters[0] in HEX_KEYS:
            return self.slants()
        if action in ("new_maze", "zoom") and bool(parameters) != self.slants():
            return False  # its other key has it (n or N, z or Z)
        if action == "climb":  # stairs (a maze of several floors), during play
            return "up" in tiling(self.setup.tiling).directions and not self.game_over()
        if action == "menu":
            return not self.slants()
        return None

    @property
    def help_intro(self):
        """On a board beyond the square, the help's intro: the mode's words, then how the
        keys move on this board (None on squares: the help says the mode's words alone)."""
        if self.setup.tiling == "square" or self.setup.level_id is not None:
            return None
        from mazegame.games.modes import MODES

        return lambda: f"{MODES[self.setup.mode].blurb}\n\n{board_keys_help(self.setup.tiling)}"

    def action_menu(self) -> None:
        """Back to the menu (q, where q does not move)."""
        self.app.pop_screen()


def board_keys_help(kind: str) -> str:
    """How the keys move on a board of this kind, for the help."""
    spec = tiling(kind)
    if not any(d in spec.directions for d in HEX_KEYS):
        stairs = (" A room marked < has a stair up, > a stair down, ≶ (or <> in wide rooms) "
                  "both: < or page up climbs the stair you stand on, > or page down goes "
                  "down it; the top edge names your floor and the goal's. After the game "
                  "< and > show the other floors.") if "up" in spec.directions else ""
        return (f"{spec.title}: {spec.summary}. Each arrow moves through the side it shows, "
                f"where the cell has that side.{stairs}")
    return (f"{spec.title}: {spec.summary}. Left and right go west and east. Up and down go "
            "through whichever of the two sides above (below) is open, and where both are, "
            "the one leaning the way you last went. The letters take a slanted side "
            "straight: y u b n (or q e z c) for north-west, north-east, south-west and "
            "south-east. While they do, N starts a new maze, Z zooms and escape leads back.")
