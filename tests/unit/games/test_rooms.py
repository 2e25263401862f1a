"""The host's lobby and rooms as state machines: names, tokens, codes, caps, settings, start,
and the rules of a room's race, blind race and chase (clock driven by hand)."""

from __future__ import annotations

import datetime as dt
from itertools import pairwise

import pytest

from mazegame.engine.graph import bfs, maze_graph, path_to
from mazegame.engine.grid import border_walls
from mazegame.games import daily
from mazegame.games.lobby import REJOIN_SECONDS, Limits, Lobby
from mazegame.games.room_game import COMPUTER, MAX_SECONDS
from mazegame.net import protocol as p

DAY = dt.date(2026, 11, 27)


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def sent(out, pid, kind):
    """The messages of a kind sent to pid in an outbox."""
    return [m for to, m in out if to == pid and isinstance(m, kind)]


def make_lobby(**limits):
    clock = Clock()
    daily_log = []
    lobby = Lobby(clock, Limits(countdown=0.0, **limits), today=lambda: DAY,
                  on_daily=lambda *row: daily_log.append(row))
    return lobby, clock, daily_log


def arrive(lobby, name, token=""):
    pid, out = lobby.hello(p.Hello(v=p.VERSION, name=name, token=token))
    return pid, out


SMALL = p.RoomSettings(width=6, height=5, seed=7)


def room_of(lobby, settings=SMALL, players=2,
            code="ABCDEF"):
    """A room of `players` seated players; returns (ids, code)."""
    ids = [arrive(lobby, f"p{i}")[0] for i in range(players)]
    lobby.handle(ids[0], p.Create(settings=settings, code=code))
    for pid in ids[1:]:
        lobby.handle(pid, p.Join(code=code))
    return ids, code


def route(maze, start=None):
    """The directions of a shortest route from start to the goal."""
    start = maze.start if start is None else start
    dist, parent, _ = bfs(maze_graph(maze), start)
    cells = path_to(dist, parent, maze.goals[0])
    return [next(d for d in range(4) if maze.step(a, d) == b) for a, b in pairwise(cells)]


def walk(lobby, pid, dirs):
    out = []
    for n, d in enumerate(dirs, start=1):
        out += lobby.handle(pid, p.Key(dir=d, seq=n))
    return out + lobby.flush()


# -- the lobby ------------------------------------------------------------------------------
def test_names_are_cleaned_and_made_unique():
    lobby, _, _ = make_lobby()
    _, out1 = arrive(lobby, "ann\x1b[31m")
    _, out2 = arrive(lobby, "ANN")
    first, second = (m.name for _, m in out1 + out2)
    assert first == "ann31m" and second == "ANN"  # the escape is gone; case is kept
    _, out3 = arrive(lobby, "Ann31m")
    assert out3[0][1].name == "Ann31m2"


def test_a_wrong_version_is_refused_fatally():
    lobby, _, _ = make_lobby()
    pid, out = lobby.hello(p.Hello(v=p.VERSION + 1, name="x"))
    assert pid == 0 and out[0][1].fatal and out[0][1].code == "version"


def test_players_cap():
    lobby, _, _ = make_lobby(players=2)
    arrive(lobby, "a"), arrive(lobby, "b")
    pid, out = arrive(lobby, "c")
    assert pid == 0 and out[0][1].code == "full" and out[0][1].fatal


def test_create_takes_the_asked_code_if_free_else_a_fresh_one():
    lobby, _, _ = make_lobby()
    a, b = arrive(lobby, "a")[0], arrive(lobby, "b")[0]
    out = lobby.handle(a, p.Create(code="ABCDEF"))
    assert sent(out, a, p.Room)[0].code == "ABCDEF"
    out = lobby.handle(b, p.Create(code="ABCDEF"))
    code = sent(out, b, p.Room)[0].code
    assert code != "ABCDEF" and p.decode_client(
        p.encode(p.Join(code=code)))  # a well-formed code
    listed = sent(lobby.handle(a, p.ListRooms()), a, p.RoomList)[0].rooms
    assert sorted(r.code for r in listed) == sorted(["ABCDEF", code])


def test_rooms_seats_and_watchers_caps():
    lobby, _, _ = make_lobby(rooms=1, watchers=1)
    ids, code = room_of(lobby, p.RoomSettings(seats=2), players=2)
    c, d, e = (arrive(lobby, n)[0] for n in "cde")
    assert sent(lobby.handle(c, p.Join(code=code)), c, p.Error)[0].code == "full"
    assert sent(lobby.handle(c, p.Create()), c, p.Error)[0].code == "full"
    assert not sent(lobby.handle(d, p.Join(code=code, watch=True)), d, p.Error)
    assert sent(lobby.handle(e, p.Join(code=code, watch=True)), e, p.Error)[0].code == "full"


