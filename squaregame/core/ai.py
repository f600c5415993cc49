"""The opponent: perfect play read from the tables, with fallible levels for learners.

Perfect play: from a hot position, move to a cold child of least remoteness (win as fast
as possible); from a cold position, move to a child of greatest remoteness (make the loss
last as long as possible). Ties are broken at random; a seed makes games reproducible.

The fallible levels play perfectly except that, with a fixed chance per move, they pick a
legal move uniformly at random — so a student can win, and then see why in the review.
(The random move is drawn by its index among all legal moves, as ``random.choice`` would
draw it, without listing them: a Nim pile of 10^18 has 10^18 moves.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, NamedTuple, TypeVar

from squaregame.core.errors import GameError

if TYPE_CHECKING:
    from squaregame.core.game import Game
    from squaregame.core.types import Analysis

P = TypeVar("P")


class Level(NamedTuple):  # (not a dataclass: a NamedTuple has no methods to compile at import)
    key: str
    name: str
    slip: float  # chance of a random move instead of the best one
    blurb: str


LEVELS: dict[str, Level] = {
    lv.key: lv
    for lv in (
        Level("perfect", "Perfect", 0.0, "never misses a win, defends as long as possible"),
        Level("strong", "Strong", 0.15, "plays perfectly except for an occasional slip"),
        Level("casual", "Casual", 0.4, "often finds the right move, often not"),
        Level("beginner", "Beginner", 0.75, "mostly plays at random"),
    )
}


def get_level(key: str) -> Level:
    try:
        return LEVELS[key]
    except KeyError:
        raise GameError("errors.unknown_level", name=key[:24], choices=", ".join(LEVELS)) from None


class Opponent(Generic[P]):
    """Chooses moves from an :class:`Analysis`."""

    def __init__(self, level: str | Level = "perfect", seed: int | None = None) -> None:
        self.level = level if isinstance(level, Level) else get_level(level)
        import random  # (a game against the opponent: not an answer's start)

        self.rng = random.Random(seed)

    def choose(self, analysis: Analysis[P]) -> P | None:
        """The position to move to, or ``None`` at a terminal position."""
        if not analysis.moves:
            return None
        if self.level.slip and self.rng.random() < self.level.slip:  # any legal move, listed or not
            return analysis.target_at(self.rng.randrange(analysis.move_count))
        return self.rng.choice(analysis.best_moves()).to

    def move(self, game: Game[P], pos: P) -> P | None:
        """The same choice, without analysing every move when the game knows a shortcut."""
        best = game.best_moves(pos)
        if not best:
            return None
        if self.level.slip and self.rng.random() < self.level.slip:  # never lists the moves
            return game.move_target(pos, self.rng.randrange(game.move_count(pos)))
        return self.rng.choice(best)


def perfect_choice(analysis: Analysis[P], seed: int | None = None) -> P | None:
    """The perfect opponent's move from ``analysis.position`` (None when no move is left):
    with a ``seed``, the one ``Opponent("perfect", seed=seed)`` draws among the best moves;
    without, the first of them in the order of the moves, the same every time (the move
    ``squaregame analyze`` names, and the Python API's ``best_move()``)."""
    if seed is None:
        best = analysis.best_moves()
        return best[0].to if best else None
    return Opponent[P]("perfect", seed=seed).choose(analysis)
