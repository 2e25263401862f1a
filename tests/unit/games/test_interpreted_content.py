"""The interpreted mazes' content loader: schema checks and file:line errors."""

from __future__ import annotations

import pytest

from mazegame.games.interpreted import bureaucracy
from mazegame.games.interpreted.content import (
    ContentError,
    Rule,
    load_content,
    parse_content,
)
from mazegame.locations import asset

SCHEMA = {"names": Rule("strings", 2), "count": Rule("int", 1),
          "cast": Rule("tables", 1, {"name": Rule("string"), "lines": Rule("strings")})}
GOOD = '''names = ["a", "b"]
count = 3

[[cast]]
name = "Smith"
lines = ["no"]

[[cast]]
name = "Jones"
lines = ["never"]
'''


def error_of(text: str, schema=SCHEMA) -> ContentError:
    with pytest.raises(ContentError) as caught:
        parse_content(text, "x.toml", schema)
    return caught.value


def test_good_content_loads():
    doc = parse_content(GOOD, "x.toml", SCHEMA)
    assert doc["cast"][1]["name"] == "Jones"


@pytest.mark.parametrize(("text", "line", "words"), [
    (GOOD.replace('"b"]', '"a"]'), 1, "twice"),
    (GOOD.replace("count = 3", "count = 0"), 2, "whole number"),
    (GOOD.replace('name = "Jones"', 'name = ""'), 9, "non-empty"),
    (GOOD.replace('lines = ["never"]', 'lines = []'), 10, "at least 1"),
    (GOOD.replace('names = ["a", "b"]\n', ""), 1, "missing names"),
    (GOOD.replace('name = "Jones"\n', ""), 8, "missing cast.1.name"),
    (GOOD.replace('count = 3', 'count = [3'), 4, "not valid TOML"),  # where tomllib gives up
])
def test_errors_name_the_file_and_line(text, line, words):
    err = error_of(text)
    assert str(err).startswith(f"x.toml:{line}: "), str(err)
    assert words in err.message


def test_the_bureaucracy_wants_exactly_ten_unhelpful_persons():
    text = asset("interpreted", "bureaucracy.toml").read_text(encoding="utf-8")
    doc = parse_content(text, "b.toml", bureaucracy.SCHEMA)
    assert bureaucracy.check(doc) is doc
    last = text.rindex("[[cast]]")
    with pytest.raises(ContentError, match="at least 10"):  # nine
        parse_content(text[:last], "b.toml", bureaucracy.SCHEMA)
    eleven = text + text[last:].replace("Moss", "Mossop")
    with pytest.raises(ContentError, match=r"b\.toml:\d+: the cast is exactly 10"):
        bureaucracy.check(parse_content(eleven, "b.toml", bureaucracy.SCHEMA))
    clash = text.replace('"Lee", "Abbott"', '"Lee", "Smith"')
    err = pytest.raises(ContentError, bureaucracy.check,
                        parse_content(clash, "b.toml", bureaucracy.SCHEMA)).value
    line = text[:text.index("Assistant Deputy Under Secretary Smith")].count("\n") + 1
    assert str(err).startswith(f"b.toml:{line}: ") and "surnames" in err.message


def test_shipped_content_loads():
    assert bureaucracy.content()["goal_name"] == "Mr. X"
    assert load_content("bureaucracy") is load_content("bureaucracy")  # read once


def test_a_missing_file_is_named():
    with pytest.raises(ContentError, match="interpreted/no-such.toml:1: cannot read"):
        load_content("no-such")
