"""The wheel carries the assets, and the helper finds them from a checkout too."""

import subprocess
import sys
import zipfile
from pathlib import Path

from mazegame.locations import asset, assets_dir

ROOT = Path(__file__).resolve().parents[2]


def test_assets_found_from_the_checkout():
    assert assets_dir().is_dir()
    assert asset("levels", "one-way-doors.txt").is_file()


def test_wheel_contains_the_assets(tmp_path):
    subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path)],
                   cwd=ROOT, check=True, capture_output=True)
    wheel = next(tmp_path.glob("mazegame-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "mazegame/assets/levels/one-way-doors.txt" in names
    assert "mazegame/ui/mazegame.tcss" in names
    assert any(name.endswith("entry_points.txt") for name in names)
