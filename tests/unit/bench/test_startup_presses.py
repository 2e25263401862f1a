"""`bench --startup`'s key presses, on made-up screens: which frame answers a key (a new
maze, a move), where a walk goes next, and how the runs add up to figures and a table.
The boards are drawn by the engine's own picture code, as the game's maze view draws them.
"""

import numpy as np
import pytest

from mazegame.bench import presses, screens, startup
from mazegame.bench.presses import PressRun, move_figure, new_maze_figure
from mazegame.bench.screens import WAYS, next_way, open_ways, player_at, route_onward
from mazegame.cli import main
from mazegame.engine.grid import from_bitmap
from mazegame.engine.mazetext import picture_lines

UP, RIGHT, DOWN, LEFT = range(4)
FOOTER = " ↑↓←→ Move  n New maze  r Restart  p Pause  esc Menu  t Trail  z Zoom  ? Help"
#: A 4x3 maze, as a bitmap ("#" wall); its picture has rooms 3 wide.
BITMAP = """
#########
#   #   #
# # # # #
# #   # #
# ##### #
#       #
#########
"""


def status(seed: int = 393752526, moves: int = 0, bumps: int = 0, size: str = "4x3") -> str:
    """A classic status line."""
    return (f" Classic  backtracker · {size} · seed {seed}   Moves {moves}   Bumps {bumps}   "
            f"Time 0:00.0")


def board(player=(0, 0), goal=(2, 3), trail=(), bitmap: str = BITMAP, pad: int = 1) -> list[str]:
    """The maze's rows as the view shows them: the player, the goal and the trail in their
    rooms' middles, `pad` columns in from the left."""
    rows = bitmap.strip().splitlines()
    maze = from_bitmap(np.array([[ch == "#" for ch in row] for row in rows]))
    lines = [list(line.replace("S", " ").replace("G", " ")) for line in picture_lines(maze)]
    for glyph, cells in (("·", trail), ("◎", [goal]), ("@", [player])):
        for r, c in cells:
            lines[2 * r + 1][4 * c + 2] = glyph
    return [" " * pad + "".join(line) for line in lines]


def screen(*rows: str, rows_total: int = 12) -> list[str]:
    """A screen: the rows from the top, blank rows, the footer last."""
    return [*rows, *[""] * (rows_total - len(rows) - 1), FOOTER]


def game(player=(0, 0), moves=0, bumps=0, seed=393752526, **kwargs) -> list[str]:
    """A classic game's screen."""
    return screen(status(seed, moves, bumps), *board(player, **kwargs))


# -- reading the screen -------------------------------------------------------------------
def test_the_status_line_gives_seed_size_and_counts():
    lines = game(moves=12, bumps=3, seed=42)
    assert screens.seed_of(lines) == "42" and screens.size_of(lines) == "4x3"
    assert screens.counts_of(lines) == (12, 3)
    loading = screen(" Classic  backtracker · fit · seed 7", "", "Building the maze…")
    assert screens.counts_of(loading) is None and screens.seed_of(loading) == "7"
    assert screens.size_of(loading) is None


def test_the_player_and_the_ways_open_around_it():
    lines = game(player=(0, 0))
    assert player_at(lines) == (2, 3)  # row 2 of the screen (under the status), column 3
    assert open_ways(lines) == [RIGHT, DOWN]
    assert open_ways(game(player=(1, 1))) == [UP, RIGHT]
    assert open_ways(game(player=(2, 2))) == [LEFT]  # the goal next door is no way to go
    assert open_ways(screen(status(), "no player here")) == []


def test_the_right_hand_rule_follows_the_corridor():
    lines = game(player=(0, 0))
    assert next_way(lines, RIGHT) == DOWN  # right of east is south, and it is open
    assert next_way(lines, UP) == RIGHT
    dead_end = game(player=(1, 0))  # walls east and west: only back up or on down
    assert next_way(dead_end, DOWN) == DOWN and next_way(dead_end, UP) == UP
    assert next_way(screen(status(), "nobody"), RIGHT) is None


def test_a_walk_onward_heads_down_and_right_around_the_walls_and_not_onto_the_goal():
    route = route_onward(game(player=(0, 0)))
    # the farthest room down and right that is not the goal: (2, 2), by the only way there
    assert route == [DOWN, DOWN, RIGHT, RIGHT]
    # rooms already walked are not aimed at: the farthest one left is (1, 3), round the
    # top (the way along the bottom passes through the goal)
    walked = [(1, 0), (2, 0), (2, 1), (2, 2)]
    assert route_onward(game(player=(0, 0), trail=walked)) == [RIGHT, DOWN, RIGHT, UP, RIGHT,
                                                              DOWN]
    everywhere = [(r, c) for r in range(3) for c in range(4) if (r, c) not in [(0, 0), (2, 3)]]
    assert route_onward(game(player=(0, 0), trail=everywhere)) == []


