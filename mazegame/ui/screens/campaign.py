"""The campaign: chapters and their levels with your stars, a level's card, and play."""

from __future__ import annotations

from rich.markup import escape
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from mazegame.games.levels import Campaign, setup_for, two_star_limit
from mazegame.games.modes import VIEWS
from mazegame.games.setup import GameSetup
from mazegame.ui.legend import DEMON, MAP
from mazegame.ui.widgets.footer import GameFooter

#: The help's legend (`ui.legend.SAMPLES`): the chapters' stars, and what the levels draw.
LEGEND = ("star", *MAP, *DEMON)

STAR, NO_STAR = "★", "☆"
LOCK = "locked"


def stars_text(stars: int) -> str:
    """Three stars, the earned ones filled: "★★☆"."""
    return STAR * stars + NO_STAR * (3 - stars)


TITLE_WIDTH = 29  #: the list's title column: the shipped titles fit whole (the longest, 29)


def listed_title(level) -> str:
    """A level's title as the list shows it: padded to one width (a longer one, a player's
    own, ends in "…"), markup escaped."""
    title = level.title
    if len(title) > TITLE_WIDTH:
        title = title[:TITLE_WIDTH - 1] + "…"
    return escape(f"{title:<{TITLE_WIDTH}}")


def wrap_words(level) -> str:
    """How a level's maze wraps, in words."""
    maze = level.maze
    if maze.wrap_x and maze.wrap_y:
        return "a torus (every edge wraps)"
    if maze.wrap_x:
        return "a cylinder (east and west join)"
    if maze.wrap_y:
        return "a cylinder (north and south join)"
    return ""


def level_card(campaign: Campaign, level) -> str:
    """The card of a level: where it sits, its flavour, what it asks, and how you stand."""
    from mazegame.engine.oneway import one_way_door_count

    state = campaign.state(level)
    chapter = campaign.chapter(level.chapter)
    where = ("Your level, made in the editor" if level in campaign.own
             else f"Chapter {chapter.number} · {chapter.title}")
    lines = [f"[b]{escape(level.title)}[/b]", f"[dim]{escape(where)}[/dim]", "",
             escape(level.flavour), ""]
    facts = [f"View      {VIEWS[level.view].title}",
             f"Size      {level.maze.width}x{level.maze.height}"]
    if wrap_words(level):
        facts.append(f"Wraps     {wrap_words(level)}")
    doors = one_way_door_count(level.maze)
    if doors:
        facts.append(f"One-way   {doors} door{'s' if doors != 1 else ''}")
    if level.exits:
        facts.append("Goal      find the way out (a gap in the outer wall)")
    if level.demon is not None:
        facts.append(f"Demon     {level.demon.personality}, speed {level.demon.speed}")
    moves = "move attempts" if level.view == "blind" else "moves"
    facts.append(f"Par       {level.par} {moves}")
    if level.budget is not None:
        facts.append(f"Budget    {level.budget} {moves}")
    lines += facts
    lines += ["", f"★★★ {level.par} or fewer", f"★★☆ {two_star_limit(level)} or fewer"]
    if not state.unlocked:
        lines += ["", "Locked: win every level of the chapters before this one to open it."]
    elif state.best is not None:
        lines += ["", f"Your best  {state.best} {moves}  {stars_text(state.stars)}"]
    else:
        lines += ["", "Not won yet. [b]Enter[/b] to play; [b]?[/b] in the game for hints."]
    return "\n".join(lines)


