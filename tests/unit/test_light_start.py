"""The menu starts light: launching to it imports no numba, no engine kernels and no mode's
screen (checked in a fresh interpreter). Those load when a mode is opened, or in a worker."""

import json
import os
import subprocess
import sys
from pathlib import Path

import mazegame
from mazegame.ui.screens import SCREENS

PACKAGE_ROOT = str(Path(mazegame.__file__).resolve().parent.parent)

#: What `mazegame` (no arguments) imports before the app runs: the command line, the menu's
#: setup (None), and the app with its menu. Prints the modules then loaded, as JSON.
_LAUNCH_TO_MENU = """
import json, sys
from mazegame.cli import build_parser
from mazegame.cli.play import play_setup
assert play_setup(build_parser().parse_args(["play"])) is None
import mazegame.ui.app
print(json.dumps(sorted(sys.modules)))
"""


def modules_at_the_menu() -> set[str]:
    """The modules loaded by the time the app could show the menu, in a fresh interpreter."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [PACKAGE_ROOT, *filter(None, [os.environ.get("PYTHONPATH")])])}
    out = subprocess.run([sys.executable, "-c", _LAUNCH_TO_MENU], capture_output=True,
                         text=True, env=env, check=True)
    return set(json.loads(out.stdout))


def test_the_menu_needs_no_numba_no_kernels_and_no_mode_screen():
    loaded = modules_at_the_menu()
    assert "mazegame.ui.app" in loaded and "mazegame.games.modes" in loaded  # it did run
    heavy = {"numba", "numpy", "mazegame.engine.jit", "mazegame.engine.grid",
             "mazegame.engine.generate", "mazegame.engine.solve", "mazegame.engine.demon"}
    screens = {target.partition(":")[0] for target in SCREENS.names.values()}
    assert sorted((heavy | screens) & loaded) == []
