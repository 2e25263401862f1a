"""`bench --startup`'s key-press figures: a new maze (`n`) and a move, in the real program.

Like the startup figures, each launch runs `python -m mazegame play classic ...` in a
120x40 pseudo-terminal with the warm numba cache, waits for the maze and lets the launch
settle; then it types keys one at a time, each when the last one's answer is on screen:

- new maze: `n`, timed from the key to the first finished frame that shows a different
  seed on the status line over a complete, playable board that is not the old one;
- move: arrow keys along open corridors, read off the screen (towards the farthest room
  not walked yet down and right in view, else by the right-hand rule: every press moves
  the player, and a maze larger than the view scrolls), each timed from the key to the
  first finished frame that counts it on the status line (and shows the player moved);
  the program's CPU time over all the presses, divided by their number, is its CPU per
  move. That CPU also holds whatever the program does meanwhile unasked (the status
  line's clock), as a player walking would see it; the CPU it spends with no key
  pressed, watched for a second after the presses, is reported beside it, and the CPU
  per move less that background. At 200x60 the maze is larger than the terminal: the
  walk first goes (unmeasured) until the view scrolls, so the measured steps are those
  of a player out in the maze, the view following. The default size (the maze that
  fits) is measured too, for reference.

A press that gets no answer within PRESS_TIMEOUT ends that launch's presses (a timeout).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from mazegame.bench.figures import ms_text, percent_text, summary, verdict
from mazegame.bench.screens import (
    WAYS,
    board_of,
    counts_of,
    is_busy,
    mode_ready,
    next_way,
    player_at,
    route_onward,
    seed_of,
    size_of,
    title_word,
)
from mazegame.bench.terminal import ARROWS, TERMINAL, Exited, Launch, cpu_seconds

MODE = "classic"  #: the mode whose keys are timed
NEW_MAZE_ARGS = ["play", MODE]  #: the default size: the maze that fits the terminal
NEW_MAZE_PRESSES = 10  #: `n` presses per launch
NEW_MAZE_TARGET = 0.1  #: seconds from `n` to the new maze drawn, at most (the median)
NEW_MAZE_GAP = 0.2  #: seconds between a new maze drawn and the next `n`, as a player would
MOVE_PRESSES = 50  #: arrow-key presses per launch
MOVE_CPU_TARGET = 0.005  #: the program's CPU seconds per move, less than (the median)
#: The move figures: name -> (`mazegame` arguments, whether the issue's target applies,
#: whether to walk until the view scrolls before the measured steps).
MOVE_SCREENS = {
    "200x60": (["play", MODE, "--size", "200x60"], True, True),
    "default": (["play", MODE], False, False),
}
LEAD_IN_MOST = 300  #: unmeasured steps at most before the measured ones
#: seconds the move screens are watched after their presses, no key pressed: the CPU the
#: game spends meanwhile anyway (its clock), to tell the moves' own share
BACKGROUND_SECONDS = 1.0
PRESS_TIMEOUT = 5.0  #: seconds a press may take to show; then that launch stops pressing


@dataclass
class PressRun:
    """One launch's presses: how long each took to show (None: it did not), what the moves
    did, and the program's CPU seconds and output over all of them."""

    latencies: list[float | None] = field(default_factory=list)
    maze: str | None = None  #: the maze's size as the status line gives it ("29x18")
    moved: int = 0
    bumped: int = 0
    scrolled: int = 0  #: moves after which the player was not where the step leads: the view moved
    lead_in: int = 0  #: unmeasured steps walked before the measured ones
    cpu_seconds: float | None = None
    seconds: float | None = None  #: wall time from the first key to the last answer
    bytes_written: int = 0
    background_cpu_percent: float | None = None  #: after the presses, with no key pressed
    note: str = ""  #: why the presses stopped early, or why there were none
    failed: bool = False  #: the program ended before its presses were done

    @property
    def complete(self) -> bool:
        """Whether every press was answered (and there was at least one)."""
        return bool(self.latencies) and None not in self.latencies and not self.note

    def per_press(self, total: float | None) -> float | None:
        """A total over the presses, per press; None unless every press was answered."""
        if total is None or not self.complete:
            return None
        return total / len(self.latencies)

    def net_per_press(self) -> float | None:
        """CPU seconds per press less what the program spends anyway (its background CPU over
        the presses' wall time); None where either is unknown."""
        if None in (self.cpu_seconds, self.seconds, self.background_cpu_percent):
            return None
        return self.per_press(self.cpu_seconds - self.background_cpu_percent / 100 * self.seconds)


