"""The network bench's bookkeeping with fake timestamps: percentiles, a key matched to the
State that applied it as every player of its room received it, keys lost to a game's end,
rooms split evenly, the table's and the CLI's shapes."""

from __future__ import annotations

import argparse

import pytest

from mazegame.bench.latency import Latencies, percentile
from mazegame.bench.network import format_network, room_sizes
from mazegame.cli.bench import parse_players, parse_sessions


def test_percentiles_are_nearest_ranks_of_real_values():
    values = [float(v) for v in range(1, 101)]  # 1..100
    assert percentile(values, 50) == 50.0
    assert percentile(values, 99) == 99.0
    assert percentile(values, 100) == 100.0
    assert percentile([7.0], 99) == 7.0
    assert percentile([3.0, 1.0, 2.0], 50) == 2.0  # unordered input
    assert percentile([], 50) is None


def test_a_key_is_timed_until_the_last_player_of_its_room_has_its_state():
    book = Latencies()
    book.pressed("ROOM", 1, player=10, moves=1, seq=1, receivers={10, 11, 12}, at=100.0)
    book.received("ROOM", 1, 10, {10: 1, 11: 0, 12: 0}, seq=1, at=100.002)
    book.received("ROOM", 1, 11, {10: 1, 11: 0, 12: 0}, seq=0, at=100.004)
    assert book.delays == [] and book.waiting == 1  # player 12 has not got it yet
    book.received("ROOM", 1, 12, {10: 1, 11: 0, 12: 0}, seq=0, at=100.010)
    assert book.delays == [pytest.approx(0.010)] and book.waiting == 0


def test_a_state_before_the_key_was_applied_does_not_count():
    book = Latencies()
    book.pressed("R", 1, player=1, moves=3, seq=3, receivers={1, 2}, at=5.0)
    book.received("R", 1, 2, {1: 2, 2: 0}, seq=0, at=5.001)  # player 1 still at 2 moves
    book.received("R", 1, 1, {1: 3, 2: 0}, seq=2, at=5.002)  # moved, but not my seq yet
    assert book.waiting == 1
    book.received("R", 1, 2, {1: 3, 2: 0}, seq=0, at=5.003)
    book.received("R", 1, 1, {1: 3, 2: 0}, seq=3, at=5.004)
    assert book.delays == [pytest.approx(0.004)]


def test_one_state_can_apply_several_keys_and_each_keeps_its_own_start():
    book = Latencies()
    book.pressed("R", 2, player=1, moves=1, seq=1, receivers={1}, at=1.0)
    book.pressed("R", 2, player=1, moves=2, seq=2, receivers={1}, at=1.5)
    book.received("R", 2, 1, {1: 2}, seq=2, at=2.0)
    assert book.delays == [pytest.approx(1.0), pytest.approx(0.5)]


def test_rooms_and_games_are_kept_apart():
    book = Latencies()
    book.pressed("A", 1, player=1, moves=1, seq=1, receivers={1}, at=0.0)
    book.received("B", 1, 1, {1: 5}, seq=9, at=1.0)  # another room's State
    book.received("A", 2, 1, {1: 5}, seq=9, at=1.0)  # another game's State
    assert book.delays == [] and book.waiting == 1


def test_keys_waiting_when_their_game_ends_are_lost_not_timed():
    book = Latencies()
    book.pressed("R", 1, player=1, moves=1, seq=1, receivers={1, 2}, at=0.0)
    book.ended("R", 1)
    book.pressed("R", 1, player=2, moves=1, seq=1, receivers={1, 2}, at=0.1)  # too late
    book.received("R", 1, 1, {1: 1, 2: 1}, seq=1, at=0.2)
    assert book.delays == [] and book.lost == 2 and book.waiting == 0
    summary = book.summary()
    assert summary["keys"] == 0 and summary["p99_ms"] is None and summary["lost"] == 2


def test_the_summary_is_in_milliseconds():
    book = Latencies()
    for k in range(1, 101):
        book.pressed("R", 1, player=1, moves=k, seq=k, receivers={1}, at=float(k))
        book.received("R", 1, 1, {1: k}, seq=k, at=k + k / 1000)
    summary = book.summary()
    assert summary == {"keys": 100, "lost": 0, "p50_ms": 50.0, "p99_ms": 99.0,
                       "max_ms": 100.0}


@pytest.mark.parametrize(("players", "sizes"), [
    (2, [2]), (8, [8]), (9, [5, 4]), (24, [8, 8, 8]), (50, [8, 7, 7, 7, 7, 7, 7])])
def test_players_sit_in_as_few_rooms_of_eight_as_hold_them(players, sizes):
    assert room_sizes(players) == sizes


def test_the_counts_options_take_lists_within_their_ranges():
    assert parse_players("8,24,50") == (8, 24, 50)
    assert parse_sessions("5,20") == (5, 20) and parse_sessions("0") == ()
    for bad in ("1", "8,", "201", "８", "1,2,3,4,5,6,7,8,9"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_players(bad)
    with pytest.raises(argparse.ArgumentTypeError):
        parse_sessions("1")


def test_the_table_shows_both_kinds_of_rows():
    rows = [{"name": "network race", "players": 8, "rooms": 1, "keys": 800, "lost": 0,
             "games": 2, "p50_ms": 0.7, "p99_ms": 4.1, "max_ms": 6.0, "host_cpu_pct": 2.0,
             "host_idle_cpu_pct": 0.0, "bench_cpu_pct": 2.5, "load_1min": 0.4, "note": ""},
            {"name": "ssh sessions", "sessions": 5, "ssh_mb_per_session": None,
             "note": "no door"}]
    table = format_network(rows)
    assert "4.1" in table and "no door" in table and table.count("\n") == 8
    assert max(len(line) for line in table.splitlines() if "no door" not in line) <= 80


def test_proc_readers_see_this_process_and_its_child():
    import os
    import subprocess
    import sys

    from mazegame.bench.hostproc import cpu_seconds, memory_kib, tree, tree_memory

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert child.pid in tree(os.getpid()) and tree(child.pid) == [child.pid]
        pss, rss = memory_kib(os.getpid())
        assert 0 < pss <= rss
        assert tree_memory(os.getpid()).processes >= 2
        assert cpu_seconds(os.getpid()) > 0
    finally:
        child.kill()
        child.wait()
    assert memory_kib(child.pid) == (0, 0) and cpu_seconds(child.pid) == 0.0  # gone


def test_a_screen_marker_is_found_between_escape_codes():
    from mazegame.bench.ssh_memory import visible

    drawn = "\x1b[?1049h\x1b[1;1H\x1b[38;2;1;2;3mOpen rooms\x1b[0m (enter joins)\x1b]0;t\x07"
    assert "Open rooms (enter joins)" in visible(drawn)
    assert "\x1b" not in visible(drawn)


def test_a_trees_cpu_keeps_a_child_that_ended():
    """Summed over a process tree, CPU never goes down when a child ends and is reaped (its
    time moves to the parent's cutime): the host's compiling child once made an idle host's
    CPU -139 %."""
    import os
    import subprocess
    import sys

    from mazegame.bench.network import tree_cpu

    child = subprocess.Popen([sys.executable, "-c", "sum(range(30_000_000))"])
    while True:  # let it burn a little, then take the tree's CPU while it is still alive
        with open(f"/proc/{child.pid}/stat") as stat:
            if int(stat.read().rsplit(")", 1)[1].split()[11]) > 0 or child.poll() is not None:
                break
    before = tree_cpu(os.getpid())
    child.wait()
    assert tree_cpu(os.getpid()) >= before
