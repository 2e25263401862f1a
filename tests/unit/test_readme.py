"""README's lists of generators and solvers are the `--list` output, enumerated from the
registries: `python3 tests/unit/test_readme.py` rewrites them after a registry changes."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

from mazegame.cli import main

README = Path(__file__).resolve().parents[2] / "README.md"
#: A listed block: the marker naming the command, a fenced block, the end marker.
BLOCK = re.compile(r"(<!-- `(mazegame [a-z]+ --list)` -->\n```text\n)(.*?)(```\n<!-- end -->)",
                   re.DOTALL)
COMMANDS = {"mazegame generate --list", "mazegame solve --list"}


def listing(command: str) -> str:
    """What `command` prints (run in-process)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(command.split()[1:]) == 0
    return out.getvalue()


def refreshed(text: str) -> str:
    """The README text with every listed block replaced by its command's output."""
    return BLOCK.sub(lambda m: m[1] + listing(m[2]) + m[4], text)


def test_readme_lists_every_generator_and_solver():
    assert {m[2] for m in BLOCK.finditer(README.read_text(encoding="utf-8"))} == COMMANDS


def test_readme_lists_match_the_list_output():
    text = README.read_text(encoding="utf-8")
    assert text == refreshed(text), "README is stale: run python3 tests/unit/test_readme.py"


def test_readme_names_the_modes_that_refuse_a_maze_file():
    # README said the lab refuses a maze file; it opens one.
    from mazegame.cli import build_parser
    from mazegame.cli.common import UsageError
    from mazegame.cli.play import play_setup
    from mazegame.games.modes import MODES
    from mazegame.locations import asset

    text = " ".join(README.read_text(encoding="utf-8").split())
    named = re.search(r"a maze file given to a mode that plays none \(modes (.*?), which", text)
    said = set(re.findall(r"`([a-z]+)`", named[1]))
    maze_file = str(asset("levels", "one-way-doors.txt"))
    refusing = set()
    for mode in MODES:
        try:
            play_setup(build_parser().parse_args(["play", mode, maze_file]))
        except UsageError as err:
            if "plays no file" in str(err):
                refusing.add(mode)
    assert said == refusing and "lab" not in refusing


if __name__ == "__main__":
    README.write_text(refreshed(README.read_text(encoding="utf-8")), encoding="utf-8")
