"""The thin client's common screens: every screen's banner and problem line, the connect
screen (connecting, or why not, and "connect again / quit"), the help generated from the
bindings, and the notice of a terminal too small.
"""

from __future__ import annotations

import asyncio
import re

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Label, Static

from mazegame.ui.keys import help_label

PROBLEM_SECONDS = 10.0  #: how long a host's error stays on the screen


class ClientScreen(Screen):
    """A screen of the client: a banner for the connection's trouble (top), the host's last
    error (bottom), the footer; subclasses yield their body in `body`."""

    def __init__(self) -> None:
        super().__init__()
        #: Set once mounted: the host's messages may come in. (Only the screen's own
        #: children are mounted by then, not those inside containers: the widgets a message
        #: updates are the screen's own.)
        self.ready = asyncio.Event()

    async def shown(self) -> None:
        """Wait until mounted (`App.push_screen` may return before the widgets are)."""
        await self.ready.wait()

    def compose(self) -> ComposeResult:
        """Banner, body, problem line, footer."""
        yield Static("", id="banner", markup=False)
        yield from self.body()
        yield Static("", id="problem", markup=False)
        yield Footer()

    def body(self) -> ComposeResult:
        """The screen's own widgets."""
        yield from ()

    def on_mount(self) -> None:
        """No banner or problem until there is one (the connection may be lost already)."""
        lost = self.app.lost  # the remote screens live only in RemoteApp, which declares it
        self.show_banner(f"connection lost ({lost}): reconnecting…" if lost else "")
        self.show_problem("")
        self.ready.set()

    def on_screen_resume(self) -> None:
        """In front again (or for the first time): is the terminal big enough for it?"""
        self.app.check_size()

    def show_banner(self, text: str) -> None:
        """The connection's trouble, across the top ("" hides it)."""
        banner = self.query_one("#banner", Static)
        banner.update(text)
        banner.display = bool(text)

    def show_problem(self, text: str) -> None:
        """What the host refused, one line at the bottom, for a while ("" hides it)."""
        line = self.query_one("#problem", Static)
        line.update(text)
        line.display = bool(text)
        self.problem = text  #: the problem shown ("" for none)
        if text:
            self.set_timer(PROBLEM_SECONDS, lambda: self.problem == text and self.show_problem(""))


class ConnectScreen(ClientScreen):
    """Connecting to the host, or why that failed with a choice: connect again, or quit."""

    BINDINGS = [
        Binding("r", "retry", "Connect again", id="connect-retry",
                tooltip="Connect to the host again"),
        Binding("q,escape", "app.quit", "Quit", id="connect-quit", tooltip="Quit mazegame"),
    ]

    def body(self) -> ComposeResult:
        """The title, the state, the two choices."""
        yield Static("mazegame", id="connect-title")
        yield Static("", id="connect-state", markup=False)
        with Horizontal(id="connect-buttons"):
            yield Button("Connect again", id="retry", variant="primary", compact=True)
            yield Button("Quit", id="quit", compact=True)

    def show_connecting(self, where: str, name: str) -> None:
        """Connecting…"""
        self.query_one("#connect-state", Static).update(f"connecting to {where} as {name}…")
        self.query_one("#connect-buttons").display = False
        self.failed = False

    def show_failure(self, why: str) -> None:
        """Why we are not connected, and what can be done."""
        self.query_one("#connect-state", Static).update(why)
        self.query_one("#connect-buttons").display = True
        for button in self.query("#retry").results(Button):  # (inside the row: maybe not yet)
            button.focus()
        self.failed = True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """"Connect again" only once connecting failed."""
        return getattr(self, "failed", False) if action == "retry" else True

    def action_retry(self) -> None:
        """Connect again from the start."""
        self.app.start_connection()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Connect again, or quit."""
        if event.button.id == "retry":
            self.action_retry()
        else:
            self.app.exit()


def binding_rows(screen: Screen) -> list[tuple[str, str]]:
    """(keys, what they do) of every binding with an id active on `screen`, keys merged by
    what they do (the framework's own bindings have no id: left out)."""
    rows: dict[str, list[str]] = {}
    for active in screen.active_bindings.values():
        binding = active.binding
        if binding.id is None:
            continue
        label = re.sub(r" \(also [^)]*\)", "", help_label(binding, "all"))  # keys merged
        key = screen.app.get_key_display(Binding(binding.key, binding.action))
        keys = rows.setdefault(label, [])
        if key not in keys:
            keys.append(key)
    return [(", ".join(keys), label) for label, keys in rows.items()]


class HelpScreen(ModalScreen[None]):
    """The keys of the screen underneath, from its bindings, and what the client is."""

    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "Close", id="help-close",
                        tooltip="Close the help")]

    def __init__(self, screen: Screen) -> None:
        super().__init__()
        self.rows = binding_rows(screen)
        self.intro = getattr(screen, "HELP_TEXT", "")

    def compose(self) -> ComposeResult:
        """The screen's intro, then its keys."""
        with Vertical(id="dialog", classes="help"):
            yield Label("Help", id="dialog-title")
            with VerticalScroll(id="help-body"):
                if self.intro:
                    yield Static(self.intro, id="help-intro", markup=False)
                yield Label("Keys", classes="help-heading")
                with Grid(id="help-grid"):
                    for keys, label in self.rows:
                        yield Label(Text(keys), classes="help-key")
                        yield Label(Text(label), classes="help-label")
            yield Static("escape closes", id="dialog-hint")

