"""Jumping-maze files: hostile input is refused with a JumpFormatError, never a crash."""

import json

import pytest

from mazegame.engine.jump.file import JumpFormatError, read_pack, to_document, to_json
from mazegame.engine.jump.file import from_text as jump_from_text

BOARD = "2 1 2\n1 1 1\n2 1 G\n"


def document(**change) -> str:
    """A valid 3x3 puzzle's JSON with some fields replaced."""
    return json.dumps({**to_document(jump_from_text(BOARD)), **change})


@pytest.mark.parametrize(("text", "message"), [
    ("2147483648 1 2\n1 1 1\n2 1 G\n", r"row 0, column 0: jump 2147483648 is out of range"),
    ("9" * 5000 + " 1 2\n1 1 1\n2 1 G\n", r"row 0, column 0: jump 9{20}\.\.\. is out of range"),
    ("\u00b2 1 2\n1 1 1\n2 1 G\n", r"row 0, column 0: '\u00b2' is not a jump number or G"),
    ("\u0663 1 2\n1 1 1\n2 1 G\n", r"row 0, column 0: '\u0663' is not a jump number or G"),
    (document(jumps=[[2**31, 1, 2], [1, 1, 1], [2, 1, 0]]), "jump 2147483648 is out of range"),
    (document(jumps=[[10**20, 1, 2], [1, 1, 1], [2, 1, 0]]), "is out of range"),
    (document(jumps=[[-(2**40), 1, 2], [1, 1, 1], [2, 1, 0]]), "is out of range"),
    (document(jumps=[[1e20, 1, 2], [1, 1, 1], [2, 1, 0]]), "1e\\+20 is not a whole number"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"jumps": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
    ("[1, 2]", "a jumping-maze document is a JSON object"),
    ("\n".join(["1 1"] * 40) + "\nG 1\n", "at most 32 squares"),
])
def test_hostile_puzzles_are_refused(text, message):
    with pytest.raises(JumpFormatError, match=message):
        read_pack(text)


def test_a_byte_order_mark_is_ignored():
    puzzle = jump_from_text(BOARD)
    assert read_pack("\ufeff" + BOARD)[0].jumps.tolist() == puzzle.jumps.tolist()
    assert read_pack("\ufeff" + to_json(puzzle))[0].jumps.tolist() == puzzle.jumps.tolist()
