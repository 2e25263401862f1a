"""A kernel's disk cache holds the kernels it calls compiled into it, so the cache folder is
named by a stamp of the whole engine's source: an edit in one file retires the cached
callers in another (numba's own stamp covers only the kernel's file)."""

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mazegame import engine, locations
from mazegame.locations import KERNEL_CACHE_PREFIX, configure_numba_cache, engine_stamp


def _edit(path: Path, text: str, when: float) -> None:
    path.write_text(text)
    os.utime(path, (when, when))


def test_the_stamp_follows_every_file_and_its_name(tmp_path):
    now = time.time()
    _edit(tmp_path / "a.py", "x = 1\n", now - 100)
    (tmp_path / "sub").mkdir()
    _edit(tmp_path / "sub" / "b.py", "y = 2\n", now - 100)
    first = engine_stamp(tmp_path)
    assert engine_stamp(tmp_path) == first
    _edit(tmp_path / "sub" / "b.py", "y = 3\n", now - 50)  # same size, edited later
    edited = engine_stamp(tmp_path)
    assert edited != first
    (tmp_path / "sub" / "b.py").rename(tmp_path / "b.py")
    assert engine_stamp(tmp_path) != edited
    (tmp_path / "notes.txt").write_text("not code")
    assert engine_stamp(tmp_path) == engine_stamp(tmp_path)


def test_kernels_cache_in_the_engines_own_folder():
    assert engine.__name__ == "mazegame.engine"  # imported: it configured the cache
    folder = Path(os.environ["NUMBA_CACHE_DIR"])
    assert folder.name == KERNEL_CACHE_PREFIX + engine_stamp()


@pytest.fixture
def cache_env(monkeypatch):
    """NUMBA_CACHE_DIR as the test sets it, put back afterwards."""
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    return monkeypatch


def test_an_explicit_cache_dir_is_the_base_and_a_child_keeps_its_folder(cache_env, tmp_path):
    cache_env.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    configure_numba_cache()
    mine = Path(os.environ["NUMBA_CACHE_DIR"])
    assert mine == tmp_path / (KERNEL_CACHE_PREFIX + engine_stamp())
    configure_numba_cache()  # a child process inherits the variable
    assert Path(os.environ["NUMBA_CACHE_DIR"]) == mine


def test_another_engines_folder_goes_after_a_day(cache_env, tmp_path):
    old, recent = tmp_path / "engine-0ld", tmp_path / "engine-rec3nt"
    for folder in (old, recent):
        (folder / "x").mkdir(parents=True)
    day_ago = time.time() - locations.STALE_KERNEL_CACHE_SECONDS - 60
    os.utime(old, (day_ago, day_ago))
    (tmp_path / "unrelated").mkdir()
    cache_env.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    configure_numba_cache()
    assert not old.exists() and recent.exists() and (tmp_path / "unrelated").exists()
    assert Path(os.environ["NUMBA_CACHE_DIR"]).is_dir()


@pytest.mark.slow
def test_an_engine_edit_recompiles_what_was_cached(tmp_path):
    """A fresh process loads prim from the cache; after an edit of another engine file
    (trees.py, whose kernel prim calls into it) the next process compiles prim again.
    Run on a copy of the package, so the edit touches no other test's engine."""
    copy = tmp_path / "src"
    shutil.copytree(Path(locations.__file__).parent, copy / "mazegame",
                    ignore=shutil.ignore_patterns("__pycache__"))
    probe = ("from mazegame.engine.generate import generate;"
             "from mazegame.engine.generate.classic import prim;"
             "generate('prim', 5, 5, 1);"
             "print(sum(prim.stats.cache_hits.values()))")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(copy)}

    def cache_hits() -> int:
        out = subprocess.run([sys.executable, "-c", probe], env=env, cwd=tmp_path,
                             capture_output=True, text=True, check=True, timeout=600)
        return int(out.stdout.split()[-1])

    assert cache_hits() == 0  # compiled, and cached
    assert cache_hits() == 1
    assert list((tmp_path / "cache").glob(KERNEL_CACHE_PREFIX + "*/**/*.nbc"))
    trees = copy / "mazegame" / "engine" / "generate" / "trees.py"
    trees.write_text(trees.read_text() + "\n")
    assert cache_hits() == 0


def test_a_kernel_pickles_by_name():
    """A kernel sent to another process (a pool, a cluster) arrives as that process's own."""
    import pickle

    from mazegame.engine.generate.classic import prim

    assert pickle.loads(pickle.dumps(prim)) is prim
