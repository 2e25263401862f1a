"""The lab's pickers: board, generator and its options, size, seed, and the solvers to race.

Everything is read from the registries, so a new generator, option, solver or board shows
up here without a change: the boards are the lab mode's (`ModeSpec.tilings`), and on a
board other than the square only the generators and solvers that work there are offered
(`games.lab_board`). Compact widgets keep the whole form within a narrow side panel.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.segment import Segment
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.strip import Strip
from textual.widgets import Checkbox, Input, Label, Select, SelectionList, Static
from textual.widgets.option_list import OptionDoesNotExist

from mazegame.engine.generate import GENERATORS
from mazegame.engine.solve import SOLVERS
from mazegame.engine.tilings import TILINGS
from mazegame.games.lab_board import SQUARE, lab_generators, lab_solvers
from mazegame.games.modes.lab import DEFAULT_SOLVERS, MAX_SOLVERS
from mazegame.games.modes.lab import SPEC as LAB_MODE
from mazegame.ui.widgets.seed_input import SeedInput

#: Maze sizes the lab offers, (width, height); the matrix view takes those up to 256 cells.
LAB_SIZES = ((5, 5), (8, 6), (9, 9), (16, 10), (24, 14), (40, 20), (64, 32), (100, 50),
             (200, 200))
DEFAULT_SIZE = (16, 10)
#: Loops the lab offers: the fraction of dead ends braided away (`generate(braid=...)`);
#: with loops, a goal away from the outer wall can defeat a wall follower.
LAB_BRAIDS = ((0.0, "none (perfect)"), (0.1, "a few (10%)"), (0.25, "some (25%)"),
              (0.5, "many (50%)"), (1.0, "no dead ends"))


@dataclass(frozen=True)
class GenerateRequest:
    """What to build: the generator, its options, the size and the seed (None: random)."""

    generator: str = "backtracker"
    size: tuple[int, int] = DEFAULT_SIZE
    seed: int | None = None
    options: dict = field(default_factory=dict)
    braid: float = 0.0  #: loops: the fraction of dead ends opened up (0: a perfect maze)
    tiling: str = SQUARE  #: the board (`engine.tilings.TILINGS`, one of the lab mode's)


class SolverBoxes(SelectionList):
    """The solvers to race, a box each: a ticked one reads ▐X▌ and one left out ▐ ▌, with
    or without colour (Textual draws both X, apart by colour only)."""

    HELP = (f"Solvers to race: {Checkbox.BUTTON_LEFT}{Checkbox.BUTTON_INNER}"
            f"{Checkbox.BUTTON_RIGHT} a solver ticked to race, {Checkbox.BUTTON_LEFT} "
            f"{Checkbox.BUTTON_RIGHT} one left out (up to {MAX_SOLVERS}); space, enter or a "
            "click ticks the highlighted one, r races them.")

    def render_line(self, y: int) -> Strip:
        """Textual's line, the X blanked out of a box left unticked."""
        line = super().render_line(y)
        try:
            option = self.get_option_at_index(self.scroll_offset.y + y)
        except OptionDoesNotExist:
            return line
        if option.value in self.selected:
            return line
        segments = list(line)
        for i, segment in enumerate(segments):
            if segment.text == Checkbox.BUTTON_INNER:
                segments[i] = Segment(" ", segment.style)
                break
        return Strip(segments, line.cell_length)


