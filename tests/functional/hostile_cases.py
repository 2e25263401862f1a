"""The cases of the hostile fuzz (`hostile_fuzz.py`): random command lines for every
subcommand and mutants of every kind of document the program reads, each with what the
machine does to the run (standard output closed or full, Ctrl-C at a random moment), all
drawn from one seed so that a run repeats exactly."""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
RUNS_UNTIL_STOPPED = {("serve",), ("host",), ("join",), ("bench",), ("allmazes", "solve"),
                      ("allmazes", "bound")}


@dataclass
class Case:
    """One run of the program: its arguments, input, files, and what the machine does to it."""

    argv: list[str]
    stdin: bytes = b""
    files: dict[str, bytes] = field(default_factory=dict)  #: name -> content, in the run's folder
    special: dict[str, str] = field(default_factory=dict)  #: name -> "fifo", "dir" or a link target
    stdout: str = "pipe"  #: "pipe", "closed" or "full" (/dev/full)
    interrupt: float | None = None  #: seconds after the start to send SIGINT
    tags: set[str] = field(default_factory=set)  #: what is hostile about it, for sampling

    def describe(self) -> str:
        """The case as a shell line (files and specials named before it)."""
        redirect = {"pipe": "", "closed": " >&-", "full": " >/dev/full"}[self.stdout]
        extras = [f"{n}=<{len(b)} bytes>" for n, b in self.files.items()]
        extras += [f"{n}={kind}" for n, kind in self.special.items()]
        sigint = f" [SIGINT at {self.interrupt:.2f} s]" if self.interrupt is not None else ""
        stdin = f" <<<{len(self.stdin)} bytes" if self.stdin else ""
        words = [w if len(w) <= 40 else f"{w[:8]}...({len(w)} characters)" for w in self.argv]
        return (f"mazegame {shlex.join(words)}{redirect}{stdin}{sigint}"
                + (f"   ({', '.join(extras)})" if extras else ""))


# -- command lines ---------------------------------------------------------------------------
def command_parsers() -> dict[tuple[str, ...], argparse.ArgumentParser]:
    """Every (sub)subcommand's parser by its words, e.g. ('jump', 'solve')."""
    from mazegame import cli

    def walk(parser, prefix):
        found = {}
        for action in parser._actions:  # argparse keeps subparsers nowhere public
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    found.update(walk(sub, (*prefix, name)) or {(*prefix, name): sub})
        return found

    return walk(cli.build_parser(), ())


HOSTILE = ["", " ", "-", "--", "0", "-0", "-1", "-5x5", "2147483648", "99999999999999999999",
           "1e20", "nan", "inf", "-inf", "1.5", "４", "４x４", "٣", "\u00b2", "x", "0x0", "1x1",
           "4096x4096", "4097x1", "10000000000", "é" * 3000, "9" * 5000, "../../etc/passwd",
           "/dev/zero", "/dev/full", "/dev/null", "/dev/urandom", "/proc/self/mem", ".", "..",
           "fifo.toml", "zero.toml", "adir", "missing.json", "/no/such/dir/out.txt",
           "--help", "-h", "\x1b[31mred", "a\nb", "\udcff"]
SIZES = ["3x3", "5x4", "10x10", "1x1", "2x40", "40x18", "64x64", "200x200", "0x5", "-5x5",
         "5x-5", "5", "5x5x5", "x", "٣x٣", "2000x2000", "4096x4096", "99999x99999"]
NUMBERS = ["0", "1", "2", "3", "5", "10", "100", "-1", "-100", "4096", "100000", "2147483647",
           "2147483648", "99999999999999999999", "1.0", "1e3", "٣", "0x10"]
FILES = ["maze.json", "maze.txt", "level.toml", "puzzle.jsonl", "model.npz", "-", "fifo.toml",
         "zero.toml", "adir", "missing.json", "/dev/zero", "/dev/null", "/dev/full", "out.txt",
         "/no/such/dir/out.txt", "é" * 3000 + ".toml", "9" * 5000]


def option_values(action: argparse.Action, rng: random.Random) -> str:
    """A value for one argument: usually of its kind, sometimes anything hostile."""
    if rng.random() < 0.25:
        return rng.choice(HOSTILE)
    if action.choices:
        return str(rng.choice(list(action.choices)))
    name = getattr(action.type, "__name__", "")
    if "size" in name or action.dest == "size":
        return rng.choice(SIZES)
    if "cell" in name or action.dest in ("start", "end", "goal"):
        return f"{rng.randint(-2, 12)},{rng.randint(-2, 12)}"
    if "wrap" in name:
        return rng.choice(["x", "y", "xy", "none", "", "q"])
    if "fraction" in name or action.type is float:
        return rng.choice(["0", "0.25", "1", "1.5", "-0.1", "nan", "inf", "1e308"])
    if action.dest in ("file", "maze", "model", "save", "output", "out", "dir", "pack") or (
            action.metavar and any(w in str(action.metavar) for w in ("FILE", "DIR", "npz"))):
        return rng.choice(FILES)
    return rng.choice(NUMBERS + ["backtracker", "kruskal", "bfs", "cheese", "wilson", "easy",
                                 "tracker", "classic", "chase", "3x3", "4x4"])


