"""Players' names and room codes as strangers type them, made safe to show to others.

A name reaches other players' terminals, so nothing in it may be a control character, an
escape sequence, a bidirectional override or anything else that is not a visible letter,
digit, mark or simple punctuation. Ground floor: the standard library only.
"""

from __future__ import annotations

import secrets
import unicodedata

from mazegame.net.protocol import CODE_ALPHABET, CODE_LENGTH, MAX_NAME

#: Unicode categories a name keeps: letters, digits, marks, and connector/dash punctuation.
_KEPT = ("L", "N", "M", "Pc", "Pd")
_SPACES = " "
_STACKED = ("Mn", "Me")  #: marks drawn on the character before them
MOST_MARKS = 2  #: on one character (a Thai tone on a vowel, a Devanagari nukta and virama)
DEFAULT_NAME = "player"


def clean(raw: str) -> str:
    """A name fit to show: NFKC-normalised, only visible letters, digits, marks (at most
    MOST_MARKS stacked on a character), '_', '-', '.' and single spaces, at most MAX_NAME
    characters; DEFAULT_NAME if nothing is left."""
    kept: list[str] = []
    marks = 0  #: combining marks on the last character kept
    for ch in unicodedata.normalize("NFKC", raw):
        cat = unicodedata.category(ch)
        if ch == "." or cat.startswith(_KEPT) or cat in _KEPT:
            if unicodedata.east_asian_width(ch) in ("W", "F"):
                continue  # two cells wide: would shift every column after it
            marks = marks + 1 if cat in _STACKED else 0
            if marks > MOST_MARKS or (marks and not kept):
                continue  # a stack of marks draws over the lines above and below
            kept.append(ch)
        elif ch.isspace() and kept and kept[-1] != " ":
            kept.append(" ")
    name = "".join(kept).strip()[:MAX_NAME].strip()
    return name or DEFAULT_NAME


def unique(name: str, taken: set[str]) -> str:
    """`name`, or `name2`, `name3`, ... (within MAX_NAME) if another player has it
    (compared without case)."""
    lowered = {t.casefold() for t in taken}
    if name.casefold() not in lowered:
        return name
    for n in range(2, 10_000):
        suffix = str(n)
        candidate = name[: MAX_NAME - len(suffix)] + suffix
        if candidate.casefold() not in lowered:
            return candidate
    raise ValueError("no free name")  # 10,000 players of one name: the host caps far below


def new_code(taken: set[str] | frozenset[str] = frozenset()) -> str:
    """A fresh room code (CODE_LENGTH characters of CODE_ALPHABET, from `secrets`)."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def typed_code(text: str) -> str | None:
    """A code as a person types it (any case, spaces or a dash between), or None."""
    code = "".join(text.split()).replace("-", "").upper()
    ok = len(code) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in code)
    return code if ok else None
