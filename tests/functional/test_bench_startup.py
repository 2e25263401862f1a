"""`mazegame bench --startup --json` on the real program in a pseudo-terminal: the menu and
one mode, each launch once (and a few key presses in classic), and every figure of the
document is there and a finite number.

No timing assertions: the figures only have to exist (speed is the bench's own report).
"""

import json
import math

import pytest

from mazegame.bench import presses, startup, terminal
from mazegame.cli import main

pytest.importorskip("pyte")
pytestmark = pytest.mark.skipif(terminal.pty_problem() is not None,
                                reason=terminal.pty_problem() or "")

BUDGET = "90"  #: seconds a launch may take to show its screen before the test fails
STATS = {"median", "min", "max", "runs"}


def finite(value) -> bool:
    """Whether a figure is a real number (not None, inf or nan)."""
    return isinstance(value, int | float) and math.isfinite(value)


def test_startup_json_has_every_figure(monkeypatch, capsys):
    # The full warm-up compiles every kernel (about a minute here), even the first maze's
    # alone took 7 of this test's 12 CPU seconds. The figures only have to exist, so the
    # "warm" cache stays empty here: the harness's warm-up step runs, and compiles nothing.
    monkeypatch.setattr(startup, "WARM_UP_CODE", "import mazegame.engine.warmup")
    monkeypatch.setattr(startup, "SETTLE", 0.5)
    monkeypatch.setattr(presses, "NEW_MAZE_PRESSES", 3)
    monkeypatch.setattr(presses, "MOVE_PRESSES", 5)
    monkeypatch.setattr(presses, "LEAD_IN_MOST", 10)
    monkeypatch.setattr(presses, "BACKGROUND_SECONDS", 0.3)
    # one quiet and one animated idle screen, one move screen: each is a launch (~1.5 s)
    monkeypatch.setattr(startup, "IDLE_SCREENS",
                        {k: startup.IDLE_SCREENS[k] for k in ("menu", "menu-attract")})
    monkeypatch.setattr(presses, "MOVE_SCREENS", {"200x60": presses.MOVE_SCREENS["200x60"]})
    status = main(["bench", "--startup", "--json", "--only", "classic", "--repeat", "1",
                   "--idle", "0.5", "--cap", BUDGET])
    doc = json.loads(capsys.readouterr().out)
    assert status == 0
    assert set(doc) == {"terminal", "repeat", "timeouts", "modes", "cold", "warm_up", "warm",
                        "idle", "presses", "harness_cpu_percent"}
    assert doc["modes"] == ["classic"] and doc["repeat"] == 1 and doc["terminal"] == "120x40"
    assert doc["warm_up"]["status"] == "ok" and finite(doc["warm_up"]["seconds"])
    assert finite(doc["harness_cpu_percent"])
    for cache in ("cold", "warm"):
        figures = [doc[cache]["menu"], doc[cache]["playable"]["classic"]]
        assert set(doc[cache]["playable"]) == {"classic"}
        for fig in figures:
            assert STATS | {"target", "met", "timeouts", "failures", "notes"} == set(fig)
            assert fig["notes"] == [] and fig["timeouts"] == fig["failures"] == 0
            assert all(finite(fig[k]) for k in ("median", "min", "max", "target"))
            assert len(fig["runs"]) == 1 and finite(fig["runs"][0])
            assert isinstance(fig["met"], bool)
    assert set(doc["idle"]) == set(startup.IDLE_SCREENS)
    for name, fig in doc["idle"].items():
        assert fig["notes"] == [], name
        for key in ("bytes_per_second", "cpu_percent", "frames_per_second"):
            assert set(fig[key]) == STATS and all(finite(fig[key][k]) for k in STATS - {"runs"})
        assert fig["animates"] == (name == "menu-attract")
        assert (fig["met"] is None) == fig["animates"]
    check_presses(doc["presses"])


def check_presses(doc: dict) -> None:
    """The key-press figures: a figure for every press, each answered and a real number."""
    new = doc["new_maze"]
    assert new["presses"] == 3 and new["args"] == ["play", "classic"]
    assert new["notes"] == [] and new["timeouts"] == new["failures"] == 0
    assert len(new["latency"]["runs"]) == 3 and all(map(finite, new["latency"]["runs"]))
    assert finite(new["target"]) and isinstance(new["met"], bool)
    assert set(doc["move"]) == set(presses.MOVE_SCREENS)
    for screen, fig in doc["move"].items():
        assert fig["notes"] == [] and fig["timeouts"] == fig["failures"] == 0, screen
        assert len(fig["latency"]["runs"]) == 5 and all(map(finite, fig["latency"]["runs"]))
        assert set(fig["cpu_per_move"]) == STATS and finite(fig["cpu_per_move"]["median"])
        for key in ("bytes_per_move", "background_cpu_percent", "cpu_per_move_net"):
            assert finite(fig[key]["median"]), key
        assert fig["moved"] + fig["bumped"] == 5 and fig["moved"] >= 1
        assert (fig["met"] is None) == (fig["target_cpu_per_move"] is None)
    assert doc["move"]["200x60"]["mazes"] == ["200x60"]
    assert doc["move"]["200x60"]["target_cpu_per_move"] is not None
