"""The jumping maze: each square says how far you jump (games.jump, engine.jump).

Its packs are named as `games.jump` names them (PACK_NAMES, DAILIES); a test holds the two
together."""

from dataclasses import dataclass

from mazegame.games.modes.spec import Choice, Marker, ModeSpec, check_choices

CHOICES = (Choice("pack", "Puzzles", (
    ("Classics (Chain Reaction, Neller's 5x5)", "classics"), ("Rook 5x5 to 10x10", "rook"),
    ("Queen (diagonals too)", "queen"), ("Torus (edges wrap)", "torus"),
    ("No U-turns", "no-u-turn"), ("Hexagons (six directions)", "hex"),
    ("Triangles (six directions)", "triangle"), ("Puzzle of the day", "daily"),
    ("Puzzle of the day on hexagons", "daily-hex"),
    ("Puzzle of the day on triangles", "daily-triangle"),
)),)


@dataclass(frozen=True)
class JumpSettings:
    """The jumping maze's settings: the shipped pack to play, or a puzzle file instead
    (`mazegame play jump FILE`)."""

    pack: str = "classics"
    file: str | None = None  #: a pack or puzzle file to play instead of a shipped pack

    def __post_init__(self) -> None:
        check_choices(self, CHOICES)


SPEC = ModeSpec(
    name="jump", title="Jumping maze",
    blurb="Each square's number says exactly how far you jump: up, down, left or right (queen "
          "packs: diagonals too; hexagons and triangles: six ways). Reach G in as few jumps "
          "as you can: par is the length of the shortest solution. t highlights where you "
          "have been, e shows your legal jumps.",
    goal="Reach G in as few jumps as par, the shortest solution.",
    tip="Work backwards: which squares can land on G in one jump? Then on those?",
    screen="mazegame.ui.screens.jump:jump_screen",
    legend="mazegame.ui.screens.jump:LEGEND",
    marker=Marker(status=("Jumps",), board=("G",)),  # the numbered board and its goal
    maze_settings=False,
    # a board beyond the square plays that tiling's pack (`ui.screens.jump.jump_screen`)
    tilings=("square", "hex", "triangle"),
    builds=None,
    files="puzzles",
    warm=("jump",),
    choices=CHOICES,
    settings=JumpSettings,
    replay="mazegame.games.replay_kinds:JUMP",
)
