"""One screen per game mode, plus the menu, help and dialogs."""
