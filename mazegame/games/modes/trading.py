"""Trading, an interpreted maze (Suits 6.4): trade up to the prize (games.interpreted)."""

from mazegame.games.modes.interpreted import interpreted_spec

SPEC = interpreted_spec(
    "trading", "Trading",
    "Start with a trinket, trade up to the prize named at the start. Good trades gain value, "
    "bad ones lose it; a rival trader races you to the prize.",
    goal="Trade your way up to the prize before the rival trader.",
    tip="Offers marked \"been there\" lead where you have been: try another.",
)
