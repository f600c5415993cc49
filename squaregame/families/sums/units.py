"""The parts of a sum of games of several kinds, each as the sum plays it (:class:`Unit`):
a pile under a rule (:class:`PileUnit`, read from its table), or a game of another kind
(:class:`GameUnit`, built from its :class:`~squaregame.core.parts.Part` through its kind:
the sum never asks which kind it is).

A unit answers for its part alone: its positions and moves, its values in normal play (its
Grundy value and remoteness, for the nim-sum and the bounds), its values under the sum's
convention (for a sum in which it alone can still move), and what an exact search of it
may meet (:meth:`Unit.reach`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import PositionError
from squaregame.core.moves import Run, analysis_of, runs_of
from squaregame.core.numbers import GROUP_MARKS, VALUE_MARKS, one_gap, read_whole
from squaregame.core.parts import Part
from squaregame.core.piles.pile import Pile
from squaregame.core.rules import Rule
from squaregame.core.sums.genus import TamePair
from squaregame.core.types import Analysis, Move, PositionInfo

if TYPE_CHECKING:
    from squaregame.core.game import Game, Progress
    from squaregame.core.tables import Tables

Values = tuple[int, ...]
TAKE, PART = "take", "part"  # the shapes of a sum's moves: sums.move.take, sums.move.part


class Unit(ABC):
    """One part of a sum, at the ``index``-th place, as the sum plays it."""

    def __init__(self, index: int, misere: bool) -> None:
        self.index = index
        self.misere = misere

    @abstractmethod
    def parse(self, values: Values, progress: Progress | None = None) -> Any:
        """Its position from its numbers, checked (and its tables built, as far as asked)."""

    @abstractmethod
    def values(self, pos: Any) -> Values: ...

    @abstractmethod
    def from_values(self, values: Values) -> Any: ...

    @abstractmethod
    def children(self, pos: Any) -> list[Any]: ...

    @abstractmethod
    def move_count(self, pos: Any) -> int: ...

    @abstractmethod
    def move_target(self, pos: Any, k: int) -> Any: ...

    @abstractmethod
    def is_terminal(self, pos: Any) -> bool: ...

    @abstractmethod
    def info(self, pos: Any) -> PositionInfo:
        """Its value alone in normal play (its Grundy value, where known)."""

    def grundy_past_reach(self, values: Values) -> bool:
        """Would :meth:`info` build a table only to give no Grundy value at the position of
        ``values`` (read or not)? Told without building anything; False says only "ask
        :meth:`info`"."""
        return False

    @abstractmethod
    def own_info(self, pos: Any) -> PositionInfo:
        """Its value alone under the sum's convention (normal or misère play)."""

    @abstractmethod
    def own_runs(self, pos: Any) -> list[Run[Any]]:
        """Its moves alone, valued under the sum's convention."""

    @abstractmethod
    def reach(self, pos: Any) -> tuple[int, int] | None:
        """At most how many positions an exact search from ``pos`` meets, and at most how
        many moves each has (None: not known)."""

    @abstractmethod
    def shortest(self, pos: Any) -> int:
        """A proven lower bound on the moves of every play of it alone from ``pos`` (0 at a
        terminal position, at least 1 elsewhere: a play ends only when it is over)."""

    @abstractmethod
    def winning_children(self, pos: Any, grundy: int, scan: int) -> list[Any]:
        """Some children of Grundy value ``grundy`` (normal play): all of a pile's, found
        from its values; a game's among its moves if it has at most ``scan`` of them."""

    def own_analysis(self, pos: Any, cap: int) -> Analysis[Any]:
        """Its analysis alone under the sum's convention, at most ``cap`` moves listed."""
        return analysis_of(pos, self.own_info(pos), self.own_runs(pos), cap)

    def grundy_moves(self, pos: Any, grundy: int, most: int) -> tuple[int, list[int]] | None:
        """How many moves lead to value ``grundy`` (normal play) and the indices of the
        first ``most``, counted without valuing each move (None: it cannot say)."""
        return None

    @abstractmethod
    def prepare(self, pos: Any, progress: Progress | None = None) -> None: ...

    @abstractmethod
    def slow(self, pos: Any) -> bool: ...

    @abstractmethod
    def grundy_known_upto(self, pos: Any) -> int | None: ...

    @abstractmethod
    def move(self, source: Any, target: Any, pos: Any, to: Any) -> Move[Any]:
        """The sum's move from ``source`` to ``target`` (whole sums), made in this part from
        ``pos`` to ``to``."""

    @abstractmethod
    def move_from_text(self, pos: Any, text: str) -> Any:
        """Where a move typed for this part leads (checked)."""

    @abstractmethod
    def typed_move(self, pos: Any, to: Any) -> str:
        """What to type for a move of this part (what :meth:`move_from_text` reads)."""

    @abstractmethod
    def check_move(self, pos: Any, to: Any) -> None:
        """A :class:`PositionError` unless one move of this part leads from ``pos`` to ``to``."""

    def tame_pair(self, pos: Any) -> TamePair | None:
        """Its normal value and whether it is fickle, where it is proven tame
        (core/sums/genus.py); None otherwise."""
        return None

    def misere_quotient(self) -> tuple[dict[str, Any], str] | None:
        """The proven misère quotient its game used in the sum's misère play (None: none)."""
        return None


