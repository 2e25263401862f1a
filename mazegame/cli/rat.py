"""`mazegame rat train|run`: train Suits' self-teaching rat (section 5) on a maze with its
baselines, or run a saved rat on another maze."""

from __future__ import annotations

import argparse
import json

from mazegame.cli.common import (
    Command,
    UsageError,
    check_output,
    load_maze,
    parse_seed,
    parse_size,
    whole_number,
    write_output,
)
from mazegame.cli.output import failure

MAX_EPISODES = 100_000  #: a bound on --episodes and --runs
#: kept in step with engine.rat.VARIANTS (a test checks)
VARIANT_NAMES = ("literal", "working", "critic", "place")


parse_count = whole_number(1, MAX_EPISODES)  #: --episodes, --runs, --new-goal-every


def configure(p: argparse.ArgumentParser) -> None:
    """Add the train and run subcommands (nothing heavy is imported here)."""
    sub = p.add_subparsers(dest="rat_command", metavar="train|run", required=True,
                           parser_class=type(p))
    t = sub.add_parser("train", help="train a rat, with the baselines on the same maze")
    t.add_argument("--size", type=parse_size, default=(6, 6), metavar="WxH",
                   help="maze size (default 6x6; ignored with --maze)")
    t.add_argument("--seed", type=parse_seed, default=0, help="seed of maze and rat (default 0)")
    t.add_argument("--episodes", type=parse_count, default=300, help="episodes (default 300)")
    t.add_argument("--maze", default=None, metavar="FILE", help="a maze file instead")
    t.add_argument("--variant", choices=VARIANT_NAMES, default="place",
                   help="literal: the rules of fig. 22 as written; working: the smallest "
                        "change that learns; critic: an actor-critic try; place: habits "
                        "that turn with the rat and a map of places from its own moves "
                        "(default)")
    t.add_argument("--new-goal-every", type=parse_count, default=None, metavar="K",
                   help="a new start and goal every K episodes")
    t.add_argument("--save", default=None, metavar="MODEL.npz", help="write the trained rat")
    t.add_argument("--json", action="store_true", help="print the JSON document")
    r = sub.add_parser("run", help="run a saved rat on a (new) maze, weights frozen")
    r.add_argument("--model", required=True, metavar="MODEL.npz")
    r.add_argument("--size", type=parse_size, default=(6, 6), metavar="WxH")
    r.add_argument("--seed", type=parse_seed, default=0)
    r.add_argument("--maze", default=None, metavar="FILE", help="a maze file instead")
    r.add_argument("--runs", type=parse_count, default=20, help="episodes to run (default 20)")
    r.add_argument("--json", action="store_true", help="print the JSON document")


#: The largest maze the rat is given: one episode runs in one kernel call, which Ctrl-C
#: waits for (200x200 took 119 s an episode; 40x40 about a second).
MAX_RAT_CELLS = 40 * 40


def _maze(args: argparse.Namespace):
    """The maze of the arguments: the file, or a backtracker maze of the size and seed."""
    if args.maze is not None:
        maze = load_maze(args.maze, user="the rat")
    else:
        from mazegame.engine.generate import generate

        maze = generate("backtracker", *args.size, args.seed).maze
    if not 2 <= maze.size <= MAX_RAT_CELLS:
        raise UsageError(f"the rat learns mazes of 2 to {MAX_RAT_CELLS:,} cells, not "
                         f"{maze.width}x{maze.height}")
    return maze


def _moves(count: int | None) -> str:
    """A baseline's moves as the text says them: 'n/a' where it does not apply (the wall
    follower on a wrapped or one-way maze)."""
    return "n/a" if count is None else str(count)


def run(args: argparse.Namespace) -> int:
    """Train or run, and print the figures."""
    return _train(args) if args.rat_command == "train" else _run(args)


def _train(args: argparse.Namespace) -> int:
    """`rat train`."""
    from mazegame.games import rat

    check_output(args.save)
    maze = _maze(args)
    result = rat.train(maze, args.episodes, args.seed, args.variant, args.new_goal_every)
    if args.save:
        try:
            rat.save(result.net, args.save)
        except OSError as err:  # checked before training: a full disk, say
            raise failure(args.save, err) from None
    if args.json:
        write_output(None, json.dumps(result.to_json()))
        return 0
    tail = rat.last_median(result.episodes)
    write_output(None, f"{args.variant} rat, {maze.width}x{maze.height} seed {args.seed}: "
                       f"median of the last {min(rat.LAST, len(result.episodes))} episodes "
                       f"{tail:g} moves (shortest {result.shortest}, random walk "
                       f"{result.random_walk:.0f}, wall follower {_moves(result.wall_follower)}, "
                       f"tabular memoryless {rat.last_median(result.tabular_memoryless):g}, "
                       f"tabular with position {rat.last_median(result.tabular_position):g}); "
                       f"{result.seconds:.2f} s; "
                       f"{'learned' if result.learned else 'did not learn'}")
    return 0


def _run(args: argparse.Namespace) -> int:
    """`rat run`."""
    from mazegame.games import rat

    try:
        net = rat.load(args.model)
    except rat.ModelError as err:
        raise UsageError(str(err)) from None
    maze = _maze(args)
    steps = rat.run(net, maze, args.runs, args.seed)
    pairs = [(maze.start, maze.goals[0])]
    mean = sum(steps) / len(steps)
    walk = rat.mean_random_walk(maze, pairs, args.seed)
    doc = {"size": f"{maze.width}x{maze.height}", "seed": args.seed, "variant": net.variant,
           "shortest": rat.shortest_path(maze, *pairs[0]), "runs": steps,
           "mean": round(mean, 2), "random_walk": round(walk, 2),
           "wall_follower": rat.wall_follower(maze, *pairs[0]),
           "better_than_random_walk": mean < walk}
    if args.json:
        write_output(None, json.dumps(doc))
    else:
        write_output(None, f"{net.variant} rat on {doc['size']} seed {args.seed}: {mean:.0f} "
                           f"moves on average over {len(steps)} runs (shortest "
                           f"{doc['shortest']}, random walk {walk:.0f})")
    return 0


COMMAND = Command("rat", "Suits' self-teaching maze rat: train it, or run a saved one",
                  configure, run)
