"""A room's code in large letters (to read out across a room): a 5x7 dot font for the
characters of room codes, drawn with half blocks, four lines high.

Every character of `protocol.CODE_ALPHABET` has a glyph here (a test holds it); a character
without one is drawn as a blank.
"""

from __future__ import annotations

#: Character -> its seven rows of five dots ("1" on), top row first.
FONT = {ch: rows.split() for ch, rows in {
    "A": "01110 10001 10001 11111 10001 10001 10001",
    "B": "11110 10001 10001 11110 10001 10001 11110",
    "C": "01110 10001 10000 10000 10000 10001 01110",
    "D": "11110 10001 10001 10001 10001 10001 11110",
    "E": "11111 10000 10000 11110 10000 10000 11111",
    "F": "11111 10000 10000 11110 10000 10000 10000",
    "G": "01110 10001 10000 10111 10001 10001 01111",
    "H": "10001 10001 10001 11111 10001 10001 10001",
    "J": "00111 00010 00010 00010 00010 10010 01100",
    "K": "10001 10010 10100 11000 10100 10010 10001",
    "M": "10001 11011 10101 10101 10001 10001 10001",
    "N": "10001 10001 11001 10101 10011 10001 10001",
    "P": "11110 10001 10001 11110 10000 10000 10000",
    "Q": "01110 10001 10001 10001 10101 10010 01101",
    "R": "11110 10001 10001 11110 10100 10010 10001",
    "S": "01111 10000 10000 01110 00001 00001 11110",
    "T": "11111 00100 00100 00100 00100 00100 00100",
    "U": "10001 10001 10001 10001 10001 10001 01110",
    "V": "10001 10001 10001 10001 10001 01010 00100",
    "W": "10001 10001 10001 10101 10101 10101 01010",
    "X": "10001 10001 01010 00100 01010 10001 10001",
    "Y": "10001 10001 01010 00100 00100 00100 00100",
    "Z": "11111 00001 00010 00100 01000 10000 11111",
    "2": "01110 10001 00001 00010 00100 01000 11111",
    "3": "11111 00010 00100 00010 00001 10001 01110",
    "4": "00010 00110 01010 10010 11111 00010 00010",
    "5": "11111 10000 11110 00001 00001 10001 01110",
    "6": "00110 01000 10000 11110 10001 10001 01110",
    "7": "11111 00001 00010 00100 01000 01000 01000",
    "8": "01110 10001 10001 01110 10001 10001 01110",
    "9": "01110 10001 10001 01111 00001 00010 01100",
}.items()}
_BLANK = ["00000"] * 7
_HALVES = {("0", "0"): " ", ("1", "0"): "▀", ("0", "1"): "▄", ("1", "1"): "█"}


def big_lines(text: str, gap: str = " ", middle: str = "   ") -> list[str]:
    """`text` in large letters: four lines, `gap` between letters and `middle` between the
    two halves of a code (read out in two breaths)."""
    half = len(text) // 2
    lines = []
    for pair in range(4):
        parts = []
        for i, ch in enumerate(text):
            rows = [*FONT.get(ch.upper(), _BLANK), "00000"]  # eight rows: four pairs
            top, bottom = rows[2 * pair], rows[2 * pair + 1]
            if i:
                parts.append(middle if i == half else gap)
            parts.append("".join(_HALVES[t, b] for t, b in zip(top, bottom, strict=True)))
        lines.append("".join(parts))
    return lines
