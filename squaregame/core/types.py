"""Value types shared by every game: outcomes, position information, analyses (the errors
are in :mod:`squaregame.core.errors`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, NamedTuple, TypeVar

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


class PositionInfo(NamedTuple):
    """What the tables say about one position. (A NamedTuple rather than a dataclass: every
    command makes this class at start-up, and a NamedTuple has no methods to compile.)

    ``remoteness`` is the exact remoteness when ``remoteness_exact``; otherwise it is a
    *proven lower bound* and ``remoteness_upper`` a proven upper bound (``None``: no upper
    bound is known). Both bounds have the parity the outcome demands. Nothing may show an
    inexact remoteness as one number: :attr:`remoteness_lower` / :attr:`remoteness_upper`.
    """

    outcome: Outcome
    remoteness: int
    remoteness_exact: bool = True
    grundy: int | None = None
    remoteness_upper: int | None = None

    @property
    def remoteness_lower(self) -> int:
        return self.remoteness

    @property
    def upper(self) -> int | None:
        """The least proven upper bound: the remoteness itself when exact."""
        return self.remoteness if self.remoteness_exact else self.remoteness_upper


class MoveInfo(NamedTuple, Generic[P]):
    """One legal move: where it leads and the value there (for the player then to move)."""

    to: P
    info: PositionInfo

    @property
    def wins(self) -> bool:
        """A move wins when it leaves the opponent a cold position."""
        return self.info.outcome is Outcome.COLD


@dataclass(frozen=True, slots=True)
class MoveRange(Generic[P]):
    """Legal moves not listed in an :class:`Analysis`, written compactly.

    Every legal move of one ``line`` (a pile; a direction of the queen) from the one leading
    to ``first`` to the one leading to ``last`` (in the order of the moves: smallest amount
    first) that is *not* listed in ``Analysis.moves``: ``count`` of them, ``winning`` of which
    lead to a cold position. Their targets' remoteness lies in ``lower``..``upper``
    (``upper`` None: no upper bound known); ``exact``: every one is known exactly.
    """

    line: int
    first: P
    last: P
    count: int
    winning: int
    lower: int
    upper: int | None
    exact: bool

    @property
    def outcome(self) -> Outcome | None:
        """The outcome every move of the range leads to (None if they differ)."""
        if self.winning == self.count:
            return Outcome.COLD
        return Outcome.HOT if self.winning == 0 else None

    @property
    def remoteness(self) -> int | None:
        """The one exact remoteness every target has, if they share one."""
        return self.lower if self.exact and self.lower == self.upper else None


@dataclass(frozen=True, slots=True)
class MoveSummary(Generic[P]):
    """Every legal move, counted, when there are more than can be listed
    (:data:`squaregame.core.moves.MAX_LISTED_MOVES`)."""

    total: int  # legal moves
    winning: int  # ... that lead to a cold position
    ranges: tuple[MoveRange[P], ...]  # the moves not listed, compactly
    edges: tuple[P, ...]  # listed whatever their value: the first and last moves of every line
    target_at: Callable[[int], P] = field(compare=False, repr=False)  # k-th move's target

    @property
    def losing(self) -> int:
        return self.total - self.winning


class Analysis(NamedTuple, Generic[P]):
    """A position, its value and its moves: all of them, or when there are more than the cap
    (``summary`` is not None) the winning ones, the best ones and a few more, the rest
    counted in ``summary``."""

    position: P
    info: PositionInfo
    moves: tuple[MoveInfo[P], ...]
    summary: MoveSummary[P] | None = None

    @property
    def truncated(self) -> bool:
        """Are some legal moves left out of :attr:`moves` (and counted in :attr:`summary`)?"""
        return self.summary is not None

    @property
    def move_count(self) -> int:
        """How many legal moves there are, listed or not."""
        return len(self.moves) if self.summary is None else self.summary.total

    def target_at(self, k: int) -> P:
        """Where the ``k``-th legal move leads (0 ≤ k < :attr:`move_count`, in move order)."""
        if self.summary is None:
            return self.moves[k].to
        return self.summary.target_at(k)

    @property
    def winning_moves(self) -> tuple[MoveInfo[P], ...]:
        """The winning moves listed: all of them, unless there are more than the cap."""
        return tuple(m for m in self.moves if m.wins)

    def best_moves(self) -> tuple[MoveInfo[P], ...]:
        """The moves a perfect player chooses among (at random).

        From a hot position: the cold children of least remoteness (win fastest). From a
        cold position: the children of greatest remoteness (delay the loss longest). A
        truncated analysis lists these first, so they are always among :attr:`moves`.

        Where a child's remoteness is only bounded (beyond the exact budget) this is a
        heuristic on the proven bounds, with the outcome still exact: from hot, the winning
        moves of least upper bound (the fastest *guaranteed* finish), then least lower
        bound; from cold, the moves of greatest upper bound (no bound known: the lower
        one), then greatest lower bound (:func:`finish_key`, :func:`delay_key`). With exact
        values both are the definitions above. How often it picks an exact best move is
        measured in ``tests/measure_opponent.py``.
        """
        if not self.moves:
            return ()
        if self.info.outcome is Outcome.HOT:
            wins = self.winning_moves
            least = min(finish_key(m.info) for m in wins)
            return tuple(m for m in wins if finish_key(m.info) == least)
        most = max(delay_key(m.info) for m in self.moves)
        return tuple(m for m in self.moves if delay_key(m.info) == most)


def finish_key(info: PositionInfo) -> tuple[float, int]:
    """Smaller is a faster win (for the player moving there): the proven upper bound first."""
    upper = info.upper
    return (float("inf") if upper is None else upper, info.remoteness_lower)


def delay_key(info: PositionInfo) -> tuple[int, int]:
    """Larger is a longer defence: the proven upper bound (else the lower), then the lower."""
    upper = info.upper
    return (info.remoteness_lower if upper is None else upper, info.remoteness_lower)


class Move(NamedTuple, Generic[P]):
    """One move as a value: where it starts and ends, and what it did.

    ``shape`` names how the move reads: its words are ``<area>.move.<shape>`` in the
    catalogs of the game's family (``take``, ``left``, ``split`` …), so a family brings its
    own shapes with no change here. ``amount`` is what was taken (``None``: the move takes
    nothing), ``pile`` the 0-based pile or heap it was taken from (``None`` when there is
    only one), ``parts`` what that heap became when a move may split it (``(2, 4)``: two
    heaps of 2 and 4; ``None``: it was not split), ``steps`` how far a piece moved (a
    queen; ``None`` for a move of counters), ``within`` a move made inside one part of a
    sum of games of several kinds: that part's kind and its own move, worded by that kind's
    family; ``words`` values of the family's own that its words name besides these
    (``(("pile2", 3), ("amount2", 4))``: a move that takes from two piles). The text layer
    writes it.
    """

    source: P
    target: P
    shape: str
    amount: int | None = None
    pile: int | None = None
    parts: tuple[int, ...] | None = None
    steps: int | None = None
    within: tuple[Any, Move[Any]] | None = None
    words: tuple[tuple[str, Any], ...] = ()


class Message(NamedTuple):
    """Words to be written by the text layer: a catalog key and the values it needs."""

    key: str
    values: dict[str, Any]
