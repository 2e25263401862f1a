"""The idea of each algorithm, as the lab draws it (issue 20): one gallery of lab panels, each
paused where its idea shows, in colour and with NO_COLOR (then by glyphs alone)."""

from __future__ import annotations

import numpy as np
import pytest
from textual.app import App, ComposeResult
from textual.containers import Grid

from mazegame.engine.generate import generate
from mazegame.engine.solve import solve
from mazegame.engine.trace import FOCUS, STEP, Replay
from mazegame.games.lab import TraceRun
from mazegame.ui.palette import DEFAULT
from mazegame.ui.widgets.lab_panel import TracePanel
from mazegame.ui.widgets.trace_view import TraceView

SIZE = (5, 4)


def _nth_focus(events: np.ndarray, n: int) -> int:
    """The position just after the n-th FOCUS event on something."""
    hits = np.flatnonzero((events[:, 0] == FOCUS) & (events[:, 2] != 0))
    return int(hits[min(n, len(hits) - 1)]) + 1


def _part_of(events: np.ndarray, part: int) -> int:
    """The position just after the first 1/part of the events that change the picture (all
    but STEP, which moves the highlight of the algorithm's steps only)."""
    shown = np.flatnonzero(events[:, 0] != STEP)
    return int(shown[len(shown) // part - 1]) + 1


def _longest_run(events: np.ndarray) -> int:
    """The position just after the FOCUS event on the widest rectangle below the top row."""
    wide = np.where((events[:, 0] == FOCUS) & (events[:, 1] >= SIZE[0]), events[:, 2], -1)
    return int(np.argmax(wide)) + 1


def _longest_walk(trace) -> int:
    """The position where Wilson's walk has the most arrows out."""
    replay, best, at = Replay(trace), -1, 0
    for position in range(len(trace) + 1):
        replay.seek(position)
        arrows = int(np.count_nonzero(replay.labels))
        if arrows > best:
            best, at = arrows, position
    return at


def gallery() -> list[tuple[TraceRun, int]]:
    """(run, position) per idea: sets, walk, scan row, chamber, run, frontier, marks, aroma."""
    shows = []
    for name, seed, where in (
        ("kruskal", 3, lambda t: len(t) // 2),
        ("eller", 3, lambda t: _part_of(t.events, 2)),
        ("connection-matrix", 3, lambda t: len(t) // 2),
        ("wilson", 3, _longest_walk),
        ("hunt-and-kill", 3, lambda t: _nth_focus(t.events, 1)),
        ("recursive-division", 3, lambda t: _nth_focus(t.events, 2)),
        ("sidewinder", 3, lambda t: _longest_run(t.events)),
        ("prim", 3, lambda t: _part_of(t.events, 3)),
        ("spanning-tree", 3, lambda t: len(t) // 3),
    ):
        generated = generate(name, *SIZE, seed, record=True)
        shows.append((TraceRun.of_generation(name, generated), where(generated.trace)))
    maze = generate("backtracker", *SIZE, 3).maze
    for name in ("tremaux", "cheese"):
        solution = solve(name, maze, record=True, seed=3)
        shows.append((TraceRun.of_solution(name, solution, maze), len(solution.trace) // 5))
    return shows


class Gallery(App):
    """Lab panels side by side, each paused at its own position, rooms three wide."""

    CSS_PATH = "../../../../mazegame/ui/mazegame.tcss"
    CSS = """
    Grid { grid-size: 6 2; grid-rows: 15; }
    .lab-panel { height: 15; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.shows = gallery()

    def compose(self) -> ComposeResult:
        with Grid():
            for run, _ in self.shows:
                yield TracePanel(run)

    def on_mount(self) -> None:
        for view in self.query(TraceView):
            view.room_width = 3
        self.call_after_refresh(self._seek)

    def _seek(self) -> None:
        for panel, (_, position) in zip(self.query(TracePanel), self.shows, strict=True):
            panel.seek(position)


@pytest.mark.parametrize("colour", ["colour", "no-colour"])
def test_lab_ideas_snapshot(snap_compare, monkeypatch, colour):
    if colour == "no-colour":
        monkeypatch.setenv("NO_COLOR", "1")

    async def run_before(pilot):
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(Gallery(), terminal_size=(160, 32), run_before=run_before)


async def test_without_colour_the_ideas_show_by_glyphs(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = Gallery()
    async with app.run_test(size=(160, 32)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert app.no_color
        shown = {}
        for panel in app.query(TracePanel):
            view = panel.view
            text = "".join(view.render_line(y).text for y in range(view.size.height))
            shown[panel.run.title] = text
        assert DEFAULT.GLYPH_FOCUS in shown["Hunt-and-kill"]
        assert DEFAULT.GLYPH_FOCUS in shown["Recursive division"]
        assert DEFAULT.GLYPH_FOCUS in shown["Sidewinder"]
        assert any(arrow in shown["Wilson (uniform)"] for arrow in DEFAULT.GLYPH_ARROWS)
        assert any(shade in shown["The cheese algorithm"] for shade in DEFAULT.GLYPH_SHADES[1:])
        assert any(letter in shown["Randomized Kruskal"] for letter in "abcdefghijklmnopqrstuvwxyz")
        assert "E" in shown["Tremaux's algorithm"] or "R" in shown["Tremaux's algorithm"]
