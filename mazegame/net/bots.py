"""Headless players for `mazegame join HOST:PORT --bot greedy|wanderer`: tests, load, seats.

A bot connects, goes to its room (it joins the code if the room exists, else creates it),
and, if it created the room, starts a game once `--players` sit in it. It plays `--games`
games and prints a line for each (`--json`: an object: room, mode, seed, winner, players,
moves), then leaves: status 0. A host that cannot be reached, refuses, or goes away is one
line and status 1.

- greedy: a shortest route by a breadth-first search over the walls it knows (all of them,
  or, blind, the outer walls and those it bumped: unknown walls are taken for open).
- wanderer: a random walk, seeded by the game's seed and the bot's id, never into a wall it
  knows.
A bot that is a chase's demon hunts the nearest runner the same ways. Either presses
`--keys-per-second` keys a second (by default a quick person's pace, so a person can race a
greedy bot and sometimes win; tests and loads ask for more).

Ground floor: plain Python over the messages (no numpy), like the thin client.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from collections import deque
from dataclasses import dataclass, field

from mazegame.net import protocol as p
from mazegame.net.connection import ConnectError, ConnectionLost, connect
from mazegame.net.names import typed_code

STATE_WAIT = 1.0  #: seconds to wait for a key's State before choosing again
_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N, E, S, W as (row, column)


@dataclass
class Board:
    """A game's maze as the bot knows it, in plain lists."""

    begin: p.Begin
    walls: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.walls = list(self.begin.walls)

    def step(self, cell: int, d: int) -> int:
        """The cell a move from `cell` in direction d leads to, by what the bot knows."""
        if self.walls[cell] & (1 << d):
            return cell
        w, h = self.begin.width, self.begin.height
        r, c = divmod(cell, w)
        r, c = r + _STEPS[d][0], c + _STEPS[d][1]
        if self.begin.wrap_y:
            r %= h
        if self.begin.wrap_x:
            c %= w
        return r * w + c if 0 <= r < h and 0 <= c < w else cell

    def first_move(self, cell: int, targets: set[int]) -> int | None:
        """The first direction of a shortest route to any target, or None."""
        if cell in targets:
            return None
        first = {cell: -1}
        queue = deque([cell])
        while queue:
            here = queue.popleft()
            for d in range(4):
                there = self.step(here, d)
                if there not in first:
                    first[there] = d if here == cell else first[here]
                    if there in targets:
                        return first[there]
                    queue.append(there)
        return None

    def open_moves(self, cell: int) -> list[int]:
        """Directions not known to be walled."""
        return [d for d in range(4) if self.step(cell, d) != cell]


