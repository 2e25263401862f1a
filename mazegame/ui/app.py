"""The Textual app: menu first, one screen per mode, kernels warmed up in a worker."""

from __future__ import annotations

import contextlib
import gc
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import events, work
from textual.binding import Binding
from textual.geometry import Size

from mazegame.engine import compiles
from mazegame.games.modes import MODES, warm_first
from mazegame.games.setup import GameSetup
from mazegame.net.protocol import DEFAULT_PORT, DEFAULT_SSH_PORT
from mazegame.storage import Best, Store
from mazegame.ui import keys
from mazegame.ui.host import GameHost
from mazegame.ui.preferences import BadSetting, Preferences
from mazegame.ui.screens import SCREENS
from mazegame.ui.screens.dialogs import HelpScreen, SetupScreen
from mazegame.ui.screens.menu import MenuScreen
from mazegame.ui.too_small import cover_while_small

if TYPE_CHECKING:
    from mazegame.games.levels import Campaign

MIN_SIZE = (50, 16)
INTERRUPTED = 130  #: the app's return code after ctrl+c, as a shell reports SIGINT
#: Seconds the warm-up leaves the first screen alone before loading kernels in this process.
WARM_UP_HOLD = 1.5

HELP_INTRO = (
    "Pick a mode with the arrows and enter. In every mode, ? explains its screen and keys; "
    "escape or q goes back."
)


PLAY_TOGETHER = (
    "[b]Play together[/b] from different computers: one of you runs [b]mazegame host "
    "--host 0.0.0.0[/b] (it says who can reach it); the others join with [b]mazegame join "
    f"HOST:{DEFAULT_PORT}[/b], with [b]ssh -p {DEFAULT_SSH_PORT} NAME@HOST[/b] (nothing to "
    f"install), or in a browser through [b]mazegame serve --join HOST:{DEFAULT_PORT}[/b]. "
    "The maze of the day: [b]d[/b] on a mode, or [b]mazegame daily[/b]."
)


def menu_help() -> str:
    """The menu's help: how to start, each mode's goal (from the registry), and how to play
    with others (the host and its doors are commands, not menu entries)."""
    goals = "\n".join(f"[b]{mode.title}[/b]: {mode.goal}" for mode in MODES.values())
    return f"{HELP_INTRO}\n\n{goals}\n\n{PLAY_TOGETHER}"


