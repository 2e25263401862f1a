"""The learning rat: Suits' self-teaching maze rat (games.rat, engine.rat)."""

from dataclasses import dataclass

from mazegame.games.modes.spec import Marker, ModeSpec


@dataclass(frozen=True)
class RatSettings:
    """How the learning rat opens (not the setup dialog's: a test's)."""

    autoplay: bool = True  #: the rat walks at once; False opens paused (tests step it)

    def __post_init__(self) -> None:
        if not isinstance(self.autoplay, bool):
            raise ValueError(f"autoplay is True or False, not {self.autoplay!r}")

SPEC = ModeSpec(
    name="rat", title="The learning rat",
    blurb="Suits' self-teaching maze rat (section 5): a small neural net that sees only the "
          "kind of cell it stands in, picks a move through four mutually inhibiting move "
          "nodes, guesses the next cell's kind, and is rewarded at the goal. Watch it walk, "
          "its nodes light up, and its steps per episode fall towards the shortest path; "
          "train it fast (t), save (ctrl+s) and load (o) it.",
    goal="Watch a rat that knows only the cell it is in learn its way to the goal.",
    tip="Press t a few times: the curve's last episodes should sink well below the "
        "random walk's level; + and - set the walking speed.",
    screen="mazegame.ui.screens.rat:rat_screen",
    legend="mazegame.ui.screens.rat:LEGEND",
    # the maze is drawn (start and goal) and the curve's figures are in the status
    marker=Marker(status=("last 20",), board=("○", "◎")),
    builds="flat",
    files="maze",
    settings=RatSettings,
)
