"""The one move-key map (arrows, hjkl, wasd), every set of move bindings built from it, and
the key schemes (all, vi, wasd or arrows only) that thin them out on screen.

A scheme is applied to each screen and its widgets as they come on show (`apply_scheme`): the
keys of other schemes are dropped from the move bindings built here, and the footer shows the
scheme's keys, so the bindings, the footer and the help (built from the bindings) agree.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import NamedTuple

from textual.binding import Binding
from textual.dom import DOMNode


class MoveKeys(NamedTuple):
    """The keys that move one way: an arrow, a vi key and a wasd key."""

    arrow: str
    vi: str
    wasd: str


#: Direction -> its keys, in the order the bindings are listed (help shows them so).
MOVE_KEYS = {
    "north": MoveKeys("up", "k", "w"),
    "south": MoveKeys("down", "j", "s"),
    "west": MoveKeys("left", "h", "a"),
    "east": MoveKeys("right", "l", "d"),
}
#: The diagonals (vi's yubn), for the jumping mazes' queen moves.
DIAGONAL_KEYS = {"northwest": "y", "northeast": "u", "southwest": "b", "southeast": "n"}
ARROWS = "↑↓←→"  #: the footer's one entry for all four arrows
ARROW_GLYPHS = dict(zip(MOVE_KEYS, ARROWS, strict=True))  #: direction -> its arrow, "↑"
#: The player's-eye view: what each direction's keys do (forward, or a turn), as
#: (action, footer label, binding id, tooltip).
FACING_ACTIONS = {
    "north": ("forward", "Forward", "forward", "Step forward"),
    "west": ("turn('left')", "Left", "turn-left", "Turn left"),
    "east": ("turn('right')", "Right", "turn-right", "Turn right"),
    "south": ("turn('around')", "Turn around", "turn-around", "Turn around"),
}


#: Scheme -> the kinds of move key it keeps (MoveKeys fields).
SCHEMES = {"all": ("arrow", "vi", "wasd"), "vi": ("vi",), "wasd": ("wasd",),
           "arrows": ("arrow",)}
SCHEME_DISPLAY = {"vi": "hjkl", "wasd": "wasd"}  #: the footer's one entry for the four keys
_scheme = "all"
_SCHEMED: set[str] = set()  #: ids of the bindings a scheme thins out (built below)


def set_scheme(name: str) -> None:
    """Use a key scheme from now on (screens already shown follow at `apply_scheme`)."""
    global _scheme
    if name not in SCHEMES:
        raise ValueError(f"unknown key scheme {name!r}; schemes: {', '.join(SCHEMES)}")
    _scheme = name


def scheme() -> str:
    """The key scheme in force."""
    return _scheme


def _schemed(bindings: list[Binding]) -> list[Binding]:
    """Mark bindings as ones a key scheme thins out."""
    _SCHEMED.update(b.id for b in bindings)
    return bindings


def _display(binding: Binding, kinds: tuple[str, ...]) -> Binding:
    """The binding with the footer showing the scheme's keys rather than the arrows, and
    its tooltip (the help's words) without the other schemes' keys."""
    if len(kinds) > 1:
        return binding
    tip = re.sub(r" \(also [^;)]*(\)|; )", lambda m: " (" if m.group(1) == "; " else "",
                 binding.tooltip or "")
    binding = replace(binding, tooltip=tip or binding.tooltip)
    kind = kinds[0]
    if kind == "arrow" or binding.key_display is None:
        return binding
    if binding.key_display == ARROWS:
        return replace(binding, key_display=SCHEME_DISPLAY[kind])
    for d, glyph in ARROW_GLYPHS.items():
        if binding.key_display == glyph:
            return replace(binding, key_display=getattr(MOVE_KEYS[d], kind))
    return binding


def apply_scheme(node: DOMNode) -> bool:
    """Thin the node's move bindings to the scheme in force (from the full set, so a scheme
    can be widened again); True if anything changed."""
    full = getattr(node, "_all_move_bindings", None)
    if full is None:
        if not any(b.id in _SCHEMED for bs in node._bindings.key_to_bindings.values()
                   for b in bs):
            return False
        full = node._all_move_bindings = dict(node._bindings.key_to_bindings)
    if getattr(node, "_move_scheme", "all") == _scheme:
        return False
    kinds = SCHEMES[_scheme]
    dropped = {getattr(k, kind) for k in MOVE_KEYS.values() for kind in MoveKeys._fields
               if kind not in kinds}
    thinned = {}
    for key, bindings in full.items():
        kept = [_display(b, kinds) if b.id in _SCHEMED else b for b in bindings
                if not (key in dropped and b.id in _SCHEMED)]
        if kept:
            thinned[key] = kept
    node._bindings.key_to_bindings = thinned
    node._move_scheme = _scheme
    return True


def letters(keys: MoveKeys) -> str:
    """A direction's letter keys, "k,w" (vi first)."""
    return f"{keys.vi},{keys.wasd}"


