"""Walkers: an agent that only knows the cell it stands in (and what it wrote there).

Random walk, the left/right-hand wall followers, Suits' hand-switching walk and the
least-recently-used door walk (Suits sections 3.1-3.3); the Pledge walk, built on the same
pieces, is in `pledge`. Each kernel moves only through its table of moves (`base.moves_of`:
the square's `step_kernel`, or a board's `board_step`, looked up), keeps its loop-erased
route and the first WALK_KEEP cells of its walk (memory stays O(cells) however long it
walks), and stops with a NOTE code: FOUND, LOOP (a deterministic walk repeated its state),
STUCK, BUDGET or CANCELLED.

Kernel arguments: `(moves, start, goals, ..., budget, control, record, buf)` with `goals` a
bool[n] mask and `control` the cancel/progress array (see `registry.new_control`); they
return `(status, steps, mem, cnt, events)`, the walker's memory as `base.new_walk` packs
it. Recording, each kernel also marks where each of its registry entry's numbered steps
begins (STEP events). The random walk and the LRU doors take any number of sides a cell,
so they walk boards too (`SolverSpec.boards`). The wall followers turn by a table
(`hand_tries`) built from the order of the sides round a cell: on the square, left is a
quarter turn anticlockwise; on hexagons the left hand tries the sharp left (120 degrees),
the left (60), straight on, the right, the sharp right, then back; on triangles, the side
after the one it came in by, going clockwise, then the other, then back. A board with no
such order (floors: up and down have no left) is refused.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST, Maze
from mazegame.engine.jit import kernel
from mazegame.engine.rng import randbelow
from mazegame.engine.solve.base import (
    TRACE_LIMIT,
    arrive,
    close_cut_trace,
    door_shift,
    finish,
    first_open,
    goal_mask,
    moves_of,
    moves_table,
    new_walk,
    note,
    opposite_of,
    poll,
    run_recorded,
    trace_cut,
    walk_parts,
)
from mazegame.engine.solve.registry import (
    BUDGET,
    CANCELLED,
    DEFAULTS,
    FOUND,
    LOOP,
    STUCK,
    SWITCH_HANDS,
    SolveOptions,
    SolverSpec,
    no_turns_message,
    register,
)
from mazegame.engine.trace import DOOR, NONE, STEP, VISITED, door_arg, emit

SUITS = "Suits, Playing With Mazes (1994)"
LEFT, RIGHT = 1, -1  #: hand signs: (1 - hand) >> 1 is the hand's row of `hand_tries`
#: Most events a walker's move records: LRU's two door marks, AT, MARK and LABEL, and the
#: STEP events of the four steps it runs (one twice)
MOVE_EVENTS = 10


@kernel
def random_walk(moves, start, goals, seed, budget, control, record, buf):
    """Suits 3.1: from each cell, move through a door chosen uniformly at random."""
    np.random.seed(seed)
    n, sides = moves.shape
    mem, cnt = new_walk(n, budget)
    k = arrive(start, mem, cnt, True, record, buf, 0, 1, 2)
    options = np.empty(sides, dtype=np.int64)
    cell, steps, status = start, 0, FOUND
    while not goals[cell]:
        if steps >= budget:
            status = BUDGET
            break
        if poll(control, steps):
            status = CANCELLED
            break
        m = 0
        for d in range(sides):
            nxt = moves[cell, d]
            if nxt != cell:
                options[m] = nxt
                m += 1
        if m == 0:
            k = emit(buf, k, STEP, -1, 3) if record else k
            status = STUCK
            break
        cell = options[randbelow(m)]
        steps += 1
        k = arrive(cell, mem, cnt, True, record, buf, k, 3, 2)
    k = note(status, cell, record, buf, k)
    return status, steps, mem, cnt, buf[:k]


@kernel
def hand_walk(moves, tries, start, goals, facing, hand, switch, budget, control, record, buf):
    """Suits 3.2: keep one hand on the wall (try left, straight, right, back for the left hand;
    `tries` is `hand_tries`' table of the sides each hand tries after each heading).

    The state is (cell, heading): a walker that meets a state again has gone round a loop
    and would circle forever. A plain follower stops there (LOOP). With `switch`, Suits'
    improved walk changes hands instead, and gives up only when two hand-runs in a row
    went round loops without setting foot in a new cell.
    """
    n, sides = moves.shape
    seen = np.zeros(sides * n, dtype=np.int32)  # id of the hand-run that last stood in a state
    mem, cnt = new_walk(n, budget)
    visits = mem[:n]
    k = arrive(start, mem, cnt, True, record, buf, 0, 1, 2)
    cell, heading, run, steps, status = start, facing, 1, 0, FOUND
    progress, progressed_before = False, True
    while not goals[cell]:
        if record:
            k = emit(buf, k, STEP, -1, 3)
        state = cell * sides + heading
        if seen[state] == run:
            if not (switch and (progress or progressed_before)):
                status = LOOP
                break
            hand = -hand
            run += 1
            progressed_before, progress = progress, False
            k = note(SWITCH_HANDS, cell, record, buf, k)
        seen[state] = run
        if steps >= budget:
            status = BUDGET
            break
        if poll(control, steps):
            status = CANCELLED
            break
        moved = False
        for i in range(tries.shape[2]):  # the hand's turns, in the order it tries them
            d = tries[(1 - hand) >> 1, heading, i]
            nxt = moves[cell, d]
            if nxt != cell:
                cell, heading, moved = nxt, d, True
                break
        if not moved:
            k = emit(buf, k, STEP, -1, 4) if record else k
            status = STUCK
            break
        steps += 1
        progress = progress or visits[cell] == 0
        k = arrive(cell, mem, cnt, True, record, buf, k, 4, 2)
    k = note(status, cell, record, buf, k)
    return status, steps, mem, cnt, buf[:k]


@kernel
def lru_doors(moves, start, goals, opposite, shift, seed, doors, budget, control, record, buf):
    """Suits 3.3: leave through the door with the lowest number (ties at random), writing the
    move count i on it and on the door you come in by in the next cell (into `doors`, a
    door being a cell's side; `opposite[d]` is the side facing back across side d, and
    `shift` that of the DOOR events' values, `trace.door_arg`)."""
    np.random.seed(seed)
    n, sides = moves.shape
    mem, cnt = new_walk(n, budget)
    k = arrive(start, mem, cnt, True, record, buf, 0, 1, 2)
    cell, i, status = start, 0, FOUND
    while not goals[cell]:
        if i >= budget:
            status = BUDGET
            break
        if poll(control, i):
            status = CANCELLED
            break
        best, ties = -1, 0
        for d in range(sides):
            if moves[cell, d] == cell:
                continue
            if best < 0 or doors[cell, d] < doors[cell, best]:
                best, ties = d, 1
            elif doors[cell, d] == doors[cell, best]:
                ties += 1  # reservoir sampling: each tied door wins with chance 1/ties
                if randbelow(ties) == 0:
                    best = d
        if best < 0:
            k = emit(buf, k, STEP, -1, 3) if record else k
            status = STUCK
            break
        i += 1
        doors[cell, best] = i
        if record:  # step 3 chose the door: no event of its own
            k = emit(buf, k, STEP, -1, 3)
            k = emit(buf, k, STEP, -1, 4)
            k = emit(buf, k, DOOR, cell, door_arg(best, i, shift))
        cell = moves[cell, best]
        k = arrive(cell, mem, cnt, True, record, buf, k, 0, 0)
        back = opposite[best]
        doors[cell, back] = i
        if record:
            k = emit(buf, k, STEP, -1, 5)
            k = emit(buf, k, DOOR, cell, door_arg(back, i, shift))
            k = emit(buf, k, STEP, -1, 2)
    k = note(status, cell, record, buf, k)
    return status, i, mem, cnt, buf[:k]


def run_walker(name: str, walk, maze: Maze, record: bool, options: SolveOptions, *args,
               doors=None, tries=None):
    """Run a walker kernel on the maze (square or board: `base.moves_of`) and package its
    result.

    The trace is capped (`run_recorded`); a cut one ends with the events that set the
    walk's final state (visit counts, marks, door numbers, where the walker stands).
    """
    budget = options.steps(maze)
    control = options.control_array()
    moves = moves_of(maze)

    def run(buf):
        if doors is not None:
            doors[:] = 0  # a rerun with a bigger buffer starts the chalk marks afresh
        if tries is not None:  # a wall follower's turns
            return walk(moves, tries, maze.start, goal_mask(maze), *args, budget, control,
                        record, buf)
        return walk(moves, maze.start, goal_mask(maze), *args, budget, control, record, buf)

    status, steps, mem, cnt, events = run_recorded(
        run, record, max(16 * maze.size, MOVE_EVENTS * min(budget, TRACE_LIMIT)),
        lambda r: r[4])
    kept, route, visits = walk_parts(mem, cnt)
    if record and trace_cut(events):
        events = close_cut_trace(events, maze, status, int(route[-1]),
                                 marks=np.where(visits > 0, VISITED, NONE), labels=visits,
                                 doors=doors)
    return finish(name, maze, status, route, events, record,
                  {} if doors is None else {"doors": doors.copy()},
                  visited=int(np.count_nonzero(visits)), steps=steps, walk=kept)


def hand_tries(maze) -> np.ndarray:
    """int64[2, sides, k]: the sides a wall follower heading through side d tries, in
    order: [0] with the left hand, [1] with the right. The left hand sweeps clockwise
    from the side it came in by (the opposite of d), the right anticlockwise, that side
    last (turning back): on the square, left, straight on, right, back. ValueError for a
    board whose sides have no order round a cell (`TilingSpec.clockwise`)."""
    clockwise = (0, 1, 2, 3) if isinstance(maze, Maze) else maze.board.spec.clockwise
    if clockwise is None:
        raise ValueError(f"a {maze.tiling} board has no left and right")
    opposite = opposite_of(maze)
    k = len(clockwise)
    tries = np.empty((2, len(opposite), k), dtype=np.int64)
    for d, back in enumerate(opposite.tolist()):
        at = clockwise.index(back)
        tries[0, d] = [clockwise[(at + 1 + i) % k] for i in range(k)]
        tries[1, d] = [clockwise[(at - 1 - i) % k] for i in range(k)]
    return tries


def hand_on_wall(maze: Maze, hand: int) -> int:
    """A first heading for a wall follower: the way ahead open and the hand's side (the
    first it would try) walled (Suits: 'keep your left hand touching a wall'), else the
    first open side."""
    start, row = maze.start, hand_tries(maze)[(1 - hand) >> 1]
    for d in range(row.shape[0]):
        if maze.step(start, d) != start and maze.step(start, int(row[d, 0])) == start:
            return d
    return first_open(maze, start)


def hand_reach(maze: Maze, hand: int = LEFT) -> np.ndarray:
    """bool[n]: the cells a wall follower (`hand` LEFT or RIGHT) from the start sets foot in
    when no goal stops it, before it comes round to where it began (a goal anywhere else is
    one it can never find: Suits' point about walls that do not hang on the outer wall)."""
    n = maze.size
    moves = moves_table(maze.walls, maze.wrap_x, maze.wrap_y, maze.rock)
    _, _, mem, cnt, _ = hand_walk(moves, hand_tries(maze), maze.start, np.zeros(n, dtype=np.bool_),
                                  hand_on_wall(maze, hand), hand, False, 8 * n + 8,
                                  np.zeros(2, dtype=np.int64), False,
                                  np.empty((1, 3), dtype=np.int32))
    return walk_parts(mem, cnt)[2] > 0


def toward_goal(maze: Maze) -> int:
    """The compass heading that points most directly from the start to the first goal."""
    (r0, c0), (r1, c1) = maze.rc(maze.start), maze.rc(maze.goals[0])
    if (r0, c0) == (r1, c1):
        return NORTH
    if abs(r1 - r0) >= abs(c1 - c0):
        return SOUTH if r1 > r0 else NORTH
    return EAST if c1 > c0 else WEST


def solve_random_walk(maze: Maze, record: bool = False, options: SolveOptions = DEFAULTS):
    """Random walk from the start, seeded by `options.seed`."""
    return run_walker("random-walk", random_walk, maze, record, options, options.seed)


def _hand(name: str, hand: int, switch: bool):
    def run(maze: Maze, record: bool = False, options: SolveOptions = DEFAULTS):
        if not isinstance(maze, Maze) and maze.board.spec.clockwise is None:
            raise ValueError(no_turns_message(name, maze))
        sides = 4 if isinstance(maze, Maze) else maze.sides
        facing = hand_on_wall(maze, hand) if options.facing is None else options.facing % sides
        return run_walker(name, hand_walk, maze, record, options, facing, hand, switch,
                          tries=hand_tries(maze))

    run.__name__ = f"solve_{name.replace('-', '_')}"
    run.__doc__ = f"Run the {name} walker."
    return run


def solve_lru(maze: Maze, record: bool = False, options: SolveOptions = DEFAULTS):
    """Least-recently-used door walk; ties broken by `options.seed`. `extra["doors"]`: the
    final door marks, int32[n, sides]."""
    opposite = opposite_of(maze)
    doors = np.zeros((maze.size, len(opposite)), dtype=np.int32)
    return run_walker("lru-doors", lru_doors, maze, record, options, opposite,
                      door_shift(maze), options.seed, doors, doors=doors)


WALKER = {"walker": True, "labels": "visits"}
GOAL = "If here is the goal, stop."


def hand_steps(hand: str, other: str, switch: bool) -> tuple[str, ...]:
    """A wall follower's steps (Suits 3.2); with `switch`, his improved walk's."""
    looped = ("If you have stood here facing this way before (since you last switched "
              "hands), you have gone round a loop: switch hands. If neither this round nor the one "
              "before it reached a new cell, switching cannot help (a king's chamber): stop."
              if switch else "If you have stood here facing this way before, you are going "
              "round a loop and would go round it for ever: stop.")
    turns = ("turn to your hand's side if you can, else go straight on, else turn to the "
             "other side" if switch else f"turn {hand} if you can, else go straight on, else "
             f"turn {other}")
    return (f"Stand in the start cell, facing an open door, your {hand} hand on a wall.",
            GOAL, looped,
            f"Keep your hand on the wall: {turns}, else turn back; step through. Go to step 2.")


register(SolverSpec(
    "random-walk", "Random walk", solve_random_walk,
    "From each cell take a door at random. It gets there in the end, but the end can be far "
    "off: Suits calls it 'better thought of as a non-method'.",
    f"{SUITS}, section 3.1", directed=True, randomized=True, boards=True, **WALKER,
    steps=("Stand in the start cell.", GOAL,
           "Choose one of this cell's doors at random and go through it. Go to step 2."),
))
register(SolverSpec(
    "left-hand", "Left-hand walk", _hand("left-hand", LEFT, False),
    "Keep your left hand on the wall and walk. Solves every maze whose walls all hang "
    "together; circles forever around a loop (fig. 15) or a king's chamber (fig. 16): we "
    "notice the repeat and stop.",
    f"{SUITS}, section 3.2", directed=False, boards=True, turns=True, **WALKER,
    steps=hand_steps("left", "right", False),
))
register(SolverSpec(
    "right-hand", "Right-hand walk", _hand("right-hand", RIGHT, False),
    "The mirror image of the left-hand walk: right hand on the wall.",
    f"{SUITS}, section 3.2", directed=False, boards=True, turns=True, **WALKER,
    steps=hand_steps("right", "left", False),
))
register(SolverSpec(
    "hand-switch", "Hand-switching walk", _hand("hand-switch", LEFT, True),
    "A left-hand walk that remembers where it has been: when it comes round to a cell it "
    "already left the same way, it is in a loop, and switches hands to break out. Still "
    "helpless against a king's chamber.",
    f"{SUITS}, section 3.2", directed=False, boards=True, turns=True, **WALKER,
    steps=hand_steps("left", "right", True),
))
register(SolverSpec(
    "lru-doors", "Least-recently-used doors", solve_lru,
    "Number every door you pass with the move count; always leave through the door with "
    "the lowest number. Slow, but it solves any maze with two-way doors.",
    f"{SUITS}, section 3.3", directed=False, randomized=True, boards=True,
    layers=("agents", "marks", "labels", "doors"), **WALKER,
    steps=("Mark every door 0, and set the move count i to 0.", GOAL,
           "Add 1 to i, and choose the door with the lowest mark (if several share it, "
           "choose one of them at random).",
           "Mark that door i and go through it.",
           "In the new cell, mark the door you came in by i as well. Go to step 2."),
))
