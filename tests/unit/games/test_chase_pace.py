"""Real-time chase: the player's pace (one move a beat) and the short queue of presses that
come before their beat. Played on a fake clock, with the screen's part (call `play_queued`
when `next_queued_in` says, a little late as a real timer is) done by `release_until`."""

from __future__ import annotations

import random

import pytest

from mazegame.engine.grid import EAST, NORTH, WEST, Maze
from mazegame.games.chase import QUEUED_PRESSES
from mazegame.games.chase_setup import new_chase
from mazegame.games.walk import Outcome
from tests.helpers import FakeClock


def real_time_chase(difficulty: str = "easy"):
    """A real-time chase at `difficulty`'s pace in a long corridor: you at cell 5 step east
    and west at will; no tick is played, so the demon (at 0, slow enough for the chase to be
    winnable) never moves and nothing ends the game."""
    clock = FakeClock()
    game = new_chase(Maze.open(40, 1).copy(goals=(39,)), player=5, demon=0, speed="1/2",
                     difficulty=difficulty, head_start=0, turn_based=False, clock=clock)
    return game, clock


def release_until(game, clock: FakeClock, until: float, latency: float) -> None:
    """Do the screen's part until `until`: each waiting press is played `latency` seconds
    after the game says it is due (a timer fires late, never early)."""
    while (wait := game.next_queued_in()) is not None and clock.now + wait + latency <= until:
        clock.now += wait + latency
        game.play_queued()


def tap(game, clock: FakeClock, times: list[float], latency: float) -> None:
    """Press east and west alternately at `times` (seconds from now), then let every press
    still waiting play."""
    start = clock.now
    for i, at in enumerate(times):
        release_until(game, clock, start + at, latency)
        clock.now = start + at
        game.move(EAST if i % 2 == 0 else WEST)
    release_until(game, clock, float("inf"), latency)


@pytest.mark.parametrize("difficulty", ["easy", "nightmare"])
@pytest.mark.parametrize("latency", [0.0, 0.004, 0.03])
@pytest.mark.parametrize(("beat", "jitter"), [(1.0, 0.0), (1.0, 0.4), (1.02, 0.45), (1.5, 0.3)])
def test_presses_in_rhythm_all_play(difficulty, latency, beat, jitter):
    """N presses in rhythm, at or a little slower than the pace, each up to `jitter` of a
    beat early or late, the screen's timer `latency` s late: N moves. Before, a press that
    came while another waited replaced it, and each late timer pushed the next beat back:
    at the pace itself presses were lost (the audit's 100 presses gave 90 moves)."""
    game, clock = real_time_chase(difficulty)
    pace = game.rules.move_seconds
    rng = random.Random(f"{difficulty}{latency}{beat}{jitter}")
    times = [max(0.0, pace * (k * beat + rng.uniform(-jitter, jitter))) for k in range(100)]
    times.sort()  # a finger's presses come in order
    tap(game, clock, times, latency)
    assert game.moves == 100 and not game.queued
    assert game.events == [f"m{EAST if i % 2 == 0 else WEST}" for i in range(100)]


def test_a_held_key_keeps_only_the_latest_presses():
    """A burst (key repeat) cannot outrun the demon: one move a beat, and only the latest
    QUEUED_PRESSES presses wait, so letting go of the key stops you within that many
    beats. Before, 95 presses crossed a maze in 0.2 s."""
    game, clock = real_time_chase("hard")
    pace = game.rules.move_seconds
    assert pace == game.rules.tick_seconds > 0
    assert game.move(EAST) is Outcome.MOVED
    outcomes = [game.move(EAST) for _ in range(95)] + [game.move(WEST)]
    assert set(outcomes) == {Outcome.EARLY} and game.position == 6
    assert list(game.queued) == [EAST] * (QUEUED_PRESSES - 1) + [WEST]
    assert game.next_queued_in() == pytest.approx(pace)
    assert game.play_queued() is Outcome.EARLY and game.position == 6  # not yet
    release_until(game, clock, float("inf"), 0.0)
    assert game.moves == 1 + QUEUED_PRESSES and game.position == 5 + QUEUED_PRESSES - 1
    assert game.next_queued_in() is None and game.play_queued() is Outcome.IGNORED


