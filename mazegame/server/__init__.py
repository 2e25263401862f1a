"""`mazegame host`: rooms of players on other computers (being built: issue 39)."""
