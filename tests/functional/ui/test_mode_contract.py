"""The contract every mode is held to (issue 38), stated once and run over the registry.

Each rule is one test function over every mode of `games.modes.MODES` (its screen from
`ui.screens.SCREENS`), driven by keys at 120x40 and 80x24: the footer's keys do something
visible and tell the truth; the keys an end panel offers work; the outcome saved is the one
shown; `?` explains this screen; no internal identifier reaches the screen; what the player
steers and ticks reads without colour; dates and plurals read right. A mode skips a rule only
with the reason stated here.
"""

from __future__ import annotations

import re

import pytest
from textual.widgets import DataTable, SelectionList

from mazegame.games.modes import MODES
from mazegame.ui.screens import SCREENS
from mazegame.ui.screens.dialogs import ConfirmScreen
from mazegame.ui.screens.records import RecordsScreen
from mazegame.ui.widgets.eye_view import EyeView
from mazegame.ui.widgets.jump_board import JumpBoard
from mazegame.ui.widgets.maze_view import MazeView
from tests.functional.conftest import settle
from tests.functional.ui.contract import (
    BIG,
    INTERNAL,
    LOST,
    SMALL,
    WHO_MOVES,
    WON,
    at_an_end,
    back_to,
    binding_for,
    box_glyphs,
    changed_from,
    end_text,
    finished,
    footer_keys,
    game_over,
    help_of,
    marks_on,
    mode_cases,
    new_app,
    own_labels,
    package_strings,
    panel_keys,
    panels_of,
    prelude,
    records_with_a_game,
    saved_results,
    screen_text,
    setup_of,
    siblings,
    state_of,
    truth_cases,
    whereabouts,
    widget_text,
)

MODE_NAMES = mode_cases()  #: every mode, and every mode on each board it plays on
assert set(SCREENS) == set(MODES)  # every mode has its screen: the rules below open it


# -- every key in the footer does something visible -----------------------------------------
@pytest.mark.parametrize("mode", MODE_NAMES)
async def test_every_key_in_the_footer_does_something_visible(mode):
    """In a game under way, pressing a key the footer shows (or one of the keys its entry
    stands for, "↑↓←→") changes the screen, opens a dialog or shows a notice."""
    setup = setup_of(mode)
    app = new_app(setup)
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot)
        screen = app.screen
        entries = [(k.key, k.description, siblings(screen, k)) for k in footer_keys(screen)]
        assert entries, f"{mode}: the footer shows no key"
        dead = []
        for key, what, group in entries:
            for sibling in group:
                if game_over(screen):  # caught on a maze `n` drew at random: the seeded one again
                    app.pop_screen()
                    screen = await back_to(app, pilot, screen, setup)
                await prelude(pilot)
                before = state_of(app)
                await pilot.press(sibling)
                await settle(pilot)
                changed = await changed_from(pilot, app, before)
                screen = await back_to(app, pilot, screen, setup)
                if changed:
                    break
            else:
                dead.append(f"{key} {what}")
        assert not dead, f"{mode}: footer keys that changed nothing: {dead}"


@pytest.mark.parametrize("mode", MODE_NAMES)
async def test_every_key_an_end_panel_offers_works(mode):
    """After a game, each key its end panel names is bound on the screen and does something
    (each pressed at the end of a game of its own)."""
    setup = setup_of(mode)
    app = new_app(setup)
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot)
        screen = await finished(pilot, app, mode)
        offered = panel_keys(end_text(screen))
        if not end_text(screen):
            pytest.skip(f"{mode}: its end shows no panel of keys (the footer's stay)")
        assert offered, f"{mode}: the end panel offers no key"
        dead = []
        for shown, what in offered:
            screen = await at_an_end(pilot, app, setup)
            key, binding = binding_for(screen, shown)
            before = state_of(app)
            await pilot.press(key)
            await settle(pilot)
            if binding is None or not binding.enabled or not await changed_from(pilot, app, before):
                dead.append(f"{shown} {what}")
        assert not dead, f"{mode}: end-panel keys that do nothing: {dead}"


