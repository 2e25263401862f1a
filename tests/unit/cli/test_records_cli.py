"""`mazegame records [--json]` and `mazegame replay ID`: what scripts see, and exit codes."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazegame.cli import main
from mazegame.games.replay import Recording, build_game, build_maze
from mazegame.games.setup import GameSetup
from mazegame.storage import Store
from mazegame.ui.app import MazeApp

FIELDS = ["id", "mode", "maze", "won", "moves", "optimum", "seconds", "played_at",
          "replayable", "daily"]


def fill():
    """Three saved games: one replayable, one without a replay, one with a damaged one."""
    setup = GameSetup("classic", size=(5, 4), seed=1)
    game = build_game(setup, build_maze(setup, setup.size), lambda: 0.0)
    game.move(0)
    store = Store()
    store.record("classic", "a", won=False, moves=game.moves, optimum=game.shortest,
                 seconds=1.5, played_at=30.0, replay=Recording.of(setup, game).to_json())
    store.record("classic", "b", won=True, moves=9, optimum=7, seconds=2.0, played_at=20.0,
                 daily="2026-11-27")
    store.record("chase", "c", won=False, moves=1, optimum=7, seconds=2.0, played_at=10.0,
                 replay="{not json")
    store.close()


@pytest.fixture
def opened(monkeypatch):
    """The replays MazeApp was asked to open (its run is stubbed: no terminal here)."""
    seen = []
    monkeypatch.setattr(MazeApp, "run", lambda app: seen.append(app.initial_replay))
    return seen


def test_records_json_lists_every_game_newest_first(capsys):
    assert main(["records", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []
    fill()
    assert main(["records", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [list(row) for row in rows] == [FIELDS] * 3
    assert [(r["id"], r["maze"], r["won"], r["replayable"], r["daily"]) for r in rows] == [
        (1, "a", False, True, None), (2, "b", True, False, "2026-11-27"),
        (3, "c", False, False, None)]
    assert main(["records"]) == 0
    out = capsys.readouterr().out
    assert "classic" in out and "daily 2026-11-27: " in out


def test_replay_opens_the_viewer_on_a_replayable_game(opened):
    fill()
    assert main(["replay", "1"]) == 0
    assert [saved.id for saved in opened] == [1]


@pytest.mark.parametrize(("argv", "says"), [
    (["replay", "9"], "no saved game has the id 9"),
    (["replay", "2"], "the game 2 was saved without a replay"),
    (["replay", "3"], "the game 3 cannot be replayed"),
    (["replay", "one"], "not 'one'"),
    (["replay"], "ID"),
])
def test_a_bad_or_unknown_id_exits_2_naming_it(argv, says, capsys, opened):
    fill()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1
    assert opened == []


@given(st.one_of(st.text(max_size=24), st.integers(-2, 5).map(str),
                 st.integers(0, 3).map(lambda n: f" 0{n}\n")))
def test_any_id_exits_0_or_2_with_one_line(text):
    import contextlib
    import io

    store = Store()
    empty = not store.results()
    store.close()
    if empty:  # once per test: the examples share the data folder
        fill()
    err = io.StringIO()
    runs = []
    original = MazeApp.run
    MazeApp.run = lambda app: runs.append(app.initial_replay.id)
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            status = main(["replay", "--", text])
    finally:
        MazeApp.run = original
    assert status in (0, 2)
    if status == 2:
        assert err.getvalue().count("\n") == 1 and not runs
    else:
        assert runs == [int(text.strip())] == [1]  # the one replayable game


def test_jump_blindfold_and_interpreted_games_are_replayable(capsys):
    from mazegame.games.blindfold import LEVELS, BlindfoldGame
    from mazegame.games.interpreted.game import interpreted_maze, new_game
    from mazegame.games.jump import JumpGame, load_pack

    jump = JumpGame(load_pack("rook")[0])
    jump.jump(next(iter(jump.options())))
    blindfold = BlindfoldGame(LEVELS["3x3"])
    blindfold.type("r")
    trading = new_game("trading", seed=2, maze=interpreted_maze((5, 5), 2))
    trading.take(1)
    store = Store()
    for setup, game in ((GameSetup("jump"), jump), (GameSetup("blindfold"), blindfold),
                        (GameSetup("trading", size=(5, 5), seed=2), trading)):
        store.record(setup.mode, "k", won=False, moves=1, optimum=9, seconds=1.0,
                     replay=Recording.of(setup, game).to_json())
    store.close()
    assert main(["records", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {(r["mode"], r["replayable"]) for r in rows} == {
        ("jump", True), ("blindfold", True), ("trading", True)}


def held(path):
    """Another program holding the results file (`BEGIN EXCLUSIVE` in the sqlite3 shell)."""
    import sqlite3

    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    return other


@pytest.mark.parametrize("argv", [["records"], ["records", "--json"], ["replay", "1"]])
def test_a_busy_file_exits_1_saying_another_program_holds_it(argv, capsys, opened,
                                                            monkeypatch):
    from mazegame import storage

    fill()
    monkeypatch.setattr(storage.Store, "__init__", _short_wait(storage.Store.__init__))
    other = held(storage.default_path())
    try:
        status = main(argv)
    finally:
        other.close()
    out, err = capsys.readouterr()
    assert status == 1 and out == "" and opened == []  # not `[]`, not "no saved game has..."
    assert "another program holds" in err and "busy" in err and err.count("\n") == 1


def _short_wait(init):
    """Store.__init__ waiting 0.1 s for a lock (the test stays short)."""
    def short(self, *args, **kwargs):
        init(self, *args, **{**kwargs, "wait": 0.1})
    return short


@pytest.mark.parametrize("argv", [["records"], ["records", "--json"], ["replay", "1"]])
def test_a_damaged_file_exits_1_and_is_left_as_it_is(argv, capsys, opened):
    from mazegame.storage import default_path

    path = default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not a database, a shopping list\n" * 100)
    before = sorted(path.parent.iterdir())
    status = main(argv)
    out, err = capsys.readouterr()
    assert status == 1 and out == "" and "damaged" in err and str(path) in err
    assert sorted(path.parent.iterdir()) == before  # nothing moved aside by a reader
    assert path.read_bytes().startswith(b"not a database")


@pytest.mark.parametrize("argv", [["records"], ["records", "--json"], ["replay", "1"]])
def test_a_newer_file_exits_1_and_is_left_untouched(argv, capsys, opened):
    import sqlite3

    from mazegame.results_db import SCHEMA_VERSION
    from mazegame.storage import default_path

    fill()
    path = default_path()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    before = path.read_bytes()
    status = main(argv)
    out, err = capsys.readouterr()
    assert status == 1 and out == ""
    assert "written by a newer version of mazegame" in err and err.count("\n") == 1
    assert path.read_bytes() == before and sorted(p.name for p in path.parent.iterdir()) == \
        ["mazegame.sqlite3"]


def test_reading_makes_no_file_and_results_waiting_in_the_journal_are_listed(capsys):
    from mazegame.storage import default_path
    from mazegame.storage_journal import Journal, journal_path

    folder = default_path().parent
    assert main(["records", "--json"]) == 0 and json.loads(capsys.readouterr().out) == []
    assert not folder.exists()  # a reader made neither the folder nor the file
    folder.mkdir()
    Journal(journal_path(default_path())).append(
        [("classic", "k", 1, 9, 7, 2.0, 40.0, None, None)])
    assert main(["records", "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert (row["id"], row["maze"], row["moves"]) == (None, "k", 9)
    assert main(["records"]) == 0
    assert capsys.readouterr().out.splitlines()[1].split()[0] == "-"
