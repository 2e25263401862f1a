"""`mazegame generate`: build a maze with a registered generator and print it."""

from __future__ import annotations

import argparse
import json

from mazegame.cli.common import (
    Command,
    UsageError,
    add_board_options,
    add_maze_options,
    board_asked,
    board_picture,
    check_output,
    parse_cell,
    parse_fraction,
    random_seed,
    refuse_square_only,
    write_output,
)


def _configure_generate(p: argparse.ArgumentParser) -> None:
    """Add generate's options: maze options, output, --list, --braid, --traps, --stats,
    extras."""
    add_maze_options(p, default_size=(20, 10))
    add_board_options(p)
    p.add_argument("--format", choices=("json", "text", "ascii"), default="text")
    p.add_argument("-o", "--output", default=None, help="output file ('-' or none: stdout)")
    p.add_argument("--list", action="store_true",
                   help="print each generator's name, the boards beyond the square it "
                        "builds on, and its title, and exit")
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
    from mazegame.engine.generate import generate
    from mazegame.engine.mazefile import text_chunks, to_document

    if args.list:
        write_output(None, generator_listing())
        return 0
    if args.traps and not args.one_way:
        raise UsageError("--traps goes with --one-way FRACTION (it lets one-way doors trap)")
    tiling, floors = board_asked(args)
    refuse_square_only(args, tiling)
    check_output(args.output)
    width, height = args.size
    seed = random_seed() if args.seed is None else args.seed
    if tiling != "square":
        return _generate_board(args, tiling, floors, seed)
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


def generator_listing() -> str:
    """`generate --list`: one line a generator, its name (the first word, for scripts), the
    boards beyond the square it builds on, in brackets, and its title; columns aligned."""
    from mazegame.engine.generate import GENERATORS
    from mazegame.engine.generate.boards import board_generators, board_tilings
    from mazegame.engine.tilings import TILINGS

    made = [kind for kind in board_tilings() if TILINGS[kind].make is not None]
    boards = {name: " ".join(kind for kind in made if name in board_generators(kind))
              for name in GENERATORS}
    names = max(map(len, GENERATORS))
    column = max(len(f"[{b}]") for b in boards.values())
    return "\n".join(f"{name:<{names}}  {f'[{boards[name]}]' if boards[name] else '':<{column}}"
                     f"  {spec.title}" for name, spec in GENERATORS.items())


def _generate_board(args: argparse.Namespace, tiling: str, floors: int, seed: int) -> int:
    """Print a maze on another board (hexagons, triangles, weave, floors): its JSON document
    (`engine.boardfile`) or its picture (`ui.board_art`)."""
    from mazegame.engine.generate.boards import generate_board
    from mazegame.engine.mazefile import write_document

    square_only = [flag for flag, value in (("--mode", args.mode), ("--bias", args.bias),
                                            ("--start", args.start), ("--end", args.end),
                                            ("--stats", args.stats or None))
                   if value is not None]
    if square_only:
        raise UsageError(f"{' and '.join(square_only)} {'is' if len(square_only) == 1 else 'are'}"
                         f" for square mazes, not {tiling} ones")
    if args.format != "json":
        picture = board_picture(tiling)  # refused before the work, if it cannot be drawn
    try:
        maze = generate_board(args.algo, tiling, *args.size, seed, floors=floors,
                              braid=args.braid).maze
        doc = write_document(maze) if args.format == "json" else None
    except ValueError as err:
        raise UsageError(str(err)) from None
    if doc is not None:
        write_output(args.output, json.dumps(doc, separators=(",", ":")))
    else:
        write_output(args.output, "\n".join(picture(maze, "ascii" if args.format == "ascii"
                                                     else "box")))
    return 0


COMMAND = Command("generate", "generate a maze and print it as JSON or a picture",
                  _configure_generate, run_generate)
