"""Value types shared by every game: outcomes, position information, analyses, errors."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

P = TypeVar("P")


class Outcome(Enum):
    """The value of a position for the player to move."""

    HOT = "hot"  # the player to move wins (an N-position)
    COLD = "cold"  # the player to move loses (a P-position)

    @property
    def symbol(self) -> str:
        """A mark that does not rely on colour: a happy face wins, a sad face loses."""
        return "☺" if self is Outcome.HOT else "☹"

    @property
    def is_hot(self) -> bool:
        return self is Outcome.HOT


@dataclass(frozen=True, slots=True)
class PositionInfo:
    """What the tables say about one position."""

    outcome: Outcome
    remoteness: int
    remoteness_exact: bool = True
    grundy: int | None = None


@dataclass(frozen=True, slots=True)
class MoveInfo(Generic[P]):
    """One legal move: where it leads and the value there (for the player then to move)."""

    to: P
    info: PositionInfo

    @property
    def wins(self) -> bool:
        """A move wins when it leaves the opponent a cold position."""
        return self.info.outcome is Outcome.COLD


@dataclass(frozen=True, slots=True)
class Analysis(Generic[P]):
    """A position, its value and every move from it."""

    position: P
    info: PositionInfo
    moves: tuple[MoveInfo[P], ...]

    @property
    def winning_moves(self) -> tuple[MoveInfo[P], ...]:
        return tuple(m for m in self.moves if m.wins)

    def best_moves(self) -> tuple[MoveInfo[P], ...]:
        """The moves a perfect player chooses among (at random).

        From a hot position: the cold children of least remoteness (win fastest). From a
        cold position: the children of greatest remoteness (delay the loss longest).
        """
        if not self.moves:
            return ()
        if self.info.outcome is Outcome.HOT:
            wins = self.winning_moves
            least = min(m.info.remoteness for m in wins)
            return tuple(m for m in wins if m.info.remoteness == least)
        most = max(m.info.remoteness for m in self.moves)
        return tuple(m for m in self.moves if m.info.remoteness == most)


class GameError(ValueError):
    """Bad input from a user: a message fit to show them as it is."""


class RuleError(GameError):
    """A subtraction rule that cannot be used."""


class PositionError(GameError):
    """A position that does not exist in the game, or an illegal move."""


class TableLimitError(GameError):
    """The position lies beyond what can be computed right now; the message says how to go on."""
