"""squaregame: impartial combinatorial games against a perfect opponent, in the terminal."""

__version__ = "0.1.0"
