"""Hostile files, as a user would hand them to the real `mazegame` (subprocesses): devices,
FIFOs, /dev/zero behind a symlink, deep nesting, names too long, duplicate JSON keys, broken
rat models, empty standard input. Each is refused with status 2 and one line (a folder
listing names the bad file and goes on); nothing hangs, nothing eats the machine.

Every child runs with its address space capped (MEMORY_CAP) and a timeout (HANG_GUARD):
a reader that opened a FIFO fails the test by timing out instead of blocking it, and one that
read /dev/zero fails it with a MemoryError instead of taking the machine's memory.
"""

from __future__ import annotations

import io
import os
import resource
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import numpy as np
import pytest

import mazegame
from mazegame.locations import asset
from tests.functional.ui.textual_private import notifications

ROOT = str(Path(mazegame.__file__).resolve().parent.parent)
HANG_GUARD = 120  #: seconds: a hang guard only (numba may compile on a cold cache)
MEMORY_CAP = 2 << 30  #: bytes of address space a child may have
DEEP_TOML = "a = " + "[" * 50_000 + "]" * 50_000 + "\n"
LEVEL_TEXT = asset("levels", "first-steps.toml").read_text(encoding="utf-8")


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def mazegame_run(*argv: str, stdin: bytes = b"", cwd=None) -> tuple[int, str, str]:
    """`python -m mazegame ARGV` in a child: (status, stdout, stderr)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [ROOT, *filter(None, [os.environ.get("PYTHONPATH")])])}
    proc = subprocess.run([sys.executable, "-m", "mazegame", *argv], input=stdin,
                          capture_output=True, env=env, cwd=cwd, timeout=HANG_GUARD,
                          preexec_fn=_cap_memory)
    return proc.returncode, proc.stdout.decode(errors="replace"), proc.stderr.decode(
        errors="replace")


def refused(*argv: str, stdin: bytes = b"", cwd=None) -> tuple[str, str]:
    """Run and check the house rule: status 2, one line on stderr, no traceback;
    (stdout, the error line)."""
    status, out, err = mazegame_run(*argv, stdin=stdin, cwd=cwd)
    assert status == 2, (status, err[-2000:])
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err[-2000:]
    return out, err.strip()


@pytest.fixture
def fifo(tmp_path) -> Path:
    """A named pipe called like a level file, in a folder of its own."""
    folder = tmp_path / "fifo-levels"
    folder.mkdir()
    path = folder / "f.toml"
    os.mkfifo(path)
    return path


# -- devices, FIFOs, folders ---------------------------------------------------------------
@pytest.mark.parametrize("argv", [
    ["levels", "check", "{}"], ["edit", "{}"], ["solve", "{}"], ["matrices", "{}"],
    ["jump", "solve", "{}"], ["rat", "run", "--model", "{}"], ["play", "classic", "{}"],
    ["play", "jump", "{}"], ["play", "editor", "{}"],
], ids=" ".join)
def test_a_fifo_given_as_a_file_is_refused_not_opened(fifo, argv):
    _, err = refused(*(a.format(fifo) for a in argv))
    assert err == f"mazegame: error: cannot read {fifo}: it is a named pipe (FIFO), not a file"


def test_a_fifo_in_a_levels_folder_is_listed_as_unreadable(fifo):
    good = fifo.parent / "first-steps.toml"
    good.write_text(LEVEL_TEXT, encoding="utf-8")
    out, err = refused("levels", "check", str(fifo.parent))
    assert out == f"{fifo}:1: cannot read the file: it is a named pipe (FIFO), not a file\n"
    assert err == f"mazegame: error: errors in 1 of 2 level files in {fifo.parent}"
    status, out, err = mazegame_run("levels", "list", "--dir", str(fifo.parent))
    assert status == 0 and "first-steps" in out and "left out 1 level file with errors" in err


def test_a_fifo_named_chapters_toml_is_listed_as_unreadable(tmp_path):
    os.mkfifo(tmp_path / "chapters.toml")
    (tmp_path / "first-steps.toml").write_text(LEVEL_TEXT, encoding="utf-8")
    out, _ = refused("levels", "check", str(tmp_path))
    assert out == (f"{tmp_path / 'chapters.toml'}:1: cannot read the file: it is a named "
                   "pipe (FIFO), not a file\n")


@pytest.mark.parametrize("argv", [
    ["edit", "/dev/zero"], ["solve", "/dev/zero"], ["rat", "run", "--model", "/dev/zero"],
    ["levels", "check", "/dev/zero"], ["jump", "show", "/dev/zero"], ["edit", "/dev/null"],
], ids=" ".join)
def test_a_device_is_refused(argv):
    _, err = refused(*argv)
    assert err == f"mazegame: error: cannot read {argv[-1]}: it is a device, not a file"


def test_a_symlink_to_dev_zero_in_a_levels_folder_is_listed_and_skipped(tmp_path):
    (tmp_path / "z.toml").symlink_to("/dev/zero")
    (tmp_path / "first-steps.toml").write_text(LEVEL_TEXT, encoding="utf-8")
    out, _ = refused("levels", "check", str(tmp_path))
    assert out == f"{tmp_path / 'z.toml'}:1: cannot read the file: it is a device, not a file\n"
    status, out, err = mazegame_run("levels", "list", "--dir", str(tmp_path))
    assert status == 0 and "first-steps" in out and "Traceback" not in err


def test_a_folder_named_like_a_file_is_refused(tmp_path):
    folder = tmp_path / "maze.txt"
    folder.mkdir()
    _, err = refused("solve", str(folder))
    assert err.endswith(f"cannot read {folder}: it is a folder, not a file")
    _, err = refused("edit", str(folder))
    assert err.endswith("it is a folder, not a file")


# -- deep nesting ----------------------------------------------------------------------
def test_deeply_nested_toml_is_refused_by_every_level_reader(tmp_path):
    deep = tmp_path / "deep.toml"
    deep.write_text(DEEP_TOML)
    out, err = refused("levels", "check", str(deep))
    assert out == f"{deep}:1: too deeply nested (more than 32 levels of arrays and tables)\n"
    _, err = refused("edit", str(deep))
    assert err == (f"mazegame: error: {deep}:1: too deeply nested (more than 32 levels of "
                   "arrays and tables)")
    out, _ = refused("levels", "check", str(tmp_path))
    assert "deep.toml:1: too deeply nested" in out
    status, out, err = mazegame_run("levels", "list", "--dir", str(tmp_path))
    assert status == 0 and out == "no levels\n" and "Traceback" not in err


def test_deeply_nested_toml_on_standard_input(tmp_path):
    out, err = refused("levels", "check", "-", stdin=DEEP_TOML.encode())
    assert out.startswith("<stdin>:1: too deeply nested")


# -- names too long ---------------------------------------------------------------------
@pytest.mark.parametrize("argv", [
    ["edit", "é" * 3000], ["edit", "9" * 5000 + ".toml"], ["levels", "check", "9" * 5000],
    ["levels", "check", "9" * 5000 + ".toml"], ["solve", "9" * 5000],
    ["levels", "list", "--dir", "9" * 5000], ["levels", "export", "x", "--dir", "9" * 5000],
], ids=lambda argv: f"{argv[0]} {argv[1]} ({len(argv[-1])} characters)")
def test_a_name_too_long_is_one_short_line(argv):
    _, err = refused(*argv)
    assert len(err) < 400


# -- JSON and standard input -----------------------------------------------------------
def test_a_json_key_given_twice_is_refused_naming_it(tmp_path):
    doc = tmp_path / "dup.json"
    doc.write_text('{"format": "mazegame/maze", "version": 1, "width": 2, "width": 1, '
                   '"height": 1, "walls": [[15]]}')
    _, err = refused("solve", str(doc))
    assert err == f"mazegame: error: {doc}: the key 'width' is given twice"
    pack = tmp_path / "dup.jsonl"
    pack.write_text('{"format": "mazegame/jump", "format": "mazegame/jump"}\n')
    _, err = refused("jump", "solve", str(pack))
    assert "the key 'format' is given twice" in err


@pytest.mark.parametrize("stdin", [b"", b"\n\n  \n", b"\xef\xbb\xbf"])
def test_solve_on_empty_standard_input_says_so(stdin):
    _, err = refused("solve", "-", stdin=stdin)
    assert err == ("mazegame: error: standard input: it is empty (no maze document or "
                   "picture)")


# -- rat models -------------------------------------------------------------------------
def _model_arrays() -> dict[str, np.ndarray]:
    from mazegame.engine.rat import RatNet
    from mazegame.engine.rat.net import WEIGHTS

    net = RatNet.fresh(16, 1, "place")
    return {"variant": np.array("place"), **dict(zip(WEIGHTS, net.arrays(), strict=True))}


def _huge_member_npz(path: Path) -> None:
    """An .npz whose `wx` header says 20000x20000 float64 (3.2 GB): its data is a few
    megabytes of compressed zeros, cut short (refused before a byte of it is needed)."""
    arrays = _model_arrays()
    del arrays["wx"]
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        header, {"descr": "<f8", "fortran_order": False, "shape": (20000, 20000)})
    with (zipfile.ZipFile(buffer, "a", compression=zipfile.ZIP_DEFLATED) as archive,
          archive.open("wx.npy", "w", force_zip64=True) as member):
        member.write(header.getvalue())
        member.write(bytes(1 << 24))
    path.write_bytes(buffer.getvalue())


def _broken_models(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """name -> (model file, what the refusal says)."""
    made: dict[str, tuple[Path, str]] = {}
    plain = tmp_path / "plain.npy"
    np.save(plain, np.zeros(3))
    made["plain .npy"] = plain, "is not a rat model (not an .npz archive of arrays)"
    for name, change, says in [
        ("scalar bh", {"bh": np.array(1.0)}, "bh has shape (), not (H,)"),
        ("scalar bh, no wv", {"bh": np.array(1.0), "wv": None}, "bh has shape (), not (H,)"),
        ("no wx", {"wx": None}, "is not a rat model: missing wx"),
        ("object variant", {"variant": np.array(["place"] * 3)}, "variant is (3,)"),
        ("an extra member", {"evil": np.zeros(2)}, "it holds 'evil.npy'"),
        ("wm of the wrong shape", {"wm": np.zeros((4, 99))}, "wm has shape (4, 99)"),
        ("non-finite", {"wm": np.full((4, 16), np.inf)}, "wm holds non-finite numbers"),
        ("unknown variant", {"variant": np.array("ghost")}, "unknown variant 'ghost'"),
    ]:
        arrays = _model_arrays()
        for key, value in change.items():
            if value is None:
                del arrays[key]
            else:
                arrays[key] = value
        path = tmp_path / f"{name.replace(' ', '-').replace(',', '')}.npz"
        np.savez(path, **arrays)
        made[name] = path, says
    huge = tmp_path / "huge.npz"
    _huge_member_npz(huge)
    made["20000x20000 wx"] = huge, "wx has shape (20000, 20000) float64, not (16, 16)"
    return made


def test_broken_rat_models_are_refused_from_their_headers(tmp_path):
    for name, (path, says) in _broken_models(tmp_path).items():
        _, err = refused("rat", "run", "--model", str(path), "--runs", "1")
        assert says in err and str(path) in err, (name, err)


# -- maze pictures: linear in time and memory --------------------------------------------
_PEAK = textwrap.dedent("""
    import sys, tracemalloc
    from mazegame.engine.mazefile import MazeFormatError, read_maze
    text = sys.stdin.read()
    tracemalloc.start()
    try:
        maze = read_maze(text)
        print(f"{maze.width}x{maze.height}", end=" ")
    except MazeFormatError as err:
        print("refused:", err, end=" ")
    print(tracemalloc.get_traced_memory()[1] / max(1, len(text)))
