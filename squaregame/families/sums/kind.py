"""Sums of piles: one rule per pile — given once for all piles, or once per pile."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import MAX_PILES, PositionError, RuleError
from squaregame.core.game import Game, GameKind
from squaregame.core.params import MISERE, Param, ParamType, Values
from squaregame.core.rules import SQUARES, Rule
from squaregame.families.sums.limits import check_pile_count

if TYPE_CHECKING:
    from squaregame.core.tables import Tables

AREA = "sums"  # its words: assets/i18n/<lang>/sums.toml
PILES = Param(
    "position",
    ParamType.NUMBERS,
    key="piles",
    area=AREA,
    count=(1, MAX_PILES),
    minimum=0,
    metavar="PILE",
    example="5 7 10",
)
DEFAULT_PILES = 3  # a sum given neither piles nor rules: three Squares piles
PILE_RULES = Param(
    "rule", ParamType.RULES, flag="--rule", count=(0, MAX_PILES), metavar="R", example="squares"
)


def expand_rules(rules: tuple[Rule, ...], piles: int) -> tuple[Rule, ...]:
    """One rule for all piles, or one per pile (none given: Squares on every pile)."""
    if not rules:
        return (SQUARES,) * piles
    if len(rules) == 1:
        return rules * piles
    if len(rules) == piles:
        return rules
    raise RuleError("sums.errors.rule_count", piles=piles, count=len(rules))


def check_piles(position: Values) -> Values:
    check_pile_count(len(position))
    for i, v in enumerate(position):
        if v < 0:
            raise PositionError("sums.errors.negative_pile", pile=i + 1, value=v)
    return position


class SumKind(GameKind):
    key = "sum"
    aliases = ("sums", "piles")
    area = AREA
    params = (PILES, PILE_RULES, MISERE)
    lesson_steps = frozenset({"sieve", "sumtable"})
    exercises = frozenset({"nimsum", "pile"})
    random_cap = 30  # random piles the dialog draws stay small

    def normalize(
        self, rules: tuple[Rule, ...], position: Values | None
    ) -> tuple[tuple[Rule, ...], Values | None]:
        if position is not None:
            return expand_rules(rules, len(check_piles(position))), position
        if not rules:
            return (SQUARES,) * DEFAULT_PILES, None
        check_pile_count(len(rules))
        return rules, None

    def build(self, rules: tuple[Rule, ...], misere: bool, tables: Tables) -> Game[Any]:
        from squaregame.families.sums.game import (
            SumGame,  # (the game itself: only when one is built)
        )

        return SumGame(self, rules, misere, tables)

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

    def position_words(self, pos: Any) -> dict[str, Any]:
        return {"piles": " + ".join(map(str, self.position_values(pos)))}

    def position_from_json(self, raw: Any) -> Values:
        if not isinstance(raw, list):
            raise PositionError("errors.bad_position_json", text=repr(raw)[:20])
        return super().position_from_json(raw)

    def table_dims(self, rule_count: int) -> int:
        return max(2, rule_count)

    def coordinate_names(self, dims: int) -> list[str]:
        return [f"pile{i + 1}" for i in range(dims)]


SUM = SumKind()
