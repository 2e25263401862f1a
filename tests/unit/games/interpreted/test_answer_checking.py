"""base.check_answer: right answers in harmless variants pass, wrong ones do not."""

import pytest

from mazegame.games.interpreted.base import Option, check_answer


def problem(answer, *answers, is_open=True):
    return Option(0, is_open, "?", to=1 if is_open else None,
                  extra={"question": "?", "answer": answer, "answers": list(answers)})


@pytest.mark.parametrize("answer, given", [
    ("56", "56"), ("56", " 56 "), ("56", "56.0"), ("56", "056"), ("1000", "1,000"),
    ("1000", "1 000"), ("3.5", "3.50"), ("3.5", "7/2"), ("3.5", "3,5"), ("-4", "−4"),
    ("receive", "Receive"), ("receive", "  RECEIVE. "), ("New Delhi", "new   delhi"),
    ("Bogotá", "Bogota"), ("Reykjavík", "reykjavik"), ("Paris", "paris!"),
])
def test_harmless_variants_of_the_answer_pass(answer, given):
    assert check_answer(problem(answer), given)


@pytest.mark.parametrize("answer, given", [
    ("56", "57"), ("56", "5 6 0"), ("56", ""), ("56", "   "), ("1000", "1,00"),
    ("3.5", "35"), ("receive", "recieve"), ("receive", "receives"), ("Paris", "Lyon"),
    ("New Delhi", "NewDelhi x"), ("4", "four and a bit"),
])
def test_wrong_answers_fail(answer, given):
    assert not check_answer(problem(answer), given)


def test_other_accepted_answers_and_choice_letters():
    o = problem("Ulaanbaatar", "c", "Ulan Bator")
    assert all(check_answer(o, t) for t in ("c", "C)", "(c)", "ulan bator", "ULAANBAATAR"))
    assert not any(check_answer(o, t) for t in ("a", "b)", "Ulan", "cc"))


def test_a_closed_door_takes_no_answer():
    assert not check_answer(problem("7", is_open=False), "7")
