"""Bureaucracy, an interpreted maze (Suits 6.4): offices refer you on (games.interpreted)."""

from mazegame.games.modes.interpreted import interpreted_spec

SPEC = interpreted_spec(
    "bureaucracy", "Bureaucracy",
    "Contact Mr. X. Every office refers you to colleagues; some help, some never do (learn "
    "their names). A rival with a letter of their own is on the way too.",
    goal="Get to Mr. X before your rival does.",
    tip="Note the offices that never help: their names come round again.",
)
