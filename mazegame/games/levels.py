"""The campaign: chapters in order, unlocking, stars and saved progress, as a plain state machine.

Rules: chapter 1 is open; a chapter opens when every level of every chapter before
it is won. Stars: 3 for a win in at most `par` moves, 2 within `par + max(2, par // 4)` (or
within the budget, when the level has one), 1 for any other win. Progress is the player's
results in `mazegame.storage.Store` under mode "level", keyed by the level id plus a digest of
the maze as played, so an edited level starts fresh. A blind level counts move attempts
(moves plus bumps), as its budget does.
"""

from __future__ import annotations

import contextlib
import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from mazegame.engine.levelfile import (
    Chapter,
    Level,
    LevelError,
    load_chapters,
    scan_levels,
)
from mazegame.games.modes import MODES, eye_difficulties
from mazegame.games.setup import GameSetup

MODE = "level"  #: the Store's mode for campaign results


def level_mode(view: str, demon: bool) -> str:
    """The mode that plays a level, as the modes' specs say: with a demon, the one where it
    hunts you (in the level's view); without, the one that plays levels of its view
    (`ModeSpec.level_view`)."""
    for name, spec in MODES.items():
        if (spec.demon == "hunts") if demon else (spec.level_view == view):
            return name
    raise LookupError(f"no mode plays a level seen {view!r}" + (" with a demon" * demon))


def _eye_aids() -> dict[str, str]:
    """A level's `aids` -> the player's-eye difficulty that gives exactly those aids."""
    names = {(d.minimap, d.compass): d.name for d in eye_difficulties()}
    return {"both": names[True, True], "map": names[True, False], "none": names[False, False]}


EYE_AIDS = _eye_aids()


def level_key(level: Level) -> str:
    """The results key of a level: its id and a digest of its maze as played."""
    from mazegame.engine.mazefile import to_json

    digest = hashlib.sha1(to_json(level.maze).encode()).hexdigest()[:12]
    return f"{level.id}:{digest}"


def counted_moves(level: Level, moves: int, bumps: int = 0) -> int:
    """The moves a level's stars count: move attempts in the blind view, else moves."""
    return moves + bumps if level.view == "blind" else moves