""")


def peak_per_character(text: str) -> tuple[str, float]:
    """(what read_maze made of the text, its peak traced memory per character), in a child
    whose timeout is only a hang guard."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [ROOT, *filter(None, [os.environ.get("PYTHONPATH")])])}
    proc = subprocess.run([sys.executable, "-c", _PEAK], input=text.encode(), env=env,
                          capture_output=True, timeout=HANG_GUARD, preexec_fn=_cap_memory,
                          check=True)
    what, _, ratio = proc.stdout.decode().rpartition(" ")
    return what, float(ratio)


def test_400k_blank_lines_around_a_picture_parse_in_a_few_times_their_size():
    """Blank lines are counted, never held one object a line nor popped from a list's
    front (which was quadratic: 400k lines took a minute)."""
    picture = "┌───┐\n│ S │\n└───┘\n"
    what, ratio = peak_per_character("\n" * 400_000 + picture + "\n" * 400_000)
    assert what == "1x1" and ratio < 4


def test_a_huge_json_array_is_refused_before_it_is_parsed():
    """json.loads holds 8 bytes a number: "[0,0,...]" cost five times its size to refuse."""
    what, ratio = peak_per_character("[" + "0," * 5_000_000 + "0]")
    assert what.startswith("refused: a maze document is a JSON object") and ratio < 1


