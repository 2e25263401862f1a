"""Help that teaches: every mode's goal, a legend of what its screen draws, its keys, a tip.

The cases are enumerated from `games.modes` (MODES, VIEWS), so a new mode without a goal,
a tip or a legend fails here the moment it is registered.
"""

import pytest
from textual.widgets import Label, Static

from mazegame.eyesight import FIGURES
from mazegame.games.chase import DEMON_GLYPH
from mazegame.games.modes import MODES, VIEWS
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.legend import SAMPLES, legend_for, legend_names, samples
from mazegame.ui.screens.dialogs import HelpScreen

#: Samples that show the player (or what the player steers) and the goal.
YOU = {"player", "map-player", "jump-player", "agent", "cursor", "rat-walker"}
#: (The treasure hunt's goal is its hidden treasure, shown at the end.)
GOALS = {"goal", "eye-goal", "jump-goal", "treasure"}


def legends() -> list[tuple[str, str | None]]:
    """(mode, view) of every legend the help can show: each mode, and each view of the
    modes whose player picks the view."""
    return [(name, view) for name, spec in MODES.items()
            for view in (VIEWS if spec.view is None else (None,))]


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_has_a_goal_and_a_tip(mode):
    assert MODES[mode].goal.strip() and MODES[mode].tip.strip()


@pytest.mark.parametrize(("mode", "view"), legends())
def test_every_legend_shows_you_and_the_goal(mode, view):
    names = legend_names(mode, view)
    assert names and set(names) & YOU and set(names) & GOALS and set(names) <= set(SAMPLES)
    assert len(legend_for(mode, view)) == len(names)


def test_a_legend_follows_the_view_only_where_the_player_picks_it():
    """The chase seen through the eye explains the eye's drawing; the blind maze keeps its
    own legend whatever view is asked for."""
    assert "eye-wall" in legend_names("chase", "eye")
    assert "eye-wall" not in legend_names("chase", "birds-eye")
    assert legend_names("blind", "eye") == legend_names("blind")


def test_every_legend_sample_reads_without_colour():
    """NO_COLOR strips the colours: a sample still shows a glyph, or at least a background
    (the editor's cursor is a highlighted cell)."""
    for name, sample in samples().items():
        assert sample.glyph.strip() or sample.style.bgcolor is not None, name
        assert sample.meaning, name


async def test_the_maps_unseen_cells_are_drawn_as_the_legend_says(helpers):
    from mazegame.ui.palette import DEFAULT
    from mazegame.ui.widgets.maze_view import MazeView

    app = MazeApp(GameSetup("eye", "backtracker", (12, 8), 3), warm_up=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        minimap = app.screen.query_one(MazeView)
        drawn = "".join(minimap.render_line(y).text for y in range(minimap.size.height))
        assert samples(["map-unseen"])["map-unseen"].glyph == DEFAULT.GLYPH_FOG in drawn


def test_the_demons_smallest_figure_is_its_glyph():
    assert FIGURES[-1] == (DEMON_GLYPH,)
    assert [len(f) for f in FIGURES] == sorted((len(f) for f in FIGURES), reverse=True)


def texts(screen) -> str:
    """Everything the help screen says, as one string."""
    return "\n".join(str(w.render()) for w in screen.query(Static))


@pytest.mark.parametrize("setup", [
    GameSetup("classic", "backtracker", (6, 5), 3),
    GameSetup("chase", "backtracker", (6, 5), 3, options=(("view", "eye"),)),
    GameSetup("jump"),
], ids=lambda s: s.mode)
async def test_help_opens_with_goal_legend_keys_and_tip(setup, helpers):
    app = MazeApp(setup, warm_up=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        said = texts(help_screen)
        mode = MODES[setup.mode]
        assert mode.goal in said and mode.tip in said
        view = "eye" if getattr(setup.settings, "view", None) == "eye" else None
        meanings = [str(w.render()) for w in help_screen.query(".help-label").results(Label)]
        for sample in legend_for(setup.mode, view):
            assert sample.meaning in meanings
        assert "Back to the menu" in meanings  # the mode's own keys...
        assert "Focus Next" not in meanings  # ...not the framework's
        hint = help_screen.query_one("#dialog-hint")
        assert hint.region.bottom <= 24 and hint.region.height == 1  # nothing cut at 80x24
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_the_menus_help_names_every_modes_goal(helpers):
    app = MazeApp(warm_up=False, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        said = texts(app.screen)
        assert all(mode.goal in said for mode in MODES.values())
        # playing with others is commands, not a menu entry: the help names them
        assert "mazegame host" in said and "mazegame join HOST:7777" in said
        assert "ssh -p 2222 NAME@HOST" in said and "mazegame daily" in said


def test_help_snapshot_at_80x24(snap_compare):
    """The player's eye's help: goal, the legend in its colours, keys, tip (scrolled to show
    the legend)."""
    async def run_before(pilot):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.press("question_mark")
        await pilot.pause()

    app = MazeApp(GameSetup("eye", "backtracker", (12, 8), 3), warm_up=False, clock=lambda: 0.0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
