"""Fuzz the interpreted mazes' inputs: any content text, and the shipped bureaucracy with
values and lines mutated, either loads or raises ContentError ("file:line: message" with a
line inside the file); any `interpreted export` arguments exit 0 with JSON, or 2 with one
line on stderr."""

from __future__ import annotations

import contextlib
import io
import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mazegame import cli
from mazegame.games.interpreted import bureaucracy
from mazegame.games.interpreted.content import ContentError, parse_content
from mazegame.locations import asset

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SHIPPED = asset("interpreted", "bureaucracy.toml").read_text(encoding="utf-8")
VALUES = st.sampled_from(['""', '"x"', "[]", '["a", "a"]', '[""]', "1", "-3", "true", "{}",
                          "[1, 2]", '"Smith"', '["Smith"]', "[[]]", '"""\nmulti\n"""', "nan"])
KEY_LINE = re.compile(r"^(\s*[A-Za-z_]+\s*=\s*)(.*)$", re.MULTILINE)
ERROR = re.compile(r"^b\.toml:(\d+): \S")


def _load(text: str) -> None:
    try:
        bureaucracy.check(parse_content(text, "b.toml", bureaucracy.SCHEMA))
    except ContentError as err:
        m = ERROR.match(str(err))
        assert m, str(err)
        assert 1 <= int(m[1]) <= max(1, len(text.splitlines())), str(err)


@st.composite
def mutated(draw) -> str:
    """The shipped content with a value replaced, a line dropped or doubled, or bytes cut."""
    text = SHIPPED
    kind = draw(st.sampled_from(["value", "drop", "double", "cut"]))
    if kind == "value":
        m = draw(st.sampled_from(list(KEY_LINE.finditer(text))))
        return text[:m.start(2)] + draw(VALUES) + text[m.end(2):]
    lines = text.split("\n")
    at = draw(st.integers(0, len(lines) - 1))
    if kind == "drop":
        return "\n".join(lines[:at] + lines[at + 1:])
    if kind == "double":
        return "\n".join(lines[:at + 1] + lines[at:])
    return text[:draw(st.integers(0, len(text)))]


@FUZZ
@given(st.text(max_size=300))
def test_any_text_loads_or_says_where(text):
    _load(text)


@FUZZ
@given(mutated())
def test_mutated_content_loads_or_says_where(text):
    _load(text)


WORDS = st.sampled_from(["bureaucracy", "trading", "instructional", "chess", "--size", "3x3",
                         "0x0", "5x", "--seed", "7", "-1", "99999999999", "--difficulty",
                         "easy", "nightmare", "boring", "-o", "--help", "", "x", "--seed=3"])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(WORDS, max_size=7))
def test_export_arguments_answer_or_refuse_in_one_line(words):
    if "-o" in words:  # never write files from a fuzz
        words = [w for w in words if w != "-o"]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(["interpreted", "export", *words])
    if status == 0:
        if "--help" not in words:
            assert json.loads(out.getvalue())["kind"] in words
    else:
        assert status == 2, (words, err.getvalue())
        assert err.getvalue().count("\n") == 1, err.getvalue()
