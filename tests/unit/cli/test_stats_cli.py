"""`mazegame stats` against an independent count: the mazes come from `mazegame generate
--seed S --format json` (the same mazes, read back from its output), the counts from plain
Python over their walls, the diameter and solution length from networkx, the solvers' work
from running each solver on each maze."""

from __future__ import annotations

import json
import statistics

import networkx as nx
import pytest

from mazegame import cli
from mazegame.cli.stats import MAX_SEEDS
from mazegame.engine.generate import GENERATORS
from mazegame.engine.mazefile import from_json
from mazegame.engine.solve import SOLVERS, solve

SIZE, SEEDS = (7, 5), 5
SIDES = {1: (-1, 0), 2: (0, 1), 4: (1, 0), 8: (0, -1)}  # N, E, S, W bits: their neighbours


def run(capsys, *argv) -> tuple[int, str, str]:
    """(status, stdout, stderr) of `mazegame ARGV`, in-process."""
    capsys.readouterr()
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def generated(capsys, name: str, seed: int):
    """The maze `mazegame generate --algo NAME --seed SEED` prints, read back."""
    status, out, _ = run(capsys, "generate", "--algo", name, "--size", f"{SIZE[0]}x{SIZE[1]}",
                         "--seed", str(seed), "--format", "json")
    assert status == 0
    return from_json(out)


def openings(maze) -> dict[tuple[int, int], list[int]]:
    """Each open cell's open sides (bits) that lead to another open cell, over its walls."""
    h, w = maze.walls.shape
    solid = maze.solid if maze.solid is not None else [[False] * w for _ in range(h)]
    ways = {}
    for r in range(h):
        for c in range(w):
            if solid[r][c]:
                continue
            ways[(r, c)] = [bit for bit, (dr, dc) in SIDES.items()
                            if not int(maze.walls[r][c]) & bit and 0 <= r + dr < h
                            and 0 <= c + dc < w and not solid[r + dr][c + dc]]
    return ways


def count(mazes) -> dict[str, float]:
    """The generator figures, counted independently."""
    cells = dead = j3 = j4 = straight = turning = branch = 0
    diameters, solutions = [], []
    for maze in mazes:
        ways = openings(maze)
        graph = nx.Graph()
        graph.add_nodes_from(ways)
        for (r, c), bits in ways.items():
            graph.add_edges_from(((r, c), (r + SIDES[b][0], c + SIDES[b][1])) for b in bits)
        cells += len(ways)
        for cell, bits in ways.items():
            dead += len(bits) == 1
            j3 += len(bits) == 3
            j4 += len(bits) == 4
            straight += sorted(bits) in ([1, 4], [2, 8])
            turning += len(bits) == 2 and sorted(bits) not in ([1, 4], [2, 8])
            if len(bits) == 1:  # the branch: along corridors to the first other cell
                prev, here = None, cell
                while True:
                    branch += 1
                    ahead = [n for n in graph[here] if n != prev]
                    if not ahead or graph.degree(ahead[0]) != 2:
                        break
                    prev, here = here, ahead[0]
        diameters.append(nx.diameter(graph))
        start, goal = divmod(maze.start, maze.width), divmod(maze.goals[0], maze.width)
        solutions.append(nx.shortest_path_length(graph, start, goal))
    return {"cells": cells, "dead_ends": dead / cells, "junctions_3": j3 / cells,
            "junctions_4": j4 / cells, "straight": straight / cells,
            "turning": turning / cells, "river": branch / dead if dead else None,
            "diameter": statistics.fmean(diameters),
            "diameter_sd": statistics.pstdev(diameters),
            "solution_length": statistics.fmean(solutions),
            "solution_length_sd": statistics.pstdev(solutions)}


@pytest.fixture(scope="module")
def rows() -> dict[str, dict]:
    """`stats --algo all --size 7x5 --seeds 5 --json`, by algorithm."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = cli.main(["stats", "--algo", "all", "--size", f"{SIZE[0]}x{SIZE[1]}",
                           "--seeds", str(SEEDS), "--json", "--quiet"])
    assert status == 0
    return {row["algo"]: row for row in json.loads(out.getvalue())}


def test_every_generator_and_solver_has_a_row(rows):
    assert set(rows) == set(GENERATORS) | set(SOLVERS)
    assert all(row["seeds"] == SEEDS and row["size"] == "7x5" for row in rows.values())


@pytest.mark.parametrize("name", list(GENERATORS))
def test_generator_figures_agree_with_an_independent_count(rows, capsys, name):
    mazes = [generated(capsys, name, seed) for seed in range(1, SEEDS + 1)]
    expected = count(mazes)
    row = rows[name]
    assert row["kind"] == "generator" and row["mazes"] == SEEDS
    for key, value in expected.items():
        assert row[key] == pytest.approx(value), key
    assert 0 <= row["dead_ends"] <= 1


@pytest.mark.parametrize("name", list(SOLVERS))
def test_solver_figures_agree_with_running_the_solver(rows, capsys, name):
    mazes = [generated(capsys, "backtracker", seed) for seed in range(1, SEEDS + 1)]
    results = [solve(name, maze) for maze in mazes]
    steps, visited = [r.steps for r in results], [r.visited for r in results]
    row = rows[name]
    assert (row["kind"], row["generator"], row["mazes"]) == ("solver", "backtracker", SEEDS)
    assert row["steps"] == pytest.approx(statistics.fmean(steps))
    assert row["steps_sd"] == pytest.approx(statistics.pstdev(steps))
    assert row["visited"] == pytest.approx(statistics.fmean(visited))
    assert row["visited_sd"] == pytest.approx(statistics.pstdev(visited))
    assert row["found"] == sum(r.found for r in results)


def test_maze_generator_picks_whose_mazes_the_solvers_run_on(capsys):
    status, out, _ = run(capsys, "stats", "--algo", "bfs", "--maze-generator", "kruskal",
                         "--size", "5x4", "--seeds", "3", "--json")
    assert status == 0
    [row] = json.loads(out)
    assert (row["algo"], row["generator"]) == ("bfs", "kruskal")
    status, out, _ = run(capsys, "stats", "--algo", "bfs", "--size", "5x4", "--seeds", "3")
    assert "Solvers on the backtracker mazes" in out and "bfs" in out


def test_the_text_table_names_every_figure(capsys):
    status, out, _ = run(capsys, "stats", "--algo", "kruskal", "--size", "5x4", "--seeds", "2")
    assert status == 0
    header = out.splitlines()[1].split()
    assert header[:3] == ["algo", "dead", "ends"] and "river" in header
    assert out.splitlines()[2].startswith("kruskal")


@pytest.mark.parametrize("argv", [
    ["--algo", "nothing"],
    ["--seeds", "0"],
    ["--seeds", str(MAX_SEEDS + 1)],
    ["--seeds", "1000000000"],
    ["--size", "0x5"],
    ["--size", "200x200", "--seeds", "1000"],  # too much work
    ["--algo", "cavern", "--size", "20x20"],  # no such cavern
    ["--maze-generator", "nothing"],
])
def test_bad_input_is_one_line_and_status_2(capsys, argv):
    status, out, err = run(capsys, "stats", *argv)
    assert (status, out) == (2, "")
    assert err.startswith("mazegame: error:") and err.count("\n") == 1


def test_all_skips_a_generator_that_cannot_build_the_size_and_says_so(capsys):
    status, out, err = run(capsys, "stats", "--algo", "all", "--size", "4x4", "--seeds", "1",
                           "--json", "--quiet")
    assert status == 0
    assert "cavern skipped" in err
    assert "cavern" not in {row["algo"] for row in json.loads(out)}