class LabPicker(Vertical):
    """Pickers for the next maze and race; the screen reads them with `request`/`solvers`."""

    def __init__(self, initial: GenerateRequest, solvers=DEFAULT_SOLVERS, **kwargs) -> None:
        super().__init__(**kwargs)
        self.initial = initial
        self.initial_solvers = tuple(solvers)
        self._options_of: str | None = None  #: the generator whose option pickers are shown

    def compose(self) -> ComposeResult:
        """Generator, its options, size, seed and the solvers to race."""
        first = self.initial
        if len(LAB_MODE.tilings) > 1:
            yield Label("Board", classes="lab-label")
            yield Select([(TILINGS[kind].title, kind) for kind in LAB_MODE.tilings],
                         value=first.tiling, allow_blank=False, compact=True, id="lab-tiling")
        yield Label("Generator", classes="lab-label")
        names = lab_generators(first.tiling)
        yield Select([(GENERATORS[name].title, name) for name in names],
                     value=first.generator if first.generator in names else names[0],
                     allow_blank=False, compact=True, id="lab-generator")
        yield Vertical(id="lab-gen-options")
        yield Label("Size · seed", classes="lab-label")
        sizes = [(f"{w}x{h}", (w, h)) for w, h in LAB_SIZES]
        if first.size not in LAB_SIZES:
            sizes.insert(0, (f"{first.size[0]}x{first.size[1]}", first.size))
        yield Select(sizes, value=first.size, allow_blank=False, compact=True, id="lab-size")
        yield SeedInput("" if first.seed is None else str(first.seed), placeholder="random seed",
                        compact=True, id="lab-seed")
        yield Static("", id="lab-seed-error")
        yield Label("Loops", classes="lab-label")
        braids = [(label, value) for value, label in LAB_BRAIDS]
        if first.braid not in dict(LAB_BRAIDS):
            braids.insert(0, (f"{first.braid:.0%}", first.braid))
        yield Select(braids, value=first.braid, allow_blank=False, compact=True, id="lab-braid")
        yield Label(f"Solvers to race (up to {MAX_SOLVERS})", classes="lab-label")
        yield SolverBoxes(*((SOLVERS[name].title, name, name in self.initial_solvers)
                          for name in lab_solvers(first.tiling)),
                          compact=True, id="lab-solvers")

    async def on_mount(self) -> None:
        """Show the first generator's options."""
        await self._show_options(self.initial.generator, self.initial.options)

    async def on_select_changed(self, event: Select.Changed) -> None:
        """Show the options of a newly picked generator."""
        if event.select.id == "lab-generator" and event.value != self._options_of:
            await self._show_options(str(event.value), {})
        elif event.select.id == "lab-tiling":
            self._offer_for(str(event.value))

    def _offer_for(self, kind: str) -> None:
        """Offer the generators and solvers that work on this board, keeping those picked
        that still do (the first generator, else)."""
        generator = self.query_one("#lab-generator", Select)
        names = lab_generators(kind)
        keep = generator.value if generator.value in names else names[0]
        generator.set_options([(GENERATORS[name].title, name) for name in names])
        generator.value = keep
        boxes = self.query_one("#lab-solvers", SelectionList)
        ticked = set(boxes.selected)
        boxes.clear_options()
        boxes.add_options([(SOLVERS[name].title, name, name in ticked)
                           for name in lab_solvers(kind)])

    async def _show_options(self, name: str, values: dict) -> None:
        """One picker per option that has a fixed set of choices (the others keep defaults).

        Awaited, and skipped for the generator already shown: the old pickers must be gone
        before new ones with the same ids arrive (the Select announces its first value too).
        """
        self._options_of = name
        box = self.query_one("#lab-gen-options", Vertical)
        await box.remove_children()
        pickers = []
        for opt in GENERATORS[name].options:
            if opt.choices is None:
                continue
            value = values.get(opt.name, opt.default)
            pickers += [
                Label(opt.help or opt.name, classes="lab-label"),
                Select([(str(c), c) for c in opt.choices], value=value, allow_blank=False,
                       compact=True, id=f"lab-opt-{opt.name}", classes="lab-option"),
            ]
        await box.mount_all(pickers)

    def on_input_changed(self, event: Input.Changed) -> None:
        """Say what is wrong with the seed as it is typed."""
        if event.input.id == "lab-seed":
            problem = self.seed_problem()
            error = self.query_one("#lab-seed-error", Static)
            error.update(problem)
            error.display = bool(problem)  # no blank row while the seed is fine

    # -- reading -----------------------------------------------------------------------
    def request(self) -> GenerateRequest:
        """The maze the pickers describe (check `seed_problem` first)."""
        name = str(self.query_one("#lab-generator", Select).value)
        options = {}
        for opt in GENERATORS[name].options:
            # Just after the generator changed its pickers are still arriving, and a new one
            # reads Select.NULL for a moment: the generator's default stands in for it then.
            pickers = self.query(f"Select#lab-opt-{opt.name}")
            if opt.choices is not None and pickers and pickers.first().value is not Select.NULL:
                options[opt.name] = pickers.first().value
        return GenerateRequest(name, self.query_one("#lab-size", Select).value,
                               self.query_one("#lab-seed", SeedInput).seed, options,
                               float(self.query_one("#lab-braid", Select).value),
                               self.tiling())

    def tiling(self) -> str:
        """The board picked (the square where the lab offers no other)."""
        boards = self.query("#lab-tiling")
        return str(boards.first().value) if boards else SQUARE

    def seed_problem(self) -> str:
        """Why the seed box cannot be read ('' when it can)."""
        return self.query_one("#lab-seed", SeedInput).problem

    def set_seed(self, seed: int) -> None:
        """Put `seed` in the seed field."""
        self.query_one("#lab-seed", Input).value = str(seed)

    def solvers(self) -> list[str]:
        """The solvers ticked, in registry order."""
        ticked = set(self.query_one("#lab-solvers", SelectionList).selected)
        return [name for name in SOLVERS if name in ticked]
