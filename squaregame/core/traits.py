"""What a kind of game is, declared once by its family: the shape of its positions, whether
it is a sum, whether its parts may be games of any kind.

Shared code (the lessons, the worksheets, the registry of kinds, the dialog) reads these
declarations instead of asking a game questions whose answers act as type tags ("does it
have summands? a fixed number of dimensions?"), so a family it has never heard of is
treated by what it says it is (OpenSpiel's ``GameType``: capabilities declared, not
probed). A kind declares :attr:`~squaregame.core.game.GameKind.traits`; a kind whose games
differ by their rules (a sum of piles, or of parts of several kinds) says so in
:meth:`~squaregame.core.game.GameKind.traits_for`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Shape(Enum):
    """What a position is, as numbers."""

    NUMBER = "number"  # one whole number: a pile (Squares 75)
    SQUARE = "square"  # a square of a board, two numbers (the queen at (7,9))
    NUMBERS = "numbers"  # numbers side by side, as many as it began with (piles of a sum)
    ROWS = "rows"  # rows that may split: each number a position of the game alone
    PARTS = "parts"  # parts of any kinds one after the other (squaregame.core.parts)


@dataclass(frozen=True)
class Traits:
    """``sum``: a move is made in one of its parts (piles, rows or games), so its Grundy
    value in normal play is the nim-sum of theirs (Sprague–Grundy). ``parts``: its parts
    may be games of any kind, written ``NAME:POSITION`` (``wythoff:3,5``)."""

    shape: Shape
    sum: bool = False
    parts: bool = False

    @property
    def sum_of_piles(self) -> bool:
        """A sum of piles, one number each (a move takes from one pile)."""
        return self.sum and self.shape is Shape.NUMBERS

    @property
    def sum_of_rows(self) -> bool:
        """Rows side by side, each a position of the game alone (a move in one row)."""
        return self.sum and self.shape is Shape.ROWS


ONE_NUMBER = Traits(Shape.NUMBER)
