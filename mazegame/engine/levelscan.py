"""Line numbers for TOML documents: where each key sits, which tomllib does not say.

`key_lines` is a small scanner over the text (table headers, `[[array]]` tables, `key =`
lines, multi-line strings and arrays skipped), good enough to point an error message at the
key at fault; tomllib still does the parsing. `Located` pairs a parsed document with those
lines and raises `LevelError("file:line: message")`. A document nested deeper than MAX_DEPTH
(arrays, inline tables, dotted keys) is refused here, the one place TOML is parsed, before
tomllib's recursion or anything walking the document could overflow the stack.
"""

from __future__ import annotations

import re
import tomllib

_BARE = r"[A-Za-z0-9_-]+"
_QUOTED = r'"(?:[^"\\]|\\.)*"|' + r"'[^']*'"
_PART = rf"(?:{_BARE}|{_QUOTED})"
_KEY = re.compile(rf"\s*({_PART}(?:\s*\.\s*{_PART})*)\s*=")
_TABLE = re.compile(rf"\s*\[\s*({_PART}(?:\s*\.\s*{_PART})*)\s*\]\s*(?:#.*)?$")
_ARRAY_TABLE = re.compile(rf"\s*\[\[\s*({_PART}(?:\s*\.\s*{_PART})*)\s*\]\]\s*(?:#.*)?$")
_TOML_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_TOML_END = re.compile(r"\s*\(at end of document\)\s*$")
#: The deepest nesting a document may have: a level needs 4 (exits = [[r, c, side]] in the
#: top table), content a few more.
MAX_DEPTH = 32


class LevelError(ValueError):
    """A level (or chapters) document that cannot be used: str(err) is "file:line: message"."""

    def __init__(self, path: str, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path, self.line, self.message = path, line, message


def _parts(dotted: str) -> tuple[str, ...]:
    """The parts of a dotted key, quotes removed ('a."b.c"' -> ('a', 'b.c'))."""
    return tuple(m[0].strip("\"'") for m in re.finditer(_PART, dotted))


class _Strings:
    """Tracks multi-line strings and bracket depth across lines."""

    def __init__(self) -> None:
        self.open: str | None = None  #: the delimiter of an unclosed multi-line string
        self.depth = 0  #: unclosed [ and { of a value spanning lines
        self.deepest = 0  #: the most [ and { open at once so far

    def close(self, text: str) -> str | None:
        """The rest of a line after the open multi-line string closes (None: still open)."""
        end = _find_close(text, 0, self.open)
        if end < 0:
            return None
        self.open = None
        return text[end + 3:]

    def feed(self, text: str) -> None:
        """Read the part of a line that holds a value (or a continuation of one)."""
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "#":
                return
            if text.startswith(('"""', "'''"), i):
                delim = text[i:i + 3]
                end = _find_close(text, i + 3, delim)
                if end < 0:
                    self.open = delim
                    return
                i = end + 3
                continue
            if ch in "\"'":
                i = _find_close(text, i + 1, ch) + 1 or len(text)
                continue
            if ch in "[{":
                self.depth += 1
                self.deepest = max(self.deepest, self.depth)
            elif ch in "]}":
                self.depth = max(0, self.depth - 1)
            i += 1


def _find_close(text: str, i: int, delim: str) -> int:
    """Index of `delim` closing a string from i (escapes skipped in basic strings), or -1."""
    if delim[0] == "'":
        return text.find(delim, i)
    while i < len(text):
        if text[i] == "\\":
            i += 2
        elif text.startswith(delim, i):
            return i
        else:
            i += 1
    return -1


def key_lines(text: str) -> dict[tuple, int]:
    """The line (from 1) of each key and table header: ('maze',) -> line of `[maze]`,
    ('maze', 'picture') -> line of `picture =`; `[[chapter]]` tables add their index:
    ('chapter', 0, 'title'). The first occurrence wins."""
    return _scan(text)[0]


def _scan(text: str, depth_limit: int | None = None) -> tuple[dict[tuple, int], int | None]:
    """(key lines, the first line whose brackets nest deeper than `depth_limit`, or None)."""
    found: dict[tuple, int] = {}
    table: tuple = ()
    counts: dict[tuple, int] = {}
    strings = _Strings()
    for number, line in enumerate(text.splitlines(), 1):
        rest: str | None = line
        if strings.open:
            rest = strings.close(line)
            if rest is None:
                continue
        elif strings.depth == 0:
            if m := _ARRAY_TABLE.match(line):
                name = _parts(m[1])
                index = counts[name] = counts.get(name, -1) + 1
                table = (*name, index)
                found.setdefault(table, number)
                continue
            if m := _TABLE.match(line):
                table = _parts(m[1])
                found.setdefault(table, number)
                continue
            if m := _KEY.match(line):
                found.setdefault((*table, *_parts(m[1])), number)
                rest = line[m.end():]
        strings.feed(rest)
        if depth_limit is not None and strings.deepest > depth_limit:
            return found, number
    return found, None


def _depth(doc: object, limit: int) -> int:
    """How deep a parsed document nests (tables and arrays), counted without recursion and
    no further than just past `limit`."""
    deepest, todo = 0, [(doc, 0)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, depth)
            if depth > limit:
                break
            todo.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict)
                                                 else value))
    return deepest


def string_first_line(text: str, key_line: int) -> int:
    """The file line holding the first line of a multi-line string whose key is on
    `key_line` (TOML drops a newline right after the opening quotes)."""
    lines = text.splitlines()
    if not 1 <= key_line <= len(lines):
        return key_line
    line = lines[key_line - 1]
    for delim in ('"""', "'''"):
        at = line.find(delim)
        if at >= 0:
            return key_line + 1 if not line[at + 3:] else key_line
    return key_line


class Located:
    """A parsed TOML document with the line of each key, to raise errors that point at them."""

    def __init__(self, text: str, path: str) -> None:
        self.path, self.text = path, text
        lines, deep_line = _scan(text, MAX_DEPTH)
        if deep_line is not None:
            raise self._too_deep(deep_line)
        try:
            self.doc = tomllib.loads(text)
        except tomllib.TOMLDecodeError as err:
            raise toml_error(err, text, path) from None
        except RecursionError:  # brackets the scan did not see as such: still too deep
            raise self._too_deep(1) from None
        if _depth(self.doc, MAX_DEPTH) > MAX_DEPTH:  # e.g. a key of a thousand dotted parts
            raise self._too_deep(1)
        self.lines = lines

    def _too_deep(self, line: int) -> LevelError:
        return LevelError(self.path, line, f"too deeply nested (more than {MAX_DEPTH} levels "
                          "of arrays and tables)")

    def line(self, key: tuple) -> int:
        """The line of a key, else of its nearest table found, else 1."""
        while key:
            if key in self.lines:
                return self.lines[key]
            key = key[:-1]
        return 1

    def fail(self, key: tuple, message: str, line: int | None = None) -> LevelError:
        """The error to raise for `key` (or an explicit line)."""
        return LevelError(self.path, self.line(key) if line is None else line, message)


def toml_error(err: tomllib.TOMLDecodeError, text: str, path: str) -> LevelError:
    """tomllib's error as file:line: message (its own line; the column kept in words)."""
    message = str(err)
    if m := _TOML_AT.search(message):
        line = int(m[1])
        message = f"{message[:m.start()]} (column {m[2]})"
    else:
        line = max(1, len(text.splitlines()))
        message = _TOML_END.sub(" (at the end of the file)", message)
    return LevelError(path, line, f"not valid TOML: {message[:1].lower()}{message[1:]}")
