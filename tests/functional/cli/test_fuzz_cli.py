"""Fuzz the command line: random files to every command that reads one, random arguments to
every subcommand. Nothing may raise; the exit status is 0, or 2 with one line on stderr.

Status 1 is an answer, not an error: `solve` found no path, `jump solve` found no solution,
`matrices --kind c` found the maze not connected. It is allowed only with nothing on stderr.

Everything runs in-process through `cli.main(argv)` (fast); `play` never opens the Textual
app (MazeApp.run is stubbed: the fuzz covers its argument and file handling) and `bench`
never times anything (run_cases is stubbed). A few subprocess cases check the real thing.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mazegame
from mazegame import cli
from mazegame.cli import common
from mazegame.engine.generate import generate
from mazegame.engine.generate.boards import generate_board
from mazegame.engine.jump.file import from_text as jump_from_text
from mazegame.engine.jump.file import to_json as jump_to_json
from mazegame.engine.jump.file import write_pack
from mazegame.engine.mazefile import to_json, to_text, write_document
from mazegame.games.modes import MODES

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
ROOT = str(Path(mazegame.__file__).resolve().parent.parent)


# -- the parser, enumerated ----------------------------------------------------------------
def subcommands(parser: argparse.ArgumentParser, prefix=()) -> dict[tuple, argparse.ArgumentParser]:
    """Every (sub)subcommand's parser by its words, e.g. ('jump', 'solve')."""
    found = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                words = (*prefix, name)
                nested = subcommands(sub, words)
                found.update(nested or {words: sub})
    return found


PARSERS = subcommands(cli.build_parser())


def reads_a_file(sub: argparse.ArgumentParser) -> bool:
    """True when the subcommand takes a FILE positional."""
    return any(a.dest == "file" for a in sub._actions if not a.option_strings)


FILE_COMMANDS = [list(words) for words, sub in PARSERS.items()
                 if reads_a_file(sub) and words[0] != "play"]
FILE_COMMANDS += [["play", mode] for mode in MODES]  # play MODE FILE


def test_the_enumeration_finds_the_file_readers():
    assert {"solve", "matrices", "jump", "play"} <= {words[0] for words in FILE_COMMANDS}
    assert set(cli.COMMANDS) == {words[0] for words in PARSERS}


# -- running main in-process ---------------------------------------------------------------
@pytest.fixture(scope="module", autouse=True)
def _no_app_no_bench(tmp_path_factory):
    """Stub the Textual app and the bench timings; run where stray outputs may land."""
    import mazegame.bench.runner
    import mazegame.bench.startup
    from mazegame.engine.allmazes import cluster, exact, sat, search
    from mazegame.ui.app import MazeApp

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(MazeApp, "run", lambda self, *args, **kwargs: None)
        mp.setattr(mazegame.bench.runner, "run_cases", lambda **kwargs: [])
        # --startup would launch the real program for minutes
        mp.setattr(mazegame.bench.startup, "run_startup", lambda *args, **kwargs: {})
        mp.setattr(mazegame.bench.startup, "format_startup", lambda doc: "")
        # --network would run a host, players and SSH sessions for a minute
        import mazegame.bench.network

        mp.setattr(mazegame.bench.network, "network_rows", lambda *args, **kwargs: [])
        # allmazes solve and bound search for up to their time limit (minutes)
        mp.setattr(search, "solve", lambda n, m, method, seed, *args, **kwargs: search.Result(
            n, m, [1, 3], method, seed, False, 0.0))
        mp.setattr(exact, "ess", lambda n, m, *args, **kwargs: exact.Bound(
            n, m, 2, [1, 3], 1, False, 0.0))
        # ... and so do the SAT question and the searches on a (local) Dask cluster
        mp.setattr(sat, "sat_length", lambda n, m, length, *args, **kwargs: sat.SatResult(
            n, m, length, "found", "rd", 1, 0.0))

        def on_cluster(n, m, method, seed, *args, **kwargs):
            result = search.Result(n, m, [1, 3], method, seed, False, 0.0)
            return result, [result]

        mp.setattr(cluster, "solve_on_cluster", on_cluster)
        # serve would serve until Ctrl-C: its server answers at once here
        import mazegame.cli.serve

        class NoServer:
            def __init__(self, *args, **kwargs):
                pass

            def serve(self):
                return None

        mp.setattr(mazegame.cli.serve, "game_server", lambda server_class: NoServer)
        # host would host until Ctrl-C, and a bot would dial the network: both end at once
        import mazegame.net.bots
        import mazegame.server.main

        async def no_host(args):
            return "terminate"

        async def no_bot(args, code):
            return 0

        class NoWarmer:
            def cancel(self):
                return None

        mp.setattr(mazegame.server.main, "run_host", no_host)
        mp.setattr(mazegame.server.main, "warm_in_background", NoWarmer)
        mp.setattr(mazegame.net.bots, "_session", no_bot)
        # join (no --bot) would open the thin client and wait on the network
        from mazegame.ui.remote.app import RemoteApp

        mp.setattr(RemoteApp, "run", lambda self, *args, **kwargs: None)
        mp.chdir(tmp_path_factory.mktemp("fuzz-cwd"))
        yield


