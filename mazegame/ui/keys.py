"""The one move-key map (arrows, hjkl, wasd), every set of move bindings built from it, and
the key schemes (all, vi, wasd or arrows only) that thin them out on screen.

A scheme is Textual's keymap (`keymap`, given to `App.set_keymap`): each move binding built
here has an id, and the keymap rebinds it to the scheme's keys only. The app shows the
scheme's keys in the footer (`key_display`) and the help says what they do (`help_label`),
so the bindings, the footer and the help agree.
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from textual.binding import Binding


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
#: The hexagon's four slanted sides: (vi key, wasd key) round the hand's home key, as a vi
#: roguelike moves on hexes (y u / h l / b n) and as wasd's q e / a d / z c. The arrows and
#: the four keys keep their meaning: left and right are west and east, up and down the open
#: one of the two sides above or below (`games.board_moves`). They share letters with a
#: walk's other keys (n: new maze, q: menu, z: zoom), so no keymap rebinds them (Textual's
#: would drop every binding of a shared key): a screen turns them off where its board has
#: no such side, or under a scheme without letters, and then the other binding has the key.
HEX_KEYS = {"north-west": ("y", "q"), "north-east": ("u", "e"),
            "south-west": ("b", "z"), "south-east": ("n", "c")}
#: The footer's one entry for the four slanted sides, by key scheme.
HEX_DISPLAY = {"all": "yubn", "vi": "yubn", "wasd": "qezc"}
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
_ORTHOGONAL_JUMPS = frozenset(f"jump-{d}" for d in MOVE_KEYS)  #: (yubn stay in every scheme)
#: Move key -> its kind ("up" -> "arrow", "k" -> "vi", "w" -> "wasd").
KEY_KIND = {key: kind for k in MOVE_KEYS.values() for kind, key in zip(MoveKeys._fields, k,
                                                                     strict=True)}


def _kinds(scheme: str) -> tuple[str, ...]:
    """The kinds of move key a scheme keeps (ValueError names the schemes if unknown)."""
    if scheme not in SCHEMES:
        raise ValueError(f"unknown key scheme {scheme!r}; schemes: {', '.join(SCHEMES)}")
    return SCHEMES[scheme]


def keymap(scheme: str) -> dict[str, str]:
    """Textual's keymap for a scheme (`App.set_keymap`): each move binding's id -> the
    scheme's keys of it. "all" changes nothing."""
    kinds = _kinds(scheme)
    if len(kinds) == len(MoveKeys._fields):
        return {}
    return {ident: ",".join(key for key in b.key.split(",") if KEY_KIND[key] in kinds)
            for ident, b in _schemed_bindings().items()}


def key_display(binding: Binding, scheme: str) -> str | None:
    """What the footer shows for a move binding under a scheme ("hjkl" for the arrows'
    "↑↓←→", "k" for "↑"), or None for any other binding or under "all" (a keymap drops a
    rebound binding's own display, so the app asks here)."""
    kinds = _kinds(scheme)
    if binding.id == "move-north-west":  # the footer's one entry for the slanted sides
        return HEX_DISPLAY.get(scheme, "")
    original = _schemed_bindings().get(binding.id or "")
    if original is None or len(kinds) > 1 or original.key_display is None:
        return None
    kind = kinds[0]
    if kind == "arrow":
        return original.key_display
    if original.key_display == ARROWS:
        return SCHEME_DISPLAY[kind]
    direction = next(d for d, glyph in ARROW_GLYPHS.items() if glyph == original.key_display)
    return getattr(MOVE_KEYS[direction], kind)


def help_label(binding: Binding, scheme: str) -> str:
    """What the help says a binding does: its tooltip (else description), under a
    one-kind scheme without the "(also ...)" naming the other schemes' keys."""
    label = binding.tooltip or binding.description
    if binding.id not in _schemed_bindings() or len(_kinds(scheme)) > 1:
        return label
    return re.sub(r" \(also [^;)]*(\)|; )", lambda m: " (" if m.group(1) == "; " else "",
                  label) or label


