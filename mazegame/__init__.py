"""mazegame: a terminal maze game and a maze-algorithm lab."""

__version__ = "0.1.0"
