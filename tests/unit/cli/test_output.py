"""Output that cannot be written, in-process for every subcommand that prints: standard
output closed or full is one line and status 1, a closed pipe a quiet 0; a file that fills
up names the file. (tests/functional/test_hostile_cliout.py runs the real thing.)"""

import argparse
import errno
import io
import sys

import pytest

import mazegame.bench.report
import mazegame.bench.runner
from mazegame import cli
from mazegame.cli import common, output
from mazegame.engine.generate import generate
from mazegame.engine.mazefile import to_json


def leaves(parser: argparse.ArgumentParser, words=()) -> list[tuple]:
    """Every runnable command's words, e.g. ('jump', 'solve')."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += leaves(sub, (*words, name)) or [(*words, name)]
    return found


#: What each command is asked here (files named as in `files`): all of them print.
PRINTING = {
    ("generate",): ["generate", "--size", "4x3", "--seed", "1"],
    ("solve",): ["solve", "maze.json"],
    ("play",): ["play", "--list"],
    ("bench",): ["bench", "--quick"],  # timings stubbed below
    ("jump", "solve"): ["jump", "solve", "puzzle.txt"],
    ("jump", "energy"): ["jump", "energy", "puzzle.txt"],
    ("jump", "generate"): ["jump", "generate", "--size", "4", "--seed", "1"],
    ("jump", "show"): ["jump", "show", "puzzle.txt"],
    ("matrices",): ["matrices", "maze.json"],
    ("levels", "list"): ["levels", "list"],
    ("levels", "check"): ["levels", "check"],
    ("levels", "export"): ["levels", "export", "first-steps"],
    ("interpreted", "export"): ["interpreted", "export", "bureaucracy", "--size", "4x4",
                                "--seed", "1"],
    ("selfplay",): ["selfplay", "chase", "--games", "1", "--size", "12x8"],
    ("rat", "train"): ["rat", "train", "--size", "3x3", "--episodes", "2"],
    ("rat", "run"): ["rat", "run", "--model", "rat.npz", "--size", "3x3", "--runs", "1"],
    ("allmazes", "count"): ["allmazes", "count", "2x2"],
    ("allmazes", "check"): ["allmazes", "check", "2x2", "rd"],
    ("allmazes", "solve"): ["allmazes", "solve", "2x2", "--quiet", "--time-limit", "1"],
    ("allmazes", "bound"): ["allmazes", "bound", "2x2", "--quiet", "--time-limit", "1"],
    ("allmazes", "sat"): ["allmazes", "sat", "2x2", "2", "--quiet"],
    ("allmazes", "prove"): ["allmazes", "prove", "2x2", "2", "--quiet"],
    ("config", "list"): ["config", "list"],
    ("config", "get"): ["config", "get", "theme"],
    ("records",): ["records"],
    ("daily",): ["daily", "--list"],
    ("explain",): ["explain", "backtracker"],
    ("stats",): ["stats", "--algo", "kruskal", "--size", "4x3", "--seeds", "2", "--quiet"],
    ("treasure",): ["treasure", "maze.json"],
}
#: Commands that print nothing on standard output when all goes well, and why.
SILENT = {
    ("edit",): "opens the editor",
    ("serve",): "serves until Ctrl-C; its warnings go to stderr",
    ("host",): "hosts rooms until Ctrl-C; its warnings go to stderr",
    ("join",): "opens the client (a bot's lines: tests/functional/net)",
    ("replay",): "opens the replay viewer",
    ("config", "set"): "stores a setting",
    ("config", "reset"): "forgets a setting",
}


def test_every_command_is_either_printing_or_silent():
    assert set(leaves(cli.build_parser())) == set(PRINTING) | set(SILENT)


@pytest.fixture
def files(tmp_path, monkeypatch):
    """The files the commands read, in the working directory; bench's timings stubbed."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "maze.json").write_text(to_json(generate("kruskal", 4, 3, 2).maze))
    (tmp_path / "puzzle.txt").write_text("2 1 2\n1 1 1\n2 1 G\n")
    assert cli.main(["rat", "train", "--size", "3x3", "--episodes", "1", "--save",
                     "rat.npz", "--json"]) == 0
    monkeypatch.setattr(mazegame.bench.runner, "run_cases", lambda **kwargs: [{}])
    monkeypatch.setattr(mazegame.bench.report, "format_table", lambda rows: "a table")


class Failing(io.TextIOBase):
    """A standard output whose writes fail as a full disk's (or a closed pipe's) do."""

    def __init__(self, error: OSError) -> None:
        self.error = error

    def write(self, text: str) -> int:
        raise self.error

    def flush(self) -> None:
        raise self.error


def run_with_stdout(monkeypatch, capsys, argv, stdout) -> tuple[int, str]:
    """main(argv) with sys.stdout replaced; (status, stderr)."""
    capsys.readouterr()
    with monkeypatch.context() as patch:
        patch.setattr(sys, "stdout", stdout)
        status = cli.main(argv)
    return status, capsys.readouterr().err


@pytest.mark.parametrize("words", list(PRINTING), ids=" ".join)
def test_closed_standard_output_is_one_line_and_status_1(files, monkeypatch, capsys, words):
    status, err = run_with_stdout(monkeypatch, capsys, PRINTING[words], None)
    assert (status, err) == (1, "mazegame: error: standard output is closed\n")


@pytest.mark.parametrize("words", list(PRINTING), ids=" ".join)
def test_full_standard_output_is_one_line_and_status_1(files, monkeypatch, capsys, words):
    full = Failing(OSError(errno.ENOSPC, "No space left on device"))
    status, err = run_with_stdout(monkeypatch, capsys, PRINTING[words], full)
    assert status == 1
    assert err == "mazegame: error: cannot write standard output: no space left on device\n"


@pytest.mark.parametrize("words", list(PRINTING), ids=" ".join)
def test_a_closed_pipe_is_a_quiet_exit(files, monkeypatch, capsys, words):
    status, err = run_with_stdout(monkeypatch, capsys, PRINTING[words],
                                  Failing(BrokenPipeError(errno.EPIPE, "Broken pipe")))
    assert (status, err) == (0, "")


def test_help_to_a_closed_standard_output_says_so(monkeypatch, capsys):
    status, err = run_with_stdout(monkeypatch, capsys, ["--help"], None)
    assert (status, err) == (1, "mazegame: error: standard output is closed\n")


def test_a_file_that_fills_up_is_named(monkeypatch, capsys):
    def full_file(path, mode, encoding):
        return Failing(OSError(errno.ENOSPC, "No space left on device"))

    monkeypatch.setattr(common, "open", full_file, raising=False)
    status = cli.main(["generate", "--size", "3x3", "-o", "maze.txt"])
    assert status == 1
    assert capsys.readouterr().err == \
        "mazegame: error: cannot write maze.txt: no space left on device\n"


def test_write_pieces_ends_with_one_newline_and_never_joins():
    stream = io.StringIO()
    output.write_pieces(stream, iter(["a\n", "", "b"]))
    assert stream.getvalue() == "a\nb\n"
    with pytest.raises(output.OutputError, match="^standard output is closed$"):
        output.write_pieces(None, ["x"])


@pytest.mark.parametrize("name", ["é" * 3000, "x" * 300 + "/out.txt"])
def test_an_output_name_too_long_to_look_up_is_one_short_line(name):
    # the fuzz found `rat train --save <3000 é>` and `levels export -o ...`: OSError traceback
    with pytest.raises(common.UsageError, match="file name too long") as refused:
        common.check_output(name)
    assert len(str(refused.value)) < 400
