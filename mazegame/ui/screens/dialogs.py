"""Modal dialogs: the win summary, help, a yes/no question, game setup and the
too-small-terminal notice."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, Select, Static

from mazegame.games.daily import daily_setup, has_daily, today
from mazegame.games.setup import MAX_FLOORS, ONE_WAY_CHOICES, GameSetup
from mazegame.ui.host import key_scheme
from mazegame.ui.keys import help_label
from mazegame.ui.widgets.seed_input import SeedInput


def format_time(seconds: float) -> str:
    """m:ss.t"""
    minutes, rest = divmod(seconds, 60)
    return f"{int(minutes)}:{rest:04.1f}"


class ConfirmScreen(ModalScreen[bool]):
    """A question answered yes (y, enter) or no (n, escape)."""

    BINDINGS = [Binding("y", "dismiss(True)", "Yes", id="confirm-yes", tooltip="Yes"),
                Binding("n,escape", "dismiss(False)", "No", id="confirm-no", tooltip="No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        """The question and two buttons."""
        with Vertical(id="dialog"):
            yield Static(self.question, id="dialog-body", markup=False)
            with Horizontal(id="dialog-buttons"):
                yield Button("Yes", id="yes", variant="warning")
                yield Button("No", id="no", variant="primary")

    def on_mount(self) -> None:
        """No is the safe default."""
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Answer with the button pressed."""
        self.dismiss(event.button.id == "yes")


def panel_help(screen: Screen) -> list[str]:
    """What each of the game's own panels and pickers on `screen` shows (its class's HELP:
    the rat's net, its learning curve, the lab's solver boxes), each once, in screen order."""
    texts: list[str] = []
    for widget in screen.query("*"):
        text = type(widget).HELP if type(widget).__module__.startswith("mazegame.") else None
        if text and widget.display and text not in texts:
            texts.append(text)
    return texts


class HelpScreen(ModalScreen[None]):
    """How to play the screen underneath: the goal, what its glyphs, colours and panels mean,
    every key (generated from its bindings) and a tip."""

    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "Close", id="help-close",
                        tooltip="Close the help")]

    def __init__(self, screen: Screen, intro: str = "", *, title: str = "Help", goal: str = "",
                 legend: Sequence = (), tip: str = "") -> None:
        super().__init__()
        self.rows = self.binding_rows(screen)
        self.panels = panel_help(screen)
        self.intro = intro
        self.title_text = title
        self.goal = goal
        self.legend = list(legend)
        self.tip = tip

    @staticmethod
    def binding_rows(screen: Screen) -> list[tuple[str, str]]:
        """(keys, what they do) for every binding active on the screen (its own, inherited,
        the focused widget's and the app's), keys merged by what they do. The game's
        bindings all have ids; the framework's have none (focus, copy, a list's or a scroll
        view's page and scroll keys) and are left out: the help says how to play."""
        rows: dict[str, list[str]] = {}
        for active in screen.active_bindings.values():
            binding = active.binding
            label = help_label(binding, key_scheme(screen.app))
            if binding.id is None:
                continue  # the framework's own: not how to play
            if label:  # the key itself, not the footer's shared display ("↑↓←→")
                key = screen.app.get_key_display(Binding(binding.key, binding.action))
                keys = rows.setdefault(label, [])
                if key not in keys:
                    keys.append(key)
        return [(", ".join(keys), label) for label, keys in rows.items()]

    def compose(self) -> ComposeResult:
        """Goal, the mode's intro, the legend, the keys and the tip, scrolling as one."""
        with Vertical(id="dialog", classes="help"):
            yield Label(self.title_text, id="dialog-title")
            with VerticalScroll(id="help-body"):
                if self.goal:
                    yield Static(Text.assemble(("Goal  ", "bold"), self.goal), id="help-goal")
                if self.intro:
                    yield Static(self.intro, id="help-intro")
                if self.legend:
                    yield Label("On the screen", classes="help-heading")
                    with Grid(id="help-legend"):
                        for sample in self.legend:
                            yield Label(Text(sample.glyph, style=sample.style),
                                        classes="help-glyph")
                            yield Label(Text(sample.meaning), classes="help-label")
                if self.panels:
                    yield Label("Panels", classes="help-heading")
                    for text in self.panels:
                        yield Static(text, classes="help-panel", markup=False)
                yield Label("Keys", classes="help-heading")
                with Grid(id="help-grid"):
                    for keys, label in self.rows:
                        yield Label(Text(keys), classes="help-key")
                        yield Label(Text(label), classes="help-label")
                if self.tip:
                    yield Static(Text.assemble(("Tip  ", "bold"), self.tip), id="help-tip")
            yield Static("escape closes · arrows or the mouse wheel scroll", id="dialog-hint")

    def on_mount(self) -> None:
        """Focus the scrolling body, so the arrow keys scroll it."""
        self.query_one("#help-body").focus()



