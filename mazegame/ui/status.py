"""The status line, fitted to the terminal's width: the clock and the counts never drop off.

A walking screen's status line says the mode, what maze is played, then its fields (moves,
bumps, the demon's warning, ... and the clock last). At 80 columns all of it does not fit;
Textual would cut the end, which is the clock. `fit_status` shortens the rest first: the
seed goes, then the maze's description, then the mode's name and the wide gaps; as a last
resort the clock moves to the front.
"""

from __future__ import annotations

from rich.text import Text

SEP, TIGHT = "   ", "  "  #: the gap between fields, roomy and tight
CLOCK = "[b]Time[/b]"  #: how the clock's field begins


def _width(markup: str) -> int:
    return Text.from_markup(markup).cell_len


def brief(describe: str) -> str:
    """A maze's description without its seed ("wilson · 19x10 · seed 7" -> "wilson · 19x10")."""
    return " · ".join(part for part in describe.split(" · ") if not part.startswith("seed "))


def fit_status(title: str, describe: str, fields: list[str], width: int, extra: str = "") -> str:
    """The longest form of the status line (markup) that fits `width` cells. `fields` end
    with the clock; `extra` (a PAUSED badge) follows them."""
    head, tail = f"[b]{title}[/b]", extra
    candidates = [
        f"{head}  {describe}{SEP}{SEP.join(fields)}{tail}",
        f"{head}  {brief(describe)}{SEP}{SEP.join(fields)}{tail}",
        f"{head}{SEP}{SEP.join(fields)}{tail}",
        f"{TIGHT.join(fields)}{tail}",
    ]
    if not fields:
        candidates = [f"{head}  {describe}", f"{head}  {brief(describe)}", head]
    for text in candidates:
        if _width(text) <= width:
            return text
    clock = next((f for f in fields if f.startswith(CLOCK)), fields[-1])
    return TIGHT.join([clock, *(f for f in fields if f is not clock)]) + tail  # clock first
