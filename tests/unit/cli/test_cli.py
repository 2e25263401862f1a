"""The `mazegame` command line: documents out, documents in, one-line refusals."""

import ast
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import mazegame.cli
from mazegame import __version__
from mazegame.cli import COMMANDS, main
from mazegame.engine.generate import GENERATORS
from mazegame.engine.solve import SOLVERS


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_generate_json_document(capsys):
    status, out, _ = run(capsys, "generate", "--algo", "wilson", "--size", "5x4", "--seed", "9",
                         "--format", "json")
    doc = json.loads(out)
    assert status == 0
    assert (doc["width"], doc["height"], doc["seed"], doc["algorithm"]) == (5, 4, 9, "wilson")


@pytest.mark.parametrize(("command", "registry"), [("generate", GENERATORS),
                                                    ("solve", SOLVERS)])
def test_list_prints_each_name_and_title_aligned(capsys, command, registry):
    status, out, _ = run(capsys, command, "--list")
    lines = out.splitlines()
    assert status == 0 and len(lines) == len(registry)
    # The name stays the first word (`cut -d' ' -f1` still lists the names) ...
    assert [line.split(" ")[0] for line in lines] == list(registry)
    # ... then the registry's title, every title starting in the same column.
    pairs = list(zip(lines, registry.values(), strict=True))
    assert all(line.endswith(spec.title) for line, spec in pairs)
    columns = {len(line) - len(spec.title) for line, spec in pairs}
    assert len(columns) == 1 and columns.pop() > max(map(len, registry))


def test_generate_text_and_solve_round_trip(tmp_path, capsys):
    target = tmp_path / "m.txt"
    assert main(["generate", "--size", "6x5", "--seed", "1", "-o", str(target)]) == 0
    capsys.readouterr()
    status, out, _ = run(capsys, "solve", str(target), "--format", "json")
    doc = json.loads(out)
    assert status == 0 and doc["found"] and doc["algorithm"] == "bfs"
    assert doc["path"][0] == [0, 0] and doc["path"][-1] == [4, 5]
    assert doc["length"] == len(doc["path"]) - 1


def test_solve_reads_standard_input(monkeypatch, capsys):
    main(["generate", "--size", "4x4", "--seed", "3", "--format", "json"])
    document = capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO(document))
    status, out, _ = run(capsys, "solve", "-", "--format", "json")
    assert status == 0 and json.loads(out)["found"]


@pytest.mark.parametrize("argv", [
    ["generate", "--algo", "nope"],
    ["generate", "--size", "0x5"],
    ["generate", "--size", "99999x5"],
    ["generate", "--size", "banana"],
    ["generate", "--seed", "-4"],
    ["solve", "/no/such/file.json"],
    ["solve", "-", "--algo", "nope"],
    ["play", "nomode"],
])
def test_bad_arguments_exit_2_with_one_line(argv, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("{}"))
    with pytest.raises(SystemExit) as exc:
        raise SystemExit(main(argv))
    _, err = capsys.readouterr()
    assert exc.value.code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("mazegame: error:")


def test_malformed_file_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "mazegame/maze", "version": 1, "width": 2}')
    assert main(["solve", str(bad)]) == 2
    assert "no 'height'" in capsys.readouterr().err


def test_version_and_help_from_the_console_script():
    out = subprocess.run([sys.executable, "-m", "mazegame", "--version"], capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == f"mazegame {__version__}"
    help_text = subprocess.run([sys.executable, "-m", "mazegame", "--help"], capture_output=True,
                               text=True, check=True).stdout
    for word in ("generate", "solve", "play", "bench"):
        assert word in help_text


def test_bench_quick_json(capsys, monkeypatch):
    """The real `bfs` case through the CLI, shrunk to 20x20: the bench's sizes are not the
    point here (and its four bfs cases at 200x200 took 10 s)."""
    import dataclasses

    from mazegame.bench import cases, runner

    assert cases  # importing it registers the cases
    bfs_case = next(c for c in runner.CASES if c.name == "bfs")
    monkeypatch.setattr(runner, "CASES", [dataclasses.replace(bfs_case, quick_sizes=((20, 20),))])
    status, out, _ = run(capsys, "bench", "--quick", "--json", "--only", "bfs")
    rows = json.loads(out)
    assert status == 0 and rows
    assert set(rows[0]) >= {"name", "size", "seconds", "reference", "reference_seconds", "ratio"}
    assert {r["reference"] for r in rows} >= {"python", "networkx"}
    assert all(r["ratio"] > 0 for r in rows if r["reference"] in ("python", "networkx"))


# -- the package: one module a subcommand, no cycle ------------------------------------------
CLI_DIR = Path(mazegame.cli.__file__).parent
#: What the subcommands share: arguments and I/O, standard output's rules, Ctrl-C's.
SHARED_MODULES = ("common", "output", "interrupt")
#: A subcommand's own parts, too big for its module: `<command>_<part>.py` (serve_guard).
COMMAND_PARTS = sorted(p.stem for p in CLI_DIR.glob("*_*.py") if p.stem != "__init__"
                       and p.stem.split("_")[0] in {c.replace("-", "_") for c in COMMANDS})
SUBCOMMAND_MODULES = sorted(p.stem for p in CLI_DIR.glob("*.py")
                            if p.stem not in ("__init__", *SHARED_MODULES, *COMMAND_PARTS))


def test_every_subcommand_module_is_registered():
    registered = {cmd.run.__module__ for cmd in COMMANDS.values()}
    assert registered == {f"mazegame.cli.{name}" for name in SUBCOMMAND_MODULES}


@pytest.mark.parametrize("name", [*SUBCOMMAND_MODULES, *SHARED_MODULES, *COMMAND_PARTS])
def test_subcommand_modules_import_only_the_shared_ones_from_the_package(name):
    tree = ast.parse((CLI_DIR / f"{name}.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names}
    from_cli = {m for m in imported if m == "mazegame.cli" or m.startswith("mazegame.cli.")}
    own_parts = {f"mazegame.cli.{m}" for m in COMMAND_PARTS
                 if m.split("_")[0] == name.split("_")[0]}
    shared = ({f"mazegame.cli.{m}" for m in SHARED_MODULES} | own_parts) - {f"mazegame.cli.{name}"}
    assert from_cli <= shared
