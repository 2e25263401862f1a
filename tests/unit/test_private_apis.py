"""mazegame and its tests use numba's and Textual's public APIs only: no module reaches into
their internals (numba.core, numba's `unsafe` intrinsics, a dispatcher subclass, Textual's
private modules or its bindings table). A private use that could not go lives in one
guarded module named here, with a test that fails when the library moves it (the tests'
reads of Textual's compositor, paints and timers: tests/functional/ui/textual_private.py)."""

import re
from pathlib import Path

import mazegame

PACKAGE = Path(mazegame.__file__).parent
ROOT = PACKAGE.parent
#: What reaching into numba's or Textual's internals looks like in source.
PRIVATE = re.compile(
    r"numba\.(core|cpython|np\.unsafe|misc|typed\.typeddict)\b"  # numba's internals
    r"|\bCPUDispatcher\b|\bget_source_stamp\b"  # its dispatcher and cache locator
    r"|\btextual(\.\w+)*\._(?!_)\w"  # a private Textual module (a dunder is public)
    r"|\._bindings\b|\bkey_to_bindings\b"  # Textual's bindings table
)
#: Modules allowed a private use (each with its own test), and this file (its patterns).
GUARDED = {"tests/functional/ui/textual_private.py", "tests/unit/test_private_apis.py"}


def test_no_private_numba_or_textual_api_outside_a_guarded_module():
    sources = [*PACKAGE.rglob("*.py"), *(ROOT / "tests").rglob("*.py")]
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in sorted(sources)
             if path.relative_to(ROOT).as_posix() not in GUARDED
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if PRIVATE.search(line)]
    assert found == []
