"""The lab's race progress line: which solver runs, a bar towards its likely end, and x."""

from __future__ import annotations

from rich.markup import escape

from mazegame.games.lab_progress import Leg

BAR = 20  #: characters of the bar


def bar(fraction: float) -> str:
    """A text progress bar, `fraction` (0..1) of it filled."""
    filled = round(max(0.0, min(1.0, fraction)) * BAR)
    return "━" * filled + "[dim]" + "─" * (BAR - filled) + "[/dim]"


def leg_line(leg: Leg, steps: int, again: bool = False) -> str:
    """While a solver runs: the cancel key first (a narrow screen cuts the end), which
    solver of how many, and its bar and count: of about N ticks (the cheese), of at most
    the budget (walkers); a search says nothing more (it takes a blink). `again`: the
    solver started over, recording into a bigger buffer (its trace outgrew the first)."""
    head = f"[reverse] x: cancel [/] solving {leg.index}/{leg.count}: {escape(leg.title)}"
    fraction = leg.fraction(steps)
    if fraction is None:
        return head
    if leg.about:
        count = f"{leg.unit[:-1]} {steps:,} of about {leg.about:,}"
    else:
        count = f"{leg.unit[:-1]} {steps:,} (gives up at {leg.at_most:,})"
    redo = " · recording again (the trace outgrew its buffer)" if again else ""
    return f"{head} {bar(fraction)} {fraction:.0%} · {count}{redo}"


class RaceWatch:
    """The progress line of one race: its legs, and which solvers started over."""

    def __init__(self, legs: dict[str, Leg]) -> None:
        self.legs = legs
        self._seen: dict[str, tuple[int, bool]] = {}  #: title -> (most steps, started over)

    def line(self, title: str, steps: int) -> str:
        """The line for the solver running now ("" for one not in the race)."""
        leg = self.legs.get(title)
        if leg is None:
            return ""
        # A count going back: the solver started over with room for a longer trace.
        seen, again = self._seen.get(title, (0, False))
        again = again or steps < seen
        self._seen[title] = (max(seen, steps), again)
        return leg_line(leg, steps, again)
