"""Helpers of the mode contract (test_mode_contract.py): a mode's screen opened the same way
for every mode, what is on the screen as text, the keys its footer shows, and a game played
to its end by what the screen is (a walk, a jumping board, an interpreted maze), never by
the mode's name.

Reading the whole screen as text needs Textual's compositor: `screen_strips` comes from
textual_private.py, the one module of private Textual the tests read (footer keys are found
by their CSS type, `ui.widgets.footer.KEY`).
"""

from __future__ import annotations

import ast
import re
from dataclasses import fields
from pathlib import Path

import pytest
from textual.binding import Binding
from textual.widgets import Checkbox, Static

import mazegame
from mazegame.games.modes import MODES
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.dialogs import HelpScreen
from mazegame.ui.screens.records import RecordsScreen
from mazegame.ui.widgets.footer import KEY as FOOTER_KEY
from tests.functional.conftest import eye_keys, keys_for_path, settle
from tests.functional.ui.textual_private import notifications, screen_strips

BIG, SMALL = (120, 40), (80, 24)  #: the terminal sizes every rule is held at
SEED = 7
LETTER_KEYS = {"u": "up", "d": "down", "l": "left", "r": "right"}  #: a typed sequence's moves
#: A key an end panel offers: "n  new maze", "Enter  next: The garden path", "r again".
END_KEY = re.compile(r"(?:^|\s{2,}|\n)(Enter|[a-z?\[\]]) {1,2}([a-z][\w ,':]*?)(?= {2,}|\n|$)")


def mode_cases() -> list[str]:
    """Every mode, then every mode on each other board it plays on ("classic@hex": the
    `ModeSpec.tilings` beyond the square), as the rules' cases."""
    return [*MODES, *(f"{mode}@{board}" for mode, spec in MODES.items()
                      for board in spec.tilings if board != "square")]


def setup_of(mode: str, **choices) -> GameSetup:
    """A mode's game for the contract: a small seeded maze, labs paused, a demon that keeps
    time with the player's moves (turn-based, where the mode has the choice), `choices` on
    top; "mode@board" plays it on that board."""
    mode, _, board = mode.partition("@")
    takes = {field.name for field in fields(MODES[mode].settings)}
    options = {"autoplay": False} if "autoplay" in takes else {}
    if "turn_based" in takes:
        options["turn_based"] = True
    options.update(choices)
    return GameSetup(mode, "backtracker", (8, 6), SEED, options=tuple(options.items()),
                     tiling=board or "square")


def new_app(setup: GameSetup | None = None) -> MazeApp:
    """An app on the setup's screen (the menu without one), warm-up and animations off."""
    return MazeApp(setup, warm_up=False, animations=False)


def screen_text(app) -> str:
    """Everything on the terminal now (the screen on top, over those it lets show through),
    as lines of plain text: glyphs only, no colour."""
    return "\n".join("".join(s.text for s in line) for line in screen_strips(app))


def panels_of(screen) -> list:
    """The game's own panels on a screen (Static widgets of mazegame's that draw a figure of
    their own: the rat's net, its learning curve)."""
    return [w for w in screen.query(Static) if type(w).__module__.startswith("mazegame.")
            and type(w) is not Static and w.display]


def widget_text(app, widget) -> str:
    """The text on the terminal where `widget` is drawn, row by row."""
    region = widget.region
    rows = screen_text(app).splitlines()[region.y:region.bottom]
    return "\n".join(row[region.x:region.right] for row in rows)


def box_glyphs(text: str) -> set[str]:
    """How the check boxes in `text` read ("▐X▌"), Textual's button drawn between its left
    and right ends."""
    left, right = Checkbox.BUTTON_LEFT, Checkbox.BUTTON_RIGHT
    return set(re.findall(f"{re.escape(left)}.{re.escape(right)}", text))


def footer_keys(screen) -> list:
    """The keys the footer shows (those hidden for want of room are not in it)."""
    return [key for key in screen.query(FOOTER_KEY) if key.display and key.region.width]


def state_of(app) -> tuple:
    """What a player can see change: which screen is on top, the text on the terminal, the
    notices shown."""
    return (app.screen, len(app.screen_stack), screen_text(app), len(notifications(app)))


async def changed_from(pilot, app, before: tuple, tries: int = 50) -> bool:
    """Whether the screen's state leaves `before`, pausing between looks: a widget a key
    mounted reaches the terminal at the screen's next refresh, which a loaded machine
    delays (`tries` only bounds the wait for a key that does nothing)."""
    for _ in range(tries):
        if state_of(app) != before:
            return True
        await pilot.pause(0.02)
    return state_of(app) != before