class Bot:
    """One bot's session (see the module's docstring)."""

    def __init__(self, args, conn) -> None:
        self.args, self.conn = args, conn
        self.me = conn.welcome.id
        self.room: p.Room | None = None
        self.started = 0  #: games this bot asked to start
        self.seq = 0

    async def run(self, code: str | None) -> int:
        """Go to the room, play the games, leave; the exit status."""
        await self._enter(code)
        self._maybe_start()
        played = 0
        while played < self.args.games:
            message = await self.conn.receive()
            if isinstance(message, p.Begin):
                over = await self._play(Board(message))
                self._report(over)
                played += 1
            else:
                status = self._note(message)
                if status is not None:
                    return status
        await self.conn.send(p.Leave())
        await self.conn.close()
        return 0

    async def _enter(self, code: str | None) -> None:
        """Join the room if it exists, else create it (with that code if given)."""
        settings = p.RoomSettings(mode=self.args.mode, seats=max(2, self.args.players))
        if code is not None:
            await self.conn.send(p.Join(code=code))
            answer = await self._answer()
            if isinstance(answer, p.Room):
                self.room = answer
                return
        await self.conn.send(p.Create(settings=settings, code=code))
        answer = await self._answer()
        if isinstance(answer, p.Room) and code is not None and answer.code != code:
            await self.conn.send(p.Join(code=code))  # another bot took the code meanwhile
            answer = await self._answer()
        if not isinstance(answer, p.Room):
            raise ConnectionLost(answer.text if isinstance(answer, p.Error) else "no room")
        self.room = answer
        print(f"mazegame: in room {answer.code}", file=sys.stderr, flush=True)

    async def _answer(self):
        """The next Room or Error (other messages noted on the way)."""
        while True:
            message = await self.conn.receive()
            if isinstance(message, p.Room | p.Error):
                if isinstance(message, p.Room):
                    self.room = message
                return message
            self._note(message)

    def _note(self, message) -> int | None:
        """A message between games: the room (start when it is full enough), an end."""
        if isinstance(message, p.Bye):
            raise ConnectionLost(message.reason)
        if isinstance(message, p.Error) and message.fatal:
            raise ConnectionLost(message.text)
        if isinstance(message, p.Error) and message.code == "no-room":
            raise ConnectionLost(message.text)
        if isinstance(message, p.Room):
            self.room = message
            self._maybe_start()
        return None

    def _maybe_start(self) -> None:
        """The creator starts once enough players sit and no game runs."""
        room = self.room
        if room.creator == self.me and room.phase != "playing" and \
                len(room.seats) >= self.args.players and self.started < self.args.games:
            self.started += 1
            asyncio.ensure_future(self.conn.send(p.Start()))

    async def _play(self, board: Board) -> p.Over:
        """Press keys until the game's Over."""
        begin = board.begin
        is_demon = self.room is not None and self.room.role == "demon"
        me = begin.demon if is_demon else begin.start
        demon = begin.demon
        others = {0: begin.start}  # where the runners are, until a State says
        rng = random.Random(begin.seed * 1009 + self.me)
        await asyncio.sleep(begin.countdown)
        done = False
        loop = asyncio.get_running_loop()
        while True:
            d = None if done else self._choose(board, me, others, is_demon, rng)
            pressed = loop.time()
            if d is not None:
                self.seq += 1
                await self.conn.send(p.Key(dir=d, seq=self.seq))
            deadline = pressed + STATE_WAIT
            while True:
                try:
                    async with asyncio.timeout(max(0.0, deadline - loop.time())):
                        message = await self.conn.receive()
                except TimeoutError:
                    break
                if isinstance(message, p.Over):
                    return message
                if isinstance(message, p.State):
                    for cell, bits in message.learned:
                        board.walls[cell] |= bits
                    demon = message.demon
                    others = {q.id: q.cell for q in message.players if not q.done}
                    mine = [q for q in message.players if q.id == self.me]
                    me = demon if is_demon else (mine[0].cell if mine else me)
                    done = bool(mine and mine[0].done)
                    if message.seq >= self.seq:
                        break
                else:
                    self._note(message)
            await asyncio.sleep(max(0.0, pressed + 1 / self.args.keys_per_second
                                    - loop.time()))

    def _choose(self, board: Board, me: int, others: dict[int, int], is_demon: bool,
                rng: random.Random) -> int | None:
        """The next direction: to the goal (or, as the demon, to a runner)."""
        targets = set(others.values()) if is_demon else set(board.begin.goals)
        if self.args.bot == "wanderer":
            moves = board.open_moves(me)
            return rng.choice(moves) if moves else None
        return board.first_move(me, targets)

    def _report(self, over: p.Over) -> None:
        """One line for the game: JSON with --json."""
        room = self.room
        players = [s.name for s in room.seats] if room else []
        mine = [r.moves for r in over.results if r.id == self.me]
        row = {"room": room.code if room else "", "mode": room.settings.mode if room else "",
               "seed": over.seed, "winner": over.winner, "players": players,
               "moves": mine[0] if mine else 0}
        if self.args.json:
            print(json.dumps(row), flush=True)
        else:
            print(f"room {row['room']} {row['mode']} seed {row['seed']}: "
                  f"{row['winner'] or 'nobody'} won ({', '.join(players)}; "
                  f"{row['moves']} moves)", flush=True)


async def _session(args, code: str | None) -> int:
    """Connect and run the bot."""
    conn = await connect(args.address, args.name or args.bot, door="bot")
    return await Bot(args, conn).run(code)


def run_bot(args) -> int:
    """`mazegame join --bot`: the exit status (0 played; 1 host unreachable or gone; 2 a
    bad room code)."""
    code = None
    if args.room is not None:
        code = typed_code(args.room)
        if code is None:
            print(f"mazegame: error: a room code is {p.CODE_LENGTH} letters and digits "
                  f"(no 0, O, 1, I or L), not {args.room[:20]!r}", file=sys.stderr)
            return 2
    try:
        return asyncio.run(_session(args, code))
    except ConnectError as err:
        print(f"mazegame: error: {err}", file=sys.stderr)
    except ConnectionLost as err:
        print(f"mazegame: error: {err.reason}", file=sys.stderr)
    return 1
