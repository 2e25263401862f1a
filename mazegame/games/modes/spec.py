"""What a mode declares about itself (`ModeSpec`), and how a name like "module:attr" is found.

Data only: a spec names its screen, legend, game builders and replay kind as "module:attr"
strings, imported when first used (`load`), so games never imports ui and the menu, which
reads the registry first, loads no kernel and no screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from importlib import import_module


def load(target: str):
    """The object a "package.module:attribute" string names (its module imported now)."""
    module, _, attribute = target.partition(":")
    return getattr(import_module(module), attribute)


@dataclass(frozen=True)
class NoSettings:
    """The settings of a mode that takes none (the classic walk, the campaign): any key
    given is refused."""


def settings_from(cls: type, options: Iterable[tuple[str, object]]):
    """A mode's settings dataclass `cls` built from a setup's (key, value) pairs, checked
    once: a key it does not declare is refused, and so is a bad value (ValueError).

    A key the dataclass has renamed (its `RENAMED`, old -> new) is read under its new name,
    so recordings and command lines written before the rename still play."""
    known = {f.name for f in fields(cls)}
    renamed = getattr(cls, "RENAMED", {})
    given = {renamed.get(key, key): value for key, value in options}
    unknown = sorted(given.keys() - known)
    if unknown:
        raise ValueError(f"no setting {', '.join(map(repr, unknown))} here; the settings: "
                         f"{', '.join(sorted(known))}")
    return cls(**given)


def check_choices(settings, choices: Iterable[Choice]) -> None:
    """ValueError unless `settings` holds one of each choice's values (the dialog's and the
    command line's values are; a recording read from a file may not be)."""
    for choice in choices:
        value, offered = getattr(settings, choice.key), [v for _, v in choice.values]
        if value not in offered:
            raise ValueError(f"{choice.key} ({choice.label.lower()}) is one of "
                             f"{', '.join(map(repr, offered))}; not {value!r}")


@dataclass(frozen=True)
class Choice:
    """A mode-specific setting offered on the setup screen: labelled values and the default."""

    key: str
    label: str
    values: tuple[tuple[str, object], ...]
    default: int = 0  #: index of the value a game plays when the setting is not given

    @property
    def default_value(self) -> object:
        """The value a game plays when the setting is not given."""
        return self.values[self.default][1]


@dataclass(frozen=True)
class Marker:
    """What a mode's screen shows once its maze is drawn and takes keys (`bench.screens`
    reads an emulated terminal for it).

    `status`: words the top row (the status line) shows only once a game runs (each one
    must be there). `board`: groups of glyphs for the rows between the status line and the
    footer; each group is a string of alternatives, one of which must be on the board.
    """

    status: tuple[str, ...]
    board: tuple[str, ...]


#: The walking modes' marker: moves counted, the player and the goal in view.
WALK_MARKER = Marker(status=("Moves",), board=("@", "◎"))
#: Roles a demon plays against the player (`ModeSpec.demon`).
DEMON_ROLES = ("hunts", "races")


@dataclass(frozen=True, kw_only=True)
class ModeSpec:
    """One playable mode: everything the CLI, the menu, the setup dialog, help, the replays
    and the bench need to know about it. Registered by one line in `games.modes.SPECS`."""

    name: str
    title: str
    blurb: str
    goal: str  #: what wins, in one line (the menu and the help lead with it)
    tip: str  #: one piece of advice for the help screen
    #: "module:attr" of the screen factory, `(GameSetup) -> Screen` (in mazegame.ui)
    screen: str
    #: "module:attr" of the legend: the names of `ui.legend.SAMPLES` the screen draws, a
    #: tuple; a mapping view -> tuple when the player picks the view (`view` None)
    legend: str
    marker: Marker  #: what `mazegame bench --startup` waits for on the mode's screen
    choices: tuple[Choice, ...] = ()
    maze_settings: bool = True  #: the setup dialog asks for generator, size, seed and wrap
    #: The size its games play when the setup names none, the same on every screen (the
    #: interpreted mazes'); None: the largest maze that fits the screen.
    default_size: tuple[int, int] | None = None
    #: What the mode builds from --algo/--size/--seed/--wrap: "any" maze, "flat" mazes only
    #: (no wrap-around), or None (it builds no maze: puzzles come from packs).
    builds: str | None = "any"
    #: The boards its games play on (`engine.tilings.TILINGS` names): the setup dialog and
    #: `play --tiling` offer them; ("square",): the classic grid only.
    tilings: tuple[str, ...] = ("square",)
    #: What `mazegame play MODE FILE` reads: "maze" (a maze document or picture),
    #: "puzzles" (a jumping-maze pack), "level" (a level or maze file, the editor's),
    #: "level-id" (a campaign level's id), or None (the mode plays no file).
    files: str | None = "maze"
    #: The kernel warm-up tasks (`engine.warmup`) to run before all others when the mode
    #: opens on a fresh install; the setup's generator comes right after them.
    warm: tuple[str, ...] = ("maze",)
    #: How its games are seen ("birds-eye", "blind", "eye"); None: the "view" setting picks
    #: (and the legend follows the view).
    view: str | None = "birds-eye"
    #: The demon's role (DEMON_ROLES): "hunts" you to an exit, "races" you to one goal;
    #: None: no demon (`games.chase`).
    demon: str | None = None
    #: A walking game's builder, "module:attr" of `(setup, maze, clock, starts) -> WalkGame`
    #: (`games.replay.build_game`); None: the mode builds its game itself, on its screen.
    game: str | None = None
    #: "module:attr" of `(setup, fit) -> Maze` when the mode shapes its maze itself (a
    #: chase's exits); None: the setup's generated maze (`games.replay.build_maze`).
    maze: str | None = None
    #: "module:attr" of the replay `Kind` (`games.replay_base`); None: no replays.
    replay: str | None = None
    #: An interpreted maze (Suits 6.4): "module:attr" of `build(maze, seed, difficulty)`.
    interpretation: str | None = None
    #: The campaign plays its levels of this view without a demon in this mode.
    level_view: str | None = None
    #: The frozen dataclass of the mode's settings: a field for each of `choices` (its
    #: default the choice's) and for what else a setup may pin (a campaign level, the
    #: command line, a test); `GameSetup.settings` builds it, typed and checked.
    #: A mode whose player picks the view (`view` None) has settings with `seen_in`.
    settings: type = NoSettings

    def __post_init__(self) -> None:
        if self.demon not in (None, *DEMON_ROLES):
            raise ValueError(f"{self.name}: a demon {self.demon!r}, not one of {DEMON_ROLES}")