#: Command lines that do real work (and print), so that a closed or full standard output or a
#: Ctrl-C meets a program that is busy, not one refusing its arguments.
WORKING = [
    ["generate", "--size", "30x20", "--seed", "3"], ["generate", "--size", "1000x1000",
                                                     "--format", "json"],
    ["generate", "--size", "20x10", "-o", "/dev/full"], ["generate", "--stats", "--size", "9x9"],
    ["solve", "maze.json"], ["solve", "maze.txt", "--format", "json"], ["matrices", "maze.json"],
    ["levels", "list"], ["levels", "list", "--json"], ["levels", "check", "level.toml"],
    ["levels", "export", "fig23-wrapped"], ["jump", "solve", "puzzle.jsonl"],
    ["jump", "show", "puzzle.jsonl", "--solution"], ["jump", "generate", "--count", "3"],
    ["records"], ["records", "--json"], ["config", "list"], ["config", "get", "theme"],
    ["selfplay", "chase", "--games", "300"], ["rat", "train", "--episodes", "50"],
    ["rat", "run", "--model", "model.npz", "--runs", "3"], ["allmazes", "count", "4x4"],
    ["allmazes", "solve", "4x4", "--time-limit", "3"], ["allmazes", "sat", "3x3", "10"],
    ["interpreted", "export", "bureaucracy", "--size", "6x6", "--seed", "2"],
    ["play", "--list"], ["solve", "--list"],
]


def command_case(words: tuple[str, ...], parser: argparse.ArgumentParser,
                 rng: random.Random) -> Case:
    """A random command line for one subcommand (now and then one that does real work), with
    some of the documents it may name."""
    if rng.random() < 0.3:
        case = Case(list(rng.choice(WORKING)), files=dict(SEED_FILES), special=dict(SPECIALS))
        _twist(case, rng, long_running=tuple(case.argv[:2]) in RUNS_UNTIL_STOPPED)
        case.tags.add("working")
        return case
    argv = list(words)
    positionals = [a for a in parser._actions if not a.option_strings]
    options = [a for a in parser._actions if a.option_strings and a.dest != "help"]
    for action in positionals:
        if rng.random() < 0.85:
            argv.append(option_values(action, rng))
    for _ in range(rng.randint(0, 4) if options else 0):
        action = rng.choice(options)
        argv.append(rng.choice(action.option_strings))
        if action.nargs != 0:
            argv.append(option_values(action, rng))
    if rng.random() < 0.1:
        argv.insert(rng.randint(1, len(argv)), rng.choice(HOSTILE))
    case = Case(argv, files=dict(SEED_FILES), special=dict(SPECIALS))
    _twist(case, rng, long_running=words in RUNS_UNTIL_STOPPED)
    return case


def _twist(case: Case, rng: random.Random, long_running: bool = False) -> None:
    """What the machine does to a run: stdout closed or full, Ctrl-C at a random moment."""
    roll = rng.random()
    case.stdout = "closed" if roll < 0.08 else "full" if roll < 0.16 else "pipe"
    if case.stdout != "pipe":
        case.tags.add(f"stdout {case.stdout}")
    if long_running or rng.random() < 0.1:
        case.interrupt = round(rng.uniform(0.05, 3.0), 2)
        case.tags.add("sigint")


# -- documents, their mutants and the commands that read them --------------------------------
def _seed_documents() -> dict[str, bytes]:
    """A valid document of every kind the program reads, by the name fuzz cases use."""
    maze = {"width": 4, "height": 3, "walls": [[9, 5, 1, 3], [10, 9, 6, 10], [12, 6, 13, 6]],
            "start": 0, "goals": [11]}
    level = (ASSETS / "levels" / "one-way-doors.toml")
    level = level if level.exists() else sorted((ASSETS / "levels").glob("*.toml"))[1]
    pack = (ASSETS / "jump" / "rook.jsonl").read_bytes().splitlines(keepends=True)[:3]
    return {
        "maze.json": json.dumps(maze).encode(),
        "maze.txt": b"+--+--+--+\n|S    |  |\n+--+  +  +\n|     |G |\n+--+--+--+\n",
        "level.toml": level.read_bytes(),
        "puzzle.jsonl": b"".join(pack),
        "model.npz": _rat_model(),
    }


