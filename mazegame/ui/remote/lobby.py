"""The lobby: your name, and three ways into a room: create one, join one by its code, or pick
one from the list of open rooms (refreshed every few seconds) to join or watch.
"""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Button, DataTable, Input, Label, Static

from mazegame.net.names import clean, typed_code
from mazegame.net.protocol import CODE_LENGTH, MAX_NAME, Create, Join, ListRooms, RoomSettings
from mazegame.ui.remote.base import ClientScreen
from mazegame.ui.remote.form import SettingsScreen

REFRESH_SECONDS = 3.0  #: how often the open rooms are asked for while the lobby shows
#: The list stops refreshing itself after this long without a key, so that a player who
#: walked away is let go by the host's idle timeout (r refreshes by hand).
REFRESH_WHILE_IDLE = 300.0


class LobbyScreen(ClientScreen):
    """Name, create, join by code, the open rooms."""

    BINDINGS = [
        Binding("c", "create", "Create room", id="lobby-create", tooltip="Create a room"),
        # priority (j, n): run as the key arrives, so the keys typed right after it go to
        # the field (see action_focus_code)
        Binding("j", "focus_code", "Join by code", id="lobby-code", priority=True,
                tooltip="Type a room's code to join it"),
        Binding("w", "watch", "Watch", id="lobby-watch", tooltip="Watch the room picked"),
        Binding("r", "refresh", "Refresh", id="lobby-refresh", tooltip="Ask for the open rooms"),
        Binding("n", "focus_name", "Name", show=False, id="lobby-name", priority=True,
                tooltip="Change your name"),
        Binding("escape", "leave_field", "Back", show=False, id="lobby-back",
                tooltip="Leave a field; in the list, quit"),
        Binding("q", "app.quit", "Quit", id="lobby-quit", tooltip="Quit mazegame"),
    ]
    AUTO_FOCUS = "#rooms"  #: the list first: the letter keys are the screen's
    HELP_TEXT = ("The lobby of a game host. Create a room and read its code out to your "
                 "friends, type a friend's code to join theirs, or pick an open room from "
                 "the list (enter joins it, w watches it).")

    def body(self) -> ComposeResult:
        """Who you are, where, and the ways into a room."""
        yield Static("", id="lobby-title", classes="body")
        with Horizontal(classes="lobby-row body"):
            yield Label("Your name ", classes="lobby-label")
            yield Input(self.app.player_name, id="name", max_length=MAX_NAME, compact=True)
        with Horizontal(classes="lobby-row body"):
            yield Button("Create a room (c)", id="create", variant="primary", compact=True)
            yield Label("  or join by code ", classes="lobby-label")
            yield Input(placeholder="e.g. K7PQ2M", id="code", max_length=CODE_LENGTH + 4,
                        compact=True)
            yield Button("Join", id="join", compact=True)
        yield Label("Open rooms (enter joins, w watches, r refreshes)", id="rooms-title",
                    classes="body")
        yield Static("", id="rooms-empty", classes="body")
        yield DataTable(id="rooms", cursor_type="row", zebra_stripes=True, classes="body")

    def on_mount(self) -> None:
        """The list's columns, the first ask, the refresh timer."""
        super().on_mount()
        self.last_key = time.monotonic()
        self.show_title()
        table = self.query_one("#rooms", DataTable)
        table.add_columns("Code", "Mode", "Created by", "Players", "Phase", "Watching")
        self.action_refresh()
        self.set_interval(REFRESH_SECONDS, self._refresh_if_shown)

    def show_title(self) -> None:
        """Where we are and who we are (the host may have changed our name)."""
        self.query_one("#lobby-title", Static).update(Text.assemble(
            ("mazegame", "bold"), f" · lobby of {self.app.where} · you are ",
            (self.app.player_name, "bold")))
        for field in self.query("#name").results(Input):  # (inside a row: maybe not yet)
            field.value = self.app.player_name

    def _refresh_if_shown(self) -> None:
        """The timer: refresh while the lobby is in front and its player is there."""
        if self.app.screen is self and time.monotonic() - self.last_key < REFRESH_WHILE_IDLE:
            self.action_refresh()

    def on_key(self) -> None:
        """The player is here (the list keeps refreshing)."""
        self.last_key = time.monotonic()

    def show_rooms(self, rooms) -> None:
        """The host's list of open rooms (the cursor stays on the room it was on)."""
        table = self.query_one("#rooms", DataTable)
        picked = self.picked()
        table.clear()
        for room in rooms:
            cells = (room.code, room.mode, room.creator, f"{room.players}/{room.seats}",
                     room.phase, str(room.watchers))
            table.add_row(*map(Text, cells), key=room.code)  # text, never markup
        codes = [room.code for room in rooms]
        if picked in codes:
            table.move_cursor(row=codes.index(picked))
        empty = self.query_one("#rooms-empty", Static)
        empty.update("No open rooms yet: create one (c), or join a friend's by code (j).")
        empty.display = not rooms

    def picked(self) -> str | None:
        """The code of the room under the list's cursor (None: the list is empty, or the
        host listed something that is no code)."""
        table = self.query_one("#rooms", DataTable)
        if table.row_count == 0:
            return None
        return typed_code(table.coordinate_to_cell_key((table.cursor_row, 0)).row_key.value)

    # -- actions --------------------------------------------------------------------------
    def action_refresh(self) -> None:
        """Ask the host for the open rooms."""
        self.app.send(ListRooms())

    def action_create(self) -> None:
        """The form of a new room; the host answers with the room."""
        welcome = self.app.welcome

        def created(settings: RoomSettings | None) -> None:
            if settings is not None:
                self.app.send(Create(settings=settings))

        self.app.push_screen(SettingsScreen(
            RoomSettings(), title="A new room", confirm="Create",
            generators=welcome.generators if welcome else [],
            difficulties=welcome.difficulties if welcome else []), created)

    def action_focus_code(self) -> None:
        """To the code field, at once. Over SSH or from a browser "j" and a code often arrive
        together, and Textual routes each key to the widget focused when it arrives: a
        priority binding runs then, and `set_focus` (unlike `focus()`, which waits its turn)
        moves the focus before the code's first key is routed."""
        self.set_focus(self.query_one("#code", Input))

    def action_focus_name(self) -> None:
        """To the name field, at once (as the code field: see action_focus_code)."""
        self.set_focus(self.query_one("#name", Input))

    def action_leave_field(self) -> None:
        """Escape: out of a field to the list; from the list, quit."""
        if isinstance(self.focused, Input):
            self.query_one("#rooms", DataTable).focus()
        else:
            self.app.exit()

    def action_watch(self) -> None:
        """Watch the room picked in the list."""
        code = self.picked()
        if code is not None:
            self.app.send(Join(code=code, watch=True))

    def join_typed(self) -> None:
        """Join the room whose code is typed (any case, spaces or a dash allowed)."""
        typed = self.query_one("#code", Input).value
        code = typed_code(typed)
        if code is None:
            self.show_problem(f"{typed.strip() or 'nothing'!s} is not a room code: a code is "
                              f"{CODE_LENGTH} letters and digits, like K7PQ2M")
            return
        self.app.send(Join(code=code))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the code joins; in the name, comes in again under that name."""
        if event.input.id == "code":
            self.join_typed()
        elif event.input.id == "name":
            name = clean(event.value)
            if name != self.app.player_name:
                self.app.rename(name)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Create, or join by code."""
        if event.button.id == "create":
            self.action_create()
        elif event.button.id == "join":
            self.join_typed()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a room joins it."""
        code = typed_code(event.row_key.value or "")
        if code is not None:
            self.app.send(Join(code=code))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Letter keys are the fields' while one is focused."""
        letters = ("create", "focus_code", "watch", "refresh", "focus_name")
        return not (action in letters and isinstance(self.focused, Input))
