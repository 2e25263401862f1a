"""The game's clock runs from the go, before anyone has moved: the host sends a State only
when something changes, and the status line said "Time 0:00" until the first move (seen by
hand in the browser-and-SSH game of issue 39)."""

from __future__ import annotations

import time

from tests.functional.ui.remote.fakehost import (
    SIZE,
    FakeHost,
    begin,
    client,
    in_game,
    in_lobby,
    room,
    text_of,
)


async def test_the_clock_runs_from_the_go_before_the_first_state():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            await host.push(room(), begin())
            await in_game(pilot)
            screen = app.screen
            screen.go_at = time.monotonic() - 65.5  # the go was 65 s ago; nobody moved
            screen.show_status()
            assert "Time 1:05" in text_of(app, "#game-status")
            screen.go_at = time.monotonic() + 2  # in the countdown: no time yet
            screen.show_status()
            assert "Time 0:00" in text_of(app, "#game-status")
