"""The simultaneous maze solving problem (Funke, Nusser, Storandt, AAAI 2017): one move
sequence that solves every feasible n x m maze.

- `count`: how many mazes are feasible (transfer matrix); `brute`: its independent check;
- `family`: every feasible maze up to 25 cells, folded into classes no sequence can tell
  apart; `pool`: the classes a search works on (all, or a sample plus counterexamples);
- `listed`: every class from 26 to 36 cells, listed by growing the start's component, and
  a sequence walked through them all (a search's exact check there);
- `check`: does a sequence solve them all (explicitly, or by the paper's search for an
  unsolved maze up to 64 cells);
- `search` (with `kernels`, `anneal`): the heuristics, one registry `METHODS`;
- `exact`: the shortest sequence for a set of classes, ESS, lower bounds.
(`mazeset`, when present, is the game's lockstep display of small maze sets.)
"""
