"""Jumping mazes: solver, energy terms, holes, variants, documents, designer, CLI."""

from __future__ import annotations

import json
from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.cli import main
from mazegame.engine.jump.design import (
    LEVELS,
    design,
    pack_seeds,
    puzzle_of_the_day,
    rate,
    variant_rules,
)
from mazegame.engine.jump.file import (
    JumpFormatError,
    from_document,
    from_json,
    from_text,
    read_pack,
    to_document,
    to_json,
    to_text,
    write_pack,
)
from mazegame.engine.jump.kernels import E_BLACK, E_LENGTH, E_UNREACHING, E_WHITE
from mazegame.engine.jump.model import JumpPuzzle, energy, evaluate, legal_jumps, solve, state_graph
from mazegame.games.jump import PACK_NAMES, JumpGame
from mazegame.games.walk import Outcome
from mazegame.locations import asset

# Seed 003's "Chain Reaction": start top-left, goal bottom-right, rook moves.
CHAIN_REACTION = """\
4 4 2 2 2 5
5 1 2 3 1 2
3 3 3 2 3 4
2 1 2 2 3 5
3 3 3 3 4 1
4 3 5 2 5 G
"""
CHAIN_SOLUTION = [0, 24, 6, 11, 23, 18, 20, 22, 19, 25, 7, 1, 5, 35]  # the seed's numbering

# Seed 001's 5x5 example (goal in row 1, column 3).
NELLER_5X5 = """\
3 4 1 3 1
3 3 3 G 2
3 1 2 2 3
4 2 3 3 3
4 1 4 3 2
"""

# (0,0) -> (0,1)=G directly, or into the (1,0) <-> (1,2) loop: a black hole.
# (0,2) and (1,1) reach the goal but nothing jumps to them: white holes.
HOLES = """\
1 G 2
2 1 2
"""


def random_board(rng, size, moves="rook", wrap=False, no_u_turn=False) -> JumpPuzzle:
    """A random legal board with the start top-left and the goal anywhere else."""
    goal = int(rng.integers(1, size * size))
    legal = legal_jumps(size, size, moves, wrap)
    jumps = [0 if c == goal else int(rng.choice(np.flatnonzero(legal[c])))
             for c in range(size * size)]
    return JumpPuzzle(np.reshape(jumps, (size, size)), 0, goal, moves, wrap, no_u_turn)


def cells(p: JumpPuzzle, rcs: list[tuple[int, int]]) -> list[int]:
    return [r * p.width + c for r, c in rcs]


# -- solving -----------------------------------------------------------------------------
def test_chain_reaction_has_the_published_13_jump_solution():
    a = solve(from_text(CHAIN_REACTION))
    assert a.length == 13
    assert a.path == CHAIN_SOLUTION
    assert a.unique and a.black_holes == []


def test_neller_example_is_a_good_design():
    a = solve(from_text(NELLER_5X5))
    assert a.unique and a.black_holes == [] and a.length == 13


def test_unsolvable_puzzle_reports_no_path():
    p = from_text("1 2 G\n2 1 2\n2 2 2\n")  # every move from the start falls into a loop
    a = solve(p)
    assert not a.solved and a.length == -1 and a.path == [] and not a.unique
    assert a.black_holes == cells(p, [(0, 0), (0, 1), (1, 0), (1, 2), (2, 1)])  # start too


def test_recorded_bfs_trace_is_the_shared_graph_kernel_trace():
    a = solve(from_text(CHAIN_REACTION), record=True)
    assert a.events.shape[1] == 3 and len(a.events) > 0


# -- holes ---------------------------------------------------------------------------------
def test_black_and_white_holes_on_a_hand_made_board():
    p = from_text(HOLES)
    a = solve(p)
    assert a.black_holes == cells(p, [(1, 0), (1, 2)])
    assert a.white_holes == cells(p, [(0, 2), (1, 1)])
    assert a.reachable.tolist() == [True, True, False, True, False, True]
    assert a.reaching.tolist() == [True, True, True, False, True, False]


