"""The end of a game on a host: a panel over the final maze with the places, moves and
times, the winner and, for a maze of the day, the line to share (c copies it). Its keys are
the game screen's: the creator starts the next game (n), anyone goes back to the room (q) or
looks at the maze (m).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from mazegame.net.protocol import Over
from mazegame.ui.remote.room import RoomScreen


def clock(seconds: float) -> str:
    """m:ss"""
    minutes, rest = divmod(int(max(0.0, seconds)), 60)
    return f"{minutes}:{rest:02d}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def end_panel(over: Over, you: int) -> Text:
    """The end of a game: the winner, each player's place, moves and time; the share line."""
    text = Text()
    winner = over.winner or "nobody"
    text.append(f"{winner} won" if over.winner != "the demon" else "The demon won", "bold")
    text.append(f" · par {over.par} moves\n\n" if over.par else "\n\n")
    ranked = sorted(over.results, key=lambda r: (r.place == 0, r.place, r.seconds))
    for r in ranked:
        place = ordinal(r.place) if r.place else "—"
        line = f"{place:>4}  {r.name:<16} {r.moves:>4} moves  {clock(r.seconds)}"
        text.append(line + ("  (you)" if r.id == you else "") + "\n",
                    "bold" if r.id == you else "")
    if over.share:
        text.append("\n" + over.share + "\n", "bold")
        text.append("c copies this line to share it\n", "dim")
    return text


class EndScreen(ModalScreen[None]):
    """The end panel over the game screen, whose actions its keys run."""

    BINDINGS = [
        Binding("n", "again", "Play again", id="end-again",
                tooltip="Start the next game (the creator)"),
        Binding("c", "copy", "Copy share line", id="end-copy",
                tooltip="Copy the daily maze's line to the clipboard"),
        Binding("m", "dismiss", "Maze", id="end-maze",
                tooltip="Hide the panel to look at the maze (e shows it again)"),
        Binding("q,escape", "back", "Back to the room", id="end-back",
                tooltip="Back to the room"),
    ]
    HELP_TEXT = "The end of the game: places, moves and times."

    def __init__(self, game: Screen, over: Over) -> None:
        super().__init__()
        self.game, self.over = game, over

    def compose(self) -> ComposeResult:
        """The panel, and what the keys do."""
        text = end_panel(self.over, self.game.you)
        room = self.game.room
        text.append("\n")
        if room is not None and room.creator == room.you:
            text.append("n plays again · m shows the maze · q back to the room", "dim")
        else:
            text.append("m shows the maze · q back to the room (the creator starts the next "
                        "game)", "dim")
        yield Static(text, id="end-panel")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game screen decides (the creator's again, a share line's copy)."""
        return self.game.check_action(action, parameters) if action in ("again", "copy") \
            else True

    def action_again(self) -> None:
        """The creator starts the next game."""
        self.game.action_again()

    def action_copy(self) -> None:
        """The share line to the clipboard."""
        self.game.action_copy()

    def action_back(self) -> None:
        """Back to the room."""
        self.app.back_to(RoomScreen)
