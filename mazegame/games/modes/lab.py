"""The algorithm lab: generators and solvers at work, step by step (games.lab)."""

from dataclasses import dataclass

from mazegame.games.modes.spec import Marker, ModeSpec

MAX_SOLVERS = 4  #: the lab races up to this many solvers side by side
DEFAULT_SOLVERS = ("bfs", "tremaux")  #: the solvers ticked when the lab opens
MAX_STATS_SEEDS = 500  #: the statistics view's most mazes per algorithm


@dataclass(frozen=True)
class LabSettings:
    """What the lab opens on besides the setup's generator, size and seed. None of it is
    the setup dialog's (the lab's own pickers choose): tests and scripts set it."""

    #: the solvers ticked, 1 to MAX_SOLVERS names of `engine.solve.SOLVERS` (tests race
    #: their own)
    solvers: tuple[str, ...] = DEFAULT_SOLVERS
    #: playback starts at once; False opens paused (tests step it by keys)
    autoplay: bool = True
    #: the generator's own options, (name, value) pairs, as the lab's pickers give them to
    #: `engine.generate.generate` (a script's; a bad one is told when the maze is built)
    generator_options: tuple[tuple[str, object], ...] = ()
    braid: float = 0.0  #: the loops picked first: the fraction of dead ends opened, 0..1
    #: the statistics view (a) averages over the mazes of seeds 1..this, at the lab's size
    stats_seeds: int = 20

    def __post_init__(self) -> None:
        from mazegame.engine.solve import SOLVERS  # the lab loads the kernels anyway

        solvers, options = self.solvers, self.generator_options
        if not isinstance(solvers, tuple | list) or not 1 <= len(solvers) <= MAX_SOLVERS \
                or not all(isinstance(name, str) and name in SOLVERS for name in solvers):
            raise ValueError(f"the lab races 1 to {MAX_SOLVERS} of the solvers "
                             f"{', '.join(SOLVERS)}; not {solvers!r}")
        if not isinstance(self.autoplay, bool):
            raise ValueError(f"autoplay is True or False, not {self.autoplay!r}")
        if not isinstance(options, tuple | list) or not all(
                isinstance(pair, tuple | list) and len(pair) == 2 and isinstance(pair[0], str)
                for pair in options):
            raise ValueError(f"generator_options are (name, value) pairs; not {options!r}")
        if isinstance(self.braid, bool) or not isinstance(self.braid, int | float) \
                or not 0 <= self.braid <= 1:
            raise ValueError(f"the lab's braid is a fraction from 0 to 1, not {self.braid!r}")
        if isinstance(self.stats_seeds, bool) or not isinstance(self.stats_seeds, int) \
                or not 1 <= self.stats_seeds <= MAX_STATS_SEEDS:
            raise ValueError(f"stats_seeds is a whole number from 1 to {MAX_STATS_SEEDS}, "
                             f"not {self.stats_seeds!r}")
        object.__setattr__(self, "solvers", tuple(solvers))  # JSON and scripts give lists
        object.__setattr__(self, "generator_options", tuple(map(tuple, options)))
        object.__setattr__(self, "braid", float(self.braid))


SPEC = ModeSpec(
    name="lab", title="Algorithm Lab",
    blurb="Watch the algorithms think. Pick a board and a generator and see it build a "
          "maze step by step, then race up to four solvers side by side: frontiers, labels, "
          "door marks, aroma. "
          "Play, pause, step, scrub; and for small mazes Suits' connection, distance and "
          "solution matrices. Place start and goal yourself (t), or the goal in the middle "
          "(c), where a wall follower can loop; `mazegame play lab FILE` opens a maze file.",
    goal="Watch generators build mazes and solvers race through them.",
    tip="z zooms in to show the labels, f fits a big maze on screen; m opens the "
        "matrices on mazes up to 256 cells, T the treasure orders (Suits 4.3); a charts every "
        "algorithm over 20 mazes.",
    screen="mazegame.ui.screens.lab:lab_screen",
    # the boards its pickers offer: a board's generators and solvers replay on it as on
    # squares (games.lab_board); weave and floors draw with views of their own, not yet here
    tilings=("square", "hex", "triangle"),
    legend="mazegame.ui.screens.lab:LEGEND",
    # the maze is drawn (start and goal) and its generator plays: status shows the seed
    marker=Marker(status=("seed",), board=("○", "◎")),
    maze_settings=False,
    builds="flat",
    files="maze",
    warm=("replay", "maze", "matrices"),
    settings=LabSettings,
)