class PileUnit(Unit):
    """A pile under a rule of the rule registry: its values from its table (and formulas)."""

    def __init__(self, index: int, rule: Rule, misere: bool, tables: Tables) -> None:
        super().__init__(index, misere)
        self.rule = rule
        self.normal = Pile(rule, False, tables)
        self.own = Pile(rule, True, tables) if misere else self.normal

    def parse(self, values: Values, progress: Progress | None = None) -> int:
        n = values[0]  # (one number: split_values gave it)
        if n < 0:
            raise PositionError("sums.errors.negative_pile", pile=self.index + 1, value=n)
        self.own.values(n, progress)  # a TableLimitError when out of reach
        return n

    def values(self, pos: int) -> Values:
        return (pos,)

    def from_values(self, values: Values) -> int:
        return values[0]

    def children(self, pos: int) -> list[int]:
        return self.rule.children(pos)

    def move_count(self, pos: int) -> int:
        return self.rule.count_amounts(pos)

    def move_target(self, pos: int, k: int) -> int:
        return pos - self.rule.amount_at(pos, k)

    def is_terminal(self, pos: int) -> bool:
        return self.own.is_terminal(pos)

    def info(self, pos: int) -> PositionInfo:
        return self.normal.info(pos)

    def grundy_past_reach(self, values: Values) -> bool:
        return self.normal.grundy_past_reach(values[0])  # (its proof: core/piles/pile.py)

    def tame_pair(self, pos: int) -> TamePair | None:
        """Every rule is a subtraction game: fickle exactly when g ≤ 1 (genus.py)."""
        g = self.normal.info(pos).grundy
        return None if g is None else TamePair(g, g <= 1)

    def own_info(self, pos: int) -> PositionInfo:
        return self.own.info(pos)

    def own_runs(self, pos: int) -> list[Run[Any]]:
        runs = self.own.move_runs(pos)
        if runs is not None:
            return list(runs)
        return runs_of((0, c, self.own.info(c)) for c in self.children(pos))

    def reach(self, pos: int) -> tuple[int, int]:
        """Sizes 0..``pos``; a smaller pile allows a subset of the amounts (each at most
        its size, the rule the same), so never more moves than ``pos`` has."""
        return pos + 1, self.rule.count_amounts(pos)

    def shortest(self, pos: int) -> int:
        return self.rule.shortest_play(pos)

    def longest(self, pos: int) -> int:
        return self.rule.longest_play(pos)

    def winning_children(self, pos: int, grundy: int, scan: int) -> list[Any]:
        return list(self.normal.grundy_moves(pos, grundy))

    def prepare(self, pos: int, progress: Progress | None = None) -> None:
        self.own.values(pos, progress)

    def slow(self, pos: int) -> bool:
        return self.own.slow(pos)

    def grundy_known_upto(self, pos: int) -> int | None:
        return self.normal.grundy_known_upto(pos)

    def move(self, source: Any, target: Any, pos: int, to: int) -> Move[Any]:
        return Move(source, target, TAKE, amount=pos - to, pile=self.index)

    def move_from_text(self, pos: int, text: str) -> int:
        return self.take(pos, read_whole(one_gap(text), GROUP_MARKS + VALUE_MARKS))

    def typed_move(self, pos: int, to: int) -> str:
        return str(pos - to)

    def check_move(self, pos: int, to: int) -> None:
        self.take(pos, pos - to)

    def take(self, pos: int, amount: int) -> int:
        """The size after taking ``amount``, or why that is illegal."""
        if not 0 < amount <= pos:
            raise PositionError(
                "sums.errors.take_from_pile", amount=amount, pile=self.index + 1, size=pos
            )
        if not self.rule.allows(pos, amount):
            raise PositionError(
                "sums.errors.not_in_pile_rule", amount=amount, pile=self.index + 1, rule=self.rule
            )
        return pos - amount


