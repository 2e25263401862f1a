"""The campaign: levels that teach one idea at a time (games.levels; its chapters' screen)."""

from mazegame.games.modes.spec import Marker, ModeSpec

SPEC = ModeSpec(
    name="campaign", title="Campaign",
    blurb="Levels that teach one idea at a time: first mazes, blind mazes, your own eyes, mazes "
          "that wrap around, one-way doors, and the demon on a torus. Win every level of a "
          "chapter to open the next; par earns three stars.",
    goal="Win each level; finish at or under par for three stars.",
    tip="Each level teaches one idea: its card says which before you start.",
    screen="mazegame.ui.screens.campaign:CampaignScreen",
    legend="mazegame.ui.screens.campaign:LEGEND",
    # the chapters are listed with each level's stars (earned or not)
    marker=Marker(status=("levels won",), board=("☆★",)),
    maze_settings=False,
    builds=None,
    files="level-id",
)
