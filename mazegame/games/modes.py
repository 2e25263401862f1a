"""THE registry of game modes, chase views and difficulties: the CLI, the menu, the setup
dialog, help and the tests all enumerate it.

Data only (no Textual): the UI maps a mode's name to its screen (`mazegame.ui.screens.SCREENS`).
Demon personalities are the engine's registry (`mazegame.engine.personalities.PERSONALITIES`); the
setup choices here are built from it and from VIEWS and DIFFICULTIES. Only modes that work
are registered, in menu order.

Cheap to import (no numpy, no numba, no kernels): the menu reads it before anything else. The
jumping mazes' packs are named here as `games.jump` names them (PACK_NAMES, DAILY); a test
holds the two together.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from mazegame.engine.personalities import PERSONALITIES


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
class Mode:
    """One playable mode."""

    name: str
    title: str
    blurb: str
    goal: str = ""  #: what wins, in one line (the menu and the help lead with it)
    tip: str = ""  #: one piece of advice for the help screen
    choices: tuple[Choice, ...] = ()
    maze_settings: bool = True  #: the setup dialog asks for generator, size, seed and wrap
    #: What the mode builds from --algo/--size/--seed/--wrap: "any" maze, "flat" mazes only
    #: (no wrap-around), or None (it builds no maze: puzzles come from packs).
    builds: str | None = "any"
    #: What `mazegame play MODE FILE` reads: "maze" (a maze document or picture),
    #: "puzzles" (a jumping-maze pack), "level" (a level or maze file, the editor's),
    #: "level-id" (a campaign level's id), or None (the mode plays no file).
    files: str | None = "maze"
    #: The kernel warm-up tasks (`engine.warmup`) to run before all others when the mode
    #: opens on a fresh install; the setup's generator comes right after them.
    warm: tuple[str, ...] = ("maze",)


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


CHASE_MODES = ("chase", "race")  #: the modes played against a demon (games.chase)
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

CHASE_WARM = ("maze", "demon", *(f"demon {name}" for name in PERSONALITIES))

MODES: dict[str, Mode] = {m.name: m for m in (
    Mode(
        "campaign", "Campaign",
        "Levels that teach one idea at a time: first mazes, blind mazes, your own eyes, mazes "
        "that wrap around, one-way doors, and the demon on a torus. Win every level of a "
        "chapter to open the next; par earns three stars.",
        goal="Win each level; finish at or under par for three stars.",
        tip="Each level teaches one idea: its card says which before you start.",
        maze_settings=False,
        builds=None,
        files="level-id",
    ),
    Mode(
        "classic", "Classic",
        "The bird's-eye maze. Walk from the start ○ to the goal ◎ in as few moves as you can; "
        "the clock starts with your first step.",
        goal="Walk from the start to the goal in as few moves as you can.",
        tip="Lost? Keep one hand on a wall: in a maze without loops it always leads out.",
    ),
    Mode(
        "blind", "Blind maze",
        "You see only the outer wall and yourself. Feel your way: a wall shows up when you bump "
        "into it. With a move budget, every move counts, and every bump into a wall you did "
        "not know (the outer wall and a wall bumped before are free).",
        goal="Reach the goal without seeing the walls (within the budget, if set).",
        tip="Always try the same turn first (say, right): a wall follower needs no map.",
        choices=(
            Choice("budget", "Move budget", (
                ("Unlimited", None), ("Generous (6x shortest)", 6.0),
                ("Fair (4x shortest)", 4.0), ("Tight (2.5x shortest)", 2.5),
            )),
            Choice("show_bumped", "Bumped walls", (("Shown", True), ("Forgotten", False))),
            Choice("show_trail", "Your trail", (("Shown", True), ("Hidden", False))),
            Choice("reveal", "At the end", (("Reveal the maze", True), ("Keep it dark", False))),
        ),
    ),
    Mode(
        "eye", "Player's eye",
        "See only what lies ahead: turn left or right, step forward, find the glowing goal ◆. "
        "The computer knows where you are and which way you face; you may not.",
        goal="Find the goal seeing only the corridor ahead.",
        tip="Look down each side opening before walking on; m shows a map of what you saw.",
        choices=(
            Choice("difficulty", "Difficulty", tuple(
                (f"{d.title}: {aids_text(d)}", d.name) for d in eye_difficulties())),
            Choice("depth", "Sight", (("Far (8 cells)", 8), ("Medium (5)", 5), ("Short (3)", 3))),
        ),
    ),
    Mode(
        "chase", "Chase",
        "Reach an exit before the demon catches you. There are two or three; from Normal on, "
        "the demon may be waiting by the nearest, but one way out is always safe. In real "
        "time you move at most once a demon beat: a held key walks at that pace, and a press "
        "too early waits its turn. In the dark views you only hear it coming.",
        goal="Reach an exit before the demon catches you.",
        tip="Look where the demon is before you run: the nearest exit may be the trap.",
        choices=CHASE_CHOICES,
        warm=CHASE_WARM,
    ),
    Mode(
        "race", "Race",
        "You and the demon race to the same goal from different starts. No catching: just be "
        "there first.",
        goal="Reach the goal before the demon, which heads there too.",
        tip="Study the maze before your first step: the demon only starts moving when you do.",
        choices=CHASE_CHOICES,
        warm=CHASE_WARM,
    ),
    Mode(
        "jump", "Jumping maze",
        "Each square's number says exactly how far you jump: up, down, left or right (queen "
        "packs: diagonals too). Reach G in as few jumps as you can: par is the length of the "
        "shortest solution. t highlights where you have been, e shows your legal jumps.",
        goal="Reach G in as few jumps as par, the shortest solution.",
        tip="Work backwards: which squares can land on G in one jump? Then on those?",
        maze_settings=False,
        builds=None,
        files="puzzles",
        warm=("jump",),
        choices=(Choice("pack", "Puzzles", (
            ("Classics (Chain Reaction, Neller's 5x5)", "classics"), ("Rook 5x5 to 10x10", "rook"),
            ("Queen (diagonals too)", "queen"), ("Torus (edges wrap)", "torus"),
            ("No U-turns", "no-u-turn"), ("Puzzle of the day", "daily"),
        )),),
    ),
    Mode(
        "blindfold", "Blindfold puzzle",
        "You cannot see the maze. Type one sequence that gets out of every 3x3 maze: all 51 "
        "start in the upper-left corner and walk your moves in step; a move into rock or off "
        "the grid does nothing; a maze is out once its lower-right corner is visited. The "
        "worst maze left is drawn with your path in it. Par 11; then 3x4 (17) and 4x4 (29).",
        goal="One move sequence that gets out of every maze, in par moves for three stars.",
        tip="A move that bumps does no harm: go down and right, then undo the mazes that "
            "trap you by going back up or left.",
        maze_settings=False,
        builds=None,
        files=None,
        warm=("allmazes",),
        choices=(Choice("level", "Level", (
            ("3x3: 51 mazes, par 11", "3x3"), ("3x4: 295 mazes, par 17", "3x4"),
            ("4x4: 3828 mazes, par 29", "4x4"),
        )),),
    ),
    Mode(
        "lab", "Algorithm Lab",
        "Watch the algorithms think. Pick a generator and see it build a maze step by step, "
        "then race up to four solvers side by side: frontiers, labels, door marks, aroma. "
        "Play, pause, step, scrub; and for small mazes Suits' connection, distance and "
        "solution matrices. Place start and goal yourself (t), or the goal in the middle "
        "(c), where a wall follower can loop; `mazegame play lab FILE` opens a maze file.",
        goal="Watch generators build mazes and solvers race through them.",
        tip="z zooms in to show the labels, f fits a big maze on screen; m opens the "
            "matrices on mazes up to 81 cells.",
        maze_settings=False,
        builds="flat",
        files="maze",
        warm=("replay", "maze", "matrices"),
    ),
    Mode(
        "allmazes", "All mazes at once",
        "The lab of the blindfold puzzle: every 3x3 maze (or 3x4, or a sample of the 4x4 "
        "ones) walking one move sequence in lockstep, two sequences side by side: the "
        "optimum (or the best found) against a random walk, a staircase or your own. Solved "
        "mazes light up, the worst one left is highlighted. Play, pause, step, step back.",
        goal="Watch one sequence solve every maze at once, against another.",
        tip="Step through the optimal sequence: which mazes does each move back up or "
            "left rescue?",
        maze_settings=False,
        builds=None,
        files=None,
        warm=("allmazes",),
        choices=(Choice("mazes", "Mazes", (
            ("3x3: all 51", "3x3"), ("3x4: all 295", "3x4"), ("4x4: a sample of 3828", "4x4"),
        )),),
    ),
    Mode(
        "rat", "The learning rat",
        "Suits' self-teaching maze rat (section 5): a small neural net that sees only the "
        "kind of cell it stands in, picks a move through four mutually inhibiting move "
        "nodes, guesses the next cell's kind, and is rewarded at the goal. Watch it walk, "
        "its nodes light up, and its steps per episode fall towards the shortest path; "
        "train it fast (t), save (ctrl+s) and load (o) it.",
        goal="Watch a rat that knows only the cell it is in learn its way to the goal.",
        tip="Press t a few times: the curve's last episodes should sink well below the "
            "random walk's level; + and - set the walking speed.",
        builds="flat",
        files="maze",
    ),
    Mode(
        "editor", "Level editor",
        "Draw a maze of your own. Arrows move the cursor; shift+arrows (or wasd) toggle a "
        "wall; o then a direction makes a door one-way; S start, G goal, X exit. The shortest "
        "path and the trap cells show as you draw; t plays it, ctrl+s saves a level.",
        goal="Draw a maze with a start and a goal, play it, save it.",
        tip="A trap cell has no way on to a goal: open a wall or turn a one-way door round.",
        maze_settings=False,
        builds=None,
        files="level",
    ),
)}


def _interpreted_modes() -> tuple[Mode, ...]:
    """The interpreted mazes (Suits 6.4) whose kind is installed (games.interpreted)."""
    from mazegame.games.interpreted import available

    difficulty = Choice("difficulty", "Difficulty", tuple(
        (f"{d.title} (rival speed {d.speed})", d.name) for d in DIFFICULTIES.values()),
        default=list(DIFFICULTIES).index(DEFAULT_DIFFICULTY))
    modes = (
        Mode("bureaucracy", "Bureaucracy",
             "Contact Mr. X. Every office refers you to colleagues; some help, some never "
             "do (learn their names). A rival with a letter of their own is on the way too.",
             goal="Get to Mr. X before your rival does.",
             tip="Note the offices that never help: their names come round again.",
             choices=(difficulty,), builds="flat", files=None, warm=("maze", "demon")),
        Mode("trading", "Trading",
             "Start with a trinket, trade up to the prize named at the start. Good trades "
             "gain value, bad ones lose it; a rival trader races you to the prize.",
             goal="Trade your way up to the prize before the rival trader.",
             tip="Offers marked \"been there\" lead where you have been: try another.",
             choices=(difficulty,), builds="flat", files=None, warm=("maze", "demon")),
        Mode("instructional", "Problems",
             "Solve a problem to go on: harder problems lead towards the goal, easier ones "
             "away, a wrong answer keeps you where you are. A rival pupil races you.",
             goal="Solve your way to the goal before the rival pupil.",
             tip="A wrong answer only costs time: you stay where you are.",
             choices=(difficulty,), builds="flat", files=None, warm=("maze", "demon")),
    )
    return tuple(m for m in modes if available(m.name))


def _before(name: str, added: tuple[Mode, ...]) -> dict[str, Mode]:
    """MODES with `added` inserted before the mode `name` (menu order)."""
    order = list(MODES.values())
    at = next(i for i, m in enumerate(order) if m.name == name)
    return {m.name: m for m in (*order[:at], *added, *order[at:])}


MODES = _before("lab", _interpreted_modes())


def warm_first(setup) -> list[str]:
    """The warm-up tasks a setup's game needs first: its mode's, then its generator's."""
    return [*MODES[setup.mode].warm, f"generator {setup.algorithm}"]
