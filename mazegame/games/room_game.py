"""One game in a host's room: the shared maze, a walker per runner, the demon, the end.

Every runner is a `games.walk.WalkGame` on the one maze, so a key moves them by the one step
rule (`Maze.step`), as in a local game. The host's clock is injected (tests drive it by
hand). Keys count once the countdown is over.

- **race**: the first runner on a goal wins and the game ends there; the others are placed
  by the moves they had left (fewest first), so nobody waits for the last.
- **blind-race**: the same, every runner blind.
- **chase**: a demon hunts the runners: the computer's (`engine.demon.DemonBrain`, Suits'
  M^s, towards the nearest runner still in, at the difficulty's pace, after its head start),
  or a player's, moved by keys. Runners (and a player's demon) move at most once a beat
  (the difficulty's `tick_seconds`; a key that comes sooner waits for its beat, the latest
  one kept). A runner the demon reaches is out. Runners win when one reaches a goal, the
  demon when every runner still playing is caught.

A game also ends after MAX_SECONDS, or when no runner is left. A blind runner is sent only
the outer walls and, in each State, the walls it bumped (never one it did not bump).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from mazegame.engine.chase_safety import Pursuit, Unwinnable, place
from mazegame.engine.demon import STAY, DemonBrain
from mazegame.engine.graph import bfs, maze_graph, maze_graph_reversed
from mazegame.engine.grid import Maze, border_walls
from mazegame.games.modes import DIFFICULTIES
from mazegame.games.walk import Outcome, WalkGame
from mazegame.net.protocol import Begin, Position, Result, RoomSettings, State

MAX_SECONDS = 600.0  #: a game ends after ten minutes whatever happens
COMPUTER = "the demon"  #: the winner's name when the computer's demon wins
#: The demon's all-pairs table only up to 1 MiB a room (32x32 cells); bigger mazes search on
#: demand, so 200 rooms of 80x50 do not hold 16 MiB each.
BRAIN_BYTES = 2**20


@dataclass
class Runner:
    """One runner: their walker, how they see, what they learned, and how they ended."""

    id: int
    name: str
    walker: WalkGame
    blind: bool = False
    known: dict[int, int] = field(default_factory=dict)  #: blind: cell -> wall bits bumped
    news: list[tuple[int, int]] = field(default_factory=list)  #: learned since the last State
    seq: int = 0  #: the last key applied
    caught: bool = False
    left: bool = False
    done_at: float | None = None  #: reached a goal (or was caught) at this time

    @property
    def playing(self) -> bool:
        """Still in the game: not home, not caught, not gone."""
        return not (self.walker.won or self.caught or self.left)


@dataclass
class Paced:
    """Something moving at most once a beat: when it may move next and the key waiting."""

    ready_at: float = 0.0
    pending: int | None = None


class RoomGame:
    """The rules of one game in a room (see the module's docstring)."""

    def __init__(self, number: int, settings: RoomSettings, maze: Maze, seed: int,
                 runners: dict[int, str], clock: Callable[[], float], countdown: float,
                 demon_player: tuple[int, str] | None = None,
                 blind: frozenset[int] = frozenset()) -> None:
        self.number, self.settings, self.maze, self.seed = number, settings, maze, seed
        self.clock = clock
        self.go_at = clock() + countdown  #: keys count from here
        self.countdown = countdown
        self.difficulty = DIFFICULTIES[settings.difficulty]
        self.chase = settings.mode == "chase"
        self.paced = self.chase  # a race is as fast as fingers (and the host's rate limit)
        self.runners = {pid: Runner(pid, name, WalkGame(maze, clock),
                                    blind=settings.mode == "blind-race" or pid in blind)
                        for pid, name in runners.items()}
        self.pace = {pid: Paced() for pid in runners}
        self.demon_player = demon_player
        if demon_player is not None:
            self.pace[demon_player[0]] = Paced()
        self.demon_moves = 0
        self._demon_seq = 0  #: the player demon's last key applied
        self.demon = self._place_demon() if self.chase else -1
        self.brain = (DemonBrain(maze, budget=BRAIN_BYTES)
                      if self.chase and demon_player is None else None)
        self.tick_count = 0
        self.demon_steps = 0
        self.ended_at: float | None = None
        self.winner = ""
        to_goal, _, _ = bfs(maze_graph_reversed(maze), list(maze.goals))
        self.to_goal = to_goal  #: moves left from each cell to the nearest goal (-1: none)
        self.par = int(to_goal[maze.start]) if to_goal[maze.start] >= 0 else 0

    # -- what players are sent --------------------------------------------------------------
    @property
    def over(self) -> bool:
        """The game has ended."""
        return self.ended_at is not None

    def begin(self, pid: int | None) -> Begin:
        """The start of the game as `pid` may see it (None: a watcher, who sees all)."""
        runner = self.runners.get(pid) if pid is not None else None
        if runner is not None and runner.blind:
            walls = border_walls(self.maze.width, self.maze.height,
                                 self.maze.wrap_x, self.maze.wrap_y).ravel()
            for cell, bits in runner.known.items():
                walls[cell] |= bits
        else:
            walls = self.maze.walls.ravel()
        left = max(0.0, self.go_at - self.clock())
        return Begin(game=self.number, seed=self.seed, width=self.maze.width,
                     height=self.maze.height, walls=walls.tolist(), start=self.maze.start,
                     goals=list(self.maze.goals), par=self.par, wrap_x=self.maze.wrap_x,
                     wrap_y=self.maze.wrap_y, demon=self.demon, countdown=left)

    def positions(self) -> list[Position]:
        """Every runner's position, moves and place so far."""
        places = self._places()
        return [Position(id=r.id, cell=r.walker.position, moves=r.walker.moves,
                         done=not r.playing, place=places.get(r.id, 0))
                for r in self.runners.values()]

    def state(self, pid: int | None, positions: list[Position]) -> State:
        """The game now for `pid` (their last key, their news when blind; None: a watcher).
        A runner's news is handed over once."""
        runner = self.runners.get(pid) if pid is not None else None
        news: list[tuple[int, int]] = []
        seq = 0
        if runner is not None:
            news, runner.news, seq = runner.news, [], runner.seq
        elif self.demon_player is not None and pid == self.demon_player[0]:
            seq = self._demon_seq
        return State(game=self.number, tick=self.tick_count, elapsed=round(self.elapsed, 2),
                     players=positions, demon=self.demon, seq=seq, learned=news)

    @property
    def elapsed(self) -> float:
        """Seconds since the go (0 during the countdown), stopped at the end."""
        now = self.ended_at if self.ended_at is not None else self.clock()
        return max(0.0, now - self.go_at)

    def results(self) -> list[Result]:
        """The end panel's lines: every runner (and a player's demon)."""
        places = self._places()
        lines = [Result(id=r.id, name=r.name, moves=r.walker.moves,
                        seconds=round((r.done_at or self.ended_at or self.clock()) - self.go_at,
                                      2),
                        place=places.get(r.id, 0), won=r.name == self.winner and r.walker.won)
                 for r in self.runners.values()]
        if self.demon_player is not None:
            pid, name = self.demon_player
            lines.append(Result(id=pid, name=name, moves=self.demon_moves,
                                seconds=round(self.elapsed, 2), place=0,
                                won=self.winner == name))
        return lines

    # -- what players do --------------------------------------------------------------------
    def key(self, pid: int, direction: int, seq: int) -> bool:
        """A runner's (or the player demon's) key; True if anything changed."""
        now = self.clock()
        if self.over or now < self.go_at:
            return False
        is_demon = self.demon_player is not None and pid == self.demon_player[0]
        runner = self.runners.get(pid)
        if not is_demon and (runner is None or not runner.playing):
            return False
        if self.paced:
            pace = self.pace[pid]
            if now < pace.ready_at:
                pace.pending = direction
                if is_demon:
                    self._demon_seq = seq
                else:
                    runner.seq = seq
                return False
            pace.ready_at = now + self.difficulty.tick_seconds
        if is_demon:
            self._demon_seq = seq
            return self._move_player_demon(direction)
        runner.seq = seq
        return self._move_runner(runner, direction)

    def set_blind(self, pid: int, blind: bool) -> bool:
        """A runner's view changed; True if they must be sent a new Begin (blind-race keeps
        every runner blind)."""
        runner = self.runners.get(pid)
        if runner is None or self.settings.mode == "blind-race" or runner.blind == blind:
            return False
        runner.blind = blind
        return True

    def leave(self, pid: int) -> None:
        """A runner (or the player demon) left for good: out of the game."""
        runner = self.runners.get(pid)
        if runner is not None and runner.playing:
            runner.left = True
            runner.done_at = self.clock()
        if self.demon_player is not None and pid == self.demon_player[0]:
            self._end("")  # nobody hunts any more
        self._check_end()

    def tick(self) -> bool:
        """The host's clock moved: waiting keys, the computer's demon, the time cap. True if
        anything changed."""
        if self.over:
            return False
        now = self.clock()
        if now >= self.go_at + MAX_SECONDS:
            self._end("")
            return True
        if now < self.go_at:
            return False
        self.tick_count += 1
        changed = self._play_waiting(now)
        if self.brain is not None:
            changed |= self._demon_hunts(now)
        return changed

    # -- inside -----------------------------------------------------------------------------
    def _move_runner(self, runner: Runner, direction: int) -> bool:
        """The one step rule for a runner, then catches and the end."""
        cell = runner.walker.position
        outcome = runner.walker.move(direction)
        if outcome is Outcome.BUMPED:
            if runner.blind and not runner.known.get(cell, 0) & (1 << direction):
                runner.known[cell] = runner.known.get(cell, 0) | (1 << direction)
                runner.news.append((cell, 1 << direction))
                return True
            return False
        if outcome is Outcome.WON:
            runner.done_at = self.clock()
            self._end(runner.name)
            return True
        if self.chase and runner.walker.position == self.demon:
            self._catch(runner)
        return outcome is Outcome.MOVED

    def _move_player_demon(self, direction: int) -> bool:
        """The player demon's key: the same step rule; it catches whoever it lands on."""
        target = self.maze.step(self.demon, direction)
        if target == self.demon:
            return False
        self.demon, self.demon_moves = target, self.demon_moves + 1
        for runner in self.runners.values():
            if runner.playing and runner.walker.position == target:
                self._catch(runner)
        return True

    def _play_waiting(self, now: float) -> bool:
        """Keys that waited for their beat, played now that it came."""
        changed = False
        for pid, pace in self.pace.items():
            if pace.pending is not None and now >= pace.ready_at and not self.over:
                direction, pace.pending = pace.pending, None
                pace.ready_at = now + self.difficulty.tick_seconds
                if self.demon_player is not None and pid == self.demon_player[0]:
                    changed |= self._move_player_demon(direction)
                elif self.runners[pid].playing:
                    changed |= self._move_runner(self.runners[pid], direction)
        return changed

    def _demon_hunts(self, now: float) -> bool:
        """The computer's demon takes the steps its pace has earned since it woke."""
        beats = (now - self.go_at) / self.difficulty.tick_seconds - self.difficulty.head_start
        due = math.floor(max(0.0, beats) * self.difficulty.speed) - self.demon_steps
        changed = False
        for _ in range(max(0, due)):
            self.demon_steps += 1
            target = self._nearest_runner()
            if target is None:
                break
            d = self.brain.next_move(self.demon, target.walker.position)
            if d == STAY:
                continue
            self.demon = self.maze.step(self.demon, d)
            self.demon_moves += 1
            changed = True
            for runner in self.runners.values():
                if runner.playing and runner.walker.position == self.demon:
                    self._catch(runner)
            if self.over:
                break
        return changed

    def _nearest_runner(self) -> Runner | None:
        """The runner still in whom the demon can reach soonest (any, if none is reachable)."""
        best, best_d = None, math.inf
        for runner in self.runners.values():
            if runner.playing:
                d = self.brain.distance(self.demon, runner.walker.position)
                d = math.inf if d < 0 else d
                if best is None or d < best_d:
                    best, best_d = runner, d
        return best

    def _catch(self, runner: Runner) -> None:
        """The demon reached a runner: out."""
        runner.caught, runner.done_at = True, self.clock()
        self._check_end()

    def _check_end(self) -> None:
        """The end when no runner is still playing: the demon's win if it caught one."""
        if self.over or any(r.playing for r in self.runners.values()):
            return
        caught = any(r.caught for r in self.runners.values())
        demon_name = self.demon_player[1] if self.demon_player is not None else COMPUTER
        self._end(demon_name if caught and self.chase else "")

    def _end(self, winner: str) -> None:
        """The game is over: `winner` is a name, or "" for nobody."""
        if not self.over:
            self.winner, self.ended_at = winner, self.clock()

    def _places(self) -> dict[int, int]:
        """Places once the game is over: the winner first, then the runners still in by the
        moves they had left (fewest first); the caught and the gone have none."""
        if not self.over:
            return {}
        ranked = sorted((r for r in self.runners.values() if not r.caught and not r.left),
                        key=lambda r: (not r.walker.won, self._left(r), r.walker.moves))
        if self.chase and not any(r.walker.won for r in ranked):
            return {}  # the demon won, or nobody did
        return {r.id: place for place, r in enumerate(ranked, start=1)}

    def _left(self, runner: Runner) -> int:
        """Moves from a runner's cell to the nearest goal (the maze's size if none)."""
        d = int(self.to_goal[runner.walker.position])
        return d if d >= 0 else self.maze.size

    def _place_demon(self) -> int:
        """The demon's start: a winnable one for the computer's demon (engine.chase_safety),
        else the cell farthest from the start."""
        if self.demon_player is None:
            pursuit = Pursuit(self.difficulty.speed, self.difficulty.head_start)
            try:
                _, demon, _ = place(self.maze, pursuit, self.seed, player=self.maze.start)
                return int(demon)
            except Unwinnable:
                pass
        dist, _, _ = bfs(maze_graph(self.maze), self.maze.start)
        return int(np.argmax(dist))
