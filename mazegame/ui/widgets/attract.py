"""The menu's attract mode: a small maze that builds itself, generator after generator.

It plays only while it can be seen: shown (the menu hides it when the terminal is short) and
on the screen at the top of the stack. Any screen above the menu, even a modal dialog, stops
it: Textual repaints the whole top screen for every change on the screen beneath it.

This module imports no engine code, so the menu starts without numba: the generators and
the `TraceView` that draws their traces are imported by the worker that builds the first
maze, which runs only once the view is seen.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from textual import work
from textual.widget import Widget

from mazegame.ui.host import animation_speed

if TYPE_CHECKING:
    from mazegame.engine.trace import Replay
    from mazegame.ui.widgets.trace_view import TraceView

STEPS_PER_FRAME = 6
FRAME = 1 / 30
HOLD_FRAMES = 60  #: two seconds to admire the finished maze


class AttractView(Widget):
    """Replays the trace of a random generator on a maze that fits the widget, then the next
    (drawn by a `TraceView` inside, mounted with the first maze)."""

    DEFAULT_CSS = """
    AttractView > TraceView { width: 1fr; height: 1fr; scrollbar-size: 0 0;
                              background: transparent; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.replay: Replay | None = None
        self.name_shown = ""
        self.view: TraceView | None = None  #: the maze's drawing, once the first is built
        self._hold = 0
        self._building = False  #: a maze is being built in a worker

    def render(self) -> str:
        """Nothing until the first maze arrives (Textual's default draws the widget's own
        name, "AttractView#attract"); then the `TraceView` inside covers it."""
        return ""

    def on_mount(self) -> None:
        """Set up the frame timer (paused until the maze can be seen)."""
        self._frames = self.set_interval(FRAME, self.advance, pause=True)
        self.app.screen_change_signal.subscribe(self, self.check_running)
        self.call_after_refresh(self.check_running)

    def on_show(self) -> None:
        """Shown again: play on (if on the top screen)."""
        self.check_running()

    def on_hide(self) -> None:
        """Hidden: stop playing."""
        self.check_running()

    @property
    def visible(self) -> bool:
        """Whether the player can see the maze: shown, and on the screen at the top."""
        return self.display and self.is_attached and self.screen.is_active

    def check_running(self, *_) -> None:
        """Play while visible, stop (timer paused, no redraws) while not; the first maze is
        built the first time the view is seen."""
        if not self.is_attached:
            return
        if not self.visible:
            self._frames.pause()
            return
        self._frames.resume()
        if self.replay is None and not self._building:
            self.next_maze()

    def next_maze(self) -> None:
        """Build a maze that fills the widget, in a worker."""
        width, height = self.size
        self._building = True
        self._build(max(3, (width - 1) // 2), max(2, (height - 1) // 2))

    @work(thread=True, exclusive=True, group="attract")
    def _build(self, width: int, height: int) -> None:
        # In a worker: the engine's first import (numba) and, on the first launch, the
        # kernel's compilation stay off the UI thread.
        from mazegame.engine.generate import GENERATORS, generate
        from mazegame.ui.widgets.trace_view import TraceView  # noqa: F401  (imported here)

        names = [n for n, spec in GENERATORS.items() if not spec.rock]
        name = names[secrets.randbelow(len(names))]
        try:
            traced = generate(name, width, height, secrets.randbelow(2**31), record=True)
        except ValueError:  # a size this generator refuses: try another next time
            self.app.call_from_thread(self.next_maze)
            return
        self.app.call_from_thread(self._start, GENERATORS[name].title, traced)

    async def _start(self, title: str, traced) -> None:
        from mazegame.engine.trace import Replay
        from mazegame.ui.widgets.trace_view import TraceView

        if self.view is None:
            self.view = TraceView()
            self.view.room_width = 1
            await self.mount(self.view)
        self._building = False
        self.replay = Replay(traced.trace)
        self.name_shown = title
        self.view.show(traced.trace.initial, self.replay, ("marks", "agents"), "")
        self.view.follow = False
        self._hold = 0

    def advance(self) -> None:
        """Play one frame of the build; after a pause at the end, start another maze."""
        replay = self.replay
        if replay is None:
            return
        if replay.at_end:
            self._hold += 1
            if self._hold == HOLD_FRAMES:
                self.replay = None
                self.next_maze()
            return
        before = replay.position
        speed = animation_speed(self.app)  # the player's setting
        replay.step(max(1, round(STEPS_PER_FRAME * speed)))
        self.view.apply_events(replay.trace.events[before : replay.position])