def invoke(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """cli.main(argv) with these stdin bytes; (status, stdout, stderr). Raises what it raises."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = cli.main(argv)
            except SystemExit as exit_:  # argparse: --help, --version, bad arguments
                status = exit_.code
    finally:
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


def check(argv: list[str], stdin: bytes = b"") -> int:
    """Run and assert the contract; returns the status."""
    status, out, err = invoke(argv, stdin)
    assert "Traceback" not in err
    if status == 2:
        assert err.startswith("mazegame: error:") and len(err.strip().splitlines()) == 1, err
    elif status == 1:
        assert err == "", f"status 1 is an answer (not found), never an error: {err!r}"
    else:
        assert status == 0, (status, err)
    return status


# -- documents: random, JSON, mutated valid ones ---------------------------------------------
MAZE = generate("kruskal", 5, 4, 3).maze
WRAPPED = generate("connection-matrix", 3, 8, 0, wrap_x=True).maze
PUZZLE = jump_from_text("2 1 2\n1 1 1\n2 1 G\n")
HEX = json.dumps(write_document(generate_board("backtracker", "hex", 4, 3, 5).maze))
VALID = [to_json(MAZE), to_text(MAZE), to_text(MAZE, "ascii"), to_text(WRAPPED),
         json.dumps(json.loads(to_json(WRAPPED)), indent=1), jump_to_json(PUZZLE),
         "2 1 2\n1 1 1\n2 1 G\n", write_pack([PUZZLE, PUZZLE]), HEX,
         json.dumps(write_document(generate_board("backtracker", "triangle", 3, 2, 1).maze))]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=5),
    max_leaves=30,
)


@st.composite
def mutated(draw) -> bytes:
    """A valid document with a few bytes replaced, deleted, duplicated or inserted, or one of
    its JSON fields replaced by any JSON value."""
    text = draw(st.sampled_from(VALID))
    if text.startswith("{") and "\n{" not in text and draw(st.booleans()):
        doc = json.loads(text)
        key = draw(st.sampled_from([*doc, "extra"]))
        doc[key] = draw(json_values | st.sampled_from(
            [2**31, 2**63, -(2**63), 10**20, 1e20, -1, 0, 4096, 4097, [[0] * 3] * 3, True]))
        return json.dumps(doc).encode()
    data = bytearray(text.encode())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        piece = draw(st.binary(max_size=4) | st.sampled_from(
            [b"\n", b"#", b"# wrap: q\n", b"# size: 5x4\n", b"\xef\xbb\xbf", b"S", b"G", b"\xb2",
             "│".encode(), "─".encode(), b"[", b"{", b"99999999999", b"-"]))
        kind = draw(st.sampled_from(["replace", "delete", "insert", "duplicate"]))
        if kind == "replace":
            data[at:at + len(piece)] = piece
        elif kind == "delete":
            del data[at:at + draw(st.integers(1, 20))]
        elif kind == "insert":
            data[at:at] = piece
        else:
            data[at:at] = data[at:at + draw(st.integers(1, 40))]
    return bytes(data)


documents = (st.binary(max_size=600)
             | json_values.map(lambda v: json.dumps(v).encode())
             | mutated())


@FUZZ
@given(command=st.sampled_from(FILE_COMMANDS), data=documents)
def test_any_file_to_any_reader(command, data):
    check([*command, "-"], data)


@pytest.mark.parametrize("command", FILE_COMMANDS, ids=" ".join)
@pytest.mark.parametrize("index", range(len(VALID)))
def test_valid_documents_are_read(command, index):
    status = check([*command, "-"], VALID[index].encode())
    assert status in (0, 1, 2)  # 2 when a maze is given to a jump command, or the reverse


# -- random argument lists -------------------------------------------------------------------
SMALL_INTS = st.integers(-3, 12).map(str)
HUGE = st.sampled_from(["2147483648", "99999999999999999999", "-99999999999999999999", "1e20",
                        "nan", "inf", "-inf", "0", "-0", "1.5", "", " ", "-", "--", "x", "\u00b2"])
SIZES = st.builds(lambda w, h: f"{w}x{h}", st.integers(-1, 16), st.integers(-1, 16))
CELLS = st.builds(lambda r, c: f"{r},{c}", st.integers(-2, 10), st.integers(-2, 10))
WRAPS = st.sampled_from(["x", "y", "xy", "yx", "none", "", "q", "xx"])
FLOATS = st.sampled_from(["0", "0.5", "1", "1.5", "-0.1", "nan", "inf", "1e308", "x"])
TILING_NAMES = st.sampled_from(["square", "hex", "triangle", "weave", "floors", "hexagon", "Hex"])
PATHS = st.sampled_from(["-", "maze.json", "maze.txt", "puzzle.txt", "hex.json", "missing.json",
                         ".", "out.txt", "/no/such/dir/out.txt"])
DAYS = st.dates(dt.date(1999, 1, 1), dt.date(2100, 1, 1)).map(dt.date.isoformat) | st.sampled_from(
    ["2026-02-29", "2024-02-29", "2026-00-10", "9999-12-31", "0000-01-01", "2026-1-1"])
WORDS = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\0"),
                max_size=8)


def value_for(action: argparse.Action) -> st.SearchStrategy[str]:
    """Values for one argument: mostly of its kind (its choices, a size, a cell, a number, a
    registered name, a file), sometimes anything."""
    from mazegame.engine.generate import GENERATORS
    from mazegame.engine.solve import SOLVERS

    names = [*GENERATORS, *SOLVERS, *MODES, "newest", "mix", "ne", "sw", "rook+torus"]
    kinds = {common.parse_size: SIZES, common.parse_cell: CELLS, common.parse_wrap: WRAPS,
             int: SMALL_INTS | HUGE, float: FLOATS, common.parse_tiling: TILING_NAMES,
             common.parse_floors: SMALL_INTS}
    if action.choices:
        typical = st.sampled_from([str(c) for c in action.choices])
    elif action.dest in ("file", "out", "output"):
        typical = PATHS
    elif action.dest == "mode" and not action.option_strings:  # play MODE
        typical = st.sampled_from(list(MODES))
    elif action.dest == "day":  # daily DATE: today, past days, tomorrow, no days
        typical = DAYS
    else:
        typical = kinds.get(action.type, SMALL_INTS | st.sampled_from(names))
    return st.one_of(*[typical] * 8, HUGE, WORDS)


@st.composite
def argument_lists(draw, words: tuple) -> list[str]:
    """The subcommand's words, its positionals, then some of its options with values."""
    sub = PARSERS[words]
    argv = list(words)
    for action in sub._actions:
        if not action.option_strings and draw(st.integers(0, 4)):
            argv.append(draw(value_for(action)))
    options = [a for a in sub._actions if a.option_strings and a.dest != "help"]
    for action in draw(st.lists(st.sampled_from(options), max_size=4)) if options else []:
        argv.append(draw(st.sampled_from(action.option_strings)))
        if action.nargs != 0:
            argv.append(draw(value_for(action)))
    if draw(st.integers(0, 5)) == 0:  # now and then, junk anywhere
        argv.insert(draw(st.integers(1, len(argv))), draw(WORDS | HUGE))
    return argv


@pytest.fixture(scope="module")
def _files(_no_app_no_bench):
    """The files the random arguments may name, in the fuzz's working directory."""
    Path("maze.json").write_text(to_json(MAZE), encoding="utf-8")
    Path("maze.txt").write_text(to_text(WRAPPED), encoding="utf-8")
    Path("hex.json").write_text(HEX, encoding="utf-8")
    Path("puzzle.txt").write_text("2 1 2\n1 1 1\n2 1 G\n", encoding="utf-8")


@FUZZ
@given(data=st.data(), words=st.sampled_from(list(PARSERS)))
def test_any_arguments_to_any_subcommand(_files, data, words):
    check(data.draw(argument_lists(words)), VALID[0].encode())


# -- the real thing, in a few subprocesses ----------------------------------------------------
def child(argv: list, stdin: bytes = b"") -> subprocess.CompletedProcess:
    """`python -m mazegame ARGV` importing this worktree."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [ROOT, *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.run([sys.executable, "-m", "mazegame", *argv], input=stdin, env=env,
                          capture_output=True, timeout=120)


@pytest.mark.parametrize(("argv", "stdin"), [
    (["solve", "-"], b"[" * 100_000 + b"]" * 100_000),
    (["jump", "show", "-"], b"\xff\xfe\x00\x01"),
    (["matrices", "-"], b"\xef\xbb\xbf[1]"),
    (["solve", b"\xff\xfe-not-utf8-name"], b""),
    (["generate", "--size", "3x3", "--format", b"\xff"], b""),
], ids=["deep JSON", "binary", "BOM array", "non-UTF-8 file name", "non-UTF-8 argument"])
def test_subprocess_bad_input_is_one_line(argv, stdin):
    done = child(argv, stdin)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(b"mazegame: error:") and done.stderr.count(b"\n") == 1