@functools.cache
def _schemed_bindings() -> dict[str, Binding]:
    """Id -> binding, of every binding a key scheme thins out (the moves, scrolls, the
    eye's steps and turns, the orthogonal jumps)."""
    return {b.id: b for build in (move_bindings, scroll_bindings, facing_bindings)
            for b in build()} | {b.id: b for b in jump_bindings() if b.id in _ORTHOGONAL_JUMPS}


def letters(keys: MoveKeys) -> str:
    """A direction's letter keys, "k,w" (vi first)."""
    return f"{keys.vi},{keys.wasd}"


def move_bindings() -> list[Binding]:
    """Arrows, hjkl and wasd move; only the arrows show in the footer."""
    return [
        Binding(f"{k.arrow},{letters(k)}", f"move('{d}')", "Move", show=d == "north",
                key_display=ARROWS, id=f"move-{d}", tooltip=f"Move {d} (also {letters(k)})")
        for d, k in MOVE_KEYS.items()
    ]


def hex_bindings() -> list[Binding]:
    """The hexagon's four slanted sides (`HEX_KEYS`), a binding a key, the first one the
    footer's entry for all ("yubn"). A screen lets them move only where its board has those
    sides (its `check_action`), and turns its other bindings of n, q and z off meanwhile;
    else the key goes to those (new maze, menu, zoom). (Not priority bindings: Textual
    handles those ahead of the keys typed before them.)"""
    return [
        Binding(key, f"move('{d}')", "Diagonal", show=key == "y", key_display=HEX_DISPLAY["vi"],
                id=f"move-{d}" + ("" if kind == "vi" else "-wasd"), tooltip=f"Move {d}")
        for d, keys in HEX_KEYS.items()
        for kind, key in zip(("vi", "wasd"), keys, strict=True)
    ]


def split_move_bindings() -> list[Binding]:
    """Arrows move you, or the demon when a second human plays it; letters always move you."""
    return [
        binding
        for d, k in MOVE_KEYS.items()
        for binding in (
            Binding(k.arrow, f"arrow('{d}')", "Move", show=d == "north", key_display=ARROWS,
                    id=f"arrow-{d}", tooltip=f"Move {d} (two players: the demon moves)"),
            Binding(letters(k), f"move('{d}')", "Move", show=False, id=f"letters-{d}",
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
    return [
        Binding(f"{k.arrow},{letters(k)}", f"scroll{SCROLL_STEPS[d]}", "Scroll",
                show=d == "north", key_display=ARROWS, id=f"scroll-{d}",
                tooltip=f"Scroll the maze {d} (also {letters(k)}; page up/down, home/end)")
        for d, k in MOVE_KEYS.items()
    ]


def facing_bindings() -> list[Binding]:
    """The player's eye: up steps forward, left/right turn, down turns around."""
    bindings = []
    for d, (action, label, ident, tip) in FACING_ACTIONS.items():
        k = MOVE_KEYS[d]  # wasd before vi here, as the eye view has always listed them
        bindings.append(Binding(f"{k.arrow},{k.wasd},{k.vi}", action, label,
                                key_display=ARROW_GLYPHS[d], id=ident,
                                tooltip=f"{tip} (also {k.wasd}, {k.vi})"))
    return bindings


#: The stairs of a maze of several floors: the roguelikes' < and >, and page up / down.
CLIMB_KEYS = {"up": "less_than_sign,pageup", "down": "greater_than_sign,pagedown"}


def climb_bindings() -> list[Binding]:
    """Climb the stair you stand on, or go down it (one footer entry for both). A screen
    turns them on only where its board has stairs (its `check_action`)."""
    return [
        Binding(keys, f"climb('{d}')", "Stairs", show=d == "up", key_display="<>",
                id=f"climb-{d}", tooltip=f"Take the stair {d} where you stand "
                f"({'<, page up' if d == 'up' else '>, page down'})")
        for d, keys in CLIMB_KEYS.items()
    ]


def floor_bindings() -> list[Binding]:
    """After a game, the climb keys look at the floor above or below (a view's keys)."""
    return [
        Binding(keys, f"see_floor('{d}')", "Floors", show=d == "up", key_display="<>",
                id=f"see-floor-{d}",
                tooltip=f"Look at the floor {'above' if d == 'up' else 'below'} (after a game)")
        for d, keys in CLIMB_KEYS.items()
    ]


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
    return [*orthogonal, *diagonal]
