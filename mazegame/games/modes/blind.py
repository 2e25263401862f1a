"""The blind maze: walls show up only when bumped into (games.blind)."""

from mazegame.games.modes.spec import WALK_MARKER, Choice, ModeSpec

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
    choices=(
        Choice("budget", "Move budget", (
            ("Unlimited", None), ("Generous (6x shortest)", 6.0),
            ("Fair (4x shortest)", 4.0), ("Tight (2.5x shortest)", 2.5),
        )),
        Choice("show_bumped", "Bumped walls", (("Shown", True), ("Forgotten", False))),
        Choice("show_trail", "Your trail", (("Shown", True), ("Hidden", False))),
        Choice("reveal", "At the end", (("Reveal the maze", True), ("Keep it dark", False))),
    ),
    view="blind",
    game="mazegame.games.blind:blind_game",
    replay="mazegame.games.replay:WALK",
    level_view="blind",
)
