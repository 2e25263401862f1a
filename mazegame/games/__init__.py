"""Game rules as plain state machines: no Textual, fully unit-testable."""
