"""Views, difficulties and the setup choices several modes share (the chase and race, the
interpreted mazes' rival). Demon personalities are the engine's registry
(`engine.personalities.PERSONALITIES`); the choices here are built from it, VIEWS and
DIFFICULTIES."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from mazegame.engine.personalities import PERSONALITIES
from mazegame.games.modes.spec import Choice, check_choices


@dataclass(frozen=True)
class View:
    """A way to see a chase: from above, blind, or through the player's eyes."""

    name: str
    title: str


@dataclass(frozen=True)
class Difficulty:
    """A preset: demon speed, personality, head start, how braided the maze is, and what the
    player's-eye view gives away (compass, mini-map)."""

    name: str
    title: str
    speed: Fraction
    personality: str
    head_start: int
    braid: float  #: fraction of dead ends removed: loops give room to dodge
    tick_seconds: float  #: real time: the demon's beat, and the player's pace (a move a beat)
    description: str
    compass: bool = False  #: the player's-eye view shows which way you face
    minimap: bool = False  #: the player's-eye view may show a map of what you have seen
    keen: float = 0.5  #: the demon's senses, 0..1 (`engine.personalities.Demon.keen`)
    #: where the demon starts against the obvious way out, chase and race
    #: (`engine.chase_safety.ROUTES`: "open", "close" or "cut")
    route: tuple[str, str] = ("open", "open")
    exits: int = 1  #: ways out of a chase's maze (a race has one goal)


VIEWS = {v.name: v for v in (
    View("birds-eye", "Bird's-eye"),
    View("blind", "Blind"),
    View("eye", "Player's eye"),
)}

# Tuned with `mazegame selfplay` (the standard bot's win rates are in games/selfplay.py):
# what makes a chase hard is less the demon's pace than where it starts. Easy: the obvious
# way out is open. Normal and up: the demon can cut the obvious way off, and another exit
# is the way (a chase is always winnable: engine.chase_safety).
DIFFICULTIES = {d.name: d for d in (
    Difficulty("easy", "Easy", Fraction(1, 2), "cheese", 8, 0.6, 0.25,
               "A slow demon that hunts by smell, a long head start, plenty of loops.",
               compass=True, minimap=True, keen=0.2, route=("open", "open"), exits=2),
    Difficulty("normal", "Normal", Fraction(3, 4), "wanderer", 0, 0.15, 0.22,
               "A roaming demon that tracks you once it hears you; it may be waiting by the "
               "nearest exit.",
               minimap=True, keen=0.6, route=("cut", "close"), exits=2),
    Difficulty("hard", "Hard", Fraction(9, 8), "tracker", 0, 0.1, 0.2,
               "A perfect tracker a little faster than you, often between you and the nearest "
               "exit: pick your way out.",
               keen=0.9, route=("cut", "close"), exits=3),
    Difficulty("nightmare", "Nightmare", Fraction(5, 4), "tracker", 0, 0.0, 0.18,
               "A perfect tracker faster than you, no loops, the nearest exit cut off: only "
               "the best route wins.",
               keen=1.0, route=("cut", "cut"), exits=3),
)}
DEFAULT_DIFFICULTY = "normal"  #: what a game plays when no difficulty is chosen
def difficulty_preset(difficulty: str) -> Difficulty:
    """The named difficulty of DIFFICULTIES (ValueError naming the known ones)."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; known: {', '.join(DIFFICULTIES)}")
    return DIFFICULTIES[difficulty]


#: The size a chase gets from the menu's default, "fit the screen", in the bird's-eye view
#: of a 120x40 terminal: what `mazegame selfplay` plays (the difficulties are tuned at it).
CHASE_SIZE = (29, 18)


def aids_text(difficulty: Difficulty) -> str:
    """What the player's-eye view gives away at a difficulty, in words."""
    if difficulty.minimap:
        return "mini-map and compass" if difficulty.compass else "mini-map, no compass"
    return "compass, no map" if difficulty.compass else "no map, no compass"


def eye_difficulties() -> list[Difficulty]:
    """The player's-eye mode's difficulties: one for each set of aids, the default first."""
    by_aids: dict[tuple[bool, bool], Difficulty] = {}
    for d in DIFFICULTIES.values():
        by_aids.setdefault((d.compass, d.minimap), d)
    return sorted(by_aids.values(), key=lambda d: d.name != DEFAULT_DIFFICULTY)


def personality_label(name: str) -> str:
    """A demon personality as the setup dialog names it, e.g. "Tracker (perfect)"."""
    cls = PERSONALITIES[name]
    return f"{cls.title.removeprefix('The ').capitalize()} ({cls.tagline})"


CHASE_CHOICES = (
    Choice("view", "View", tuple((v.title, v.name) for v in VIEWS.values())),
    Choice("difficulty", "Difficulty", tuple(
        (f"{d.title} (demon speed {d.speed})", d.name) for d in DIFFICULTIES.values()),
        default=list(DIFFICULTIES).index(DEFAULT_DIFFICULTY)),
    Choice("demon", "Demon", (("As the difficulty says", ""),
                              *((personality_label(name), name) for name in PERSONALITIES))),
    Choice("turn_based", "Timing", (("Real time", False), ("Turn-based", True))),
    Choice("two_player", "Players", (("One (computer demon)", False),
                                     ("Two on one keyboard", True))),
)


@dataclass(frozen=True)
class ChaseSettings:
    """A chase's or race's settings, typed and checked once (the setup dialog's choices,
    CHASE_CHOICES, and what a campaign level pins besides: the demon's pace, head start and
    start cell). Built from a GameSetup's options by `GameSetup.settings`."""

    view: str = "birds-eye"  #: VIEWS' name; two humans always play from above (`seen_in`)
    difficulty: str = DEFAULT_DIFFICULTY
    demon: str = ""  #: a personality, or "": the difficulty's own
    turn_based: bool = False
    two_player: bool = False
    speed: Fraction | None = None  #: demon steps a turn, instead of the difficulty's
    head_start: int | None = None  #: turns the demon sleeps, instead of the difficulty's
    demon_start: int | None = None  #: the demon's start cell (a level's), instead of placed

    def __post_init__(self) -> None:
        check_choices(self, CHASE_CHOICES)
        if self.speed is not None:  # a recording keeps it as text: "3/4"
            speed = Fraction(str(self.speed)).limit_denominator(100)
            if speed <= 0:
                raise ValueError(f"the demon's speed must be positive, not {self.speed}")
            object.__setattr__(self, "speed", speed)
        for key in ("head_start", "demon_start"):
            value = getattr(self, key)
            if value is not None:
                object.__setattr__(self, key, int(value))

    @property
    def seen_in(self) -> str:
        """The view the game is seen in: the one picked, but from above for two humans."""
        return "birds-eye" if self.two_player else self.view


CHASE_WARM = ("maze", "demon", *(f"demon {name}" for name in PERSONALITIES))

#: The interpreted mazes' setting: how fast the rival is.
RIVAL_DIFFICULTY = Choice("difficulty", "Difficulty", tuple(
    (f"{d.title} (rival speed {d.speed})", d.name) for d in DIFFICULTIES.values()),
    default=list(DIFFICULTIES).index(DEFAULT_DIFFICULTY))
