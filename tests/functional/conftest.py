"""Helpers for driving the app with Pilot."""

import pytest

from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST

KEY_OF = {NORTH: "up", EAST: "right", SOUTH: "down", WEST: "left"}


def keys_for_path(maze, path):
    """The arrow keys that walk a path of cells."""
    keys = []
    for a, b in zip(path, path[1:], strict=False):
        keys.append(next(KEY_OF[d] for d in KEY_OF if maze.step(a, d) == b))
    return keys


async def settle(pilot):
    """Let workers finish and the screen catch up."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.fixture
def helpers():
    return type("Helpers", (), {"keys_for_path": staticmethod(keys_for_path),
                                "settle": staticmethod(settle)})
