"""One-pile kinds: one for every infinite rule of the rule registry (Squares, Nim, and any
rule added there later, with no code here), and Subtraction with any rule given."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import islice
from typing import TYPE_CHECKING, Any

from squaregame.core import rules as rule_registry
from squaregame.core.errors import MAX_INPUT_DIGITS, GameError, PositionError
from squaregame.core.kinds.base import MISERE, GameKind, Notation, Param, ParamType, Values
from squaregame.core.rules import Rule

if TYPE_CHECKING:
    from squaregame.core.game import Game
    from squaregame.core.tables import Tables

START = Param(
    "position",
    ParamType.NUMBERS,
    key="start",
    flag="--start",
    count=(1, 1),
    minimum=0,
    metavar="N",
    example="75",
)
ONE_RULE = Param(
    "rule", ParamType.RULES, flag="--rule", count=(1, 1), metavar="R", example="1,3,7,8"
)
# Names people type for a rule's game besides its key (the rule registry may add its own).
EXTRA_ALIASES: dict[str, tuple[str, ...]] = {"squares": ("square", "sq")}


class OnePileKind(GameKind):
    notation = Notation.NUMBER

    def build(self, rules: tuple[Rule, ...], misere: bool, tables: Tables) -> Game[Any]:
        from squaregame.core.piles.game import PileGame

        return PileGame(rules[0], misere, tables, kind=self)

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

    def move_from_text(
        self, game: Game[Any], pos: Any, text: str, *, pile: int | None = None
    ) -> int:
        t = text.strip()
        if not (t.isascii() and t.isdigit()) or len(t) > MAX_INPUT_DIGITS:
            rule: Rule = getattr(game, "rule", rule_registry.NIM)
            examples = ", ".join(map(str, islice(rule.amounts(10**6), 3)))
            raise PositionError("errors.not_an_amount", text=t[:20], examples=examples)
        to: int = game.check_move(pos, pos - int(t)).target
        return to


class RuleKind(OnePileKind):
    """One pile under one rule of the registry: Squares, Nim, …"""

    params = (START, MISERE)
    rule: Rule

    def __init__(self, rule: Rule, aliases: tuple[str, ...] = ()) -> None:
        self.rule = rule
        self.key = rule.key
        self.aliases = aliases

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

    def title_values(self, rules: Sequence[Rule]) -> dict[str, Any]:
        return {"rule": rules[0].notation}


def infinite_rules() -> list[Rule]:
    """Every rule of the rule registry that is not a finite set, in its order."""
    found: Any = getattr(rule_registry, "RULES", None)
    if found is None:
        found = [rule_registry.SQUARES, rule_registry.NIM]
    elif isinstance(found, Mapping):
        found = list(found.values())
    out: list[Rule] = []
    for r in found:
        if isinstance(r, type) and issubclass(r, Rule):
            r = r()  # a registry of rule classes
        if isinstance(r, Rule) and not r.is_finite:
            out.append(r)
    return out


def rule_kinds() -> list[RuleKind]:
    return [
        RuleKind(r, tuple(getattr(r, "aliases", ())) or EXTRA_ALIASES.get(r.key, ()))
        for r in infinite_rules()
    ]
