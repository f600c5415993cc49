"""A game being played: history, undo/redo, review, settings and saving. Never imports textual."""