async def back_to(app, pilot, screen, setup: GameSetup):
    """Close whatever a key opened above `screen`; reopen the mode if the key left it.
    Returns the mode's screen now on show."""
    while app.screen is not screen and screen in app.screen_stack:
        app.pop_screen()
        await pilot.pause()
    if app.screen is not screen:
        while len(app.screen_stack) > 2:
            app.pop_screen()
        app.start_mode(setup)
        await settle(pilot)
    return app.screen


def panel_keys(text: str) -> list[tuple[str, str]]:
    """The keys an end panel offers, (key, what it does): "n  new maze" and the like."""
    return [(key.lower() if key == "Enter" else key, what.strip())
            for key, what in END_KEY.findall(text)]


def binding_for(screen, shown: str):
    """(key, active binding) of the screen's binding a panel names `shown` ("]", "enter"),
    or (shown, None) when nothing on the screen is bound to it."""
    for key, active in screen.active_bindings.items():
        if shown in (key, screen.app.get_key_display(Binding(key, active.binding.action))):
            return key, active
    return shown, None


def game_over(screen) -> bool:
    """Whether the game on `screen` has ended (a puzzle solved counts)."""
    game = getattr(screen, "game", None)
    return bool(game is not None and (getattr(game, "over", False) or game.won))


async def prelude(pilot) -> None:
    """A few moves (or a lab's steps, a list's highlight moved, an interpreted maze's first
    option taken): a game in progress, so that restart, pause, undo and trail have
    something to act on."""
    await pilot.press("right", "down", "right", "down", "1")
    await settle(pilot)


async def at_an_end(pilot, app, setup: GameSetup):
    """The mode's screen with its game played to its end (None: it has no game that ends
    here). From the menu or the campaign's list, the mode or its first level opens first."""
    screen = app.screen
    if getattr(screen, "game", None) is None and hasattr(screen, "campaign"):
        await pilot.press("enter")  # the campaign's list: its highlighted level
        await settle(pilot)
    elif not hasattr(screen, "game"):  # left to the menu
        app.start_mode(setup)
        await settle(pilot)
    screen = app.screen
    if game_over(screen) or await play_to_the_end(pilot, screen):
        return screen
    return None


def end_text(screen) -> str:
    """The end panel's text (the screen's Static with id "end-panel")."""
    panels = screen.query("#end-panel")
    return str(panels.first(Static).render()) if panels else ""


# -- playing a game to its end, by what the screen is --------------------------------------


async def play_to_the_end(pilot, screen) -> bool:
    """Play the game on `screen` to its end with its keys (a win where a route is known;
    a demon may still win). False: this screen's game cannot be played to an end here."""
    game = getattr(screen, "game", None)
    if game is None:
        return False
    if hasattr(game, "puzzle"):  # a jumping board: the shortest solution, jump by jump
        from mazegame.games.jump import DIRECTION_INDEX, solution_steps
        from mazegame.ui.keys import DIAGONAL_KEYS, MOVE_KEYS

        keys = {**{d: k.arrow for d, k in MOVE_KEYS.items()}, **DIAGONAL_KEYS}
        key_of = {index: keys[d] for d, index in DIRECTION_INDEX.items()}
        for step in solution_steps(game.puzzle):
            await pilot.press(key_of[step.direction])
        await settle(pilot)
        return game.won
    if hasattr(game, "level") and hasattr(game, "sequence"):  # a sequence typed blind
        from mazegame.games.blindfold import known_sequence

        letters = known_sequence(game.level.n, game.level.m)
        await pilot.press(*(LETTER_KEYS[letter] for letter in letters))
        await settle(pilot)
        return game.won
    if not hasattr(game, "shortest_path"):
        return False
    path = game.shortest_path()
    if hasattr(game, "option"):  # an interpreted maze: the option that leads on
        for cell in path[1:]:
            index = next(i for i, o in enumerate(game.scene().options) if o.to == cell)
            option = game.option(index)
            await pilot.press(str(index + 1))
            if "answer" in option.extra:
                await pilot.press(*str(option.extra["answer"]), "enter")
            await pilot.pause()
            if game.over:
                break
    elif hasattr(game, "facing"):  # the player's eye: turn, then step forward
        await pilot.press(*eye_keys(game.maze, path, game.facing))
    else:
        for key in keys_for_path(game.maze, path):
            await pilot.press(key)
            if game.over:
                break
    await settle(pilot)
    return game.over


