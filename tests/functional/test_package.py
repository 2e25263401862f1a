"""The wheel carries the assets, and the helper finds them from a checkout too; the wheel,
installed into a fresh venv, runs from there with no help from the checkout."""

import json
import os
import site
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from mazegame import __version__
from mazegame.locations import asset, assets_dir

ROOT = Path(__file__).resolve().parents[2]

#: Run by the venv's Python: the menu, headless, with the assets it finds; prints what it saw.
_MENU_SMOKE = """
import asyncio, json, os, sys
import mazegame
from mazegame.engine.levelfile import scan_levels
from mazegame.games.modes import MODES
from mazegame.locations import asset, assets_dir
from mazegame.ui.app import MazeApp
from textual.widgets import OptionList, Static

async def smoke():
    app = MazeApp(warm_up=False, animations=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("down")  # Campaign -> Classic
        await pilot.pause()
        modes = app.screen.query_one("#modes", OptionList)
        blurb = str(app.screen.query_one("#blurb", Static).render())
        seen = {"menu": type(app.screen).__name__, "highlighted": modes.highlighted,
                "ids": [modes.get_option_at_index(i).id for i in range(len(MODES))],
                "blurb": blurb}
        await pilot.press("q")
    return seen

seen = asyncio.run(smoke())
levels, _ = scan_levels(asset("levels"))
seen.update(file=mazegame.__file__, assets=str(assets_dir()), levels=len(levels),
            modes=list(MODES),
            path=[os.path.abspath(p) for p in sys.path])
print(json.dumps(seen))
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A wheel built from the checkout (hatchling, the build backend, called directly:
    no `build` frontend or isolated environment to download)."""
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)],
                   cwd=ROOT, check=True, capture_output=True)
    return next(out.glob("mazegame-*.whl"))


def test_assets_found_from_the_checkout():
    assert assets_dir().is_dir()
    assert asset("levels", "one-way-doors.txt").is_file()


def test_wheel_contains_the_assets(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "mazegame/assets/levels/one-way-doors.txt" in names
    assert "mazegame/ui/mazegame.tcss" in names
    assert any(name.endswith("entry_points.txt") for name in names)


def site_dirs() -> list[str]:
    """The site directories this interpreter imports its packages from, in its order: a
    venv's own (and the base's if it was made to see them), else the system's, and the
    user's if on the path. Not PYTHONPATH, and not a checkout an editable install added."""
    found = [*site.getsitepackages(), site.getusersitepackages()]
    return [p for p in dict.fromkeys(found) if p in sys.path]


def see_our_packages(python: Path) -> None:
    """Let the venv of `python` import this interpreter's packages after its own: a .pth
    file naming our site directories. (`system_site_packages=True` would give it the base
    interpreter's instead: from inside a venv, those lack numba and textual.)"""
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig."
                              "get_paths()['purelib'])"], check=True, capture_output=True,
                             text=True).stdout.strip()
    Path(purelib, "zz-outer-site.pth").write_text("".join(f"{p}\n" for p in site_dirs()))


@pytest.mark.slow
def test_the_installed_wheel_runs_from_a_fresh_venv(wheel, tmp_path):
    # The venv sees this Python's packages (numpy, numba, textual: nothing to download, in a
    # venv or not) but gets mazegame only from the wheel; it runs in a folder outside the
    # checkout, with no PYTHONPATH, so the checkout cannot be what is imported.
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    see_our_packages(python)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                    "--no-deps", "--no-index", "--force-reinstall", str(wheel)],
                   check=True, capture_output=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(MAZEGAME_DATA_DIR=str(tmp_path / "data"), PATH=f"{bin_dir}{os.pathsep}"
               f"{env.get('PATH', '')}")
    run_dir = tmp_path / "elsewhere"
    run_dir.mkdir()

    def run(*argv: str) -> str:
        done = subprocess.run(argv, cwd=run_dir, env=env, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout

    assert run(str(bin_dir / "mazegame"), "--version").strip() == f"mazegame {__version__}"
    maze = run(str(bin_dir / "mazegame"), "generate", "--size", "5x5", "--seed", "1")
    assert len(maze.splitlines()) == 2 * 5 + 1  # a 5x5 picture: rows of cells and walls
    seen = json.loads(run(str(python), "-c", _MENU_SMOKE))
    installed = (env_dir / "lib").resolve()
    assert Path(seen["file"]).resolve().is_relative_to(installed)
    assert Path(seen["assets"]).resolve().is_relative_to(installed)
    # An editable install of the checkout (`pip install -e`, as CI does) must never come
    # before the venv's own packages on its path.
    path = [Path(p).resolve() for p in seen["path"]]
    site = next(i for i, p in enumerate(path) if p.is_relative_to(installed)
                and p.name == "site-packages")
    assert ROOT not in path[:site + 1]
    assert seen["levels"] > 0  # the campaign's levels, read from the installed assets
    assert seen["menu"] == "MenuScreen" and seen["ids"] == seen["modes"]
    assert seen["highlighted"] == 1 and seen["modes"][1] in seen["blurb"].lower()