def test_a_press_never_overtakes_one_waiting():
    """A press that comes when the waiting one is due (its timer not yet fired) plays the
    waiting one and takes its place."""
    game, clock = real_time_chase()
    pace = game.rules.move_seconds
    game.move(EAST)
    clock.now += pace / 2
    assert game.move(WEST) is Outcome.EARLY
    clock.now += pace
    assert game.move(EAST) is Outcome.MOVED and game.position == 5  # the west press
    assert list(game.queued) == [EAST] and game.next_queued_in() > 0


def test_a_late_timer_does_not_slow_the_pace_nor_play_two_moves_at_once():
    """A waiting press played late counts its beat from when it fell due (the next is due a
    beat after that), but from no more than half a beat back."""
    game, clock = real_time_chase()
    pace = game.rules.move_seconds
    start = clock.now
    game.move(EAST)
    game.move(WEST)
    game.move(EAST)
    clock.now = start + pace + 0.01  # the timer fired 10 ms late
    assert game.play_queued() is Outcome.MOVED
    assert game.next_queued_in() == pytest.approx(pace - 0.01)
    clock.now = start + 5 * pace  # the screen stalled for beats
    assert game.play_queued() is Outcome.MOVED
    assert game.next_queued_in() is None
    game.move(WEST)
    assert game.move(EAST) is Outcome.EARLY
    assert game.next_queued_in() == pytest.approx(pace / 2)


def test_a_bump_in_the_queue_costs_no_beat():
    """Bumping a wall is free: the press after a bump is due at once."""
    game, clock = real_time_chase()
    game.move(EAST)
    game.move(NORTH)  # the corridor's wall
    game.move(WEST)
    clock.now += game.rules.move_seconds
    assert game.play_queued() is Outcome.BUMPED
    assert game.next_queued_in() == 0 and game.play_queued() is Outcome.MOVED


def test_a_pause_drops_the_waiting_presses():
    game, clock = real_time_chase()
    game.move(EAST)
    game.move(WEST)
    game.pause()
    assert game.next_queued_in() is None
    clock.now += 10
    assert game.move(WEST) is Outcome.MOVED and not game.paused and game.position == 5


def test_turn_based_games_have_no_pace():
    game = new_chase(Maze.open(40, 1).copy(goals=(39,)), player=5, demon=0,
                     difficulty="hard", head_start=0, clock=FakeClock())
    assert [game.move(EAST) for _ in range(3)] == [Outcome.MOVED] * 3
    assert game.next_queued_in() is None


def test_a_waiting_press_in_the_players_eye_replays_as_played():
    """Player's eye: a step forward pressed early waits in the way you faced; turning and
    stepping again plays it (that way) and leaves the new one waiting. The replay, event by
    event, stands, faces and has seen as the game did (before, the played press was logged
    as a step forward, which the replay took in the new facing)."""
    from mazegame.games.replay import Recording, apply, build_game, build_maze
    from mazegame.games.setup import GameSetup

    setup = GameSetup(mode="chase", size=(9, 7), seed=2,
                      options=(("view", "eye"), ("turn_based", False)))
    clock = FakeClock()
    game = build_game(setup, build_maze(setup, setup.size), clock)
    pace = game.rules.move_seconds
    rng = random.Random(7)

    def now():
        return (game.position, game.facing, set(game.seen), game.looked.tolist())

    seen_after = {0: now()}
    for _ in range(300):
        clock.now += rng.choice([0.3, 0.6, 1.2]) * pace
        rng.choice([game.forward, game.forward, game.turn_left, game.turn_right,
                    game.play_queued])()
        seen_after[len(game.events)] = now()
        if game.over:
            break
    assert any(e.startswith("m") for e in game.events)  # a waiting press played as a move
    recording = Recording.of(setup, game)
    replayed = recording.start()
    for n, event in enumerate(recording.events, 1):
        apply(replayed, event, recording.kind)
        if n in seen_after:
            assert (replayed.position, replayed.facing, set(replayed.seen),
                    replayed.looked.tolist()) == seen_after[n], n
    assert replayed.demon_trail == game.demon_trail and replayed.result == game.result
