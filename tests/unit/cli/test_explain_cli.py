"""`mazegame explain ALGO [--json]`: every registered algorithm explains itself from its
registry entry, in text and JSON; an unknown name exits 2 with one line naming close ones."""

from __future__ import annotations

import dataclasses
import json

import pytest

from mazegame.cli import main
from mazegame.engine.generate import GENERATORS
from mazegame.engine.solve import SOLVERS

ALL = [("generator", n) for n in GENERATORS] + [("solver", n) for n in SOLVERS]
PROPERTIES = {"generator": {"perfect": "perfect", "handles_wrap": "wraps", "carves": "carves"},
              "solver": {"shortest": "shortest", "directed": "directed",
                         "randomized": "randomized", "walker": "walker"}}


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("kind, name", ALL, ids=[n for _, n in ALL])
def test_every_algorithm_explains_itself_in_json(capsys, kind, name):
    spec = (GENERATORS if kind == "generator" else SOLVERS)[name]
    status, out, err = run(capsys, "explain", name, "--json")
    assert status == 0 and err == ""
    doc = json.loads(out)
    assert {"name", "title", "source", "steps", "summary", "kind"} <= set(doc)
    assert (doc["name"], doc["title"], doc["source"], doc["kind"]) == \
        (name, spec.title, spec.source, kind)
    assert doc["steps"] == list(spec.steps)
    for key, field in PROPERTIES[kind].items():
        assert doc[key] is bool(getattr(spec, field)), key


@pytest.mark.parametrize("kind, name", ALL, ids=[n for _, n in ALL])
def test_every_algorithm_explains_itself_in_text(capsys, kind, name):
    spec = (GENERATORS if kind == "generator" else SOLVERS)[name]
    status, out, err = run(capsys, "explain", name)
    assert status == 0 and err == ""
    flat = " ".join(out.split())
    assert out.startswith(spec.title) and f"source: {' '.join(spec.source.split())}" in flat
    assert " ".join(spec.summary.split()) in flat
    at = 0  # each step numbered, in order, its words whole across the wrapping
    for n, step in enumerate(spec.steps, 1):
        at = flat.index(f"{n}. {' '.join(step.split())}", at)
    for key, field in PROPERTIES[kind].items():
        word = "yes" if getattr(spec, field) else "no"
        assert f"{key.replace('_', ' ')} " in out
        assert any(line.split()[-1:] and line.strip().startswith(key.replace("_", " "))
                   and f" {word}:" in line for line in out.splitlines()), key
    assert all(len(line) <= 78 for line in out.splitlines())


@pytest.mark.parametrize("name, close", [("backtrackr", "backtracker"), ("lefthand", "left-hand"),
                                         ("zzzz", None)])
def test_an_unknown_name_exits_2_with_one_line(capsys, name, close):
    status, out, err = run(capsys, "explain", name)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert f"{name!r}" in err and "generate --list" in err and "solve --list" in err
    if close:
        assert close in err
    else:
        assert "did you mean" not in err


def test_a_name_both_registries_knew_would_explain_both(capsys, monkeypatch):
    both = dataclasses.replace(SOLVERS["bfs"], name="backtracker")
    monkeypatch.setitem(SOLVERS, "backtracker", both)
    status, out, _ = run(capsys, "explain", "backtracker")
    assert status == 0 and "both a generator and a solver" in out
    assert GENERATORS["backtracker"].title in out and SOLVERS["bfs"].title in out
    status, out, _ = run(capsys, "explain", "backtracker", "--json")
    assert [doc["kind"] for doc in json.loads(out)] == ["generator", "solver"]
