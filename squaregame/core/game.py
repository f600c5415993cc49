"""What every game offers: its positions, its moves and the value of every position.

A game is built from a :class:`~squaregame.core.spec.GameSpec` with
``spec.build(tables)``; its kind (:mod:`squaregame.core.kinds`) knows how its positions are
written and read. Nothing here is prose: moves are :class:`~squaregame.core.types.Move`
values and errors carry catalog keys; :mod:`squaregame.text.games` writes the words.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from squaregame.core.errors import PositionError
from squaregame.core.moves import Run, analysis_of, runs_of
from squaregame.core.types import Analysis, Move, PositionInfo

if TYPE_CHECKING:
    from squaregame.core.kinds.base import GameKind
    from squaregame.core.piles.periodic import Periodicity
    from squaregame.core.rules import Rule
    from squaregame.core.spec import GameSpec
    from squaregame.core.tables import Tables

P = TypeVar("P")
Progress = Callable[[float], None]


class Game(ABC, Generic[P]):
    """A game: its positions, its moves and the value of every position."""

    misere: bool
    tables: Tables
    _kind: GameKind | None = None

    # -- what kind of game -------------------------------------------------------------
    @property
    def kind(self) -> GameKind:
        """The registry entry this game was built from (found from the rules if built bare)."""
        if self._kind is None:
            self._kind = self._default_kind()
        return self._kind

    @abstractmethod
    def _default_kind(self) -> GameKind: ...

    @abstractmethod
    def rule_objects(self) -> tuple[Rule, ...]:
        """The rules the game is played with (one per pile; none for Wythoff)."""

    def rule_keys(self) -> tuple[str, ...]:
        return tuple(r.key for r in self.rule_objects())

    @property
    def spec(self) -> GameSpec:
        """The game as a spec (without a start position)."""
        from squaregame.core.spec import GameSpec

        return GameSpec(self.kind.key, self.rule_keys(), self.misere)

    # -- positions ---------------------------------------------------------------------
    @abstractmethod
    def parse_position(self, values: Sequence[int], *, progress: Progress | None = None) -> P:
        """Check a position given as integers; raise :class:`PositionError` if it is not one,
        or :class:`TableLimitError` if it is beyond reach. May build a table (``progress``
        hears about it) where that is the only way to know."""

    def prepare(self, pos: P, progress: Progress | None = None) -> None:
        """Build whatever answering ``pos`` needs now, reporting a long build to ``progress``."""

    def position_json(self, pos: P) -> Any:
        return self.kind.position_json(pos)

    def position_values(self, pos: P) -> tuple[int, ...]:
        return self.kind.position_values(pos)

    def rule_json(self) -> Any:
        return self.kind.rule_json(self.rule_keys())

    # -- moves and values --------------------------------------------------------------
    @abstractmethod
    def children(self, pos: P) -> list[P]: ...

    @abstractmethod
    def info(self, pos: P) -> PositionInfo: ...

    def child_info(self, parent: P, child: P) -> PositionInfo:
        """The value of ``child`` (a game may answer faster knowing the parent)."""
        return self.info(child)

    @abstractmethod
    def move(self, pos: P, to: P) -> Move[P]:
        """The move from ``pos`` to ``to`` as a value (``to`` is assumed legal)."""

    def check_move(self, pos: P, to: P) -> Move[P]:
        """The move from ``pos`` to ``to``, or a :class:`PositionError` saying why it is none."""
        if to not in self.children(pos):
            raise PositionError("errors.unreachable", position=str(self.position_json(to)))
        return self.move(pos, to)

    def best_moves(self, pos: P) -> list[P]:
        """Where a perfect player moves from ``pos`` (any of them, at random)."""
        return [m.to for m in self.analyze(pos).best_moves()]

    def analyze(self, pos: P, cap: int | None = None) -> Analysis[P]:
        """The value of ``pos`` and of its moves: all of them, or past ``cap`` (default
        :data:`~squaregame.core.moves.MAX_LISTED_MOVES`) the ones that matter and a count
        of the rest (:mod:`squaregame.core.moves`)."""
        return analysis_of(pos, self.info(pos), self.move_runs(pos), cap)

    def move_runs(self, pos: P) -> list[Run[P]]:
        """The moves of ``pos`` in order, as runs of one line and one value. By default every
        child is valued; a game whose moves can be very many says it without listing them."""
        return runs_of(
            (self.move_line(pos, c), c, self.child_info(pos, c)) for c in self.children(pos)
        )

    def move_line(self, pos: P, to: P) -> int:
        """Which line a move belongs to: its pile (0 for one pile); the queen's direction."""
        pile = self.move(pos, to).pile
        return 0 if pile is None else pile

    def move_count(self, pos: P) -> int:
        """How many legal moves ``pos`` has (counted, not listed, where that is possible)."""
        return len(self.children(pos))

    def move_target(self, pos: P, k: int) -> P:
        """Where the ``k``-th legal move leads (in the order of :meth:`children`)."""
        return self.children(pos)[k]

    def grundy_known_upto(self, pos: P) -> int | None:
        """Where ``pos`` has no Grundy value only because none is computed that far (the
        value exists in normal play): the limit it is known up to (a pile size, or a
        Wythoff board's side). None otherwise (known, or misère play: no Grundy value)."""
        return None

    def is_terminal(self, pos: P) -> bool:
        return self.kind.is_terminal(self.rule_objects(), pos)

    def periodicity(self) -> Periodicity | None:
        """What is proven about the periods of the values (finite subtraction sets)."""
        return None


def check_natural(value: int, key: str, **where: Any) -> int:
    """``value`` if it is not negative, else a :class:`PositionError` with ``key``."""
    if value < 0:
        raise PositionError(key, value=value, **where)
    return value
