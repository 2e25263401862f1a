"""The jumping-maze game: a player hopping across one puzzle. Plain state machine, no UI.

Moves follow `JumpPuzzle.targets`, the same rule the solver's state graph uses, so the
optimum (par) the player is measured against is the solver's shortest length.

Progress is the player's won games in `mazegame.storage.Store` under mode "jump", keyed by
the puzzle's content (`progress_key`), so renaming, reordering or editing a pack keeps
exactly the right results. Results saved under the old keys ("pack#index") stay in the
file untouched; `migrate_progress` copies each to the content key of the puzzle now at
that place when it is the one that was solved, as far as can be told: same par.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from mazegame.engine.jump.file import read_pack
from mazegame.engine.jump.kernels import DC8, DR8
from mazegame.engine.jump.model import JumpPuzzle, solve
from mazegame.engine.jump.tiles import DIRECTION_NAMES, TilePuzzle
from mazegame.games.stopwatch import Stopwatch
from mazegame.games.walk import Outcome

#: Direction names (indices into DR8/DC8) for key bindings and messages.
DIRECTION_INDEX = {"north": 0, "northeast": 1, "east": 2, "southeast": 3, "south": 4,
                   "southwest": 5, "west": 6, "northwest": 7}
#: How a jump in each direction (index into DR8/DC8) reads on a board drawn north up.
DIRECTION_WORDS = ("up", "up-right", "right", "down-right", "down", "down-left", "left",
                   "up-left")
#: On hexagons and triangles, the lines (tiles.DIRECTION_NAMES indices) each direction key
#: of the square game takes: its own, or for up and down the two slanted ones, of which
#: the screen takes the one that can be jumped.
TILE_DIRECTIONS = {"east": (0,), "northeast": (1,), "northwest": (2,), "west": (3,),
                   "southwest": (4,), "southeast": (5,), "north": (1, 2), "south": (4, 5)}
#: The shipped packs, in the order the game offers them.
PACK_NAMES = ("classics", "rook", "queen", "torus", "no-u-turn", "hex", "triangle")
DAILY = "daily"  #: the pack name that asks for the puzzle of the day
#: The pack names that ask for a puzzle of the day, and the tiling of each.
DAILIES = {DAILY: "square", "daily-hex": "hex", "daily-triangle": "triangle"}
MODE = "jump"  #: the Store's mode for jumping-maze results
PROGRESS_PREFIX = "puzzle:"  #: content keys start so; the old "pack#index" keys never do


@dataclass
class JumpGame(Stopwatch):
    """Where the player stands, how they got there (for undo), the clock, and the verdict."""

    puzzle: JumpPuzzle | TilePuzzle
    clock: Callable[[], float] = field(default=time.monotonic, repr=False)
    #: (cell, direction of the jump that led there or None), start first.
    history: list[tuple[int, int | None]] = field(init=False)
    #: What the player did, in order, for a replay: "j<direction>", "u" (undo), "z" (reset).
    events: list[str] = field(init=False, default_factory=list)
    started_at: float | None = field(init=False, default=None)  #: the first jump's time
    ended_at: float | None = field(init=False, default=None)  #: the winning jump's time

    def __post_init__(self) -> None:
        self.history = [(self.puzzle.start, None)]

    @property
    def tried(self) -> bool:
        """The player has done something on this puzzle (a give-up is worth saving)."""
        return bool(self.events)

    @property
    def position(self) -> int:
        """The cell the player stands on."""
        return self.history[-1][0]

    @property
    def moves(self) -> int:
        """Jumps made (undone ones not counted)."""
        return len(self.history) - 1

    @property
    def won(self) -> bool:
        """The player stands on the goal."""
        return self.position == self.puzzle.goal

    @property
    def visited(self) -> set[int]:
        """Every cell the current line of jumps has touched."""
        return {cell for cell, _ in self.history}

    @cached_property
    def optimum(self) -> int:
        """Par: jumps on a shortest solution (-1 if the puzzle has none)."""
        return solve(self.puzzle).length

    def options(self) -> dict[int, int]:
        """Legal jumps now: direction -> landing cell (none once won)."""
        if self.won:
            return {}
        cell, last = self.history[-1]
        return self.puzzle.targets(cell, last)

    def jump(self, direction: int) -> Outcome:
        """Jump in a direction (index into DR8/DC8; on hexagons and triangles into
        tiles.DIRECTION_NAMES); BUMPED if that jump is not allowed."""
        if self.won:
            return Outcome.IGNORED
        target = self.options().get(direction)
        if target is None:
            return Outcome.BUMPED
        self.start_clock()
        self.history.append((target, direction))
        self.events.append(f"j{direction}")
        if self.won:
            self.ended_at = self.clock()
            return Outcome.WON
        return Outcome.MOVED

    def jump_to(self, cell: int) -> Outcome:
        """Jump to a cell, if one legal jump lands there (a mouse click)."""
        for direction, target in self.options().items():
            if target == cell:
                return self.jump(direction)
        return Outcome.IGNORED if self.won else Outcome.BUMPED

    def undo(self) -> bool:
        """Take back the last jump; False at the start."""
        if len(self.history) == 1:
            return False
        self.history.pop()
        self.events.append("u")
        self.ended_at = None  # a win taken back: the clock runs again
        return True

    def reset(self) -> None:
        """Back to the start, every jump forgotten (the clock runs on: one attempt)."""
        if len(self.history) > 1:
            self.history = self.history[:1]
            self.events.append("z")
            self.ended_at = None

    def score(self) -> str:
        """Jumps so far against par (the optimum), e.g. "Jumps 16 · par 13 (+3)"."""
        if self.optimum < 0:
            return f"Jumps {self.moves} · no par: G cannot be reached"
        over = self.moves - self.optimum
        return f"Jumps {self.moves} · par {self.optimum}" + (f" (+{over})" if over > 0 else "")

    def verdict(self) -> str:
        """How the finished run compares with par (a win can only match it or go over)."""
        over = self.moves - self.optimum
        if over == 0:
            return f"{self.moves} jumps: par! No solution is shorter."
        return f"{self.moves} jumps against par {self.optimum}: {over} over par."


@dataclass(frozen=True)
class Step:
    """One jump of a solution: from a cell, by its number, in a direction, to a cell."""

    start: int
    jump: int
    direction: int  #: index into DR8/DC8 (DIRECTION_WORDS names it)
    end: int
    wraps: bool  #: the jump crosses the edge of a torus

    def text(self, puzzle: JumpPuzzle | TilePuzzle) -> str:
        """E.g. "(0,0) jump 4 down -> (4,0)", "round the edge" on a wrap, G at the goal;
        a hex or triangle puzzle names its six directions (east, north-east, ...)."""
        edge = " round the edge" if self.wraps else ""
        goal = " G" if self.end == puzzle.goal else ""
        words = DIRECTION_NAMES if isinstance(puzzle, TilePuzzle) else DIRECTION_WORDS
        return ("({},{}) jump {} {}{} -> ({},{}){}".format(
            *puzzle.rc(self.start), self.jump, words[self.direction], edge,
            *puzzle.rc(self.end), goal))


def solution_steps(puzzle: JumpPuzzle | TilePuzzle) -> list[Step]:
    """The shortest solution jump by jump ([] if there is none).

    The solver's path is states; the direction of each jump is found among the legal jumps
    (with the rule's last direction, so no-U-turn is respected). Where two directions land
    on the same square (a torus of even width) either is a right answer."""
    steps, last = [], None
    path = solve(puzzle).path
    for a, b in zip(path, path[1:], strict=False):
        d = next(d for d, t in puzzle.targets(a, last).items() if t == b)
        k = int(puzzle.jumps.flat[a])
        wraps = False
        if isinstance(puzzle, JumpPuzzle):
            r, c = puzzle.rc(a)
            wraps = (r + DR8[d] * k, c + DC8[d] * k) != puzzle.rc(b)
        steps.append(Step(a, k, d, b, wraps))
        last = d
    return steps


def board_text(puzzle: JumpPuzzle | TilePuzzle) -> str:
    """The board in words: "5x5", "hexagon of side 4", "triangles, side 2"."""
    if isinstance(puzzle, TilePuzzle):
        return f"{'hexagon' if puzzle.tiling == 'hex' else 'triangles'}, side {puzzle.side}"
    return f"{puzzle.width}x{puzzle.height}"


def rules_text(puzzle: JumpPuzzle | TilePuzzle) -> str:
    """The puzzle's rules in words, e.g. "rook, torus", "queen" or "six ways, no U-turn"."""
    moves = "six ways" if isinstance(puzzle, TilePuzzle) else puzzle.moves
    return ", ".join([moves] + ["torus"] * puzzle.wrap + ["no U-turn"] * puzzle.no_u_turn)


# -- progress --------------------------------------------------------------------------------
def progress_key(puzzle: JumpPuzzle) -> str:
    """The saved results' key of a puzzle: its content, wherever it lives."""
    return PROGRESS_PREFIX + puzzle.digest()


def best_moves(store, puzzles: list[JumpPuzzle]) -> dict[int, int]:
    """Fewest jumps of a won game per index of `puzzles` that has one (`store`: a
    mazegame.storage.Store or anything with its `solved`; None: nothing saved)."""
    if store is None:
        return {}
    best = store.solved(MODE, PROGRESS_PREFIX)
    keys = (best.get(progress_key(p)) for p in puzzles)
    return {i: moves for i, moves in enumerate(keys) if moves is not None}


def migrate_progress(store, pack: str, puzzles: list[JumpPuzzle]) -> int:
    """Copy wins saved under the old keys "`pack`#index" to the content key of the puzzle at
    that index now, when it has the par the win was measured against; returns how many.

    Which puzzle an old key named is not recorded: the par saved with the result is the only
    fingerprint. The shipped packs were regenerated with longer solutions, so no old result
    on them has today's par at its index (checked) and none moves; Chain Reaction and the
    classics kept theirs. An old result that does not match stays as it was, in the file,
    and is never shown against a puzzle it may not belong to. Copies keep the time played,
    which makes a second run find them and copy nothing."""
    if store is None:
        return 0
    prefix = f"{pack}#"
    old = [row for row in store.wins(MODE, prefix) if row[0][len(prefix):].isdigit()]
    if not old:
        return 0
    have = {(maze, moves, when) for maze, moves, _, _, when in store.wins(MODE, PROGRESS_PREFIX)}
    par: dict[int, int] = {}
    moved = 0
    for maze, moves, optimum, seconds, when in old:
        index = int(maze[len(prefix):])
        if index >= len(puzzles):
            continue
        if index not in par:
            par[index] = solve(puzzles[index]).length
        key = progress_key(puzzles[index])
        if optimum != par[index] or (key, moves, when) in have:
            continue
        store.record(MODE, key, won=True, moves=moves, optimum=optimum, seconds=seconds,
                     played_at=when)
        have.add((key, moves, when))
        moved += 1
    return moved


def load_pack(name: str) -> list[JumpPuzzle]:
    """A shipped pack by name (see PACK_NAMES)."""
    from mazegame.engine.readfile import JUMP_PACK, read_text
    from mazegame.locations import asset

    return read_pack(read_text(asset("jump", f"{name}.jsonl"), JUMP_PACK))
