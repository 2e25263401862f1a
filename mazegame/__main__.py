"""`python3 -m mazegame` and the `mazegame` command (pyproject's script is `main` here)."""

import sys


def main() -> int:
    """Run the command line, imported inside the Ctrl-C guard: a Ctrl-C while Python imports
    it is one line and status 130, as anywhere else (cli.main handles every later one)."""
    try:
        from mazegame.cli import main as run
    except KeyboardInterrupt:
        sys.stderr.write("mazegame: interrupted\n")
        exec("None", {})  # clears CPython's unhandled-Ctrl-C mark: cli.interrupt.winding_up
        return 130
    return run()


if __name__ == "__main__":
    sys.exit(main())
