"""`mazegame records [--json]`: the saved games, for people or scripts; `mazegame replay ID`:
watch one again (the records screen's replay viewer)."""

from __future__ import annotations

import argparse
import json
import sys
import time

from mazegame.cli.common import Command, UsageError, one_line, write_output

#: The fields of each record in `--json`, in order.
FIELDS = ("id", "mode", "maze", "won", "moves", "optimum", "seconds", "played_at",
          "replayable", "daily")


def _store():
    """The player's saved results (the file the game uses), opened to read only: a busy,
    damaged or newer file is left as it is, and `unreadable` says why it could not be read."""
    from mazegame.storage import Store

    return Store(read_only=True)


def _cannot_read(store) -> int:
    """The history could not be read: one line saying why, and status 1 (the file, not the
    input, is at fault)."""
    print(f"mazegame: error: the saved games could not be read: {one_line(store.unreadable)}",
          file=sys.stderr)
    return 1


def replayable(replay: str | None) -> bool:
    """Whether a saved game's recording can be read (and so watched)."""
    if replay is None:
        return False
    from mazegame.games.replay import Recording, ReplayError

    try:
        Recording.from_json(replay)
    except ReplayError:
        return False
    return True


def configure_records(p: argparse.ArgumentParser) -> None:
    """--json."""
    p.add_argument("--json", action="store_true",
                   help="print a JSON list of objects: " + ", ".join(FIELDS) + " (daily: the "
                        "day of a maze of the day's game, else null; and "
                        "\"unreadable\", saying why, for a row mazegame did not write: its "
                        "other fields null)")


def run_records(args: argparse.Namespace) -> int:
    """Print every saved game, newest first; status 1 (and nothing on standard output) when
    the history could not be read."""
    store = _store()
    results = store.results()
    store.close()
    if store.unreadable is not None:
        return _cannot_read(store)
    if args.json:
        write_output(None, json.dumps([as_json(s) for s in results], indent=1))
    elif not results:
        write_output(None, "No games saved yet.")
    else:
        write_output(None, "\n".join([HEADER, *map(as_line, results)]))
    return 0


def as_json(s) -> dict:
    """One saved game (storage.Saved) as `--json` writes it."""
    if s.unreadable is not None:
        return {**dict.fromkeys(FIELDS), "id": s.id, "replayable": False,
                "unreadable": s.unreadable}
    return {"id": s.id, "mode": s.mode, "maze": s.maze, "won": s.won, "moves": s.moves,
            "optimum": s.optimum, "seconds": round(s.seconds, 3), "played_at": s.played_at,
            "replayable": replayable(s.replay), "daily": s.daily}


HEADER = (f"{'id':>5}  {'played':16}  {'mode':13}  {'result':6}  {'moves':>5}  "
          f"{'optimum':>7}  {'seconds':>8}  replay  maze")


def as_line(s) -> str:
    """One saved game as a line of the table (text from the file made printable)."""
    from mazegame.games.record_labels import maze_label

    rid = s.id if s.id is not None else "-"
    if s.unreadable is not None:
        return one_line(f"{rid:>5}  unreadable: {s.unreadable}")
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(s.played_at))
    return one_line(f"{rid:>5}  {when:16}  {s.mode:13}  {'won' if s.won else 'lost':6}  "
                    f"{s.moves:>5}  {s.optimum:>7}  {s.seconds:>8.1f}  "
                    f"{'yes' if replayable(s.replay) else 'no':6}  "
                    f"{f'daily {s.daily}: ' if s.daily else ''}{maze_label(s.mode, s.maze)}")


def parse_id(text: str) -> int:
    """A record's id as typed: a whole number (UsageError naming it otherwise)."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        raise UsageError(f"a record id is a whole number (see `mazegame records`), "
                         f"not {text!r}")
    return int(text)


def configure_replay(p: argparse.ArgumentParser) -> None:
    """ID."""
    p.add_argument("id", metavar="ID", help="the record's id (`mazegame records` lists them)")


def run_replay(args: argparse.Namespace) -> int:
    """Open the replay viewer on a saved game; a bad or unknown id exits 2 naming it."""
    result_id = parse_id(args.id)
    store = _store()
    saved = store.result(result_id)
    store.close()
    if saved is None and store.unreadable is not None:
        return _cannot_read(store)
    if saved is None:
        raise UsageError(f"no saved game has the id {result_id} (see `mazegame records`)")
    if saved.unreadable is not None:
        raise UsageError(f"the game {result_id} cannot be replayed: {saved.unreadable}")
    if saved.replay is None:
        raise UsageError(f"the game {result_id} was saved without a replay")
    from mazegame.games.replay import Recording, ReplayError

    try:
        Recording.from_json(saved.replay)
    except ReplayError as err:
        raise UsageError(f"the game {result_id} cannot be replayed: {err}") from None
    from mazegame.ui.app import MazeApp
    from mazegame.ui.run import run_app

    return run_app(MazeApp(replay=saved))


RECORDS = Command("records", "list the saved games (best runs, history) for people or scripts",
                  configure_records, run_records)
REPLAY = Command("replay", "watch a saved game again, at any speed", configure_replay,
                 run_replay)