def _rat_model() -> bytes:
    """A small valid rat model (.npz of arrays), as `rat train --save` writes one."""
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "model.npz"
            subprocess.run([sys.executable, "-m", "mazegame", "rat", "train", "--size", "3x3",
                            "--episodes", "2", "--save", str(path)], cwd=folder, timeout=300,
                           capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
            return path.read_bytes()
    except (OSError, subprocess.SubprocessError):
        return b"PK\x03\x04"


SEED_FILES: dict[str, bytes] = {}
SPECIALS = {"fifo.toml": "fifo", "zero.toml": "/dev/zero", "adir": "dir"}

#: Which commands read a document of each kind (FILE is where the mutant goes).
READERS = {
    "maze.json": [["solve", "FILE"], ["solve", "--algo", "cheese", "FILE"], ["matrices", "FILE"],
                  ["play", "classic", "FILE"], ["edit", "FILE"], ["rat", "train", "--maze", "FILE",
                                                                  "--episodes", "2"]],
    "maze.txt": [["solve", "FILE"], ["matrices", "--kind", "d", "FILE"], ["play", "eye", "FILE"],
                 ["edit", "FILE"], ["levels", "check", "FILE"]],
    "level.toml": [["levels", "check", "FILE"], ["edit", "FILE"], ["levels", "list", "--dir", "."],
                   ["levels", "export", "FILE"]],
    "puzzle.jsonl": [["jump", "solve", "FILE"], ["jump", "show", "FILE"],
                     ["jump", "energy", "FILE"], ["play", "jump", "FILE"]],
    "model.npz": [["rat", "run", "--model", "FILE", "--runs", "2", "--size", "3x3"]],
}


def mutate(data: bytes, rng: random.Random, tags: set[str]) -> bytes:
    """A document with a few hostile edits: bytes replaced, dropped, repeated or inserted, or
    one structural blow (deep nesting, a huge number, a flood of blank lines, truncation)."""
    if rng.random() < 0.25:
        tag, blow = rng.choice(STRUCTURAL)
        tags.add(tag)
        return blow(data, rng)
    out = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        at = rng.randint(0, len(out))
        piece = rng.choice([bytes([rng.randrange(256)]), b"\n", b"\r\n", b"\x00", b"\xef\xbb\xbf",
                            b"[", b"]", b"{", b"}", b'"', b"=", b",", b"-", b"9" * 30, b"1e999",
                            b"NaN", "é".encode(), "│".encode(), b"\xff\xfe", b"S", b"G", b"#"])
        kind = rng.choice(["replace", "delete", "insert", "repeat"])
        if kind == "replace":
            out[at:at + len(piece)] = piece
        elif kind == "delete":
            del out[at:at + rng.randint(1, 30)]
        elif kind == "insert":
            out[at:at] = piece
        else:
            out[at:at] = out[at:at + rng.randint(1, 60)] * rng.randint(1, 50)
    return bytes(out)


STRUCTURAL = [
    ("nesting", lambda d, r: b"a = " + b"[" * 50_000 + b"]" * 50_000 + b"\n"),
    ("nesting", lambda d, r: b"[" * 100_000 + b"]" * 100_000),
    ("nesting", lambda d, r: b'{"a":' * 50_000 + b"1" + b"}" * 50_000),
    ("blank lines", lambda d, r: b"\n" * r.choice([1000, 100_000]) + d),
    ("truncated", lambda d, r: d[: r.randint(0, len(d))]),
    ("empty", lambda d, r: b""),
    ("huge number", lambda d, r: d.replace(b"3", b"99999999999999999999", 1)),
    ("negative", lambda d, r: d.replace(b"4", b"-4", 1)),
    ("duplicate key", lambda d, r: d[:1] + b'"width": 5, ' + d[1:] if d.startswith(b"{")
     else d + d),
    ("repeated", lambda d, r: d * r.randint(2, 200)),
    ("noise", lambda d, r: bytes(r.randrange(256) for _ in range(r.randint(1, 2000)))),
]


def file_case(rng: random.Random) -> Case:
    """A mutant of one document, given to one of the commands that read such a document (as a
    file, as standard input, or as a FIFO, a device or a symlink in its place)."""
    kind = rng.choice(sorted(READERS))
    command = rng.choice(READERS[kind])
    tags: set[str] = set()
    data = mutate(SEED_FILES[kind], rng, tags)
    name = kind if command[:2] != ["levels", "list"] else "x.toml"
    case = Case([], files={**{k: v for k, v in SEED_FILES.items() if k != kind}, name: data},
                tags=tags)
    target = name
    roll = rng.random()
    if roll < 0.1:
        case.special = {name: rng.choice(["fifo", "/dev/zero", "/dev/urandom", "dir"])}
        case.files.pop(name)
        case.tags.add("fifo" if case.special[name] == "fifo" else "device or folder")
    elif roll < 0.2 and "FILE" in command and kind != "model.npz":
        target, case.stdin = "-", data
        case.tags.add("stdin")
    case.argv = [target if word == "FILE" else word for word in command]
    _twist(case, rng)
    return case


def build_cases(seed: int, commands: int, files: int) -> list[Case]:
    """The run's cases: `commands` random command lines, then `files` file mutants."""
    if not SEED_FILES:
        SEED_FILES.update(_seed_documents())
    rng = random.Random(seed)
    parsers = command_parsers()
    words = sorted(parsers)
    cases = [command_case(w, parsers[w], rng) for w in (rng.choice(words) for _ in range(commands))]
    cases += [file_case(rng) for _ in range(files)]
    return cases