async def test_a_lost_campaign_level_offers_only_keys_that_work():
    """A level lost (a blind level's budget spent) offers its keys; each is bound (it
    offered `n new maze`, which a level cannot do)."""
    from mazegame.games.levels import setup_for

    app = new_app(setup_of("campaign"))
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot)
        level = next(lv for lv in app.campaign.levels if lv.budget is not None)
        app.start_mode(setup_for(level))
        await settle(pilot)
        screen = app.screen
        for _ in range(level.budget + 1):
            await pilot.press("right", "left", "down", "up")
            if screen.game.over:
                break
        await settle(pilot)
        assert screen.game.over and not screen.game.won
        offered = panel_keys(end_text(screen))
        assert offered
        for shown, what in offered:
            _, binding = binding_for(screen, shown)
            assert binding is not None and binding.enabled, f"{shown} {what}: not bound here"


# -- the footer tells the truth -----------------------------------------------------------------
@pytest.mark.parametrize(("mode", "choices"), truth_cases())
async def test_the_footer_tells_the_truth(mode, choices):
    """What the footer says a key moves ("Move", "You": you; "Demon": the demon) is what it
    moves: pressing the keys of the entry moves that one. Every other choice at its
    default (a two-player chase in real time: the demon's keys wait for no turn)."""
    defaults = {c.key: c.default_value for c in MODES[mode.partition("@")[0]].choices}
    app = new_app(setup_of(mode, **{**defaults, **choices}))
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot)
        screen = app.screen
        game = getattr(screen, "game", None)
        entries = [k for k in footer_keys(screen) if k.description in WHO_MOVES]
        entries.sort(key=lambda k: list(WHO_MOVES).index(k.description))  # you first
        if game is None or not entries or not hasattr(game, "position"):
            pytest.skip(f"{mode}: no footer key says it moves a player or a demon (a cursor, "
                        "a list, a lab, a board of jumps)")
        for entry in entries:
            where = WHO_MOVES[entry.description]
            start = getattr(game, where)
            for key in siblings(screen, entry):
                await pilot.press(key)
                for _ in range(10):  # in real time a move waits for its beat
                    await pilot.pause(0.05)
                    if getattr(game, where) != start:
                        break
                if getattr(game, where) != start:
                    break
            assert getattr(game, where) != start, \
                f"{mode} {choices}: the footer says {entry.description}, but it did not move"


# -- the outcome saved equals the outcome shown -------------------------------------------------
@pytest.mark.parametrize("mode", MODE_NAMES)
async def test_the_outcome_saved_is_the_outcome_shown(mode):
    """The result the end panel shows (won or lost, the moves) is the one the results store
    keeps."""
    app = new_app(setup_of(mode))
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot)
        screen = await finished(pilot, app, mode)
        shown = end_text(screen) or screen_text(app)
        saved = saved_results(app)
        assert saved, f"{mode}: a finished game was not saved"
        last = saved[-1]
        says_won = bool(WON.search(shown)) and not LOST.search(shown)
        assert says_won == last.won, f"{mode}: shown {shown!r}, saved won={last.won}"
        assert re.search(rf"\b{last.moves}\b", shown), f"{mode}: {last.moves} moves not shown"


