"""The Textual interface: app, screens, widgets. Draws game state, computes nothing heavy."""
