"""One SSH player's session: the thin client in a pseudo-terminal of its own, its bytes pumped
to and from the SSH channel by the event loop (readers on file descriptors, no thread), its
window kept in step with the player's, and the two ended together.

Only the game runs: a command (`ssh HOST ls`) or a session without a terminal (`ssh -T`) gets
one line on its channel and a non-zero exit; a subsystem (sftp) is refused outright. The
program's environment is built here from nothing (see `environment`): nothing the player
sends (their environment requests) and nothing else of the host's reaches it.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import re
import signal
import struct
import subprocess
import termios
import time

import asyncssh

log = logging.getLogger("mazegame.ssh")

NEEDS_TERMINAL = b"mazegame over SSH needs a terminal: ssh -t ...\r\n"
ONLY_THE_GAME = b"mazegame over SSH plays the game only: no commands, no files\r\n"
HOST_FULL = b"the host is full, try later\r\n"
IDLE_LINE = "\r\nno key for {}: the session ends\r\n"
REFUSED = 1  #: exit status of a session refused (a command, no terminal, a full host)
DEFAULT_TERM = "xterm-256color"
READ_SIZE = 65536
MOST_QUEUED = 65536  #: bytes for the program not written yet before the channel is paused
STOP_WAIT = 3.0  #: seconds the program has to exit after SIGTERM before SIGKILL
#: Variables of the host's own environment the program gets (when set); nothing else.
PASSED_ON = ("PATH", "HOME", "PYTHONPATH", "MAZEGAME_DATA_DIR")


def environment(term: str) -> dict[str, str]:
    """The program's whole environment: PATH, HOME, PYTHONPATH and MAZEGAME_DATA_DIR from the
    host's when set, UTF-8, the player's terminal type (when it looks like one), and
    MAZEGAME_SERVED=1 (the program writes files only inside its data folder)."""
    env = {key: os.environ[key] for key in PASSED_ON if os.environ.get(key)}
    env.setdefault("PATH", os.defpath)
    env.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", MAZEGAME_SERVED="1",
               TERM=term if re.fullmatch(r"[A-Za-z0-9._+-]{1,64}", term) else DEFAULT_TERM)
    return env


def set_window(fd: int, columns: int, rows: int) -> None:
    """Give the pseudo-terminal a size (the program gets SIGWINCH); 0 or absurd sizes are
    clamped to 1..1000."""
    columns, rows = (min(max(int(n), 1), 1000) for n in (columns, rows))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def _take_terminal() -> None:  # pragma: no cover - runs in the child, before exec
    """In the child: make its terminal (stdin) its controlling one, so that a window change
    signals it and closing the terminal hangs it up."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class GameSession(asyncssh.SSHServerSession):
    """The session of one SSH channel: the player's program in a pseudo-terminal."""

    def __init__(self, door, name: str, address: str) -> None:
        self.door, self.name, self.address = door, name, address
        self.chan = None
        self.term: str | None = None  #: the terminal type; None: no pty was asked for
        self.size = (80, 24)
        self.command: str | None = None  #: what `ssh HOST COMMAND` asked to run
        self.process: subprocess.Popen | None = None
        self.master = -1
        self.queued = bytearray()  #: the player's bytes the program has not taken yet
        self.last_key = time.monotonic()
        self.window = (time.monotonic(), 0)  #: (start of this second, bytes received in it)
        self.how = "left before the game started"  #: how it ended, for the log's line
        self.closed = False
        self.paused = False  #: the channel's reading paused (over the rate, or a long queue)
        self.rate_until = 0.0  #: over the bytes a second: paused until then (monotonic)
        self._timers: list[asyncio.TimerHandle] = []
        self._pidfd = -1

    # --- what the client asks for -----------------------------------------------------
    def connection_made(self, chan) -> None:
        self.chan = chan

    def pty_requested(self, term_type, term_size, term_modes) -> bool:
        self.term = term_type or DEFAULT_TERM
        if term_size and term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command) -> bool:
        self.command = command  # accepted, so that it gets its line and a status
        return True

    def subsystem_requested(self, subsystem) -> bool:
        log.info("ssh: %s from %s: refused the %r subsystem", self.name, self.address,
                 subsystem)
        return False

    def break_received(self, msec) -> bool:
        return False

    def signal_received(self, signal) -> None:
        pass  # the program gets no signal but its terminal's

    # --- the session ------------------------------------------------------------------
    def session_started(self) -> None:
        """Start the game, or say in one line why not and exit non-zero."""
        if self.command is not None:
            self.refuse(ONLY_THE_GAME, f"refused a command ({len(self.command)} characters)")
        elif self.term is None:
            self.refuse(NEEDS_TERMINAL, "refused: no terminal")
        elif not self.door.take_seat(self):
            self.refuse(HOST_FULL, "refused: the host is full")
        else:
            try:
                self.start()
            except OSError as err:
                self.door.leave_seat(self)
                log.warning("ssh: %s from %s: the game did not start: %s", self.name,
                            self.address, err)
                self.refuse(b"the game could not start, sorry\r\n", "the game did not start")

    def refuse(self, line: bytes, how: str) -> None:
        """One line on the channel (stderr for a command) and exit status REFUSED."""
        self.how = how
        if self.command is not None:
            self.chan.write_stderr(line)
        else:
            self.chan.write(line)
        self.chan.exit(REFUSED)

    def start(self) -> None:
        """The program in a fresh pseudo-terminal, in its own session and process group."""
        master, slave = os.openpty()
        try:
            set_window(slave, *self.size)
            self.process = subprocess.Popen(
                self.door.command_for(self.name), stdin=slave, stdout=slave, stderr=slave,
                env=environment(self.term), cwd=self.door.workdir, close_fds=True,
                start_new_session=True, preexec_fn=_take_terminal)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.master = master
        os.set_blocking(master, False)
        loop = asyncio.get_running_loop()
        loop.add_reader(master, self._from_program)
        self._watch_exit(loop)
        self._timers.append(loop.call_later(self.door.limits.idle, self._check_idle))
        self.how = "still playing"
        log.info("ssh: %s from %s: started (pid %d)", self.name, self.address,
                 self.process.pid)

    def _watch_exit(self, loop) -> None:
        """Learn when the program exits: its pidfd becomes readable (Linux), else a poll."""
        try:
            self._pidfd = os.pidfd_open(self.process.pid)
        except (AttributeError, OSError):
            self._timers.append(loop.call_later(0.5, self._poll_exit))
        else:
            loop.add_reader(self._pidfd, self._poll_exit)

    def _poll_exit(self) -> None:
        if self.process.poll() is None:
            if self._pidfd < 0:
                self._timers.append(asyncio.get_running_loop().call_later(0.5, self._poll_exit))
            return
        self._exited()

    def _exited(self) -> None:
        """The program ended: pass on what it wrote last, then its exit status."""
        status = self.process.returncode
        if self.master >= 0:
            with contextlib.suppress(OSError):
                while data := os.read(self.master, READ_SIZE):
                    self._to_player(data)
        if not self.closed:
            self.how = f"the game ended (status {status})"
            with contextlib.suppress(OSError, asyncssh.Error):
                self.chan.exit(status if status >= 0 else 128 - status)
        self._release()

    # --- the bytes ----------------------------------------------------------------------
    def _from_program(self) -> None:
        """The program drew: send it to the player (EIO: the terminal closed, stop reading)."""
        try:
            data = os.read(self.master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            return
        self._to_player(data)

    def _to_player(self, data: bytes) -> None:
        if not self.closed:
            with contextlib.suppress(OSError):  # the channel is closing: nobody to draw for
                self.chan.write(data)

    def pause_writing(self) -> None:
        """The player reads slower than the program draws: stop reading the program."""
        if self.master >= 0:
            asyncio.get_running_loop().remove_reader(self.master)

    def resume_writing(self) -> None:
        if self.master >= 0 and self.process and self.process.poll() is None:
            asyncio.get_running_loop().add_reader(self.master, self._from_program)

    def data_received(self, data, datatype) -> None:
        """Keys for the program: counted against the bytes a second a player may send (over
        it, the channel is paused until the next second), queued for the terminal."""
        if self.master < 0 or datatype is not None:
            return
        now = time.monotonic()
        self.last_key = now
        start, count = self.window
        if now - start >= 1.0:
            start, count = now, 0
        self.window = (start, count + len(data))
        if count + len(data) > self.door.limits.bytes_per_second:
            self.rate_until = start + 1.0
            self._timers.append(asyncio.get_running_loop().call_later(
                start + 1.0 - now, self._rate_over))
        self.queued += data
        self._flush()

    def _rate_over(self) -> None:
        """A new second: the player may send again."""
        self.rate_until = 0.0
        self._pace()

    def _pace(self) -> None:
        """Pause the channel while over the rate or while the program lags; else resume."""
        pause = time.monotonic() < self.rate_until or len(self.queued) >= MOST_QUEUED
        if self.closed or pause == self.paused:
            return
        self.paused = pause
        if pause:
            self.chan.pause_reading()
        else:
            self.chan.resume_reading()

    def _flush(self) -> None:
        """Write what the terminal takes; the rest waits for it to be writable."""
        loop = asyncio.get_running_loop()
        try:
            written = os.write(self.master, self.queued) if self.queued else 0
        except BlockingIOError:
            written = 0
        except OSError:
            self.queued.clear()
            written = 0
        del self.queued[:written]
        loop.remove_writer(self.master)
        if self.queued:
            loop.add_writer(self.master, self._flush)
        self._pace()

    def terminal_size_changed(self, width, height, pixwidth, pixheight) -> None:
        self.size = (width, height)
        if self.master >= 0 and width and height:
            with contextlib.suppress(OSError):
                set_window(self.master, width, height)

    def eof_received(self) -> bool:
        """The player sends no more (`echo q | ssh -tt`): the game goes on drawing until it
        ends (or the idle limit ends it)."""
        return True

    def _check_idle(self) -> None:
        """No key for the idle limit: say so and end the session."""
        idle = self.door.limits.idle
        waited = time.monotonic() - self.last_key
        if self.closed:
            return
        if waited < idle:
            self._timers.append(asyncio.get_running_loop().call_later(idle - waited,
                                                                      self._check_idle))
            return
        duration = f"{idle / 60:g} minutes" if idle >= 60 else f"{idle:g} seconds"
        self.how = f"idle for {duration}"
        self._to_player(IDLE_LINE.format(duration).encode())
        self.chan.close()

    # --- the end --------------------------------------------------------------------
    def connection_lost(self, exc) -> None:
        """The channel closed: end the program (its whole process group)."""
        if self.closed:
            return
        self.closed = True
        if self.process is not None and self.process.returncode is None:
            if self.how == "still playing":
                self.how = "the player closed the connection"
            self.stop()
        else:
            self._release()
        log.info("ssh: %s from %s: %s", self.name, self.address, self.how)

    def stop(self) -> None:
        """SIGTERM to the program's process group, SIGKILL if it is still there after
        STOP_WAIT seconds (its exit is noticed and reaped by the watch on it)."""
        self._signal(signal.SIGTERM)
        asyncio.get_running_loop().call_later(STOP_WAIT, self._signal, signal.SIGKILL)

    def _signal(self, number: int) -> None:
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, number)

    def end(self) -> None:
        """The host stops: close the channel (and so the program)."""
        if not self.closed:
            self.how = "the host stopped"
            with contextlib.suppress(OSError, asyncssh.Error):
                self.chan.close()

    def _release(self) -> None:
        """Give back the seat, the terminal, the watch and the timers (once)."""
        loop = asyncio.get_running_loop()
        for timer in self._timers:
            timer.cancel()
        self._timers.clear()
        for fd in (self.master, self._pidfd):
            if fd >= 0:
                loop.remove_reader(fd)
                loop.remove_writer(fd)
                os.close(fd)
        self.master = self._pidfd = -1
        if self.process is not None:
            self.door.leave_seat(self)

    @property
    def running(self) -> bool:
        """Whether the program is still running (not yet reaped)."""
        return self.process is not None and self.process.returncode is None
