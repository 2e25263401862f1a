"""The generator registry: name -> kernel plus the metadata menus, CLI and tests read."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from mazegame.engine.grid import MAX_SIDE

GENERATORS: dict[str, GeneratorSpec] = {}


def _no_extras(height: int, width: int, options: Mapping[str, object]) -> tuple:
    return ()


def _no_changes(extras: tuple) -> dict:
    return {}


@dataclass(frozen=True)
class Option:
    """A generator-specific option: its name, default and allowed values (None: any)."""

    name: str
    default: object
    choices: tuple | None = None
    help: str = ""


@dataclass(frozen=True)
class GeneratorSpec:
    """One registered generator.

    `kernel(walls, wrap_x, wrap_y, seed, record, buf, *extras) -> events` edits `walls` in
    place, starting from every wall up (`carves`) or from an empty room (not `carves`).

    Generators with options or extra outputs declare them here instead of the caller
    special-casing names: `prepare(h, w, options)` checks the options against the size and
    turns them into the kernel's `extras` (ints, output arrays), raising ValueError with a
    message a player can act on; `finish(extras)` reads the outputs back as Maze fields
    (start, goals, solid).
    """

    name: str
    title: str
    kernel: Callable
    summary: str
    source: str
    perfect: bool = True  #: always a spanning tree of the cell graph (h*w-1 doors)
    wraps: bool = True  #: accepts wrap_x / wrap_y
    carves: bool = True  #: starts from all walls up (else from an empty room, adding walls)
    rock: bool = False  #: produces solid cells (a cavern): braiding is meaningless there
    #: what the trace's LABEL numbers mean: "sets" (the set a cell belongs to, as its id + 1;
    #: 0: in no set yet), "direction" (1..4: the side N, E, S, W a walk leaves by; 0: none),
    #: or "" when the generator sets no labels
    labels: str = ""
    #: about how many events a recorded run makes per cell: the trace buffer's first size (a
    #: longer trace runs the kernel again with four times the room)
    events_per_cell: int = 4
    #: bumped when the same seed builds another maze than before (a faster kernel with its
    #: own random stream): saved results keep the editions apart (`maze_key` adds "#2")
    edition: int = 1
    options: tuple[Option, ...] = ()
    #: the algorithm's numbered steps, in our words at the level of Suits' lists (for his
    #: algorithms, his steps); a recorded trace's STEP events name them by number, 1-based
    steps: tuple[str, ...] = ()
    prepare: Callable[[int, int, Mapping[str, object]], tuple] = field(default=_no_extras)
    finish: Callable[[tuple], dict] = field(default=_no_changes)
    #: the same algorithm on any board (`engine.generate.board_kernels`): `(links,
    #: opposite, doors, seed, record, buf, *extras) -> events`, the extras `prepare`'s;
    #: None: square grids only
    board_kernel: Callable | None = None
    #: (width, height) -> the nearest size this generator builds; None: every size it is given
    fit: Callable[[int, int], tuple[int, int]] | None = None

    def fit_size(self, width: int, height: int) -> tuple[int, int]:
        """The size nearest to width x height that this generator builds with its default
        options (the size itself when it builds it), each side within 1..MAX_SIDE."""
        w, h = min(max(1, int(width)), MAX_SIDE), min(max(1, int(height)), MAX_SIDE)
        return self.fit(w, h) if self.fit is not None else (w, h)

    def size_note(self, width: int, height: int) -> str | None:
        """Why width x height will not do and which size will (None when it will): the
        message to show when a menu swaps in `fit_size`."""
        fitted = self.fit_size(width, height)
        if fitted == (width, height):
            return None
        try:
            self.prepare(height, width, self.resolve(None))
            why = f"each side must be 1..{MAX_SIDE}"
        except ValueError as err:
            why = str(err)
        return f"{why}; using {fitted[0]}x{fitted[1]}, the nearest size that works"

    def resolve(self, options: Mapping[str, object] | None) -> dict[str, object]:
        """The options with defaults filled in; unknown names and bad values are refused."""
        options = dict(options or {})
        known = {opt.name: opt for opt in self.options}
        for name in options:
            if name not in known:
                takes = ", ".join(known) or "no options"
                raise ValueError(
                    f"generator {self.name!r} has no option {name!r} (it takes {takes})"
                )
        resolved = {}
        for opt in self.options:
            value = options.get(opt.name, opt.default)
            if opt.choices is not None and value not in opt.choices:
                raise ValueError(
                    f"{self.name} {opt.name} must be one of {', '.join(map(str, opt.choices))}, "
                    f"not {value!r}"
                )
            resolved[opt.name] = value
        return resolved


def register(spec: GeneratorSpec) -> GeneratorSpec:
    """Add a generator to the registry (names are unique)."""
    if spec.name in GENERATORS:
        raise ValueError(f"generator {spec.name!r} registered twice")
    GENERATORS[spec.name] = spec
    return spec
