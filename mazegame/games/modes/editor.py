"""The level editor: draw a maze, play it, save it (games.editor)."""

from mazegame.games.modes.spec import Marker, ModeSpec

SPEC = ModeSpec(
    name="editor", title="Level editor",
    blurb="Draw a maze of your own. Arrows move the cursor; shift+arrows (or wasd) toggle a "
          "wall; o then a direction makes a door one-way; S start, G goal, X exit. The shortest "
          "path and the trap cells show as you draw; t plays it, ctrl+s saves a level.",
    goal="Draw a maze with a start and a goal, play it, save it.",
    tip="A trap cell has no way on to a goal: open a wall or turn a one-way door round.",
    screen="mazegame.ui.screens.editor:editor_screen",
    legend="mazegame.ui.screens.editor:LEGEND",
    # the maze is drawn (start and goal) and analysed: status counts one-way doors
    marker=Marker(status=("one-way",), board=("○", "◎")),
    maze_settings=False,
    builds=None,
    files="level",
)
