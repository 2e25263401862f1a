"""The level editor's screen: the maze drawn by MazeView with the cursor, the shortest path
and the trap cells laid over it, a status line, a panel about the cursor's cell, keys and
mouse. The rules are `games.editor.Editor`; this module only draws it and maps input.

Keys work in tmux and plain terminals alike: arrows (or hjkl) move the cursor; shift+arrow
(or w/a/s/d) toggles the wall on that side; o then a direction cycles that door through
open, one-way out, one-way in and wall. Mouse: a click on a cell moves the cursor there, a
click on a wall toggles it, a right click on a wall cycles its door.
"""

from __future__ import annotations

from pathlib import Path

from rich.markup import escape
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Static

from mazegame.engine.grid import DIRECTION_NAMES, EAST, NORTH, SOUTH, WEST
from mazegame.games.editor import DOOR_WORDS, Editor
from mazegame.games.editor_level import LevelInfo, id_from_path
from mazegame.games.setup import GameSetup
from mazegame.locations import own_levels_dir, write_refusal
from mazegame.ui import palette
from mazegame.ui.host import palette_of
from mazegame.ui.keys import ARROWS, MOVE_KEYS
from mazegame.ui.screens.dialogs import ConfirmScreen
from mazegame.ui.screens.editor_dialogs import (
    FieldsScreen,
    FillScreen,
    PlaytestScreen,
)
from mazegame.ui.widgets.footer import GameFooter
from mazegame.ui.widgets.maze_hit import picture_hit
from mazegame.ui.widgets.maze_view import MazeView

#: The help's legend (`ui.legend.SAMPLES`): the maze being drawn.
LEGEND = ("cursor", "start", "goal", "path", "trap", "wall", "one-way", "seam")

DIRECTIONS = {"north": NORTH, "east": EAST, "south": SOUTH, "west": WEST}
PANEL_MIN_WIDTH = 74  #: narrower screens give the whole width to the maze


def trap_glyph(p: palette.Palette) -> str:
    """A trap room's mark: a cross (an x in ASCII)."""
    return "x" if p.glyphs == "ascii" else "✗"


def legend(p: palette.Palette) -> str:
    """What the editor's marks mean, in the palette's glyphs."""
    return (f"[green]{p.GLYPH_PATH}[/] shortest path\n[red]{trap_glyph(p)}[/] trap: no way "
            f"on to a goal\n[yellow]{'>' if p.glyphs == 'ascii' else '→'}[/] one-way door")


def _editor_bindings() -> list[Binding]:
    """Cursor moves and wall toggles for the four directions, then the editor's keys."""
    moves = [Binding(f"{k.arrow},{k.vi}", f"cursor('{d}')", "Move", show=d == "north",
                     key_display=ARROWS, id=f"cursor-{d}", tooltip=f"Cursor {d} (also {k.vi})")
             for d, k in MOVE_KEYS.items()]
    walls = [Binding(f"shift+{k.arrow},{k.wasd}", f"wall('{d}')", "Wall", show=d == "north",
                     key_display="⇧" + ARROWS, id=f"wall-{d}",
                     tooltip=f"Toggle the {d} wall (also {k.wasd})")
             for d, k in MOVE_KEYS.items()]
    return [*moves, *walls,
            Binding("o", "door", "Door", id="door",
                    tooltip="Cycle a door: o, then a direction"),
            Binding("S", "start", "Start", id="start", tooltip="Put the start here"),
            Binding("G", "goal", "Goal", id="goal", tooltip="Make this cell a goal, or not"),
            Binding("X", "exit", "Exit", id="exit",
                    tooltip="Open an exit in the border here, or close it"),
            Binding("x", "wrap('x')", "Wrap x", show=False, id="wrap-x",
                    tooltip="Wrap left-right, or stop"),
            Binding("y", "wrap('y')", "Wrap y", show=False, id="wrap-y",
                    tooltip="Wrap top-bottom, or stop"),
            Binding("u", "undo", "Undo", id="undo", tooltip="Undo the last edit"),
            Binding("ctrl+r,U", "redo", "Redo", show=False, id="redo",
                    tooltip="Redo what was undone (also U)"),
            Binding("n", "fill", "New", show=False, id="fill",
                    tooltip="Fill with an open room or a generated maze"),
            Binding("i", "fields", "Level", show=False, id="fields",
                    tooltip="The level's id, title, chapter, view, par, budget"),
            Binding("t", "test_play", "Test", id="test", tooltip="Play the maze as it is"),
            Binding("L", "lab", "Lab", id="lab",
                    tooltip="Race solvers on the maze as it is in the Algorithm Lab (a wall "
                            "follower and BFS ticked); q comes back here"),
            Binding("ctrl+s", "save", "Save", id="save", tooltip="Save the level (TOML)"),
            Binding("left_square_bracket", "resize(-1, 0)", "Size", key_display="[]{}",
                    id="narrower", tooltip="One column fewer"),
            Binding("right_square_bracket", "resize(1, 0)", "Wider", show=False, id="wider",
                    tooltip="One column more"),
            Binding("left_curly_bracket", "resize(0, -1)", "Shorter", show=False,
                    id="shorter", tooltip="One row fewer"),
            Binding("right_curly_bracket", "resize(0, 1)", "Taller", show=False, id="taller",
                    tooltip="One row more"),
            Binding("escape,q", "leave", "Back", id="back",
                    tooltip="Back (asks first when there are unsaved changes)")]