class GameUnit(Unit):
    """A game of another kind, built from its part's spec: the normal-play game answers its
    moves and values, the misère one (built when first asked for) its values in a misère
    sum in which it alone can still move."""

    def __init__(self, index: int, part: Part, misere: bool, tables: Tables) -> None:
        super().__init__(index, misere)
        self.part = part
        self.kind = part.kind
        self.tables = tables
        self.normal: Game[Any] = part.spec().build(tables)

    @cached_property
    def own(self) -> Game[Any]:
        return self.part.spec(True).build(self.tables) if self.misere else self.normal

    def parse(self, values: Values, progress: Progress | None = None) -> Any:
        """Checked as the game checks a start; and a lone 0 where the game writes so a
        position it reads (Kayles with no row left, which no start may be)."""
        if any(v < 0 for v in values):
            raise PositionError("sums.errors.negative_pile", pile=self.index + 1, value=min(values))
        try:
            return self.normal.parse_position(values, progress=progress)
        except PositionError:
            if values != (0,) or self.part.count is not None:
                raise
            pos = self.kind.position_from_values(values)
            if tuple(self.normal.position_values(pos)) != values:
                raise
            return pos

    def values(self, pos: Any) -> Values:
        return tuple(self.normal.position_values(pos))

    def from_values(self, values: Values) -> Any:
        return self.kind.position_from_values(values)

    def children(self, pos: Any) -> list[Any]:
        return self.normal.children(pos)

    def move_count(self, pos: Any) -> int:
        return self.normal.move_count(pos)

    def move_target(self, pos: Any, k: int) -> Any:
        return self.normal.move_target(pos, k)

    def is_terminal(self, pos: Any) -> bool:
        return self.normal.is_terminal(pos)

    def info(self, pos: Any) -> PositionInfo:
        return self.normal.info(pos)

    def tame_pair(self, pos: Any) -> TamePair | None:
        return self.normal.tame_pair(pos)

    def own_info(self, pos: Any) -> PositionInfo:
        return self.own.info(pos)

    def misere_quotient(self) -> tuple[dict[str, Any], str] | None:
        return self.own.misere_quotient() if self.misere else None

    def own_runs(self, pos: Any) -> list[Run[Any]]:
        return self.own.move_runs(pos)

    def reach(self, pos: Any) -> tuple[int, int] | None:
        return self.normal.reach(pos)

    def shortest(self, pos: Any) -> int:
        return 0 if self.is_terminal(pos) else 1

    def winning_children(self, pos: Any, grundy: int, scan: int) -> list[Any]:
        if self.move_count(pos) > scan:
            return []
        return [c for c in self.children(pos) if self.info(c).grundy == grundy]

    def own_analysis(self, pos: Any, cap: int) -> Analysis[Any]:
        return self.own.analyze(pos, cap)  # (a long row: counted by its game)

    def grundy_moves(self, pos: Any, grundy: int, most: int) -> tuple[int, list[int]] | None:
        return self.normal.grundy_moves(pos, grundy, most)

    def prepare(self, pos: Any, progress: Progress | None = None) -> None:
        if not self.normal.is_terminal(pos):
            self.normal.prepare(pos, progress)

    def slow(self, pos: Any) -> bool:
        return self.normal.slow_to_open(pos)

    def grundy_known_upto(self, pos: Any) -> int | None:
        return self.normal.grundy_known_upto(pos)

    def move(self, source: Any, target: Any, pos: Any, to: Any) -> Move[Any]:
        own = self.normal.move(pos, to)
        return Move(source, target, PART, pile=self.index, within=(self.kind, own))

    def move_from_text(self, pos: Any, text: str) -> Any:
        return self.normal.move_from_text(pos, text)

    def typed_move(self, pos: Any, to: Any) -> str:
        return self.normal.typed_move(pos, to)

    def check_move(self, pos: Any, to: Any) -> None:
        self.normal.check_move(pos, to)


def units_of(rules: Sequence[Any], misere: bool, tables: Tables) -> tuple[Unit, ...]:
    """Each part of a sum as a unit: a pile's rule, or a game of any other kind."""
    return tuple(
        GameUnit(i, r, misere, tables) if isinstance(r, Part) else PileUnit(i, r, misere, tables)
        for i, r in enumerate(rules)
    )
