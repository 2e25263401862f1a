"""The generator registry: name -> kernel plus the metadata menus, CLI and tests read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

GENERATORS: dict[str, GeneratorSpec] = {}


@dataclass(frozen=True)
class GeneratorSpec:
    """One registered generator.

    `kernel(walls, wrap_x, wrap_y, seed, record, buf) -> events` edits `walls` in place,
    starting from every wall up (`carves`) or from an empty room (not `carves`).
    """

    name: str
    title: str
    kernel: Callable
    summary: str
    source: str
    perfect: bool = True
    wraps: bool = True
    carves: bool = True


def register(spec: GeneratorSpec) -> GeneratorSpec:
    """Add a generator to the registry (names are unique)."""
    if spec.name in GENERATORS:
        raise ValueError(f"generator {spec.name!r} registered twice")
    GENERATORS[spec.name] = spec
    return spec
