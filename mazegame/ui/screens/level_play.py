"""A campaign level played in any view: its name in the status line, its hints in the help,
its stars at the end, and the way on to the next level."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from mazegame.games.levels import stars_for, two_star_limit
from mazegame.ui.host import campaign_if_read

if TYPE_CHECKING:
    from textual.screen import Screen as WalkScreen  # a walk screen (walk.py imports this)

    from mazegame.engine.levelfile import Level


#: A view's end panel offering a new maze, which a level cannot give (its maze is the level).
NEW_MAZE_OFFER = re.compile(r"\[b\]n\[/b\]  new maze *\n?")


def level_of(screen: WalkScreen) -> Level | None:
    """The campaign level a game screen plays (None: not a level, or the levels not read
    yet: the game's worker reads them, never the UI thread)."""
    level_id = getattr(screen.setup, "level_id", None)
    campaign = campaign_if_read(screen.app)
    return None if level_id is None or campaign is None else campaign.get(level_id)


def level_help(level: Level) -> str:
    """The help's introduction for a level: its flavour and its hints."""
    lines = [f"[b]{level.title}[/b]: {level.flavour}"]
    if level.exits:
        lines.append("Find the gap in the outer wall and walk out through it.")
    lines += [f"Hint {n}: {hint}" for n, hint in enumerate(level.hints, 1)]
    return "\n".join(lines)


def give_up_level(screen: WalkScreen, game) -> None:
    """Save a campaign level's game left unfinished as lost (with its replay)."""
    level = level_of(screen)
    if level is not None:
        screen.app.campaign.record(level, won=False, moves=game.moves, seconds=game.elapsed,
                                   bumps=game.bumps, replay=screen.replay(game))


def finish_level(screen: WalkScreen, summary: str, legend: str = "") -> str:
    """Record a finished level in the campaign; the end panel's text (stars, what opened,
    the `legend` of the revealed maze, where to go next). `summary` is the view's own end
    panel, kept for a lost game."""
    from mazegame.ui.screens.campaign import stars_text

    campaign = screen.app.campaign
    level, game = level_of(screen), screen.game
    if level is None:
        return summary
    open_before = {n for n in campaign.chapter_numbers if campaign.chapter_unlocked(n)}
    best_before = campaign.best(level)
    stars = campaign.record(level, won=game.won, moves=game.moves, seconds=game.elapsed,
                            bumps=game.bumps, replay=screen.replay())
    if not game.won:
        summary = NEW_MAZE_OFFER.sub("", summary)
        return summary.replace("[b]q[/b]  back to the menu", "[b]q[/b]  back to the campaign")
    counted = game.moves + game.bumps if level.view == "blind" else game.moves
    moves = "move attempts" if level.view == "blind" else "moves"
    lines = [f"[b]Level complete![/b]  {stars_text(stars)}", "", f"[b]{level.title}[/b]", "",
             f"Your {moves:<14}{counted}", f"Par {'':<15}{level.par}"]
    if stars < 3:
        target = level.par if stars == 2 else two_star_limit(level)
        lines.append(f"{stars_text(stars + 1)} in {target} or fewer")
    if best_before is not None and counted < best_before:
        lines.append(f"New best (was {best_before}, {stars_text(stars_for(level, best_before))})")
    for number in campaign.chapter_numbers:
        if number not in open_before and campaign.chapter_unlocked(number):
            lines += ["", f"[b]Chapter {number} is open:[/b] {campaign.chapter(number).title}"]
    after = campaign.next_level(level)
    if legend:
        lines += ["", legend]
    lines.append("")
    if after is None:
        lines.append("[b]The campaign is complete![/b] Every level won.")
    else:
        lines.append(f"[b]Enter[/b]  next: {after.title}")
    lines += ["[b]r[/b]  play it again", "[b]q[/b]  back to the campaign"]
    return "\n".join(lines)


def play_next_level(screen: WalkScreen) -> None:
    """Leave this level and open the next one in the campaign."""
    from mazegame.games.levels import setup_for

    level = level_of(screen)
    after = screen.app.campaign.next_level(level) if level is not None else None
    if after is None:
        return
    app = screen.app
    app.pop_screen()
    app.start_mode(setup_for(after))
