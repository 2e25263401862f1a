"""A stand-in for the thin client behind the SSH door (tests/functional/net/test_ssh_door.py):
records its pid, argv, environment and terminal in RECORD (JSON lines), draws a prompt, then
in raw mode echoes each key it gets and its window size on each SIGWINCH; 'q' ends it (status
3, so that the door's passing on of the exit status shows)."""

import json
import os
import signal
import sys
import termios
import tty

NAME, RECORD = sys.argv[1], sys.argv[2]


def record(**fields) -> None:
    with open(RECORD, "a", encoding="utf-8") as out:
        out.write(json.dumps(fields) + "\n")


def show_size(*_) -> None:
    columns, rows = os.get_terminal_size(0)
    os.write(1, f"size={columns}x{rows}\r\n".encode())


record(pid=os.getpid(), name=NAME, env=dict(os.environ), tty=os.isatty(0),
       pgid=os.getpgid(0), sid=os.getsid(0))
signal.signal(signal.SIGWINCH, show_size)
os.write(1, f"stand-in ready for {NAME}\r\n".encode())
show_size()
tty.setraw(0, termios.TCSANOW)  # keep keys typed before (TCSAFLUSH drops them)
while True:
    try:
        key = os.read(0, 64)
    except InterruptedError:
        continue
    if not key or key == b"q":
        break
    os.write(1, f"key={key!r}\r\n".encode())
sys.exit(3)
