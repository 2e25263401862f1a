"""Names with stacked combining marks (\"Zalgo\"): a stranger's name drawn over the lines above
and below it in every other player's room list, seats and end panel."""

from mazegame.net.names import clean


def test_a_stack_of_marks_keeps_at_most_two_on_a_letter():
    zalgo = "Z" + "".join(chr(0x300 + n) for n in range(15)) + "x" + "\u0301" * 9
    name = clean(zalgo)
    assert name == "Z\u0300\u0301x\u0301\u0301"
    assert max(len(part) for part in name.split("x")) <= 1 + 2


def test_a_name_cannot_begin_with_marks():
    assert clean("\u0301\u0302bob") == "bob"


def test_scripts_that_stack_two_marks_are_kept():
    for name in ("\u0e01\u0e34\u0e49", "\u0915\u093c\u094d", "Zoë", "José"):  # Thai, Devanagari
        assert clean(name) == name
