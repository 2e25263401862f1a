"""The status line, fitted to the terminal's width: the clock and the counts never drop off.

A walking screen's status line says the mode, what maze is played, then its fields (moves,
bumps, the demon's warning, ... and the clock last). At 80 columns all of it does not fit;
Textual would cut the end, which is the clock. `fit_status` shortens the rest first: the
seed goes, then the maze's description, then the mode's name and the wide gaps; as a last
resort the clock moves to the front. A campaign level's title and par go last: first the
mode's name goes, then the title is cut short with "…".
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


def squeezed(describe: str, room: int) -> str | None:
    """`brief(describe)` in `room` cells: its first part (a level's title) cut with "…" if
    need be, its parts after the second (a level's par) left out if need be; None when even
    that leaves the first under 4 cells."""
    first, *rest = brief(describe).split(" · ")
    tail = "".join(f" · {part}" for part in rest)
    while room - len(tail) < 4 and len(rest) > 1:  # the par stays, the rest may go
        rest.pop()
        tail = "".join(f" · {part}" for part in rest)
    keep = room - len(tail)
    if keep < 4:
        return None
    return (first if len(first) <= keep else first[:keep - 1] + "…") + tail


def fit_status(title: str, describe: str, fields: list[str], width: int, extra: str = "", *,
               level: bool = False) -> str:
    """The longest form of the status line (markup) that fits `width` cells. `fields` end
    with the clock; `extra` (a PAUSED badge) follows them. A campaign `level`'s title and
    par outlast the mode's name."""
    head, tail = f"[b]{title}[/b]", extra
    candidates = [
        f"{head}  {describe}{SEP}{SEP.join(fields)}{tail}",
        f"{head}  {brief(describe)}{SEP}{SEP.join(fields)}{tail}",
        f"{head}{SEP}{SEP.join(fields)}{tail}",
        f"{TIGHT.join(fields)}{tail}",
    ]
    squeeze = squeezed(describe, width - _width(f"{TIGHT}{TIGHT.join(fields)}{tail}"))
    if level and squeeze is not None:
        candidates[2:2] = [f"{brief(describe)}{TIGHT}{TIGHT.join(fields)}{tail}",
                           f"{squeeze}{TIGHT}{TIGHT.join(fields)}{tail}"]
    if not fields:
        candidates = [f"{head}  {describe}", f"{head}  {brief(describe)}", head]
    for text in candidates:
        if _width(text) <= width:
            return text
    clock = next((f for f in fields if f.startswith(CLOCK)), fields[-1])
    return TIGHT.join([clock, *(f for f in fields if f is not clock)]) + tail  # clock first
