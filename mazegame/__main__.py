"""`python3 -m mazegame`: the same as the `mazegame` command."""

import sys

try:
    from mazegame.cli import main
except KeyboardInterrupt:  # Ctrl-C while Python is still importing: one line, status 130
    sys.stderr.write("mazegame: interrupted\n")
    exec("None", {})  # clears CPython's unhandled-Ctrl-C mark: cli.interrupt.winding_up
    sys.exit(130)

sys.exit(main())