# -- ? explains this screen ----------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODE_NAMES)
async def test_help_explains_this_screen(mode):
    """`?` lists this screen's keys only, and explains every mark it draws (after a few
    moves, a lab's step, a rat's training) and every legend word beside a line."""
    app = new_app(setup_of(mode))
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("right", "down", "t")  # a move or a step; a trail, a rat trained
        await settle(pilot)
        await back_to(app, pilot, screen, setup_of(mode))
        drawn = screen_text(app)
        boxes_drawn = set()
        for box in screen.query(SelectionList):  # a ticked box and an unticked one
            for _ in range(2):
                boxes_drawn.update(box_glyphs(widget_text(app, box)))
                box.toggle(box.get_option_at_index(0).value)
                await pilot.pause()
        help_screen, said = help_of_result = await help_of(app, pilot)
        foreign = [label for _, label in help_screen.rows if label not in own_labels(screen)]
        assert not foreign, f"{mode}: the help lists keys not this screen's: {foreign}"
        unexplained = sorted(marks_on(drawn) - set(said))
        assert not unexplained, f"{mode}: marks on screen the help does not explain: " \
                                f"{unexplained}"
        words = set(re.findall(r"─([a-z]+)", drawn))  # a curve's legend: "─random"
        missing = sorted(w for w in words if w not in said)
        assert not missing, f"{mode}: legend words the help does not explain: {missing}"
        unexplained = [type(p).__name__ for p in panels_of(screen)
                       if not p.HELP or p.HELP not in said]
        assert not unexplained, f"{mode}: panels the help does not explain: {unexplained}"
        boxes = {glyph for glyph in boxes_drawn if glyph not in said}
        assert not boxes, f"{mode}: check boxes the help does not explain: {sorted(boxes)}"
        del help_of_result


async def test_the_menus_help_lists_its_keys_only():
    app = new_app()
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot)
        menu = app.screen
        help_screen, _ = await help_of(app, pilot)
        foreign = [label for _, label in help_screen.rows if label not in own_labels(menu)]
        assert not foreign, f"the menu's help lists keys not its own: {foreign}"


async def test_records_and_replay_have_their_own_help():
    """The records screen's help and a replay's help say what they show, not the menu's."""
    app = new_app()
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot)
        records = await records_with_a_game(pilot, app)
        help_screen, said = await help_of(app, pilot)
        assert "Records" in help_screen.title_text and help_screen.intro
        assert not any(m.goal in said for m in MODES.values())  # not the menu's help
        await pilot.press("escape")
        await pilot.press("r")  # watch the replay
        await settle(pilot)
        assert app.screen is not records
        help_screen, said = await help_of(app, pilot)
        assert "Replay" in help_screen.title_text and help_screen.intro
        assert not any(m.goal in said for m in MODES.values())


# -- no internal identifier on screen ------------------------------------------------------------
@pytest.mark.parametrize("mode", MODE_NAMES)
async def test_no_internal_identifier_on_screen(mode):
    """A finished game shows in Records, its delete question and its replay in words: no
    results key, no edition mark, no internal mode name."""
    app = new_app(setup_of(mode))
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot)
        await finished(pilot, app, mode)
        saved = saved_results(app)[-1]
        app.push_screen(RecordsScreen())  # over the game that ended
        await settle(pilot)
        texts = {"records": screen_text(app)}
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen), f"{mode}: x asked nothing"
        texts["delete question"] = screen_text(app)
        await pilot.press("n")
        await pilot.press("r")
        await settle(pilot)
        texts["replay"] = screen_text(app).splitlines()[0]
        for where, text in texts.items():
            if re.search(r"[:#]", saved.maze):  # a structured key ("3x3" reads as it is)
                assert saved.maze not in text, f"{mode}: the results key shows in the {where}"
            lines = [ln for ln in text.splitlines() if INTERNAL.search(ln.strip(" │▏▎▊"))]
            assert not lines, f"{mode}: internal identifiers in the {where}: {lines}"
            titles = text
            for spec in MODES.values():  # a title may hold the name ("Player's eye")
                titles = titles.replace(spec.title, "")
            assert not re.search(rf"\b{saved.mode}\b", titles), \
                f"{mode}: the internal mode name {saved.mode!r} shows in the {where}"


