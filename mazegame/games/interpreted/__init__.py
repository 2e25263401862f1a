"""Interpreted mazes (Suits 6.4): a maze underneath a game that does not look like one.

`base` holds what every kind shares: a cell is a Scene with one Option per side (open or
closed), taking an open option moves through that door. Each kind (`bureaucracy`, `trading`,
`instructional`) is a module with `build(maze, seed, difficulty) -> Interpretation`, and a
mode whose spec names that function (`ModeSpec.interpretation`): `KINDS` is read from the
mode registry, the module imported on first use.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from mazegame.games.modes import MODES, load


class _Kinds(Mapping[str, Callable]):
    """Kind name -> `build(maze, seed, difficulty)`, in menu order: every mode whose spec
    names an interpretation (its module imported on first use)."""

    def __getitem__(self, kind: str) -> Callable:
        spec = MODES.get(kind)
        if spec is None or spec.interpretation is None:
            raise KeyError(kind)
        return load(spec.interpretation)

    def __iter__(self) -> Iterator[str]:
        return (name for name, spec in MODES.items() if spec.interpretation is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


KINDS: Mapping[str, Callable] = _Kinds()
