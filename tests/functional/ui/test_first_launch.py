"""On a fresh install a game does not wait for numba: every mode's first maze is built,
drawn and played with the kernels' Python twins while nothing is compiled."""

import os
import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent("""
    import asyncio
    from mazegame.engine import compiles
    compiles.never_wait_for_compiles()
    from mazegame.engine import jit
    from mazegame.games.modes import MODES
    from mazegame.games.setup import GameSetup
    from mazegame.ui.app import MazeApp

    async def play(mode):
        app = MazeApp(GameSetup(mode), warm_up=False)  # no warm-up: nothing may compile
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.screen is not app.screen_stack[0], mode  # the game, not the menu
            for key in ("right", "down", "right", "down", "space"):
                await pilot.press(key)
            await app.workers.wait_for_complete()

    for mode in MODES:
        asyncio.run(play(mode))
    print("compiled:", [k.py_func.__qualname__ for k in jit.KERNELS if k.signatures])
""")


@pytest.mark.slow
def test_every_mode_plays_its_first_maze_before_any_kernel_is_compiled(tmp_path):
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "numba"), "MAZEGAME_DATA_DIR": str(tmp_path)}
    run = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                         timeout=300, env={**os.environ, **env})
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.strip().endswith("compiled: []"), run.stdout