def saved_results(app) -> list:
    """Every result in the app's results store, oldest first."""
    return sorted(app.store.results(), key=lambda s: (s.played_at, s.id or 0))


# -- what the rules read and compare --------------------------------------------------------
def siblings(screen, footer_key) -> list[str]:
    """The keys one footer entry stands for ("↑↓←→ Move": the four arrows and the letters),
    the shown one first."""
    group = [key for key, active in screen.active_bindings.items()
             if active.binding.description == footer_key.description
             and active.binding.action.split("(")[0] == footer_key.action.split("(")[0]]
    return [footer_key.key, *(key for key in group if key != footer_key.key)]


async def finished(pilot, app, mode: str):
    """The mode's screen with its game played to the end (skips a mode that has no end)."""
    screen = await at_an_end(pilot, app, setup_of(mode))
    if screen is None:
        pytest.skip(f"{mode}: {type(app.screen).__name__} has no game that ends (a lab, the "
                    "level editor): it shows and saves no outcome")
    return screen


def truth_cases() -> list:
    """Every mode as it starts, and each with every other value of its yes/no choices."""
    cases = [pytest.param(mode, {}, id=mode) for mode in mode_cases()]
    for mode, spec in MODES.items():
        for choice in spec.choices:
            for _label, value in choice.values:
                if isinstance(value, bool) and value != choice.default_value:
                    cases.append(pytest.param(mode, {choice.key: value},
                                              id=f"{mode}-{choice.key}"))
    return cases


#: What a footer entry says it moves, and the game's attribute that says where that is.
WHO_MOVES = {"Move": "position", "You": "position", "Demon": "demon_cell"}


#: How an end says you won, and how it says you lost.
WON = re.compile(r"escaped|you beat|complete!|solved|every maze is out", re.I)
LOST = re.compile(r"caught!|won the race|\bbeat you\b|got there first|gave up", re.I)


async def help_of(app, pilot) -> tuple[HelpScreen, str]:
    """Open the help over the current screen: the help and all it says."""
    await pilot.press("question_mark")
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen)
    help_screen = app.screen
    said = "\n".join([help_screen.title_text, help_screen.goal, help_screen.intro,
                      *getattr(help_screen, "panels", ()),
                      help_screen.tip, *(f"{s.glyph} {s.meaning}" for s in help_screen.legend),
                      *(f"{keys} {label}" for keys, label in help_screen.rows)])
    return help_screen, said


def own_labels(screen) -> set[str]:
    """What the game's own bindings on a screen do (the framework's have no id)."""
    return {ab.binding.tooltip or ab.binding.description
            for ab in screen.active_bindings.values() if ab.binding.id is not None}


#: Glyphs that draw walls, boxes, bars and shades: lines, not marks with a meaning.
LINES = re.compile(r"[\u2500-\u259f\u2800-\u28ff ]")
#: Typography and the widgets' own chrome: a separator, a cut, a dash, a drop-down's or a
#: sort's arrow, a slider's knob, quotation marks, a problem's arithmetic.
CHROME = set("·…—–▲▼●“”‘’÷−")


def marks_on(text: str) -> set[str]:
    """The glyphs drawn on a screen that a legend must explain: beyond ASCII, not lines."""
    body = text.splitlines()[1:-1]  # not the status line, not the footer
    return {ch for line in body for ch in line
            if ord(ch) > 127 and not LINES.match(ch) and ch not in CHROME}


async def records_with_a_game(pilot, app):
    """The records screen over one finished classic game."""
    app.start_mode(setup_of("classic"))
    await settle(pilot)
    await play_to_the_end(pilot, app.screen)
    app.push_screen(RecordsScreen())
    await settle(pilot)
    return app.screen


INTERNAL = re.compile(r"#\d|\bv\d\b|[a-z]:[a-z0-9]|:$")  #: a results key's marks


def whereabouts(app):
    """Where what you steer is: the player's cell (and facing), the editor's cursor; None
    where you steer nothing on a board (a lab plays a trace)."""
    screen = app.screen
    game = getattr(screen, "game", None)
    if game is not None and hasattr(game, "position"):
        return game.position, getattr(game, "facing", None)
    if hasattr(screen, "editor"):
        return screen.editor.cursor
    return None


def package_strings() -> list[tuple[str, int, str]]:
    """Every string literal in the package's source: (file, line, text)."""
    root = Path(mazegame.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.append((str(path.relative_to(root)), node.lineno, node.value))
    return found
