"""Every argument the command line converts: arbitrary text gives a value in range or
argparse's ArgumentTypeError (exit 2, one line), never another exception; every number is
ASCII digits only; counts are capped; a value that starts with '-' reaches its own parser."""

import argparse
import math
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazegame import cli
from mazegame.cli import common, jump, selfplay
from mazegame.cli import main as cli_main


def subparsers(parser: argparse.ArgumentParser):
    """The parser and every (sub)subcommand's parser under it."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from subparsers(sub)


def converters() -> dict[str, object]:
    """Every `type=` of every argument, by name (one entry a distinct function)."""
    found = {}
    for parser in subparsers(cli.build_parser()):
        for action in parser._actions:
            if callable(action.type):
                found.setdefault(f"{action.type.__module__}.{action.type.__qualname__}",
                                 action.type)
    return found


CONVERTERS = converters()


def test_the_enumeration_finds_the_converters():
    names = " ".join(CONVERTERS)
    for expected in ("parse_size", "parse_cell", "parse_seed", "parse_fraction", "parse_side",
                     "parse_rows_cols", "parse_seconds", "whole_number.<locals>.parse",
                     "parse_day_arg", "parse_daily_mode"):
        assert expected in names
    assert int not in CONVERTERS.values() and float not in CONVERTERS.values()


#: The ranges of the converters that are not `whole_number`s (those carry their bounds).
RANGES = {"parse_size": (1, 4096), "parse_cell": (0, 4095), "parse_seed": (0, 2**31 - 1),
          "parse_budget": (1, math.inf), "parse_fraction": (0, 1), "parse_seconds": (0, 604800),
          "parse_cap": (0, 3600), "parse_idle": (0, 600), "parse_rows_cols": (1, 1000),
          "parse_side": (4, 10)}


#: digits of other scripts that int() and float() accept: full width, Arabic-Indic,
#: Devanagari, superscript two (which int() refuses), mathematical bold.
FOREIGN_DIGITS = "０１２３４５６７８９٠١٢٣٤٥٦٧٨٩०१२३४५६७८९²𝟎𝟏𝟐"
texts = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=string.digits + "x,.-+_e " + FOREIGN_DIGITS, max_size=25),
    st.sampled_from(["", "-", "nan", "inf", "-inf", "1e308", "4x4", "3,4", "0", "-0", "1_000",
                     "99999999999999999999", "9" * 5000, "10000000000", "５", "４x４"]),
)


@pytest.mark.parametrize("name", sorted(CONVERTERS))
@given(text=texts)
def test_any_text_gives_a_value_or_an_argument_error(name, text):
    try:
        value = CONVERTERS[name](text)
    except argparse.ArgumentTypeError as err:
        assert "\n" not in str(err) and len(str(err)) < 300  # one line, echoes cut short
        return
    numbers = [value] if isinstance(value, int | float) else \
        [v for v in value if isinstance(v, int | float)] if isinstance(value, tuple) else []
    assert all(math.isfinite(v) for v in numbers)
    assert all(not any(ch in FOREIGN_DIGITS for ch in text) for _ in numbers)
    low, high = RANGES.get(name.rsplit(".", 1)[-1], getattr(CONVERTERS[name], "bounds",
                                                             (-math.inf, math.inf)))
    assert all(low <= v <= high for v in numbers), (text, value)


@pytest.mark.parametrize("argv", [
    ["generate", "--size", "４x４"], ["generate", "--size", "4x٤"], ["generate", "--seed", "４"],
    ["generate", "--braid", "０.５"], ["generate", "--one-way", "０.５"],
    ["generate", "--algo", "unicursal", "--start", "３,４"],
    ["solve", "-", "--budget", "１０"], ["jump", "generate", "--count", "５"],
    ["jump", "generate", "--size", "５"], ["jump", "show", "-", "--index", "０"],
    ["selfplay", "chase", "--games", "５"], ["rat", "train", "--episodes", "５"],
    ["daily", "２０２６-01-01"], ["daily", "2026-0١-01", "--list"],
    # each below is refused later for another reason, should its number pass: no server,
    # search or timing runs
    ["serve", "--port", "８０００", "--host", "no-such-host.invalid"],
    ["allmazes", "sat", "9x9", "２８"], ["allmazes", "solve", "1x1", "--time-limit", "３"],
    ["bench", "--cap", "３", "--only", "no-such-case"],
    ["bench", "--startup", "--repeat", "３", "--only", "no-such-mode"],
], ids=" ".join)
def test_digits_of_other_scripts_are_refused_everywhere(capsys, argv):
    assert cli_main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("mazegame: error: argument ") and err.count("\n") == 1


@pytest.mark.parametrize(("argv", "says"), [
    (["jump", "generate", "--count", "99999999999999999999"],
     "--count: expected a whole number from 1 to 100000, not '99999999999999999999'"),
    (["jump", "generate", "--count", "10000000000"], "from 1 to 100000, not '10000000000'"),
    (["jump", "generate", "--count", "0"], "from 1 to 100000, not '0'"),
    (["jump", "generate", "--size", "11"], "--size: expected a whole number from 2 to 10"),
    (["jump", "show", "-", "--index", "-1"], "--index: expected a whole number from 0 to"),
    (["selfplay", "chase", "--games", "100001"], "--games: expected a whole number from 1"),
    (["rat", "train", "--episodes", "1e9"], "--episodes: expected a whole number from 1"),
    (["allmazes", "solve", "4x4", "--runs", "10001"], "--runs: expected a whole number"),
    (["allmazes", "solve", "4x4", "--workers", "0"], "--workers: expected a whole number"),
    (["bench", "--startup", "--repeat", "101"], "--repeat: expected a whole number from 1"),
    (["generate", "--size", "9" * 5000 + "x4"], "size must look like 40x20, not '999"),
], ids=lambda v: v if isinstance(v, str) else " ".join(v)[:60])
def test_counts_are_capped_by_one_rule(capsys, argv, says):
    assert cli_main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and len(err) < 300


def test_every_count_option_is_a_capped_whole_number():
    # Options that say how many things to make, play or run: none takes a bare int().
    counts = {"--count", "--games", "--episodes", "--runs", "--workers", "--repeat",
              "--new-goal-every", "--index", "--port"}
    seen = set()
    for parser in subparsers(cli.build_parser()):
        for action in parser._actions:
            for option in counts.intersection(action.option_strings):
                seen.add(option)
                assert action.type.__qualname__ == "whole_number.<locals>.parse", option
    assert seen == counts


def test_whole_number_is_ascii_digits_within_the_range():
    parse = common.whole_number(1, 10)
    assert [parse(t) for t in ("1", " 7 ", "+10", "010")] == [1, 7, 10, 10]
    for text in ("0", "11", "-1", "1_0", "１", "1.0", "", "1e1", "0x5"):
        with pytest.raises(argparse.ArgumentTypeError, match="from 1 to 10"):
            parse(text)
    assert jump.parse_count("100000") == selfplay.parse_games("100000") == 100_000


@pytest.mark.parametrize(("argv", "says"), [
    (["generate", "--size", "-5x5"],
     "argument --size: maze size -5x5 is out of range: each side must be 1..4096"),
    (["generate", "--size=-5x5"], "argument --size: maze size -5x5 is out of range"),
    (["generate", "--algo", "unicursal", "--start", "-1,0"], "argument --start: a cell looks"),
    (["matrices", "-", "--goal", "-1,2"], "argument --goal: a cell looks like 3,4"),
    (["generate", "--seed", "-5"], "argument --seed: a seed is a whole number"),
])
def test_a_value_starting_with_a_minus_reaches_its_own_parser(capsys, argv, says):
    assert cli_main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "expected one argument" not in err


@pytest.mark.parametrize(("argv", "joined"), [
    (["generate", "--size", "-5x5"], ["generate", "--size=-5x5"]),
    (["--json", "--size", "-5x5", "--x", "-1,2"], ["--json", "--size=-5x5", "--x=-1,2"]),
    (["--seed", "-5", "--f", "-0.5"], ["--seed", "-5", "--f", "-0.5"]),  # argparse's own
    (["-o", "-5x5"], ["-o", "-5x5"]),  # short options are left alone
    (["--", "--size", "-5x5"], ["--", "--size", "-5x5"]),  # positionals after --
    (["--size=4x4", "-5x5"], ["--size=4x4", "-5x5"]),
    (["--size"], ["--size"]), (["-5x5"], ["-5x5"]), (["--", "-5x5"], ["--", "-5x5"]),
])
def test_negative_values_are_joined_to_their_long_option(argv, joined):
    assert cli.negative_values_joined(argv) == joined


@given(st.lists(st.text(alphabet="-x0159.,=ab ", max_size=6), max_size=8))
def test_joining_keeps_every_character_in_order(argv):
    joined = cli.negative_values_joined(argv)
    assert "".join(joined).replace("=", "") == "".join(argv).replace("=", "")
    assert len(joined) <= len(argv)


@pytest.mark.parametrize("name", sorted(CONVERTERS))
@pytest.mark.parametrize("text", ["9" * 5000, "x" * 5000, "4x" + "4" * 5000, "\n" * 3],
                         ids=["digits", "letters", "long size", "line breaks"])
def test_a_long_or_broken_value_is_named_in_one_short_line(name, text):
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        CONVERTERS[name](text)
    assert len(str(refused.value)) < 300
