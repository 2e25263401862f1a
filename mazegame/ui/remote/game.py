"""A game in a room: the maze the host sent (Begin), everyone moving on it (State), the end
panel (Over). The move keys send intents (Key); the host moves us and says where we are.

The status line: moves, par, time, place. A countdown shows before keys count. A blind
view is drawn from the walls the host sent (the outer ones) and those we learned since.
After the game the panel gives places, moves and times, the winner and, for a maze of
the day, the line to share (c copies it); the creator starts the next game (n), anyone
goes back to the room (q).
"""

from __future__ import annotations

import time

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from mazegame.net.protocol import Begin, Key, Over, Room, Start, State
from mazegame.ui.host import palette_of
from mazegame.ui.keys import move_bindings
from mazegame.ui.remote.base import ClientScreen
from mazegame.ui.remote.board import Board, player_style
from mazegame.ui.remote.picture import Picture, letters

DIRECTIONS = {"north": 0, "east": 1, "south": 2, "west": 3}  #: Key.dir, engine.grid's order


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


class GameScreen(ClientScreen):
    """The maze, the status line, the countdown, the end panel."""

    BINDINGS = [
        *move_bindings(),
        Binding("n", "again", "Play again", id="game-again",
                tooltip="Start the next game (the creator)"),
        Binding("c", "copy", "Copy share line", id="game-copy",
                tooltip="Copy the daily maze's line to the clipboard"),
        Binding("q,escape", "back", "Back", id="game-back",
                tooltip="During a game: leave it (press twice); after it: back to the room"),
    ]
    HELP_TEXT = ("A game on the host: everyone plays the same maze. Your letter is "
                 "underlined; ◎ is the goal, · your trail, Ж the demon. The host moves you: "
                 "a key is an intent, the board shows where you are once it arrives.")

    def __init__(self) -> None:
        super().__init__()
        self.begin_msg: Begin | None = None
        self.state: State | None = None
        self.over: Over | None = None
        self.picture: Picture | None = None
        self.seq = 0
        self.go_at = 0.0  #: time.monotonic() when keys start to count
        self.state_at = 0.0  #: when the last State came (the clock runs on from it)
        self.leaving = False  #: q pressed once during a game

    def body(self) -> ComposeResult:
        """Status, the board, the countdown and the end panel over it."""
        yield Static("", id="game-status")
        with Vertical(id="game-area"):
            yield Board(id="board")
            yield Static("", id="countdown")
            yield Static("", id="end-panel")

    def on_mount(self) -> None:
        """The clock ticks on the status line."""
        super().on_mount()
        self.set_interval(0.25, self.show_status)

    @property
    def room(self) -> Room | None:
        """The room (the app keeps the latest)."""
        return self.app.room

    @property
    def you(self) -> int:
        """Our id on the host."""
        return self.app.welcome.id if self.app.welcome else -1

    @property
    def watching(self) -> bool:
        """Are we a watcher (no keys)?"""
        return self.room is not None and self.room.role == "watcher"

    # -- the host's messages -------------------------------------------------------------
    def begin(self, begin: Begin) -> None:
        """A new game: the maze, everyone at the start, the countdown."""
        self.begin_msg, self.state, self.over, self.leaving = begin, None, None, False
        self.picture = Picture(begin.width, begin.height, begin.walls, wrap_x=begin.wrap_x,
                               wrap_y=begin.wrap_y, glyphs=palette_of(self).glyphs)
        board = self.query_one(Board)
        board.show(self.picture, begin.start, begin.goals)
        self.go_at = time.monotonic() + begin.countdown
        self.state_at = time.monotonic()
        self.query_one("#end-panel").display = False
        starts = {seat.id: begin.start for seat in self._seats()}
        self._place({i: c for i, c in starts.items()}, begin.demon)
        self.show_status()
        self.refresh_bindings()

    def update(self, message: State | Over) -> None:
        """A State moves everyone; an Over ends the game."""
        if isinstance(message, Over):
            self.end(message)
            return
        if self.begin_msg is None or message.game != self.begin_msg.game:
            return
        self.state, self.state_at = message, time.monotonic()
        board = self.query_one(Board)
        if message.learned and self.picture.learn(message.learned):
            board.refresh()
        mine = next((p for p in message.players if p.id == self.you), None)
        if mine is not None:
            board.trail.add(mine.cell)
        self._place({p.id: p.cell for p in message.players}, message.demon)
        if mine is not None:
            board.keep_in_view(mine.cell)
        self.show_status()

    def show_room(self, room: Room) -> None:
        """The room changed (a player left, the creator changed): the status says it."""
        self.show_status()
        self.refresh_bindings()

    def end(self, over: Over) -> None:
        """The end panel; the result saved."""
        self.over = over
        panel = self.query_one("#end-panel", Static)
        text = end_panel(over, self.you)
        text.append("\n")
        if self.room is not None and self.room.creator == self.room.you:
            text.append("n plays again · q back to the room", "dim")
        else:
            text.append("q back to the room (the creator starts the next game)", "dim")
        panel.update(text)
        panel.display = True
        self.app.save_result(over, self.begin_msg)
        self.show_status()
        self.refresh_bindings()

    # -- drawing -------------------------------------------------------------------------
    def _seats(self):
        return [s for s in self.room.seats if s.role != "watcher"] if self.room else []

    def _place(self, cells: dict[int, int], demon: int) -> None:
        """Put every player's letter where they are (ours drawn last, over the rest)."""
        p = palette_of(self)
        seats = self._seats()
        marks = letters([(s.id, s.name) for s in seats])
        sprites = {}
        for seat in sorted(seats, key=lambda s: s.id == self.you):
            cell = cells.get(seat.id)
            if cell is not None and seat.role != "demon":
                sprites[cell] = (marks[seat.id], player_style(p, seat.colour),
                                 seat.id == self.you)
        for seat in seats:  # a player who plays the demon is the demon
            if seat.role == "demon" and cells.get(seat.id) is not None:
                demon = cells[seat.id]
        self.query_one(Board).place(sprites, demon)

    def show_status(self) -> None:
        """Moves, par, time, place; the countdown."""
        begin = self.begin_msg
        status = self.query_one("#game-status", Static)
        countdown = self.query_one("#countdown", Static)
        if begin is None:
            status.update("waiting for the game…")
            return
        left = self.go_at - time.monotonic()
        countdown.display = left > -0.6 and self.over is None
        countdown.update(f"{int(left) + 1}" if left > 0 else "Go!")
        state, now = self.state, time.monotonic()
        elapsed = 0.0 if state is None else state.elapsed + (
            0.0 if self.over else now - self.state_at)
        mine = next((p for p in state.players if p.id == self.you), None) if state else None
        room = self.room
        parts = [Text(room.settings.mode if room else "race", "bold")]
        me = next((seat for seat in self._seats() if seat.id == self.you), None)
        if me is not None:
            letter = letters([(seat.id, seat.name) for seat in self._seats()])[me.id]
            parts.append(Text.assemble("you ", (f" {letter} ", player_style(
                palette_of(self), me.colour) + Style(underline=True))))
        if self.watching:
            count = len(self._seats())
            parts.append(Text(f"watching {count} player{'s' if count != 1 else ''}"))
        else:
            parts.append(Text.assemble(("Moves ", "bold"), str(mine.moves if mine else 0)))
        parts.append(Text.assemble(("Par ", "bold"), str(begin.par)))
        if mine is not None and mine.place:
            parts.append(Text.assemble(("Place ", "bold"), ordinal(mine.place)))
        elif mine is not None and mine.done:
            parts.append(Text("done", "bold"))
        parts.append(Text.assemble(("Time ", "bold"), clock(elapsed)))
        if room is not None:
            parts.append(Text(f"room {room.code}", "dim"))
        if self.leaving:
            parts.append(Text("q again leaves the game", "reverse"))
        status.update(Text("   ").join(parts))

    # -- keys ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Moves while the game runs (not watching); again for the creator after it;
        copy when there is a line to share."""
        over = self.over is not None
        if action == "move":
            return not over and not self.watching and self.begin_msg is not None
        if action == "again":
            return over and self.room is not None and self.room.creator == self.room.you
        if action == "copy":
            return over and bool(self.over.share)
        return True

    def action_move(self, direction: str) -> None:
        """Send the intent (after the countdown); the host moves us."""
        if time.monotonic() < self.go_at:
            return
        self.seq += 1
        self.app.send(Key(dir=DIRECTIONS[direction], seq=self.seq))

    def action_again(self) -> None:
        """The creator starts the next game."""
        self.app.send(Start())

    def action_copy(self) -> None:
        """The share line to the clipboard."""
        self.app.copy_to_clipboard(self.over.share)
        self.notify("copied: " + self.over.share, markup=False)

    def action_back(self) -> None:
        """After the game: back to the room; during it: leave (q twice)."""
        if self.over is not None or self.begin_msg is None:
            self.app.pop_screen()
        elif self.watching or self.leaving:
            self.app.leave_room()
        else:
            self.leaving = True
            self.show_status()
