"""Every private Textual thing the tests read, in this one module (guarded by
test_textual_private.py, which names the attribute when Textual moves it; pyproject bounds
textual below 9 and pins it in the test extra).

- `Screen._compositor` and `App._background_screens` (`screen_strips`): the terminal's lines
  with their styles. The public `App.export_screenshot` draws the same through them, but
  gives SVG, not the segments the contract reads as text and colour.
- `App._display`, `textual._compositor.ChopsUpdate` / `LayoutUpdate` (`spy_on_paints`): each
  write to the terminal and the rows it paints. No public hook tells a test that the app
  painted, nor what.
- `MessagePump._timers` and `Timer._task`, `_active`, `_repeat`, `_interval`
  (`running_timers`): which timers of a screen run, and how often. Timer's public API is
  `name`, `pause`, `resume`, `reset`, `stop`: nothing lists a node's timers or says whether
  one runs.
- `App._notifications` (`notifications`): the notices said, including those already gone
  from the screen. A toast on screen is found by its public CSS type ("Toast") instead.
- `textual._wait.SLEEP_GRANULARITY` (`set_pilot_sleep_slice`): how long Pilot sleeps while it
  waits for the app to go idle; no public setting.
"""

from __future__ import annotations

import textual._wait
from textual._compositor import ChopsUpdate, LayoutUpdate

#: (owner, attribute) of every private thing above, for the guard test.
PRIVATE_ATTRIBUTES = (
    ("textual.screen:Screen", "_compositor"),
    ("textual.app:App", "_background_screens"),
    ("textual.app:App", "_display"),
    ("textual.app:App", "_notifications"),
    ("textual._compositor:Compositor", "render_update"),
    ("textual._compositor:ChopsUpdate", "spans"),
    ("textual._compositor:LayoutUpdate", "region"),
    ("textual.message_pump:MessagePump", "_timers"),
    ("textual.timer:Timer", "_task"),
    ("textual.timer:Timer", "_active"),
    ("textual.timer:Timer", "_repeat"),
    ("textual.timer:Timer", "_interval"),
    ("textual._wait", "SLEEP_GRANULARITY"),
)


def screen_strips(app) -> list:
    """The terminal's lines as Textual draws them (segments with their styles)."""
    update = app.screen._compositor.render_update(full=True,
                                                  screen_stack=app._background_screens)
    return [[segment for strip in line for segment in strip] for line in update.strips]


def spy_on_paints(app, on_paint) -> None:
    """Call `on_paint(rows)` on each paint of the app (each write to the terminal), with the
    rows painted (-1 for an update of a kind this does not know), then paint as usual."""
    display = app._display

    def spy(screen, update) -> None:
        if update is not None:
            if isinstance(update, ChopsUpdate):
                on_paint({y for y, _, _ in update.spans})
            elif isinstance(update, LayoutUpdate):
                on_paint(set(range(update.region.y, update.region.bottom)))
            else:
                on_paint({-1})
        display(screen, update)

    app._display = spy


def running_timers(node) -> list[tuple[str, str, float]]:
    """The node's timers that run (not paused, not done): (name, "every" or "once after",
    interval in seconds)."""
    found = []
    for timer in list(node._timers):
        task = timer._task
        if timer._active.is_set() and task is not None and not task.done():
            found.append((timer.name, "every" if timer._repeat is None else "once after",
                          timer._interval))
    return found


def notifications(app) -> list[str]:
    """The messages of the app's notifications still held (shown or waiting to be)."""
    return [n.message for n in app._notifications]


def set_pilot_sleep_slice(monkeypatch, seconds: float) -> None:
    """Make Pilot sleep `seconds` at a time while it waits for the app to go idle."""
    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", seconds)
