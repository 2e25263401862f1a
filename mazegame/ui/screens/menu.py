"""The main menu: title, the modes that exist, settings, help and quit; `d` opens the
highlighted mode's maze of the day (games.daily) where it has one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from mazegame import __version__
from mazegame.games.daily import daily_setup, has_daily, today
from mazegame.games.modes import MODES
from mazegame.ui import palette
from mazegame.ui.host import palette_of, warmup_report
from mazegame.ui.widgets.attract import AttractView
from mazegame.ui.widgets.footer import GameFooter

BANNER = """\
┏┳┓┏━┓╺━┓┏━╸┏━╸┏━┓┏┳┓┏━╸
┃┃┃┣━┫┏━┛┣╸ ┃╺┓┣━┫┃┃┃┣╸
╹ ╹╹ ╹┗━╸┗━╸┗━┛╹ ╹╹ ╹┗━╸"""

ATTRACT_MIN_HEIGHT = 36


def banner(p: palette.Palette) -> str:
    """The banner in the glyphs in force (box drawing, or ASCII)."""
    return palette.ASCII_BANNER if p.glyphs == "ascii" else BANNER

EXTRAS = {
    "settings": ("Settings", "Theme, glyphs and move keys; the difficulty, size, demon, "
                 "generator, animation and bell a new game starts from. Saved as you change "
                 "them (`mazegame config` too)."),
    "records": ("Records", "Your best game on each maze and every game played, sortable; "
                "watch any of them again as a replay."),
    "help": ("Help", "Every key, and how the game works."),
    "quit": ("Quit", "Leave mazegame."),
}


class MenuScreen(Screen):
    """Pick a mode; the kernels compile in the background meanwhile (first launch only)."""

    BINDINGS = [
        Binding("q", "app.quit", "Quit", id="quit", tooltip="Leave mazegame"),
        Binding("d", "daily", "Maze of the day", id="menu-daily",
                tooltip="Play today's maze of the day of the highlighted mode: the same maze "
                        "and settings for everyone (UTC date)"),
    ]

    #: The warm-up's last report: (done, total, label, compiled anything), None before any.
    warmup: tuple[int, int, str, bool] | None = None

    def compose(self) -> ComposeResult:
        """The banner, the modes with their blurb, the warm-up bar and the self-building maze."""
        with Vertical(id="menu"):
            yield Static(banner(palette_of(self)), id="banner")
            yield Static(f"a maze game and algorithm lab · v{__version__}", id="tagline")
            with Horizontal(id="menu-body"):
                options = [Option(mode.title, id=name) for name, mode in MODES.items()]
                options += [None, *(Option(title, id=key) for key, (title, _) in EXTRAS.items())]
                yield OptionList(*options, id="modes")
                yield Static("", id="blurb")
            if self.app.animations:
                yield AttractView(id="attract")
            with Vertical(id="warmup") as warmup:
                warmup.display = False  # shown only while something is really compiling
                yield Static("", id="warmup-label")
                yield ProgressBar(total=1, id="warmup-bar", show_eta=False)
        yield GameFooter()

    def on_resize(self) -> None:
        """Show the self-building maze only where it fits below the menu."""
        # The self-building maze only where it fits below the menu without crowding it.
        for view in self.query(AttractView):
            view.display = self.size.height >= ATTRACT_MIN_HEIGHT

    def on_mount(self) -> None:
        """Fit the screen, focus the first entry, and show the warm-up so far."""
        self.warmup = warmup_report(self.app)
        self.on_resize()
        self.query_one(OptionList).focus()
        self.query_one(OptionList).highlighted = 0

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show the highlighted entry's goal (its one-line description) and blurb."""
        key = event.option.id
        mode = MODES.get(key)
        title, blurb = (mode.title, mode.blurb) if mode else EXTRAS[key]
        goal = f"\n[i]{mode.goal}[/i]" if mode and mode.goal else ""
        daily = ("\n[b]d[/b]  play today's maze of the day"
                 if mode and has_daily(mode) else "")  # before the blurb: 80x24 cuts its end
        self.query_one("#blurb", Static).update(f"[b]{title}[/b]{goal}{daily}\n\n{blurb}")
        self.refresh_bindings()  # `d` is offered for the modes with a maze of the day

    def daily_mode(self) -> str | None:
        """The highlighted mode if it has a maze of the day (None: it has none, or an extra
        is highlighted)."""
        options = self.query_one(OptionList)
        if options.highlighted is None:
            return None
        key = options.get_option_at_index(options.highlighted).id
        return key if key in MODES and has_daily(MODES[key]) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`d` only on a mode with a maze of the day."""
        return self.daily_mode() is not None if action == "daily" else True

    def action_daily(self) -> None:
        """Open today's maze of the day of the highlighted mode, straight away."""
        mode = self.daily_mode()
        if mode is not None:
            self.app.start_mode(daily_setup(today(), mode))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Open the chosen mode, the help, or quit."""
        key = event.option.id
        if key == "quit":
            self.app.exit()
        elif key == "help":
            self.app.action_help()
        elif key == "settings":
            self.app.action_settings()
        elif key == "records":
            from mazegame.ui.screens.records import RecordsScreen

            self.app.push_screen(RecordsScreen())
        else:
            self.app.choose_mode(key)

    def show_warmup(self, done: int, total: int, label: str, compiled: bool) -> None:
        """Show the kernels' warm-up while it compiles anything; drop it when done. Covered,
        the menu only notes it (a repaint under a game would repaint the game's rows)."""
        self.warmup = (done, total, label, compiled)
        if self.is_active:  # on top (is_current is true under a game too)
            self._draw_warmup()

    def on_screen_resume(self) -> None:
        """Back on top: show how far the warm-up got meanwhile, and the banner in the
        glyphs the settings may have changed."""
        self.query_one("#banner", Static).update(banner(palette_of(self)))
        self._draw_warmup()

    def _draw_warmup(self) -> None:
        if self.warmup is None:
            return
        done, total, label, compiled = self.warmup
        for box in self.query("#warmup"):
            if done >= total:
                box.remove()  # and with it the progress bar's timer
            elif compiled:
                box.display = True
                self.query_one("#warmup-label", Static).update(
                    f"First launch only: compiling {done} of {total} · {label}")
                self.query_one("#warmup-bar", ProgressBar).update(total=total, progress=done)
