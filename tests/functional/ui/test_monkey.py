"""A monkey at the keyboard: every mode, seeded random keys, resizes and clicks; no crash.

For each registered mode the app starts on that mode's screen; then a seeded random
sequence of keys is drawn from what the screen on top binds right now (its active
bindings) plus the keys a new player tries anyway (tab, enter, escape, ?, digits,
letters), mixed with resizes down to a tiny terminal and back, random clicks and pauses
that let workers finish. `run_test` re-raises whatever crashed the app.

Run it longer by hand: MAZEGAME_MONKEY_SEEDS=200 MAZEGAME_MONKEY_KEYS=400 pytest ...
"""

from __future__ import annotations

import os
import random

import pytest

from mazegame.engine.generate import GENERATORS
from mazegame.games.modes import MODES
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.menu import MenuScreen
from tests.helpers import slow_among

SEEDS = int(os.environ.get("MAZEGAME_MONKEY_SEEDS", "1"))  # one run a mode in the suite
KEYS = int(os.environ.get("MAZEGAME_MONKEY_KEYS", "60"))
SIZE = (100, 32)
#: Terminal sizes the monkey switches to now and then: tiny, cramped, usual, wide.
SIZES = ((30, 10), (50, 16), (60, 20), (80, 24), SIZE, (140, 40))
#: Keys a new player presses whatever the screen says.
EXTRA_KEYS = ("tab", "shift+tab", "enter", "escape", "question_mark", "space", "1", "7",
              "x", "0", "minus", "backspace", "up", "down", "left", "right", "pageup")
#: Keys that leave the app altogether (the monkey wants to stay in).
QUIT_KEYS = {"ctrl+q", "ctrl+c"}


def random_setup(mode_name: str, rng: random.Random) -> GameSetup:
    """A small game of this mode: generator, wrap and each of its choices picked at random."""
    mode = MODES[mode_name]
    options = tuple((c.key, rng.choice(c.values)[1]) for c in mode.choices)
    algorithm = rng.choice(list(GENERATORS))
    wrap_x, wrap_y = (rng.random() < 0.3, rng.random() < 0.3) if GENERATORS[algorithm].wraps \
        else (False, False)
    size = rng.choice([(5, 4), (9, 6), (3, 2), (3, 3), None])
    return GameSetup(mode_name, algorithm, size, rng.randrange(1000), wrap_x, wrap_y, options)


def keys_on_offer(app: MazeApp) -> list[str]:
    """The keys the screen on top binds now, plus the ones anybody tries."""
    bound = [key for key in app.screen.active_bindings if key not in QUIT_KEYS]
    if isinstance(app.screen, MenuScreen):
        bound = [key for key in bound if key != "q"]  # q on the menu quits the app
    return bound + list(EXTRA_KEYS)


async def settle(pilot) -> None:
    """Let workers finish and the screen catch up (the suite's own `settle`)."""
    from tests.functional.conftest import settle as settle_app

    await settle_app(pilot)


async def monkey(mode_name: str, seed: int, keys: int = KEYS) -> list[str]:
    """Play `keys` random actions on `mode_name`; returns what was done. Raises whatever
    crashed the app, with the actions that led there in its notes."""
    rng = random.Random(f"{mode_name}:{seed}")
    setup = random_setup(mode_name, rng)
    app = MazeApp(setup, warm_up=False)
    app.deliver_screenshot = lambda *args, **kwargs: None  # the palette's: no stray files
    done: list[str] = []
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            for _ in range(keys):
                if app.return_code is not None:  # the monkey found a way out: fine
                    break
                await random_action(pilot, rng, done)
            done.append("end")
            await settle(pilot)
    except Exception as err:
        err.add_note(f"monkey {mode_name} seed {seed}: {setup}\nactions: {' '.join(done)}")
        raise
    return done


async def random_action(pilot, rng: random.Random, done: list[str]) -> None:
    """One key (mostly), resize, click or breather; appended to `done`."""
    app = pilot.app
    roll = rng.random()
    if roll < 0.04:
        size = rng.choice(SIZES)
        done.append(f"resize:{size[0]}x{size[1]}")
        await pilot.resize_terminal(*size)
    elif roll < 0.07:
        x, y = rng.randrange(app.size.width), rng.randrange(app.size.height)
        done.append(f"click:{x},{y}")
        await pilot.click(offset=(x, y))
    elif roll < 0.12:
        done.append("settle")
        await settle(pilot)
    else:
        key = rng.choice(keys_on_offer(app))
        done.append(key)
        await pilot.press(key)


@pytest.mark.parametrize("seed", range(SEEDS))
@pytest.mark.parametrize("mode_name", slow_among(MODES, "allmazes", "lab", "blind", "rat"))
async def test_monkey_cannot_crash_the_game(mode_name, seed):
    await monkey(mode_name, seed)
