"""The editor's dialogs (fill with a room or a generated maze, the level's fields) and its
test play; its yes/no questions are `dialogs.ConfirmScreen`."""

from __future__ import annotations

import secrets
from dataclasses import replace
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from mazegame.games.editor import CLOSED, Editor
from mazegame.games.editor_level import VIEW_NAMES
from mazegame.games.setup import SEED_LIMIT, parse_seed
from mazegame.locations import write_refusal
from mazegame.ui.screens.end_panel import NEW_MAZE_KEY
from mazegame.ui.screens.walk import WalkScreen


class FillScreen(ModalScreen["tuple[str | None, int] | None"]):
    """Choose what replaces the walls: an open room, or a generator and a seed."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel", id="fill-cancel",
                        tooltip="Keep the maze as it is")]

    def compose(self) -> ComposeResult:
        """Generator (or open room) and seed."""
        from mazegame.engine.generate import GENERATORS

        with Vertical(id="dialog"):
            yield Label("Fill the maze (start, goals and exits stay)", id="dialog-title")
            with Grid(id="setup-grid"):
                yield Label("With")
                yield Select([("An open room", ""), ("Every wall up", CLOSED),
                              *((spec.title, name) for name, spec in GENERATORS.items())],
                             value="", allow_blank=False, id="fill-with")
                yield Label("Seed")
                yield Input(placeholder="random", id="fill-seed")
            yield Static("", id="setup-error")
            with Horizontal(id="dialog-buttons"):
                yield Button("Fill", id="fill", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Fill, or cancel."""
        if event.button.id == "cancel":
            self.dismiss(None)
        else:
            self.choose()

    def on_input_submitted(self) -> None:
        """Enter in the seed fills."""
        self.choose()

    def choose(self) -> None:
        """Close with (generator or None, seed), or say what is wrong with the seed."""
        try:
            seed = parse_seed(self.query_one("#fill-seed", Input).value)
        except ValueError as err:
            self.query_one("#setup-error", Static).update(str(err))
            return
        generator = self.query_one("#fill-with", Select).value or None
        self.dismiss((generator, secrets.randbelow(SEED_LIMIT) if seed is None else seed))


#: The fields the dialog edits: (key, label, kind) with kind "text", "int" or "optional".
FIELDS = (("id", "Id (file name)", "text"), ("title", "Title", "text"),
          ("flavour", "Flavour", "text"), ("chapter", "Chapter", "int"),
          ("order", "Order", "int"), ("par", "Par", "optional"),
          ("budget", "Move budget", "optional"))


class FieldsScreen(ModalScreen["tuple[dict, Path] | None"]):
    """The level's fields and the folder it is saved in."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel", id="fields-cancel",
                        tooltip="Leave the fields as they are"),
                Binding("enter", "accept", "Save", id="fields-accept", show=False,
                        tooltip="Save (or OK) with the fields as they are")]

    def __init__(self, editor: Editor, saving: bool = False) -> None:
        super().__init__()
        self.editor = editor
        self.saving = saving  #: the dialog comes before a first save

    def compose(self) -> ComposeResult:
        """One input a field, the view, the folder."""
        info = self.editor.info
        title = "Save the level" if self.saving else "The level"
        with Vertical(id="dialog", classes="setup"):
            yield Label(title, id="dialog-title")
            with VerticalScroll(id="setup-scroll"), Grid(id="setup-grid"):
                for key, label, kind in FIELDS:
                    yield Label(label)
                    value = getattr(info, key)
                    placeholder = "the shortest path" if key == "par" else "none"
                    yield Input("" if value is None else str(value), id=f"field-{key}",
                                placeholder=placeholder if kind == "optional" else "")
                yield Label("View")
                yield Select([(name, name) for name in VIEW_NAMES], value=info.view,
                             allow_blank=False, id="field-view")
                yield Label("Folder")
                yield Input(str(self.editor.folder.resolve()), id="field-folder")
            yield Static("", id="setup-error")
            with Horizontal(id="dialog-buttons"):
                yield Button("Save" if self.saving else "OK", id="ok", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        """The id field has the keys, its text selected: type a name, Enter saves."""
        self.query_one("#field-id", Input).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Accept, or cancel."""
        if event.button.id == "cancel":
            self.dismiss(None)
        else:
            self.accept()

    def on_input_submitted(self) -> None:
        """Enter in a field accepts."""
        self.accept()

    def action_accept(self) -> None:
        """Enter outside a field (and outside a button or the view picker) accepts too."""
        self.accept()

    def accept(self) -> None:
        """Close with the fields changed and the folder, or say what is wrong."""
        changes: dict = {"view": self.query_one("#field-view", Select).value}
        for key, label, kind in FIELDS:
            text = self.query_one(f"#field-{key}", Input).value.strip()
            if kind == "text":
                changes[key] = text
                continue
            if not text and kind == "optional":
                changes[key] = None
            elif text.isascii() and text.isdigit():
                changes[key] = int(text)
            else:
                self.query_one("#setup-error", Static).update(f"{label}: a whole number")
                return
        info_problem = replace(self.editor.info, **changes).problem()
        folder = Path(self.query_one("#field-folder", Input).value.strip() or ".").expanduser()
        problem = info_problem or write_refusal(folder) or _folder_problem(folder)
        if problem:
            self.query_one("#setup-error", Static).update(problem)
            return
        self.dismiss((changes, folder))


def _folder_problem(folder: Path) -> str:
    """Why levels cannot be saved in `folder` ("" when they may be tried): a file there, or a
    name that cannot even be looked up (too long, ...)."""
    from mazegame.engine.readfile import ReadError, exists, is_folder

    try:
        there = exists(folder)
    except ReadError as err:
        return f"{err.name}: {err.why}"
    return f"{folder} is a file, not a folder" if there and not is_folder(folder) else ""


class PlaytestScreen(WalkScreen):
    """The classic walk on a copy of the maze being edited; q comes back to the editor."""

    title_text = "Test play"

    def action_new_maze(self) -> None:
        """No new maze here: the maze is the one being edited (play it again)."""
        self.action_restart()

    def end_summary(self) -> str:
        """The walk's summary, with the way back to the editor."""
        text = super().end_summary().replace(NEW_MAZE_KEY, "")
        return text.replace("back to the menu", "back to the editor")
