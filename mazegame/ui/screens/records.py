"""Records: your best game on each maze (mode, level, puzzle, seed) and every game played.

Two tables over the saved results (`storage.Store.results`): the best per maze (fewest moves
of the won games, then the fastest; a maze never won shows its best try) and the history,
newest first. Either sorts by any column (o cycles the column, a click on a header sorts by
it, again reverses). Enter watches the game's replay; x deletes one result and X every one,
each after a confirmation. A row the game did not write itself shows as unreadable, with its
id and what is wrong (x deletes it); text from the file is shown as text, never as markup.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from mazegame.games.daily import day_summary, today
from mazegame.games.record_labels import maze_label, mode_label
from mazegame.storage import Saved
from mazegame.ui.host import campaign_if_read, store_of
from mazegame.ui.screens.dialogs import format_time
from mazegame.ui.widgets.footer import GameFooter
from mazegame.words import plural, when


@dataclass(frozen=True)
class Column:
    """One column of the tables: its title, how a result is shown and sorted by it, and
    its rank when the terminal is too narrow for all (the lowest ranks stay)."""

    title: str
    show: Callable[[Saved], str]
    sort: Callable[[Saved], object]
    rank: int = 0


def played(saved: Saved) -> str:
    """When a game was played, in local time: "2026-11-27 03:29"."""
    return when(saved.played_at)


MAZE_WIDTH = 30  #: the widest a maze's label is shown in the table (the rest: "…")


def maze_shown(saved: Saved) -> str:
    """The Maze column: the maze in words, after its day for a maze of the day's game."""
    day = f"Daily {saved.daily}: " if saved.daily else ""
    return day + maze_label(saved.mode, saved.maze)


COLUMNS = (
    Column("▶", lambda s: "▶" if s.replay else "", lambda s: s.replay is None, 6),
    Column("Mode", lambda s: mode_label(s.mode), lambda s: mode_label(s.mode), 0),
    Column("Maze", maze_shown, lambda s: s.maze, 1),
    Column("Result", lambda s: "won" if s.won else "lost", lambda s: not s.won, 2),
    Column("Moves", lambda s: str(s.moves), lambda s: s.moves, 3),
    Column("Optimum", lambda s: str(s.optimum), lambda s: s.optimum, 8),
    Column("Over", lambda s: f"+{s.moves - s.optimum}" if s.won else "",
           lambda s: (not s.won, s.moves - s.optimum), 7),
    Column("Time", lambda s: format_time(s.seconds), lambda s: s.seconds, 5),
    Column("Played", played, lambda s: -s.played_at, 4),  # newest first
)
GAMES = Column("Games", str, int, 9)  #: the best view's games played on each maze
BY_MODE, BY_PLAYED = 1, len(COLUMNS) - 1  #: the sort of the best table, and the history's


def best_per_maze(results: list[Saved]) -> list[tuple[Saved, int]]:
    """The best result on each (mode, maze), with the number of games played there (an
    unreadable row stands alone)."""
    best: dict[tuple, Saved] = {}
    count: dict[tuple, int] = {}
    for s in results:
        key = (s.mode, s.maze) if s.unreadable is None else ("unreadable", s.id, id(s))
        count[key] = count.get(key, 0) + 1
        held = best.get(key)
        if held is None or (not s.won, s.moves, s.seconds) < (not held.won, held.moves,
                                                               held.seconds):
            best[key] = s
    return [(s, count[key]) for key, s in best.items()]


