"""`mazegame records [--json]`: the saved games, for people or scripts; `mazegame replay ID`:
watch one again (the records screen's replay viewer)."""

from __future__ import annotations

import argparse
import json
import time

from mazegame.cli.common import Command, UsageError, write_output

#: The fields of each record in `--json`, in order.
FIELDS = ("id", "mode", "maze", "won", "moves", "optimum", "seconds", "played_at",
          "replayable")


def _store():
    """The player's saved results (the file the game uses)."""
    from mazegame.storage import Store

    return Store()


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
                   help="print a JSON list of objects: " + ", ".join(FIELDS))


def run_records(args: argparse.Namespace) -> int:
    """Print every saved game, newest first."""
    from mazegame.games.record_labels import maze_label

    store = _store()
    results = store.results()
    store.close()
    if args.json:
        rows = [{"id": s.id, "mode": s.mode, "maze": s.maze, "won": s.won, "moves": s.moves,
                 "optimum": s.optimum, "seconds": round(s.seconds, 3),
                 "played_at": s.played_at, "replayable": replayable(s.replay)}
                for s in results]
        write_output(None, json.dumps(rows, indent=1))
        return 0
    if not results:
        write_output(None, "No games saved yet.")
        return 0
    lines = [f"{'id':>5}  {'played':16}  {'mode':13}  {'result':6}  {'moves':>5}  "
             f"{'optimum':>7}  {'seconds':>8}  replay  maze"]
    for s in results:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(s.played_at))
        lines.append(f"{s.id if s.id is not None else '-':>5}  {when:16}  {s.mode:13}  "
                     f"{'won' if s.won else 'lost':6}  {s.moves:>5}  {s.optimum:>7}  "
                     f"{s.seconds:>8.1f}  {'yes' if replayable(s.replay) else 'no':6}  "
                     f"{maze_label(s.mode, s.maze)}")
    write_output(None, "\n".join(lines))
    return 0


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
    if saved is None:
        raise UsageError(f"no saved game has the id {result_id} (see `mazegame records`)")
    if saved.replay is None:
        raise UsageError(f"the game {result_id} was saved without a replay")
    from mazegame.games.replay import Recording, ReplayError

    try:
        Recording.from_json(saved.replay)
    except ReplayError as err:
        raise UsageError(f"the game {result_id} cannot be replayed: {err}") from None
    from mazegame.ui.app import MazeApp

    MazeApp(replay=saved).run()
    return 0


RECORDS = Command("records", "list the saved games (best runs, history) for people or scripts",
                  configure_records, run_records)
REPLAY = Command("replay", "watch a saved game again, at any speed", configure_replay,
                 run_replay)