@pytest.mark.parametrize("variant", ["rook", "queen", "torus", "no-u-turn"])
def test_energy_kernel_agrees_with_the_shared_bfs_on_random_boards(variant):
    rng = np.random.default_rng(5)
    moves, wrap, no_u_turn = variant_rules(variant)
    for _ in range(30):
        p = random_board(rng, 5, moves, wrap, no_u_turn)
        a, out = solve(p), evaluate(p).out
        assert out[E_LENGTH] == a.dist_from_start[p.goal_state]
        assert out[E_BLACK] == len(a.black_hole_states)
        assert out[E_WHITE] == len(a.white_hole_states)
        assert out[E_UNREACHING] == np.count_nonzero(~a.reaching & a.counted)


def test_goal_is_never_a_white_hole():
    a = solve(from_text("1 1\n1 G\n"))
    assert a.white_holes == []


# -- energy terms ---------------------------------------------------------------------------
def test_no_unique_shortest_solution_costs_states_cubed():
    # Two shortest routes: right-then-down and down-then-right.
    e = energy(from_text("1 1\n1 G\n"))
    assert e.states == 4 and e.no_unique_shortest == 4**3


def test_no_solution_at_all_also_costs_states_cubed():
    e = energy(from_text("1 2 G\n2 1 2\n2 2 2\n"))
    assert e.no_unique_shortest == 9**3


def test_unique_solution_costs_nothing():
    assert energy(from_text(HOLES)).no_unique_shortest == 0


def test_each_unreaching_state_costs_states_squared():
    e = energy(from_text(HOLES))  # the two loop squares cannot reach the goal
    assert e.unreaching_states == 2 and e.unreaching == 2 * 6**2


def test_initial_forced_moves_cost_m_squared():
    # (0,0) -3-> (0,3) -2-> (0,1) -3-> (0,4), each the only move; (0,4) has two.
    e = energy(from_text("3 3 2 2 1\n1 1 1 1 G\n"))
    assert e.forced_moves == 3 and e.forced == 9


def test_decisions_subtract_the_smaller_count():
    # Path (0,0) (0,1) G: both path squares before G have two moves (d_f = 2); only G
    # has two ways in (d_b = 1).
    e = energy(from_text("1 1\n1 G\n"))
    assert (e.forward_decisions, e.backward_decisions) == (2, 1)
    assert e.decisions == -1


def test_same_jump_clusters_cost_size_minus_one_squared():
    # 1s at (0,0) (0,1) (1,1) touch: a cluster of 3; the 2s at (1,0) and (1,2) are two
    # apart: a cluster of 2; the other 2s are alone.
    p = from_text("1 1 2\n2 1 2\n2 2 G\n")
    assert energy(p).clusters == (3 - 1) ** 2 + (2 - 1) ** 2
    assert sorted(solve(p).clusters) == [[0, 1, 4], [3, 5]]


def test_total_is_the_sum_of_the_terms():
    e = energy(from_text("1 1\n1 G\n"))
    assert e.total == 64 + 0 + 0 - 1 + 4  # the three 1s form one cluster of 3
    assert e.total == e.no_unique_shortest + e.unreaching + e.forced + e.decisions + e.clusters


# -- variants -----------------------------------------------------------------------------
def test_queen_moves_allow_diagonal_jumps():
    board = "2 1 2\n1 1 1\n2 1 G\n"
    rook, queen = solve(from_text(board)), solve(from_text("moves: queen\n" + board))
    assert rook.length == 2 and rook.solutions == 2
    assert queen.length == 1 and queen.unique and queen.path == [0, 8]


def test_torus_moves_wrap_around_the_edges():
    board = "1 2 G\n2 1 2\n2 2 2\n"
    assert not solve(from_text(board)).solved
    a = solve(from_text("wrap: yes\n" + board))
    assert a.length == 1 and a.path == [0, 2]  # west off the edge lands on the goal


def test_no_u_turn_forbids_jumping_straight_back():
    board = "2 G 1\n1 1 1\n"
    plain = solve(from_text(board))
    assert plain.path == [0, 2, 1]  # east 2, then west 1: a U-turn
    a = solve(from_text("no-u-turn: yes\n" + board))
    assert a.path == [0, 2, 5, 4, 1] and a.unique
    assert a.energy.forced_moves == 3


def test_no_u_turn_state_graph_has_a_state_per_arrival_direction():
    p = from_text("no-u-turn: yes\n2 G 1\n1 1 1\n")
    assert p.slots == 5 and state_graph(p).n == 6 * 5


def test_targets_per_direction():
    p = from_text(CHAIN_REACTION)
    assert sorted(p.targets(0).values()) == [4, 24]