def test_configure_only_by_the_creator_and_only_known_names():
    lobby, _, _ = make_lobby()
    (a, b), _ = room_of(lobby)
    err = sent(lobby.handle(b, p.Configure(settings=p.RoomSettings())), b, p.Error)[0]
    assert err.code == "not-creator"
    err = sent(lobby.handle(a, p.Configure(settings=p.RoomSettings(generator="nope"))),
               a, p.Error)[0]
    assert err.code == "bad-settings" and "'nope'" in err.text
    err = sent(lobby.handle(a, p.Configure(settings=p.RoomSettings(difficulty="zen"))),
               a, p.Error)[0]
    assert err.code == "bad-settings" and "'zen'" in err.text
    out = lobby.handle(a, p.Configure(settings=p.RoomSettings(generator="prim", seats=3)))
    assert sent(out, b, p.Room)[0].settings.generator == "prim"


def test_start_only_by_the_creator_with_enough_players():
    lobby, _, _ = make_lobby()
    a = arrive(lobby, "a")[0]
    lobby.handle(a, p.Create(code="ABCDEF"))
    assert sent(lobby.handle(a, p.Start()), a, p.Error)[0].code == "not-enough"
    b = arrive(lobby, "b")[0]
    lobby.handle(b, p.Join(code="ABCDEF"))
    assert sent(lobby.handle(b, p.Start()), b, p.Error)[0].code == "not-creator"
    out = lobby.handle(a, p.Start())
    begins = sent(out, a, p.Begin) + sent(out, b, p.Begin)
    assert len(begins) == 2 and begins[0] == begins[1]


def test_the_next_player_becomes_creator_and_an_empty_room_closes():
    lobby, _, _ = make_lobby()
    (a, b), code = room_of(lobby)
    w = arrive(lobby, "w")[0]
    lobby.handle(w, p.Join(code=code, watch=True))
    out = lobby.handle(a, p.Leave())
    assert sent(out, b, p.Room)[-1].creator == b
    out = lobby.handle(b, p.Leave())
    assert code not in lobby.rooms and sent(out, w, p.Error)[0].code == "no-room"


def test_a_dropped_player_keeps_the_seat_and_position_on_their_token_within_60_s():
    lobby, clock, _ = make_lobby()
    (a, b), code = room_of(lobby)
    lobby.handle(a, p.Start())
    maze = lobby.rooms[code].game.maze
    walk(lobby, a, route(maze)[:2])
    token = lobby.players[a].token
    out = lobby.drop(a)
    assert [s.connected for s in sent(out, b, p.Room)[0].seats] == [False, True]
    clock.t += REJOIN_SECONDS - 1
    lobby.tick()
    pid, out = arrive(lobby, "someone", token)
    assert pid == a and sent(out, a, p.Welcome)[0].token == token
    state = sent(out, a, p.State)[0]
    assert sent(out, a, p.Begin) and [q.moves for q in state.players if q.id == a] == [2]


def test_a_player_dropped_longer_than_60_s_leaves_and_the_game_goes_on_without_them():
    lobby, clock, _ = make_lobby()
    (a, b, c), code = room_of(lobby, players=3)
    lobby.handle(a, p.Start())
    lobby.drop(b)
    clock.t += REJOIN_SECONDS
    out = lobby.tick()
    assert b not in lobby.players and [s.id for s in sent(out, a, p.Room)[-1].seats] == [a, c]
    assert arrive(lobby, "b", "x")[0] != b  # the token is no longer known


# -- the race -------------------------------------------------------------------------------
def test_race_the_first_on_the_goal_wins_and_the_game_ends_with_places():
    lobby, _, _ = make_lobby()
    (a, b), code = room_of(lobby)
    lobby.handle(a, p.Start())
    maze = lobby.rooms[code].game.maze
    walk(lobby, b, route(maze)[:1])
    out = walk(lobby, a, route(maze))
    over = sent(out, b, p.Over)[0]
    assert over.winner == "p0" and over.seed == 7 and over.par == len(route(maze))
    assert [(r.name, r.place, r.won) for r in over.results] == [("p0", 1, True),
                                                                ("p1", 2, False)]
    assert sent(out, a, p.Room)[-1].phase == "over"
    assert lobby.handle(b, p.Key(dir=0)) == []  # keys after the end do nothing


