"""squaregame: impartial combinatorial games against a perfect opponent, in the terminal."""

__version__ = "1.0.0"