def move_bindings() -> list[Binding]:
    """Arrows, hjkl and wasd move; only the arrows show in the footer."""
    return _schemed([
        Binding(f"{k.arrow},{letters(k)}", f"move('{d}')", "Move", show=d == "north",
                key_display=ARROWS, id=f"move-{d}", tooltip=f"Move {d} (also {letters(k)})")
        for d, k in MOVE_KEYS.items()
    ])


def split_move_bindings() -> list[Binding]:
    """Arrows move you, or the demon when a second human plays it; letters always move you."""
    return [
        binding
        for d, k in MOVE_KEYS.items()
        for binding in (
            Binding(k.arrow, f"arrow('{d}')", "Move", show=d == "north", key_display=ARROWS,
                    id=f"arrow-{d}", tooltip=f"Move {d} (two players: the demon moves)"),
            Binding(letters(k), f"move('{d}')", "Move", show=False, id=f"move-{d}",
                    tooltip=f"Move {d} (also with two players)"),
        )
    ]


#: Direction -> (dx, dy) of a scroll (or a cursor's step) that way.
SCROLL_STEPS = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}


def cursor_bindings(action: str, prefix: str, while_: str) -> list[Binding]:
    """Arrows and hjkl move a cursor: `action(dx, dy)`; one footer entry for all four.
    (The wasd letters are left out: a cursor shares its screen with letter keys.)"""
    words = {"north": "up", "south": "down", "west": "left", "east": "right"}
    return [
        Binding(f"{k.arrow},{k.vi}", f"{action}{SCROLL_STEPS[d]}", "Move" if d == "north"
                else words[d].capitalize(), show=d == "north",
                key_display=ARROWS if d == "north" else None, id=f"{prefix}-{words[d]}",
                tooltip=f"{while_}: cursor {words[d]}")
        for d, k in MOVE_KEYS.items()
    ]


def scroll_bindings() -> list[Binding]:
    """After a game the move keys scroll the revealed maze (only the arrows in the footer)."""
    return _schemed([
        Binding(f"{k.arrow},{letters(k)}", f"scroll{SCROLL_STEPS[d]}", "Scroll",
                show=d == "north", key_display=ARROWS, id=f"scroll-{d}",
                tooltip=f"Scroll the maze {d} (also {letters(k)}; page up/down, home/end)")
        for d, k in MOVE_KEYS.items()
    ])


def facing_bindings() -> list[Binding]:
    """The player's eye: up steps forward, left/right turn, down turns around."""
    bindings = []
    for d, (action, label, ident, tip) in FACING_ACTIONS.items():
        k = MOVE_KEYS[d]  # wasd before vi here, as the eye view has always listed them
        bindings.append(Binding(f"{k.arrow},{k.wasd},{k.vi}", action, label,
                                key_display=ARROW_GLYPHS[d], id=ident,
                                tooltip=f"{tip} (also {k.wasd}, {k.vi})"))
    return _schemed(bindings)


def jump_bindings() -> list[Binding]:
    """Jumps: the four move keys, and yubn for the diagonals (queen puzzles)."""
    orthogonal = [
        Binding(f"{k.arrow},{letters(k)}", f"jump('{d}')", "Jump", show=d == "north",
                key_display=ARROWS, id=f"jump-{d}", tooltip=f"Jump {d}")
        for d, k in MOVE_KEYS.items()
    ]
    diagonal = [
        Binding(key, f"jump('{d}')", "Diagonal", show=d == "northwest",
                key_display="".join(DIAGONAL_KEYS.values()), id=f"jump-{d}",
                tooltip=f"Jump {d} (queen puzzles)")
        for d, key in DIAGONAL_KEYS.items()
    ]
    return [*_schemed(orthogonal), *diagonal]
