"""The pile family's kinds: one for every infinite rule of the rule registry (Squares, Nim,
and any rule added there later, with no code here), and Subtraction with any rule given."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from squaregame.core import rules as rule_registry
from squaregame.core.errors import GameError, PositionError
from squaregame.core.game import Game, GameKind
from squaregame.core.params import MISERE, Param, ParamType, Values
from squaregame.core.rules import Rule
from squaregame.core.traits import ONE_NUMBER
from squaregame.core.writing import Spoken

if TYPE_CHECKING:
    from squaregame.core.tables import Tables

AREA = "pile"  # its words: assets/i18n/<lang>/pile.toml
START = Param(
    "position",
    ParamType.NUMBERS,
    key="start",
    area=AREA,
    flag="--start",
    count=(1, 1),
    minimum=0,
    metavar="N",
    example="75",
)
ONE_RULE = Param(
    "rule", ParamType.RULES, flag="--rule", count=(1, 1), metavar="R", example="1,3,7,8"
)
STEPS = frozenset({"fill", "sieve", "grundy", "mex", "digits"})
EXERCISES = frozenset({"grundy"})


class OnePileKind(GameKind):
    traits = ONE_NUMBER
    area = AREA
    lesson_steps = STEPS
    exercises = EXERCISES

    def build(self, rules: tuple[Rule, ...], misere: bool, tables: Tables) -> Game[Any]:
        from squaregame.families.pile.game import (
            PileGame,  # (the game itself: only when one is built)
        )

        return PileGame(self, rules[0], misere, tables)

    def check_position(self, position: Values | None) -> Values | None:
        if position is None:
            return None
        self.position_param.check_count(self.key, len(position))
        if position[0] < 0:
            raise PositionError("errors.negative_number", value=position[0])
        return position

    def is_terminal(self, rules: Sequence[Rule], pos: Any) -> bool:
        return next(iter(rules[0].amounts(int(pos))), None) is None  # never lists n Nim moves

    def position_values(self, pos: Any) -> Values:
        return (int(pos),)

    def position_from_values(self, values: Values) -> int:
        return values[0]

    def position_json(self, pos: Any) -> int:
        return int(pos)

    def phrase_count(self, pos: Any) -> int:
        return int(pos)  # "queda 1", "quedan 4"

    def spoken(self, pos: Any) -> Spoken:
        """``a pile of 20 counters``; 0: ``no counters left``."""
        n = int(pos)
        return Spoken(AREA, "pile", {"count": n}) if n else Spoken(AREA, "empty")


class RuleKind(OnePileKind):
    """One pile under one rule of the registry: Squares, Nim, …"""

    params = (START, MISERE)
    rule: Rule

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        self.key = rule.key
        self.aliases = rule.aliases

    def plays(self, rule: Rule) -> bool:
        return rule == self.rule

    @property
    def title_key(self) -> str:
        """The rule's own name (``rules.<key>.name``): a rule added to the registry brings
        its words there, and is a game here with no more words."""
        return f"rules.{self.key}.name"

    @property
    def stats_limit(self) -> int | None:  # type: ignore[override]
        return self.rule.stats_limit

    def table_stats(self, n: int, digest: bool = False) -> tuple[dict[str, Any], str]:
        return self.rule.table_stats(n, digest)

    def normalize(
        self, rules: tuple[Rule, ...], position: Values | None
    ) -> tuple[tuple[Rule, ...], Values | None]:
        if rules and rules != (self.rule,):
            raise GameError("errors.takes_no_option", game=self.key, option="--rule")
        return (self.rule,), self.check_position(position)


class SubtractionKind(OnePileKind):
    """One pile under the rule given: a finite set such as {1, 3, 7, 8}, or any other rule."""

    key = "subtraction"
    aliases = ("sub", "subtract")
    params = (START, ONE_RULE, MISERE)

    def normalize(
        self, rules: tuple[Rule, ...], position: Values | None
    ) -> tuple[tuple[Rule, ...], Values | None]:
        if len(rules) != 1:
            raise GameError("errors.subtraction_needs_rule", count=len(rules))
        return rules, self.check_position(position)

    def plays(self, rule: Rule) -> bool:
        return True  # any rule of the registry (a kind of its own comes first, if it has one)

    def title_values(self, rules: Sequence[Rule]) -> dict[str, Any]:
        return {"rule": rules[0].notation}


# A kind for every infinite rule of the rule registry, in its order, then Subtraction.
RULE_KINDS: tuple[RuleKind, ...] = tuple(
    RuleKind(r) for r in rule_registry.RULES if not r.is_finite
)
SUBTRACTION = SubtractionKind()
KINDS: tuple[GameKind, ...] = (*RULE_KINDS, SUBTRACTION)


def kind_for(rule: Rule) -> GameKind:
    """The kind of a game of one pile under ``rule``: its own, or Subtraction's."""
    return next((k for k in RULE_KINDS if k.rule == rule), SUBTRACTION)
