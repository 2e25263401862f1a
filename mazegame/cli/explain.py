"""`mazegame explain ALGO [--json]`: an algorithm's title, source, numbered steps, summary and
properties, read from its registry entry (generators and solvers alike), so a student can
read the algorithm the lab shows running. An unknown name exits 2 naming the close ones."""

from __future__ import annotations

import argparse
import difflib
import json
import textwrap

from mazegame.cli.common import Command, UsageError, write_output

WIDTH = 78  #: the text's width: steps wrap under their own first word

#: Each kind's properties: (JSON key, registry field, what is true when it is, and when not);
#: the text names each by its key.
PROPERTIES = {
    "generator": (
        ("perfect", "perfect", "one path between any two cells (a spanning tree)",
         "loops or rock: not a spanning tree"),
        ("handles_wrap", "wraps", "builds on a torus or cylinder (--wrap)", "no wrap-around"),
        ("carves", "carves", "starts with every wall up and opens doors",
         "starts from an empty room and adds walls"),
    ),
    "solver": (
        ("shortest", "shortest", "always finds a shortest path", "not always the shortest"),
        ("directed", "directed", "handles one-way doors and wrap-around (directed)",
         "not for one-way doors or wrap-around"),
        ("randomized", "randomized", "the seed changes its run", "the same run every time"),
        ("walker", "walker", "one agent walks the maze step by step",
         "a search: it reaches cells without walking between them"),
    ),
}


def _configure(p: argparse.ArgumentParser) -> None:
    """Add explain's arguments: the algorithm's name and --json."""
    p.add_argument("algo", help="a generator's or solver's name (generate --list, solve --list)")
    p.add_argument("--json", action="store_true",
                   help='print {"name", "title", "kind", "source", "summary", "steps": [...], '
                        "and each property by name} as JSON")


def entries(name: str) -> list[tuple[str, object]]:
    """(kind, registry entry) for each registry that knows `name`; UsageError if none does,
    naming the close matches."""
    from mazegame.engine.generate import GENERATORS
    from mazegame.engine.solve import SOLVERS

    found = [(kind, registry[name]) for kind, registry in
             (("generator", GENERATORS), ("solver", SOLVERS)) if name in registry]
    if not found:
        close = difflib.get_close_matches(name, [*GENERATORS, *SOLVERS], n=3)
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        raise UsageError(f"unknown algorithm {name!r}{hint}: mazegame generate --list and "
                         "mazegame solve --list name them all")
    return found


def as_json(kind: str, spec) -> dict:
    """The entry as a JSON object: name, title, kind, source, summary, steps, properties."""
    doc = {"name": spec.name, "title": spec.title, "kind": kind, "source": spec.source,
           "summary": spec.summary, "steps": list(spec.steps)}
    doc.update({key: bool(getattr(spec, field)) for key, field, _, _ in PROPERTIES[kind]})
    return doc


def fill(text: str, indent: str = "  ") -> str:
    """`text` wrapped at WIDTH, its later lines indented, never broken inside a word (not
    even at a hyphen: "steps-so-far" stays whole)."""
    return textwrap.fill(text, WIDTH, subsequent_indent=indent, break_on_hyphens=False,
                         break_long_words=False)


def as_text(kind: str, spec) -> str:
    """The entry for a reader: title, source, numbered steps, summary, properties."""
    lines = [f"{spec.title} · {spec.name}, a {kind}", fill(f"source: {spec.source}"), ""]
    lines.append("steps:")
    lines += [fill(f"{n:>3}. {step}", "     ") for n, step in enumerate(spec.steps, 1)]
    lines += ["", fill(f"summary: {spec.summary}"),
              "", "properties:"]
    for key, field, yes, no in PROPERTIES[kind]:
        true = bool(getattr(spec, field))
        lines.append(f"  {key.replace('_', ' '):<13} {'yes' if true else 'no'}: "
                     f"{yes if true else no}")
    return "\n".join(lines)


def run_explain(args: argparse.Namespace) -> int:
    """Print the algorithm's explanation (both, said so, for a name two registries share)."""
    found = entries(args.algo)
    if args.json:
        docs = [as_json(kind, spec) for kind, spec in found]
        write_output(None, json.dumps(docs[0] if len(docs) == 1 else docs, indent=2))
        return 0
    texts = [as_text(kind, spec) for kind, spec in found]
    if len(texts) > 1:
        texts.insert(0, f"{args.algo} is both a generator and a solver: both follow.")
    write_output(None, "\n\n".join(texts))
    return 0


COMMAND = Command("explain", "an algorithm's numbered steps, its source and its properties",
                  _configure, run_explain)
