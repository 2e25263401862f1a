"""Demon personalities: how a demon decides its next step (the `PERSONALITIES` registry).

Personalities (the `PERSONALITIES` registry, name -> class) decide one step at a time:
the perfect *tracker*, the *cheese* nose (follows the player's scent, spreading and fading
by Suits' aroma diffusion, section 3.6) and the *wanderer* (Suits' least-recently-used door
walk, section 3.3, until it senses the player within a walking distance). Each reads the
maze through a `DemonBrain` (mazegame.engine.demon), Suits' M^s.

Importing this module is cheap (no numpy, no numba): menus and setup dialogs read the
registry's names, titles and taglines; the brain and the kernels (`demon`, `demon_kernels`)
load when the first demon is made.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from mazegame.engine.demon import DemonBrain
    from mazegame.engine.grid import Maze


# -- personalities ----------------------------------------------------------------------------
PERSONALITIES: dict[str, type[Demon]] = {}


def personality(cls: type[Demon]) -> type[Demon]:
    """Class decorator: register a personality under its `name`."""
    PERSONALITIES[cls.name] = cls
    return cls


class Demon:
    """A demon personality: decides one step at a time towards (or around) a target cell."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    description: ClassVar[str] = ""
    tagline: ClassVar[str] = ""  #: a few words for menus, e.g. "perfect"
    perfect: ClassVar[bool] = False  #: always takes a shortest way to the target

    def __init__(self, maze: Maze, brain: DemonBrain | None = None, seed: int = 0,
                 keen: float = 0.5) -> None:
        if brain is None:
            from mazegame.engine.demon import DemonBrain

            brain = DemonBrain(maze)
        self.maze = maze
        self.brain = brain
        self.rng = random.Random(seed)
        #: 0..1, from the difficulty: how sharp its senses are (each personality reads it)
        self.keen = min(1.0, max(0.0, float(keen)))

    def decide(self, cell: int, target: int) -> int:
        """The side to move through from `cell` (0..3 N E S W on the square, a board's slot
        on a board), or `demon.STAY` (negative) to stand still."""
        raise NotImplementedError

    def step(self, cell: int, target: int) -> int:
        """The cell after one decision, moved by the one `step` rule."""
        d = self.decide(cell, target)
        return cell if d < 0 else self.maze.step(cell, d)


class _DoorWalker(Demon):
    """A demon that falls back on the least-recently-used door walk when it has no lead."""

    def __init__(self, maze: Maze, brain: DemonBrain | None = None, seed: int = 0,
                 keen: float = 0.5) -> None:
        import numpy as np

        from mazegame.engine.demon import opposite_sides

        super().__init__(maze, brain, seed, keen)
        self.doors = np.zeros(self.brain.moves.shape, dtype=np.int32)  # a number a side
        self.opposite = opposite_sides(maze)
        self.count = 0

    def wander(self, cell: int) -> int:
        """The least-recently-used door out of `cell` (ties: from a random side on), or STAY."""
        from mazegame.engine.demon_kernels import lru_door

        self.count += 1
        sides = self.doors.shape[1]
        return int(lru_door(self.brain.moves, self.doors, self.opposite, int(cell),
                            self.rng.randrange(sides), self.count))


@personality
class Tracker(Demon):
    """Suits' demon: always the most efficient move, read off M^s for the target's cell."""

    name = "tracker"
    title = "The tracker"
    tagline = "perfect"
    description = ("Knows the maze and always knows where you are: every move is a step along "
                   "a shortest route to you (Suits' solution matrix). Only a lead keeps you safe.")
    perfect = True

    def decide(self, cell: int, target: int) -> int:
        """The first move of a shortest way to the target."""
        return self.brain.next_move(cell, target)


@personality
class CheeseNose(_DoorWalker):
    """Follows the scent the player leaves: Suits' aroma diffusion with a moving, fading source."""

    name = "cheese"
    title = "The cheese-nose"
    tagline = "follows your scent"
    description = ("Hunts by smell. Your scent spreads through the maze cell by cell and fades "
                   "behind you; it wanders (a draught brings it a whiff now and then) until it "
                   "catches your trail, then follows the strongest smell. Loops and fast feet "
                   "throw it off.")

    def __init__(self, maze: Maze, brain: DemonBrain | None = None, seed: int = 0,
                 keen: float = 0.5, fade: float | None = None, spread: int | None = None) -> None:
        import numpy as np

        from mazegame.engine.graph import maze_graph

        super().__init__(maze, brain, seed, keen)
        # A keener nose: the scent carries further (spreads more ticks, fades slower).
        self.fade = float(fade) if fade is not None else 0.95 + 0.04 * self.keen
        self.spread = int(spread) if spread is not None else 1 + round(9 * self.keen)
        # The scent spreads backwards along moves, like the cheese's: the forward graph's
        # successors of v are where v can go, and v averages over them.
        self.graph = maze_graph(maze)
        self.scent = np.zeros(maze.size, dtype=np.float64)
        self._spare = np.zeros_like(self.scent)

    def sniff(self, target: int) -> None:
        """Let the scent spread for `spread` ticks with the target as its source."""
        from mazegame.engine.demon_kernels import diffuse

        for _ in range(self.spread):
            fresh = diffuse(self.graph.indptr, self.graph.indices, self.scent, self._spare,
                            int(target), self.fade)
            self.scent, self._spare = fresh, self.scent

    def decide(self, cell: int, target: int) -> int:
        """Towards the strongest scent after it spreads, else wander."""
        from mazegame.engine.demon_kernels import strongest

        self.sniff(target)
        d = int(strongest(self.brain.moves, self.scent, int(cell)))
        if d >= 0:
            return d
        # No scent yet: a keen nose still catches a whiff on the draught now and then.
        if self.rng.random() < 0.8 * self.keen:
            return self.brain.next_move(cell, target)
        return self.wander(cell)


@personality
class Wanderer(_DoorWalker):
    """Walks the least-recently-used doors until the player is within `sense` moves."""

    name = "wanderer"
    title = "The wanderer"
    tagline = "roams until it hears you"
    description = ("Roams the maze by the least-recently-used door, drifting your way now and "
                   "then. When you come within a few steps it hears you, and from then on it "
                   "tracks you perfectly, until you slip out of earshot.")

    def __init__(self, maze: Maze, brain: DemonBrain | None = None, seed: int = 0,
                 keen: float = 0.5, sense: int | None = None,
                 drift: float | None = None) -> None:
        super().__init__(maze, brain, seed, keen)
        # Keener: hears from further, and drifts towards you more often while it roams.
        self.sense = int(sense) if sense is not None else 4 + round(12 * self.keen)
        self.drift = float(drift) if drift is not None else 0.1 + 0.8 * self.keen

    def senses(self, cell: int, target: int) -> bool:
        """Whether the target is within `sense` moves of `cell`."""
        return self.brain.distance(cell, target, within=self.sense) >= 0

    def decide(self, cell: int, target: int) -> int:
        """Track the target while it is within earshot; else roam, drifting towards the
        target's part of the maze now and then (so it finds a player who stands still)."""
        if self.senses(cell, target) or self.rng.random() < self.drift:
            return self.brain.next_move(cell, target)
        return self.wander(cell)


def make_demon(name: str, maze: Maze, brain: DemonBrain | None = None, seed: int = 0,
               **options) -> Demon:
    """A demon of the named personality (options go to its constructor)."""
    cls = PERSONALITIES.get(name)
    if cls is None:
        raise ValueError(f"unknown demon {name!r}; known: {', '.join(PERSONALITIES)}")
    return cls(maze, brain, seed, **options)