# -- documents ------------------------------------------------------------------------------
PUZZLES = [
    from_text(CHAIN_REACTION),
    from_text("start: 1,1\nmoves: queen\n3 3 2 2 1\n1 1 1 1 G\n"),
    from_text("wrap: yes\n1 2 G\n2 1 2\n2 2 2\n"),
    from_text("no-u-turn: yes\n2 G 1\n1 1 1\n"),
]


@pytest.mark.parametrize("p", PUZZLES)
def test_json_and_text_round_trip(p):
    assert from_json(to_json(p)) == p
    assert from_text(to_text(p)) == p


def test_json_document_keys_are_exactly_the_published_ones():
    doc = json.loads(to_json(PUZZLES[0]))
    assert list(doc) == ["format", "version", "width", "height", "jumps", "start", "goal",
                         "moves", "wrap", "no_u_turn"]
    assert doc["jumps"][5][5] == 0 and doc["goal"] == [5, 5] and doc["start"] == [0, 0]


def test_pack_round_trip():
    assert read_pack(write_pack(PUZZLES)) == PUZZLES


def test_compact_rows_read_one_digit_per_square():
    assert from_text("442225\n512312\n333234\n212235\n333341\n43525G\n") == PUZZLES[0]


def _doc(**changes):
    doc = to_document(PUZZLES[0])
    doc.update(changes)
    return json.dumps(doc)


@pytest.mark.parametrize(("text", "message"), [
    ("1 2 3\n1 G\n", "row 1, column 2: missing square"),
    ("1 2\n1 G 1\n", "row 1, column 2: one square too many"),
    ("1 1\n1 1\n", "no goal"),
    ("1 G\nG 1\n", "row 1, column 0: a second goal"),
    ("1 x\n1 G\n", "row 0, column 1: 'x' is not a jump number"),
    ("1 2 7\n1 1 1\n1 1 G\n", "row 0, column 2: jump 7 is out of range 1..2"),
    ("2 2 1\n1 1 G\n", "row 0, column 1: a jump of 2 cannot be made in any direction"),
    ("1 0\n1 G\n", "row 0, column 1: 0 is only allowed at the goal"),
    ("start: 0,1\n1 G\n1 1\n", "the start and the goal are the same square"),
    ("start: 5,5\n1 1\n1 G\n", "start 5,5 lies outside"),
    ("wrap: maybe\n1 1\n1 G\n", "wrap must be yes or no"),
    ("colour: red\n1 1\n1 G\n", "unknown setting 'colour'"),
])
def test_malformed_text_is_refused_with_row_and_column(text, message):
    with pytest.raises(JumpFormatError, match=message):
        from_text(text)


BOARD = [[4, 4, 2, 2, 2, 5], [5, 1, 2, 3, 1, 2], [3, 3, 3, 2, 3, 4],
         [2, 1, 2, 2, 3, 5], [3, 3, 3, 3, 4, 1], [4, 3, 5, 2, 5, 0]]


@pytest.mark.parametrize(("text", "message"), [
    (_doc(jumps=[r[:5] if i == 2 else r for i, r in enumerate(BOARD)]),
     "row 2, column 5: missing square"),
    (_doc(jumps=BOARD[:5]), "row 5: 'jumps' has 5 rows"),
    (_doc(jumps=[[*r[:3], "3", *r[4:]] if i == 1 else r for i, r in enumerate(BOARD)]),
     "row 1, column 3: '3' is not a whole number"),
    (_doc(jumps=[[*r[:5], 9] if i == 0 else r for i, r in enumerate(BOARD)]),
     "row 0, column 5: jump 9 is out of range 1..5"),
    (_doc(goal=[0, 5]), "row 0, column 5: the goal's jump must be 0, not 5"),
    (_doc(goal=[6, 0]), "'goal' \\[6, 0\\] lies outside"),
    (_doc(moves="king"), "'moves' must be 'rook' or 'queen'"),
    (_doc(wrap="yes"), "'wrap' must be true or false"),
    (_doc(format="mazegame/maze"), "not a jumping-maze document"),
    ('{"format": "mazegame/jump", "version": 1}', "missing 'width'"),
    ("{nope", "not valid JSON"),
])
def test_malformed_json_is_refused_with_a_clear_message(text, message):
    with pytest.raises(JumpFormatError, match=message):
        from_json(text)