def test_keys_in_the_countdown_do_not_count():
    lobby, clock, _ = make_lobby()
    lobby.limits = Limits(countdown=3.0)
    (a, b), code = room_of(lobby)
    out = lobby.handle(a, p.Start())
    assert sent(out, a, p.Begin)[0].countdown == 3.0
    maze = lobby.rooms[code].game.maze
    walk(lobby, a, route(maze)[:1])
    assert lobby.rooms[code].game.runners[a].walker.moves == 0
    clock.t += 3.0
    walk(lobby, a, route(maze)[:1])
    assert lobby.rooms[code].game.runners[a].walker.moves == 1


def test_every_state_reaches_watchers_and_players():
    lobby, _, _ = make_lobby()
    (a, b), code = room_of(lobby)
    w = arrive(lobby, "w")[0]
    lobby.handle(w, p.Join(code=code, watch=True))
    out = lobby.handle(a, p.Start())
    assert sent(out, w, p.Begin)[0].walls == lobby.rooms[code].game.maze.walls.ravel().tolist()
    out = walk(lobby, a, route(lobby.rooms[code].game.maze)[:1])
    for pid in (a, b, w):
        assert [q.moves for q in sent(out, pid, p.State)[-1].players if q.id == a] == [1]
    assert sent(out, a, p.State)[-1].seq == 1


# -- blind ------------------------------------------------------------------------------------
def test_blind_race_sends_only_the_outer_walls_and_the_walls_bumped():
    lobby, _, _ = make_lobby()
    (a, b), code = room_of(lobby, p.RoomSettings(mode="blind-race", width=6, height=5, seed=3))
    out = lobby.handle(a, p.Start())
    maze = lobby.rooms[code].game.maze
    outer = border_walls(6, 5, False, False).ravel().tolist()
    assert sent(out, a, p.Begin)[0].walls == outer == sent(out, b, p.Begin)[0].walls
    start = maze.start
    blocked = [d for d in range(4) if maze.step(start, d) == start]
    out = walk(lobby, a, blocked)
    learned = [cell_bits for s in sent(out, a, p.State) for cell_bits in s.learned]
    assert learned == [(start, 1 << d) for d in blocked]
    assert all(not s.learned for s in sent(out, b, p.State))  # b bumped nothing
    # a rejoining blind runner is sent what it learned, no more
    pid, out = arrive(lobby, "a", lobby.players[a].token)
    begin = sent(out, a, p.Begin)[0]
    expect = outer[:]
    for d in blocked:
        expect[start] |= 1 << d
    assert begin.walls == expect


def test_a_player_picks_the_blind_view_in_a_race():
    lobby, _, _ = make_lobby()
    (a, b), code = room_of(lobby)
    out = lobby.handle(a, p.SetView(view="blind"))
    assert [s.view for s in sent(out, b, p.Room)[0].seats] == ["blind", "birds-eye"]
    out = lobby.handle(a, p.Start())
    assert sent(out, a, p.Begin)[0].walls == border_walls(6, 5, False, False).ravel().tolist()
    assert sent(out, b, p.Begin)[0].walls == lobby.rooms[code].game.maze.walls.ravel().tolist()


# -- chase ------------------------------------------------------------------------------------
def chase_room(lobby, demon="computer", players=2, difficulty="normal"):
    settings = p.RoomSettings(mode="chase", width=8, height=6, seed=11, demon=demon,
                              difficulty=difficulty)
    return room_of(lobby, settings, players=players)


def test_the_computers_demon_moves_on_the_clock_and_catches_runners_who_stand_still():
    lobby, clock, _ = make_lobby()
    (a, b), code = chase_room(lobby)
    out = lobby.handle(a, p.Start())
    game = lobby.rooms[code].game
    first = sent(out, a, p.Begin)[0].demon
    assert first >= 0 and first != game.maze.start
    seen = []
    for _ in range(2000):
        clock.t += 0.05
        out = lobby.tick() + lobby.flush()
        seen += [s.demon for s in sent(out, a, p.State)]
        if game.over:
            break
    assert len(set(seen)) > 1
    over = sent(out, b, p.Over)[0]
    assert over.winner == COMPUTER and all(not r.won for r in over.results)


def test_a_runner_on_the_goal_wins_the_chase_for_the_runners():
    lobby, clock, _ = make_lobby()
    (a, b), code = chase_room(lobby, difficulty="easy")
    lobby.handle(a, p.Start())
    game = lobby.rooms[code].game
    out = []
    for d in route(game.maze):
        clock.t += game.difficulty.tick_seconds
        out += lobby.tick() + lobby.handle(a, p.Key(dir=d)) + lobby.flush()
        if game.over:
            break
    assert sent(out, b, p.Over)[0].winner == "p0"


