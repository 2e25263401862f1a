"""`bench --startup`'s figures and table from given runs, and the options it refuses."""

import math
import sys

import pytest

from mazegame.bench import startup, terminal
from mazegame.bench.startup import format_startup, idle_figure, startup_figure, summary
from mazegame.cli import main


def test_a_run_without_a_figure_counts_as_slower_than_any():
    assert summary([2.0, None, 1.0]) == {"median": 2.0, "min": 1.0, "max": None,
                                         "runs": [2.0, None, 1.0]}
    assert summary([None, None, 1.0])["median"] is None
    assert summary([3.0, 1.0])["median"] == 2.0
    assert summary([None]) == {"median": None, "min": None, "max": None, "runs": [None]}


def test_a_figure_meets_its_target_by_its_median_and_counts_what_went_wrong():
    fig = startup_figure([0.5, None, 0.9], ["", "timed out after 60 s", ""], target=1.0)
    assert fig["met"] and fig["timeouts"] == 1 and fig["failures"] == 0
    assert fig["notes"] == ["run 2: timed out after 60 s"]
    fig = startup_figure([None, None, 0.9], ["the program ended (status 1) ...",
                                             "timed out after 60 s", ""], target=1.0)
    assert not fig["met"] and fig["timeouts"] == 1 and fig["failures"] == 1


def test_an_idle_screen_meets_its_targets_only_when_silent_and_cold():
    silent = {"bytes_per_second": 0.0, "cpu_percent": 0.3, "frames_per_second": 0.0}
    chatty = {"bytes_per_second": 4000.0, "cpu_percent": 3.0, "frames_per_second": 10.0}
    assert idle_figure("classic", [silent, silent, chatty], ["", "", ""], 10)["met"] is True
    assert idle_figure("menu", [chatty, silent, chatty], ["", "", ""], 10)["met"] is False
    animated = idle_figure("menu-attract", [chatty], [""], 10)
    assert animated["met"] is None and animated["target_bytes_per_second"] is None
    failed = idle_figure("classic", [None], ["classic not ready within 20 s"], 10)
    assert failed["met"] is None and failed["notes"] == ["run 1: classic not ready within 20 s"]


def _doc():
    """A document as run_startup makes it, from made-up runs."""
    doc = {"terminal": "120x40", "repeat": 2, "timeouts": {"cold": 60.0, "warm": 20.0},
           "modes": ["classic"], "harness_cpu_percent": 2.5,
           "warm_up": {"seconds": 44.0, "status": "ok", "note": ""}}
    for cache in ("cold", "warm"):
        menu = startup_figure([0.6, 0.7], ["", ""], startup.TARGETS[cache, "menu"])
        classic = startup_figure([None, 5.0], ["timed out after 60 s", ""],
                                 startup.TARGETS[cache, "playable"])
        doc[cache] = {"menu": menu, "playable": {"classic": classic}}
    quiet = {"bytes_per_second": 3800.0, "cpu_percent": 3.0, "frames_per_second": 10.0}
    doc["idle"] = {s: idle_figure(s, [quiet, quiet], ["", ""], 10) for s in startup.IDLE_SCREENS}
    return doc


def test_the_table_shows_each_figure_its_target_and_what_timed_out():
    text = format_startup(_doc())
    assert "cold to menu" in text and "warm to classic playable" in text
    classic = next(line for line in text.splitlines() if line.startswith("cold to classic"))
    assert "> 60 s" in classic and "5.00 s" in classic and "<= 3 s" in classic
    assert "missed (1 timeout)" in classic
    assert "menu-attract (animates on purpose)" in text and "3.8 KB/s" in text
    assert "0 B/s, < 1 %" in text and "warm cache filled in 44.00 s" in text


def test_a_doc_without_idle_figures_still_reads():
    doc = _doc()
    doc["idle"] = {}
    assert "idle screen" not in format_startup(doc)
    assert not math.isnan(doc["harness_cpu_percent"])


@pytest.mark.parametrize("argv, message", [
    (["bench", "--repeat", "2"], "--repeat go with --startup"),
    (["bench", "--idle", "1", "--repeat", "2"], "--repeat and --idle go with --startup"),
    (["bench", "--startup", "--quick"], "--quick is for the kernels"),
    (["bench", "--startup", "--only", "no such mode"], "no mode matches --only 'no such mode'"),
])
def test_options_that_do_not_go_together_are_refused(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("flag, value", [("--repeat", "0"), ("--repeat", "two"),
                                         ("--idle", "-1"), ("--idle", "nan")])
def test_bad_numbers_are_refused(flag, value, capsys):
    assert main(["bench", "--startup", flag, value]) == 2
    assert flag.strip("-") in capsys.readouterr().err


def test_without_a_pseudo_terminal_or_pyte_startup_says_so(monkeypatch, capsys):
    monkeypatch.setattr(terminal, "pty_problem", lambda: "needs a pseudo-terminal (test)")
    assert main(["bench", "--startup"]) == 2
    assert "bench --startup needs a pseudo-terminal (test)" in capsys.readouterr().err
    monkeypatch.setattr(terminal, "pty_problem", lambda: None)
    monkeypatch.setitem(sys.modules, "pyte", None)  # as if not installed
    assert main(["bench", "--startup"]) == 2
    assert "needs pyte" in capsys.readouterr().err