# -- what the screen says after a press ----------------------------------------------------
def new_maze_shown(mode: str, before: list[str], lines: list[str]) -> bool:
    """Whether `lines` show a new maze in place of the one on `before`: another seed on the
    status line, a playable board, and not the same board as before."""
    seed = seed_of(lines)
    return (seed is not None and seed != seed_of(before) and mode_ready(mode, lines)
            and board_of(lines) != board_of(before))


def press_shown(before: list[str], lines: list[str]) -> bool:
    """Whether `lines` show the answer to one more arrow key than `before`: the status line
    counts another move or bump, and a move has moved something on the board."""
    was, now = counts_of(before), counts_of(lines)
    if was is None or now is None or sum(now) <= sum(was):
        return False
    return now[0] == was[0] or board_of(lines) != board_of(before)


def step_taken(before: list[str], after: list[str], way: int) -> tuple[bool, bool]:
    """(moved, scrolled) for a press that went `way`: whether the status line counts a move,
    and whether the player then stands elsewhere on screen than that step leads (the view
    scrolled under it)."""
    was, now = counts_of(before), counts_of(after)
    moved = was is not None and now is not None and now[0] > was[0]
    start, end = player_at(before), player_at(after)
    step = WAYS[way][1]
    scrolled = moved and (start is None or end is None
                          or (end[0] - start[0], end[1] - start[1]) != step)
    return moved, scrolled


def walking(mode: str, lines: list[str]) -> bool:
    """Whether a walking mode's game runs with the player in view (its goal may lie outside
    the view of a maze larger than the terminal, so `mode_ready` would not do)."""
    return (len(lines) > 2 and not is_busy(lines) and counts_of(lines) is not None
            and lines[0].strip().startswith(title_word(mode)) and player_at(lines) is not None)


# -- the launches ---------------------------------------------------------------------------
#: One press: type a key into the launch, wait for its answer, log what it did in the run;
#: the seconds from the key to the answer (None: none came within PRESS_TIMEOUT).
Press = Callable[[Launch, PressRun], float | None]


def _pressing(args: list[str], env: dict, timeout: float, settle: float,
              ready: Callable[[list[str]], bool], presses: int, press: Press,
              lead_in: Callable[[Launch, PressRun], str] | None = None,
              background: float = 0.0) -> PressRun:
    """Launch, wait until `ready`, settle, walk the `lead_in` (unmeasured), then `press`
    `presses` times, each once the last one was answered; the program's CPU seconds and
    output over the presses, and its CPU over `background` seconds after them."""
    run = PressRun()
    try:
        with Launch(args, env, *TERMINAL) as launch:
            if launch.wait_for(ready, timeout) is None:
                run.note = f"timed out after {timeout:g} s: no maze to press keys on"
                return run
            launch.drain(settle, feed=True)
            run.maze = size_of(launch.lines)
            if lead_in is not None and (note := lead_in(launch, run)):
                run.note = note
                return run
            cpu0, bytes0, t0 = cpu_seconds(launch.proc.pid), launch.bytes_read, time.monotonic()
            for number in range(1, presses + 1):
                launch.drain(0, feed=True)  # the screen up to date before the key
                latency = press(launch, run)
                run.latencies.append(latency)
                if latency is None:
                    run.note = f"press {number}: no answer within {PRESS_TIMEOUT:g} s"
                    break
            cpu1, run.seconds = cpu_seconds(launch.proc.pid), time.monotonic() - t0
            run.bytes_written = launch.bytes_read - bytes0
            run.cpu_seconds = None if cpu0 is None or cpu1 is None else cpu1 - cpu0
            if background > 0 and run.complete:
                run.background_cpu_percent = launch.idle(background)["cpu_percent"]
    except Exited as err:
        run.note, run.failed = str(err), True
    return run


def _new_maze(launch: Launch, run: PressRun) -> float | None:
    """Press `n` and wait for the new maze (then a short pause, as a player's)."""
    before = launch.lines
    sent = launch.send(b"n")
    at = launch.wait_until(partial(new_maze_shown, MODE, before), sent + PRESS_TIMEOUT)
    if at is None:
        return None
    launch.drain(NEW_MAZE_GAP, feed=True)
    return at - sent