class CampaignScreen(Screen):
    """Pick a level of the campaign; chapters open one after another as you win them."""

    BINDINGS = [
        Binding("n", "next_unwon", "Next to win", id="next-unwon",
                tooltip="Go to the first level you have not won yet"),
        Binding("escape,q", "app.pop_screen", "Menu", id="back", tooltip="Back to the menu"),
    ]
    title_text = "Campaign"

    def __init__(self, setup: GameSetup | None = None) -> None:
        super().__init__()
        self.setup = setup or GameSetup("campaign")
        self.campaign: Campaign | None = None

    def compose(self) -> ComposeResult:
        """The status line, the level list and the highlighted level's card."""
        yield Static("", id="status")
        with Horizontal(id="campaign-body"):
            yield OptionList(id="levels")
            yield Static("", id="level-card")
        yield GameFooter()

    def on_mount(self) -> None:
        """Read the levels (the player's own may have changed) in a worker."""
        self.query_one("#status", Static).update("[b]Campaign[/b]   reading the levels…")
        self.query_one(OptionList).focus()
        self._load()

    @work(thread=True, exclusive=True, group="campaign")
    def _load(self) -> None:
        campaign = self.app.load_campaign()  # parses and checks every level: not on the UI
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.show_campaign, campaign)

    def show_campaign(self, campaign: Campaign) -> None:
        """List the levels with the player's progress; highlight the level to play next;
        name each level file that could not be read (the rest play)."""
        self.campaign = campaign
        for err in campaign.errors:
            self.notify(str(err), title="A level could not be read", severity="warning",
                        timeout=10, markup=False)
        self.fill()
        self.action_next_unwon()

    def on_screen_resume(self) -> None:
        """Back from a level: show the new stars and the chapters it opened, and point at
        what to play next."""
        if self.campaign is not None:
            self.fill()
            self.action_next_unwon()

    def fill(self) -> None:
        """List every chapter and its levels with stars (locked ones greyed)."""
        campaign = self.campaign
        options: list[Option] = []
        for number in campaign.chapter_numbers:
            levels = campaign.levels_in(number)
            if not levels:
                continue
            chapter = campaign.chapter(number)
            unlocked = campaign.chapter_unlocked(number)
            won = sum(campaign.won(lv) for lv in levels)
            mark = f"{won}/{len(levels)}" if unlocked else LOCK
            title = escape(f"{number} {chapter.title}"[:34])
            options.append(Option(f"[b]{title}[/b]  [dim]{mark}[/dim]",
                                  id=f"chapter-{number}", disabled=True))
            for level in levels:
                stars = stars_text(campaign.stars(level)) if unlocked else "   "
                options.append(Option(f" {level.order:>2}. {listed_title(level)} {stars}",
                                      id=level.id, disabled=not unlocked))
        if campaign.own:
            options.append(Option("[b]Your levels[/b]  [dim]made in the editor[/dim]",
                                  id="own-levels", disabled=True))
            for level in campaign.own:
                stars = stars_text(campaign.stars(level))
                options.append(Option(f"     {listed_title(level)} {stars}", id=level.id))
        listing = self.query_one(OptionList)
        highlighted = listing.highlighted_option.id if listing.highlighted_option else None
        listing.set_options(options)
        if highlighted is not None:
            self.highlight(highlighted)
        won = sum(campaign.won(lv) for lv in campaign.levels)
        self.query_one("#status", Static).update(
            f"[b]Campaign[/b]   {won} of {len(campaign.levels)} levels won   "
            f"{STAR} {campaign.total_stars} of {3 * len(campaign.levels)}")

    def highlight(self, level_id: str) -> None:
        """Move the highlight to a level."""
        listing = self.query_one(OptionList)
        try:
            listing.highlighted = listing.get_option_index(level_id)
        except Exception:  # noqa: BLE001 (an id that went away: keep the highlight where it is)
            return

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show the highlighted level's card."""
        if self.campaign is None:
            return
        level = self.campaign.get(event.option.id or "")
        if level is not None:
            self.query_one("#level-card", Static).update(level_card(self.campaign, level))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Play the chosen level."""
        if self.campaign is None:
            return
        level = self.campaign.get(event.option.id or "")
        if level is not None and self.campaign.unlocked(level):
            self.app.start_mode(setup_for(level))

    def action_next_unwon(self) -> None:
        """Highlight the first open level not won yet (or the last level, all won)."""
        if self.campaign is None:
            return
        level = self.campaign.next_level() or (self.campaign.levels or [None])[-1]
        if level is not None:
            self.highlight(level.id)
