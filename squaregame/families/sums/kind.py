"""Sums of piles: one rule per pile — given once for all piles, or once per pile."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import MAX_PILES, PositionError, RuleError
from squaregame.core.game import Game, GameKind
from squaregame.core.params import MISERE, Param, ParamType, Values
from squaregame.core.parts import Part, has_parts, is_part, join_values, split_values
from squaregame.core.rules import SQUARES, Rule
from squaregame.core.traits import Shape, Traits
from squaregame.core.writing import Named, Spoken
from squaregame.families.sums.limits import check_pile_count

if TYPE_CHECKING:
    import random

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
    traits = Traits(Shape.NUMBERS, sum=True, parts=True)  # a part may be wythoff:3,5 …

    def traits_for(self, rules: Sequence[Any]) -> Traits:
        """A sum of piles, or (a part of another kind among them) of parts of any kinds."""
        return Traits(Shape.PARTS, sum=True, parts=True) if has_parts(rules) else self.traits

    def title_key_for(self, rules: Sequence[Any]) -> str:
        return f"{AREA}.sum.title_parts" if has_parts(rules) else self.title_key

    def normalize(
        self, rules: tuple[Rule, ...], position: Values | None
    ) -> tuple[tuple[Rule, ...], Values | None]:
        if has_parts(rules):  # one rule per part, each part's numbers in turn
            check_pile_count(len(rules))
            if position is None:
                return rules, None
            split = split_values(rules, position)
            for i, values in enumerate(split):
                for v in values:
                    if v < 0:
                        raise PositionError("sums.errors.negative_pile", pile=i + 1, value=v)
            return rules, join_values(rules, split)
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

        if has_parts(rules):
            from squaregame.families.sums.mixed import MixedSumGame  # (as SumGame, above)

            return MixedSumGame(self, rules, misere, tables)
        return SumGame(self, rules, misere, tables)

    def random_position(self, rules: tuple[Rule, ...], rng: random.Random) -> Values:
        if has_parts(rules):
            starts = [(rng.randint(1, 30),) if not is_part(r) else _small(r, rng) for r in rules]
            return join_values(rules, starts)
        return tuple(rng.randint(1, 30) for _ in rules)

    def is_terminal(self, rules: Sequence[Rule], pos: Any) -> bool:
        if has_parts(rules):
            return all(
                _part_over(r, v) for r, v in zip(rules, split_values(rules, pos), strict=True)
            )
        return all(next(iter(r.amounts(n)), None) is None for r, n in zip(rules, pos, strict=True))

    def position_words_in(self, rules: Sequence[Any], pos: Any) -> dict[str, Any]:
        """A sum of parts: each part as its kind words it (``10 + (3,5) + 7``), a part of
        several numbers that are no pair in brackets (rows: ``[2 + 4]``)."""
        if not has_parts(rules):
            return self.position_words(pos)
        from squaregame.text.games import position_text  # (words: only when asked for)

        said = []
        for r, values in zip(rules, split_values(rules, self.position_values(pos)), strict=True):
            if not is_part(r):
                said.append(str(values[0]))
                continue
            kind = r.kind
            text = position_text(kind, kind.position_from_values(values))
            said.append(f"[{text}]" if " " in text else text)
        return {"piles": " + ".join(said)}

    def rule_json(self, rule_keys: tuple[str, ...]) -> Any:
        return list(rule_keys)

    def spoken(self, pos: Any) -> Spoken:
        """``piles of 5, 3 and 1 counters`` (one pile: ``a pile of 5 counters``)."""
        piles = self.position_values(pos)
        if not any(piles):
            return Spoken(AREA, "empty")
        if len(piles) == 1:
            return Spoken(AREA, "pile", {"count": piles[0]})
        return Spoken(AREA, "piles", {"numbers": piles, "count": piles[-1]})

    def spoken_in(self, rules: Sequence[Any], pos: Any) -> Spoken:
        """A sum of parts: how many, then each part by its name and in its own kind's words
        (a pile: ``Squares, a pile of 10 counters``)."""
        if not has_parts(rules):
            return self.spoken(pos)
        parts = []
        for r, values in zip(rules, split_values(rules, self.position_values(pos)), strict=True):
            if is_part(r):
                words = r.kind.spoken_in(r.rules, r.kind.position_from_values(values))
            else:
                words = self.spoken(values)
            parts.append(Spoken(AREA, "part", {"name": Named(r), "words": words}))
        return Spoken(AREA, "parts", {"count": len(parts), "parts": parts})

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


def _small(part: Part, rng: random.Random) -> Values:
    """A small random start of a part (its kind's own, each number brought into 1..9)."""
    drawn = part.kind.random_position(part.rules, rng)
    return tuple(1 + (v - 1) % 9 if v > 0 else v for v in drawn)


def _part_over(rule: Any, values: Values) -> bool:
    """Has this part no move left (asked without tables)?"""
    if not is_part(rule):
        return next(iter(rule.amounts(values[0])), None) is None
    kind = rule.kind
    return bool(kind.is_terminal(rule.rules, kind.position_from_values(values)))


SUM = SumKind()