def test_runners_move_once_a_beat_in_a_chase_the_early_key_waits():
    lobby, clock, _ = make_lobby()
    (a, b), code = chase_room(lobby, difficulty="easy")
    lobby.handle(a, p.Start())
    game = lobby.rooms[code].game
    dirs = route(game.maze)
    lobby.handle(a, p.Key(dir=dirs[0])), lobby.handle(a, p.Key(dir=dirs[1]))
    assert game.runners[a].walker.moves == 1
    clock.t += game.difficulty.tick_seconds
    lobby.tick()
    assert game.runners[a].walker.moves == 2


def test_a_players_demon_is_the_second_seat_moves_by_keys_and_catches():
    lobby, clock, _ = make_lobby()
    (a, b), code = chase_room(lobby, demon="player")
    out = lobby.handle(a, p.Start())
    assert [s.role for s in sent(out, a, p.Room)[0].seats] == ["runner", "demon"]
    game = lobby.rooms[code].game
    assert list(game.runners) == [a] and game.brain is None
    dist, parent, _ = bfs(maze_graph(game.maze), game.demon)
    cells = path_to(dist, parent, game.maze.start)
    out = []
    for x, y in pairwise(cells):
        clock.t += 1.0
        d = next(d for d in range(4) if game.maze.step(x, d) == y)
        out += lobby.handle(b, p.Key(dir=d)) + lobby.flush()
    assert sent(out, a, p.Over)[0].winner == "p1"


def test_a_game_ends_after_the_cap_and_when_every_runner_left():
    lobby, clock, _ = make_lobby()
    (a, b), code = room_of(lobby)
    lobby.handle(a, p.Start())
    clock.t += MAX_SECONDS
    out = lobby.tick()
    assert sent(out, a, p.Over)[0].winner == ""
    lobby.handle(a, p.Start())
    lobby.handle(a, p.Leave())
    out = lobby.handle(b, p.Leave())
    assert code not in lobby.rooms
    (c, d), code = room_of(lobby, code="BCDEFG")
    lobby.handle(c, p.Start())
    lobby.drop(c), lobby.drop(d)
    clock.t += REJOIN_SECONDS
    lobby.tick()
    assert code not in lobby.rooms and not lobby.busy


# -- daily ------------------------------------------------------------------------------------
def test_a_daily_room_plays_the_days_seed_and_shares_the_finishers_line():
    lobby, _, log = make_lobby()
    (a, b), code = room_of(lobby, p.RoomSettings(daily=True, width=6, height=5))
    out = lobby.handle(a, p.Start())
    seed = daily.daily_seed(DAY, "race")
    assert sent(out, a, p.Begin)[0].seed == seed
    out = walk(lobby, a, route(lobby.rooms[code].game.maze))
    share_a = sent(out, a, p.Over)[0].share
    assert share_a.startswith("mazegame daily 2026-11-27 race: ") and "★★★" in share_a
    assert sent(out, b, p.Over)[0].share == ""
    assert [row[:3] for row in log] == [("p0", "race", len(route(lobby.rooms[code].game.maze)))]


def test_a_daily_game_may_be_played_alone():
    lobby, _, _ = make_lobby()
    (a,), code = room_of(lobby, p.RoomSettings(daily=True), players=1)
    assert sent(lobby.handle(a, p.Start()), a, p.Begin)


@pytest.mark.parametrize("mode", ["race", "blind-race", "chase"])
def test_every_mode_starts(mode):
    lobby, _, _ = make_lobby()
    (a, b), code = room_of(lobby, p.RoomSettings(mode=mode, width=5, height=4))
    assert sent(lobby.handle(a, p.Start()), b, p.Begin)


def test_each_runner_is_sent_the_recording_of_their_own_game():
    """Over carries each runner's game as a recording (their moves on the room's maze, kept
    whole) that replays to where they ended; a watcher gets none."""
    from mazegame.games.replay import Recording

    lobby, _, _ = make_lobby()
    (a, b), code = room_of(lobby)
    watcher = arrive(lobby, "w")[0]
    lobby.handle(watcher, p.Join(code=code, watch=True))
    lobby.handle(a, p.Start())
    maze = lobby.rooms[code].game.maze
    walk(lobby, b, route(maze)[:2] + [route(maze)[1] ^ 2])  # two forward, one back
    out = walk(lobby, a, route(maze))
    for pid, moves in ((a, len(route(maze))), (b, 3)):
        recording = Recording.from_json(sent(out, pid, p.Over)[0].replay)
        replayed = recording.play()
        assert replayed.moves == moves and replayed.position == \
            lobby.rooms[code].game.runners[pid].walker.position
        assert (replayed.maze.walls == maze.walls).all() and recording.setup.seed == 7
    assert sent(out, watcher, p.Over)[0].replay == ""
