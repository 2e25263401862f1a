"""The engine and the game rules never import Textual (checked in a fresh interpreter)."""

import subprocess
import sys
from pathlib import Path

import pytest

import mazegame.games


@pytest.mark.parametrize("module", ["mazegame.engine", "mazegame.engine.generate",
                                    "mazegame.engine.solve", "mazegame.games.walk",
                                    "mazegame.games.setup", "mazegame.cli"])
def test_module_does_not_import_textual(module):
    code = f"import sys, {module}; print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_every_games_module_imports_without_textual():
    """Import every module under mazegame.games in one fresh interpreter: none pulls Textual."""
    code = (
        "import importlib, pkgutil, sys, mazegame.games as pkg\n"
        "names = [m.name for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.')]\n"
        "for name in names:\n"
        "    importlib.import_module(name)\n"
        "    assert 'textual' not in sys.modules, name\n"
        "print(len(names))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    top = Path(mazegame.games.__file__)
    modules = [f for f in top.parent.rglob("*.py") if f != top]  # a subpackage: its __init__
    assert int(out.stdout) == len(modules)  # every module was walked
