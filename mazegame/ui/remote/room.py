"""The room: its code large and clear (to read out to a friend), the seats with names and
colours, who created it and what it plays. The creator changes the settings and starts;
the others wait for them. Each player picks their own view.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from mazegame.net.protocol import VIEW_WORDS, Configure, Room, SetView, Start
from mazegame.ui.host import palette_of
from mazegame.ui.remote.base import ClientScreen
from mazegame.ui.remote.bigtext import big_lines
from mazegame.ui.remote.board import demon_glyph, player_style
from mazegame.ui.remote.form import SettingsScreen
from mazegame.ui.remote.picture import letters

#: The views a player of the thin client picks from (v cycles them), and their words.

def settings_line(room: Room) -> str:
    """What the room plays, in one line."""
    s = room.settings
    demon = f" · the demon: {'the computer' if s.demon == 'computer' else 'a player'}" \
        if s.mode == "chase" else ""
    daily = " · maze of the day" if s.daily else ""
    return (f"{s.mode} · {s.generator} {s.width}x{s.height} · {s.difficulty}{demon}{daily} · "
            f"{s.seats} seats")


def spaced_code(code: str) -> str:
    """The code as it is read out: letters spaced, in two halves ("K 7 P   Q 2 M")."""
    half = len(code) // 2
    return " ".join(code[:half]) + "   " + " ".join(code[half:])


class RoomScreen(ClientScreen):
    """A room waiting for its game (or between games)."""

    BINDINGS = [
        Binding("s", "start", "Start", id="room-start", tooltip="Start the game (the creator)"),
        Binding("e", "edit", "Settings", id="room-edit",
                tooltip="Change the room's settings (the creator)"),
        Binding("v", "view", "View", id="room-view",
                tooltip="Your view of the maze: bird's-eye, blind or player's eye"),
        Binding("q,escape", "leave", "Leave", id="room-leave", tooltip="Leave the room"),
    ]
    HELP_TEXT = ("A room. Read its code out to a friend: they join it from the lobby (or "
                 "`mazegame join HOST:PORT --room CODE`). The one who created it picks the "
                 "settings and starts; each player picks their own view (v): bird's-eye, "
                 "blind, or player's eye (the arrows turn you and step forward).")

    def __init__(self) -> None:
        super().__init__()
        self.room: Room | None = None

    def body(self) -> ComposeResult:
        """The code, what it plays, the seats, what happens next."""
        yield Static("", id="room-code", classes="body")
        yield Static("", id="room-settings", classes="body", markup=False)
        yield Static("", id="room-seats", classes="body")
        yield Static("", id="room-next", classes="body")

    @property
    def mine(self) -> bool:
        """Did we create this room?"""
        return self.room is not None and self.room.creator == self.room.you

    def show_room(self, room: Room) -> None:
        """Draw the room as the host says it is now (kept undrawn on a screen whose widgets
        are gone: a room's news can reach a room screen as it is being taken down)."""
        self.room = room
        if not self.query("#room-code"):
            return
        p = palette_of(self)
        code = Text()
        if p.glyphs == "box":  # large letters (half blocks: not in the ASCII glyph set)
            code.append("\n".join(big_lines(room.code)) + "\n\n", "bold")
        code.append("Room ", "bold")
        code.append(f" {spaced_code(room.code)} ", Style(bold=True, reverse=True))
        code.append("  read this code out to a friend", "dim")
        self.query_one("#room-code", Static).update(code)
        self.query_one("#room-settings", Static).update(settings_line(room))
        marks = letters([(seat.id, seat.name) for seat in room.seats])
        seats = Text()
        creator = "?"
        for seat in room.seats:
            if seat.id == room.creator:
                creator = seat.name
            if seat.role == "demon":
                seats.append(f" {demon_glyph(p)} ", p.DEMON)
            else:
                seats.append(f" {marks[seat.id]} ", player_style(p, seat.colour))
            seats.append(f" {seat.name}", Style(bold=seat.id == room.you))
            notes = [seat.role if seat.role != "runner" else "",
                     VIEW_WORDS.get(seat.view, seat.view).split(" (")[0],
                     "creator" if seat.id == room.creator else "",
                     "you" if seat.id == room.you else "",
                     "" if seat.connected else "away, may come back"]
            seats.append("  " + " · ".join(n for n in notes if n) + "\n", "dim")
        free = room.settings.seats - sum(s.role != "watcher" for s in room.seats)
        seats.append(f"{max(0, free)} seats free · {room.watchers} watching", "dim")
        self.query_one("#room-seats", Static).update(seats)
        if room.role == "watcher":
            after = "You are watching: the game shows when it starts."
        elif self.mine:
            after = "You created this room: s starts the game, e changes its settings."
        else:
            after = f"Waiting for {creator} to start…"
        if room.phase == "playing":
            after = "A game is on." + (" It shows when the next one starts."
                                       if room.role == "watcher" else "")
        self.query_one("#room-next", Static).update(Text(after))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Start and settings are the creator's; a watcher picks no view."""
        if action in ("start", "edit"):
            return self.mine and self.room.phase != "playing"
        if action == "view":
            return self.room is not None and self.room.role != "watcher"
        return True

    def action_start(self) -> None:
        """Ask the host to start."""
        self.app.send(Start())

    def action_edit(self) -> None:
        """The settings form; the host answers with the room changed."""
        welcome = self.app.welcome

        def changed(settings) -> None:
            if settings is not None:
                self.app.send(Configure(settings=settings))

        self.app.push_screen(SettingsScreen(
            self.room.settings, title=f"Room {self.room.code}", confirm="Change",
            generators=welcome.generators if welcome else [],
            difficulties=welcome.difficulties if welcome else []), changed)

    def action_view(self) -> None:
        """The next view (the host answers with the room showing it)."""
        me = next((s for s in self.room.seats if s.id == self.room.you), None)
        views = list(VIEW_WORDS)
        now = me.view if me is not None and me.view in views else views[-1]
        self.app.send(SetView(view=views[(views.index(now) + 1) % len(views)]))

    def action_leave(self) -> None:
        """Back to the lobby."""
        self.app.leave_room()
