"""The simultaneous maze solving problem (Funke, Nusser, Storandt, AAAI 2017): one move
sequence that solves every feasible n x m maze. `count` counts the feasible mazes; `brute`
is the independent check of small sizes."""