class EditorScreen(Screen):
    """Draw a maze with keys and mouse; see its shortest path and traps; save it as a level."""

    BINDINGS = _editor_bindings()
    DEFAULT_CSS = """
    #editor-message {
        height: 1;
        padding: 0 1;
        color: $warning;
    }
    #editor-panel {
        width: 34;
        height: 100%;
        padding: 0 1;
        border-left: thick $panel;
        background: $surface;
    }
    """

    def __init__(self, setup: GameSetup, editor: Editor | None = None) -> None:
        super().__init__()
        self.setup = setup
        self.editor = editor or editor_for(setup)
        self.message = "; ".join(self.editor.notes)  #: the last thing the editor said
        self.door_pending = False  #: o was pressed: the next direction cycles that door

    def compose(self) -> ComposeResult:
        """Status line; the maze and the cell panel side by side; the footer."""
        yield Static("", id="status")
        with Horizontal(id="play-area"):
            yield MazeView(id="maze")
            yield Static("", id="editor-panel")
        yield Static("", id="editor-message")
        yield GameFooter()

    def on_mount(self) -> None:
        """Draw the maze being edited."""
        self.query_one(MazeView).focus()
        self.redraw()

    def on_resize(self, event: events.Resize) -> None:
        """Give a narrow screen's whole width to the maze."""
        self.query_one("#editor-panel").display = event.size.width >= PANEL_MIN_WIDTH

    # -- drawing ---------------------------------------------------------------------
    def redraw(self) -> None:
        """Redraw the maze, its overlays, the status line and the panel after an edit."""
        editor, view = self.editor, self.query_one(MazeView)
        maze, found = editor.maze, editor.analysis
        view.set_maze(maze, player=editor.cursor)  # keeps the cursor's cell in view
        view.player = None
        view.path_glyph = None
        view.set_path([c for c in found.path if c != maze.start and c not in maze.goals])
        self.draw_cursor()

    def draw_cursor(self) -> None:
        """Lay the trap marks and the cursor over the maze; update the texts."""
        p = palette_of(self)
        editor, view = self.editor, self.query_one(MazeView)
        start = editor.maze.start
        sprites = {cell: (p.GLYPH_START if cell == start else trap_glyph(p), p.BUMP)
                   for cell in editor.analysis.traps}
        sprites[editor.cursor] = (self.cell_glyph(editor.cursor), p.PLAYER)
        view.set_others(sprites)
        view.keep_in_view(editor.cursor)
        self.update_texts()

    def cell_glyph(self, cell: int) -> str:
        """The cursor: brackets round what the cell shows (start, goal, path), so that it
        reads without colour too; "+" where the room is too narrow for brackets."""
        p = palette_of(self)
        maze, view = self.editor.maze, self.query_one(MazeView)
        inner = (p.GLYPH_START if cell == maze.start
                 else p.GLYPH_GOAL if cell in maze.goals
                 else p.GLYPH_PATH if cell in view.path else " ")
        if view.room_width >= 3:
            return f"[{inner}]"
        return inner if inner != " " else "+"

    def update_texts(self) -> None:
        """The status line and the panel."""
        editor = self.editor
        status = f"[b]Level editor[/b]  {editor.status()}"
        self.query_one("#status", Static).update(status)
        self.query_one("#editor-message", Static).update(escape(self.message))
        self.query_one("#editor-panel", Static).update(self.panel_text())

    def panel_text(self) -> str:
        """About the cursor's cell (what it is, its four sides), the level and the legend."""
        editor = self.editor
        maze, cell, found = editor.maze, editor.cursor, editor.analysis
        r, c = maze.rc(cell)
        roles = [name for name, yes in (
            ("start", cell == maze.start), ("goal", cell in maze.goals),
            ("trap", cell in found.traps), ("on the path", cell in found.path)) if yes]
        roles += [f"exit {DIRECTION_NAMES[d]}" for e, d in editor.exits if e == cell]
        lines = [f"[b]Row {r}, column {c}[/b]", ", ".join(roles) or "floor", ""]
        for d, name in enumerate(DIRECTION_NAMES):
            state = editor.door_state(cell, d)
            if state is None:
                side = "exit" if (cell, d) in editor.exits else "border"
            else:
                side = DOOR_WORDS[state]
            lines.append(f" {name:<6} {side}")
        info = editor.info
        shortest = found.shortest
        par = info.par if info.par is not None else shortest
        lines += ["", f"[b]{escape(info.title)}[/b]", f"{escape(info.id)} · chapter {info.chapter}",
                  f"view {info.view}",
                  f"par {par if par is not None else '-'}"
                  + (f" · budget {info.budget}" if info.budget else ""),
                  "", legend(palette_of(self))]
        if self.door_pending:
            lines += ["", "[yellow]Door: press a direction[/]"]
        return "\n".join(lines)

    def say(self, message: str) -> None:
        """Show what the editor said about the last key ("" clears it)."""
        self.message = message
        self.update_texts()

    def edit(self, message: str) -> None:
        """After an edit: its refusal, or the redrawn maze."""
        self.message = message
        if message:
            self.update_texts()
        else:
            self.redraw()

    # -- keys --------------------------------------------------------------------------
    def action_cursor(self, direction: str) -> None:
        """Move the cursor (or, after o, cycle the door that way)."""
        if self.door_pending:
            self.action_wall(direction)
            return
        self.editor.move_cursor(DIRECTIONS[direction])
        self.message = ""
        self.draw_cursor()

    def action_wall(self, direction: str) -> None:
        """Toggle the wall on one side of the cursor (or, after o, cycle its door)."""
        d = DIRECTIONS[direction]
        if self.door_pending:
            self.door_pending = False
            self.edit(self.editor.cycle_door(d))
            state = self.editor.door_state(self.editor.cursor, d)
            if not self.message and state is not None:
                self.say(f"{direction}: {DOOR_WORDS[state]}")
        else:
            self.toggle_side(d)

    def toggle_side(self, d: int) -> None:
        """Toggle the wall on side d of the cursor; on the border that is an exit (say so)."""
        border = self.editor.door_state(self.editor.cursor, d) is None
        self.edit(self.editor.toggle_wall(d))
        if border and not self.message:
            now = "an exit" if (self.editor.cursor, d) in self.editor.exits else "no exit"
            self.say(f"{DIRECTION_NAMES[d]} border: {now} now (the same key or X toggles it)")

    def action_door(self) -> None:
        """Wait for the direction of the door to cycle."""
        self.door_pending = not self.door_pending
        self.say("o: which door? press a direction (o again cancels)" if self.door_pending
                 else "")

    def action_start(self) -> None:
        """Put the start on the cursor."""
        self.edit(self.editor.set_start())

    def action_goal(self) -> None:
        """Toggle a goal on the cursor."""
        self.edit(self.editor.toggle_goal())

    def action_exit(self) -> None:
        """Toggle an exit on the cursor's border side."""
        self.edit(self.editor.toggle_exit())

    def action_wrap(self, axis: str) -> None:
        """Toggle wrap-around on an axis."""
        self.edit(self.editor.toggle_wrap(axis))

    def action_resize(self, dw: int, dh: int) -> None:
        """Grow or shrink the maze by a row or column."""
        maze = self.editor.maze
        self.edit(self.editor.resize(maze.width + dw, maze.height + dh))

    def action_undo(self) -> None:
        """Undo the last edit."""
        self.edit(self.editor.undo())

    def action_redo(self) -> None:
        """Redo an undone edit."""
        self.edit(self.editor.redo())

    def action_fill(self) -> None:
        """Ask what to fill the maze with, then fill it."""
        def chosen(choice: tuple[str | None, int] | None) -> None:
            if choice is not None:
                self.edit(self.editor.fill(*choice))

        self.app.push_screen(FillScreen(), chosen)

    def action_fields(self, then_save: bool = False) -> None:
        """Edit the level's fields (then save, when asked from a first save)."""
        def chosen(result: tuple[dict, Path] | None) -> None:
            if result is None:
                return
            changes, folder = result
            problem = self.editor.set_info(**changes)
            if problem:
                self.say(problem)
                return
            self.editor.folder = folder
            self.redraw()
            if then_save:
                self.save()

        self.app.push_screen(FieldsScreen(self.editor, saving=then_save), chosen)

    def action_test_play(self) -> None:
        """Play a copy of the maze in the classic walk; q comes back here."""
        if not self.editor.analysis.path:
            self.say("no goal is reachable from the start: nothing to play yet")
            return
        setup = GameSetup("editor", level=self.editor.maze.copy())
        self.app.push_screen(PlaytestScreen(setup))

    def action_lab(self) -> None:
        """Open the lab on a copy of the maze; the edit stays here as it is."""
        from mazegame.ui.screens.lab import lab_on_maze  # the lab is big: load it when asked

        self.door_pending = False
        self.app.push_screen(lab_on_maze(self.editor.maze, self.editor.info.title))

    def action_save(self) -> None:
        """Save the level; a level never saved asks for its fields and folder first."""
        if self.editor.opened is None:
            self.action_fields(then_save=True)
        else:
            self.save()

    def save(self) -> None:
        """Write the level (asking before overwriting a file that is not this level's;
        served, refusing a path outside the data folder before that)."""
        from mazegame.engine.readfile import ReadError, exists

        editor, path = self.editor, self.editor.save_path
        if refusal := write_refusal(path):
            self.say(f"not saved: {refusal}")
            return
        try:
            there = exists(path)
        except ReadError as err:  # a folder name too long to look up, ...
            self.say(f"not saved: {err.why} ({err.name})")
            return
        if there and editor.opened != path:
            def confirmed(yes: bool | None) -> None:
                if yes:
                    editor.opened = path
                    self.save()

            self.app.push_screen(ConfirmScreen(f"{path} exists. Overwrite it?"), confirmed)
            return
        problem = editor.save()
        if problem:
            self.say(problem)
        else:
            editor.opened = path
            self.say(f"saved {path}")

    def action_leave(self) -> None:
        """Back to where we came from, asking first about unsaved changes."""
        if self.door_pending:
            self.action_door()
            return
        if not self.editor.unsaved:
            self.dismiss()
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.dismiss()

        self.app.push_screen(ConfirmScreen("Leave without saving your changes?"), confirmed)

    # -- mouse ---------------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        """A click on a cell moves the cursor; on a wall toggles it (right click: its door)."""
        view = self.query_one(MazeView)
        if event.widget is not view or view.maze is None:
            return
        offset = event.get_content_offset(view)
        if offset is None:
            return
        hit = picture_hit(view, offset.x, offset.y)
        if hit is None:
            return
        cell, d = hit
        self.door_pending = False
        self.editor.put_cursor(cell)
        if d is None:
            self.message = ""
            self.draw_cursor()
        elif event.button == 3 or event.ctrl:
            self.edit(self.editor.cycle_door(d))
        else:
            self.toggle_side(d)


def editor_for(setup: GameSetup) -> Editor:
    """The editor a setup asks for: on its file, on its maze, or on a new 10x8 room."""
    settings = setup.settings
    if settings.file is not None:
        editor = Editor.open(settings.file)
    elif settings.new is not None:  # a level file to be: saved there without asking
        new = Path(settings.new)
        editor = Editor.blank(*(setup.size or (10, 8)), folder=new.parent, opened=new,
                              info=LevelInfo(id=id_from_path(new), title=new.stem))
    elif setup.level is not None:
        editor = Editor(setup.level, cursor=setup.level.start)
    else:  # from the command line: the folder it ran in; from the menu: the player's levels
        folder = settings.folder
        editor = Editor.blank(*(setup.size or (10, 8)),
                              folder=Path(folder) if folder else own_levels_dir())
    return editor


def editor_screen(setup: GameSetup) -> EditorScreen:
    """The editor's screen for a setup (the menu's entry and `mazegame edit`)."""
    return EditorScreen(setup)
