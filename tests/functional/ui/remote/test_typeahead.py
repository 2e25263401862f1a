"""Keys typed ahead: over SSH or from a browser a player's keys often arrive together (one
read, one websocket frame). Textual routes each key to the widget focused as it arrives, before
an earlier key's binding has run, so "j" then a code in one burst lost the code to the rooms
list (and a code's q quit the client). Found by the browser-and-SSH test of issue 39."""

from __future__ import annotations

from textual import events

from mazegame.net import protocol as p
from tests.functional.ui.remote.fakehost import SIZE, FakeHost, client, in_lobby, until


async def test_a_code_typed_right_after_j_in_one_burst_joins_that_room():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            for key in "jhj7pq2":  # as a terminal delivers them: all queued at once
                app.post_message(events.Key(key, key))  # (in the field, j is a letter)
            app.post_message(events.Key("enter", "\r"))
            await until(pilot, lambda: host.sent(p.Join), "a Join sent", limit=10)
            assert host.sent(p.Join) == [p.Join(code="HJ7PQ2")]
            assert app.is_running


async def test_a_name_typed_right_after_n_in_one_burst_renames():
    async with FakeHost() as host:
        app = client(host)
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot)
            for key in "nbob":  # (the field's "ann" is selected as it takes the focus)
                app.post_message(events.Key(key, key))
            app.post_message(events.Key("enter", "\r"))
            await until(pilot, lambda: len(host.hellos) == 2, "a second Hello", limit=10)
            assert host.hellos[1].name == "bob"
