"""The level editor: draw a maze, play it, save it (games.editor)."""

from dataclasses import dataclass, fields

from mazegame.games.modes.spec import Marker, ModeSpec


@dataclass(frozen=True)
class EditorSettings:
    """Where the editor opens, at most one of three paths (none: a new maze saved among the
    player's levels, or on the setup's maze). Set by the command line: `mazegame edit` and
    `mazegame play editor FILE`; the menu sets none."""

    file: str | None = None  #: a level or maze file to open (`edit FILE`, `play editor FILE`)
    new: str | None = None  #: a level file to be, saved there without asking (`edit NEW.toml`)
    folder: str | None = None  #: where a new maze is saved (`edit` alone: the folder it ran in)

    def __post_init__(self) -> None:
        given = {f.name: getattr(self, f.name) for f in fields(self)}
        given = {key: path for key, path in given.items() if path is not None}
        for key, path in given.items():
            if not isinstance(path, str) or not path:
                raise ValueError(f"the editor's {key} is a path, not {path!r}")
        if len(given) > 1:
            raise ValueError(f"the editor opens one of file, new and folder; not "
                             f"{' and '.join(given)}")

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
    settings=EditorSettings,
)
