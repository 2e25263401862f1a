"""The allocator setting the command line makes at start (`engine.memory`)."""

import sys

from mazegame.engine.memory import keep_freed_blocks


def test_glibc_takes_the_setting_and_other_libraries_are_left_alone():
    kept = keep_freed_blocks()
    assert isinstance(kept, bool)
    if sys.platform.startswith("linux"):
        import platform

        assert kept == (platform.libc_ver()[0] == "glibc")
