"""The network bench's bookkeeping: a key pressed, matched to the State that applied it as
every player of its room received it; percentiles of those delays.

A bench player only presses keys that move (it knows the maze from Begin), so its k-th key of
a game is applied exactly when the host's `Position.moves` for it reaches k, and the State
that carries that count is the one that applied the key (the presser's own State also carries
the key's `seq` back). A key's delay is from its sending to the last of its room's players
receiving that State: one clock, all connections living in the bench's process. Keys still
waiting when their game ends (another player won meanwhile) are counted as `lost`, not timed.

Plain bookkeeping with times handed in, so the tests give fake timestamps.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field


def percentile(values: list[float], q: float) -> float | None:
    """The q-th percentile (0 < q <= 100) by nearest rank: a delay some key really had;
    None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass
class Pressed:
    """A key sent and not yet seen applied by everyone in its room."""

    moves: int  #: the presser's move count once it is applied
    seq: int
    sent: float
    waiting: set[int]  #: the room's players who have not received it yet


@dataclass
class Latencies:
    """Keys pressed and States received, per room and game (see the module's docstring)."""

    delays: list[float] = field(default_factory=list)  #: seconds, one per key fully received
    lost: int = 0  #: keys whose game ended before they were applied
    _pending: dict[tuple[str, int, int], deque[Pressed]] = field(default_factory=dict)
    _ended: set[tuple[str, int]] = field(default_factory=set)

    def pressed(self, room: str, game: int, player: int, moves: int, seq: int,
                receivers: set[int], at: float) -> None:
        """`player` sent its key `seq`, which makes its `moves`-th move of `game`, at `at`;
        every one of `receivers` (the presser included) must see it applied."""
        if (room, game) in self._ended:
            self.lost += 1  # pressed as the game's Over was on its way
            return
        key = (room, game, player)
        self._pending.setdefault(key, deque()).append(
            Pressed(moves, seq, at, set(receivers)))

    def received(self, room: str, game: int, receiver: int, moves: dict[int, int],
                 seq: int, at: float) -> None:
        """`receiver` got a State of `game` at `at`: `moves` is each player's move count in
        it, `seq` the receiver's own last key applied."""
        for player, count in moves.items():
            queue = self._pending.get((room, game, player))
            if not queue:
                continue
            for key in queue:
                if key.moves > count:
                    break  # later keys of this player: not applied yet
                if receiver == player and seq < key.seq:
                    break  # the presser's State must carry the key's seq back
                key.waiting.discard(receiver)
            while queue and not queue[0].waiting:
                self.delays.append(at - queue.popleft().sent)

    def ended(self, room: str, game: int) -> None:
        """`game` is over: keys of it still waiting are lost, not timed."""
        self._ended.add((room, game))
        for key in [k for k in self._pending if k[0] == room and k[1] == game]:
            queue = self._pending.pop(key)
            self.lost += len(queue)

    @property
    def waiting(self) -> int:
        """Keys sent and not yet received by all their room."""
        return sum(len(q) for q in self._pending.values())

    def summary(self) -> dict:
        """keys timed, lost, p50 and p99 and the worst in milliseconds (None: no keys)."""
        ms = [d * 1000 for d in self.delays]

        def rounded(v: float | None) -> float | None:
            return None if v is None else round(v, 2)

        return {"keys": len(ms), "lost": self.lost,
                "p50_ms": rounded(percentile(ms, 50)), "p99_ms": rounded(percentile(ms, 99)),
                "max_ms": rounded(max(ms) if ms else None)}
