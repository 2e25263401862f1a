"""Problems, an interpreted maze (Suits 6.4): solve your way on (games.interpreted)."""

from mazegame.games.modes.interpreted import interpreted_spec

SPEC = interpreted_spec(
    "instructional", "Problems",
    "Solve a problem to go on: harder problems lead towards the goal, easier ones away, a "
    "wrong answer keeps you where you are. A rival pupil races you.",
    goal="Solve your way to the goal before the rival pupil.",
    tip="A wrong answer only costs time: you stay where you are.",
)