def new_maze_run(env: dict, timeout: float, settle: float,
                 presses: int = NEW_MAZE_PRESSES) -> PressRun:
    """One launch of classic at its default size, `n` pressed `presses` times."""
    return _pressing(NEW_MAZE_ARGS, env, timeout, settle, partial(mode_ready, MODE), presses,
                     _new_maze)


class Walker:
    """Walks the player along open corridors read off the screen, one arrow key a press."""

    def __init__(self) -> None:
        self.heading = 1  # east: the way the right-hand rule starts from

    def way(self, lines: list[str]) -> int:
        """The next step: onward to new ground, else by the right-hand rule, else (walled
        in, or no player seen) straight on, a bump."""
        route = route_onward(lines)
        way = route[0] if route else next_way(lines, self.heading)
        return self.heading if way is None else way

    def press(self, launch: Launch, run: PressRun) -> float | None:
        """One step: its arrow key, the wait for the status line to count it, and whether it
        moved (and scrolled the view) or bumped."""
        before = launch.lines
        way = self.way(before)
        sent = launch.send(ARROWS[WAYS[way][0]])
        at = launch.wait_until(partial(press_shown, before), sent + PRESS_TIMEOUT)
        if at is None:
            return None
        moved, scrolled = step_taken(before, launch.lines, way)
        run.moved += moved
        run.bumped += not moved
        run.scrolled += scrolled
        if moved:
            self.heading = way
        return at - sent

    def lead_in(self, launch: Launch, run: PressRun) -> str:
        """Walk (unmeasured) until the view first scrolls, at most LEAD_IN_MOST steps, so the
        measured steps are those of a player out in a maze larger than the view; why not, if
        a step got no answer."""
        walked = PressRun()
        while walked.moved + walked.bumped < LEAD_IN_MOST and not walked.scrolled:
            launch.drain(0, feed=True)
            if self.press(launch, walked) is None:
                return f"lead-in step {walked.moved + walked.bumped + 1}: no answer within " \
                       f"{PRESS_TIMEOUT:g} s"
        run.lead_in = walked.moved + walked.bumped
        return ""


def move_run(screen: str, env: dict, timeout: float, settle: float,
             presses: int = MOVE_PRESSES) -> PressRun:
    """One launch of a move screen, the player walked `presses` steps along its corridors
    (after the lead-in, for a screen that has one)."""
    args, _, lead_in = MOVE_SCREENS[screen]
    walker = Walker()
    return _pressing(args, env, timeout, settle, partial(walking, MODE), presses, walker.press,
                     walker.lead_in if lead_in else None, BACKGROUND_SECONDS)


# -- figures --------------------------------------------------------------------------------
def _bookkeeping(runs: list[PressRun]) -> dict:
    """What every press figure holds: the launches' mazes, the presses' latencies pooled,
    how many presses timed out and launches failed, and the notes."""
    latencies = [t for run in runs for t in run.latencies or [None]]
    return {"mazes": [run.maze for run in runs], "latency": summary(latencies),
            "timeouts": sum(run.latencies.count(None) + (not run.latencies and not run.failed)
                            for run in runs),
            "failures": sum(run.failed for run in runs),
            "notes": [f"launch {i}: {run.note}" for i, run in enumerate(runs, 1) if run.note]}


def new_maze_figure(runs: list[PressRun], presses: int) -> dict:
    """The new-maze figure: latency from `n` to the new maze, pooled over every launch's
    presses (a launch that pressed nothing counts once, as slower than any), the target
    and whether the median meets it."""
    figure = {"args": NEW_MAZE_ARGS, "terminal": f"{TERMINAL[0]}x{TERMINAL[1]}",
              "presses": presses, **_bookkeeping(runs), "target": NEW_MAZE_TARGET}
    median = figure["latency"]["median"]
    figure["met"] = median is not None and median <= NEW_MAZE_TARGET
    return figure