SIZES = {
    "fit": ("Fit the screen", None),
    "small": ("Small 12x8", (12, 8)),
    "medium": ("Medium 24x12", (24, 12)),
    "large": ("Large 48x24", (48, 24)),
    "huge": ("Huge 120x60 (scrolls)", (120, 60)),
    "giant": ("Giant 400x200 (scrolls)", (400, 200)),
}


class SetupScreen(ModalScreen[GameSetup | None]):
    """Choose generator, size, seed, wrap and one-way doors before a game; enter starts.
    A mode with a maze of the day (games.daily) offers it too: `d`, or its button."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel", id="setup-cancel",
                        tooltip="Back to the menu"),
                Binding("d", "daily", "Maze of the day", id="setup-daily",
                        tooltip="Play today's maze of the day of this mode (UTC): the same "
                                "maze and settings for everyone")]

    def __init__(self, mode, last: GameSetup | None = None) -> None:
        super().__init__()
        self.mode = mode
        self.mode_name = mode.name
        self.mode_title = mode.title
        self.last = last or GameSetup(mode=mode.name)

    def compose(self) -> ComposeResult:
        """The mode's settings: maze size, generator and seed, then the mode's own choices."""
        with Vertical(id="dialog", classes="setup"):
            yield Label(f"New game: {self.mode_title}", id="dialog-title")
            with VerticalScroll(id="setup-scroll"), Grid(id="setup-grid"):
                if self.mode.maze_settings:
                    yield from self.maze_settings()
                for i, choice in enumerate(self.mode.choices):
                    yield Label(choice.label)
                    values = [v for _, v in choice.values]
                    last = getattr(self.last.settings, choice.key)
                    yield Select([(label, j) for j, (label, _) in enumerate(choice.values)],
                                 value=values.index(last) if last in values else choice.default,
                                 allow_blank=False, id=f"choice-{i}")
            yield Static("", id="setup-error")
            with Horizontal(id="dialog-buttons"):
                yield Button("Start", id="start", variant="primary")
                if has_daily(self.mode):
                    yield Button("d Maze of the day", id="daily", tooltip=(
                        "Today's maze of this mode (UTC), the same for everyone"))
                yield Button("Cancel", id="cancel")

    def maze_settings(self) -> ComposeResult:
        """Generator, size, seed, wrap and, where any maze is built, one-way doors (for modes
        that play generated mazes)."""
        from mazegame.engine.generate import GENERATORS

        size_key = next((k for k, (_, v) in SIZES.items() if v == self.last.size), "fit")
        if len(self.mode.tilings) > 1:
            from mazegame.engine.tilings import TILINGS

            yield Label("Board")
            yield Select([(TILINGS[name].title, name) for name in self.mode.tilings],
                         value=self.last.tiling if self.last.tiling in self.mode.tilings
                         else self.mode.tilings[0], allow_blank=False, id="tiling")
            if any(has_stairs(name) for name in self.mode.tilings):  # floors: how many
                yield Label("Floors", id="floors-label")
                yield Select([(f"{k} floors", k) for k in range(2, MAX_FLOORS + 1)],
                             value=min(max(self.last.floors, 2), MAX_FLOORS),
                             allow_blank=False, id="floors")
        yield Label("Generator")
        yield Select([(spec.title, name) for name, spec in GENERATORS.items()],
                     value=self.last.algorithm, allow_blank=False, id="algo")
        yield Label("Size")
        own = self.mode.default_size  # what "no size" plays in a mode that has its own
        yield Select([(t if k != "fit" or own is None else f"The mode's own {own[0]}x{own[1]}",
                       k) for k, (t, _) in SIZES.items()], value=size_key,
                     allow_blank=False, id="size")
        yield Label("Seed")
        yield SeedInput(placeholder="random", id="seed")
        if self.mode.builds != "flat":  # a flat mode's mazes never wrap around
            yield Label("Wrap-around")
            yield Select([("No", ""), ("Left-right", "x"), ("Top-bottom", "y"),
                          ("Both (torus)", "xy")], value="", allow_blank=False, id="wrap")
        if self.mode.builds == "any":
            fractions = [f for _, f in ONE_WAY_CHOICES]
            last = fractions.index(self.last.one_way) if self.last.one_way in fractions else 0
            yield Label("One-way doors")
            yield Select([(label if not f else f"{label}, more loops", i)
                          for i, (label, f) in enumerate(ONE_WAY_CHOICES)],
                         value=last, allow_blank=False, id="one-way",
                         tooltip="Doors you can pass one way only. They never trap you: every "
                                 "cell still leads to the goal. The maze gets a few extra loops, "
                                 "so that a door may point away from the goal.")

    def on_mount(self) -> None:
        """Focus the Start button, so Enter starts at once; the floor count shows only
        for a board of floors."""
        self.query_one("#start", Button).focus()
        self.show_floors()

    def on_select_changed(self, event: Select.Changed) -> None:
        """A board chosen: the floor count with a board of floors only."""
        if event.select.id == "tiling":
            self.show_floors()

    def show_floors(self) -> None:
        """Show the floor count where the board chosen has stairs."""
        board = self.query("#tiling")
        stairs = bool(board) and has_stairs(board.first(Select).value)
        for widget in self.query("#floors, #floors-label"):
            widget.display = stairs

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Start, or cancel the dialog."""
        if event.button.id == "cancel":
            self.dismiss(None)
        elif event.button.id == "daily":
            self.action_daily()
        else:
            self.start()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`d` only where the mode has a maze of the day."""
        return has_daily(self.mode) if action == "daily" else True

    def action_daily(self) -> None:
        """Close the dialog with today's maze of the day of the mode."""
        if has_daily(self.mode):
            self.dismiss(daily_setup(today(), self.mode_name))

    def on_input_submitted(self) -> None:
        """Enter in a field starts the game."""
        self.start()

    def on_input_changed(self, event: Input.Changed) -> None:
        """Say what is wrong with the seed as it is typed."""
        if event.input.id == "seed":
            self.query_one("#setup-error", Static).update(self.query_one(SeedInput).problem)

    def start(self) -> None:
        """Close the dialog with the chosen setup, or say what is wrong with it."""
        options = tuple(
            (choice.key, choice.values[self.query_one(f"#choice-{i}", Select).value][1])
            for i, choice in enumerate(self.mode.choices)
        )
        if not self.mode.maze_settings:
            self.dismiss(GameSetup(mode=self.mode_name, options=options))
            return
        from mazegame.engine.generate import GENERATORS

        algo = self.query_one("#algo", Select).value
        wrap_select = self.query("#wrap")
        wrap = wrap_select.first(Select).value if wrap_select else ""
        seed = self.query_one(SeedInput)
        one_way = self.query("#one-way")
        one_way = ONE_WAY_CHOICES[one_way.first(Select).value][1] if one_way else 0.0
        board = self.query("#tiling")
        board = board.first(Select).value if board else "square"
        floors = self.query("#floors")
        floors = floors.first(Select).value if floors else self.last.floors
        problem = seed.problem or (f"{algo} cannot wrap around"
                                   if wrap and not GENERATORS[algo].wraps else "")
        problem = problem or board_problem(board, algo, wrap, one_way)
        problem = problem or view_problem(board, options)
        if problem:
            self.query_one("#setup-error", Static).update(problem)
            return
        self.dismiss(GameSetup(
            mode=self.mode_name, algorithm=algo, seed=seed.seed,
            size=SIZES[self.query_one("#size", Select).value][1],
            wrap_x="x" in wrap, wrap_y="y" in wrap, options=options, one_way=one_way,
            tiling=board, floors=floors,
        ))


