"""The interpreted mazes' words: TOML from `assets/interpreted/`, validated on load, every
error as "file:line: message".

`load_content(name, schema)` reads `assets/interpreted/NAME.toml` and checks it against a
small schema (key -> Rule); a kind's own checks raise `content_error(doc, key, message)`,
which finds the key's line. Files are read once per process.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from mazegame.engine.levelscan import LevelError, Located
from mazegame.engine.readfile import CONTENT, ReadError, read_text

KINDS_OF_RULE = ("string", "strings", "int", "tables")


class ContentError(LevelError):
    """Interpreted-maze content that cannot be used: str(err) is "file:line: message"."""


@dataclass(frozen=True)
class Rule:
    """What a key must hold: a non-empty "string", a list of distinct non-empty "strings"
    (at least `least`), an "int" (at least `least`), or a list of "tables" (at least `least`,
    each checked against `each`)."""

    kind: str
    least: int = 1
    each: dict | None = None  #: for "tables": the schema every table must meet

    def __post_init__(self) -> None:
        if self.kind not in KINDS_OF_RULE:
            raise ValueError(f"unknown rule {self.kind!r}; known: {KINDS_OF_RULE}")


class Content(dict):
    """A parsed content document (a dict) that remembers where each key sits."""

    located: Located

    def fail(self, key: tuple, message: str) -> ContentError:
        """The error to raise for `key` (a path of keys and list indices)."""
        return content_error(self, key, message)


def content_error(doc: Content, key: tuple, message: str) -> ContentError:
    """A ContentError pointing at the line of `key` in the file `doc` was read from."""
    located = doc.located
    return ContentError(located.path, located.line(_line_key(key)), message)


def _line_key(key: tuple) -> tuple:
    """The key as `key_lines` records it: indices count only after `[[table]]` names."""
    return tuple(part for i, part in enumerate(key)
                 if not isinstance(part, int) or (i and isinstance(key[i - 1], str)))


def parse_content(text: str, path: str, schema: dict[str, Rule] | None = None) -> Content:
    """A content document from TOML text, checked against `schema`; raises ContentError."""
    try:
        located = Located(text, path)
    except LevelError as err:
        raise ContentError(err.path, err.line, err.message) from None
    doc = Content(located.doc)
    doc.located = located
    _check(doc, doc, (), schema or {})
    return doc


def _check(doc: Content, table: dict, where: tuple, schema: dict[str, Rule]) -> None:
    for key, rule in schema.items():
        at = (*where, key)
        if key not in table:
            raise doc.fail(where, f"missing {'.'.join(map(str, at))!s} ({_wants(rule)})")
        value = table[key]
        if rule.kind == "string":
            if not isinstance(value, str) or not value.strip():
                raise doc.fail(at, f"{key} must be {_wants(rule)}")
        elif rule.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool) or value < rule.least:
                raise doc.fail(at, f"{key} must be {_wants(rule)}, not {value!r}")
        elif rule.kind == "strings":
            _check_strings(doc, at, value, rule)
        else:
            if (not isinstance(value, list) or len(value) < rule.least
                    or not all(isinstance(v, dict) for v in value)):
                raise doc.fail(at, f"{key} must be {_wants(rule)}")
            for i, item in enumerate(value):
                _check(doc, item, (*at, i), rule.each or {})


def _check_strings(doc: Content, at: tuple, value, rule: Rule) -> None:
    key = at[-1]
    if not isinstance(value, list) or len(value) < rule.least:
        count = len(value) if isinstance(value, list) else "not a list"
        raise doc.fail(at, f"{key} must be {_wants(rule)} (has {count})")
    seen: set[str] = set()
    for item in value:
        if not isinstance(item, str) or not item.strip():
            raise doc.fail(at, f"{key} holds {item!r}: every entry is a non-empty string")
        if item in seen:
            raise doc.fail(at, f"{key} holds {item!r} twice")
        seen.add(item)


def _wants(rule: Rule) -> str:
    return {
        "string": "a non-empty string",
        "int": f"a whole number of at least {rule.least}",
        "strings": f"a list of at least {rule.least} different non-empty strings",
        "tables": f"a list of at least {rule.least} tables",
    }[rule.kind]


def asset_text(filename: str) -> tuple[str, str]:
    """(text, the path errors name) of a file in assets/interpreted/."""
    from mazegame.locations import asset

    path = asset("interpreted", filename)
    shown = f"interpreted/{filename}"
    try:
        return read_text(path, CONTENT), shown
    except ReadError as err:
        raise ContentError(shown, 1, f"cannot read: {err.why}") from None


@cache
def _load(name: str) -> Content:
    text, shown = asset_text(f"{name}.toml")
    return parse_content(text, shown)


def load_content(name: str, schema: dict[str, Rule] | None = None) -> Content:
    """assets/interpreted/NAME.toml, checked against `schema`; raises ContentError.

    The document is read once per process (callers must not change it)."""
    doc = _load(name)
    _check(doc, doc, (), schema or {})
    return doc
