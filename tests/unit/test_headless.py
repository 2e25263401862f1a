"""The engine and the game rules never import Textual (checked in a fresh interpreter)."""

import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import mazegame

PACKAGE_ROOT = str(Path(mazegame.__file__).resolve().parent.parent)


def modules_under(package: str) -> list[str]:
    """Every module of a subpackage of mazegame, the package first, found on disk (importing
    nothing, so the fresh interpreter is the first to import each one)."""
    folder = Path(PACKAGE_ROOT, *package.split("."))
    names = [package]
    for info in pkgutil.iter_modules([str(folder)]):
        name = f"{package}.{info.name}"
        names += modules_under(name) if info.ispkg else [name]
    return names


#: Imports the modules named on the command line one by one and prints the first after which
#: Textual is loaded ("-" if none), then where mazegame came from.
_IMPORT_EACH = """
import importlib, sys
culprit = "-"
for name in sys.argv[1:]:
    importlib.import_module(name)
    if "textual" in sys.modules:
        culprit = name
        break
import mazegame
print(culprit)
print(mazegame.__file__)
"""


def first_to_import_textual(modules: list[str]) -> str:
    """Import `modules` in order in a fresh interpreter; the first that pulls Textual in, or "-"."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [PACKAGE_ROOT, *filter(None, [os.environ.get("PYTHONPATH")])])}
    out = subprocess.run([sys.executable, "-c", _IMPORT_EACH, *modules], capture_output=True,
                         text=True, env=env, check=True)
    culprit, origin = out.stdout.split()
    assert Path(origin).resolve() == Path(mazegame.__file__).resolve()  # this checkout's code
    return culprit


@pytest.mark.parametrize("floor", ["engine", "games"])
def test_every_engine_and_games_module_is_headless(floor):
    modules = modules_under(f"mazegame.{floor}")
    on_disk = list(Path(PACKAGE_ROOT, "mazegame", floor).rglob("*.py"))
    assert len(modules) == len(on_disk)  # the walk found every module, packages included
    assert first_to_import_textual(modules) == "-"


def test_the_check_names_a_module_that_imports_textual():
    # textual's own package stands in for an engine module that imports it
    assert first_to_import_textual(["mazegame.engine.grid", "textual.app"]) == "textual.app"