def has_stairs(board: str) -> bool:
    """Whether a board has stairs between floors (a side named "up"): its floor count is
    asked for."""
    from mazegame.engine.tilings import TILINGS

    return "up" in TILINGS[board].directions


def board_problem(board: str, algo: str, wrap: str, one_way: float) -> str:
    """What the setup dialog says against a board the other choices do not fit (the
    generators that build on it; squares alone wrap around and have one-way doors), or ""."""
    if board == "square":
        return ""
    from mazegame.engine.generate import GENERATORS
    from mazegame.engine.generate.boards import board_generators
    from mazegame.engine.tilings import TILINGS

    title = TILINGS[board].title.lower()
    builders = board_generators(board)
    if algo not in builders:
        names = ", ".join(GENERATORS[name].title for name in builders)
        return f"{GENERATORS[algo].title} builds no {title} (these do: {names})"
    if wrap or one_way:
        return f"{TILINGS[board].title} neither wrap around nor have one-way doors"
    return ""


def view_problem(board: str, options) -> str:
    """What the setup dialog says against a view (a chase's "view" choice) that cannot see
    this board: the modes of that view play on other boards only (`ModeSpec.tilings`), or
    ""."""
    from mazegame.engine.tilings import TILINGS
    from mazegame.games.modes import MODES

    view = dict(options).get("view")
    seers = [spec for spec in MODES.values() if view is not None and spec.view == view]
    if not seers or any(board in spec.tilings for spec in seers):
        return ""
    boards = ", ".join(TILINGS[kind].title.lower() for kind in seers[0].tilings)
    return (f"{seers[0].title} sees {boards} only, not {TILINGS[board].title.lower()}: "
            "choose another view or board")