def move_figure(screen: str, runs: list[PressRun], presses: int) -> dict:
    """A move figure: the program's CPU per move (one value per launch that answered every
    press), the latency per press pooled, what the moves did, and the verdict (for the
    screen the issue sets the target on; None for the reference)."""
    args, has_target, _ = MOVE_SCREENS[screen]
    figure = {"args": args, "terminal": f"{TERMINAL[0]}x{TERMINAL[1]}", "presses": presses,
              "cpu_per_move": summary([run.per_press(run.cpu_seconds) for run in runs]),
              "background_cpu_percent": summary([run.background_cpu_percent for run in runs]),
              "cpu_per_move_net": summary([run.net_per_press() for run in runs]),
              "bytes_per_move": summary([run.per_press(run.bytes_written) for run in runs]),
              **_bookkeeping(runs),
              **{key: sum(getattr(run, key) for run in runs)
                 for key in ("moved", "bumped", "scrolled")},
              "lead_in": [run.lead_in for run in runs],
              "target_cpu_per_move": MOVE_CPU_TARGET if has_target else None}
    median = figure["cpu_per_move"]["median"]
    figure["met"] = (median is not None and median < MOVE_CPU_TARGET) if has_target else None
    return figure


def measure_presses(env: dict, timeout: float, settle: float, repeat: int,
                    say: Callable[[str], None]) -> dict:
    """Every key-press figure, each launch `repeat` times in turn (the `presses` document)."""
    new_presses, move_presses = NEW_MAZE_PRESSES, MOVE_PRESSES  # read now: tests shorten them
    new_runs: list[PressRun] = []
    move_runs: dict[str, list[PressRun]] = {s: [] for s in MOVE_SCREENS}
    for i in range(repeat):
        run = new_maze_run(env, timeout, settle, new_presses)
        new_runs.append(run)
        say(f"new maze {i + 1}/{repeat}: {_run_text(run)}")
        for screen in MOVE_SCREENS:
            run = move_run(screen, env, timeout, settle, move_presses)
            move_runs[screen].append(run)
            say(f"move {screen} {i + 1}/{repeat}: {_run_text(run)}, "
                f"CPU {ms_text(run.per_press(run.cpu_seconds))} a move")
    return {"new_maze": new_maze_figure(new_runs, new_presses),
            "move": {s: move_figure(s, runs, move_presses) for s, runs in move_runs.items()}}


def _run_text(run: PressRun) -> str:
    """A launch's presses in a progress line: the median latency, or what went wrong."""
    return run.note or f"median {ms_text(summary(run.latencies)['median'])} to show"


# -- the table ------------------------------------------------------------------------------
def press_rows(doc: dict) -> tuple[list[tuple], list[str]]:
    """The key-press figures as rows of (figure, maze, median, min, max, target, verdict),
    and their notes."""
    rows, notes = [], []
    fig = doc["new_maze"]
    rows.append(("new maze (n)", _mazes(fig), *_stats(fig["latency"]),
                 f"<= {ms_text(fig['target'])}", verdict(fig["met"], fig)))
    notes += [f"new maze, {n}" for n in fig["notes"]]
    for screen, fig in doc["move"].items():
        target = fig["target_cpu_per_move"]
        rows.append((f"CPU per move, {screen}", _mazes(fig), *_stats(fig["cpu_per_move"]),
                     "-" if target is None else f"< {ms_text(target)}",
                     verdict(fig["met"], fig)))
        rows.append((f"  less background, {screen}", "", *_stats(fig["cpu_per_move_net"]),
                     "-", ""))
        rows.append((f"  latency per move, {screen}", "", *_stats(fig["latency"]), "-", ""))
        notes.append(f"move {screen}: {fig['moved']} moved, {fig['bumped']} bumped, "
                     f"{fig['scrolled']} scrolled the view; "
                     f"{_bytes(fig['bytes_per_move']['median'])} written a move; "
                     f"background (no key) "
                     f"{percent_text(fig['background_cpu_percent']['median'])} of a core")
        notes += [f"move {screen}, {n}" for n in fig["notes"]]
    return rows, notes


def _stats(figure: dict) -> list[str]:
    """Median, min and max in milliseconds."""
    return [ms_text(figure[k]) for k in ("median", "min", "max")]


def _mazes(figure: dict) -> str:
    """The maze sizes the launches played ("29x18"), once each."""
    return ", ".join(dict.fromkeys(m for m in figure["mazes"] if m)) or "-"


def _bytes(count: float | None) -> str:
    """A byte count for the notes."""
    return "-" if count is None else f"{count:.0f} B" if count < 1000 else f"{count / 1000:.1f} KB"
