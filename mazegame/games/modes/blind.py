"""The blind maze: walls show up only when bumped into (games.blind)."""

from dataclasses import dataclass

from mazegame.games.modes.spec import WALK_MARKER, Choice, ModeSpec, check_choices

MAX_BUDGET_FACTOR = 1000  #: a budget factor beyond this is a typo, not a game
#: The budget factors the setup dialog offers (`play --budget` takes any from 1 to the max).
BUDGET = Choice("budget", "Move budget", (
    ("Unlimited", None), ("Generous (6x shortest)", 6.0),
    ("Fair (4x shortest)", 4.0), ("Tight (2.5x shortest)", 2.5),
))
#: What the player sees of the maze: yes or no each.
SHOWN = (
    Choice("show_bumped", "Bumped walls", (("Shown", True), ("Forgotten", False))),
    Choice("show_trail", "Your trail", (("Shown", True), ("Hidden", False))),
    Choice("reveal", "At the end", (("Reveal the maze", True), ("Keep it dark", False))),
)


@dataclass(frozen=True)
class BlindSettings:
    """The blind maze's settings: the move budget and what the player sees of the maze."""

    #: move attempts as a factor of the shortest path (None: unlimited); the setup dialog's
    #: BUDGET, or `play --budget 3x` (any factor from 1 to MAX_BUDGET_FACTOR)
    budget: float | None = None
    show_bumped: bool = True
    show_trail: bool = True
    reveal: bool = True
    #: move attempts, a whole number, instead of a factor: a campaign level's budget
    #: (`games.levels.setup_for`) or `play --budget 120`
    budget_moves: int | None = None

    def __post_init__(self) -> None:
        check_choices(self, SHOWN)
        budget, moves = self.budget, self.budget_moves
        if budget is not None:
            if isinstance(budget, bool) or not isinstance(budget, int | float) \
                    or not 1 <= budget <= MAX_BUDGET_FACTOR:  # NaN fails it too
                raise ValueError(f"the move budget is a factor of the shortest path from 1 "
                                 f"to {MAX_BUDGET_FACTOR}, or None; not {budget!r}")
            object.__setattr__(self, "budget", float(budget))
        if moves is not None and (isinstance(moves, bool) or not isinstance(moves, int)
                                  or moves < 1):
            raise ValueError(f"budget_moves, the move attempts allowed, is a whole number "
                             f"from 1; not {moves!r}")


SPEC = ModeSpec(
    name="blind", title="Blind maze",
    blurb="You see only the outer wall and yourself. Feel your way: a wall shows up when you "
          "bump into it. With a move budget, every move counts, and every bump into a wall you "
          "did not know (the outer wall and a wall bumped before are free).",
    goal="Reach the goal without seeing the walls (within the budget, if set).",
    tip="Always try the same turn first (say, right): a wall follower needs no map.",
    screen="mazegame.ui.screens.blind:BlindScreen",
    legend="mazegame.ui.screens.blind:LEGEND",
    marker=WALK_MARKER,  # the outer wall, the player and the goal are always in view
    choices=(BUDGET, *SHOWN),
    settings=BlindSettings,
    view="blind",
    tilings=("square", "hex", "triangle", "floors"),
    game="mazegame.games.blind:blind_game",
    replay="mazegame.games.replay:WALK",
    level_view="blind",
)
