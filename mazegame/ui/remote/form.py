"""The room's settings as a form: a new room's (the lobby's "create") and the creator's
changes while the room waits. The choices are read from the protocol (modes, who plays the
demon, the bounds of size and seats) and from the host's Welcome (its generators and
difficulties); a host that names none lets the player type a name, which the host checks.
"""

from __future__ import annotations

from typing import get_args

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from mazegame.net.protocol import (
    MAX_HEIGHT,
    MAX_PLAYERS,
    MAX_WIDTH,
    MIN_PLAYERS,
    MIN_SIDE,
    ROOM_MODE_WORDS,
    DemonBy,
    RoomMode,
    RoomSettings,
)

#: What each mode is, for the form (the host runs the rules).
_NUMBER = {"type": "integer", "max_length": 3, "compact": True}  #: a side of the maze


def _choice(ident: str, value: str, names: list[str]) -> Select | Input:
    """A list of the host's names, or a field to type one when it names none."""
    if names:
        options = [(n, n) for n in names]
        if value not in names:
            options.insert(0, (value, value))
        return Select(options, value=value, allow_blank=False, id=ident, compact=True)
    return Input(value=value, id=ident, restrict=r"[a-z0-9-]*", max_length=32, compact=True)


class SettingsScreen(ModalScreen[RoomSettings | None]):
    """Pick a room's settings; enter (or the button) confirms, escape cancels."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel", id="form-cancel",
                        tooltip="Close the form without changing anything"),
                Binding("ctrl+s", "confirm", "Confirm", id="form-confirm",
                        tooltip="Confirm the settings (also enter in a field)")]
    HELP_TEXT = "Pick the room's mode, maze and seats; the host checks them."

    def __init__(self, settings: RoomSettings, *, title: str, confirm: str,
                 generators: list[str] = (), difficulties: list[str] = ()) -> None:
        super().__init__()
        self.settings = settings
        self.title_text, self.confirm = title, confirm
        self.generators, self.difficulties = list(generators), list(difficulties)

    def compose(self) -> ComposeResult:
        """Every setting, labelled; the problem; the buttons."""
        s = self.settings
        with Vertical(id="dialog", classes="form"):
            yield Label(self.title_text, id="dialog-title")
            with Grid(id="form-grid"):
                yield Label("Mode")
                yield Select([(ROOM_MODE_WORDS[m], m) for m in get_args(RoomMode)],
                             value=s.mode, allow_blank=False, id="mode", compact=True)
                yield Label("Maze")
                yield _choice("generator", s.generator, self.generators)
                yield Label("Size")
                with Horizontal(id="size"):
                    yield Input(str(s.width), id="width", **_NUMBER)
                    yield Label(" x ")
                    yield Input(str(s.height), id="height", **_NUMBER)
                yield Label("Difficulty")
                yield _choice("difficulty", s.difficulty, self.difficulties)
                yield Label("Demon", id="demon-label")
                yield Select([(f"played by the {d}" if d == "computer" else "played by a player",
                               d) for d in get_args(DemonBy)],
                             value=s.demon, allow_blank=False, id="demon", compact=True)
                yield Label("Seats")
                yield Select([(str(n), n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
                             value=s.seats, allow_blank=False, id="seats", compact=True)
                yield Label("Maze of the day")
                yield Select([("no: a maze of its own", False), ("yes: the same maze everywhere "
                              "today", True)], value=s.daily, allow_blank=False, id="daily",
                             compact=True)
            yield Static("", id="form-problem", markup=False)
            with Horizontal(id="dialog-buttons"):
                yield Button(self.confirm, id="confirm", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        """The mode first."""
        self.query_one("#mode").focus()
        self.show_demon(self.settings.mode)

    def show_demon(self, mode: str) -> None:
        """Who plays the demon is asked only of a chase."""
        for ident in ("#demon-label", "#demon"):
            for widget in self.query(ident):  # (inside the grid: maybe not mounted yet)
                widget.display = mode == "chase"

    def on_select_changed(self, event: Select.Changed) -> None:
        """A new mode: ask about the demon or not."""
        if event.select.id == "mode":
            self.show_demon(str(event.value))

    def read(self) -> RoomSettings | None:
        """The settings on the form, or None (and the problem said) if one is out of bounds."""
        def text(ident: str) -> str:
            widget = self.query_one(f"#{ident}")
            return str(widget.value).strip()

        problem = self.query_one("#form-problem", Static)
        try:
            width, height = int(text("width") or 0), int(text("height") or 0)
        except ValueError:
            width = height = 0
        if not (MIN_SIDE <= width <= MAX_WIDTH and MIN_SIDE <= height <= MAX_HEIGHT):
            problem.update(f"a maze is {MIN_SIDE} to {MAX_WIDTH} cells wide and "
                           f"{MIN_SIDE} to {MAX_HEIGHT} high")
            return None
        generator, difficulty = text("generator"), text("difficulty")
        if not generator or not difficulty:
            problem.update("name a maze generator and a difficulty")
            return None
        return RoomSettings(
            mode=text("mode"), generator=generator, width=width, height=height,
            difficulty=difficulty, demon=text("demon"), seats=int(text("seats")),
            daily=self.query_one("#daily", Select).value is True, seed=self.settings.seed)

    def action_confirm(self) -> None:
        """Close with the settings, if they are good."""
        settings = self.read()
        if settings is not None:
            self.dismiss(settings)

    def on_input_submitted(self) -> None:
        """Enter in a field confirms."""
        self.action_confirm()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Confirm or cancel."""
        if event.button.id == "confirm":
            self.action_confirm()
        else:
            self.dismiss(None)
