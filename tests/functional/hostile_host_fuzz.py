"""A seeded, time-limited fuzz of a real `mazegame host` while two greedy bots race in a room.

Strangers (a few connections at once) send what `random.Random(seed)` makes of the player's
messages: valid ones with random fields, wrong types, out-of-range numbers, unknown fields,
deep nesting, random text and bytes, messages in a flood or never read; each one dropped by
the host comes back. What must hold at the end (`judge`):

- both bots played every game, and agree on each game's seed and winner;
- the host still answers a newcomer's Ping, and stops on SIGTERM with status 0;
- its log has no traceback, and every line is the host's own ("mazegame host: ...").

Run it (one core for the strangers, one for the host and the bots; a minute or two):

    python3 tests/functional/hostile_host_fuzz.py --seed 39 --seconds 60 --games 5

It prints what the strangers sent and were answered, and FAIL lines for what did not hold.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from pathlib import Path
from tempfile import TemporaryDirectory

sys.path.insert(0, str(Path(__file__).with_name("net")))
from test_host import Host  # noqa: E402  (the real-host helper of the net tests)
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidHandshake  # noqa: E402

KINDS = ("hello", "list", "create", "join", "leave", "configure", "start", "key", "view",
         "ping")
ODD = (None, -1, 2**31, 2**64, 1.5, "", "x" * 2000, [], {}, True, "\x1b[2J", "\u202e")


def settings(rng: random.Random) -> dict:
    """Room settings, sometimes wrong."""
    good = {"mode": rng.choice(["race", "chase", "blind-race"]), "width": rng.randint(2, 80),
            "height": rng.randint(2, 50), "seats": rng.randint(2, 8),
            "generator": rng.choice(["backtracker", "wilson", "unicursal", "nope"]),
            "demon": rng.choice(["computer", "player"]), "daily": rng.random() < 0.2}
    if rng.random() < 0.3:
        good[rng.choice(list(good))] = rng.choice(ODD)
    return good


def message(rng: random.Random, code: str) -> str | bytes:
    """One stranger's message: mostly of the schema, often not."""
    roll = rng.random()
    if roll < 0.05:
        return rng.randbytes(rng.randint(1, 1500))
    if roll < 0.08:
        depth = rng.randint(1, 400)
        return "[" * depth + "]" * depth
    kind = rng.choice(KINDS)
    body: dict = {"t": kind}
    if kind == "hello":
        body.update(v=1, name="".join(chr(rng.randint(1, 0x2FFF)) for _ in range(20)))
    elif kind in ("create", "configure"):
        body["settings"] = settings(rng)
    elif kind == "join":
        body.update(code=code if rng.random() < 0.5 else "ZZZZZZ", watch=rng.random() < 0.5)
    elif kind == "key":
        body.update(dir=rng.randint(0, 3), seq=rng.randint(0, 2**31 - 1))
    elif kind == "view":
        body["view"] = rng.choice(["birds-eye", "blind", "eye"])
    if rng.random() < 0.15:
        body[rng.choice(["extra", "t", "v", "dir", "seq", "n"])] = rng.choice(ODD)
    return json.dumps(body)


async def stranger(port: int, rng: random.Random, code: str, until: float, seen: dict):
    """Connect, say hello (mostly), send, read or not; again when dropped."""
    while time.monotonic() < until:
        try:
            async with connect(f"ws://127.0.0.1:{port}/", max_queue=rng.choice([1, 16])) as ws:
                if rng.random() < 0.9:
                    await ws.send(json.dumps({"t": "hello", "v": 1, "name": "stranger"}))
                reads = rng.random() < 0.8
                for _ in range(rng.randint(1, 300)):
                    if time.monotonic() >= until:
                        break
                    await ws.send(message(rng, code))
                    seen["sent"] += 1
                    await asyncio.sleep(rng.choice([0, 0, 0.001, 0.02, 0.1]))
                    while reads and (data := await _ready(ws)) is not None:
                        seen[json.loads(data).get("t", "?")] += 1
        except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError):
            seen["dropped"] += 1


async def _ready(ws) -> str | None:
    """A message already there, or None."""
    try:
        return await asyncio.wait_for(ws.recv(), 0.001)
    except TimeoutError:
        return None


async def strangers(port: int, seed: int, seconds: float, count: int) -> dict:
    seen: dict = __import__("collections").defaultdict(int)
    until = time.monotonic() + seconds
    await asyncio.gather(*(stranger(port, random.Random(seed * 1000 + n), "FUZZED", until, seen)
                           for n in range(count)))
    async with connect(f"ws://127.0.0.1:{port}/") as ws:
        await ws.send(json.dumps({"t": "hello", "v": 1, "name": "newcomer"}))
        await ws.send(json.dumps({"t": "ping", "n": 39}))
        async with asyncio.timeout(30):
            while json.loads(await ws.recv()) != {"t": "pong", "n": 39}:
                pass
    seen["newcomer answered"] = 1
    return dict(seen)


def judge(rows: list[list[dict]], games: int, status: int, log: str) -> list[str]:
    """What did not hold (see the module's docstring)."""
    failures = [f"bot {n} played {len(r)} games of {games}" for n, r in enumerate(rows)
                if len(r) != games]
    if all(len(r) == games for r in rows):
        failures += [f"game {i}: bots disagree" for i, (a, b) in enumerate(zip(*rows, strict=True))
                     if (a["seed"], a["winner"]) != (b["seed"], b["winner"])]
    if status != 0:
        failures.append(f"the host ended with status {status}")
    failures += [f"log: {line}" for line in log.splitlines()
                 if not line.startswith("mazegame host: ") or "Traceback" in line][:20]
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=39)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--strangers", type=int, default=6)
    args = parser.parse_args(argv)
    with TemporaryDirectory() as tmp:
        host = Host(Path(tmp), "hello=2,countdown=0.3")
        bots = [host.bot("greedy", "--room", "FUZZED", "--players", "2", "--json", "--games",
                         str(args.games), "--name", name) for name in ("ann", "bob")]
        seen = asyncio.run(strangers(host.port, args.seed, args.seconds, args.strangers))
        rows = []
        for bot in bots:
            out, _ = bot.communicate(timeout=300)
            rows.append([json.loads(line) for line in out.splitlines() if line.strip()])
        host.process.terminate()
        _, log = host.process.communicate(timeout=30)
    print(json.dumps(seen, sort_keys=True))
    failures = judge(rows, args.games, host.process.returncode, log)
    for line in failures:
        print(f"FAIL {line}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
