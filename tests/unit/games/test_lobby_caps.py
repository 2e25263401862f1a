"""A full host against a stranger who says Hello (and Create) and hangs up in a loop: the
places kept for dropped players give way to new arrivals and new rooms, never the places of
players still connected."""

from __future__ import annotations

from mazegame.games.lobby import Limits, Lobby
from mazegame.net import protocol as p


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def hello(lobby: Lobby, name: str) -> tuple[int, list]:
    return lobby.hello(p.Hello(v=p.VERSION, name=name))


def test_a_full_host_gives_the_oldest_dropped_place_to_a_new_arrival():
    clock = Clock()
    lobby = Lobby(clock, Limits(players=3, countdown=0.0))
    live = hello(lobby, "live")[0]
    for name in ("gone1", "gone2"):
        pid = hello(lobby, name)[0]
        lobby.drop(pid)
        clock.t += 1
    pid, out = hello(lobby, "newcomer")
    assert pid and isinstance(out[-1][1], p.Welcome)
    assert {q.name for q in lobby.players.values()} == {"live", "gone2", "newcomer"}
    assert live in lobby.players


def test_a_host_full_of_connected_players_still_refuses():
    lobby = Lobby(Clock(), Limits(players=2, countdown=0.0))
    hello(lobby, "a"), hello(lobby, "b")
    pid, out = hello(lobby, "c")
    assert pid == 0 and out[0][1].code == "full"


def test_a_full_host_gives_a_room_nobody_is_connected_to_to_a_new_room():
    clock = Clock()
    lobby = Lobby(clock, Limits(rooms=2, countdown=0.0))
    keeper = hello(lobby, "keeper")[0]
    lobby.handle(keeper, p.Create(code="AAAAAA"))
    for code in ("BBBBBB",):
        pid = hello(lobby, "dropper")[0]
        lobby.handle(pid, p.Create(code=code))
        lobby.drop(pid)
    newcomer = hello(lobby, "newcomer")[0]
    out = lobby.handle(newcomer, p.Create(code="CCCCCC"))
    assert [m.code for to, m in out if to == newcomer and isinstance(m, p.Room)] == ["CCCCCC"]
    assert set(lobby.rooms) == {"AAAAAA", "CCCCCC"}
    late = hello(lobby, "late")[0]
    refused = lobby.handle(late, p.Create())
    assert [m.code for _, m in refused if isinstance(m, p.Error)] == ["full"]


def test_a_dropped_player_whose_game_goes_on_keeps_the_place_over_a_lobby_one():
    clock = Clock()
    lobby = Lobby(clock, Limits(players=4, countdown=0.0))
    ann, bob = hello(lobby, "ann")[0], hello(lobby, "bob")[0]
    lobby.handle(ann, p.Create(code="AAAAAA"))
    lobby.handle(bob, p.Join(code="AAAAAA"))
    lobby.drop(bob)  # the oldest drop, but ann still plays in their room
    clock.t += 1
    lurker = hello(lobby, "lurker")[0]
    lobby.drop(lurker)
    clock.t += 1
    hello(lobby, "cy")
    assert hello(lobby, "dee")[0]
    assert bob in lobby.players and lurker not in lobby.players