class MazeApp(GameHost):
    """mazegame's one app."""

    CSS_PATH = "mazegame.tcss"
    TITLE = "mazegame"
    BINDINGS = [
        Binding("question_mark", "help", "Help", id="help",
                tooltip="How to play: the goal, what is on the screen, every key"),
        Binding("ctrl+q", "quit", "Quit", show=False, id="app-quit", tooltip="Quit mazegame"),
        # Textual binds ctrl+c to a hint ("press ctrl+q"); a terminal game leaves on it. Text
        # selected in a field is still copied: the field's own ctrl+c comes first.
        Binding("ctrl+c", "interrupt", "Quit", show=False, id="app-interrupt",
                tooltip="Quit mazegame"),
    ]

    def __init__(
        self,
        setup: GameSetup | None = None,
        *,
        warm_up: bool = True,
        clock: Callable[[], float] = time.monotonic,
        animations: bool = True,
        preferences: Preferences | None = None,
        replay=None,
    ) -> None:
        super().__init__()
        self.initial_replay = replay  #: a saved game (storage.Saved) to watch at once
        #: The player's settings (theme, glyphs, keys, defaults), read from the settings file.
        self.preferences = preferences if preferences is not None else Preferences()
        self.animation_speed = self.preferences.animation or 1.0  #: the menu maze's pace
        #: The menu's self-building maze (off for snapshots, or in the settings).
        self.animations = animations and self.preferences.animation > 0
        self.clock = clock  #: the game clock (tests freeze it for snapshots)
        self.initial_setup = setup
        self.warm_up_enabled = warm_up
        self.last_setup: dict[str, GameSetup] = {}
        self.warmer = None  #: the kernel warm-up (engine.warmup.Warmer) while it runs
        #: Set when the app closes. The warm-up thread builds its Warmer after importing the
        #: engine: a game quit in its first second or two had no Warmer to cancel yet, so the
        #: whole warm-up ran on and the process waited for it (quit took 11 s, not 0.3).
        self.warm_up_cancelled = threading.Event()
        self.settle_gc = False  #: freeze the long-lived objects out of the GC (`run` sets it)
        self._campaign: Campaign | None = None
        self.levels_folder = None  #: the campaign's levels (None: the shipped ones)
        #: The player's eye rings the terminal bell as the demon comes near (b toggles it).
        self.demon_bell = self.preferences.sound
        #: Set as the app closes: finished games left unsaved and where they are kept ("": none).
        self.unsaved_note = ""
        #: The last result recorded waits outside the results file (in the journal or memory).
        self.result_waiting = False

    def on_mount(self) -> None:
        """Open the saved results, show the menu, start the requested mode and warm the kernels."""
        self.apply_look()
        for notice in self.preferences.notices:
            self.notify(notice, title="Settings", severity="warning", timeout=20, markup=False)
        self.open_store()
        if self.initial_replay is not None:
            self.watch_replay(self.initial_replay)
        elif self.initial_setup is not None:
            self.start_mode(self.initial_setup)  # the menu is built when the game is left
        else:
            self.push_screen(MenuScreen())
        if self.warm_up_enabled:
            # From here on no game waits for a compile: uncompiled kernels run as Python.
            compiles.never_wait_for_compiles()
            self._warm_up()
        self.call_after_refresh(self.check_size)
        if self.settle_gc:
            self.call_after_refresh(self.freeze_long_lived)

    def run(self, *args, **kwargs):
        """Run in the terminal (the tests use `run_test`): as a game, with the GC settled."""
        self.settle_gc = True
        return super().run(*args, **kwargs)

    @staticmethod
    def freeze_long_lived() -> None:
        """Collect once, then keep everything alive now (Textual, numba, the kernels) out of
        the cyclic GC, whose full passes would walk all of it and stall a chase
        (docs/ui-notes.md). Not in tests: objects frozen there would outlive their app."""
        gc.collect()
        gc.freeze()

    # -- the look: theme and glyphs --------------------------------------------------
    def apply_look(self) -> None:
        """Register the game's themes, then show the theme and glyphs of the settings; a
        later theme change (the command palette's too) recolours the game and is saved."""
        from mazegame.ui.themes import GAME_THEMES

        for theme in GAME_THEMES.values():
            if theme.name not in self.available_themes:
                self.register_theme(theme)
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self.use_key_scheme(self.preferences["keys"])
        wanted = self.preferences["theme"]
        if wanted in self.available_themes and wanted != self.theme:
            self.theme = wanted  # _theme_changed follows, and sets the palette
        else:
            self.use_palette()

    def use_key_scheme(self, scheme: str) -> None:
        """Make the move keys of a scheme (ui.keys) the live ones: Textual's keymap rebinds
        each move binding by its id, on every screen, from now on."""
        keymap = keys.keymap(scheme)  # (an unknown scheme raises here, changing nothing)
        self.key_scheme = scheme  # before the keymap: the footer it refreshes reads it
        self.set_keymap(keymap)

    def get_key_display(self, binding: Binding) -> str:
        """The footer's text for a binding: a move binding shows the scheme's keys."""
        shown = keys.key_display(binding, self.key_scheme)
        return shown if shown is not None else super().get_key_display(binding)

    def use_palette(self) -> None:
        """Make the palette follow the theme and glyph set in force, and redraw everything."""
        from mazegame.ui.themes import palette_for

        self.palette = palette_for(self.current_theme, self.preferences["glyphs"])
        for screen in self.screen_stack:
            for widget in screen.walk_children():
                hook = getattr(widget, "palette_changed", None)
                if callable(hook):
                    hook()
                widget.refresh()
            hook = getattr(screen, "palette_changed", None)
            if callable(hook):
                hook()

    def _theme_changed(self, theme) -> None:
        """A new theme (settings or the command palette): recolour the game and keep it."""
        self.use_palette()
        if theme.name != self.preferences["theme"]:
            with contextlib.suppress(BadSetting):  # another's theme: shown, not kept
                self.preferences.set("theme", theme.name)
                self.tell_unsaved_settings()

    def tell_unsaved_settings(self) -> None:
        """Say that the last change of settings could not be saved (it lasts this run)."""
        why = self.preferences.unsaved
        if why is not None:
            self.notify(f"Settings could not be saved: {why}. The change lasts until you quit.",
                        title="Settings", severity="warning", timeout=20, markup=False)

    def open_store(self) -> None:
        """Open the saved results; whatever is wrong with the file, play on and say so."""
        self.store = Store(on_notice=self.tell_about_store)

    def tell_about_store(self, text: str) -> None:
        """Show what happened to the saved results (busy, read-only, newer, damaged)."""
        self.notify(text, title="Saved results", severity="warning", timeout=20, markup=False)

    @property
    def campaign(self) -> Campaign:
        """The campaign's levels and the player's progress in them (read on first use)."""
        if self._campaign is None:
            self.load_campaign()
        return self._campaign

    @property
    def campaign_if_read(self) -> Campaign | None:
        """The campaign if its levels have been read (None: not yet, nothing is read now)."""
        return self._campaign

    def load_campaign(self) -> Campaign:
        """Read the campaign's levels and the player's own again (a worker may call this)."""
        from mazegame.games.levels import Campaign
        from mazegame.locations import own_levels_dir

        self._campaign = Campaign.load(self.store, self.levels_folder, own_levels_dir())
        return self._campaign

    def record(self, mode: str, maze: str, **result) -> Best | None:
        """Save a finished game; the best before it on this maze (None if first or unsaved)."""
        if self.store is None:
            return None
        best = self.store.best(mode, maze)  # the store never raises: trouble is told
        self.result_waiting = not self.store.record(mode, maze, **result)
        return best

    def watch_replay(self, saved) -> None:
        """Watch a saved game's replay (storage.Saved with a replay games.replay can read)."""
        from mazegame.games.replay import Recording
        from mazegame.ui.screens.replay_view import ReplayScreen, replay_title

        self.push_screen(ReplayScreen(Recording.from_json(saved.replay), replay_title(saved),
                                      seconds=saved.seconds))

    def on_unmount(self) -> None:
        """Stop the warm-up; write results still waiting for another game's lock."""
        self.warm_up_cancelled.set()
        if self.warmer is not None:
            self.warmer.cancel()  # ends its child too
        if self.store is not None:
            self.store.on_notice = None  # nothing left on screen to tell: ui.run says it
            self.store.close()
            self.unsaved_note = self.store.closing_note
            self.store = None  # a screen closing after this saves nothing more

    def action_interrupt(self) -> None:
        """ctrl+c: leave as ctrl+q does (a finished game is saved already; one in progress is
        left, as q leaves it), with the status of an interrupted command."""
        self.exit(return_code=INTERRUPTED)

    # -- modes ----------------------------------------------------------------
    def choose_mode(self, name: str) -> None:
        """Ask for the game's settings, then start it."""
        mode = MODES[name]
        if not mode.maze_settings and not mode.choices:  # nothing to ask: straight in
            self.start_mode(GameSetup(mode=name))
            return

        def started(setup: GameSetup | None) -> None:
            if setup is not None:
                self.start_mode(setup)

        last = self.last_setup.get(name) or self.preferences.default_setup(name)
        self.push_screen(SetupScreen(mode, last), started)

    def start_mode(self, setup: GameSetup) -> None:
        """Open the screen of a setup's mode, remembering the setup for next time (not a
        maze of the day's: the setup dialog starts from the player's own)."""
        if setup.daily is None:
            self.last_setup[setup.mode] = setup
        if self.warmer is not None:
            self.warmer.prefer(warm_first(setup))
        screen = SCREENS[setup.mode](setup)
        screen.started_with = setup  # the help finds the mode of screens that keep no setup
        self.push_screen(screen)

    def action_help(self) -> None:
        """How to play the current screen: its mode's goal, blurb (or the level's help, or the
        screen's own `help_intro()`), legend, keys and tip."""
        if isinstance(self.screen, HelpScreen):
            return
        screen = self.screen
        setup = getattr(screen, "setup", None) or getattr(screen, "started_with", None)
        mode = MODES.get(setup.mode) if isinstance(setup, GameSetup) else None
        own = getattr(screen, "help_intro", None)  # a screen with rules of its own
        if mode is None and callable(own):  # records, a replay: their own help
            legend = getattr(screen, "help_legend", None)
            self.push_screen(HelpScreen(screen, own(), title=getattr(screen, "help_title", "Help"),
                                        legend=legend() if callable(legend) else ()))
            return
        if mode is None:
            self.push_screen(HelpScreen(screen, menu_help(), title="mazegame: help"))
            return
        from mazegame.ui.legend import legend_for

        intro = mode.blurb
        if setup.level_id is not None:
            from mazegame.ui.screens.level_play import level_help

            level = self.campaign.get(setup.level_id)
            intro = level_help(level) if level is not None else intro
        if callable(own):
            intro = own()
        self.push_screen(HelpScreen(
            screen, intro, title=f"{mode.title}: how to play", goal=mode.goal, tip=mode.tip,
            legend=legend_for(mode.name, getattr(screen, "view_name", None), self.palette),
        ))

    def action_settings(self) -> None:
        """Open the settings (theme, glyphs, keys, a new game's defaults)."""
        from mazegame.ui.screens.settings import SettingsScreen

        self.push_screen(SettingsScreen())

    # -- warm-up ----------------------------------------------------------------
    @work(thread=True, exclusive=True, group="warm-up")
    def _warm_up(self) -> None:
        """Compile the kernels in a child process and load them here, the game's first."""
        from mazegame.engine.warmup import Warmer

        def report(*progress) -> None:
            with contextlib.suppress(RuntimeError):  # the app is closing
                self.call_from_thread(self._warmup_progress, *progress)

        self.warmer = warmer = Warmer(report, hold=WARM_UP_HOLD,
                                       cancelled=self.warm_up_cancelled)
        if self.initial_setup is not None:
            warmer.prefer(warm_first(self.initial_setup))
        warmer.run()
        self.warmer = None
        if self.settle_gc and not self.warm_up_cancelled.is_set():
            with contextlib.suppress(RuntimeError):  # the app is closing
                self.call_from_thread(self.freeze_long_lived)  # the kernels just loaded

    def pop_screen(self):
        """Back to the screen underneath; a game started from the command line has no menu
        underneath until it is left (composing one under it costs a launch about 0.1 s)."""
        if len(self.screen_stack) == 2 and not isinstance(self.screen_stack[0], MenuScreen) \
                and not isinstance(self.screen_stack[1], MenuScreen):
            return self.switch_screen(MenuScreen())
        return super().pop_screen()

    def _warmup_progress(self, done: int, total: int, label: str, compiled: bool) -> None:
        """Show the warm-up on the menu, only once something really had to be compiled (a
        menu built later reads the last report)."""
        self.warmup_report = (done, total, label, compiled)
        for screen in self.screen_stack:
            if isinstance(screen, MenuScreen):
                screen.show_warmup(done, total, label, compiled)

    # -- terminal size ------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        """Check the new terminal size against the minimum."""
        self.check_size(event.size)

    def check_size(self, size: Size | None = None) -> None:
        """Cover everything with a notice while the terminal is below MIN_SIZE."""
        cover_while_small(self, size or self.size, MIN_SIZE)

