"""Imports run one way (cli -> ui -> games -> engine) and no module imports itself in a circle.

The floors, top down (docs/architecture.md, Layout): cli; ui and bench side by side (bench
times engine kernels and game functions, the cli's `bench` subcommand runs it, and neither
of ui and bench imports the other); games; engine; storage, storage_journal, storage_open,
results_db, results_queries, settings and locations on the ground floor (anyone may read
where files live and what was saved; they import nothing above it). A module may import its
own floor's package and anything below it, never above or across. The graph is grimp's,
built from the source, so imports inside functions count too.
"""

from __future__ import annotations

import grimp
import networkx as nx
import pytest

PACKAGE = "mazegame"

#: The floor of each top-level name under mazegame, higher imports lower. `mazegame` itself
#: only holds the version; `__main__` is the entry point above everything.
FLOORS = {
    "__main__": 5,
    "cli": 4,
    "ui": 3,
    "bench": 3,
    "server": 3,  # `mazegame host`: rooms over the network, run by the games layer
    "games": 2,
    "engine": 1,
    "storage": 0,
    "storage_journal": 0,  # storage's journal of results waiting for the file
    "storage_open": 0,  # how storage opens its file
    "results_db": 0,
    "results_queries": 0,
    "settings": 0,
    "words": 0,  # counts and dates in words (plural, when)
    "eyesight": 0,  # the player's-eye view in plain Python (the local game and the thin client)
    "locations": 0,
    "net": 0,  # the host's messages, names, a player's connection, bots: no engine, no ui
    "": 0,
}

#: Rooms that share a floor but must not import each other.
APART = {"ui", "bench", "server"}


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    """mazegame's import graph (internal imports only)."""
    return grimp.build_graph(PACKAGE)


def room_of(module: str) -> str:
    """The top-level name under mazegame a module belongs to ("" for mazegame itself)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def internal_imports(graph: grimp.ImportGraph) -> list[tuple[str, str]]:
    """Every direct import from one mazegame module to another, sorted."""
    return sorted(
        (importer, imported)
        for importer in graph.modules
        for imported in graph.find_modules_directly_imported_by(importer)
    )


def where(graph: grimp.ImportGraph, importer: str, imported: str) -> str:
    """`importer -> imported (line N)` for a report."""
    lines = sorted({d["line_number"] for d in graph.get_import_details(
        importer=importer, imported=imported)})
    return f"{importer} -> {imported} (line {', '.join(map(str, lines))})"


def test_every_module_has_a_floor(graph):
    """A new top-level module must be given its floor here, or it escapes the layers test."""
    unplaced = sorted({room_of(m) for m in graph.modules} - FLOORS.keys())
    assert unplaced == [], f"give these a floor in FLOORS: {unplaced}"


def goes_up_or_across(a: str, b: str) -> bool:
    """Whether room `a` importing room `b` breaks the floors."""
    if a == b or a not in FLOORS or b not in FLOORS:
        return False
    return FLOORS[b] > FLOORS[a] or (FLOORS[b] == FLOORS[a] and {a, b} <= APART)


def test_imports_run_down_the_floors(graph):
    """No module imports a floor above its own, nor ui and bench each other."""
    wrong = [
        where(graph, importer, imported)
        for importer, imported in internal_imports(graph)
        if goes_up_or_across(room_of(importer), room_of(imported))
    ]
    assert wrong == [], "upward or sideways imports:\n" + "\n".join(wrong)


def cycles(graph: grimp.ImportGraph) -> list[str]:
    """Each set of modules that import one another in a circle, named like import_graph.py."""
    net = nx.DiGraph(internal_imports(graph))
    return sorted(
        " <-> ".join(sorted(component))
        for component in nx.strongly_connected_components(net)
        if len(component) > 1
    )


def test_no_import_cycles(graph):
    """No module reaches itself through its imports."""
    found = cycles(graph)
    assert found == [], "import cycles:\n" + "\n".join(found)
