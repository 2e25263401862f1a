"""Fuzz the level reader: any text, and shipped levels with bytes and values mutated, either
loads or raises LevelError ("file:line: message" with a line inside the file); nothing else."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mazegame.engine.levelfile import LevelError, load_level
from mazegame.locations import asset

FUZZ = settings(max_examples=200, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
VALID = [path.read_text(encoding="utf-8") for path in sorted(asset("levels").glob("*.toml"))
         if path.name != "chapters.toml"]
VALID.append(VALID[0] + '\n[demon]\npersonality = "tracker"\nspeed = "1/2"\n')
VALUES = st.sampled_from([
    "0", "-1", "1", "3", "100", "101", "4096", "99999999999999999999", "1.5", "nan", "inf",
    "true", '""', '"x"', '"xy"', '"blind"', '"eye"', '"3/4"', '"0/0"', '"1e999"', "[]",
    "[0, 0]", "[4, 4]", "[-1, 2]", "[[0, 0]]", "[[0, 3, \"north\"]]", "[[2, 2, \"east\"]]",
    "[0, 0, 0]", '["a"]', "{}", '{ a = 1 }', "[100, 100]", "[1, 1]", "[3, 1]",
    '"kruskal"', '"unicursal"', '"cavern"', '"tracker"', '"ghost"', '"""\n┌───┐\n│ S │\n└───┘\n"""',
])
KEY_LINE = re.compile(r"^([A-Za-z_]+\s*=\s*)(.*)$", re.MULTILINE)


@st.composite
def mutated(draw) -> str:
    """A valid level with a value replaced, a line added or removed, or bytes changed."""
    text = draw(st.sampled_from(VALID))
    kind = draw(st.sampled_from(["value", "line", "bytes"]))
    if kind == "value":
        keys = list(KEY_LINE.finditer(text))
        m = draw(st.sampled_from(keys))
        return text[:m.start(2)] + draw(VALUES) + text[m.end(2):]
    lines = text.split("\n")
    if kind == "line":
        at = draw(st.integers(0, len(lines)))
        new = draw(st.sampled_from([
            "budget = 1", "par = 0", "traps = true", 'wrap = "x"', 'wrap = "y"',
            'exits = [[0, 0, "west"]]', "goals = [[0, 0]]", "start = [0, 1]", "[demon]",
            'personality = "cheese"', "[maze]", 'generator = "backtracker"', "seed = 2",
            "size = [3, 3]", "one_way = 0.5", "braid = 1", "# wrap: xy", "# size: 3x3", "",
        ]))
        if draw(st.booleans()) and lines:
            del lines[min(at, len(lines) - 1)]
        else:
            lines.insert(at, new)
        return "\n".join(lines)
    data = bytearray(text.encode())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        piece = draw(st.binary(max_size=3) | st.sampled_from(
            [b"\n", b'"', b"'''", b'"""', b"[", b"]", b"=", b"S", b"G", "│".encode(),
             "→".encode(), b"#"]))
        if draw(st.booleans()):
            data[at:at + len(piece)] = piece
        else:
            data[at:at] = piece
    return data.decode("utf-8", "replace")


def check(text: str) -> None:
    try:
        load_level(text, "fuzz.toml")
    except LevelError as err:
        assert str(err).startswith("fuzz.toml:")
        assert 1 <= err.line <= max(1, len(text.splitlines()) + 1), err
        assert "\n" not in err.message or err.message.count("\n") < 3


@FUZZ
@given(mutated())
def test_mutated_levels_load_or_raise_level_error(text):
    check(text)


@FUZZ
@given(st.text(max_size=400))
def test_any_text_loads_or_raises_level_error(text):
    check(text)
