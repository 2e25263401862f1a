"""A game in a room: the maze the host sent (Begin), everyone moving on it (State), the end
panel (Over). The move keys send intents (Key); the host moves us and says where we are.

The status line: moves, par, time, place. A countdown shows before keys count. A blind
view is drawn from the walls the host sent (the outer ones) and those we learned since; a
player's-eye view (`eye.RemoteEye`) shows the corridor ahead: the arrows turn (here only)
and step forward (a Key the way we face), and the whole maze shows once the game is over.
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
from textual.containers import Horizontal
from textual.widgets import Static

from mazegame.net.protocol import Begin, Key, Over, Position, Room, Start, State
from mazegame.ui.host import palette_of
from mazegame.ui.keys import facing_bindings, move_bindings
from mazegame.ui.remote.base import ClientScreen
from mazegame.ui.remote.board import Board, demon_glyph, player_style
from mazegame.ui.remote.end import EndScreen, clock, ordinal
from mazegame.ui.remote.eye import EyeMap, RemoteEye
from mazegame.ui.remote.picture import Picture, letters

DIRECTIONS = {"north": 0, "east": 1, "south": 2, "west": 3}  #: Key.dir, engine.grid's order
COMPASS = ("north", "east", "south", "west")  #: a facing's name


class GameScreen(ClientScreen):
    """The maze, the status line, the countdown, the end panel."""

    BINDINGS = [
        *move_bindings(),
        *facing_bindings(),  # (the player's eye: the same keys, one set live at a time)
        Binding("n", "again", "Play again", id="game-again",
                tooltip="Start the next game (the creator)"),
        Binding("c", "copy", "Copy share line", id="game-copy",
                tooltip="Copy the daily maze's line to the clipboard"),
        Binding("e", "panel", "End panel", id="game-panel",
                tooltip="Show the end of the game again"),
        Binding("q,escape", "back", "Back", id="game-back",
                tooltip="During a game: leave it (press twice); after it: back to the room"),
    ]
    HELP_TEXT = ("A game on the host: everyone plays the same maze. Your letter is "
                 "underlined; ◎ is the goal, · your trail, Ж the demon. The host moves you: "
                 "a key is an intent, the board shows where you are once it arrives. "
                 "In the player's eye, ← → turn you (here only), ↑ steps forward, ↓ turns "
                 "round; the whole maze shows when the game is over.")

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
        self.sent_at: dict[int, float] = {}  #: Key.seq -> when it was sent (not yet seen)
        self.lag: float | None = None  #: seconds from our last key to the State applying it
        self.eye = False  #: this game is seen through the player's eye

    def body(self) -> ComposeResult:
        """Status, the board, the countdown and the end panel over it."""
        yield Static("", id="game-status")
        yield Static("", id="game-players")
        yield Board(id="board")
        with Horizontal(id="eye-row"):
            eye_map = EyeMap(id="eye-map")
            yield RemoteEye(eye_map, id="eye")
            yield eye_map
        yield Static("", id="countdown")

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
    def demon_is_you(self) -> bool:
        """Do we play the demon (the view follows it)?"""
        return any(s.id == self.you and s.role == "demon" for s in self._seats())

    @property
    def watching(self) -> bool:
        """Are we a watcher (no keys)?"""
        return self.room is not None and self.room.role == "watcher"

    # -- the host's messages -------------------------------------------------------------
    def begin(self, begin: Begin) -> None:
        """A new game: the maze, everyone at the start, the countdown."""
        self.begin_msg, self.state, self.over, self.leaving = begin, None, None, False
        self.picture = Picture(begin.width, begin.height, begin.walls, wrap_x=begin.wrap_x,
                               wrap_y=begin.wrap_y, glyphs=palette_of(self).glyphs,
                               goals=begin.goals)
        me = next((seat for seat in self._seats() if seat.id == self.you), None)
        self.eye = me is not None and me.view == "eye"
        eye = self.query_one(RemoteEye)
        if self.eye:
            eye.start(self.picture, begin.demon if self.demon_is_you else begin.start)
        board = self.query_one("#board", Board)
        self.see_whole_maze(not self.eye)
        board.show(self.picture, begin.start, begin.goals)
        board.call_after_refresh(board.keep_in_view,
                                 begin.demon if self.demon_is_you else begin.start)
        self.go_at = time.monotonic() + begin.countdown
        self.state_at = time.monotonic()
        self._place({seat.id: begin.start for seat in self._seats()}, begin.demon)
        self.show_status()
        self.refresh_bindings()

    def update(self, message: State | Over) -> None:
        """A State moves everyone; an Over ends the game."""
        if isinstance(message, Over):
            self.end(message)
            return
        if self.begin_msg is None or message.game != self.begin_msg.game:
            return
        board = self.query_one("#board", Board)
        if message.learned and self.picture.learn(message.learned):
            board.refresh()
        mine, before = self._mine(message), self._mine(self.state)
        if mine is not None:
            board.trail.add(mine.cell)
            if mine.done and (before is None or not before.done):
                self.notify(self.arrival(mine), markup=False)
            elif before is not None and self._bumped(message, before, mine):
                if self.eye:
                    self.app.bell()
                else:
                    board.flash(mine.cell)
        self._time_keys(message.seq)
        self.state, self.state_at = message, time.monotonic()
        self._place({p.id: p.cell for p in message.players}, message.demon)
        if mine is not None or self.demon_is_you:
            board.keep_in_view(message.demon if self.demon_is_you else mine.cell)
        self.show_status()

    def _time_keys(self, applied: int) -> None:
        """The lag: from sending our key to the State that applied it."""
        if applied in self.sent_at:
            self.lag = time.monotonic() - self.sent_at[applied]
        for seq in [seq for seq in self.sent_at if seq <= applied]:
            del self.sent_at[seq]

    def _mine(self, state: State | None) -> Position | None:
        """Where we are in a State (None: no State yet, or we do not play)."""
        return next((q for q in state.players if q.id == self.you), None) if state else None

    def _bumped(self, state: State, before: Position, mine: Position) -> bool:
        """Did our last key meet a wall? (The host applied a key since the last State, and
        we are where we were, with as many moves.)"""
        applied = state.seq > (self.state.seq if self.state is not None else 0)
        return applied and (before.cell, before.moves) == (mine.cell, mine.moves)

    def arrival(self, mine: Position) -> str:
        """What to say when we are done: through (and our place), or caught."""
        if mine.place:
            return f"You are through: {ordinal(mine.place)}!"
        chase = self.room is not None and self.room.settings.mode == "chase"
        return "Caught by the demon!" if chase else "You are through!"

    def show_room(self, room: Room) -> None:
        """The room changed (a player left, the creator changed): the status says it."""
        self.show_status()
        self.refresh_bindings()

    def end(self, over: Over) -> None:
        """The end panel; the result saved."""
        self.over = over
        self.see_whole_maze(True)
        self.app.save_result(over, self.begin_msg)
        self.show_status()
        self.refresh_bindings()
        self.action_panel()

    # -- drawing -------------------------------------------------------------------------
    def see_whole_maze(self, whole: bool) -> None:
        """The board (bird's-eye, blind, and every view once the game is over) or the eye."""
        self.query_one("#board", Board).display = whole
        self.query_one("#eye-row").display = not whole
        if not whole:
            self.query_one(RemoteEye).focus()

    def _seats(self):
        return [s for s in self.room.seats if s.role != "watcher"] if self.room else []

    def _place(self, cells: dict[int, int], demon: int) -> None:
        """Put every runner's letter where they are (ours drawn last, over the rest), and
        the demon (the computer's or a player's: the host says where it is)."""
        p = palette_of(self)
        seats = self._seats()
        marks = letters([(s.id, s.name) for s in seats])
        sprites = {}
        for seat in sorted(seats, key=lambda s: s.id == self.you):
            cell = cells.get(seat.id)
            if cell is not None and seat.role != "demon":
                sprites[cell] = (marks[seat.id], player_style(p, seat.colour),
                                 seat.id == self.you)
        # (the demon: the computer's or a player's, where the host says)
        self.query_one("#board", Board).place(sprites, demon)
        if self.eye:
            others = {cell: mark for cell, (mark, _, mine) in sprites.items() if not mine}
            if self.demon_is_you:
                self.query_one(RemoteEye).place(demon, others, -1)
            elif self.you in cells:
                self.query_one(RemoteEye).place(cells[self.you], others, demon)
        self.query_one("#game-players", Static).update(self._roster(marks))

    def _roster(self, marks: dict[int, str]) -> Text:
        """Who is who: each player's letter and name, their moves, a mark once through."""
        p = palette_of(self)
        where = {q.id: q for q in self.state.players} if self.state else {}
        parts = []
        for seat in self._seats():
            if seat.role == "demon":
                part = Text.assemble((f" {demon_glyph(p)} ", p.DEMON), seat.name)
            else:
                part = Text.assemble((f" {marks[seat.id]} ", player_style(p, seat.colour)),
                                     seat.name)
            now = where.get(seat.id)
            if now is not None:
                part.append(f" {now.moves}", "dim")
                if now.done:
                    part.append(f" ✓{ordinal(now.place)}" if now.place else " ✗", "bold")
            if not seat.connected:
                part.append(" (away)", "dim")
            parts.append(part)
        return Text("  ").join(parts)

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
        width, height = self.size  # (placed absolutely: centred by hand)
        countdown.styles.offset = (max(0, (width - 9) // 2), max(0, (height - 3) // 2))
        state, now = self.state, time.monotonic()
        if state is None:  # nobody has moved yet (the host sends a State on a change)
            elapsed = 0.0 if self.over else max(0.0, now - self.go_at)
        else:
            elapsed = state.elapsed + (0.0 if self.over else now - self.state_at)
        mine = self._mine(state)
        room = self.room
        parts = [Text(room.settings.mode if room else "race", "bold")]
        me = next((seat for seat in self._seats() if seat.id == self.you), None)
        if me is not None and me.role == "demon":
            parts.append(Text.assemble("you are the demon ", (f" {demon_glyph(palette_of(self))} ",
                                                              palette_of(self).DEMON)))
        elif me is not None:
            letter = letters([(seat.id, seat.name) for seat in self._seats()])[me.id]
            parts.append(Text.assemble("you ", (f" {letter} ", player_style(
                palette_of(self), me.colour) + Style(underline=True))))
        if self.watching:
            count = len(self._seats())
            parts.append(Text(f"watching {count} player{'s' if count != 1 else ''}"))
        else:
            parts.append(Text.assemble(("Moves ", "bold"), str(mine.moves if mine else 0)))
        if self.eye and self.over is None:  # (narrow: an arrow and a letter, on one line)
            facing = self.query_one(RemoteEye).facing
            parts.insert(1, Text.assemble(("Facing ", "bold"), COMPASS[facing])
                         if width >= 100 else Text.assemble(
                             (palette_of(self).GLYPH_FACING[facing], "bold"), " ",
                             COMPASS[facing][0].upper()))
        parts.append(Text.assemble(("Par ", "bold"), str(begin.par)))
        if mine is not None and mine.place:
            parts.append(Text.assemble(("Place ", "bold"), ordinal(mine.place)))
        elif mine is not None and mine.done:
            parts.append(Text("done", "bold"))
        parts.append(Text.assemble(("Time ", "bold"), clock(elapsed)))
        if room is not None:
            parts.append(Text(f"room {room.code}", "dim"))
        if self.lag is not None:
            parts.append(Text(f"lag {self.lag * 1000:.0f} ms", "dim"))
        if self.leaving:
            parts.append(Text("q again leaves the game", "reverse"))
        status.update(Text("   ").join(parts))

    # -- keys ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Moves while the game runs (not watching); again for the creator after it;
        copy when there is a line to share."""
        over = self.over is not None
        if action in ("move", "forward", "turn"):
            playing = not over and not self.watching and self.begin_msg is not None
            return playing and self.eye == (action != "move")
        if action == "again":
            return over and self.room is not None and self.room.creator == self.room.you
        if action == "copy":
            return over and bool(self.over.share)
        if action == "panel":
            return over
        return True

    def action_panel(self) -> None:
        """The end panel, over the maze."""
        if self.over is not None and self.app.screen is self:
            self.app.push_screen(EndScreen(self, self.over))

    def action_move(self, direction: str) -> None:
        """Send the intent (after the countdown); the host moves us."""
        self.send_key(DIRECTIONS[direction])

    def action_forward(self) -> None:
        """The player's eye: a step the way we face (the host moves us)."""
        self.send_key(self.query_one(RemoteEye).facing)

    def action_turn(self, which: str) -> None:
        """The player's eye: face left, right or around (ours alone: nothing is sent)."""
        self.query_one(RemoteEye).turn(which)
        self.show_status()

    def send_key(self, direction: int) -> None:
        """A Key to the host (after the countdown), timed for the lag."""
        if time.monotonic() < self.go_at:
            return
        self.seq += 1
        self.sent_at[self.seq] = time.monotonic()
        self.app.send(Key(dir=direction, seq=self.seq))

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
