"""The algorithm lab: generators and solvers at work, step by step (games.lab)."""

from mazegame.games.modes.spec import Marker, ModeSpec

SPEC = ModeSpec(
    name="lab", title="Algorithm Lab",
    blurb="Watch the algorithms think. Pick a generator and see it build a maze step by step, "
          "then race up to four solvers side by side: frontiers, labels, door marks, aroma. "
          "Play, pause, step, scrub; and for small mazes Suits' connection, distance and "
          "solution matrices. Place start and goal yourself (t), or the goal in the middle "
          "(c), where a wall follower can loop; `mazegame play lab FILE` opens a maze file.",
    goal="Watch generators build mazes and solvers race through them.",
    tip="z zooms in to show the labels, f fits a big maze on screen; m opens the "
        "matrices on mazes up to 81 cells.",
    screen="mazegame.ui.screens.lab:lab_screen",
    legend="mazegame.ui.screens.lab:LEGEND",
    # the maze is drawn (start and goal) and its generator plays: status shows the seed
    marker=Marker(status=("seed",), board=("○", "◎")),
    maze_settings=False,
    builds="flat",
    files="maze",
    warm=("replay", "maze", "matrices"),
)