def test_every_step_of_a_walk_onward_goes_through_an_open_wall():
    lines, player, seen = game(player=(0, 0)), (0, 0), {(0, 0)}
    for _ in range(20):
        route = route_onward(lines)
        if not route:
            break
        assert route[0] in open_ways(lines)
        dr, dc = WAYS[route[0]][1]
        player = (player[0] + dr // 2, player[1] + dc // 4)
        seen.add(player)
        lines = game(player=player, trail=seen - {player})
    assert seen == {(r, c) for r in range(3) for c in range(4)} - {(2, 3)}


# -- which frame answers a key ----------------------------------------------------------------
def test_a_new_maze_is_shown_once_its_seed_board_and_figures_are_all_there():
    old = game(seed=1)
    other = board(player=(0, 0), goal=(2, 3),
                  bitmap=BITMAP.replace("# #   # #", "#   # # #"))
    new = screen(status(seed=2), *other)
    assert presses.new_maze_shown("classic", old, new)
    assert not presses.new_maze_shown("classic", old, old)
    # the new seed on the status line while the maze builds
    building = screen(" Classic  backtracker · fit · seed 2   Moves 3   Bumps 0", "",
                      "Building the maze…")
    assert not presses.new_maze_shown("classic", old, building)
    # the new seed over the old board (a status line ahead of its board)
    assert not presses.new_maze_shown("classic", old, screen(status(seed=2), *board()))
    # the new board under the old seed
    assert not presses.new_maze_shown("classic", old, screen(status(seed=1), *other))


def test_a_move_is_answered_when_counted_and_drawn_and_a_bump_when_counted():
    before = game(player=(0, 0))
    moved = game(player=(0, 1), moves=1, trail=[(0, 0)])
    assert presses.press_shown(before, moved)
    assert not presses.press_shown(before, before)  # a clock tick: nothing counted
    assert not presses.press_shown(before, game(player=(0, 0), moves=1))  # counted, not drawn
    assert not presses.press_shown(before, board())  # no status line
    assert presses.press_shown(before, game(player=(0, 0), bumps=1))  # a bump moves nothing


def test_a_step_tells_a_move_a_bump_and_a_scroll_apart():
    before = game(player=(0, 0))
    assert presses.step_taken(before, game(player=(0, 1), moves=1), RIGHT) == (True, False)
    assert presses.step_taken(before, game(player=(0, 0), bumps=1), UP) == (False, False)
    # the view scrolled one room right under the player: it is drawn where it was
    scrolled = screen(status(moves=1), *[row[4:] for row in board(player=(0, 1))])
    assert player_at(scrolled) == player_at(before)
    assert presses.step_taken(before, scrolled, RIGHT) == (True, True)


def test_a_game_runs_with_the_player_in_view_even_when_the_goal_is_out_of_it():
    far = [row.replace("◎", " ") for row in game()]
    assert presses.walking("classic", far) and not screens.mode_ready("classic", far)
    assert not presses.walking("classic", screen(" Classic  backtracker · fit · seed 1",
                                                 "Building the maze…"))
    assert not presses.walking("eye", game())


# -- figures ----------------------------------------------------------------------------------
def run(latencies, cpu=None, note="", failed=False, maze="29x18", background=None,
        **counts) -> PressRun:
    """A launch's presses as they might have gone."""
    got = PressRun(latencies=list(latencies), maze=maze, cpu_seconds=cpu, note=note,
                   failed=failed, bytes_written=1000 * len(latencies),
                   seconds=sum(t for t in latencies if t), background_cpu_percent=background)
    for key, value in counts.items():
        setattr(got, key, value)
    return got


def test_per_press_figures_need_every_press_answered():
    assert run([0.01, 0.02], cpu=0.01).per_press(0.01) == 0.005
    # 10 % of a core in the background over the presses' 0.5 s: 0.05 s of the 0.1 s
    assert run([0.25, 0.25], cpu=0.1, background=10.0).net_per_press() == pytest.approx(0.025)
    assert run([0.25, 0.25], cpu=0.1).net_per_press() is None  # no background watched
    assert run([0.25, None], cpu=0.1, background=10.0).net_per_press() is None
    assert run([0.01, None], cpu=0.01, note="press 2: no answer").per_press(0.01) is None
    assert run([], note="timed out").per_press(1.0) is None


def test_new_maze_presses_pool_over_launches_and_count_what_went_wrong():
    runs = [run([0.05, 0.07]), run([0.09, None], note="press 2: no answer within 5 s"),
            run([], note="timed out after 20 s: no maze to press keys on", maze=None),
            run([], note="the program ended (status 1)", failed=True, maze=None)]
    fig = new_maze_figure(runs, presses=2)
    assert fig["latency"]["runs"] == [0.05, 0.07, 0.09, None, None, None]
    assert fig["latency"]["min"] == 0.05 and fig["latency"]["median"] is None
    assert fig["timeouts"] == 2 and fig["failures"] == 1 and fig["met"] is False
    assert fig["notes"][0] == "launch 2: press 2: no answer within 5 s" and len(fig["notes"]) == 3
    assert fig["mazes"] == ["29x18", "29x18", None, None] and fig["target"] == 0.1
    fast = new_maze_figure([run([0.05, 0.07, 0.2])], presses=3)
    assert fast["met"] is True and fast["timeouts"] == fast["failures"] == 0
    assert new_maze_figure([run([0.2, 0.3])], presses=2)["met"] is False


def test_cpu_per_move_is_the_launch_total_over_its_presses_and_only_200x60_has_a_target():
    runs = [run([0.01] * 50, cpu=0.1, moved=48, bumped=2, scrolled=10, lead_in=60,
                background=0.0),
            run([0.02] * 50, cpu=0.4, moved=50, scrolled=12, lead_in=70, background=20.0)]
    big = move_figure("200x60", runs, presses=50)
    assert big["cpu_per_move"]["runs"] == [0.002, 0.008]
    assert big["cpu_per_move"]["median"] == pytest.approx(0.005)
    assert big["met"] is False  # 5 ms is not below 5 ms
    assert big["moved"] == 98 and big["bumped"] == 2 and big["scrolled"] == 22
    assert big["lead_in"] == [60, 70] and big["bytes_per_move"]["median"] == 1000
    assert big["target_cpu_per_move"] == 0.005 and big["latency"]["median"] == 0.015
    assert big["background_cpu_percent"]["runs"] == [0.0, 20.0]
    assert big["cpu_per_move_net"]["runs"] == pytest.approx([0.002, (0.4 - 0.2) / 50])
    assert move_figure("200x60", runs[:1], presses=50)["met"] is True
    reference = move_figure("default", runs[:1], presses=50)
    assert reference["met"] is None and reference["target_cpu_per_move"] is None
    assert set(presses.MOVE_SCREENS) == {"200x60", "default"}


def _doc() -> dict:
    """A startup document with key-press figures from made-up runs."""
    doc = {"terminal": "120x40", "repeat": 1, "timeouts": {"cold": 60.0, "warm": 20.0},
           "modes": ["classic"], "harness_cpu_percent": 2.5,
           "warm_up": {"seconds": 44.0, "status": "ok", "note": ""}, "idle": {}}
    for cache in ("cold", "warm"):
        fig = startup.startup_figure([0.5], [""], 1.0)
        doc[cache] = {"menu": fig, "playable": {"classic": fig}}
    doc["presses"] = {
        "new_maze": new_maze_figure([run([0.045, 0.05, 0.06])], presses=3),
        "move": {"200x60": move_figure("200x60", [run([0.02] * 4, cpu=0.032, moved=4,
                                                      scrolled=1, maze="200x60",
                                                      background=10.0)], 4),
                 "default": move_figure("default", [run([0.01] * 4, cpu=0.008, moved=4)], 4)}}
    return doc


def test_the_table_shows_the_key_presses_with_targets_and_verdicts():
    text = startup.format_startup(_doc())
    lines = text.splitlines()
    new = next(line for line in lines if line.startswith("new maze (n)"))
    assert "29x18" in new and "50.0 ms" in new and "<= 100.0 ms" in new and "met" in new
    big = next(line for line in lines if line.startswith("CPU per move, 200x60"))
    assert "200x60" in big and "8.0 ms" in big and "< 5.0 ms" in big and "missed" in big
    small = next(line for line in lines if line.startswith("CPU per move, default"))
    assert "2.0 ms" in small and small.rstrip().endswith("-")
    assert any(line.strip().startswith("latency per move, 200x60") and "20.0 ms" in line
               for line in lines)
    assert any(line.strip().startswith("less background, 200x60") and "6.0 ms" in line
               for line in lines)
    assert "note: move 200x60: 4 moved, 0 bumped, 1 scrolled the view" in text
    assert "background (no key) 10.0 % of a core" in text
    assert "3 new mazes and 4 moves a launch" in text


def test_a_doc_without_key_presses_has_no_such_table():
    doc = _doc()
    doc["presses"] = {}
    assert "key presses" not in startup.format_startup(doc)


def test_skipping_the_presses_goes_with_startup_only(capsys):
    assert main(["bench", "--no-presses"]) == 2
    assert "--no-presses go with --startup" in capsys.readouterr().err


@pytest.mark.parametrize("argv, measured", [([], True), (["--no-presses"], False)])
def test_the_presses_are_measured_unless_skipped(argv, measured, monkeypatch, capsys):
    pytest.importorskip("pyte")
    from mazegame.bench import terminal

    asked = {}

    def fake_run(modes, **kwargs):
        asked.update(kwargs)
        return _doc()

    monkeypatch.setattr(terminal, "pty_problem", lambda: None)
    monkeypatch.setattr(startup, "run_startup", fake_run)
    assert main(["bench", "--startup", "--only", "classic", *argv]) == 0
    assert asked["presses"] is measured
    assert "key presses" in capsys.readouterr().out  # the made-up document has them