def two_star_limit(level: Level) -> int:
    """The most moves that still earn two stars."""
    if level.budget is not None:
        return level.budget
    return level.par + max(2, level.par // 4)


def stars_for(level: Level, moves: int | None) -> int:
    """Stars for a win in `moves` counted moves (0: not won)."""
    if moves is None:
        return 0
    if moves <= level.par:
        return 3
    return 2 if moves <= two_star_limit(level) else 1


def setup_for(level: Level) -> GameSetup:
    """The GameSetup that plays a level: its view's mode, or a turn-based chase with its demon.

    Options beyond the setup dialog's: "budget_moves" (a blind level's absolute budget, read
    by `games.blind.setup_budget`) and "speed", "head_start", "demon_start" (read by
    `games.chase_setup.setup_overrides`)."""
    maze = level.maze.copy()
    options: list[tuple[str, object]] = []
    mode = level_mode(level.view, level.demon is not None)
    if level.demon is not None:
        demon = level.demon
        options += [("view", level.view), ("demon", demon.personality),
                    ("speed", demon.speed), ("head_start", demon.head_start),
                    ("turn_based", True)]
        if demon.start is not None:
            options.append(("demon_start", demon.start))
    if level.view == "eye":  # the eye difficulty that gives away what the level allows
        options.append(("difficulty", EYE_AIDS[level.aids]))
    if level.view == "blind" and level.budget is not None:
        options.append(("budget_moves", level.budget))
    return GameSetup(mode, maze.algorithm or "backtracker", (maze.width, maze.height), 0,
                     maze.wrap_x, maze.wrap_y, tuple(options), level=maze, level_id=level.id)


@dataclass(frozen=True)
class LevelState:
    """How one level stands for the player."""

    level: Level
    unlocked: bool
    best: int | None  #: fewest counted moves in a win (None: never won)
    stars: int


@dataclass
class Campaign:
    """The levels, their chapters and the player's progress (read from and saved to `store`)."""

    levels: list[Level]
    chapters: dict[int, Chapter]
    store: object  #: a mazegame.storage.Store (or anything with its record/solved API)
    errors: list[LevelError] = field(default_factory=list)  #: files that did not load
    #: The player's own levels (made in the editor): always open, apart from the chapters.
    own: list[Level] = field(default_factory=list)
    _best: dict[str, int] | None = field(default=None, init=False, repr=False)

    @classmethod
    def load(cls, store, folder: Path | str | None = None,
             own_folder: Path | str | None = None) -> Campaign:
        """The campaign of a level folder (default: the shipped levels) and the player's own
        levels (`own_folder`, when given and there); bad files are kept in `errors` and left
        out, so the game goes on."""
        if folder is None:
            from mazegame.locations import asset

            folder = asset("levels")
        levels, errors = scan_levels(folder)
        own: list[Level] = []
        if own_folder is not None and Path(own_folder).is_dir():
            own, own_errors = scan_levels(own_folder, ordered=False)
            shipped = {lv.id for lv in levels}
            for level in own:  # an id is the level's name in results and on the command line
                if level.id in shipped:
                    errors.append(LevelError(str(Path(own_folder) / f"{level.id}.toml"), 1,
                                             f"id {level.id!r} is a campaign level's; "
                                             "rename your level"))
            own = [lv for lv in own if lv.id not in shipped]
            errors += own_errors
        chapters: dict[int, Chapter] = {}
        path = Path(folder) / "chapters.toml"
        if path.is_file():
            with contextlib.suppress(LevelError):  # scan_levels reported it already
                chapters = load_chapters(path)
        return cls(levels, chapters, store, errors, own)

    # -- progress ---------------------------------------------------------------------------
    def forget(self) -> None:
        """Read the player's progress again at next use (results were deleted)."""
        self._best = None

    def _wins(self) -> dict[str, int]:
        if self._best is None:
            self._best = self.store.solved(MODE, "")
        return self._best

    def best(self, level: Level) -> int | None:
        """Fewest counted moves of the player's wins on this level as it is now."""
        return self._wins().get(level_key(level))

    def won(self, level: Level) -> bool:
        """The player has won this level (as it is now)."""
        return self.best(level) is not None

    def stars(self, level: Level) -> int:
        """The player's best stars on this level (0: not won)."""
        return stars_for(level, self.best(level))

    def record(self, level: Level, *, won: bool, moves: int, seconds: float,
               bumps: int = 0, replay: str | None = None) -> int:
        """Save one finished game of a level (with its `replay`, games.replay); the stars
        it earned (0 when lost)."""
        counted = counted_moves(level, moves, bumps)
        self.store.record(MODE, level_key(level), won=won, moves=counted, optimum=level.par,
                          seconds=seconds, replay=replay)
        self._best = None
        return stars_for(level, counted) if won else 0

    # -- chapters ---------------------------------------------------------------------------
    @property
    def chapter_numbers(self) -> list[int]:
        """Every chapter with a title or a level, in order."""
        return sorted(set(self.chapters) | {lv.chapter for lv in self.levels})

    def chapter(self, number: int) -> Chapter:
        """A chapter's title and blurb (a plain one when chapters.toml has none)."""
        return self.chapters.get(number, Chapter(number, f"Chapter {number}", ""))

    def levels_in(self, number: int) -> list[Level]:
        """A chapter's levels in order."""
        return [lv for lv in self.levels if lv.chapter == number]

    def chapter_done(self, number: int) -> bool:
        """Every level of the chapter is won (an empty chapter is done)."""
        return all(self.won(lv) for lv in self.levels_in(number))

    def chapter_unlocked(self, number: int) -> bool:
        """Chapter 1 (the first) is open; a later one once every earlier chapter is done."""
        return all(self.chapter_done(k) for k in self.chapter_numbers if k < number)

    def unlocked(self, level: Level) -> bool:
        """The level may be played: its chapter is open, or it is one of the player's own."""
        return level in self.own or self.chapter_unlocked(level.chapter)

    def state(self, level: Level) -> LevelState:
        """How a level stands."""
        best = self.best(level)
        return LevelState(level, self.unlocked(level), best, stars_for(level, best))

    def get(self, level_id: str) -> Level | None:
        """The level with this id (the campaign's or the player's own)."""
        return next((lv for lv in (*self.levels, *self.own) if lv.id == level_id), None)

    def next_level(self, after: Level | None = None) -> Level | None:
        """The level to play next: after `after`, the following unlocked level in order;
        without one (or with nothing after it), the first unlocked level not yet won.
        None when there is nothing left to play."""
        if after is not None and after in self.own:  # the player's own: the next of those
            rest = self.own[self.own.index(after) + 1:]
            return rest[0] if rest else None
        ids = [lv.id for lv in self.levels]
        if after is not None and after.id in ids:
            for level in self.levels[ids.index(after.id) + 1:]:
                if self.chapter_unlocked(level.chapter):
                    return level
        return next((lv for lv in self.levels
                     if self.chapter_unlocked(lv.chapter) and not self.won(lv)), None)

    @property
    def total_stars(self) -> int:
        """Stars earned over the whole campaign."""
        return sum(self.stars(lv) for lv in self.levels)
