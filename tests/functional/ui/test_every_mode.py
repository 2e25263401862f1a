"""Every registered mode, view, difficulty and demon opens headless and takes a few moves.

The cases are enumerated from the registries, so a new mode, view, difficulty, demon,
generator or solver is covered the moment it is registered.
"""

from itertools import combinations, product

import numpy as np
import pytest
from textual.widgets import Select

from mazegame.engine.generate import GENERATORS
from mazegame.engine.solve import SOLVERS
from mazegame.games.modes import MODES
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens import SCREENS
from mazegame.ui.screens.dialogs import HelpScreen
from tests.helpers import slow_among

#: The settings every pair of values of which is played together (the eye view crashed on
#: one difficulty: a pair); a mode's other choices take each of their values in turn, so
#: every value is still opened at least once.
AXES = ("view", "difficulty", "demon")
KEYS = ("right", "down", "left", "up", "space", "down", "right")


def pairwise(axes: list[list]) -> list[tuple]:
    """Combinations of the axes' values in which every pair of values of any two axes occurs
    (a greedy covering array: 16 games where the full product is 48)."""
    combos = list(product(*axes))
    if len(axes) < 3:
        return combos or [()]
    wanted = {((a, x), (b, y)) for a, b in combinations(range(len(axes)), 2)
              for x in axes[a] for y in axes[b]}
    chosen = []
    while wanted:
        best = max(combos, key=lambda c: len(wanted & pairs_of(c)))
        chosen.append(best)
        wanted -= pairs_of(best)
    return chosen


def pairs_of(combo: tuple) -> set:
    """Every ((axis, value), (axis, value)) pair a combination plays."""
    return {((a, combo[a]), (b, combo[b])) for a, b in combinations(range(len(combo)), 2)}


def mode_cases() -> list[tuple[str, tuple]]:
    """(mode, options) for every mode: every pair of its AXES choices, the rest cycled."""
    cases = []
    for name, mode in MODES.items():
        axes = [c for c in mode.choices if c.key in AXES]
        others = [c for c in mode.choices if c.key not in AXES]
        combos = pairwise([[v for _, v in c.values] for c in axes])
        for i, combo in enumerate(combos):
            options = [(c.key, v) for c, v in zip(axes, combo, strict=True)]
            options += [(c.key, c.values[i % len(c.values)][1]) for c in others]
            cases.append((name, tuple(options)))
    return cases


def test_every_mode_has_a_screen():
    assert set(SCREENS) == set(MODES)
    for name in SCREENS:  # each "module:attribute" names something that builds a screen
        assert callable(SCREENS[name]), name


def case_id(case) -> str:
    name, options = case
    return "-".join([name, *(str(v) for _, v in options)])


def cases_by_mode() -> dict[str, list[tuple]]:
    """Each mode's option sets (mode_cases), grouped by mode."""
    grouped: dict[str, list[tuple]] = {}
    for name, options in mode_cases():
        grouped.setdefault(name, []).append(options)
    return grouped


@pytest.mark.parametrize("name", slow_among(MODES, "chase", "race"))
async def test_every_mode_opens_and_plays(name, helpers):
    """Every option set of a mode opens its screen, which takes a few keys; the help opens
    on the first. One app a mode, back to its menu between sets (an app's start-up and the
    help's layout were most of the CPU when each of the 53 sets had its own app)."""
    app = MazeApp(None, warm_up=False, animations=False)
    async with app.run_test(size=(100, 32)) as pilot:
        for i, options in enumerate(cases_by_mode()[name]):
            setup = GameSetup(name, "backtracker", (6, 5), 3, options=options)
            while len(app.screen_stack) > 2:  # back to the menu (from an end panel too)
                await app.pop_screen()
            app.start_mode(setup)
            await helpers.settle(pilot)
            assert app.screen.started_with is setup, case_id((name, options))
            for key in KEYS:
                await pilot.press(key)
            await helpers.settle(pilot)
            if not i:
                await pilot.press("question_mark")  # its help opens too
                await pilot.pause()
                assert isinstance(app.screen, HelpScreen)
                await pilot.press("escape")
    # run_test re-raises whatever crashed the app


GENERATOR_GROUPS = 2  #: the generators split over this many apps (xdist spreads them)


@pytest.mark.slow
@pytest.mark.parametrize("group", range(GENERATOR_GROUPS))
async def test_every_generator_builds_and_replays_in_the_lab(group, helpers):
    """Each generator, picked in the lab's menu, builds; its replayed trace ends on the maze
    it built; a race starts on it. One app builds a share of them in turn."""
    names = list(GENERATORS)[group::GENERATOR_GROUPS]
    setup = GameSetup("lab", names[0], (7, 7), 5,
                      options=(("autoplay", False), ("solvers", tuple(SOLVERS)[:2])))
    app = MazeApp(setup, warm_up=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await helpers.settle(pilot)
        lab = app.screen
        for generator in names:
            lab.query_one("#lab-generator", Select).value = generator
            await pilot.pause()
            lab.action_build()
            await helpers.settle(pilot)
            await helpers.wait_until(
                pilot, lambda g=generator: lab.maze is not None and lab.request.generator == g)
            lab.seek(lab.total // 2)
            await pilot.press("end")
            # the replayed trace ends on the maze it built
            assert np.array_equal(lab.runs[0].replay.walls, lab.maze.walls), generator
            await pilot.press("r")
            await helpers.settle(pilot)
            assert lab.phase == "race", generator


@pytest.mark.parametrize("group", range(0, len(SOLVERS), 4))
async def test_every_solver_races_in_the_lab(group, helpers):
    names = tuple(SOLVERS)[group:group + 4]
    setup = GameSetup("lab", "kruskal", (9, 9), 5,
                      options=(("autoplay", False), ("solvers", names)))
    app = MazeApp(setup, warm_up=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await helpers.settle(pilot)
        await pilot.press("r")
        await helpers.settle(pilot)
        lab = app.screen
        assert [run.result.algorithm for run in lab.runs] == list(names)
        await pilot.press("end", "left", "home", "right")
