"""The seed box of the setup dialog and the lab: validates as the player types."""

from __future__ import annotations

from textual.validation import ValidationResult, Validator
from textual.widgets import Input

from mazegame.games.setup import parse_seed


class SeedValidator(Validator):
    """Accepts what `parse_seed` accepts; the failure says why."""

    def validate(self, value: str) -> ValidationResult:
        """A seed is valid when `parse_seed` takes it."""
        try:
            parse_seed(value)
        except ValueError as err:
            return self.failure(str(err))
        return self.success()


class SeedInput(Input):
    """A seed: blank for random, else 0..2^31-1. `problem` is why the text is refused."""

    def __init__(self, value: str = "", **kwargs) -> None:
        super().__init__(value, type="integer", validators=[SeedValidator()],
                         validate_on=["changed", "submitted"], valid_empty=True, **kwargs)

    @property
    def problem(self) -> str:
        """Why the current text is not a seed ('' when it is one)."""
        try:
            parse_seed(self.value)
        except ValueError as err:
            return str(err)
        return ""

    @property
    def seed(self) -> int | None:
        """The seed typed (None: random); call only when `problem` is empty."""
        return parse_seed(self.value)
