"""`mazegame bench`: kernels timed against references measured in the same run.

`registry` holds the cases (`cases/` registers them), `references/` the plain-Python and
mazelib code they are compared with, `measure` runs each case in a child process that is
stopped at the cap, `runner` turns measurements into rows and `report` prints them.
`--startup` is `startup`: it launches the real program in a pseudo-terminal (`terminal`) and
reads the emulated screen (`screens`) to time the menu and each mode's first maze, and
types keys into it (`presses`) to time a new maze and a move; `figures` sums runs up.
"""
