"""`mazegame generate`: build a maze with a registered generator and print it."""

from __future__ import annotations

import argparse
import json

from mazegame.cli.common import (
    Command,
    UsageError,
    add_maze_options,
    check_output,
    parse_cell,
    parse_fraction,
    random_seed,
    registry_listing,
    write_output,
)


def _configure_generate(p: argparse.ArgumentParser) -> None:
    """Add generate's options: maze options, output, --list, --braid, --traps, --stats,
    extras."""
    add_maze_options(p, default_size=(20, 10))
    p.add_argument("--format", choices=("json", "text", "ascii"), default="text")
    p.add_argument("-o", "--output", default=None, help="output file ('-' or none: stdout)")
    p.add_argument("--list", action="store_true",
                   help="print each generator's name and title, and exit")
    p.add_argument("--braid", type=parse_fraction, default=0.0, metavar="P",
                   help="remove this fraction (0..1) of dead ends, adding loops")
    p.add_argument("--traps", action="store_true",
                   help="with --one-way: let doors point any way, even where they trap a "
                        "player (cells from which no goal can be reached)")
    p.add_argument("--stats", action="store_true",
                   help="print dead ends, junctions, solution length, diameter ... "
                        "(JSON: a \"stats\" object)")
    # Generator-specific options; each generator's registry entry says which it takes.
    p.add_argument("--mode", default=None, help="growing-tree: newest, random, oldest or mix")
    p.add_argument("--bias", default=None, help="binary-tree: ne, nw, se or sw")
    p.add_argument("--start", type=parse_cell, default=None, metavar="R,C",
                   help="unicursal: start cell (default 0,0)")
    p.add_argument("--end", type=parse_cell, default=None, metavar="R,C",
                   help="unicursal: end cell (default: random)")


def run_generate(args: argparse.Namespace) -> int:
    """Print the maze (or --list the generators); 0, or 2 on bad input."""
    from mazegame.engine.generate import GENERATORS, generate
    from mazegame.engine.mazefile import text_chunks, to_document

    if args.list:
        write_output(None, registry_listing(GENERATORS))
        return 0
    if args.traps and not args.one_way:
        raise UsageError("--traps goes with --one-way FRACTION (it lets one-way doors trap)")
    check_output(args.output)
    width, height = args.size
    seed = random_seed() if args.seed is None else args.seed
    given = {"mode": args.mode, "bias": args.bias, "start": args.start, "end": args.end}
    options = {name: value for name, value in given.items() if value is not None}
    try:
        maze = generate(args.algo, width, height, seed, wrap_x=args.wrap[0], wrap_y=args.wrap[1],
                        braid=args.braid, options=options).maze
        if args.one_way:  # after --braid, so doors on its loops may point either way
            from mazegame.engine.oneway import add_one_way_doors

            maze = add_one_way_doors(maze, args.one_way, seed, traps=args.traps)
    except ValueError as err:
        raise UsageError(str(err)) from None
    stats = None
    if args.stats:
        from mazegame.engine.stats import maze_stats

        stats = maze_stats(maze)
    if args.format == "json":
        doc = to_document(maze)
        if stats is not None:
            doc["stats"] = stats.as_dict()
        write_output(args.output, json.dumps(doc, separators=(",", ":")))
        return 0
    write_output(args.output, text_chunks(maze, "ascii" if args.format == "ascii" else "box"))
    if stats is not None:  # after the picture, and never into the maze file
        label_width = max(len(label) for label, _ in stats.rows())
        write_output(None, "\n".join(f"{label:<{label_width}}  {value}"
                                     for label, value in stats.rows()))
    return 0


COMMAND = Command("generate", "generate a maze and print it as JSON or a picture",
                  _configure_generate, run_generate)
