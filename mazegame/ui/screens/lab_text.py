"""The Algorithm Lab's words: its keys, status line, the race's progress, the side panel's notes."""

from __future__ import annotations

from rich.markup import escape
from textual.binding import Binding

from mazegame.engine.grid import Maze
from mazegame.games.lab import FPS, Playback, Standing
from mazegame.games.lab_board import on_board
from mazegame.ui import palette
from mazegame.ui.widgets.lab_picker import GenerateRequest

LAB_KEYS = [  #: the lab's keys, with their footer labels and tooltips
    Binding("space,p", "play", "Play/pause", key_display="space", id="lab-play",
            tooltip="Play or pause the replay"),
    Binding("right,l", "step(1)", "Step", key_display="←→", id="lab-step",
            tooltip="One event forward"),
    Binding("left,h", "step(-1)", "Back", show=False, id="lab-back",
            tooltip="One event back"),
    Binding("home", "jump_start", "Start", show=False, id="lab-start",
            tooltip="Jump to the start of the trace"),
    Binding("end", "jump_end", "End", id="lab-end", tooltip="Jump to the end of the trace"),
    Binding("plus,equals_sign", "speed(1)", "Speed", key_display="+ -", id="lab-faster",
            tooltip="Play faster (up to thousands of events per frame)"),
    Binding("minus", "speed(-1)", "Slower", show=False, id="lab-slower",
            tooltip="Play slower (down to one event per second)"),
    Binding("g", "build", "Build", id="lab-build",
            tooltip="Build a maze with the generator, size and seed picked on the left"),
    Binding("r", "race", "Race", id="lab-race",
            tooltip="Race the ticked solvers on this maze"),
    Binding("n", "new_seed", "New seed", id="lab-new-seed",
            tooltip="Build again with a new random seed"),
    Binding("m", "matrices", "Matrices", id="lab-matrices",
            tooltip="Connection, distance and solution matrices (mazes up to 256 cells)"),
    Binding("z", "zoom", "Zoom", id="lab-zoom", tooltip="Narrower or wider rooms"),
    Binding("x", "cancel", "Cancel", show=False, id="lab-cancel",
            tooltip="Stop the solvers still running"),
    Binding("e", "toggle_steps", "Steps", show=False, id="lab-toggle-steps",
            tooltip="Hide or show the algorithm's numbered steps, the one being run marked "
                    "(on a narrow terminal in the side panel's place; a race too wide for a "
                    "column each shows the focused maze's: tab)"),
    Binding("s", "toggle_side", "Side panel", show=False, id="lab-toggle-side",
            tooltip="Hide or show the pickers and notes (more room for the mazes)"),
    Binding("escape,q", "app.pop_screen", "Menu", id="lab-back-menu",
            tooltip="Back to the menu"),
]

def legend_lines(p: palette.Palette) -> dict[str, str]:
    """One legend line per thing a trace can draw (`TraceRun.legend_keys` names them), in
    order, in palette `p`'s colours and glyphs."""
    heat, sets, shades = p.HEAT_COLOURS, p.SET_COLOURS, p.GLYPH_SHADES
    return {
        "frontier": f"[on {p.FRONTIER_COLOUR}] {p.GLYPH_FRONTIER} [/] frontier: next to the tree",
        "visited": f"[on {p.VISITED_COLOUR}]   [/] visited",
        "active": f"[on {p.ACTIVE_COLOUR}]   [/] active: on the stack or the walk",
        "path": f"[on {p.SUCCESS}]   [/] path",
        "dead": f"[on {p.DEAD_COLOUR}]   [/] dead end / filled",
        "aroma": f"[on {heat[1]}] {shades[1]} [/][on {heat[-1]}] {shades[-1]} [/] aroma: "
                 "faintest to strongest",
        "sets": f"[on {sets[0]}] a [/][on {sets[1]}] b [/] sets: a colour and a letter each",
        "direction": f"{p.GLYPH_ARROWS} the walk's way on (loops erased)",
        "focus": f"[on {p.FOCUS_COLOUR}] {p.GLYPH_FOCUS} [/] in focus: the scan row, chamber "
                 "or run",
        "numbers": "12 labels: distances or visits; in narrow rooms the last digit, "
                   "underlined past 9 (12: [u]2[/u]; zoom in, z)",
        "door letters": "E R X Tremaux's chalk: explored, return, bounced; numbers: steps to "
                        "the goal (rooms 3 wide and more: zoom in, z)",
        "lru doors": f"{p.DOOR_DOT} doors by when last used (bright: recent)",
        "agents": f"{p.AGENT_GLYPHS[0]} {p.AGENT_GLYPHS[1]} agents (one per solver)",
    }


def legend(p: palette.Palette, keys: set[str] | None = None) -> str:
    """The legend for what is on show (`keys`, see `TraceRun.legend_keys`; None: all of it),
    in palette `p`."""
    lines = [line for key, line in legend_lines(p).items() if keys is None or key in keys]
    return "[b]Colours[/b]\n" + "\n".join(lines) if lines else ""


def explanation(p: palette.Palette, items: list[tuple[str, str, str]],
                keys: set[str] | None = None) -> str:
    """The side panel's notes: each algorithm's title, summary and source, then the legend
    of what is on show (`keys`; None: the whole legend) in palette `p`."""
    text = "\n\n".join(f"[b]{title}[/b]\n{summary}\n[dim]— {source}[/dim]"
                       for title, summary, source in items)
    key = legend(p, keys)
    return f"{text}\n\n{key}" if key else text


def race_table(table: list[Standing]) -> str:
    """The race's result for the side panel: the winner, then each solver's steps, cells
    visited and path length, best first (`games.lab.standings`); two lines a solver, to fit."""
    won = table[0].title if table and table[0].found else None
    lines = [f"[b]Winner: {escape(won)}[/b]" if won else "[b]No winner:[/b] no solver got there"]
    for place, row in enumerate(table, 1):
        path = f"{row.path:,}" if row.found else "none"
        lines += [f"{place}. {escape(row.title)}",
                  # no-break spaces: a narrow panel wraps between figures, not inside one
                  f"{row.steps:,}\u00a0steps, {row.visited:,}\u00a0visited, path\u00a0{path}"]
    return "\n".join(lines)


def progress_line(solving: str, steps: int) -> str:
    """While the solvers run: which one, and how many steps it has taken."""
    counted = f" · {steps:,} steps" if steps else ""
    return f"solving: {solving}{counted}   [reverse] x: cancel [/]"


def status_line(request: GenerateRequest, maze: Maze, phase: str, playing: bool,
                playback: Playback) -> str:
    """What is on show and how it plays: maze, phase, play state, speed, and the next key."""
    state = "▶ playing" if playing else "‖ paused"
    speed = playback.events_per_second
    per_frame = f" ({speed // FPS:,}/frame)" if speed >= 2 * FPS else ""
    hint = ""
    if playback.at_end:
        hint = "   [reverse] r: race the ticked solvers [/]" if phase != "race" \
            else "   [reverse] R: same race, new seed · g: build another maze [/]"
    seed = "" if request.seed is None else f" · seed {request.seed}"  # None: a maze file
    size = f"{maze.width}x{maze.height}" if not on_board(maze) \
        else f"{maze.tiling} {request.size[0]}x{request.size[1]}"
    return (f"{request.generator} · {size}{seed}   "
            f"{phase}: {state} at {speed:,} events/s{per_frame}{hint}")
