"""Open a jumping puzzle: every pack's puzzles in one list, with size, rules, par, difficulty
and your best; the one you are playing is highlighted, enter opens the one you pick."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from mazegame.engine.jump.design import rate
from mazegame.engine.jump.model import JumpPuzzle, solve
from mazegame.games.jump import best_moves, board_text, rules_text
from mazegame.words import plural


class PuzzlePicker(ModalScreen[tuple[str, int] | None]):
    """A list of packs and their puzzles; dismisses with (pack, index), or None."""

    BINDINGS = [Binding("escape,q", "dismiss(None)", "Close", id="picker-close",
                        tooltip="Keep playing the puzzle you have")]

    def __init__(self, packs: dict[str, list[JumpPuzzle]], current: tuple[str, int],
                 store=None) -> None:
        """`packs` by name, in the order shown; `current` is highlighted; `store` (the saved
        results, may be None) marks the puzzles solved before."""
        super().__init__()
        self.packs = packs
        self.current = current
        self.store = store
        #: (pack, index) of each line of the list; None for a pack's heading.
        self.entries: list[tuple[str, int] | None] = []

    def options(self) -> list[Option]:
        """A heading per pack, then a line per puzzle."""
        options = []
        for name, puzzles in self.packs.items():
            best = best_moves(self.store, puzzles)
            options.append(Option(f"[b]{name}[/b]  {plural(len(puzzles), 'puzzle')}",
                                  disabled=True))
            self.entries.append(None)
            width = len(str(len(puzzles)))
            for i, p in enumerate(puzzles):
                # Well under a millisecond each, compiled; 75 puzzles take half a second
                # while a first launch still runs the kernels as Python.
                analysis = solve(p)
                rating = rate(p, analysis)
                par = str(analysis.length) if analysis.solved else "-"
                done = f"  ✓ best {best[i]}" if i in best else ""
                options.append(Option(
                    f"  {i + 1:>{width}}. {board_text(p)} · {rules_text(p)} · par {par} · "
                    f"{rating.label}{done}"))
                self.entries.append((name, i))
        return options

    def compose(self) -> ComposeResult:
        """Title, the list, and how to use it."""
        with Vertical(id="dialog", classes="picker"):
            yield Label("Open a puzzle", id="dialog-title")
            yield OptionList(*self.options(), id="picker-list")
            yield Static("enter opens the highlighted puzzle · escape keeps this one",
                         id="dialog-hint")

    def on_mount(self) -> None:
        """Highlight the puzzle being played and scroll it into view."""
        listing = self.query_one(OptionList)
        if self.current in self.entries:
            listing.highlighted = self.entries.index(self.current)
        listing.focus()

    def highlighted_puzzle(self) -> tuple[str, int] | None:
        """(pack, index) of the highlighted line."""
        index = self.query_one(OptionList).highlighted
        return None if index is None else self.entries[index]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Open the chosen puzzle."""
        event.stop()
        self.dismiss(self.entries[event.option_index])
