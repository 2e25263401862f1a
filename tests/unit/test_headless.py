"""The engine and the game rules never import Textual (checked in a fresh interpreter)."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize("module", ["mazegame.engine", "mazegame.engine.generate",
                                    "mazegame.engine.solve", "mazegame.games.walk",
                                    "mazegame.games.setup", "mazegame.cli"])
def test_module_does_not_import_textual(module):
    code = f"import sys, {module}; print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
