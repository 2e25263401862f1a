"""A kernel's disk cache holds the kernels it calls compiled into it, so its stamp covers
the whole engine's source: an edit in one file retires the cached callers in another."""

from mazegame.engine.generate.classic import prim
from mazegame.engine.jit import KERNELS, source_digest


def test_the_digest_follows_every_file_and_its_name(tmp_path):
    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.py").write_text("y = 2\n")
    first = source_digest.__wrapped__(tmp_path)
    assert source_digest.__wrapped__(tmp_path) == first
    (tmp_path / "sub" / "b.py").write_text("y = 3\n")
    edited = source_digest.__wrapped__(tmp_path)
    assert edited != first
    (tmp_path / "sub" / "b.py").rename(tmp_path / "b.py")
    assert source_digest.__wrapped__(tmp_path) != edited
    (tmp_path / "notes.txt").write_text("not code")
    assert source_digest.__wrapped__(tmp_path) == source_digest.__wrapped__(tmp_path)


def test_every_kernel_is_stamped_with_the_engine_digest():
    # prim (classic.py) calls join_in_order (trees.py): an edit there must retire prim's cache
    stamp = prim._cache._impl.locator.get_source_stamp()
    assert stamp[1] == source_digest()
    assert all(k._cache._impl.locator.get_source_stamp()[1] == source_digest() for k in KERNELS)
