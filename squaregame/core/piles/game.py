"""One pile: Squares, Nim, or any other subtraction rule. A position is an ``int``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from squaregame.core.errors import PositionError
from squaregame.core.game import Game, Progress, check_natural
from squaregame.core.moves import Run
from squaregame.core.piles.store import TableStore
from squaregame.core.rules import Rule
from squaregame.core.tables import Tables
from squaregame.core.types import Move, MoveShape, PositionInfo
from squaregame.core.values import PileValues

if TYPE_CHECKING:
    from squaregame.core.kinds.base import GameKind
    from squaregame.core.piles.periodic import Periodicity


def tables_of(tables: Tables | TableStore | None) -> Tables:
    """The given tables; a bare store is wrapped; nothing given: tables of the game's own
    (built with a spec, a game shares its caller's tables: see ``GameSpec.build``)."""
    if isinstance(tables, Tables):
        return tables
    return Tables(store=tables)


class PileGame(Game[int]):
    def __init__(
        self,
        rule: Rule,
        misere: bool = False,
        tables: Tables | TableStore | None = None,
        *,
        kind: GameKind | None = None,
        store: TableStore | None = None,
    ) -> None:
        self.rule = rule
        self.misere = misere
        self.tables = tables_of(tables if tables is not None else store)
        self.store = self.tables.store
        self._kind = kind
        self._values: PileValues | None = None

    def _default_kind(self) -> GameKind:
        from squaregame.core.kinds import kind_for_rule

        return kind_for_rule(self.rule)

    def rule_objects(self) -> tuple[Rule, ...]:
        return (self.rule,)

    def values(self, need: int, progress: Progress | None = None) -> PileValues:
        v = self._values
        if v is None or not v.covers(need):
            v = self.store.values(self.rule, self.misere, need, progress)
            self._values = v
        return v

    def parse_position(self, values: Sequence[int], *, progress: Progress | None = None) -> int:
        self.kind.position_param.check_count(self.kind.key, len(values))
        n = check_natural(values[0], "errors.negative_number")
        self.values(n, progress)  # raises TableLimitError when out of reach
        return n

    def prepare(self, pos: int, progress: Progress | None = None) -> None:
        self.values(pos, progress)

    def children(self, pos: int) -> list[int]:
        return self.rule.children(pos)

    def move_runs(self, pos: int) -> list[Run[int]]:
        """Any amount may be taken (Nim): the children are 0..pos−1, valued by pieces of equal
        value from the closed form (two or three runs, whatever ``pos``), never one by one."""
        if self.rule.is_any_amount:
            values = self.values(pos)
            pieces = values.constant_below(pos)
            if pieces is not None:  # equal outcome and remoteness; the Grundy value is m
                return [_piece(values, lo, hi) for lo, hi in pieces]
        return super().move_runs(pos)

    def move_count(self, pos: int) -> int:
        return self.rule.count_amounts(pos)

    def move_target(self, pos: int, k: int) -> int:
        return pos - self.rule.amount_at(pos, k)

    def info(self, pos: int) -> PositionInfo:
        return self.values(pos).info(pos)

    def grundy_known_upto(self, pos: int) -> int | None:
        if self.misere or self.info(pos).grundy is not None:
            return None
        return self.rule.grundy_known_upto(self.store)

    def amount(self, pos: int, to: int) -> int:
        return pos - to

    def move(self, pos: int, to: int) -> Move[int]:
        return Move(pos, to, MoveShape.TAKE, amount=pos - to)

    def check_move(self, pos: int, to: int) -> Move[int]:
        return self.move(pos, self.apply_amount(pos, pos - to))

    def apply_amount(self, pos: int, amount: int) -> int:
        """The position after taking ``amount``; an illegal amount is a :class:`PositionError`."""
        if amount <= 0:
            raise PositionError("errors.take_positive")
        if amount > pos:
            raise PositionError("errors.take_too_many", amount=amount, size=pos)
        if not self.rule.allows(pos, amount):
            raise PositionError("errors.not_in_rule", amount=amount, rule=self.rule)
        return pos - amount

    def periodicity(self) -> Periodicity | None:
        return self.store.periodic(self.rule, self.misere)


def _piece(values: PileValues, lo: int, hi: int) -> Run[int]:
    """The moves to ``hi``, ``hi − 1``, …, ``lo`` (growing amounts), of one value."""

    def target(k: int) -> int:
        return hi - k

    return Run(0, hi - lo + 1, target, values.info(lo), lambda k: values.info(hi - k))
