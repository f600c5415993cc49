"""Sums of piles: one rule per pile — given once for all piles, or once per pile."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import MAX_PILES, GameError, PositionError
from squaregame.core.kinds.base import MISERE, GameKind, Notation, Param, ParamType, Values
from squaregame.core.rules import SQUARES, Rule

if TYPE_CHECKING:
    from squaregame.core.game import Game
    from squaregame.core.tables import Tables

PILES = Param(
    "position",
    ParamType.NUMBERS,
    key="piles",
    count=(1, MAX_PILES),
    minimum=0,
    metavar="PILE",
    example="5 7 10",
)
DEFAULT_PILES = 3  # a sum given neither piles nor rules: three Squares piles
PILE_RULES = Param(
    "rule", ParamType.RULES, flag="--rule", count=(0, MAX_PILES), metavar="R", example="squares"
)

SUM_MOVE = Param("move", ParamType.NUMBERS, key="sum_move", count=(1, 2), metavar="[PILE] AMOUNT")


def expand_rules(rules: tuple[Rule, ...], piles: int) -> tuple[Rule, ...]:
    """One rule for all piles, or one per pile (none given: Squares on every pile)."""
    if not rules:
        return (SQUARES,) * piles
    if len(rules) == 1:
        return rules * piles
    if len(rules) == piles:
        return rules
    raise GameError("errors.sum_rule_count", piles=piles, count=len(rules))


def check_piles(position: Values) -> Values:
    from squaregame.core.sum_game import check_pile_count

    check_pile_count(len(position))
    for i, v in enumerate(position):
        if v < 0:
            raise PositionError("errors.negative_pile", pile=i + 1, value=v)
    return position


class SumKind(GameKind):
    key = "sum"
    aliases = ("sums", "piles")
    notation = Notation.PILES
    params = (PILES, PILE_RULES, MISERE)

    def normalize(
        self, rules: tuple[Rule, ...], position: Values | None
    ) -> tuple[tuple[Rule, ...], Values | None]:
        if position is not None:
            return expand_rules(rules, len(check_piles(position))), position
        if not rules:
            return (SQUARES,) * DEFAULT_PILES, None
        from squaregame.core.sum_game import check_pile_count

        check_pile_count(len(rules))
        return rules, None

    def build(self, rules: tuple[Rule, ...], misere: bool, tables: Tables) -> Game[Any]:
        from squaregame.core.sum_game import SumGame

        return SumGame(rules, misere, tables, kind=self)

    def random_position(self, rules: tuple[Rule, ...], rng: random.Random) -> Values:
        return tuple(rng.randint(1, 30) for _ in rules)

    def is_terminal(self, rules: Sequence[Rule], pos: Any) -> bool:
        return all(next(iter(r.amounts(n)), None) is None for r, n in zip(rules, pos, strict=True))

    def rule_json(self, rule_keys: tuple[str, ...]) -> Any:
        return list(rule_keys)

    def position_values(self, pos: Any) -> Values:
        return tuple(int(v) for v in pos)

    def position_from_values(self, values: Values) -> tuple[int, ...]:
        return tuple(values)

    def position_json(self, pos: Any) -> list[int]:
        return [int(v) for v in pos]

    def position_from_json(self, raw: Any) -> Values:
        if not isinstance(raw, list):
            raise PositionError("errors.bad_position_json", text=repr(raw)[:20])
        return super().position_from_json(raw)

    def table_dims(self, rule_count: int) -> int:
        return max(2, rule_count)

    def coordinate_names(self, dims: int) -> list[str]:
        return [f"pile{i + 1}" for i in range(dims)]

    def move_from_text(
        self, game: Game[Any], pos: Any, text: str, *, pile: int | None = None
    ) -> tuple[int, ...]:
        """``"2 4"``: take 4 from pile 2; ``"4"``: take 4 from ``pile`` (0-based)."""
        from squaregame.core.sum_game import SumGame

        assert isinstance(game, SumGame)
        values = SUM_MOVE.parse_numbers(text)
        if len(values) > 2:
            raise GameError("errors.type_sum_move")
        if len(values) == 2:
            chosen, amount = values[0] - 1, values[1]
        else:
            chosen, amount = (pile or 0), values[0]
        return game.take(pos, chosen, amount)
