"""One pile under one rule (Squares, Nim, a finite set …). A position is an ``int``."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice
from typing import TYPE_CHECKING

from squaregame.core.errors import GameError, PositionError
from squaregame.core.game import Game, GameKind, Progress, check_natural
from squaregame.core.moves import Run
from squaregame.core.numbers import GROUP_MARKS, VALUE_MARKS, one_gap, read_whole
from squaregame.core.piles.pile import Pile
from squaregame.core.types import Move, PositionInfo
from squaregame.core.values import PileValues

if TYPE_CHECKING:
    from squaregame.core.piles.periodic import Periodicity
    from squaregame.core.rules.base import Rule
    from squaregame.core.tables import Tables

TAKE = "take"  # the one shape of its moves: pile.move.take
PILE_VALUE_COST = 600  # a size's value from its table, with its move: about 6 µs


class PileGame(Game[int]):
    def __init__(self, kind: GameKind, rule: Rule, misere: bool, tables: Tables) -> None:
        super().__init__(kind, (rule,), misere, tables)
        self.rule = rule
        self.pile = Pile(rule, misere, tables)
        self.store = self.pile.store

    def values(self, need: int, progress: Progress | None = None) -> PileValues:
        return self.pile.values(need, progress)

    def parse_position(self, values: Sequence[int], *, progress: Progress | None = None) -> int:
        self.kind.position_param.check_count(self.kind.key, len(values))
        n = check_natural(values[0], "errors.negative_number")
        self.values(n, progress)  # raises TableLimitError when out of reach
        return n

    def prepare(self, pos: int, progress: Progress | None = None) -> None:
        self.values(pos, progress)

    def slow_to_open(self, pos: int) -> bool:
        return self.pile.slow(pos)

    @property
    def dimensions(self) -> int:
        return 1

    @property
    def knows_best_moves(self) -> bool:  # type: ignore[override]
        return self.rule.is_any_amount  # Nim: a closed form, never every move valued

    def children(self, pos: int) -> list[int]:
        return self.rule.children(pos)

    def is_terminal(self, pos: int) -> bool:
        return self.pile.is_terminal(pos)

    def move_runs(self, pos: int) -> list[Run[int]]:
        """Any amount may be taken (Nim): the children are 0..pos−1, valued by pieces of equal
        value from the closed form (two or three runs, whatever ``pos``), never one by one."""
        runs = self.pile.move_runs(pos)
        return super().move_runs(pos) if runs is None else runs

    def move_count(self, pos: int) -> int:
        return self.rule.count_amounts(pos)

    def reach(self, pos: int) -> tuple[int, int]:
        """Sizes 0..``pos``; a smaller pile allows a subset of the amounts (each at most its
        size, under the same rule), so no size has more moves than ``pos``."""
        return pos + 1, self.rule.count_amounts(pos)

    def move_target(self, pos: int, k: int) -> int:
        return pos - self.rule.amount_at(pos, k)

    def info(self, pos: int) -> PositionInfo:
        return self.pile.info(pos)

    def value_cost(self, pos: int) -> int:
        return PILE_VALUE_COST

    def values_upto(self, upto: int) -> list[PositionInfo]:
        return self.values(upto).infos(upto)

    def table_cost(self, pos: int) -> int:
        return self.values(pos).bulk_cost

    def grundy_known_upto(self, pos: int) -> int | None:
        return self.pile.grundy_known_upto(pos)

    def move(self, pos: int, to: int) -> Move[int]:
        return Move(pos, to, TAKE, amount=pos - to)

    def check_move(self, pos: int, to: int) -> Move[int]:
        return self.move(pos, self.pile.take(pos, pos - to))

    def move_from_text(self, pos: int, text: str, *, pile: int | None = None) -> int:
        """An amount to take: refused, in the rule's words, unless the rule allows it."""
        t = text.strip()
        try:  # "1000", "1,000", "1 000": the one reader of numbers
            amount = read_whole(one_gap(t), GROUP_MARKS + VALUE_MARKS)
        except GameError:
            examples = ", ".join(map(str, islice(self.rule.amounts(10**6), 3)))
            raise PositionError("errors.not_an_amount", text=t[:20], examples=examples) from None
        return self.pile.take(pos, amount)

    def typed_move(self, pos: int, to: int) -> str:
        return str(pos - to)  # the amount taken

    def periodicity(self) -> Periodicity | None:
        return self.pile.periodicity()

    def cold_below(self, n: int) -> list[int]:
        return self.values(max(n - 1, 0)).cold_below(n)