def printable(text: str) -> str:
    """Text from the file with control characters escaped (never sent to the terminal)."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)


def row_cells(s: Saved, games: int | None) -> list[Text]:
    """A result's cells in the table (and the "Games" count in the best view), as plain
    text: an unreadable row says so in the Maze column; a long maze label ends in "…"."""
    if s.unreadable is not None:
        cells = [""] * len(COLUMNS)
        cells[1] = "?"
        cells[2] = f"unreadable (id {s.id}): {s.unreadable}"
    else:
        cells = [column.show(s) for column in COLUMNS]
        if len(cells[2]) > MAZE_WIDTH:
            cells[2] = cells[2][:MAZE_WIDTH - 1] + "…"
    if games is not None:
        cells.append(str(games))
    return [Text(printable(cell), no_wrap=True) for cell in cells]


def fitting(columns: list[Column], rows: list[list[Text]], width: int,
            sorted_by: int) -> list[int]:
    """The columns (indices, in order) that fit `width` whole, the lowest ranks first: a
    narrow terminal leaves whole columns out rather than cutting the last one."""
    def needs(i: int) -> int:  # the widest cell or title (the sorted one's arrow), padded
        cells = [row[i].cell_len for row in rows]
        return max([len(columns[i].title) + 2 * (i == sorted_by), *cells]) + 2

    kept, room = [], width
    for i in sorted(range(len(columns)), key=lambda i: columns[i].rank):
        if needs(i) <= room:
            kept.append(i)
            room -= needs(i)
    return sorted(kept)


def table_rows(results: list[Saved], best: bool, sort_column: int,
               reverse: bool) -> list[tuple[Saved, list[Text]]]:
    """The table's rows in order, each result with its cells: the best per maze (with the
    games played there) or the history, sorted by `sort_column` (len(COLUMNS): Games);
    unreadable rows last."""
    pairs = best_per_maze(results) if best else [(s, 0) for s in results]
    if sort_column == len(COLUMNS):  # Games
        pairs.sort(key=lambda p: p[1], reverse=reverse)
    else:
        pairs.sort(key=lambda p: COLUMNS[sort_column].sort(p[0]), reverse=reverse)
    pairs.sort(key=lambda p: p[0].unreadable is not None)  # stable: the order above stays
    return [(s, row_cells(s, games if best else None)) for s, games in pairs]


class RecordsScreen(Screen):
    """The best runs and the history of games, sortable; replays; delete one or all."""

    DEFAULT_CSS = "RecordsScreen #records-table { height: 1fr; }"

    BINDINGS = [
        Binding("b", "toggle_view", "Best/history", id="records-view",
                tooltip="Show the best game on each maze, or every game played"),
        Binding("o", "cycle_sort", "Sort", id="records-sort",
                tooltip="Sort by the next column (a click on a header sorts by it)"),
        Binding("r", "watch", "Replay", id="records-replay",
                tooltip="Watch the selected game again (also enter)"),
        Binding("x,delete", "delete_one", "Delete", id="records-delete",
                tooltip="Delete the selected result (asks first)"),
        Binding("X", "delete_all", "Clear all", id="records-clear",
                tooltip="Delete every saved result (asks first)"),
        Binding("q,escape", "app.pop_screen", "Back", id="records-back",
                tooltip="Back to the menu"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.best = True  #: the best per maze (True) or the history (False)
        self.sort_column = BY_MODE  #: the index in COLUMNS (then "Games") the table is sorted by
        self.reverse = False
        self.rows: list[Saved] = []  #: the results shown, in table order

    def compose(self) -> ComposeResult:
        """The title line, the table, the footer."""
        yield Static("", id="records-title")
        yield DataTable(id="records-table", cursor_type="row", zebra_stripes=True)
        yield GameFooter()

    help_title = "Records: your games"

    def help_intro(self) -> str:
        """What the records show, for the help (`?`)."""
        return ("Your saved games. [b]Best on each maze[/b] shows your best game on each maze "
                "(fewest moves of the games won, then the fastest; a maze never won shows its "
                "best try) and how many games you played there; [b]b[/b] switches to [b]every "
                "game[/b], newest first. [b]o[/b] sorts by the next column, a click on a "
                "header sorts by it (again: the other way round), ▲ ▼ mark the order.\n"
                "[b]▶[/b] marks a game saved with its replay: enter or r watches it. "
                "[b]Over[/b] is your moves beyond the shortest path ([b]Optimum[/b]). A narrow "
                "terminal shows the columns that fit whole: widen it to see them all.")

    def on_mount(self) -> None:
        """Fill the table."""
        self.reload()
        self.query_one(DataTable).focus()

    def on_resize(self) -> None:
        """Show the columns that fit the new width."""
        self.call_after_refresh(self.reload)

    # -- the table ---------------------------------------------------------------------
    def results(self) -> list[Saved]:
        """Every saved result (none when results are not saved at all)."""
        store = store_of(self.app)
        return [] if store is None else store.results()

    def unreadable(self) -> str | None:
        """Why the saved games could not be read just now (None: they could)."""
        store = store_of(self.app)
        return None if store is None else store.unreadable

    def reload(self) -> None:
        """Read the results again and show them in the current view and order."""
        results = self.results()
        table = self.query_one(DataTable)
        table.clear(columns=True)
        columns = list(COLUMNS) + ([GAMES] if self.best else [])
        rows = table_rows(results, self.best, self.sort_column, self.reverse)
        shown = fitting(columns, [cells for _, cells in rows], self.app.size.width - 2,
                        self.sort_column)
        for i in shown:
            arrow = (" ▼" if self.reverse else " ▲") if i == self.sort_column else ""
            table.add_column(columns[i].title + arrow, key=str(i))
        self.rows = [s for s, _ in rows]
        for n, (_, cells) in enumerate(rows):
            table.add_row(*(cells[i] for i in shown), key=str(n))
        view = "Best on each maze" if self.best else "Every game, newest first"
        what = f"{plural(len(results), 'game')} saved"
        why = self.unreadable()
        if store_of(self.app) is None:
            what = "Results are not saved in this run: nothing to show."
        elif not results and why is None:
            what = "No games saved yet: finish a game and it shows here."
        title = Text.assemble(("Records", "bold"), f" · {view} · {what}")
        day = today()
        if summary := day_summary(results, day):
            title.append(f"\nToday's daily ({day.isoformat()}): ", "bold")
            title.append(printable(summary))
        if why is not None:
            title.append(f"\nThe saved games could not be read: {printable(why)}", "bold")
        self.query_one("#records-title", Static).update(title)

    @property
    def selected(self) -> Saved | None:
        """The result under the cursor, if any."""
        table = self.query_one(DataTable)
        if not self.rows or table.cursor_row is None:
            return None
        return self.rows[min(table.cursor_row, len(self.rows) - 1)]

    def action_toggle_view(self) -> None:
        """The best per maze, or the whole history (newest first)."""
        self.best = not self.best
        self.sort_column, self.reverse = (BY_MODE if self.best else BY_PLAYED), False
        self.reload()

    def action_cycle_sort(self) -> None:
        """Sort by the next column."""
        count = len(COLUMNS) + (1 if self.best else 0)
        self.sort_by((self.sort_column + 1) % count, toggle=False)

    def sort_by(self, column: int, toggle: bool = True) -> None:
        """Sort by a column; the same column again reverses the order (when `toggle`)."""
        if toggle and column == self.sort_column:
            self.reverse = not self.reverse
        else:
            self.sort_column, self.reverse = column, False
        self.reload()

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        """A click on a header sorts by its column."""
        self.sort_by(int(event.column_key.value))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter (or a click on a selected row) watches its replay."""
        self.action_watch()

    # -- replays and deleting --------------------------------------------------------------
    def action_watch(self) -> None:
        """Watch the selected game again (if it was saved with its replay)."""
        from mazegame.games.replay import Recording, ReplayError
        from mazegame.ui.screens.replay_view import ReplayScreen, replay_title

        saved = self.selected
        if saved is None:
            return
        if saved.unreadable is not None:
            self.notify(f"This row is unreadable ({saved.unreadable}); x deletes it.",
                        severity="warning", markup=False)
            return
        if saved.replay is None:
            self.notify("This game was saved without a replay (before replays were kept, "
                        "or a mode that has none).", severity="warning")
            return
        try:
            recording = Recording.from_json(saved.replay)
        except ReplayError as err:
            self.notify(str(err), severity="error")
            return
        self.app.push_screen(ReplayScreen(recording, replay_title(saved),
                                          seconds=saved.seconds))

    def action_delete_one(self) -> None:
        """Delete the selected result, after asking."""
        from mazegame.ui.screens.dialogs import ConfirmScreen

        saved = self.selected
        if saved is None or saved.id is None:
            return
        outcome = "won" if saved.won else "lost"
        what = f"{mode_label(saved.mode)} · {maze_label(saved.mode, saved.maze)}"
        question = (f"Delete this result?\n\n{printable(what)}"
                    f"\n{outcome} in {plural(saved.moves, 'move')}, {played(saved)}")
        if saved.unreadable is not None:
            question = f"Delete this unreadable row (id {saved.id})?\n\n{saved.unreadable}"

        def answered(yes: bool | None) -> None:
            if yes and self.app.store.delete([saved.id]):
                self.notify("Result deleted.")
            self.deleted()

        self.app.push_screen(ConfirmScreen(question), answered)

    def action_delete_all(self) -> None:
        """Delete every saved result, after asking."""
        from mazegame.ui.screens.dialogs import ConfirmScreen

        count = len(self.results())
        if count == 0 or self.app.store is None:
            return

        def answered(yes: bool | None) -> None:
            if yes and self.app.store.delete(None):
                self.notify(f"All {count} results deleted.")
            self.deleted()

        self.app.push_screen(ConfirmScreen(
            f"Delete all {count} saved results?\n\nYour best runs and the campaign's "
            "stars go with them. This cannot be undone."), answered)

    def deleted(self) -> None:
        """Show the table without what was deleted; the campaign reads its stars again."""
        campaign = campaign_if_read(self.app)
        if campaign is not None:
            campaign.forget()
        self.reload()