def test_a_million_short_lines_are_refused_in_a_few_times_their_size():
    what, ratio = peak_per_character("x\n" * 1_000_000)
    assert what.startswith("refused: the maze picture is too large") and ratio < 4


# -- the campaign's levels folder --------------------------------------------------------
def _own_levels(tmp_path: Path) -> Path:
    """The editor's folder under MAZEGAME_DATA_DIR (conftest points it at tmp_path/saved)."""
    own = tmp_path / "saved" / "levels"
    own.mkdir(parents=True)
    (own / "mine.toml").write_text(LEVEL_TEXT.replace('id = "first-steps"', 'id = "mine"'),
                                   encoding="utf-8")
    (own / "deep.toml").write_text(DEEP_TOML)
    (own / "dotted.toml").write_text("a" + ".a" * 5000 + " = 1\n")
    (own / "folder.toml").mkdir()
    return own


def test_the_campaign_lists_unreadable_own_levels_and_goes_on(tmp_path):
    """A FIFO, deep nesting (brackets or dotted keys) and a folder named *.toml in the
    player's levels folder are each named; the readable levels load. Loaded in a thread: a
    reader that opened the FIFO fails the test instead of hanging it."""
    import threading

    from mazegame.games.levels import Campaign
    from mazegame.storage import Store

    own = _own_levels(tmp_path)
    os.mkfifo(own / "pipe.toml")
    loaded: list = []
    thread = threading.Thread(target=lambda: loaded.append(Campaign.load(
        Store(tmp_path / "results.sqlite3"), None, own)), daemon=True)
    thread.start()
    thread.join(HANG_GUARD)
    if thread.is_alive():
        os.close(os.open(own / "pipe.toml", os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("the campaign hung reading a FIFO")
    assert loaded, "the campaign did not load (see the thread's exception above)"
    campaign = loaded[0]
    assert [lv.id for lv in campaign.own] == ["mine"] and campaign.levels
    said = sorted(str(err) for err in campaign.errors)
    assert said == [
        f"{own / 'deep.toml'}:1: too deeply nested (more than 32 levels of arrays and tables)",
        f"{own / 'dotted.toml'}:1: too deeply nested (more than 32 levels of arrays and "
        "tables)",
        f"{own / 'folder.toml'}:1: cannot read the file: it is a folder, not a file",
        f"{own / 'pipe.toml'}:1: cannot read the file: it is a named pipe (FIFO), not a file",
    ]


async def test_the_campaign_screen_names_unreadable_own_levels(tmp_path):
    from mazegame.games.setup import GameSetup
    from mazegame.ui.app import MazeApp

    own = _own_levels(tmp_path)
    app = MazeApp(GameSetup("campaign"), warm_up=False, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        said = notifications(app)
        assert any(f"{own / 'deep.toml'}:1: too deeply nested" in text for text in said)
        assert any("folder.toml:1: cannot read the file: it is a folder" in t for t in said)
        assert [lv.id for lv in app.campaign.own] == ["mine"]


# -- the editor: ids and folders too long for a file name -----------------------------------
async def test_the_editor_refuses_an_id_or_folder_too_long_for_a_file_name(tmp_path):
    """A 5,000-digit id (or folder) in the fields dialog is refused there, in words; the
    save never reaches the file system's "File name too long"."""
    from mazegame.games.setup import GameSetup
    from mazegame.ui.app import MazeApp
    from mazegame.ui.screens.editor_dialogs import FieldsScreen

    app = MazeApp(GameSetup("editor"), warm_up=False, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FieldsScreen)
        for field, value, says in [
            ("#field-id", "9" * 5000, "an id is at most 40 lower-case letters"),
            ("#field-folder", str(tmp_path / ("9" * 5000)), "File name too long"),
        ]:
            app.screen.query_one("#field-id").value = "fine"
            app.screen.query_one("#field-folder").value = str(tmp_path)
            app.screen.query_one(field).value = value
            app.screen.accept()  # what OK and Enter do
            await pilot.pause()
            assert isinstance(app.screen, FieldsScreen)
            assert says in str(app.screen.query_one("#setup-error").render())
