"""A long search's checkpoint on disk, so that it resumes after a stop (Ctrl-C, a kill, a
reboot): one JSON file, FOLDER/checkpoint.json, replaced whole at every step (written to a
temporary file first, then os.replace), and the best verified sequence also in
FOLDER/best.txt.

    {"format": "mazegame allmazes checkpoint", "version": 1, "n": 7, "m": 7,
     "method": "greedy", "seed": 0, "rounds": 12, "wall": 812.5, "cpu": 790.1,
     "best": {"sequence": "rdd...", "nodes": 123456, "subtrees": 512} or null,
     "growing": "rdd..." or null,
     "subtrees": {"open": [[i, pos, free, block], ...],
                  "clean": [[i, pos, free, block, nodes], ...],
                  "expanded": [[i, pos, free, block], ...]} or null}

`growing` is the sequence being grown (or checked), `subtrees` its check split as
`subtrees.Partition` keeps it (masks as signed 64-bit integers; on loading, they must
be that sequence's whole search, each node once); `best` the shortest
sequence verified so far, with its check's node count and number of subtrees. The reader
trusts nothing: a file from another size, or one that is not such a document (corrupt,
truncated, hostile), is a CheckpointError with one line, and the file is left alone.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from mazegame.engine.allmazes.family import neighbour_table, parse_sequence
from mazegame.engine.allmazes.subtrees import Partition, Root
from mazegame.engine.readfile import Kind

FORMAT = "mazegame allmazes checkpoint"
VERSION = 1
FILE, BEST = "checkpoint.json", "best.txt"
CHECKPOINT = Kind("checkpoint", 256 << 20)  #: a bigger checkpoint file is refused
MAX_MOVES = 1_000_000  #: the longest sequence a checkpoint holds
MAX_ROOTS = 5_000_000  #: the most subtrees it lists
MAX_NODES = 1 << 62  #: the largest node count
KEYS = {"format", "version", "n", "m", "method", "seed", "rounds", "wall", "cpu", "best",
        "growing", "subtrees"}


class CheckpointError(ValueError):
    """The checkpoint cannot be used (one line says why)."""


@dataclass
class Checkpoint:
    """A search's state: see the module's docstring."""

    n: int
    m: int
    method: str = ""
    seed: int = 0
    rounds: int = 0
    wall: float = 0.0
    cpu: float = 0.0
    best: str | None = None
    best_nodes: int = 0
    best_subtrees: int = 0
    growing: str | None = None
    part: Partition | None = None

    def to_json(self) -> str:
        """The document (see the module's docstring)."""
        best = None if self.best is None else {
            "sequence": self.best, "nodes": self.best_nodes, "subtrees": self.best_subtrees}
        part = None if self.part is None else {
            "open": [list(r) for r in self.part.open],
            "clean": [[*r, k] for r, k in self.part.clean.items()],
            "expanded": [list(r) for r in self.part.expanded]}
        return json.dumps({"format": FORMAT, "version": VERSION, "n": self.n, "m": self.m,
                           "method": self.method, "seed": self.seed, "rounds": self.rounds,
                           "wall": round(self.wall, 1), "cpu": round(self.cpu, 1),
                           "best": best, "growing": self.growing, "subtrees": part},
                          separators=(",", ":"))


def _int(value, low: int, high: int, what: str) -> int:
    """An integer low..high (booleans are not), else CheckpointError."""
    if type(value) is not int or not low <= value <= high:
        raise CheckpointError(f"{what} is not a whole number from {low} to {high}")
    return value


def _seconds(value, what: str) -> float:
    """A finite number of seconds, at least 0."""
    if type(value) not in (int, float) or not 0 <= value < 1e12:
        raise CheckpointError(f"{what} is not a number of seconds")
    return float(value)


def _moves(value, what: str) -> str:
    """A sequence of moves (u d l r), or CheckpointError."""
    if (type(value) is not str or not 0 < len(value) <= MAX_MOVES
            or not set(value) <= set("udlr")):
        raise CheckpointError(f"{what} is not a sequence of moves u d l r")
    return value


def _roots(value, cells: int, length: int, extra: bool, what: str) -> list:
    """A list of subtree roots (with a node count each when `extra`)."""
    if type(value) is not list or len(value) > MAX_ROOTS:
        raise CheckpointError(f"{what} is not a list of subtrees")
    out = []
    outside = ((1 << 64) - 1) ^ ((1 << cells) - 1)
    for item in value:
        if type(item) is not list or len(item) != 4 + extra:
            raise CheckpointError(f"{what} holds something that is not a subtree")
        i = _int(item[0], 0, length, f"{what}: a subtree's moves done")
        pos = _int(item[1], 0, cells - 1, f"{what}: a subtree's position")
        free, block = (_int(x, -(1 << 63), (1 << 63) - 1, f"{what}: a subtree's mask")
                       for x in item[2:4])
        if (free | block) & outside or free & block:
            raise CheckpointError(f"{what}: a subtree's masks do not fit the size")
        root: Root = (i, pos, free, block)
        out.append((root, _int(item[4], 1, MAX_NODES, f"{what}: a node count"))
                   if extra else root)
    return out


def _partition(doc, cells: int, growing: str | None) -> Partition | None:
    """The subtrees of the grown sequence's check."""
    if doc is None:
        return None
    if growing is None or type(doc) is not dict or set(doc) != {"open", "clean",
                                                                "expanded"}:
        raise CheckpointError("its subtrees are not those of a sequence it holds")
    length = len(growing)
    part = Partition(_roots(doc["open"], cells, length, False, "open subtrees"),
                     dict(_roots(doc["clean"], cells, length, True, "clean subtrees")),
                     _roots(doc["expanded"], cells, length, False, "expanded subtrees"))
    seen = len(part.open) + len(part.clean) + len(part.expanded)
    if len({*part.open, *part.clean, *part.expanded}) != seen:
        raise CheckpointError("a subtree is listed twice")
    return part


def from_json(text: str, n: int, m: int) -> Checkpoint:
    """The checkpoint of an n x m search from its document; CheckpointError for one of
    another size, or anything that is not such a document."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        raise CheckpointError("it is not a JSON document") from None
    if type(doc) is not dict or doc.get("format") != FORMAT or set(doc) != KEYS:
        raise CheckpointError("it is not a mazegame allmazes checkpoint")
    if doc["version"] != VERSION:
        raise CheckpointError(f"it is a checkpoint of another version, not {VERSION}")
    size = (_int(doc["n"], 1, 64, "n"), _int(doc["m"], 1, 64, "m"))
    if size != (n, m):
        raise CheckpointError(f"it is a checkpoint of a {size[0]}x{size[1]} search, not "
                              f"{n}x{m}")
    if type(doc["method"]) is not str or len(doc["method"]) > 40:
        raise CheckpointError("its method is not a name")
    point = Checkpoint(n, m, doc["method"], _int(doc["seed"], 0, 2**63 - 1, "seed"),
                       _int(doc["rounds"], 0, MAX_NODES, "rounds"),
                       _seconds(doc["wall"], "wall"), _seconds(doc["cpu"], "cpu"))
    best = doc["best"]
    if best is not None:
        if type(best) is not dict or set(best) != {"sequence", "nodes", "subtrees"}:
            raise CheckpointError("its best sequence is not a record")
        point.best = _moves(best["sequence"], "the best sequence")
        point.best_nodes = _int(best["nodes"], 0, MAX_NODES, "the best's node count")
        point.best_subtrees = _int(best["subtrees"], 0, MAX_NODES, "the best's subtrees")
    if doc["growing"] is not None:
        point.growing = _moves(doc["growing"], "the sequence grown")
    point.part = _partition(doc["subtrees"], n * m, point.growing)
    return point


def load(folder: Path, n: int, m: int) -> Checkpoint | None:
    """The checkpoint in `folder` (None when there is none yet); CheckpointError for one
    that cannot be used (through the project's one capped reader: a FIFO or a device
    there is refused, not read)."""
    from mazegame.engine.readfile import ReadError, exists, read_text

    path = Path(folder) / FILE
    try:
        if not exists(path):
            return None
        text = read_text(path, CHECKPOINT)
    except ReadError as err:
        raise CheckpointError(err.why) from None
    point = from_json(text, n, m)
    if point.part is not None and not point.part.covers(
            neighbour_table(n, m), parse_sequence(point.growing), n * m):
        raise CheckpointError("its subtrees are not the whole search of its sequence")
    return point


def replace_file(path: Path, text: str) -> None:
    """Write `text` to `path` whole or not at all: a temporary file, then os.replace."""
    spare = path.with_name(f".{path.name}.tmp")
    with open(spare, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(spare, path)


def save(folder: Path, point: Checkpoint, best_header: str = "") -> None:
    """Write the checkpoint to `folder` (made if missing), and its best sequence to
    best.txt after `best_header` (comment lines). OSError when it cannot."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    if point.best is not None:
        replace_file(folder / BEST, best_header + point.best + "\n")
    replace_file(folder / FILE, point.to_json())
