"""The clock of a puzzle that is not a walk (the jumping maze, the blindfold puzzle): it
starts at the first move and stops at the solution (a walk's clock is `WalkGame`'s)."""

from __future__ import annotations


class Stopwatch:
    """A mixin: `clock` (a function of seconds), `started_at` and `ended_at` (None until
    then) give `elapsed`."""

    clock: object
    started_at: float | None
    ended_at: float | None

    @property
    def elapsed(self) -> float:
        """Seconds from the first move to the solution (or to now); 0 before the first."""
        if self.started_at is None:
            return 0.0
        end = self.ended_at if self.ended_at is not None else self.clock()
        return end - self.started_at

    def start_clock(self) -> None:
        """The first move starts the clock (later ones leave it be)."""
        if self.started_at is None:
            self.started_at = self.clock()