def test_bad_pack_line_is_named():
    pack = write_pack(PUZZLES[:2]) + _doc(goal=[0, 5]) + "\n"
    with pytest.raises(JumpFormatError, match="line 3: row 0, column 5"):
        read_pack(pack)


# -- the designer, checked by an independent BFS ----------------------------------------------
def oracle(p: JumpPuzzle) -> tuple[int, int, bool]:
    """(shortest length, number of shortest solutions, any black hole), by plain Python
    over (cell, last direction) states, sharing no code with the engine."""
    h, w = p.jumps.shape
    steps = [(-1, 0), (0, 1), (1, 0), (0, -1)]
    if p.moves == "queen":
        steps = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]

    def moves(state):
        cell, last = state
        r, c = divmod(cell, w)
        k = int(p.jumps[r, c])
        out = set()
        for d, (dr, dc) in enumerate(steps):
            if p.no_u_turn and last is not None and d == (last + len(steps) // 2) % len(steps):
                continue
            r2, c2 = r + dr * k, c + dc * k
            if p.wrap:
                r2, c2 = r2 % h, c2 % w
            elif not (0 <= r2 < h and 0 <= c2 < w):
                continue
            t = r2 * w + c2
            if t != cell:
                out.add((t, None) if t == p.goal else (t, d if p.no_u_turn else None))
        return out

    start, goal = (p.start, None), (p.goal, None)
    dist, ways, order, edges = {start: 0}, {start: 1}, deque([start]), {}
    while order:
        s = order.popleft()
        edges[s] = set() if s == goal else moves(s)
        for t in edges[s]:
            if t not in dist:
                dist[t], ways[t] = dist[s] + 1, 0
                order.append(t)
            if dist[t] == dist[s] + 1:
                ways[t] += ways[s]
    reaching = {goal}
    changed = True
    while changed:
        changed = False
        for s, out in edges.items():
            if s not in reaching and out & reaching:
                reaching.add(s)
                changed = True
    return dist.get(goal, -1), ways.get(goal, 0), any(s not in reaching for s in edges)


def test_oracle_agrees_with_the_engine_on_hand_made_boards():
    for p in [*PUZZLES, from_text(HOLES), from_text("1 1\n1 G\n")]:
        a = solve(p)
        assert oracle(p) == (a.length, a.solutions, bool(a.black_holes))


VARIANT_NAMES = ["rook", "queen", "torus", "no-u-turn", "queen+torus", "torus+no-u-turn"]


@pytest.mark.slow
@settings(deadline=None, max_examples=10)
@given(size=st.integers(4, 10), variant=st.sampled_from(VARIANT_NAMES),
       seed=st.integers(0, 2**31 - 1))
def test_designed_puzzles_have_a_unique_shortest_solution_and_no_black_holes(size, variant, seed):
    p = design(size, variant, seed)
    moves, wrap, no_u_turn = variant_rules(variant)
    assert (p.height, p.width, p.moves, p.wrap, p.no_u_turn) == (size, size, moves, wrap,
                                                                   no_u_turn)
    assert p.start == 0
    length, ways, black = oracle(p)
    assert length > 0 and ways == 1 and not black


@pytest.mark.parametrize("variant", ["rook", "queen", "torus", "no-u-turn"])
def test_every_variant_designs_at_the_smallest_and_largest_size(variant):
    for size in (4, 10):
        length, ways, black = oracle(design(size, variant, 7))
        assert length > 0 and ways == 1 and not black


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_long_designs_keep_their_guarantees(variant):
    # The length term pulls towards long solutions; validity must still hold, seed after seed.
    for seed in range(4):
        p = design(6, variant, seed)
        length, ways, black = oracle(p)
        assert length > 0 and ways == 1 and not black
        assert length == solve(p).length


def test_designed_5x5_rook_puzzles_are_long():
    # Neller's assignment: a median of 18 moves at 5x5 (Neller's energy alone gave 11).
    lengths = sorted(oracle(design(5, "rook", seed))[0] for seed in range(9))
    assert lengths[4] >= 18, lengths


def test_designed_10x10_rook_puzzles_are_long():
    lengths = sorted(oracle(design(10, "rook", seed))[0] for seed in range(3))
    assert lengths[1] >= 60, lengths


def test_same_seed_same_puzzle():
    assert design(5, "rook", 11) == design(5, "rook", 11)
    assert design(5, "rook", 11) != design(5, "rook", 12)
    assert pack_seeds(3, 4) == pack_seeds(3, 4)[:4] and len(set(pack_seeds(3, 4))) == 4


def test_designer_beats_random_boards():
    rng = np.random.default_rng(0)
    random_best = min(energy(random_board(rng, 6)).total for _ in range(50))
    assert energy(design(6, "rook", 1)).total < random_best


def test_puzzle_of_the_day_is_the_same_for_everyone_on_a_date():
    import datetime

    day = datetime.date(2026, 11, 22)
    assert puzzle_of_the_day(day) == puzzle_of_the_day(day)
    assert puzzle_of_the_day(day) != puzzle_of_the_day(day + datetime.timedelta(days=1))


@pytest.mark.parametrize("name", PACK_NAMES)
def test_shipped_packs_are_good_designs(name):
    pack = read_pack(asset("jump", f"{name}.jsonl").read_text())
    assert len(pack) >= 3
    for p in pack:
        if not isinstance(p, JumpPuzzle):
            continue  # hexagons and triangles: test_tiles's own oracle checks them
        length, ways, black = oracle(p)
        assert length > 0 and ways == 1 and not black


def test_bad_design_requests():
    with pytest.raises(ValueError, match="size must be 4..10"):
        design(3)
    with pytest.raises(ValueError, match="unknown variant 'hex'"):
        design(5, "hex")
    with pytest.raises(ValueError, match="the goal must be a square other than"):
        design(5, goal=0)


def test_designer_keeps_a_requested_goal():
    p = design(5, "rook", 3, goal=12)  # Neller's example has its goal in the centre
    assert p.goal == 12 and oracle(p)[1] == 1


def test_rating_grows_with_a_longer_solution():
    easy = rate(from_text("wrap: yes\n1 2 G\n2 1 2\n2 2 2\n"))
    hard = rate(from_text(CHAIN_REACTION))
    assert easy.score < hard.score
    assert easy.label == "easy"


def test_difficulty_labels_fit_the_longer_designs():
    # With the designer's length term a designed 5x5 rook puzzle is ~19 jumps and rated
    # "hard", every 7x7 and up "expert": the labels were set for the short designs.
    # Calibrated on the shipped packs (the thresholds: design.LEVELS).
    from mazegame.games.jump import load_pack

    labels = {name: [rate(p).label for p in load_pack(name)] for name in PACK_NAMES}
    rook = labels["rook"]  # three puzzles per size, 5x5 first
    assert rook[:3] == ["medium"] * 3  # Neller's "challenging for the average user"
    assert rook[-6:] == ["expert"] * 6  # 9x9 and 10x10: 60 to 85 jumps
    assert set(rook[6:9]) == {"hard"}  # 7x7
    assert labels["classics"][:2] == ["easy", "medium"]  # Chain Reaction, Neller's 5x5 example
    assert set(labels["torus"][:3]) == {"easy"}  # a 5x5 torus allows 5 jumps at most
    assert set(labels["queen"][:3]) == {"medium"}
    every = [label for pack in labels.values() for label in pack]
    assert {label: every.count(label) > 5 for label, _ in LEVELS} == dict.fromkeys(
        (label for label, _ in LEVELS), True)  # every label in use, none a rarity


# -- the game rules ------------------------------------------------------------------------
def test_game_plays_chain_reaction_with_undo_and_reset():
    game = JumpGame(from_text(CHAIN_REACTION))
    assert game.options() == {2: 4, 4: 24}  # east to (0,4), south to (4,0)
    assert game.jump(0) is Outcome.BUMPED and game.moves == 0  # north: off the board
    assert game.jump_to(24) is Outcome.MOVED and game.position == 24
    assert game.undo() and game.position == 0 and not game.undo()
    for cell in CHAIN_SOLUTION[1:-1]:
        assert game.jump_to(cell) is Outcome.MOVED
    assert game.jump_to(35) is Outcome.WON and game.won
    assert game.jump(4) is Outcome.IGNORED
    assert game.verdict() == "13 jumps: par! No solution is shorter."
    assert game.score() == "Jumps 13 · par 13"
    game.reset()
    assert game.position == 0 and game.moves == 0 and game.visited == {0}


def test_game_applies_the_no_u_turn_rule():
    game = JumpGame(from_text("no-u-turn: yes\n2 G 1\n1 1 1\n"))
    assert game.jump(2) is Outcome.MOVED  # east to (0,2)
    assert 6 not in game.options()  # west would be straight back
    assert game.jump(6) is Outcome.BUMPED


# -- CLI --------------------------------------------------------------------------------------
@pytest.fixture
def chain_file(tmp_path):
    path = tmp_path / "chain.txt"
    path.write_text(CHAIN_REACTION)
    return path


def test_cli_solve_prints_the_json_answer(chain_file, capsys):
    assert main(["jump", "solve", str(chain_file)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert list(doc) == ["length", "path", "unique", "black_holes", "white_holes", "energy"]
    assert doc["length"] == 13 and doc["unique"] is True and doc["black_holes"] == []
    assert doc["path"][:3] == [[0, 0], [4, 0], [1, 0]] and doc["path"][-1] == [5, 5]
    assert doc["energy"] == energy(from_text(CHAIN_REACTION)).total


def test_cli_solve_reads_standard_input(capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(to_json(PUZZLES[3])))
    assert main(["jump", "solve", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["length"] == 4


def test_cli_solve_unsolvable_exits_1(tmp_path, capsys):
    path = tmp_path / "loop.txt"
    path.write_text("1 2 G\n2 1 2\n2 2 2\n")
    assert main(["jump", "solve", str(path)]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["length"] is None and doc["path"] == [] and doc["unique"] is False


def test_cli_energy_text_and_json(chain_file, capsys):
    assert main(["jump", "energy", str(chain_file)]) == 0
    out = capsys.readouterr().out
    e = energy(from_text(CHAIN_REACTION))
    assert out.startswith(f"energy {e.total}\n") and "same-jump clusters" in out
    assert main(["jump", "energy", "--json", str(chain_file)]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == e.total


def test_cli_generate_writes_json_lines(tmp_path, capsys):
    out = tmp_path / "pack.jsonl"
    args = ["jump", "generate", "--size", "5", "--variant", "queen", "--count", "3",
            "--seed", "9", "--out", str(out)]
    assert main(args) == 0
    pack = read_pack(out.read_text())
    assert len(pack) == 3 and all(p.moves == "queen" and p.width == 5 for p in pack)
    assert len(out.read_text().splitlines()) == 3
    assert main(args[:-2]) == 0  # the same run to stdout: the same puzzles
    assert read_pack(capsys.readouterr().out) == pack


def test_cli_generate_json_reports_length_and_design_time(tmp_path, capsys):
    out = tmp_path / "pack.jsonl"
    args = ["jump", "generate", "--count", "3", "--seed", "4"]
    assert main([*args, "--json", "--out", str(out)]) == 0
    report = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    pack = read_pack(out.read_text())
    assert main(args) == 0  # the same puzzles as without --json
    assert read_pack(capsys.readouterr().out) == pack
    assert [r["seed"] for r in report] == pack_seeds(4, 3)
    for r, p in zip(report, pack, strict=True):
        assert from_document(r["puzzle"]) == p
        assert r["length"] == oracle(p)[0] and r["seconds"] > 0
        assert (r["difficulty"], r["score"]) == (rate(p).label, rate(p).score)
    assert main([*args, "--json"]) == 0  # no --out: the report alone on stdout
    again = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [{**r, "seconds": 0} for r in again] == [{**r, "seconds": 0} for r in report]


def test_cli_generate_progress_bar_on_stderr(capsys):
    assert main(["jump", "generate", "--count", "2", "--seed", "1", "--progress"]) == 0
    captured = capsys.readouterr()
    assert "2/2" in captured.err and "[" + "#" * 30 + "]" in captured.err
    assert len(captured.out.splitlines()) == 2


def test_cli_show_marks_start_goal_and_solution(chain_file, capsys):
    assert main(["jump", "show", str(chain_file)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("[4]") and out[6].endswith("G")
    assert "13 jumps (unique)" in out[-1]


@pytest.mark.parametrize("text", [
    CHAIN_REACTION, "no-u-turn: yes\n2 G 1\n1 1 1\n", "wrap: yes\n1 1 2 1\n2 2 1 G\n",
    "moves: queen\n2 1 1\n1 G 2\n1 2 1\n"])
def test_cli_show_solution_says_which_jump_goes_where(text, tmp_path, capsys):
    # Step numbers on the board hid the jump numbers and could not say a square was
    # visited twice: now each jump is a numbered line "(r,c) jump k direction -> (r,c)".
    import re

    from mazegame.engine.jump.kernels import DC8, DR8
    from mazegame.games.jump import DIRECTION_WORDS

    puzzle = from_text(text)
    path = tmp_path / "p.txt"
    path.write_text(text)
    assert main(["jump", "show", "--solution", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    board = out[1:1 + puzzle.height]
    assert board[0].startswith("[")  # the board itself stays the puzzle: numbers, [start], G
    step = re.compile(r"^ *(\d+)\. \((\d+),(\d+)\) jump (\d+) ([a-z-]+)"
                      r"( round the edge)? -> \((\d+),(\d+)\)( G)?$")
    moves = [m.groups() for m in map(step.match, out) if m]
    assert len(moves) == solve(puzzle).length > 0
    at, last = puzzle.rc(puzzle.start), None
    for i, (n, r, c, k, word, wraps, r2, c2, goal) in enumerate(moves, 1):
        assert int(n) == i and (int(r), int(c)) == at
        assert int(k) == puzzle.jumps[at]
        d = DIRECTION_WORDS.index(word)
        cell = at[0] * puzzle.width + at[1]
        assert puzzle.targets(cell, last)[d] == int(r2) * puzzle.width + int(c2)
        straight = (at[0] + DR8[d] * int(k), at[1] + DC8[d] * int(k))
        assert (straight != (int(r2), int(c2))) == bool(wraps)
        at, last = (int(r2), int(c2)), d
        assert bool(goal) == (at == puzzle.rc(puzzle.goal))
    assert at == puzzle.rc(puzzle.goal)


@pytest.mark.parametrize(("argv", "message"), [
    (["jump", "generate", "--size", "11"], "--size: expected a whole number from 2 to 10"),
    (["jump", "generate", "--size", "3"], "size must be 4..10, not 3"),
    (["jump", "generate", "--tiling", "hex", "--size", "9"], "side must be 2..8, not 9"),
    (["jump", "generate", "--tiling", "triangle", "--variant", "no-u-turn"],
     "no-u-turn is for hexagons"),
    (["jump", "generate", "--variant", "hex"], "unknown variant 'hex'"),
    (["jump", "generate", "--count", "0"], "--count: expected a whole number from 1 to 100000"),
    (["jump", "solve", "/nonexistent/p.json"], "cannot read /nonexistent/p.json"),
])
def test_cli_bad_input_is_one_line_and_status_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_cli_malformed_puzzle_names_row_and_column(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text("1 2 3\n1 G\n")
    assert main(["jump", "solve", str(path)]) == 2
    assert "row 1, column 2" in capsys.readouterr().err


def test_cli_pack_index(tmp_path, capsys):
    path = tmp_path / "pack.jsonl"
    path.write_text(write_pack(PUZZLES))
    assert main(["jump", "solve", "--index", "3", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["length"] == 4
    assert main(["jump", "solve", "--index", "4", str(path)]) == 2
    assert "holds 4 puzzles" in capsys.readouterr().err


# -- content keys ---------------------------------------------------------------------------
def test_a_puzzle_digest_is_its_content_and_stable():
    p = from_text(CHAIN_REACTION)
    # Saved progress is keyed by this: a change of the canonical form orphans every result.
    assert p.digest() == "fdd5a3eb8c2773eb"
    assert from_json(to_json(p)).digest() == p.digest()
    jumps = p.jumps.copy()
    jumps[0, 1] = 3
    changed = [JumpPuzzle(jumps, p.start, p.goal), JumpPuzzle(p.jumps, 1, p.goal),
               JumpPuzzle(p.jumps, p.start, p.goal, moves="queen"),
               JumpPuzzle(p.jumps, p.start, p.goal, wrap=True),
               JumpPuzzle(p.jumps, p.start, p.goal, no_u_turn=True),
               JumpPuzzle(p.jumps.T, p.start, p.goal)]
    digests = {q.digest() for q in changed} | {p.digest()}
    assert len(digests) == len(changed) + 1
