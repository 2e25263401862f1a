"""mazegame uses numba's and Textual's public APIs only: no module reaches into their
internals (numba.core, numba's `unsafe` intrinsics, a dispatcher subclass, Textual's
private modules or its bindings table). A private use that could not go would live in one
guarded module named here, with a test that fails when the library moves it."""

import re
from pathlib import Path

import mazegame

PACKAGE = Path(mazegame.__file__).parent
#: What reaching into numba's or Textual's internals looks like in source.
PRIVATE = re.compile(
    r"numba\.(core|cpython|np\.unsafe|misc|typed\.typeddict)\b"  # numba's internals
    r"|\bCPUDispatcher\b|\bget_source_stamp\b"  # its dispatcher and cache locator
    r"|\btextual(\.\w+)*\._\w"  # a private Textual module
    r"|\._bindings\b|\bkey_to_bindings\b"  # Textual's bindings table
)
GUARDED: set[str] = set()  #: modules allowed a private use (each with its own test)


def test_no_private_numba_or_textual_api_outside_a_guarded_module():
    found = [f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}"
             for path in sorted(PACKAGE.rglob("*.py"))
             if path.relative_to(PACKAGE).as_posix() not in GUARDED
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if PRIVATE.search(line)]
    assert found == []
