"""Classic: the bird's-eye walk from start to goal (games.walk)."""

from mazegame.games.modes.spec import WALK_MARKER, ModeSpec

SPEC = ModeSpec(
    name="classic", title="Classic",
    blurb="The bird's-eye maze. Walk from the start ○ to the goal ◎ in as few moves as you can; "
          "the clock starts with your first step.",
    goal="Walk from the start to the goal in as few moves as you can.",
    tip="Lost? Keep one hand on a wall: in a maze without loops it always leads out.",
    screen="mazegame.ui.screens.walk:WalkScreen",
    legend="mazegame.ui.screens.walk:LEGEND",
    marker=WALK_MARKER,
    game="mazegame.games.walk:walk_game",
    replay="mazegame.games.replay:WALK",
    level_view="birds-eye",
    tilings=("square", "hex", "triangle", "weave", "floors"),
)