# -- legible at 80x24 and without colour ---------------------------------------------------------
@pytest.mark.parametrize("no_color", [False, True], ids=["colour", "NO_COLOR"])
@pytest.mark.parametrize("mode", MODE_NAMES)
async def test_what_you_steer_and_tick_reads_without_colour(mode, no_color, monkeypatch):
    """At 80x24, with or without colour: moving what you steer changes the board's glyphs
    (not only its colours), and a ticked box reads differently from an unticked one."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = new_app(setup_of(mode))
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        boxes = list(screen.query(SelectionList))
        for box in boxes:
            before = widget_text(app, box)
            box.toggle(box.get_option_at_index(0).value)
            await pilot.pause()
            assert widget_text(app, box) != before, \
                f"{mode}: a ticked box reads as an unticked one: {box_glyphs(before)}"
            box.toggle(box.get_option_at_index(0).value)
        boards = [w for w in screen.query("*") if isinstance(w, MazeView | JumpBoard | EyeView)
                  and w.display and w.size.height]
        if not boards or whereabouts(app) is None:
            if not boxes:
                pytest.skip(f"{mode}: no board to steer on, no box to tick (a list, a text, "
                            "a lab's trace)")
            return
        seen = [[widget_text(app, board) for board in boards]]  # at first, then after each
        for key in ("down", "right", "up", "left") * 2:  # of two moves of what you steer
            before = whereabouts(app)
            await pilot.press(key)
            await settle(pilot)
            if whereabouts(app) != before:
                seen.append([widget_text(app, board) for board in boards])
            if len(seen) == 3:
                break
        assert len(seen) == 3 and seen[0] != seen[1] != seen[2] != seen[0], \
            f"{mode}: what you steer moved, but the board's glyphs did not change"


@pytest.mark.parametrize("mode", MODE_NAMES)
async def test_titles_and_headers_read_whole_at_80x24(mode):
    """At 80x24 a list of levels shows every title whole, and each level's header keeps its
    title and par."""
    from mazegame.games.levels import setup_for

    app = new_app(setup_of(mode))
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        if not hasattr(screen, "campaign"):
            header = screen_text(app).splitlines()[0]
            assert header.strip(), f"{mode}: no header at 80 columns"
            pytest.skip(f"{mode}: plays no levels: its header is checked by the snapshots")
        listing = screen.query_one("#levels")
        seen = ""
        for index in range(listing.option_count):
            listing.scroll_to(y=index, animate=False, immediate=True)
            await pilot.pause()
            seen += screen_text(app)
        cut = [lv.title for lv in app.campaign.levels if lv.title not in seen]
        lost = []
        for level in app.campaign.levels:
            app.start_mode(setup_for(level))
            await settle(pilot)
            header = screen_text(app).splitlines()[0]
            named = level.title in header or any(  # whole, or cut short with "…"
                f"{level.title[:k]}…" in header for k in range(3, len(level.title)))
            if not named or f"par {level.par}" not in header:
                lost.append(header.strip())
            app.pop_screen()
            await pilot.pause()
        assert not cut and not lost, f"at 80 columns, titles cut in the list: {cut}; " \
                                     f"level headers without their title or par: {lost}"


async def test_the_records_table_reads_whole_at_80x24():
    """Every column title of the records table shows whole at 80 columns, and the date
    played has its four-digit year."""
    app = new_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        records = await records_with_a_game(pilot, app)
        table = records.query_one(DataTable)
        shown = screen_text(app)
        titles = [str(c.label).rstrip(" ▲▼") for c in table.columns.values()]
        cut = [t for t in titles if t not in shown]
        dated = re.search(r"\b20\d\d-\d\d-\d\d \d\d:\d\d\b", shown)
        assert not cut and dated, f"records columns cut at 80 columns: {cut}; " \
                                  f"a date with its year whole: {bool(dated)}"


# -- dates unambiguous, plurals right ------------------------------------------------------------
def test_dates_are_unambiguous_and_plurals_right():
    """No "puzzle(s)": a count says "1 puzzle", "3 puzzles". No two-digit year ("%y") and
    no day-month order: dates read 2026-11-27 03:29."""
    strings = package_strings()
    plurals = [f"{f}:{n} {s!r}" for f, n, s in strings if re.search(r"[a-z]\(s\)", s)]
    assert not plurals, f"plurals written (s): {plurals}"
    dates = [f"{f}:{n} {s!r}" for f, n, s in strings
             if "%y" in s or re.search(r"%d[-/.]%m", s)]
    assert not dates, f"ambiguous date formats: {dates}"
