"""Helpers for driving the app with Pilot."""

import pytest
from textual.worker import WorkerCancelled

from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST
from tests.functional.ui.textual_private import set_pilot_sleep_slice

KEY_OF = {NORTH: "up", EAST: "right", SOUTH: "down", WEST: "left"}


#: A board's side (its name, `engine.tilings.TilingSpec.directions`) -> the key that moves
#: through it (the hexagon's slanted sides: vi's letters).
BOARD_KEY_OF = {"north": "up", "east": "right", "south": "down", "west": "left",
                "north-west": "y", "north-east": "u", "south-west": "b", "south-east": "n",
                "up": "less_than_sign", "down": "greater_than_sign"}


def keys_for_path(maze, path):
    """The arrow keys (on hexagons, the letters of the slanted sides too) that walk a path
    of cells."""
    if hasattr(maze, "board"):
        names = maze.board.spec.directions
        return [BOARD_KEY_OF[names[next(d for d in range(maze.sides) if maze.step(a, d) == b)]]
                for a, b in zip(path, path[1:], strict=False)]
    keys = []
    for a, b in zip(path, path[1:], strict=False):
        keys.append(next(KEY_OF[d] for d in KEY_OF if maze.step(a, d) == b))
    return keys


def eye_keys(maze, path, facing: int) -> list[str]:
    """Turn and forward keys that walk a path in the player's-eye view from a facing (right
    turns only; a stair's < or >)."""
    keys = []
    for a, b in zip(path, path[1:], strict=False):
        want = next(d for d in range(getattr(maze, "sides", 4)) if maze.step(a, d) == b)
        if want >= 4:  # a stair (a maze of several floors): < or >, facing as before
            keys.append(BOARD_KEY_OF[maze.board.spec.directions[want]])
            continue
        keys += ["right"] * ((want - facing) % 4) + ["up"]
        facing = want
    return keys


async def settle(pilot):
    """Let workers finish and the screen catch up. A worker that a newer one replaced
    (an exclusive group) counts as finished: waiting for it raises WorkerCancelled."""
    await pilot.pause()
    for _ in range(10):
        try:
            await pilot.app.workers.wait_for_complete()
            break
        except WorkerCancelled:
            await pilot.pause()
    await pilot.pause()


async def wait_until(pilot, condition, tries: int = 100) -> None:
    """Pause until `condition()` holds (a worker's result reaches the screen through the
    app's queue, after the worker itself is done: under load that can take many pauses)."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.02)
    assert condition()


async def play_lab_to_the_end(pilot, screen):
    """Play the lab's traces from where they stand to the end, at the top speed."""
    from mazegame.games.lab import SPEEDS

    await pilot.press("space")
    for _ in range(len(SPEEDS)):
        await pilot.press("plus")
    for _ in range(200):
        await pilot.pause(0.05)
        if not screen.playing:
            break
    assert screen.playback.at_end


@pytest.fixture
def helpers():
    return type("Helpers", (), {"keys_for_path": staticmethod(keys_for_path),
                                "settle": staticmethod(settle),
                                "wait_until": staticmethod(wait_until),
                                "play_lab_to_the_end": staticmethod(play_lab_to_the_end)})


@pytest.fixture(autouse=True)
def _short_idle_slices(request, monkeypatch):
    """Pilot waits for the app to go idle (twice after each key) by sleeping slices of
    SLEEP_GRANULARITY (20 ms) until one used under 1 ms of CPU: the suite mostly slept (a
    150-key walk slept 6 s). 5 ms slices keep the CPU threshold; views + classic went from
    45 s to 14 s wall. Snapshot tests keep 20 ms: their pictures catch what 0.1-0.18 s timers
    (status line, bump flash) have drawn by then. Textual is pinned in the test extra."""
    if "snap_compare" not in request.fixturenames:
        set_pilot_sleep_slice(monkeypatch, 1 / 200)
