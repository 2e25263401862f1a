"""Interpreted mazes (Suits 6.4): a maze underneath a game that does not look like one.

`base` holds what every kind shares: a cell is a Scene with one Option per side (open or
closed), taking an open option moves through that door. Each kind (`bureaucracy`, `trading`,
`instructional`) is a module with `build(maze, seed, difficulty) -> Interpretation`,
registered in `KINDS` (name -> build function, the module imported on first use). A kind
whose module is missing is not in KINDS, and its mode is not offered (`available`).

Cheap to import: the menu reads `available` through `games.modes`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from importlib import import_module
from importlib.util import find_spec

#: Kind name -> its module, in menu order.
KIND_MODULES = {
    "bureaucracy": "mazegame.games.interpreted.bureaucracy",
    "trading": "mazegame.games.interpreted.trading",
    "instructional": "mazegame.games.interpreted.instructional",
}


def available(kind: str) -> bool:
    """Whether a kind's module is installed (found without importing it)."""
    module = KIND_MODULES.get(kind)
    return module is not None and find_spec(module) is not None


class _Kinds(Mapping[str, Callable]):
    """Kind name -> `build(maze, seed, difficulty)`, importing the kind's module on first use;
    only the kinds whose modules exist."""

    def __getitem__(self, kind: str) -> Callable:
        if not available(kind):
            raise KeyError(kind)
        return import_module(KIND_MODULES[kind]).build

    def __iter__(self) -> Iterator[str]:
        return (kind for kind in KIND_MODULES if available(kind))

    def __len__(self) -> int:
        return sum(1 for _ in self)


KINDS: Mapping[str, Callable] = _Kinds()
